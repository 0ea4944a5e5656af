"""After a resize the battle's log and footer follow the new size (issue 16, play-test round 3: log lines
written at 80 columns stayed wrapped at 26 columns at 120, and the footer kept the keys it had at 80)."""

from __future__ import annotations

import asyncio
from typing import Any

from builder_support import footer_keys
from tui_support import make_app, settle

from mstracker.tui.screens.battle_scenes import create_game
from mstracker.tui.widgets.event_log import EventLog


async def battle_at(pilot: Any) -> tuple[list[str], dict[str, str]]:
    log = pilot.app.screen.query_one(EventLog)
    return [line.text.rstrip() for line in log.lines], footer_keys(pilot)


def play(size: tuple[int, int], *sizes: tuple[int, int]) -> list[tuple[list[str], dict[str, str]]]:
    """The spook sample battle started at `size`, its first step taken, then resized to each of `sizes`:
    the log's lines and the footer's keys at each."""
    async def main() -> list[tuple[list[str], dict[str, str]]]:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            await create_game(pilot, "spook")
            await pilot.press("n")
            await settle(pilot)
            seen = [await battle_at(pilot)]
            for width, height in sizes:
                await pilot.resize_terminal(width, height)
                await settle(pilot)
                await pilot.pause()
                seen.append(await battle_at(pilot))
            return seen

    return asyncio.run(main())


def test_the_log_and_the_footer_follow_a_resize_from_80_to_120_columns_and_back() -> None:
    (narrow, wide, back) = play((80, 24), (120, 36), (80, 24))
    (fresh_wide,) = play((120, 36))
    assert narrow[0][0] == "  Game 'Azure Vanguard vs"  # 26 columns at 80x24
    assert wide[0][0] == "  Game 'Azure Vanguard vs Crimson"  # 40 columns at 120x36, as if written there
    assert wide[0][:3] == ["  Game 'Azure Vanguard vs Crimson", "Picket' set up for spook: Blue (Azure",
                           "Vanguard) vs Red (Crimson Picket); 18"]
    assert max(map(len, wide[0])) <= 40
    assert len(wide[0]) < len(narrow[0])
    assert back[0] == narrow[0]
    assert set(narrow[1]) == {"Attack", "Actions", "Tick", "Next step", "Undo", "Fire plan"}
    assert {"Adjust", "Redo", "Target", "Report"} <= set(wide[1])  # the keys that made way at 80 are back
    assert wide[1] == fresh_wide[1]
    assert back[1] == narrow[1]
