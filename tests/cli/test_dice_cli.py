"""`mstracker roll` and `mstracker odds`: JSON shapes, exact values, bad input."""

from __future__ import annotations

from collections.abc import Callable
import json
import random

import pytest

CliRun = Callable[..., tuple[int, str, str]]


def test_roll_with_seed_matches_the_rng(cli: CliRun) -> None:
    code, out, _ = cli("roll", "2d6+1", "--seed", "7", "--json")
    data = json.loads(out)
    rng = random.Random(7)
    faces = [rng.randint(1, 6), rng.randint(1, 6)]
    assert code == 0
    assert data["expression"] == "2d6+1"
    assert [d["face"] for d in data["dice"]] == faces
    assert data["total"] == sum(faces) + 1


def test_roll_with_typed_faces_applies_the_book_minimum(cli: CliRun) -> None:
    code, out, _ = cli("roll", "1d12 -1 (minimum 1)", "--faces", "1", "--json")
    assert code == 0 and json.loads(out)["total"] == 1


def test_roll_times_d6(cli: CliRun) -> None:
    code, out, _ = cli("roll", "25 x [roll of d6]", "--faces", "4", "--json")
    assert json.loads(out)["total"] == 100


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (("roll", "2d6 ++"), 'unexpected "+"'),
        (("roll", "1000d1000"), "dice"),
        (("roll", "d6", "--faces", "9"), "face 9 is not possible on a d6"),
        (("roll", "2d6", "--faces", "3"), "needed"),
        (("roll", "d6", "--faces", "3,4"), "not needed"),
        (("roll", "d6", "--faces", "x"), "whole numbers"),
        (("odds", "d0"), "d0"),
    ],
)
def test_bad_dice_input_is_one_line_exit_2(cli: CliRun, argv: tuple[str, ...], fragment: str) -> None:
    code, out, err = cli(*argv)
    assert code == 2 and out == ""
    assert err.startswith("mstracker: ") and err.count("\n") == 1 and fragment in err


