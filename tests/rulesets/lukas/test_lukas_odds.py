"""`attack_odds` for lukas: hand-calculated odds, option checking, speed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mstracker.rulesets.lukas.model import Ruleset
from mstracker.rulesets.lukas.odds import attack_odds
from mstracker.rules.names import UnknownName


def opts(**kw: object) -> dict[str, object]:
    # The CLI passes every lukas flag, unset ones as None / False.
    base: dict[str, object] = {"weapon": None, "target": None, "comm_radar": False, "bridge_damaged": False, "armor": None}
    base.update(kw)
    return base


def test_heavy_turret_vs_frigate_by_hand(rs: Ruleset) -> None:
    # p_hit = 10/12. Damage max(d12-1, 1): P(1) = 2/12, P(2..11) = 1/12 each.
    # E = 10/12 * 67/12 = 335/72. p_destroy(armor 11) = 10/12 * 1/12 = 5/72.
    odds = attack_odds(rs, opts(weapon="Heavy Turret", target="frigate", armor=11))
    assert odds.p_hit == Fraction(5, 6)
    assert odds.damage is not None
    assert odds.damage[0] == Fraction(1, 6)
    assert odds.damage[1] == Fraction(10, 12) * Fraction(2, 12)
    assert odds.damage[11] == Fraction(10, 12) * Fraction(1, 12)
    assert sum(odds.damage.values()) == 1
    assert odds.expected_damage == Fraction(335, 72)
    assert odds.p_destroy == Fraction(5, 72)


def test_heavy_turret_with_radar_by_hand(rs: Ruleset) -> None:
    # p_hit = P(d12 + 1 >= 3) = 11/12. Damage d12 - 1 + 1 = d12 (minimum 1 never bites).
    # p_destroy(armor 5) = 11/12 * 8/12 = 11/18. Expected damage is damage dealt: past the 5 armor left it is
    # none, so E = 11/12 * (1 + 2 + 3 + 4 + 8 * 5) / 12 = 11/12 * 50/12 = 275/72 (uncapped: 11/12 * 13/2).
    odds = attack_odds(rs, opts(weapon="heavy turret", target="frigate", comm_radar=True, armor=5))
    assert odds.p_hit == Fraction(11, 12)
    assert odds.p_destroy == Fraction(11, 18)
    assert odds.expected_damage == Fraction(11, 12) * Fraction(50, 12)
    assert attack_odds(rs, opts(weapon="heavy turret", target="frigate", comm_radar=True)).expected_damage == (
        Fraction(11, 12) * Fraction(13, 2))  # no armor given: nothing to cap at


def test_melee_vs_strike_craft_needs_a_bonus(rs: Ruleset) -> None:
    odds = attack_odds(rs, opts(weapon="Melee", target="strike-craft"))
    assert odds.p_hit == 0 and odds.damage == {0: Fraction(1)} and odds.expected_damage == 0
    assert any("cannot hit" in n for n in odds.notes)
    # With CR only a natural 12 hits: p = 1/12; damage 2d12 + 3, mean 16. E = 16/12 = 4/3.
    odds = attack_odds(rs, opts(weapon="Melee", target="strike-craft", comm_radar=True))
    assert odds.p_hit == Fraction(1, 12) and odds.expected_damage == Fraction(4, 3)


def test_beam_with_bridge_destroyed_by_hand(rs: Ruleset) -> None:
    # Needs 4 vs large, -2: d12 >= 6, p = 7/12. Damage 2d6 + 1 - 1, mean 7. E = 49/12.
    odds = attack_odds(rs, opts(weapon="Ion Beam", target="capital", bridge_damaged=True))
    assert odds.p_hit == Fraction(7, 12) and odds.expected_damage == Fraction(49, 12)
    assert any("announced" in n for n in odds.notes)


def test_defense_turret_bridge_by_hand(rs: Ruleset) -> None:
    # Needs 4, -2: d12 >= 6, p = 7/12. Damage max(d6 - 2, 1): 1,1,1,2,3,4 -> mean 2. E = 7/6.
    odds = attack_odds(rs, opts(weapon="Defense Turret", target="strike-craft", bridge_damaged=True))
    assert odds.p_hit == Fraction(7, 12) and odds.expected_damage == Fraction(7, 6)


def test_bombs_subsystem_option(rs: Ruleset) -> None:
    odds = attack_odds(rs, opts(weapon="Bombs", target="capital", subsystem="engines", armor=4))
    assert odds.p_hit == Fraction(3, 4)
    assert odds.extra == {"p_subsystem_destroyed": Fraction(9, 32)}
    # the hull's share averages 171/64; with the 4 armor left, damage past it is no damage
    assert attack_odds(rs, opts(weapon="Bombs", target="capital", subsystem="engines")).expected_damage == (
        Fraction(171, 64))
    assert odds.expected_damage == sum((p * min(d, 4) for d, p in odds.damage.items()), Fraction(0))
    assert odds.expected_damage == Fraction(83, 48)
    # Hull damage >= 4: half row needs ceil(s/2) >= 4, i.e. 2d6 >= 7 (21/36); full row 2d6 >= 4 (33/36).
    assert odds.p_destroy == Fraction(3, 4) * (Fraction(2, 8) * Fraction(21, 36) + Fraction(3, 8) * Fraction(33, 36))
    plain = attack_odds(rs, opts(weapon="Bombs", target="capital"))
    assert any("subsystem" in n for n in plain.notes)


@pytest.mark.parametrize("target", ["strike-craft", "Strike Craft", "SC", "small", "strike_craft"])
def test_target_spellings(rs: Ruleset, target: str) -> None:
    assert attack_odds(rs, opts(weapon="Autogun", target=target)).p_hit == Fraction(9, 12)


def test_unknown_weapon_lists_the_choices(rs: Ruleset) -> None:
    with pytest.raises(UnknownName, match="unknown weapon 'Phaser'; choose one of: Autogun, Light Turret"):
        attack_odds(rs, opts(weapon="Phaser", target="frigate"))


def test_unknown_target_lists_the_choices(rs: Ruleset) -> None:
    with pytest.raises(UnknownName, match="choose one of: strike-craft, frigate, capital"):
        attack_odds(rs, opts(weapon="Laser", target="battleship"))


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"weapon": "Laser", "target": "frigate", "armor": 0}, "armor must be a whole number of 1 or more"),
        ({"weapon": "Laser", "target": "frigate", "armor": "lots"}, "armor must be"),
        ({"weapon": "Laser", "target": "frigate", "bridge_damaged": "yes"}, "bridge_damaged must be true or false"),
        ({"weapon": "Laser", "target": "frigate", "comm_radar": -1}, "comm_radar must be"),
        ({"target": "frigate"}, "need a weapon name"),
        ({"weapon": "Laser", "target": "frigate", "distance": 7}, "lukas odds do not take distance"),
    ],
)
def test_bad_input_is_one_clear_sentence(rs: Ruleset, kw: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        attack_odds(rs, opts(**kw))


def test_unused_flags_of_other_rulesets_are_ignored_when_unset(rs: Ruleset) -> None:
    assert attack_odds(rs, opts(weapon="Laser", target="frigate", distance=None, afterburner=False)).p_hit == Fraction(10, 12)


def test_heavy_turret_with_the_bridge_destroyed_by_hand(rs: Ruleset) -> None:
    # (Was a wall-clock threshold on this case; timing lives in bench/odds_bench.py.)
    # B4.1: hit d12 - 2 >= 3 (Medium) -> d12 >= 5: 8/12. Damage d12 - 1 - 1 (bridge), minimum 1:
    # faces 1-3 -> 1 (3/12), faces 4-12 -> 2..10 (1/12 each). Armor 3 falls to damage >= 3 (faces 5-12):
    # p_destroy = 8/12 * 8/12 = 4/9. Expected damage dealt, capped at the 3 armor left: faces 1-3 -> 1, face 4
    # -> 2, faces 5-12 -> 3: E = 8/12 * (3 * 1 + 2 + 8 * 3) / 12 = 2/3 * 29/12 = 29/18 (uncapped 19/6).
    odds = attack_odds(rs, opts(weapon="Heavy Turret", target="frigate", bridge_damaged=True, armor=3))
    assert odds.p_hit == Fraction(2, 3)
    # the chart shows the damage dealt: 3 is every face from 5 to 12 (8/12 of the 8/12 that hit)
    assert odds.damage == {0: Fraction(1, 3), 1: Fraction(1, 6), 2: Fraction(2, 3) / 12, 3: Fraction(4, 9)}
    assert odds.expected_damage == Fraction(29, 18)
    assert odds.p_destroy == Fraction(4, 9)
