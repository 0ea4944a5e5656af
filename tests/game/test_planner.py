"""The fire planner and focus fire through the contract alone, on the in-test mini ruleset made to need a
measured distance (its odds change with it: DistanceUse.ODDS) with its Laser shot as a typed action (its
outcome gives the planner's figures and focus fire), and on every installed ruleset's demo battle (the
planner's figures are the engine's odds of the same attack).

Mini: 3 ships a side at armor 100, two Lasers each. Here a Laser hits for 50 on a d12 of 7 or more within
6 units (1/2), of 10 or more beyond (1/4), and reaches 12 units.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction as F
from typing import Any

import pytest
from minirules import RULESET, MiniPlugin, rosters

from mstracker.dice import Distribution, TypedFaces
from mstracker.game import Action, ArgSpec, ArgType, Engine, Event, GameState, InvalidAction, dice_data, dice_words
from mstracker.game.batch import Batch
from mstracker.game.events import ActionSpec, DiceRecorder
from mstracker.game.plugin import set_value
from mstracker.game.planner import Distances, Measured, SortKey, fire_plan, sort_rows
from mstracker.game.planner_focus import focus_fire, percent
from mstracker.game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from mstracker.rules.contract import Capabilities, DicePlan, DistanceUse, PlanBuilder, PlannedShot


def chance(distance: int) -> F:
    return F(1, 2) if distance <= 6 else F(1, 4)


@dataclass(frozen=True)
class Shot:
    """One Laser shot as prepared: who fires what at whom, the target's armor and the measured distance."""

    ship: str
    weapon: str
    target: str
    armor: int
    distance: int

    @property
    def needs(self) -> int:
        return 7 if self.distance <= 6 else 10


