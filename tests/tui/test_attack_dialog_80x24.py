"""The attack dialog at 80x24, played as typed at the table (issue 16): keys typed after ctrl+t go in
the faces box, the dialog fits the screen with its buttons in view."""

from __future__ import annotations

import asyncio
from typing import Any

from form_support import until
from textual import events
from tui_support import make_app, settle

from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_scenes import create_game, demo_of, to_attack


def type_at_once(pilot: Any, *keys: str) -> None:
    """The keys queued together, as a fast typist's reach the app (`pilot.press` waits after each)."""
    chars = {"space": " ", "enter": "\r", "tab": "\t"}
    for key in keys:
        event = events.Key(key, chars.get(key, key if len(key) == 1 else None))
        event.set_sender(pilot.app)
        pilot.app._driver.send_message(event)


def run_at(size: tuple[int, int], script: Any) -> Any:
    async def main() -> Any:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            return await script(pilot)

    return asyncio.run(main())


async def attack_dialog(pilot: Any, ruleset: str) -> AttackModal:
    await create_game(pilot, ruleset)
    await to_attack(pilot, demo_of(ruleset))
    await pilot.press("a")
    return await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, AttackModal)
                       and pilot.app.screen.focused is not None else None)


def test_keys_typed_after_ctrl_t_go_in_the_faces_box_not_the_distance() -> None:
    async def script(pilot: Any) -> tuple:
        form = await attack_dialog(pilot, "lukas")
        physical = form.physical
        await pilot.press("enter", "down", "down", "enter", "tab", "8")  # the target picked, the distance typed
        type_at_once(pilot, "ctrl+t", "1", "2", "space", "8")  # the switch and the faces right after it
        await settle(pilot)
        return physical, form.physical, form.field("distance").value, form.query_one("#faces").value, \
            type(form.focused).__name__, form.focused.id

    before, after, distance, faces, focused, fid = run_at((80, 24), script)
    assert (before, after) == (False, True)
    assert str(distance) == "8", (distance, faces, focused, fid)
    assert faces == "12 8"
    assert fid == "faces"
