"""`mstracker game plan`: the fire planner and focus fire on a spook scrimmage game (the sample fleets),
Blue to fire in turn 1: human output, --json, measured distances, and errors that name what is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction as F

import pytest

from mstracker.paths import shipped_data_dir

CliRun = Callable[..., tuple[int, str, str]]  # the `cli` fixture of tests/cli/conftest.py
SAMPLES = shipped_data_dir() / "fleets" / "spook"


@pytest.fixture
def game(cli: CliRun) -> str:
    code, out, err = cli("game", "new", "--ruleset", "spook", "--fleet", str(SAMPLES / "scrimmage-blue.toml"),
                         "--fleet", str(SAMPLES / "scrimmage-red.toml"), "--json")
    assert code == 0, err
    gid = str(json.loads(out)["id"])
    assert cli("game", "act", gid, "roll-off", "--faces", "6,1")[0] == 0  # Blue goes first
    assert cli("game", "act", gid, "advance")[0] == 0  # turn 1 begins: the upkeep runs, up to the first manual item
    return gid


def plan_json(cli: CliRun, *argv: str) -> dict:
    code, out, err = cli("game", "plan", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_plan_lists_blues_ready_weapons_with_the_odds(cli: CliRun, game: str) -> None:
    data = plan_json(cli, game, "--ship", "Blue Fang", "--target", "Red Lance")
    assert data["active"] == "Blue" and data["sort"] == "kill"
    rows = {r["weapon_name"]: r for r in data["rows"]}
    assert set(rows) == {"Gattling Mass Driver", "Turreted Railgun", "Torpedo Launcher"}
    # Torpedo Launcher (§5 D2: 35, accuracy 6) at a Frigate (agility 5, no flare launcher): no roll, 35 for sure
    torpedo = rows["Torpedo Launcher"]
    assert (torpedo["p_hit"], torpedo["expected_damage"], torpedo["p_destroy"]) == (1.0, 35.0, 0.0)
    assert torpedo["args"] == {"ship": "2", "weapon": "w3", "target": "11"} and torpedo["distance"] is None
    # Gattling (§5 E5: 30 x d6, accuracy 4 < 5): hit 1/2; expected (5/12 x 52.5 + 1/12 x 105) = 30.625
    gattling = rows["Gattling Mass Driver"]
    assert gattling["p_hit"] == 0.5 and gattling["expected_damage"] == float(F(5, 12) * F(105, 2) + F(1, 12) * 105)
    code, out, _ = cli("game", "plan", game, "--ship", "Blue Fang", "--target", "Red Lance")
    assert code == 0 and "Torpedo Launcher" in out and "100.0%" in out and "35.0" in out


def test_distances_fill_the_attack_and_refuse_what_does_not_reach(cli: CliRun, game: str) -> None:
    data = plan_json(cli, game, "--ship", "3", "--distance", "Blue Claw:Red Hammer=7", "--distance", "Red Lance=12")
    assert data["distances"] == {"pairs": [{"ship": "3", "target": "10", "distance": 7}],
                                 "targets": [{"target": "11", "distance": 12}]}
    at = {(r["weapon_name"], r["target_name"]): r for r in data["rows"]}
    cluster = at["Cluster Torpedo Launcher", "Red Hammer"]
    assert cluster["args"]["distance"] == 7 and cluster["measured"] == "pair" and cluster["refused"] is None
    heavy = at["Heavy Mass Driver", "Red Lance"]
    assert heavy["measured"] == "target" and heavy["p_hit"] is None
    assert heavy["refused"] == "out of range: Heavy Mass Driver reaches 6 units, the target is 12 away (spook §3 B2)"
    assert data["rows"][-1]["refused"]  # refused rows last


def test_focus_fire_on_one_target(cli: CliRun, game: str) -> None:
    # Red Lance, a Frigate at armor 200 without flares: Blue Fang's Turreted Railgun (100, accuracy 4 < 5: half on
    # 6-10, full on 11) and Torpedo Launcher (35, no roll) can reach 135 at most: 0% to destroy
    data = plan_json(cli, game, "--target", "Red Lance", "--with", "Blue Fang:Turreted Railgun", "--with", "Blue Fang:w3")
    focus = data["focus"]
    assert focus["p_destroy"] == 0.0
    # railgun: 50 with 5/12, 100 with 1/12 -> (250 + 100)/12 = 175/6; torpedo 35 for sure: 35 + 175/6
    assert focus["expected_damage"] == float(35 + F(175, 6))
    assert [s["weapon_name"] for s in focus["shots"]] == ["Turreted Railgun", "Torpedo Launcher"]
    code, out, _ = cli("game", "plan", game, "--target", "Red Lance", "--with", "Blue Fang:w2", "--with", "Blue Fang:w3")
    assert code == 0 and "Focus fire: Blue Fang Turreted Railgun + Blue Fang Torpedo Launcher on Red Lance: 0.0% to destroy" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("--ship", "Nobody"), "no ship 'Nobody'"),
    (("--target", "Red Lance", "--with", "Blue Fang:Ion Beam"), "Blue Fang (#2) has no item 'Ion Beam'"),
    (("--target", "Blue Claw", "--with", "Blue Fang:w3"), "Blue Claw (#3) is not an enemy of Blue Fang (#2): both are Blue's"),
    (("--target", "Blue Fang", "--with", "Red Lance:w1"), "Red Lance (#11) may not fire now: it is Blue's turn"),
    (("--target", "Red Lance", "--with", "Blue Fang:w3", "--with", "2:Torpedo Launcher"), "is listed twice"),
    (("--with", "Blue Fang:w3"), "--with names the attacks of a focus fire: give its target with --target"),
    (("--target", "Red Lance", "--with", "Blue Fang"), "--with: expected SHIP:WEAPON"),
    (("--distance", "Red Lance=far"), "--distance: expected SHIP:TARGET=N or TARGET=N"),
    (("--distance", "Blue Fang:Red Nobody=3"), "no ship 'Red Nobody'"),
])
def test_errors_name_what_is_wrong(cli: CliRun, game: str, argv: tuple[str, ...], message: str) -> None:
    code, out, err = cli("game", "plan", game, *argv)
    assert code == 2 and message in err and err.count("\n") == 1, (out, err)


def test_a_weapon_that_fired_is_not_ready(cli: CliRun, game: str) -> None:
    assert cli("game", "act", game, "fire", "Blue Fang", "w3", "Red Lance", "6")[0] == 0  # no roll: 35 damage
    code, _, err = cli("game", "plan", game, "--target", "Red Lance", "--with", "Blue Fang:w3")
    assert code == 2 and "Torpedo Launcher (w3) of Blue Fang (#2) is not ready: spent" in err
    lance = [r for r in plan_json(cli, game, "--target", "Red Lance")["rows"] if r["weapon_name"] == "Torpedo Launcher"]
    assert [r["ship_name"] for r in lance] == []  # Blue Fang's fired; no other Blue ship carries one
    code, out, _ = cli("game", "plan", game, "--ship", "Red Lance")
    assert code == 0 and "Red Lance (#11) may not fire now: it is Blue's turn" in out