class RangedFire(RuleAction[Shot]):
    """Mini's Laser shot with a measured distance, as one typed action."""

    spec = ActionSpec(
        "fire", "fire a Laser: d12 7+ within 6 units, 10+ beyond, 50 damage",
        (ArgSpec("ship", ArgType.SHIP, "firing ship"), ArgSpec("weapon", ArgType.ITEM, "weapon"),
         ArgSpec("target", ArgType.SHIP, "target"), ArgSpec("distance", ArgType.INT, "units", required=False)),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        if not args.get("ship"):
            raise Incomplete("ship")
        ship = self.plugin.acting_ship(state, str(args["ship"]), own=True)  # the other side's ships never act
        for name in ("weapon", "target"):
            if not args.get(name):
                raise Incomplete(name)
        if args.get("distance") is None:
            raise Incomplete("distance", "measure the distance first")
        weapon = ship.item(str(args["weapon"]))
        if weapon.record.get("reload"):
            raise InvalidAction(f"{weapon.name} of {ship.label} is reloading ({weapon.record['reload']} turn(s) left)")
        target = self.plugin.acting_ship(state, str(args["target"]))
        return Shot(ship.id, weapon.id, target.id, int(target.get("armor")), int(args["distance"]))

    def dice(self, p: Shot) -> DicePlan:
        plan = PlanBuilder()
        plan.die(12, f"to hit ({p.needs}+)", ship=p.ship, table="Laser (mini §3)")
        return plan.build()

    def outcome(self, p: Shot) -> Distribution[Outcome]:
        p_hit = chance(p.distance)
        dealt = min(50, max(0, p.armor))  # capped at the armor left
        hit = Outcome(dealt=((p.target, dealt),), destroyed=frozenset({p.target}) if p.armor <= 50 else frozenset(),
                      hit=True)
        return Distribution.from_weights({hit: p_hit, Outcome(dealt=((p.target, 0),), hit=False): 1 - p_hit})

    def odds_words(self, p: Shot) -> OddsWords:
        return OddsWords(ship=p.target)

    def after(self, p: Shot, earlier: Outcome) -> Shot:
        return replace(p, armor=p.armor - (earlier.damage_to(p.target) or 0))

    def apply(self, p: Shot, dice: DiceRecorder, batch: Batch) -> None:
        state = batch.state
        ship, target = state.ships[p.ship], state.ships[p.target]
        face = dice.roll(12)
        rolled = dice.take()
        hit = face >= p.needs
        text = f"{ship.label} fires {ship.item(p.weapon).name} at {target.label}: {dice_words(rolled)}, {'hit' if hit else 'miss'}"
        batch.add(Event("weapon-fired", {"ship": ship.id, "item": p.weapon, "target": target.id, "hit": hit,
                                         "dice": dice_data(rolled)}, text))
        if hit:
            armor = max(0, p.armor - 50)
            batch.add(set_value(state, target.id, "armor", armor, "hit"))
            if armor == 0:
                batch.add(set_value(state, target.id, "destroyed", True, "armor gone"))


class Ranged(MiniPlugin):
    """Mini whose Lasers need the distance measured: the odds depend on it. Its fire is the typed action."""

    capabilities = Capabilities(exact_odds=True, planner=True)
    rule_actions = (*MiniPlugin.rule_actions, RangedFire)

    def plan_shot(self, state: GameState, ship: Any, weapon: str, target: Any, distance: int | None) -> PlannedShot:
        args: dict[str, Any] = {"ship": ship.id, "weapon": weapon, "target": target.id}
        refused = ""
        if distance is not None:
            args["distance"] = distance
            if distance > 12:
                refused = f"a Laser reaches 12 units; the target is {distance} away (mini §3)"
        return PlannedShot("fire", args, DistanceUse.ODDS, "units", refused)


def play() -> tuple[Engine, GameState]:
    eng = Engine(Ranged(RULESET))
    state = eng.replay([eng.created_event(eng.new_game("Test", rosters(), {}))])
    for _ in range(4):  # turn 1: reload, check, move, fire
        state = eng.apply(state, eng.decide(state, Action("next-step"), TypedFaces([])))
    return eng, state


def test_unmeasured_shots_wait_for_a_distance_and_never_guess_it() -> None:
    eng, state = play()
    rows = fire_plan(eng, state)
    # Ann's three ships (1-3), two Lasers each, at Bob's three ships (4-6)
    assert len(rows) == 18 and {r.ship for r in rows} == {"1", "2", "3"} and {r.target for r in rows} == {"4", "5", "6"}
    assert all(r.needs_distance and not r.known and r.distance is None and r.measured is Measured.UNKNOWN for r in rows)
    assert all((r.p_hit, r.expected_damage, r.p_destroy) == (None, None, None) for r in rows)


def test_a_target_distance_serves_every_ship_and_a_pair_distance_wins() -> None:
    eng, state = play()
    distances = Distances().with_target("4", 9).with_pair("1", "4", 3)
    rows = [r for r in fire_plan(eng, state, distances) if r.target == "4"]
    by_ship = {(r.ship, r.weapon): r for r in rows}
    assert (by_ship["1", "w1"].distance, by_ship["1", "w1"].measured, by_ship["1", "w1"].p_hit) == (3, Measured.PAIR, F(1, 2))
    assert (by_ship["2", "w1"].distance, by_ship["2", "w1"].measured, by_ship["2", "w1"].p_hit) == (9, Measured.TARGET, F(1, 4))
    assert by_ship["2", "w1"].action() == Action("fire", {"ship": "2", "weapon": "w1", "target": "4", "distance": 9})
    assert distances.with_pair("1", "4", None).of("1", "4") == 9  # forgotten: the target's distance again
    with pytest.raises(InvalidAction, match="a distance is a whole number of 0 or more"):
        distances.with_target("5", -1)


def test_figures_are_the_engines_odds_and_beyond_range_is_refused() -> None:
    eng, state = play()
    state = eng.apply(state, eng.decide(state, Action("set", {"target": "5", "key": "armor", "value": "50"}), TypedFaces([])))
    rows = fire_plan(eng, state, Distances().with_target("4", 5).with_target("5", 8).with_target("6", 13))
    for row in rows:
        if row.known:
            odds = eng.action_odds(state, row.action())
            assert (row.p_hit, row.expected_damage, row.p_destroy) == (odds.p_hit, odds.expected_damage, odds.p_destroy)
    at_5 = next(r for r in rows if r.target == "5")
    assert (at_5.p_hit, at_5.expected_damage, at_5.p_destroy) == (F(1, 4), F(25, 2), F(1, 4))
    refused = [r for r in rows if r.target == "6"]
    assert len(refused) == 6 and all(r.refused == "a Laser reaches 12 units; the target is 13 away (mini §3)" for r in refused)
    assert rows[-6:] == tuple(refused)


def test_rows_sort_by_kill_chance_or_by_expected_damage() -> None:
    eng, state = play()
    state = eng.apply(state, eng.decide(state, Action("set", {"target": "5", "key": "armor", "value": "50"}), TypedFaces([])))
    distances = Distances().with_target("4", 2).with_target("5", 10)
    # at #4 (armor 100, close): 1/2 to hit, 25 expected, 0 to destroy; at #5 (armor 50, far): 1/4, 25/2, 1/4
    by_kill = fire_plan(eng, state, distances, target=None, sort=SortKey.KILL)
    assert [r.target for r in by_kill if r.known][:6] == ["5"] * 6
    by_damage = sort_rows(by_kill, SortKey.DAMAGE)
    assert [r.target for r in by_damage if r.known][:6] == ["4"] * 6
    assert [r.target for r in by_damage][-6:] == ["6"] * 6  # unmeasured last


def test_only_ready_weapons_of_the_firing_side_at_enemies_in_play() -> None:
    eng, state = play()
    state = eng.apply(state, eng.decide(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "4", "distance": 3}),
                                        TypedFaces([7])))  # a hit: 50; Laser w1 of #1 now reloads
    state = eng.apply(state, eng.decide(state, Action("set", {"target": "6", "key": "destroyed", "value": "yes"}), TypedFaces([])))
    rows = fire_plan(eng, state, Distances().with_target("4", 1))
    assert ("1", "w1") not in {(r.ship, r.weapon) for r in rows}
    assert {r.target for r in rows} == {"4", "5"}
    assert [r.weapon for r in fire_plan(eng, state, ship="1")] == ["w2", "w2"]
    with pytest.raises(InvalidAction, match="out of play"):
        fire_plan(eng, state, ship="6")


