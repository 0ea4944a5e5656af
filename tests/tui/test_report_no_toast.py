"""At 80x24 the "Game over · Press R for the battle report" toast said its part once R is pressed: the
report opens without it on top of its charts and tables."""

from __future__ import annotations

import asyncio
from typing import Any

from test_report_screen import demo_with_an_attack
from tui_support import end_the_game, make_app, settle

from mstracker.tui.screens.report import ReportScreen


def test_the_report_opens_at_80x24_without_the_game_over_toast_on_top() -> None:
    async def script(pilot: Any) -> tuple:
        await demo_with_an_attack(pilot)
        await end_the_game(pilot)  # back on the battle screen: the toast says R shows the report
        before = [n.title for n in pilot.app._notifications]
        await pilot.press("R")
        await settle(pilot)
        return before, type(pilot.app.screen), [n.title for n in pilot.app._notifications]

    async def main() -> tuple:
        async with make_app().run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            return await script(pilot)

    before, screen, after = asyncio.run(main())
    assert "Game over" in before
    assert screen is ReportScreen and after == []
