"""Planning fire in lukas: a planned shot and its distance (lukas §3.a range, §3.b Beam, §4.a Field Defense),
a target's armor under attacks made one after another (lukas §2.b, §3.a step 5), and the figures of one
attack equal to `mstracker odds lukas`.

Hit numbers and damage from the book (lukas §3.b): Light Missiles 1d6+1, hit 4 against a small target;
Heavy Turret 1d12-1 (minimum 1), hit 6 against small; Heavy Missiles 1d8+1, hit 9 against small; Bombs 2d6,
hit 11 against small. Wasp is a Strike Craft (small) of armor 9; Radar carries a Communication Radar
(+1 hit, +1 damage to its own attacks, lukas §4.d).
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from test_lukas_fixtures import act, engine, new, own_turn, to_turn

from mstracker.cli import main
from mstracker.dice import Distribution
from mstracker.game import Action
from mstracker.game.outcomes import fold
from mstracker.rules.contract import DistanceUse

LM, HT = ("Bull", "w1"), ("Bull", "w2")  # Bull: Light Missiles, Heavy Turret
HM = ("Radar", "w1")  # Radar: Heavy Missiles, with its own Comm Radar


def battle(wasp_armor: int | None = None):  # noqa: ANN201 - (engine, state) in Ann's first Ship action phase
    eng = engine()
    s = to_turn(eng, new(eng), own_turn(0, 1))
    if wasp_armor is not None:
        s = act(eng, s, "set", target="Wasp", key="armor", value=str(wasp_armor))
    return eng, s


def fire(eng, s, ship_weapon: tuple[str, str], target: str = "Wasp") -> tuple[str, dict]:  # noqa: ANN001
    shot = eng.plugin.plan_shot(s, s.find_ship(ship_weapon[0]), ship_weapon[1], s.find_ship(target), None)
    assert shot is not None and not shot.refused
    return shot.kind, dict(shot.args)


def together(eng, s, target: str, *shots: tuple[str, dict]) -> Distribution:  # noqa: ANN001
    """What the shots do, one after another (focus fire): their typed outcomes folded in order."""
    steps = []
    for kind, args in shots:
        action = eng.plugin.typed_action(kind)
        steps.append((action, action.plan(s, eng.action_spec(kind).coerce(args))))
    return fold(steps, s.find_ship(target).id)


def after(eng, s, target: str, *shots: tuple[str, dict]) -> Distribution:  # noqa: ANN001
    """The armor the target has left after the shots, one after another."""
    ship = s.find_ship(target)
    return together(eng, s, target, *shots).map(lambda o: ship.record["armor"] - (o.damage_to(ship.id) or 0))


def kill(eng, s, target: str, *shots: tuple[str, dict]) -> F:  # noqa: ANN001
    ship = s.find_ship(target)
    return together(eng, s, target, *shots).probability(lambda o: ship.id in o.destroyed)


def test_one_light_missile_at_a_wasp_of_armor_4_kills_half_the_time() -> None:
    eng, s = battle(wasp_armor=4)
    # hit 4+ on the d12: 9/12; 1d6+1 >= 4 on faces 3-6: 4/6. 9/12 * 4/6 = 1/2
    assert kill(eng, s, "Wasp", fire(eng, s, LM)) == F(1, 2)
    assert s.find_ship("Wasp").record["armor"] == 4


def test_the_second_attack_meets_the_armor_the_first_one_left() -> None:
    eng, s = battle(wasp_armor=4)
    # Light Missiles on armor 4: a miss 3/12 leaves 4; a hit (9/12) with face 1 deals 2 (armor 2, 1/8), face 2
    # deals 3 (armor 1, 1/8), faces 3-6 destroy (1/2). The Heavy Turret then hits 7/12 and deals 1d12-1 (min 1):
    # on armor 4 it needs a face of 5+ (8/12): 7/12*8/12 = 7/18; on armor 2 a face of 3+ (10/12): 35/72; on armor 1
    # any hit: 7/12. Together 1/2 + 1/4*7/18 + 1/8*35/72 + 1/8*7/12 = (288 + 56 + 35 + 42)/576 = 421/576.
    assert kill(eng, s, "Wasp", fire(eng, s, LM), fire(eng, s, HT)) == F(421, 576)
    # Two independent kill chances would say 1 - (1 - 1/2)(1 - 7/18) = 400/576: the armor left matters.
    assert after(eng, s, "Wasp", fire(eng, s, LM)) == Distribution({4: F(1, 4), 2: F(1, 8), 1: F(1, 8), 0: F(1, 2)})


def test_three_attacks_on_a_wasp_of_armor_1_with_the_radar_ship_s_own_bonus() -> None:
    eng, s = battle(wasp_armor=1)
    # Any hit destroys. Misses: Light Missiles 3/12, Heavy Turret 5/12, Heavy Missiles from Radar 9 - 1 (its own
    # radar) = 8+: 5/12 hit, 7/12 miss. 1 - 3/12 * 5/12 * 7/12 = 1 - 105/1728 = 1623/1728 = 541/576
    shots = (fire(eng, s, LM), fire(eng, s, HT), fire(eng, s, HM))
    assert kill(eng, s, "Wasp", *shots) == F(541, 576)


def test_expected_damage_counts_the_armor_taken_not_past_zero() -> None:
    eng, s = battle(wasp_armor=4)
    wasp = s.find_ship("Wasp")
    kind, args = fire(eng, s, LM)
    dealt = together(eng, s, "Wasp", (kind, args)).map(lambda o: o.damage_to(wasp.id))
    # a hit (9/12) takes min(1d6+1, 4): 2, 3, 4, 4, 4, 4 -> 21/6; 9/12 * 21/6 = 21/8
    assert dealt.mean == F(21, 8) == eng.action_odds(s, Action(kind, args)).expected_damage
    # a second attack after a kill takes nothing more: armor 0 is destroyed (lukas §2.b), no dice are left
    twice = together(eng, s, "Wasp", (kind, args), (kind, args))
    assert twice.probability(lambda o: (o.damage_to(wasp.id) or 0) > 4) == 0


def test_a_measured_distance_only_says_whether_the_weapon_reaches() -> None:
    eng, s = battle()
    bull, wasp = s.find_ship("Bull"), s.find_ship("Wasp")
    unknown = eng.plugin.plan_shot(s, bull, "w1", wasp, None)
    assert (unknown.kind, dict(unknown.args), unknown.distance, unknown.unit, unknown.refused) == (
        "fire", {"ship": bull.id, "weapon": "w1", "target": wasp.id}, DistanceUse.RANGE, "studs", "")
    inside = eng.plugin.plan_shot(s, bull, "w1", wasp, 25)  # Light Missiles reach 25 studs
    assert inside.args["distance"] == 25 and not inside.refused
    beyond = eng.plugin.plan_shot(s, bull, "w1", wasp, 26)
    assert "out of range: Light Missiles reaches 25 studs" in beyond.refused and "lukas §3.a" in beyond.refused
    # the figures are the same at any distance within range
    assert eng.action_odds(s, Action("fire", dict(inside.args))) == eng.action_odds(s, Action("fire", dict(unknown.args)))


def test_a_beam_needs_its_announcement_and_has_no_range_to_measure() -> None:
    eng, s = battle()
    beam = eng.plugin.plan_shot(s, s.find_ship("Anvil"), "w1", s.find_ship("Ram"), None)
    assert beam.distance is DistanceUse.NONE and "lukas §3.b Beam" in beam.refused
    s = act(eng, s, "announce-beam", ship="Anvil", target="Ram")
    s = to_turn(eng, s, own_turn(0, 2))
    ready = eng.plugin.plan_shot(s, s.find_ship("Anvil"), "w1", s.find_ship("Ram"), None)
    assert not ready.refused and ready.distance is DistanceUse.NONE
    other = eng.plugin.plan_shot(s, s.find_ship("Anvil"), "w1", s.find_ship("Guard"), None)
    assert "was announced at Ram" in other.refused


def test_a_field_defense_lets_fire_in_only_from_inside_its_15_studs() -> None:
    eng, s = battle()
    s = act(eng, s, "set", target="Wasp", key="fd_active", value="yes")
    bull, wasp = s.find_ship("Bull"), s.find_ship("Wasp")
    unmeasured = eng.plugin.plan_shot(s, bull, "w1", wasp, None)
    assert "lukas §4.a" in unmeasured.refused and "within 15 studs" in unmeasured.refused
    inside = eng.plugin.plan_shot(s, bull, "w1", wasp, 15)
    assert inside.args["inside_field"] is True and not inside.refused
    outside = eng.plugin.plan_shot(s, bull, "w1", wasp, 16)
    assert "Field Defense up" in outside.refused


def test_an_ability_plans_no_shot() -> None:
    eng, s = battle()
    shield = s.find_ship("Shield")
    ability = next(it.id for it in shield.items if it.kind == "ability")
    assert eng.plugin.plan_shot(s, shield, ability, s.find_ship("Wasp"), None) is None


@pytest.mark.parametrize(("shooter", "target", "argv"), [
    (("Hornet", "w1"), "Wasp", ["--weapon", "Bombs", "--target", "strike-craft", "--armor", "9"]),
    (HM, "Guard", ["--weapon", "Heavy Missiles", "--target", "frigate", "--comm-radar", "--armor", "25"]),
])
def test_one_attack_has_the_figures_of_the_odds_command(shooter: tuple[str, str], target: str, argv: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    eng, s = battle()
    kind, args = fire(eng, s, shooter, target)
    ship = s.find_ship(target)
    armor = ship.record["armor"]
    taken = together(eng, s, target, (kind, args)).map(lambda o: o.damage_to(ship.id))
    odds = eng.action_odds(s, Action(kind, args))
    assert main(["odds", "lukas", *argv, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    # the damage of the odds command, taken off the target's armor (damage past its armor is not counted)
    capped: dict[int, float] = {}
    for damage, p in printed["damage"].items():
        capped[min(int(damage), armor)] = capped.get(min(int(damage), armor), 0.0) + p
    assert {d: float(p) for d, p in taken.items()} == pytest.approx(capped)
    assert float(kill(eng, s, target, (kind, args))) == pytest.approx(printed["p_destroy"])
    assert printed["p_hit"] == pytest.approx(float(odds.p_hit))
    assert kill(eng, s, target, (kind, args)) == odds.p_destroy
