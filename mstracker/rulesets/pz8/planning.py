"""Planning fire in pz8: the shot a ship's gun makes at an enemy Spaceship, and what a target's damage state
means to shots made one after another (the fire planner and focus fire).

A pz8 Spaceship has no armor: it is Undamaged, Damaged or Destroyed (pz8 §4: "If the Attacker scores + 1 or
+ 2, the Target is Damaged ...; if already Damaged, it's Destroyed. If the Attacker scores + 3 or more, the
Target is Destroyed"). So a target's condition is that state, one shot moves it along by the opposed roll
read for the target's state then (a Damaged target rolls one D6, not two), and Destroyed is destroyed.
"Damage" for the planner's expected damage counts the steps taken (Undamaged → Damaged is 1, → Destroyed 2):
the book has no other measure (a choice, as the book is silent).

What a measured distance does (pz8 §4): the to-hit number itself (1-3 hexes 4+, 4-6 hexes 5+, 7-9 hexes 6),
so a shot's figures are unknown until it is measured; beyond 9 hexes no shot. "Spaceships fire straight
forward": the planner cannot see the table, so the distance typed is taken as the count of hexes straight
ahead, and a ship not straight ahead is the players' to leave out. A fire-back (pz8 §4) answers only the
ship that fired, from the shot's distance unless another is typed. Focus fire in pz8 is the shots of
several activations: a ship still waiting for its activation this turn is planned as it will fire then
(pz8 §2), a ship whose activation is over is refused. The Torpedo salvo is launched, not fired at a ship
(pz8 §5): it plans no shot.

The answers are a group of the plugin, after the counters (plugin.py lists the groups).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from ...dice import Distribution
from ...game.errors import GameError
from ...game.state import GameState, ShipState
from ...rules.contract import DistanceUse, PlannedShot
from ...rules.outcome import AttackOdds
from .counters import CounterActions
from .game_odds import GameOdds
from .procedures import to_hit_need
from .view import PendingShot, TurnView

UNDAMAGED, DAMAGED, DESTROYED = "undamaged", "damaged", "destroyed"
STATES = (UNDAMAGED, DAMAGED, DESTROYED)  # in the order damage takes a ship (pz8 §4)
ATTACKS = ("fire", "fire-back", "torpedo-attack")
UNIT = "hexes"


class PlanningAnswers(CounterActions):
    """The fire planner's questions: a planned shot, a target's damage state, its chance of destruction.
    Each shot's figures are `action_odds`' own (GameOdds, cached), kept as a distribution of states."""

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._odds = GameOdds()
        self._after: dict[tuple[int, str], tuple[AttackOdds, Distribution[Hashable]]] = {}

    # ---- the shot --------------------------------------------------------------------------------
    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        """`fire` (or `fire-back` when this ship may answer that target now) at the target, the distance
        filled in when measured; refused with the decider's reason. None for the Torpedo salvo."""
        item = next((it for it in ship.items if it.id == weapon), None)
        if item is None or (item.name in self.book.armament and self.book.armament[item.name].kind == "torpedo"):
            return None
        pending = TurnView(state).pending
        if pending is not None and pending.ship == ship.id and pending.at == target.id:
            return self._planned_fire_back(state, pending, distance)
        args: dict[str, Any] = {"ship": ship.id, "target": target.id}
        if distance is not None:
            args["distance"] = distance
        refused = self._refusal(state, ship, target, args)
        return PlannedShot("fire", args, DistanceUse.ODDS, UNIT, refused, later=self._later(state, ship, refused))

    @staticmethod
    def _later(state: GameState, ship: ShipState, refused: str) -> str:
        """Why a ship still to be activated this turn is planned all the same: the whole side fires this turn,
        each ship in its activation (pz8 §2)."""
        if refused or TurnView(state).activation_ship == ship.id or ship.get("activated"):
            return ""
        return f"{ship.label} fires in its activation, still to come this turn (pz8 §2): planned as it will fire then"

    def _planned_fire_back(self, state: GameState, pending: PendingShot, distance: int | None) -> PlannedShot:
        args = {"ship": pending.ship, "distance": pending.distance if distance is None else distance}
        try:
            self.prepare_shot(state, "fire-back", args)
        except GameError as exc:
            return PlannedShot("fire-back", args, DistanceUse.ODDS, UNIT, str(exc))
        return PlannedShot("fire-back", args, DistanceUse.ODDS, UNIT)

    def _refusal(self, state: GameState, ship: ShipState, target: ShipState, args: dict[str, Any]) -> str:
        """Why this ship's gun cannot fire at the target in this activation or its coming one ('' if it can)."""
        try:
            self.acting_ship(state, ship.id)
            if TurnView(state).activation_ship == ship.id:
                self.may_fire(state, ship)
            elif ship.get("activated"):
                return (f"{ship.label} has had its activation this turn: it fires again in its next activation "
                        f"(pz8 §2)")
            self.enemy_target(state, ship, target.id)
            if "distance" in args:
                to_hit_need(self.rules(state), int(args["distance"]), damaged=bool(ship.get("damaged")))
        except (GameError, ValueError) as exc:
            return str(exc)
        return ""

    # ---- a target's damage state under shots one after another -------------------------------------
    def target_condition(self, state: GameState, target: ShipState) -> Hashable | None:
        """Undamaged, Damaged or Destroyed, from the record (pz8 §4)."""
        if not TurnView.alive(target):
            return DESTROYED
        return DAMAGED if target.get("damaged") else UNDAMAGED

    def shot_conditions(self, state: GameState, kind: str, args: dict[str, Any], condition: Hashable
                        ) -> Distribution[Hashable] | None:
        """The target's state after one shot (or Torpedo attack) on a target in `condition`: the outcomes of
        `action_odds` for the same shot with the target in that state. None while the shot has no odds
        (no distance yet, a blank argument) or is aimed at Torpedoes."""
        if kind not in ATTACKS:
            return None
        try:
            options = GameOdds.options(state, kind, args)
        except (GameError, ValueError, KeyError, TypeError):
            return None
        if options is None or options.get("at_torpedo"):
            return None
        if condition == DESTROYED:
            return Distribution.constant(DESTROYED)
        odds = self._odds.for_options(self.rules(state), state, {**options, "target_damaged": condition == DAMAGED})
        if odds is None or odds.outcomes is None:
            return None
        key = (id(odds), str(condition))
        found = self._after.get(key)
        if found is None or found[0] is not odds:
            if len(self._after) > 1024:
                self._after.clear()
            moved = Distribution.from_weights(odds.outcomes).map(lambda result: condition if result == "none" else result)
            found = self._after[key] = (odds, moved)
        return found[1]

    def destroy_chance(self, state: GameState, target: ShipState, condition: Hashable) -> Fraction:
        """Destroyed is destroyed; no dice are left to roll (pz8 §4)."""
        return Fraction(1) if condition == DESTROYED else Fraction(0)

    def condition_damage(self, state: GameState, target: ShipState, before: Hashable, after: Hashable) -> int:
        """The damage steps taken: Undamaged → Damaged 1, Damaged → Destroyed 1, Undamaged → Destroyed 2."""
        return max(0, STATES.index(after) - STATES.index(before))
