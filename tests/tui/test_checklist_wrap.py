"""The checklist shows every wrapped line of its items (issue 16, play-test round 3: in cal the last
wrapped line of an item was dropped once the list scrolled). The items are wrapped at the width they are
shown at, the scrollbar's column taken off; the current step is scrolled into view whole."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tui_support import make_app, settle

from mstracker.tui.screens.battle_scenes import create_game
from mstracker.tui.widgets.checklist import Checklist


def shown(checklist: Checklist) -> str:
    """The checklist's visible lines joined into words, as a player reads them."""
    return " ".join(" ".join(checklist.render_line(y).text.split()) for y in range(checklist.size.height))


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_each_step_of_the_cal_ordnance_phase_shows_whole_when_it_is_current(size: tuple[int, int]) -> None:
    async def main() -> list[tuple[str, str, bool]]:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            screen = await create_game(pilot, "cal")
            await pilot.press("n")  # round 1: the Ordnance phase, 8 steps (cal §2 Ordnance)
            await settle(pilot)
            seen = []
            for n in range(8):
                checklist = screen.query_one(Checklist)
                step = screen.state.current_phase.steps[screen.state.step]
                seen.append((f"{n + 1}. {step.text}", shown(checklist), checklist.show_vertical_scrollbar))
                await pilot.press("n")
                await settle(pilot)
            return seen

    seen = asyncio.run(main())
    assert seen[0][0] == "1. Move torpedoes along their courses"
    assert seen[2][0] == "3. Move bombers (up to their Movement)"  # 42 columns: one line too wide once scrolled
    assert all(scrolls for _, _, scrolls in seen)
    for text, lines, _ in seen:
        assert " ".join(text.split()) in lines, (text, lines)
    assert seen[-1][1].endswith("ticks itself: recall")  # the last line of the last item, at the bottom
