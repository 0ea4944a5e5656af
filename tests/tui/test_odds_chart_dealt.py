"""The attack dialog's damage chart shows the damage dealt, the same capped damage as its expected damage
(issue 16, play-test round 3): a shot that rolls past the armor left deals only what is left."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from form_support import open_battle, ready_form, roster, ship
from tui_support import make_app, text_of

from textual.widgets import Static

from mstracker.dice import TypedFaces
from mstracker.game import Action
from mstracker.tui.widgets.distribution_chart import DistributionChart

FLEETS = [
    roster("spook", "Blue", ship("Pike", "Frigate", ("Ion Beam",))),  # 1
    roster("spook", "Red", ship("Lance", "Lancer")),  # 2: a Lancer, 60 armor
]


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_the_ion_beam_chart_on_a_60_armor_lancer_stops_at_60(size: tuple[int, int]) -> None:
    async def main() -> tuple[str, str]:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            battle = await open_battle(pilot, "spook", FLEETS, roll_off=(6, 1))  # Blue starts (spook §3 A)
            for _ in range(3):  # the turn's upkeep steps, to the attacks
                battle.perform_action(Action("next-step", {}), TypedFaces([]))
            await pilot.pause()
            battle.open_form("fire", {"ship": "1", "weapon": "w1", "target": "2", "distance": 10})
            form = await ready_form(pilot)
            await pilot.pause()
            return text_of(form.query_one("#odds-chart", DistributionChart)), \
                text_of(form.query_one("#odds-figures", Static))

    chart, figures = asyncio.run(main())
    # Ion Beam (acc 4) at a Lancer (agility 10): a d12, 1-5 miss, 6-10 half (50), 11 full (100), 12
    # friendly fire (spook §5). Against the 60 armor left the full 100 deals 60: the chart's rows are
    # 0 (6/12), 50 (5/12) and 60 (1/12), and the expected damage (5 * 50 + 60) / 12 = 25.83 is their mean.
    rows = [(line.split()[0], re.search(r"\d+/12", line).group()) for line in chart.splitlines()]
    assert rows == [("0", "6/12"), ("50", "5/12"), ("60", "1/12")]
    assert "25.83" in figures
