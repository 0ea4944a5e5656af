"""Esc in the battle asks before going Home, in one line naming the game and saying it is saved; n / Esc
stays, y leaves, and the game resumes from Home where it was left."""

from __future__ import annotations

from typing import Any

from tui_support import make_app, run, settle, text_of
from textual.widgets import Label

from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.battle_scenes import create_game
from mstracker.tui.screens.home import HomeScreen


def test_escape_in_the_battle_asks_with_the_games_name_and_stays_unless_told_to_leave() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "spook")
        name = battle.session.handle.name
        seen: dict[str, Any] = {"name": name}
        await pilot.press("escape")
        await settle(pilot)
        seen["asked"] = type(pilot.app.screen)
        seen["question"] = text_of(pilot.app.screen.query_one(Label))
        await pilot.press("escape")  # no: back in the battle
        await settle(pilot)
        seen["after_escape"] = type(pilot.app.screen)
        await pilot.press("escape", "n")
        await settle(pilot)
        seen["after_n"] = type(pilot.app.screen)
        await pilot.press("escape", "y")
        await settle(pilot)
        seen["after_y"] = type(pilot.app.screen)
        return seen

    seen = run(make_app(), script)
    assert seen["asked"] is ConfirmModal
    assert seen["question"] == f"Leave {seen['name']!r} for Home? It is saved as played: c on Home resumes it."
    assert seen["after_escape"] is BattleScreen and seen["after_n"] is BattleScreen
    assert seen["after_y"] is HomeScreen


def test_the_leave_question_is_shown_whole_at_80x24_and_at_120x36() -> None:
    import asyncio

    from mstracker.tui.modals.leave_battle import leave_question

    async def at(size: tuple[int, int]) -> tuple[str, list[str]]:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            battle = await create_game(pilot, "spook")
            await pilot.press("escape")
            await settle(pilot)
            label = pilot.app.screen.query_one(Label)
            box = label.parent
            assert label.region.right <= box.content_region.right  # never past the box's edge
            lines = ["".join(seg.text for seg in strip) for strip in label.render_lines(label.region.reset_offset)]
            return leave_question(battle.session.handle.name), lines

    for size in ((80, 24), (120, 36)):
        question, lines = asyncio.run(at(size))
        assert " ".join(" ".join(line.split()) for line in lines).strip() == question, (size, lines)
