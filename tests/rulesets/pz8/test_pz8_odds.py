"""pz8 odds: exact, summing to 1, equal to hand calculations and to an independent icepool model."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from mstracker.rules.names import UnknownName
from mstracker.rulesets.pz8 import procedures as P
from mstracker.rulesets.pz8.model import Ruleset
from mstracker.rulesets.pz8.odds import attack_odds

F = Fraction


# -- an independent model of the book, written with icepool and the book's numbers ------------------


def icepool_attack(distance: int, damaged: bool, target_damaged: bool, fire_back: bool,
                   at_torpedo: bool) -> dict[str, Fraction]:
    need = 4 if distance <= 3 else 5 if distance <= 6 else 6
    mod = -damaged - fire_back - at_torpedo
    hit = icepool.d6.map(lambda f: f + mod >= need)
    if at_torpedo:
        result = hit.map(lambda h: "exploded" if h else "none")
    else:
        att = (1 if damaged else 2) @ icepool.d6
        tgt = (1 if target_damaged else 2) @ icepool.d6

        def effect(diff: int) -> str:
            if diff >= 3:
                return "destroyed"
            if diff >= 1:
                return "destroyed" if target_damaged else "damaged"
            return "none"

        damage = (att - tgt).map(effect)
        result = hit.map(lambda h: damage if h else "none")
    return {o: result.probability(o) for o in result.outcomes()}


@pytest.mark.parametrize(
    "case",
    [
        (2, False, False, False, False),
        (5, False, True, False, False),
        (8, False, False, False, False),
        (3, True, False, False, False),
        (1, True, True, True, False),
        (6, False, False, True, False),
        (4, False, False, False, True),
        (2, True, False, False, True),
    ],
)
def test_gun_attack_matches_icepool(pz8: Ruleset, case: tuple) -> None:
    distance, damaged, target_damaged, fire_back, at_torpedo = case
    dist = P.gun_attack_distribution(pz8, distance=distance, damaged=damaged, target_damaged=target_damaged,
                                     fire_back=fire_back, at_torpedo=at_torpedo)
    assert sum(p for _, p in dist.items()) == 1
    expected = {k: v for k, v in icepool_attack(*case).items() if v}
    assert dict(dist.items()) == expected


@pytest.mark.parametrize("target_damaged", [False, True])
def test_torpedo_attack_matches_icepool(pz8: Ruleset, target_damaged: bool) -> None:
    tgt = (1 if target_damaged else 2) @ icepool.d6
    diff = 2 @ icepool.d6 - tgt
    win = diff.map(lambda d: "destroyed" if d >= 3 or (d >= 1 and target_damaged) else "damaged" if d >= 1 else "none")
    expected = {o: win.probability(o) for o in win.outcomes()}
    dist = P.torpedo_attack_distribution(pz8, target_damaged=target_damaged)
    assert dict(dist.items()) == {k: v for k, v in expected.items() if v}


# -- hand calculations ---------------------------------------------------------------------------


def test_opposed_2d6_against_2d6_by_hand(pz8: Ruleset) -> None:
    # Ways to roll 2..12 on 2D6: 1 2 3 4 5 6 5 4 3 2 1 (of 36).
    # Equal totals: 1+4+9+16+25+36+25+16+9+4+1 = 146 of 1296; by symmetry the attacker is higher
    # in (1296-146)/2 = 575. A difference of +1: 1*2+2*3+3*4+4*5+5*6+6*5+5*4+4*3+3*2+2*1 = 140;
    # of +2: 1*3+2*4+3*5+4*6+5*5+6*4+5*3+4*2+3*1 = 125. So Damaged 265, Destroyed 575-265 = 310,
    # no damage 146 + 575 = 721 (of 1296).
    dist = P.damage_distribution(pz8)
    assert dict(dist.items()) == {"none": F(721, 1296), "damaged": F(265, 1296), "destroyed": F(310, 1296)}


def test_close_shot_by_hand(pz8: Ruleset) -> None:
    # Distance 2: 4+ on 1D6 hits, 1/2. Then the opposed roll above:
    # damaged 1/2 * 265/1296 = 265/2592, destroyed 1/2 * 310/1296 = 155/1296,
    # none 1/2 + 1/2 * 721/1296 = 2017/2592.
    odds = attack_odds(pz8, {"distance": 2})
    assert odds.p_hit == F(1, 2)
    assert odds.outcomes == {"none": F(2017, 2592), "damaged": F(265, 2592), "destroyed": F(155, 1296)}
    assert odds.p_destroy == F(155, 1296)
    # The target may fire back unless Destroyed (after a miss too, by the house default): 1 - 155/1296.
    assert odds.extra == {"p_target_may_fire_back": 1 - F(155, 1296)}
    # A fire-back is not answered (house default fireback_chain off): no such line, rather than "0%".
    assert attack_odds(pz8, {"distance": 2, "fire_back": True}).extra == {}


def test_damaged_firer_at_long_range_cannot_hit(pz8: Ruleset) -> None:
    # 7-9 hexes needs 6; a Damaged firer's best is 6 - 1 = 5.
    odds = attack_odds(pz8, {"distance": 8, "damaged": True})
    assert odds.p_hit == 0 and odds.p_destroy == 0
    assert odds.outcomes == {"none": 1, "damaged": 0, "destroyed": 0}
    assert any("no face can hit" in n for n in odds.notes)


def test_two_penalties_at_medium_range_cannot_hit(pz8: Ruleset) -> None:
    # 4-6 hexes needs 5; Damaged and firing back: 6 - 2 = 4.
    assert attack_odds(pz8, {"distance": 5, "damaged": True, "fire_back": True}).p_hit == 0
    # At 1-3 hexes it still hits on a 6: 6 - 2 = 4.
    assert attack_odds(pz8, {"distance": 2, "damaged": True, "fire_back": True}).p_hit == F(1, 6)


def test_shooting_torpedoes_by_hand(pz8: Ruleset) -> None:
    # Distance 4: needs 5, -1 at torpedoes: only a 6 hits, 1/6; a hit makes them explode.
    odds = attack_odds(pz8, {"distance": 4, "at_torpedo": True})
    assert odds.p_hit == F(1, 6)
    assert odds.outcomes == {"none": F(5, 6), "exploded": F(1, 6)}
    assert odds.p_destroy == F(1, 6)
    assert odds.extra == {}  # Torpedo salvos never fire back


def test_torpedo_against_damaged_target_by_hand(pz8: Ruleset) -> None:
    # 2D6 beats 1D6 (any +1 destroys a Damaged ship): P(2D6 > t) for t = 1..6 is
    # 36, 35, 33, 30, 26, 21 of 36; the sum 181 over 36*6 = 181/216.
    odds = attack_odds(pz8, {"torpedo": True, "target_damaged": True})
    assert odds.p_hit == 1
    assert odds.outcomes == {"none": F(35, 216), "damaged": 0, "destroyed": F(181, 216)}
    assert odds.p_destroy == F(181, 216)


def test_natural_six_house_rule_changes_the_odds() -> None:
    import tomllib

    from mstracker.paths import shipped_data_dir
    from mstracker.rules import apply_house_rules

    data = tomllib.loads((shipped_data_dir() / "rulesets" / "pz8.toml").read_text(encoding="utf-8"))
    ruleset = apply_house_rules("pz8", data, "pz8.toml", {"settings": {"natural6_hits": True}}, "h.toml").ruleset
    odds = attack_odds(ruleset, {"distance": 8, "damaged": True})  # type: ignore[arg-type]
    assert odds.p_hit == F(1, 6)
    assert any("natural 6" in n for n in odds.notes)


def test_every_option_combination_sums_to_one(pz8: Ruleset) -> None:
    for distance in range(1, 10):
        for bits in range(16):
            damaged, target_damaged, fire_back, at_torpedo = (bool(bits >> i & 1) for i in range(4))
            if at_torpedo and target_damaged:
                continue
            odds = attack_odds(pz8, {"distance": distance, "damaged": damaged, "target_damaged": target_damaged,
                                     "fire_back": fire_back, "at_torpedo": at_torpedo})
            assert odds.outcomes is not None and sum(odds.outcomes.values()) == 1
            assert 0 <= odds.p_hit <= 1


# -- input errors ----------------------------------------------------------------------------------


def test_unknown_option_lists_the_choices(pz8: Ruleset) -> None:
    with pytest.raises(UnknownName, match="unknown option 'range'; choose one of: distance, damaged"):
        attack_odds(pz8, {"range": 3})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "Give the distance in hexes"),
        ({"distance": 12}, "out of range"),
        ({"distance": 0}, "out of range"),
        ({"distance": "far"}, "whole number of hexes"),
        ({"distance": 3, "damaged": "yes"}, "damaged must be true or false"),
        ({"distance": 3, "at_torpedo": True, "target_damaged": True}, "never Damaged"),
        ({"torpedo": True, "fire_back": True}, "hits automatically"),
    ],
)
def test_bad_options_give_one_clear_sentence(pz8: Ruleset, options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        attack_odds(pz8, options)


def test_none_flags_and_numeric_text_are_accepted(pz8: Ruleset) -> None:
    odds = attack_odds(pz8, {"distance": "5", "damaged": None, "fire_back": None})
    assert odds.p_hit == F(1, 3)


def test_damaged_firer_at_mid_range_against_a_damaged_target_by_hand(pz8: Ruleset) -> None:
    # (Was a wall-clock threshold; timing lives in bench/odds_bench.py.)
    # C4.2: 4-6 hexes needs 5-6, -1 Damaged firer -> only a 6: p_hit = 1/6.
    # C4.3: 1D6 vs 1D6 (both Damaged); any diff >= +1 destroys an already Damaged target:
    # P(a > t) = 15/36 = 5/12 -> destroyed = 1/6 * 5/12 = 5/72, damaged = 0, none = 67/72.
    odds = attack_odds(pz8, {"distance": 5, "target_damaged": True, "damaged": True})
    assert odds.p_hit == F(1, 6)
    assert odds.outcomes == {"none": F(67, 72), "damaged": 0, "destroyed": F(5, 72)}
