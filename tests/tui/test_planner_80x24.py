"""The fire planner at 80x24 and 120x36 (issue 16, play-test round 3): ship names stay told apart in their
narrow columns (Xaylot Lance 1 and Xaylot Lance 2 were both "Xaylot Lan…"), and the key that plans the
other side's shots is named in the footer."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from builder_support import footer_keys
from form_support import open_battle
from tui_support import make_app, settle

from mstracker.dice import TypedFaces
from mstracker.game import Action
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.tui.screens.battle_scenes import open_planner
from mstracker.tui.widgets.plan_table import NARROW, PlanTable, ship_text

FLEETS = {p.stem: p for p in sample_fleets("lukas")}


def test_a_cut_ship_name_keeps_its_end_and_cuts_its_first_words_to_initials() -> None:
    assert ship_text("Xaylot Lance 1", NARROW[3]) == "X. Lance 1"
    assert ship_text("Xaylot Lance 2", NARROW[3]) == "X. Lance 2"
    assert ship_text("Kassarian Bastion", NARROW[1]) == "K. Bastion"
    assert ship_text("Rakanda Interceptor", NARROW[1]) == "R. Interce…"  # still too long: cut at the end
    assert ship_text("Raging Bull", NARROW[1]) == "Raging Bull"  # fits: as typed
    assert ship_text("Stormbreaker", 11) == "Stormbreak…"


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_targets_are_told_apart_and_the_footer_names_the_other_side_key(size: tuple[int, int]) -> None:
    async def main() -> dict[str, Any]:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            rosters = [load_roster(FLEETS["kassarian_strike_group"]), load_roster(FLEETS["rakanda_home_fleet"])]
            battle = await open_battle(pilot, "lukas", rosters)
            battle.perform_action(Action("next-step", {}), TypedFaces([]))  # set-up done: turn 1
            battle.perform_action(Action("roll-order", {}), TypedFaces([1, 6]))  # Rakanda's 6 goes first
            await settle(pilot)
            planner = await open_planner(pilot)
            table = planner.query_one(PlanTable)
            cells = {r.target_name: str(table.get_row(f"{r.ship}|{r.weapon}|{r.target}")[3]) for r in planner.rows}
            return {"keys": footer_keys(pilot), "ships": {r.ship_name for r in planner.rows}, "cells": cells}

    seen = asyncio.run(main())
    assert seen["keys"].get("Other side") == "p"  # cal: both sides fire in a round (test_cal_phase_by_player)
    assert "Rakanda Destroyer" in seen["ships"]
    cells = seen["cells"]
    if size[0] < 100:
        assert (cells["Xaylot Lance 1"], cells["Xaylot Lance 2"]) == ("X. Lance 1", "X. Lance 2")
    else:
        assert (cells["Xaylot Lance 1"], cells["Xaylot Lance 2"]) == ("Xaylot Lance 1", "Xaylot Lance 2")
    assert len(set(cells.values())) == len(cells)  # every target its own cell
