"""cal attack odds against hand calculations (each stated beside its test)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from mstracker.rulesets.cal.model import Ruleset
from mstracker.rulesets.cal.odds import attack_odds
from mstracker.rules.names import UnknownName


# Only a Reactor Breach destroys (cal §Damage). Major Damage Table: 2 or 12 on 2d6 = 2/36 = 1/18.
# Minor Damage Table: 2 or 12 (Chain Reaction, 2/36) then the Major roll's 2/36: 1/324.
BREACH_MAJOR = F(2, 36)
BREACH_MINOR = F(2, 36) * F(2, 36)


def test_g1_cruiser_beams_at_corvette_7_hexes(cal: Ruleset) -> None:
    # Long range (7 > 8/2): escort target 4 -> faces 4, 5, 6 hit: p = 1/2. Damage 8 halved = 4 a hit.
    # Two shots: 0 (1/4), 4 (2 * 1/4 = 1/2), 8 (1/4); mean 4. SS 20: minor from 5, major from 10:
    # only 8 reaches the minor table (1/4), nothing reaches major or 20. Destroyed: 1/4 * 1/324 = 1/1296.
    odds = attack_odds(cal, {"attacker": "Heavy Cruiser", "weapon": "beam", "target": "Corvette", "distance": 7})
    assert odds.p_hit == F(1, 2)
    assert odds.damage == {0: F(1, 4), 4: F(1, 2), 8: F(1, 4)}
    assert odds.expected_damage == 4
    assert (odds.extra["p_major"], odds.extra["p_minor"], odds.extra["p_SS_reaches_0"]) == (0, F(1, 4), 0)
    assert odds.p_destroy == F(1, 4) * BREACH_MINOR == F(1, 1296)


def test_damaged_corvette_at_ss_8(cal: Ruleset) -> None:
    # Same attack against SS 8: minor from 2, major from 4. Major = any hit = 1 - 1/4 = 3/4;
    # no total lands in [2, 4), so minor 0; SS reaches 0 only with both hits: 1/4, which is no destruction:
    # destroyed = 3/4 * 2/36 = 1/24.
    odds = attack_odds(cal, {"attacker": "CA", "weapon": "Beam", "target": "K", "distance": 7, "ss": 8})
    assert (odds.extra["p_major"], odds.extra["p_minor"], odds.extra["p_SS_reaches_0"]) == (F(3, 4), 0, F(1, 4))
    assert odds.p_destroy == F(3, 4) * BREACH_MAJOR == F(1, 24)


def test_issue_example_destruction_is_a_reactor_breach_not_ss_zero(cal: Ruleset) -> None:
    # odds cal --attacker "Heavy Cruiser" --weapon beam --target Corvette --distance 4 --ss 8: short range (4 <= 8/2),
    # 8 a hit, hits on 4+ (1/2) twice. Any hit (3/4) deals 8 >= ceil(8/2) = 4: the Major table; a Reactor Breach
    # (2 or 12) is 2/36: 3/4 * 2/36 = 1/24 (the book), not the 75% of "SS reaches 0".
    opts = {"attacker": "Heavy Cruiser", "weapon": "beam", "target": "Corvette", "distance": 4}
    at_8 = attack_odds(cal, {**opts, "ss": 8})
    assert at_8.p_destroy == F(1, 24) and at_8.extra["p_SS_reaches_0"] == F(3, 4)
    # --ss 0: SS cannot go lower; any damage calls for the Major table; a miss (1/4) leaves the ship as it is.
    at_0 = attack_odds(cal, {**opts, "ss": 0})
    assert at_0.p_destroy == F(1, 24) and at_0.extra["p_major"] == F(3, 4) and at_0.extra["p_SS_reaches_0"] == 1
    # The house rule "SS 0 destroys" (ss_zero_destroys = true): a hit that takes SS to 0 destroys: 3/4, never 100%.
    settings = dict(cal.settings)
    settings["ss_zero_destroys"] = settings["ss_zero_destroys"].model_copy(update={"value": True})
    house = cal.model_copy(update={"settings": settings})
    assert attack_odds(house, {**opts, "ss": 8}).p_destroy == F(3, 4)
    assert attack_odds(house, {**opts, "ss": 0}).p_destroy == F(3, 4)
    assert any("House rule: SS 0 destroys" in n for n in attack_odds(house, {**opts, "ss": 0}).notes)


def test_g5_corvette_projectile_short_with_crew_minus_1(cal: Ruleset) -> None:
    # 4 hexes <= 8/2: short, capital target 3; Crew -1 -> faces 4+ hit: 1/2. One shot (escort), 2 damage.
    odds = attack_odds(cal, {"attacker": "K", "weapon": "projectile", "target": "CA", "distance": 4, "crew": -1})
    assert odds.p_hit == F(1, 2) and odds.damage == {0: F(1, 2), 2: F(1, 2)}
    assert odds.expected_damage == 1 and odds.p_destroy == 0
    assert odds.extra == {"p_major": 0, "p_minor": 0, "p_SS_reaches_0": 0}  # 2 < minor 15 of SS 60


def test_battleship_at_long_range_against_an_escort(cal: Ruleset) -> None:
    # 12 hexes > 12/2: long; escort projectile long target 5 (INFERRED); Crew +1 -> faces 4+: 1/2.
    # Two shots of 10 vs SS 20: SS 0 needs both (1/4); major (>= 10) needs one (3/4): destroyed 3/4 * 2/36 = 1/24.
    odds = attack_odds(cal, {"attacker": "Battleship", "weapon": "projectile", "target": "Destroyer",
                             "distance": 12, "crew": 1, "ss": 20})
    assert odds.p_hit == F(1, 2)
    assert (odds.extra["p_SS_reaches_0"], odds.extra["p_major"], odds.extra["p_minor"]) == (F(1, 4), F(3, 4), 0)
    assert odds.p_destroy == F(1, 24)


def test_one_shot_and_certain_or_impossible_hits(cal: Ruleset) -> None:
    # shots 1: capital beam short target 3; Crew +2 -> every face hits. Crew -3 at target 4: no face hits.
    sure = attack_odds(cal, {"attacker": "BBD", "weapon": "beam", "target": "CV", "distance": 4, "crew": 2, "shots": 1})
    assert sure.p_hit == 1 and sure.damage == {6: 1}
    never = attack_odds(cal, {"attacker": "CA", "weapon": "beam", "target": "K", "distance": 2, "crew": -3})
    assert never.p_hit == 0 and never.damage == {0: 1} and never.expected_damage == 0


def test_ss_zero_target_any_damage_is_major(cal: Ruleset) -> None:
    # SS 0: any damage calls for the Major table: P(at least one hit of two at 1/2) = 3/4; destroyed 3/4 * 2/36.
    odds = attack_odds(cal, {"attacker": "CA", "weapon": "beam", "target": "K", "distance": 7, "ss": 0})
    assert odds.extra["p_major"] == F(3, 4) and odds.p_destroy == F(1, 24)
    assert any("Reactor Breach" in n for n in odds.notes)


def test_strict_threshold_changes_the_odds(cal: Ruleset) -> None:
    # D7.1 turn 2: 8 damage vs SS 16 is major under ceil (8), minor under strict (major 9).
    settings = dict(cal.settings)
    settings["threshold"] = settings["threshold"].model_copy(update={"value": "strict"})
    strict = cal.model_copy(update={"settings": settings})
    opts = {"attacker": "CA", "weapon": "beam", "target": "K", "distance": 4, "ss": 16, "shots": 1}
    assert attack_odds(cal, opts).extra["p_major"] == F(1, 2)
    assert attack_odds(strict, opts).extra == {"p_major": 0, "p_minor": F(1, 2), "p_SS_reaches_0": 0}


@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"attacker": "Cruiser", "weapon": "beam", "target": "K", "distance": 3}, UnknownName, "Heavy Cruiser"),
        ({"attacker": "CA", "weapon": "beam", "target": "Frigate", "distance": 3}, UnknownName, "Corvette"),
        ({"attacker": "CA", "weapon": "laser", "target": "K", "distance": 3}, UnknownName, "beam, projectile"),
        ({"attacker": "CV", "weapon": "beam", "target": "K", "distance": 3}, ValueError, "has no beam weapon"),
        ({"attacker": "CA", "weapon": "beam", "target": "K", "distance": 9}, ValueError, "maximum range is 8"),
        ({"attacker": "CA", "weapon": "beam", "target": "K", "distance": -1}, ValueError, "at least 0"),
        ({"attacker": "CA", "weapon": "beam", "target": "K", "distance": 3, "shots": 3}, ValueError, "at most 2"),
        ({"attacker": "CA", "weapon": "beam", "target": "K", "distance": 3, "shots": 0}, ValueError, "at least 1"),
        ({"attacker": "CA", "weapon": "beam", "target": "K", "distance": 3, "ss": -2}, ValueError, "at least 0"),
        ({"attacker": "CA", "weapon": "beam", "target": "K", "distance": "far"}, ValueError, "whole number"),
        ({"attacker": "CA", "weapon": "beam", "target": "K"}, ValueError, "need distance"),
        ({"attacker": "CA", "weapon": "beam", "target": "K", "distance": 3, "range": 2}, ValueError, "unknown option"),
    ],
)
def test_bad_input_is_one_clear_error(cal: Ruleset, options: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        attack_odds(cal, options)


def test_none_options_mean_defaults(cal: Ruleset) -> None:
    odds = attack_odds(cal, {"attacker": "CA", "weapon": "beam", "target": "K", "distance": 7,
                             "crew": None, "shots": None, "ss": None})
    assert odds.expected_damage == 4 and odds.to_json()["p_minor"] == 0.25


def test_dreadnought_projectile_at_long_range_against_an_escort_by_hand(cal: Ruleset) -> None:
    # (Was a wall-clock threshold on this case; timing lives in bench/odds_bench.py.)
    # D4.1: BBD projectile 8/12 at 9 hexes > 12/2 -> long range, full strength 8; escort target 5 -> p_hit 2/6.
    # Capital: two shots: 0 / 8 / 16 with (2/3)^2 = 4/9, 2 * 1/3 * 2/3 = 4/9, (1/3)^2 = 1/9; E = 48/9 = 16/3.
    # D4.4 vs K SS 20: Minor from ceil(20/4) = 5 (the 8), Major from ceil(20/2) = 10 (the 16).
    # Destroyed: 4/9 * 1/324 + 1/9 * 1/18 = 4/2916 + 18/2916 = 22/2916 = 11/1458.
    odds = attack_odds(cal, {"attacker": "BBD", "weapon": "projectile", "target": "K", "distance": 9})
    assert odds.p_hit == F(1, 3)
    assert odds.damage == {0: F(4, 9), 8: F(4, 9), 16: F(1, 9)}
    assert odds.expected_damage == F(16, 3)
    assert (odds.extra["p_minor"], odds.extra["p_major"]) == (F(4, 9), F(1, 9))
    assert odds.p_destroy == F(4, 9) * BREACH_MINOR + F(1, 9) * BREACH_MAJOR == F(11, 1458)
