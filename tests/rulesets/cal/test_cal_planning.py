"""Planning fire in cal: a planned attack and its distance (cal §Weapons), a target's round total under attacks
made one after another and its chance of a Reactor Breach in the Damage phase (cal §Damage, the damage tables),
and the figures of one attack equal to `mstracker odds cal`. Attacks one after another are the fire action's
outcomes folded (focus fire), then settled by the Damage phase once.

Stock ships (cal, the sample ships): Heavy Cruiser CA-1 (capital: each weapon fires twice a round) Beam 8/8;
Destroyer DD-1 Beam 4/6; Point Defense Frigate FFAA-1 Beam 2/6; the target Corvette K-1 (escort, SS 20, Beam 4/6,
Projectile 2/8). Against an escort a shot needs 4 on 1d6 (1/2, Crew 0); a beam at long range (more than half its
range) deals half, rounded up. SS 20: the Minor table from 5 damage in the round, the Major from 10 (SS/4, SS/2
rounded up). A Reactor Breach is 2 or 12 on the Major table's 2d6: 2/36 = 1/18; from the Minor table only through
Chain Reaction (2 or 12, 1/18, then the Major table): 1/18 * 1/18 = 1/324.
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from test_cal_actions import game
from test_cal_helpers import Game

from mstracker.cli import main
from mstracker.dice import Distribution
from mstracker.game import Action, Incomplete
from mstracker.game.outcomes import fold
from mstracker.game.planner import Distances, fire_plan
from mstracker.game.planner_focus import focus_fire
from mstracker.rules.contract import DistanceUse
from mstracker.rulesets.cal.planning import Condition

MAJOR_BREACH, MINOR_BREACH = F(1, 18), F(1, 324)


def gunnery(**settings: object) -> Game:
    g = game(**settings)
    g.to("gunnery", "weapons")
    return g


def shot(g: Game, ship: str, weapon: str, target: str, distance: int | None) -> tuple[str, dict]:
    planned = g.eng.plugin.plan_shot(g.state, g.ship(ship), g.ship(ship).item(weapon).id, g.ship(target), distance)
    assert planned is not None and not planned.refused, planned
    return planned.kind, dict(planned.args)


def together(g: Game, target: str, *shots: tuple[str, dict]) -> Distribution:
    """What the attacks do together, one after another, then the Damage phase (focus fire: the fire action's
    outcomes folded, game.outcomes)."""
    fire = g.eng.plugin.typed_action("fire")
    return fold([(fire, fire.plan(g.state, args)) for _, args in shots], g.ship(target).id)


def after(g: Game, target: str, *shots: tuple[str, dict]) -> Distribution:
    """The target's condition after the attacks, one after another (focus fire): its round total grows."""
    start = g.eng.plugin.target_condition(g.state, g.ship(target))
    ship = g.ship(target).id
    return together(g, target, *shots).map(lambda o: Condition(start.ss, start.recorded + o.recorded_on(ship)))


def kill(g: Game, target: str, *shots: tuple[str, dict]) -> F:
    ship = g.ship(target).id
    return together(g, target, *shots).probability(lambda o: ship in o.destroyed)


def test_one_attack_two_shots_of_a_heavy_cruiser_beam_at_short_range() -> None:
    g = gunnery()
    assert g.eng.plugin.target_condition(g.state, g.ship("K-1")) == Condition(20, 0)
    # 4 hexes: short, 8 a hit. Two hits (1/4) record 16: Major; one hit (1/2) records 8: Minor.
    # 1/4 * 1/18 + 1/2 * 1/324 = 9/648 + 1/648 = 5/324
    assert kill(g, "K-1", shot(g, "CA-1", "beam", "K-1", 4)) == F(5, 324)


def test_damage_under_a_threshold_shot_by_shot_crosses_it_in_the_round_total() -> None:
    g = gunnery()
    long_beam, destroyer = shot(g, "CA-1", "beam", "K-1", 7), shot(g, "DD-1", "beam", "K-1", 2)
    # 7 hexes is long range for 8/8: 4 a hit. Three shots of 4 at 1/2 each: 0, 4, 8, 12 with 1/8, 3/8, 3/8, 1/8.
    # 4 calls for nothing; 8 the Minor table; 12 the Major: 3/8 * 1/324 + 1/8 * 1/18 = 3/2592 + 18/2592 = 7/864
    assert kill(g, "K-1", long_beam, destroyer) == F(7, 864)
    assert kill(g, "K-1", long_beam) == F(1, 4) * MINOR_BREACH  # alone: 8 (1/4) is Minor at most
    assert kill(g, "K-1", destroyer) == 0  # alone: 4 is under the Minor threshold of 5
    assert after(g, "K-1", long_beam, destroyer) == Distribution(
        {Condition(20, 0): F(1, 8), Condition(20, 4): F(3, 8), Condition(20, 8): F(3, 8), Condition(20, 12): F(1, 8)})