def test_focus_fire_applies_each_attack_to_what_the_last_left() -> None:
    eng, state = play()
    close = Distances().with_target("4", 4)
    two = focus_fire(eng, state, "4", [("1", "w1"), ("2", "w1")], close)
    # armor 100, 50 a hit at 1/2: both must hit
    assert (two.p_destroy, dict(two.damage.items())) == (F(1, 4), {0: F(1, 4), 50: F(1, 2), 100: F(1, 4)})
    three = focus_fire(eng, state, "4", [("1", "w1"), ("2", "w1"), ("3", "w2")], close)
    # two hits of three destroy it: 1 - 1/8 (none) - 3/8 (one) = 1/2; once destroyed it is fired at no more
    assert (three.p_destroy, three.damage[100], three.damage[150]) == (F(1, 2), F(1, 2), 0)
    assert three.expected_damage == 50 * F(3, 8) + 100 * F(1, 2)
    assert percent(three.p_destroy) == "50.0%"
    assert three.text() == "Red Fleet 1 Laser + Red Fleet 2 Laser + Red Fleet 3 Laser on Blue Fleet 1: 50.0% to destroy"


def test_focus_fire_says_what_is_wrong_with_an_attack() -> None:
    eng, state = play()
    close = Distances().with_target("4", 4)
    state = eng.apply(state, eng.decide(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "5", "distance": 3}),
                                        TypedFaces([1])))
    cases = {
        "no ship 'Zed'": [("Zed", "w1")],
        "Laser (w1) of Red Fleet 1 (#1) is not ready: reloading": [("1", "w1")],
        "Blue Fleet 1 (#4) is not an enemy of Blue Fleet 2 (#5)": [("5", "w1")],
        "Laser (w2) of Red Fleet 1 (#1) is listed twice": [("1", "w2"), ("Red Fleet 1", "w2")],
    }
    for message, shots in cases.items():
        with pytest.raises(InvalidAction, match=message.replace("(", r"\(").replace(")", r"\)")):
            focus_fire(eng, state, "4", shots, close)
    with pytest.raises(InvalidAction, match=r"depend on its distance to Blue Fleet 1 \(#4\): measure it \(units\)"):
        focus_fire(eng, state, "4", [("2", "w1")])
    with pytest.raises(InvalidAction, match="reaches 12 units"):
        focus_fire(eng, state, "4", [("2", "w1")], Distances().with_pair("2", "4", 20))


def test_a_typed_action_answers_the_dice_odds_and_target() -> None:
    eng, state = play()
    plugin = eng.plugin
    assert [s.kind for s in plugin.action_specs()] == ["fire", "spend"]  # Ranged's fire replaces Mini's, in its place
    args = {"ship": "1", "weapon": "w1", "target": "4", "distance": 8}
    plan = eng.dice_plan(state, Action("fire", args))
    assert plan is not None and [(n.sides, n.purpose) for n in plan.needs] == [(12, "to hit (10+)")]
    odds = eng.action_odds(state, Action("fire", args))
    assert odds is not None and (odds.p_hit, odds.expected_damage, odds.p_destroy) == (F(1, 4), F(25, 2), F(0))
    assert odds == plugin.rule_action("fire").odds(state, args)
    target = plugin.attack_target(state, "fire", args)
    assert target is not None and target.id == "4"
    # a blank argument: no dice plan (Incomplete says which), no odds, no target
    with pytest.raises(InvalidAction, match="measure the distance first"):
        eng.dice_plan(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}))
    assert eng.action_odds(state, Action("fire", {"ship": "1", "weapon": "w1"})) is None
    assert plugin.attack_target(state, "fire", {"ship": "1", "weapon": "w1"}) is None
    # an action that declares no dice and no outcome (spend) has neither, and attacks nobody
    assert eng.dice_plan(state, Action("spend", {"amount": 1})) is None
    assert eng.action_odds(state, Action("spend", {"amount": 1})) is None
    assert plugin.attack_target(state, "spend", {"amount": 1}) is None