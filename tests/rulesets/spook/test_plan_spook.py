"""Planning fire in spook: planned shots (§3 B2 range), a shot prepared against the target as it stands (armor,
flare ammo), its typed outcome (§5 accuracy and damage, §6 B1 flares), and focus fire hand-computed from the book's numbers.

The scrimmage samples: Blue Fang (#2, Destroyer: Gattling Mass Driver w1, Turreted Railgun w2, Torpedo
Launcher w3), Blue Claw (#3, Destroyer: Cluster Torpedo Launcher w1), Blue Sower (#4: Missile Launcher w1);
Red Spear (#12) is a Frigate (agility 5, armor 200) with one Flare Launcher (d1, ammo 8).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from test_spook_support import Play, samples

from mstracker.game import Action
from mstracker.game.planner import Distances, fire_plan
from mstracker.game.planner_focus import focus_fire
from mstracker.rules.contract import DistanceUse
from mstracker.game.typed_action import Outcome


@pytest.fixture
def g() -> Play:
    play = Play(samples())
    play.start()
    play.to_step("fire")
    return play


def test_planned_shot_is_the_fire_action_and_distance_only_decides_the_reach(g: Play) -> None:
    plugin = g.eng.plugin
    claw, spear = g.ship("Blue Claw"), g.ship("Red Spear")
    shot = plugin.plan_shot(g.s, claw, "w1", spear, None)
    assert (shot.kind, dict(shot.args), shot.distance, shot.unit, shot.refused) == (
        "fire", {"ship": "3", "weapon": "w1", "target": "12"}, DistanceUse.RANGE, "units", "")
    assert plugin.plan_shot(g.s, claw, "w1", spear, 15).refused == ""  # range 15 (§5 D5): 15 reaches
    far = plugin.plan_shot(g.s, claw, "w1", spear, 16)
    assert far.args["distance"] == 16
    assert far.refused == "out of range: Cluster Torpedo Launcher reaches 15 units, the target is 16 away (spook §3 B2)"
    assert plugin.plan_shot(g.s, claw, "d1", spear, None) is None  # a flare launcher is no weapon


def test_a_shot_refused_the_way_the_decider_refuses_it(g: Play) -> None:
    g.act("fire", 2, 8, ship="Blue Claw", weapon="w1", target="Red Spear", in_range=True)  # d6 = 2, the flare d8 = 8
    shot = g.eng.plugin.plan_shot(g.s, g.ship("Blue Claw"), "w1", g.ship("Red Spear"), None)
    assert shot.refused == g.refused("fire", 2, 8, ship="Blue Claw", weapon="w1", target="Red Spear")
    assert "used" in shot.refused


def shot(g: Play, weapon: str, target: str = "12", ship: str = "2"):
    fire = g.eng.plugin.typed_action("fire")
    return fire, fire.plan(g.s, {"ship": ship, "weapon": weapon, "target": target})


def dealt(outcome, ship: str = "12") -> dict[int, F]:
    return dict(outcome.map(lambda o: o.damage_to(ship)).items())


def test_a_planned_shot_holds_the_armor_and_the_ammo_of_answering_launchers(g: Play) -> None:
    assert (shot(g, "w3")[1].armor, shot(g, "w3")[1].ammo) == (200, (("d1", 8),))
    assert shot(g, "w3", target="13")[1].ammo == ()  # Red Lance: no flare launcher
    g.act("set", target="Red Spear", key="d1.ammo", value="0")
    assert shot(g, "w3")[1].ammo == ()  # empty: it no longer answers


def test_one_torpedo_at_a_frigate_with_one_flare(g: Play) -> None:
    # Torpedo Launcher (§5 D2): damage 35, accuracy 6 >= agility 5: no d12. Flares (§6 B1) d8: 1-3 -> 0 (3/8),
    # 4-7 -> ceil(35/2) = 18 (4/8), 8 -> 35 (1/8); the launcher spends 1 ammo either way.
    fire, p = shot(g, "w3")
    outcome = fire.outcome(p)
    assert dealt(outcome) == {0: F(3, 8), 18: F(1, 2), 35: F(1, 8)}
    assert {o.spent for o in outcome.outcomes} == {frozenset({"2.w3", "12.d1.ammo8"})}
    assert outcome.probability(lambda o: bool(o.hit)) == F(5, 8)
    # a gun: flares do not answer, nothing spent; Gattling (§5 E5) 30 x d6, accuracy 4 < 5: d12 1-5 miss (5/12),
    # 6-10 half (5/12), 11 full (1/12), 12 miss (1/12, friendly fire: no ally named, friendly-fire settles it)
    fire, gun = shot(g, "w1")
    found = fire.outcome(gun)
    assert dealt(found)[0] == F(1, 2) and dealt(found)[15] == F(5, 12) * F(1, 6)
    assert dealt(found)[180] == F(1, 12) * F(1, 6)
    assert {o.spent for o in found.outcomes} == {frozenset({"2.w1"})}
    assert found.probability(lambda o: "friendly_fire" in o.marks) == F(1, 12)


def test_damage_dealt_is_the_armor_taken_and_a_shot_after_another_meets_what_it_left(g: Play) -> None:
    # Red Spear at 20 armor: the torpedo's 35 (1/8) takes the 20 left and destroys it (§4 Armor); 18 leaves 2
    g.act("set", target="Red Spear", key="armor", value="20")
    fire, p = shot(g, "w3")
    outcome = fire.outcome(p)
    assert dealt(outcome) == {0: F(3, 8), 18: F(1, 2), 20: F(1, 8)}
    assert outcome.probability(lambda o: "12" in o.destroyed) == F(1, 8)
    # after an earlier shot took 15 and the launcher's 8th round: 5 armor left, 7 ammo
    earlier = Outcome(dealt=(("12", 15),), spent=frozenset({"12.d1.ammo8"}))
    again = fire.after(p, earlier)
    assert (again.armor, again.ammo) == (5, (("d1", 7),))
    assert dealt(fire.outcome(again)) == {0: F(3, 8), 5: F(5, 8)}
    last = fire.after(p, Outcome(spent=frozenset({f"12.d1.ammo{n}" for n in range(1, 9)})))
    assert last.ammo == ()  # every round spent: the launcher answers no more (§6 B1)


def test_focus_fire_two_missiles_at_a_frigate_with_its_last_flare(g: Play) -> None:
    # Red Spear at armor 48 with one Flare Launcher holding 1 ammo. Missile Launcher (§5 D1: 25, accuracy 8 >= 5,
    # no d12), then Torpedo Launcher (§5 D2: 35, accuracy 6 >= 5). The missile meets the last flare:
    # 0 (3/8), ceil(25/2) = 13 (1/2), 25 (1/8); the torpedo meets none: 35. Totals 35, 48, 60: 48 or more
    # destroys, so 1/2 + 1/8 = 5/8. Damage past the 48 armor is no damage: 35 (3/8), 48 (1/2 + 1/8).
    # Expected damage: 35 * 3/8 + 48 * 5/8 = (105 + 240) / 8 = 345/8.
    g.act("set", target="Red Spear", key="armor", value="48")
    g.act("set", target="Red Spear", key="d1.ammo", value="1")
    focus = focus_fire(g.eng, g.s, "Red Spear", [("Blue Sower", "w1"), ("Blue Fang", "w3")])
    assert focus.p_destroy == F(5, 8)
    assert dict(focus.damage.items()) == {35: F(3, 8), 48: F(5, 8)}
    assert focus.expected_damage == F(345, 8)
    # with 2 ammo the torpedo meets a flare too: 0 (3/8), 18 (1/2), 35 (1/8). 48 or more: 13 + 35 (1/2 * 1/8)
    # or 25 + 35 (1/8 * 1/8); 25 + 18 = 43 falls short: 1/16 + 1/64 = 5/64
    g.act("set", target="Red Spear", key="d1.ammo", value="2")
    assert focus_fire(g.eng, g.s, "Red Spear", [("Blue Sower", "w1"), ("Blue Fang", "w3")]).p_destroy == F(5, 64)


def test_focus_fire_cluster_torpedo_and_gattling_at_a_frigate_with_one_flare(g: Play) -> None:
    # Red Spear at armor 100, one Flare Launcher with ammo. Blue Claw's Cluster Torpedo Launcher (§5 D5: 25 x d6,
    # accuracy 5 >= agility 5: no d12), the flare d8 after it (§6 B1). Its damage T:
    #   100, 125, 150 (d6 4-6 and flare 8): 3 x 1/48 = 3/48 -> destroyed at once;
    #   0: 3/8 = 18/48; 13: 4/48; 25: 1/48 + 4/48 = 5/48; 38: 4/48; 50: 5/48; 63: 4/48; 75: 5/48.
    # Blue Fang's Gattling Mass Driver (§5 E5: 30 x d6, accuracy 4 < 5: the d12) G: 0 with 1/2; 15k with 5/72
    # (half), 30k with 1/72 (full), k = 1..6. P(G >= 100 - T) by T: 0 -> 3/72; 13 -> 9/72; 25 -> 14/72;
    # 38 -> 14/72; 50 -> 20/72; 63 -> 25/72; 75 -> 31/72.
    # P = 3/48 + (18*3 + 4*9 + 5*14 + 4*14 + 5*20 + 4*25 + 5*31) / (48*72) = (216 + 571) / 3456 = 787/3456
    g.act("set", target="Red Spear", key="armor", value="100")
    pair = [("Blue Claw", "Cluster Torpedo Launcher"), ("Blue Fang", "Gattling Mass Driver")]
    focus = focus_fire(g.eng, g.s, "Red Spear", pair)
    assert focus.p_destroy == F(787, 3456)
    assert focus.text() == ("Blue Claw Cluster Torpedo Launcher + Blue Fang Gattling Mass Driver on Red Spear: "
                            "22.8% to destroy")
    assert focus_fire(g.eng, g.s, "Red Spear", pair[::-1]).p_destroy == F(787, 3456)  # the flare meets the torpedo


def test_planner_rows_equal_the_attack_dialog_odds(g: Play) -> None:
    g.act("set", target="Red Spear", key="armor", value="60")
    rows = fire_plan(g.eng, g.s, target="Red Spear")
    assert rows and all(r.known for r in rows)
    for row in rows:
        odds = g.eng.action_odds(g.s, row.action())
        assert (row.p_hit, row.expected_damage, row.p_destroy) == (odds.p_hit, odds.expected_damage, odds.p_destroy)
        one = focus_fire(g.eng, g.s, row.target, [(row.ship, row.weapon)])
        assert (one.p_destroy, one.expected_damage) == (odds.p_destroy, odds.expected_damage)
    # the Torpedo Launcher of Blue Fang: 35 after the flare d8 -> 0, 18, 35 (3/8, 1/2, 1/8); armor 60 stands
    torpedo = next(r for r in rows if (r.ship, r.weapon) == ("2", "w3"))
    assert (torpedo.p_hit, torpedo.expected_damage, torpedo.p_destroy) == (F(5, 8), F(9) + F(35, 8), F(0))


def test_a_measured_distance_beyond_range_refuses_the_row(g: Play) -> None:
    rows = fire_plan(g.eng, g.s, Distances().with_pair("3", "12", 12), ship="Blue Claw", target="Red Spear")
    by_weapon = {r.weapon_name: r for r in rows}
    assert by_weapon["Cluster Torpedo Launcher"].known and by_weapon["Cluster Torpedo Launcher"].distance == 12
    turret = by_weapon["Mass Driver Turret"]  # range 2 (§5 C1)
    assert not turret.known and turret.p_hit is None and "reaches 2 units, the target is 12 away" in turret.refused
    assert rows[-1] is turret  # refused rows come last
    g.act("fire", ship="Blue Claw", weapon="Mass Driver Turret", target="Red Spear", in_range=True)  # accuracy 10 >= 5: no dice
    assert "Mass Driver Turret" not in {r.weapon_name for r in fire_plan(g.eng, g.s, ship="Blue Claw")}
    assert Action("fire", {"ship": "3", "weapon": "w1", "target": "12", "distance": 12}) == by_weapon[
        "Cluster Torpedo Launcher"].action()