def test_three_attacks_and_the_house_rule_that_ss_0_destroys() -> None:
    g = gunnery()
    # 2 hexes, all short: the cruiser 8 a hit (two shots), the destroyer 4, the frigate 2. Of the 16 equally likely
    # patterns (cruiser hits 0/1/2 weigh 1/2/1): 6 = 4 + 2 (weight 1) and 8 (weight 2) are Minor: 3/16;
    # 10, 12, 14 (weight 2 each) and 16, 18, 20, 22 (weight 1 each) are Major: 10/16.
    # 3/16 * 1/324 + 10/16 * 1/18 = 3/5184 + 180/5184 = 183/5184 = 61/1728
    three = (shot(g, "CA-1", "beam", "K-1", 2), shot(g, "DD-1", "beam", "K-1", 2), shot(g, "FFAA-1", "beam", "K-1", 2))
    assert kill(g, "K-1", *three) == F(61, 1728)
    h = gunnery(ss_zero_destroys=True)
    # 20 and 22 take SS 20 to 0 (2/16, destroyed); the other Major totals 10 to 18 weigh 8/16:
    # 2/16 + 8/16 * 1/18 + 3/16 * 1/324 = 648/5184 + 144/5184 + 3/5184 = 795/5184 = 265/1728
    assert kill(h, "K-1", *three) == F(265, 1728)


def test_damage_already_recorded_this_round_counts_and_ss_0_calls_for_the_major_table() -> None:
    g = gunnery()
    g.act("fire", 6, ship="DD-1", weapon="beam", target="K-1", distance=2)  # a hit: 4 recorded
    assert g.eng.plugin.target_condition(g.state, g.ship("K-1")) == Condition(20, 4)
    beam = shot(g, "CA-1", "beam", "K-1", 7)
    # 4 + 0, 4, 8 with 1/4, 1/2, 1/4: 4 nothing, 8 Minor, 12 Major: 1/2 * 1/324 + 1/4 * 1/18 = 5/324
    assert kill(g, "K-1", beam) == F(5, 324) == g.eng.action_odds(g.state, Action(*beam)).p_destroy
    h = gunnery()
    h.act("set", target="K-1", key="ss", value="0")
    # at SS 0 any damage calls for the Major table: a hit (1/2) then a breach (1/18)
    assert kill(h, "K-1", shot(h, "DD-1", "beam", "K-1", 2)) == F(1, 36)


def test_a_capital_ship_plans_the_shots_it_has_left_this_round() -> None:
    g = gunnery()
    g.act("fire", 1, ship="CA-1", weapon="beam", target="FFA-1", distance=2, shots=1)
    # one shot of 8 left: a hit (1/2) is Minor on SS 20: 1/2 * 1/324
    assert kill(g, "K-1", shot(g, "CA-1", "beam", "K-1", 4)) == F(1, 648)
    g.act("fire", 1, ship="CA-1", weapon="beam", target="FFA-1", distance=2)
    spent = g.eng.plugin.plan_shot(g.state, g.ship("CA-1"), "w1", g.ship("K-1"), None)
    assert "has fired its 2 shots this round" in spent.refused and "cal §Weapons" in spent.refused


def test_the_ss_taken_stops_at_0() -> None:
    g = gunnery()
    g.act("set", target="K-1", key="ss", value="10")
    k = g.ship("K-1")
    kind, args = shot(g, "CA-1", "beam", "K-1", 4)
    taken = together(g, "K-1", (kind, args)).map(lambda o: o.damage_to(k.id))
    # 0, 8, 16 recorded with 1/4, 1/2, 1/4 on SS 10: 0, 8, 10 taken: 1/2 * 8 + 1/4 * 10 = 13/2
    assert taken.mean == F(13, 2) == g.eng.action_odds(g.state, Action(kind, args)).expected_damage
    assert g.eng.plugin.condition_damage(g.state, k, Condition(20, 15), Condition(20, 23)) == 5


