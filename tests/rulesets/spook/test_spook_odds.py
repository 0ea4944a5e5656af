"""`attack_odds` for spook: exact figures checked against hand calculations."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from mstracker.rules.names import UnknownName
from mstracker.rulesets.spook.model import Ruleset
from mstracker.rulesets.spook.odds import attack_odds


def test_ion_beam_vs_frigate(rs: Ruleset) -> None:
    # Accuracy 4 < agility 5, so a d12: 1-5 miss, 6-10 half (50), 11 full (100), 12 friendly fire.
    # p_hit = 6/12; E = (5*50 + 100)/12 = 175/6; p_ff = 1/12; armor 50 dies on 6-11 (6/12), armor 60 only on 11.
    # At armor 50 damage past 50 is no damage: E = 50 * 6/12 = 25, and the chart shows that same damage
    # dealt: the full 100 (1/12) deals the 50 left, so 50 has 5/12 + 1/12 = 1/2.
    odds = attack_odds(rs, {"weapon": "Ion Beam", "target": "Frigate", "armor": 50})
    assert odds.p_hit == F(1, 2)
    assert odds.damage == {0: F(1, 2), 50: F(1, 2)}
    assert attack_odds(rs, {"weapon": "Ion Beam", "target": "Frigate"}).damage == {0: F(1, 2), 50: F(5, 12),
                                                                                  100: F(1, 12)}
    assert odds.expected_damage == 25
    assert attack_odds(rs, {"weapon": "Ion Beam", "target": "Frigate"}).expected_damage == F(175, 6)
    assert odds.extra == {"p_friendly_fire": F(1, 12)}
    assert odds.p_destroy == F(1, 2)
    assert attack_odds(rs, {"weapon": "E3", "target": "D1", "armor": 60}).p_destroy == F(1, 12)


def test_mass_driver_vs_fighter_always_hits(rs: Ruleset) -> None:
    # Accuracy 9 >= agility 9: no roll, 10 damage for certain.
    odds = attack_odds(rs, {"weapon": "Mass Driver", "target": "Fighter", "armor": 10})
    assert (odds.p_hit, odds.damage, odds.expected_damage, odds.p_destroy) == (1, {10: 1}, 10, 1)
    assert odds.extra["p_friendly_fire"] == 0


def test_missile_vs_transport_with_two_flares(rs: Ruleset) -> None:
    # No accuracy roll (8 >= 6). Flare 1: 3/8 -> 0, 1/2 -> 13, 1/8 -> 25. Flare 2 on 13: 0 / 7 / 13; on 25: 0 / 13 / 25.
    # P(0) = 3/8 + 1/2*3/8 + 1/8*3/8 = 39/64; P(7) = 1/4; P(13) = 1/2*1/8 + 1/8*1/2 = 1/8; P(25) = 1/64.
    # E = 7/4 + 13/8 + 25/64 = 241/64.
    odds = attack_odds(rs, {"weapon": "Missile Launcher", "target": "Transport", "flares": 2})
    assert odds.damage == {0: F(39, 64), 7: F(1, 4), 13: F(1, 8), 25: F(1, 64)}
    assert odds.p_hit == F(25, 64)
    assert odds.expected_damage == F(241, 64)


def test_torpedo_vs_afterburning_transport_with_a_flare(rs: Ruleset) -> None:
    # Agility 6 + 2 = 8 > accuracy 6: d12. Half (5/12) -> 18, full (1/12) -> 35; then one flare d8.
    # P(9) = 5/12 * 1/2 = 5/24; P(18) = 5/12 * 1/8 + 1/12 * 1/2 = 3/32; P(35) = 1/12 * 1/8 = 1/96.
    odds = attack_odds(rs, {"weapon": "Torpedo Launcher", "target": "Transport", "afterburner": True, "flares": 1})
    assert odds.damage is not None
    assert (odds.damage[9], odds.damage[18], odds.damage[35]) == (F(5, 24), F(3, 32), F(1, 96))
    assert odds.damage[0] == 1 - F(5, 24) - F(3, 32) - F(1, 96)
    assert odds.extra["p_friendly_fire"] == F(1, 12)


def test_gattling_vs_fighter(rs: Ruleset) -> None:
    # 30 x d6 (mean 105); d12 gives half on 5/12 and full on 1/12: E = 105 * (5/12 * 1/2 + 1/12) = 245/8.
    # Fighter armor 70 dies when damage >= 70: half of 150 or 180 (75, 90) or full of 90..180:
    # P = 5/12 * 2/6 + 1/12 * 4/6 = 10/72 + 4/72 = 14/72 = 7/36. Capped at the 70 armor: half 15..60, 70, 70
    # (sum 290), full 30, 60, 70 x 4 (sum 370): E = (290 * 5/12 + 370 * 1/12) / 6 = 1820/72 = 455/18.
    odds = attack_odds(rs, {"weapon": "Gattling Mass Driver", "target": "Fighter", "armor": 70})
    assert odds.expected_damage == F(455, 18)
    assert attack_odds(rs, {"weapon": "Gattling Mass Driver", "target": "Fighter"}).expected_damage == F(245, 8)
    assert odds.p_hit == F(1, 2)
    assert odds.p_destroy == F(7, 36)


def test_cluster_torpedo_vs_carrier(rs: Ruleset) -> None:
    # No roll (5 >= 2): 25 x d6, mean 87.5; a 450-armor Carrier at 100 armor dies on 4, 5, 6, and takes
    # 25, 50, 75, 100, 100, 100: expected damage dealt 450/6 = 75.
    odds = attack_odds(rs, {"weapon": "Cluster Torpedo Launcher", "target": "Carrier", "armor": 100})
    assert odds.expected_damage == 75
    assert odds.p_destroy == F(1, 2)
    # the chart shows the damage dealt: 25, 50, 75 (1/6 each) and the 100 left (4, 5 and 6: 1/2)
    assert odds.damage == {25: F(1, 6), 50: F(1, 6), 75: F(1, 6), 100: F(1, 2)}


def test_distribution_sums_to_one_and_notes_explain(rs: Ruleset) -> None:
    odds = attack_odds(rs, {"weapon": "Hellfire Missile Launcher", "target": "Probe", "flares": 1})
    assert odds.damage is not None and sum(odds.damage.values()) == 1
    assert any("cannot normally carry 1 Flare Launcher" in n for n in odds.notes)
    assert any("a d12 decides" in n for n in odds.notes)


def test_cli_style_options_are_accepted(rs: Ruleset) -> None:
    # The CLI passes every spook flag, unset ones as None/False/0.
    odds = attack_odds(rs, {"weapon": "ion beam", "target": "frigate", "afterburner": False, "flares": 0,
                            "armor": None})
    assert odds.p_destroy is None and odds.p_hit == F(1, 2)
    assert odds.to_json()["p_friendly_fire"] == pytest.approx(1 / 12)


def test_unknown_names_list_the_choices(rs: Ruleset) -> None:
    with pytest.raises(UnknownName, match="unknown weapon 'Phaser'; choose one of: Mass Driver, Particle Lance"):
        attack_odds(rs, {"weapon": "Phaser", "target": "Frigate"})
    with pytest.raises(UnknownName, match="unknown class 'Dreadnought'; choose one of: Mothership"):
        attack_odds(rs, {"weapon": "Ion Beam", "target": "Dreadnought"})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": "Frigate"}, "name the weapon with --weapon"),
        ({"weapon": "Ion Beam"}, "name the target with --target"),
        ({"weapon": "Ion Beam", "target": "Frigate", "flares": -1}, "--flares must be a whole number"),
        ({"weapon": "Ion Beam", "target": "Frigate", "armor": 0}, "--armor must be the target's current armor"),
        ({"weapon": "Ion Beam", "target": "Frigate", "afterburner": "yes"}, "--afterburner is a yes/no switch"),
        ({"weapon": "Ion Beam", "target": "Frigate", "distance": 4}, "spook odds do not use --distance"),
    ],
)
def test_bad_options_are_one_clear_sentence(rs: Ruleset, options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message) as err:
        attack_odds(rs, options)
    assert "\n" not in str(err.value)


def test_mines_and_a_shot_do_not_mix(rs: Ruleset) -> None:
    from mstracker.rulesets.spook.odds import odds

    with pytest.raises(ValueError, match="--mines takes only --armor, not --weapon"):
        odds(rs, {"mines": 2, "weapon": "Ion Beam"})
    with pytest.raises(ValueError, match="--mines must be a whole number of mines from 1 to 50, not 0"):
        odds(rs, {"mines": 0})
    assert odds(rs, {"mines": 1}).damage == {0: F(3, 8), 100: F(4, 8), 200: F(1, 8)}
