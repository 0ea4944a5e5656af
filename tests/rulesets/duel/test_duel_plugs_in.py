"""A fifth ruleset, registered from the tests only, played through the command line and the screens
with no line of mstracker/tui or mstracker/cli written for it (issue 9: one package, one data file)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from duel_ruleset import HERE

from mstracker.cli import main

FLEETS = HERE / "fleets"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_registry_lists_it_after_the_installed_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    from mstracker.rules.registry import ruleset_ids

    assert ruleset_ids()[-1] == "duel"
    code, out, _ = cli(capsys, "rules", "list", "--json")
    assert code == 0 and {"id": "duel", "title": "Duel (a test ruleset)", "version": "1", "dice": ["d6"],
                          "distance_unit": "inch"} in json.loads(out)


def test_fleet_check_and_odds_come_from_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "fleet", "check", str(FLEETS / "red.toml"), "--json")
    assert code == 0
    report = json.loads(out)
    assert (report["legal"], report["cost"], report["cap"]) == (True, 50, 60)  # Brick 20 + Cannon 10 + Laser 5 = 35; Cutter 10 + Laser 5 = 15
    # one d6: 1-2 miss, 3-5 Cannon 20, 6 double = 40; armor 20 falls on a 3 or more
    code, out, _ = cli(capsys, "odds", "duel", "--weapon", "Cannon", "--armor", "20", "--json")
    odds = json.loads(out)
    assert code == 0 and odds["p_hit"] == pytest.approx(4 / 6) and odds["p_destroy"] == pytest.approx(4 / 6)
    assert odds["damage"] == {"0": pytest.approx(2 / 6), "20": pytest.approx(3 / 6), "40": pytest.approx(1 / 6)}
    code, _, err = cli(capsys, "odds", "duel", "--weapon", "Cannon", "--distance", "3")
    assert code == 2 and "odds duel: unrecognized arguments: --distance 3; duel takes --weapon --armor" in err


def test_a_game_through_the_command_line_with_its_obligation(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    code, out, err = cli(capsys, "game", "new", "--ruleset", "duel", "--fleet", str(FLEETS / "red.toml"),
                         "--fleet", str(FLEETS / "blue.toml"), "--db", db, "--json")
    assert code == 0, err
    gid = str(json.loads(out)["id"])
    for _ in range(3):  # turn 1, the players' plan item, on into Battle
        assert cli(capsys, "game", "act", gid, "next-step", "--db", db)[0] == 0
    code, out, err = cli(capsys, "game", "act", gid, "fire", "1", "w1", "3", "--faces", "6", "--db", db, "--json")
    assert code == 0, err
    texts = [e["text"] for e in json.loads(out)["events"]]
    assert "Red Brick (#1) fires Cannon at Blue Brick (#3): d6 shows 6: Critical: double damage" in texts
    assert "Blue Brick (#3) Armor: 40 → 0 (-40), Cannon of Red Brick (#1)" in texts
    code, _, err = cli(capsys, "game", "act", gid, "next-step", "--db", db)
    assert code == 2 and "Blue Brick (#3) is a wreck: strike it off the table (duel §3)" in err
    code, out, _ = cli(capsys, "game", "show", gid, "--db", db, "--json")
    shown = json.loads(out)
    assert shown["readiness"]["1"][0] == {"item": "w1", "name": "Cannon", "kind": "weapon", "status": "spent",
                                          "detail": "fired this turn", "turns_left": None, "uses_left": None}
    assert [o["id"] for o in shown["obligations"]] == ["wreck:3"]
    assert cli(capsys, "game", "act", gid, "strike", "3", "--db", db)[0] == 0
    assert cli(capsys, "game", "act", gid, "next-step", "--db", db)[0] == 0


def test_its_fire_odds_are_exact() -> None:
    from mstracker.store.catalog import book_ruleset
    from duel_ruleset.plugin import fire_odds

    odds = fire_odds(book_ruleset("duel"), "Laser", 15)
    assert odds.damage == {0: Fraction(1, 3), 10: Fraction(1, 2), 20: Fraction(1, 6)}
    # expected damage dealt at 15 armor: 10 (1/2) and the doubled 20 finds only 15 (1/6): 5 + 5/2 = 15/2
    assert odds.p_destroy == Fraction(1, 6) and odds.expected_damage == Fraction(15, 2)
    assert fire_odds(book_ruleset("duel"), "Laser", None).expected_damage == Fraction(25, 3)  # nothing to cap at
