"""The fire planner: every ready weapon of the side that fires now, at every enemy it may fire at, with the
exact hit chance, expected damage and chance to destroy; focus fire is in `planner_focus`.

Everything comes from the ruleset contract, so no ruleset is named here: `readiness` (only READY
weapons), `actors` and `targets` (who may fire at whom now), `plan_shot` (the attack a weapon at a target
is, what a measured distance changes, why it is refused) and the engine's `action_odds`: the attack's
typed outcome (game.outcomes) gives the hit chance, the expected damage (dealt, capped at what the target
has: the one definition, game.damage) and the exact chance to destroy, the figures of the attack dialog
for the same attack.

Distances are what the players measured on the table, per pair (`ship`, `target`) or per target ("all my
ships are about this far"), never guessed: a shot whose odds depend on the distance (`DistanceUse.ODDS`)
shows no figures until it is measured; one whose distance only decides whether it reaches
(`DistanceUse.RANGE`) shows its figures and the distance as unknown.

Pure: no I/O; Fractions throughout, floats only where a screen prints them. The values (Distances,
PlanRow, SortKey) are in `planner_rows`.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..rules.contract import DistanceUse, ItemReadiness, PlannedShot, Readiness
from ..rules.names import possessive
from .errors import InvalidAction
from .events import Action
from .planner_rows import Distances, Measured, PlanRow, SortKey, sort_rows
from .state import GameState, ShipState

if TYPE_CHECKING:
    from .engine import Engine

__all__ = ["Distances", "FirePlanner", "Measured", "PlanRow", "SortKey", "fire_plan", "sort_rows"]


class FirePlanner:
    """The planner for one state of one game (its answers are cached for that state only)."""

    def __init__(self, engine: Engine, state: GameState) -> None:
        self.engine = engine
        self.plugin = engine.plugin
        self.state = state
        self._actors: dict[str, frozenset[str]] = {}
        self._ready: dict[str, dict[str, ItemReadiness]] = {}
        self._in_play: dict[str, bool] = {}
        self._order: list[ShipState] | None = None
        self._targets: dict[tuple[str, str], frozenset[str]] = {}
        self._conditions: dict[str, Hashable | None] = {}
        self._figures: dict[Hashable, tuple[Fraction | None, Fraction | None, Fraction | None]] = {}

    # ---- who fires at whom -------------------------------------------------------------------------
    def in_play(self, ship: ShipState) -> bool:
        found = self._in_play.get(ship.id)
        if found is None:
            found = self._in_play[ship.id] = not self.engine.spec.lost(ship.record)
        return found

    def ships(self) -> list[ShipState]:
        """Every ship in id order (once per state)."""
        if self._order is None:
            self._order = _in_id_order(self.state)
        return self._order

    def firing_ships(self, ship: str | None = None, player: int | None = None) -> list[ShipState]:
        """The one ship asked for, else the ships in play of `player` (the active player by default)."""
        state = self.state
        if ship is not None:
            found = state.find_ship(ship)
            if not self.in_play(found):
                raise InvalidAction(f"{found.label} is out of play and fires no more")
            return [found]
        owner = state.active if player is None else player
        return [s for s in self.ships() if s.owner == owner and self.in_play(s)]

    def enemies(self, ship: ShipState) -> list[ShipState]:
        return [s for s in self.ships() if s.owner != ship.owner and self.in_play(s)]

    def readiness(self, ship: ShipState) -> dict[str, ItemReadiness]:
        """The ship's items by id, as the contract's readiness gives them (once per state)."""
        found = self._ready.get(ship.id)
        if found is None:
            found = self._ready[ship.id] = {r.item: r for r in self.plugin.readiness(self.state, ship)}
        return found

    def ready_weapons(self, ship: ShipState) -> list[tuple[str, str]]:
        """(item id, name) of the ship's weapons that are READY now, or WAITING to fire later this turn (the
        ruleset's planned shot then says so, `PlannedShot.later`, or the weapon is left out)."""
        return [(r.item, r.name) for r in self.readiness(ship).values()
                if r.kind == "weapon" and (r.usable or r.status is Readiness.WAITING)]

    def may_act(self, kind: str, ship: ShipState) -> bool:
        if kind not in self._actors:
            self._actors[kind] = frozenset(s.id for s in self.plugin.actors(self.state, kind))
        return ship.id in self._actors[kind]

    def may_target(self, kind: str, ship: ShipState, target: ShipState) -> bool:
        key = (kind, ship.id)
        if key not in self._targets:
            self._targets[key] = frozenset(s.id for s in self.plugin.targets(self.state, kind, ship))
        return target.id in self._targets[key]

    # ---- figures -------------------------------------------------------------------------------------
    def condition(self, target: ShipState) -> Hashable | None:
        if target.id not in self._conditions:
            self._conditions[target.id] = self.plugin.target_condition(self.state, target)
        return self._conditions[target.id]

    def row(self, ship: ShipState, weapon: tuple[str, str], target: ShipState, shot: PlannedShot,
            distance: int | None, measured: Measured) -> PlanRow:
        if shot.refused or (shot.distance is DistanceUse.ODDS and distance is None):  # no figures shown
            return PlanRow(ship.id, ship.name, weapon[0], weapon[1], target.id, target.name, shot, distance, measured)
        key = None
        if shot.same is not None:  # equal shots at targets in equal conditions: worked out once
            key = (shot.kind, shot.same, self.condition(target), distance if shot.distance is DistanceUse.ODDS else None)
        figures = self._figures.get(key) if key is not None else None
        if figures is None:
            figures = self.figures(shot, target)
            if key is not None:
                self._figures[key] = figures
        return PlanRow(ship.id, ship.name, weapon[0], weapon[1], target.id, target.name, shot, distance, measured,
                       *figures)

    def figures(self, shot: PlannedShot, target: ShipState
                ) -> tuple[Fraction | None, Fraction | None, Fraction | None]:
        """(hit chance, expected damage, chance to destroy) of one shot: the engine's odds of the attack
        action (None each where it gives none)."""
        odds = self.engine.action_odds(self.state, Action(shot.kind, dict(shot.args)))
        if odds is None:
            return None, None, None
        return odds.p_hit, odds.expected_damage, odds.p_destroy  # expected: dealt, capped (game.damage)

    # ---- the plan ------------------------------------------------------------------------------------
    def plan(self, distances: Distances | None = None, *, ship: str | None = None, player: int | None = None,
             target: str | None = None, sort: SortKey = SortKey.KILL) -> tuple[PlanRow, ...]:
        """Every ready weapon of the firing ships at every enemy it may fire at now (or at one `target`),
        sorted best first by `sort`."""
        distances = distances or Distances()
        wanted = self.state.find_ship(target) if target is not None else None
        rows: list[PlanRow] = []
        for attacker in self.firing_ships(ship, player):
            weapons = self.ready_weapons(attacker)
            if not weapons:
                continue
            for enemy in ([wanted] if wanted is not None else self.enemies(attacker)):
                if enemy.owner == attacker.owner or not self.in_play(enemy):
                    continue
                for weapon in weapons:
                    found = self.shot(attacker, weapon[0], enemy, distances)
                    if found is not None:
                        rows.append(self.row(attacker, weapon, enemy, *found))
        return sort_rows(rows, sort)

    def shot(self, ship: ShipState, weapon: str, target: ShipState, distances: Distances
             ) -> tuple[PlannedShot, int | None, Measured] | None:
        """The planned shot with its distance, when the rules let this ship fire it at this target now (or
        later this turn, as the ruleset plans it: `PlannedShot.later`)."""
        shot = self.plugin.plan_shot(self.state, ship, weapon, target, distances.of(ship.id, target.id))
        if shot is None or not self.fires_now_or_later(shot, ship, weapon):
            return None
        if not shot.later and not self.may_target(shot.kind, ship, target):
            return None
        return (shot, *self.distance(shot, ship, target, distances))

    def fires_now_or_later(self, shot: PlannedShot, ship: ShipState, weapon: str) -> bool:
        """A weapon ready now whose ship may act now, or one the ruleset plans as it will fire later this turn."""
        if shot.later:
            return True
        ready = self.readiness(ship).get(weapon)
        return ready is not None and ready.usable and self.may_act(shot.kind, ship)

    @staticmethod
    def distance(shot: PlannedShot, ship: ShipState, target: ShipState, distances: Distances
                 ) -> tuple[int | None, Measured]:
        """The distance of a shot: as measured, else the one the rules filled in (a fire-back answers from
        the distance of the shot it answers, pz8 §4)."""
        distance = distances.of(ship.id, target.id)
        given = shot.args.get("distance")
        if distance is None and isinstance(given, int) and not isinstance(given, bool):
            return given, Measured.SHOT
        return distance, distances.source(ship.id, target.id)


    def why_silent(self, ship: ShipState) -> str:
        """Why a ship has no shot to plan now, in the contract's words ('' when it has one)."""
        rows = self.plan(ship=ship.id)
        if rows:
            return ""
        weapons = [r for r in self.plugin.readiness(self.state, ship) if r.kind == "weapon"]
        if not weapons:
            return f"{ship.label} carries no weapon"
        ready = [r for r in weapons if r.usable]
        if not ready:
            return f"{ship.label} has no weapon ready: " + "; ".join(f"{r.name} ({r.item}) {r.words()}" for r in weapons)
        for enemy in self.enemies(ship):
            shot = self.plugin.plan_shot(self.state, ship, ready[0].item, enemy, None)
            if shot is not None and not self.may_act(shot.kind, ship):
                return self.cannot_act(shot.kind, ship)
        return f"{ship.label} has no enemy it may fire at now"

    def cannot_act(self, kind: str, ship: ShipState) -> str:
        """Why a ship may not do the attack `kind` now, in the contract's words."""
        legal = self.engine.legal_action(self.state, kind, ship.id, None)
        if not legal.allowed and legal.reason:
            return f"{ship.label} may not {kind} now: {legal.reason}"
        if ship.owner != self.state.active and all(self.state.ships[a].owner != ship.owner for a in legal.actors):
            return f"{ship.label} may not {kind} now: it is {possessive(self.state.active_player.name)} turn"
        return f"{ship.label} may not {kind} now" + (f": {legal.reason}" if legal.reason else "")


def fire_plan(engine: Engine, state: GameState, distances: Distances | None = None, *, ship: str | None = None,
              player: int | None = None, target: str | None = None, sort: SortKey = SortKey.KILL
              ) -> tuple[PlanRow, ...]:
    """The planner's rows for this state (see FirePlanner.plan)."""
    return FirePlanner(engine, state).plan(distances, ship=ship, player=player, target=target, sort=sort)


def _in_id_order(state: GameState) -> list[ShipState]:
    return sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))