def test_the_distance_sets_the_band_and_nothing_fires_past_the_range() -> None:
    g = gunnery()
    plugin, s = g.eng.plugin, g.state
    k, ca = g.ship("K-1"), g.ship("CA-1")
    unknown = plugin.plan_shot(s, k, "w1", ca, None)
    assert (unknown.kind, dict(unknown.args), unknown.distance, unknown.unit, unknown.refused) == (
        "fire", {"ship": k.id, "weapon": "w1", "target": ca.id}, DistanceUse.ODDS, "hexes", "")
    with pytest.raises(Incomplete, match="distance needed"):  # unknown, not guessed
        plugin.typed_action("fire").plan(s, dict(unknown.args))
    assert g.eng.action_odds(s, Action("fire", dict(unknown.args))) is None
    assert plugin.plan_shot(s, k, "w1", ca, 6).refused == ""  # Beam 4/6 reaches 6
    beyond = plugin.plan_shot(s, k, "w1", ca, 7)
    assert "maximum range is 6" in beyond.refused and "cal §Weapons" in beyond.refused
    assert plugin.plan_shot(s, k, k.item("Point").id, ca, 1) is None  # point defence fires at ordnance
    assert plugin.plan_shot(s, g.ship("DD-1"), "d1", k, 1) is None  # torpedo tubes launch, not fire
    g.act("set", target="CA-1", key="sensors_offline", value="yes")
    blind = g.eng.plugin.plan_shot(g.state, g.ship("CA-1"), "w1", k, 2)
    assert "maximum range is 1 (Sensors Offline)" in blind.refused


@pytest.mark.parametrize(("ship", "weapon", "target", "distance", "argv"), [
    ("CA-1", "beam", "K-1", 7, ["--attacker", "CA", "--weapon", "beam", "--target", "K"]),
    ("K-1", "projectile", "CA-1", 5, ["--attacker", "K", "--weapon", "projectile", "--target", "CA"]),
])
def test_one_attack_has_the_figures_of_the_odds_command(ship: str, weapon: str, target: str, distance: int,
                                                        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    g = gunnery()
    kind, args = shot(g, ship, weapon, target, distance)
    odds = g.eng.action_odds(g.state, Action(kind, args))
    assert main(["odds", "cal", *argv, "--distance", str(distance), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    start = g.eng.plugin.target_condition(g.state, g.ship(target))
    recorded = after(g, target, (kind, args)).map(lambda c: c.recorded - start.recorded)
    assert {str(d): float(p) for d, p in recorded.items()} == pytest.approx(printed["damage"])
    assert dict(recorded.items()) == odds.damage
    assert kill(g, target, (kind, args)) == odds.p_destroy and printed["p_destroy"] == pytest.approx(float(odds.p_destroy))
    assert printed["p_hit"] == pytest.approx(float(odds.p_hit))


def test_the_planner_row_and_a_focus_fire_of_that_one_attack_expect_the_ss_it_takes() -> None:
    """Issue 15 item 7 for cal: the expected damage of a planned attack is the SS its recorded damage will take in
    the Damage phase, capped at the SS left (cal §Damage: "Once a ship's superstructure points are reduced to 0,
    they cannot be reduced any further"), in the planner's row, a focus fire of that one attack and the dialog."""
    g = gunnery()
    g.act("set", target="K-1", key="ss", value="10")
    g.act("fire", 6, ship="DD-1", weapon="beam", target="K-1", distance=2)  # a hit: 4 recorded, 6 SS left to take
    k, ca = g.ship("K-1"), g.ship("CA-1")
    measured = Distances().with_pair(ca.id, k.id, 4)
    row = next(r for r in fire_plan(g.eng, g.state, measured, ship=ca.id, target=k.id) if r.weapon == "w1")
    alone = focus_fire(g.eng, g.state, k.id, [(ca.id, "w1")], measured)
    # two shots of 8 at 4 hexes (short), 4+ each: 0, 8, 16 recorded with 1/4, 1/2, 1/4 (mean 8) on top of 4,
    # SS 10: 0, 6, 6 taken: 3/4 * 6 = 9/2 (not 8, the damage recorded, nor 16 + 4 past the SS)
    odds = g.eng.action_odds(g.state, row.action())
    assert row.expected_damage == alone.expected_damage == odds.expected_damage == F(9, 2)
    assert sum(d * p for d, p in odds.damage.items()) == 8  # the damage recorded is shown apart, uncapped
    # SS 10: the Minor table from 3, the Major from 5. A miss leaves 4 (Minor, 1/4): 1/324; 12 or 20 Major (3/4):
    # 1/18. 1/4 * 1/324 + 3/4 * 1/18 = 1/1296 + 54/1296
    assert row.p_destroy == alone.p_destroy == odds.p_destroy == F(1, 4) * MINOR_BREACH + F(3, 4) * MAJOR_BREACH
    assert odds.p_destroy == F(55, 1296)