def test_odds_of_an_expression(cli: CliRun) -> None:
    code, out, _ = cli("odds", "2d6", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["distribution"]["7"] == pytest.approx(6 / 36)
    assert data["distribution"]["2"] == pytest.approx(1 / 36)
    assert sum(data["distribution"].values()) == pytest.approx(1)
    assert (data["mean"], data["min"], data["max"]) == (7, 2, 12)


def test_spook_odds_ion_beam_against_a_frigate(cli: CliRun) -> None:
    # Acc 4 < Ag 5: d12 table. 1-5 miss, 6-10 half (50), 11 full (100), 12 friendly fire.
    code, out, _ = cli("odds", "spook", "--weapon", "Ion Beam", "--target", "D1", "--armor", "60", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["p_hit"] == pytest.approx(6 / 12)
    # damage dealt, as the expected damage counts it: the full 100 finds only the 60 armor left
    assert data["damage"] == {"0": pytest.approx(6 / 12), "50": pytest.approx(5 / 12), "60": pytest.approx(1 / 12)}
    assert data["expected_damage"] == pytest.approx((5 * 50 + 60) / 12)
    assert data["p_destroy"] == pytest.approx(1 / 12)
    assert data["p_friendly_fire"] == pytest.approx(1 / 12)


def test_spook_odds_no_roll_when_accuracy_beats_agility(cli: CliRun) -> None:
    code, out, _ = cli("odds", "spook", "--weapon", "mass driver", "--target", "fighter", "--json")
    data = json.loads(out)
    assert data["p_hit"] == 1 and data["damage"] == {"10": 1.0}


def test_lukas_odds_heavy_turret_against_a_frigate(cli: CliRun) -> None:
    # hit on d12 >= 3 (10/12); damage 1d12-1 min 1: 1 on faces 1-2, else face-1.
    code, out, _ = cli("odds", "lukas", "--weapon", "Heavy Turret", "--target", "frigate", "--json")
    data = json.loads(out)
    assert data["p_hit"] == pytest.approx(10 / 12)
    assert data["damage"]["1"] == pytest.approx(10 / 12 * 2 / 12)
    assert data["damage"]["11"] == pytest.approx(10 / 12 * 1 / 12)
    assert data["damage"]["0"] == pytest.approx(2 / 12)


def test_pz8_odds_outcomes(cli: CliRun) -> None:
    # distance 8: hit on a 6 only. Undamaged vs undamaged 2D6 opposed.
    code, out, _ = cli("odds", "pz8", "--distance", "8", "--json")
    data = json.loads(out)
    assert data["p_hit"] == pytest.approx(1 / 6)
    assert set(data["outcomes"]) == {"none", "damaged", "destroyed"}
    assert sum(data["outcomes"].values()) == pytest.approx(1)
    diffs = [a1 + a2 - t1 - t2 for a1 in range(1, 7) for a2 in range(1, 7) for t1 in range(1, 7) for t2 in range(1, 7)]
    destroyed = sum(d >= 3 for d in diffs) / len(diffs)
    assert data["outcomes"]["destroyed"] == pytest.approx(destroyed / 6)
    assert data["p_destroy"] == pytest.approx(destroyed / 6)


def test_pz8_damaged_firer_cannot_hit_at_long_range(cli: CliRun) -> None:
    code, out, _ = cli("odds", "pz8", "--distance", "8", "--damaged", "--json")
    assert json.loads(out)["p_hit"] == 0


def test_cal_odds_match_the_gunnery_example(cli: CliRun) -> None:
    # Heavy Cruiser beam 8/8 at 7 hexes vs Corvette: long range, target 4, 4 damage per hit, two shots.
    code, out, _ = cli(
        "odds", "cal", "--attacker", "CA", "--weapon", "beam", "--target", "Corvette",
        "--distance", "7", "--ss", "8", "--json",
    )
    data = json.loads(out)
    assert code == 0
    assert data["p_hit"] == pytest.approx(1 / 2)
    assert data["damage"] == {"0": pytest.approx(1 / 4), "4": pytest.approx(1 / 2), "8": pytest.approx(1 / 4)}
    assert data["expected_damage"] == pytest.approx(4)
    # SS 8: major from 4, so any hit (3/4) calls for the Major table; only its Reactor Breach (2/36) destroys.
    assert data["p_destroy"] == pytest.approx(3 / 4 * 2 / 36)
    assert data["p_SS_reaches_0"] == pytest.approx(1 / 4)  # both hits: SS 8 -> 0, which is no destruction


def test_cal_out_of_range_is_refused(cli: CliRun) -> None:
    code, _, err = cli(
        "odds", "cal", "--attacker", "Corvette", "--weapon", "beam", "--target", "CA", "--distance", "7"
    )
    assert code == 2 and "beam (4/6) cannot fire at 7 hexes: its maximum range is 6" in err  # D7.1 G3


def test_unknown_weapon_lists_the_choices(cli: CliRun) -> None:
    code, _, err = cli("odds", "spook", "--weapon", "Death Ray", "--target", "Carrier")
    assert code == 2 and "Death Ray" in err and "Ion Beam" in err


def test_lukas_bombs_aimed_at_the_engines(cli: CliRun) -> None:
    # hit on d12 >= 4 vs Large (9/12), then d8 6-8 destroys the subsystem (3/8): 27/96
    code, out, _ = cli("odds", "lukas", "--weapon", "Bombs", "--target", "capital", "--subsystem", "engines", "--json")
    data = json.loads(out)
    assert code == 0 and data["p_hit"] == pytest.approx(9 / 12)
    assert data["p_subsystem_destroyed"] == pytest.approx(27 / 96)


def test_cal_sensors_offline_cuts_range_to_one(cli: CliRun) -> None:
    args = ("odds", "cal", "--attacker", "CA", "--weapon", "beam", "--target", "K")
    code, _, err = cli(*args, "--distance", "3", "--sensors-offline")
    assert code == 2 and "maximum range is 1" in err
    code, out, _ = cli(*args, "--distance", "1", "--sensors-offline", "--json")
    # D4.1: range 1 of max 1 is > 1/2 -> long: beam ceil(8/2) = 4 a hit; escort target 4 -> p_hit 3/6.
    # Capital fires twice: 0 / 4 / 8 damage with 1/4, 1/2, 1/4. K SS 20: Minor from ceil(20/4) = 5, so only 8;
    # destroyed only by Chain Reaction into a Reactor Breach: 1/4 * 2/36 * 2/36.
    data = json.loads(out)
    assert code == 0 and data["p_hit"] == pytest.approx(1 / 2)
    assert data["damage"] == {"0": pytest.approx(1 / 4), "4": pytest.approx(1 / 2), "8": pytest.approx(1 / 4)}
    assert (data["p_minor"], data["p_major"]) == (pytest.approx(1 / 4), 0)
    assert data["p_destroy"] == pytest.approx(1 / 4 * (2 / 36) ** 2)
