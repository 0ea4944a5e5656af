"""Focus fire: several attacks on one target, made one after another, and the exact chance that together
they destroy it, with the distribution of the damage they deal.

Each attack is a typed action (game.typed_action): their outcomes are folded (`game.outcomes.fold`: each
made again after what the ones before did, in the rules' order; a target already destroyed takes no
further attack), so the result is exact, and one attack's focus fire is exactly its planner row. Attacks
are checked the way the planner checks one: the ship fires now, the weapon is ready, the target is an
enemy it may fire at, the shot is not refused, and a distance the odds depend on has been measured. The same weapon may be listed once; several weapons of
one ship may fire at the target when the rules let each fire.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..dice import Distribution
from ..rules.contract import Readiness
from ..rules.names import possessive
from .errors import InvalidAction
from .outcomes import fold
from .planner import Distances, FirePlanner, PlanRow
from .state import GameState, ShipState

if TYPE_CHECKING:
    from .engine import Engine


@dataclass(frozen=True)
class FocusFire:
    """Attacks on one target, in order, and what they do together."""

    target: str
    target_name: str
    shots: tuple[PlanRow, ...]
    p_destroy: Fraction
    damage: Distribution[int]

    @property
    def expected_damage(self) -> Fraction:
        return self.damage.mean

    def names(self) -> str:
        """'Blue Claw Cluster Torpedo Launcher + Blue Fang Gattling Mass Driver'."""
        return " + ".join(f"{r.ship_name} {r.weapon_name}" for r in self.shots)

    def text(self) -> str:
        """'Blue Claw Cluster Torpedo Launcher + Blue Fang Gattling Mass Driver on Red Hammer: 41.7% to destroy'."""
        return f"{self.names()} on {self.target_name}: {percent(self.p_destroy)} to destroy"

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target, "target_name": self.target_name,
            "shots": [r.to_json() for r in self.shots],
            "p_destroy": float(self.p_destroy), "expected_damage": float(self.expected_damage),
            "damage": {str(d): float(p) for d, p in self.damage.items()},
        }


def percent(value: Fraction | None) -> str:
    """'41.7%' (one decimal), '—' when unknown."""
    return "—" if value is None else f"{float(value) * 100:.1f}%"


def focus_fire(engine: Engine, state: GameState, target: str, shots: Sequence[tuple[str, str]],
               distances: Distances | None = None) -> FocusFire:
    """The exact chance that these attacks (ship, weapon), made in this order, destroy `target`."""
    return FocusPlanner(FirePlanner(engine, state)).focus(target, shots, distances or Distances())


class FocusPlanner:
    """Checks each attack of a focus fire and folds their outcomes together (one job)."""

    def __init__(self, planner: FirePlanner) -> None:
        self.planner = planner

    def focus(self, target: str, shots: Sequence[tuple[str, str]], distances: Distances) -> FocusFire:
        planner = self.planner
        aim = planner.state.find_ship(target)
        if not planner.in_play(aim):
            raise InvalidAction(f"{aim.label} is out of play: nothing to destroy")
        if not shots:
            raise InvalidAction(f"name at least one attack on {aim.label}")
        rows = tuple(self.checked_row(ship, weapon, aim, distances, seen) for seen, (ship, weapon)
                     in [(shots[:n], shots[n]) for n in range(len(shots))])
        typed = [planner.plugin.typed_action(r.shot.kind) for r in rows]
        untyped = sorted({r.shot.kind for r, a in zip(rows, typed) if a is None})
        if untyped:
            raise InvalidAction(f"these rules give no outcome of {', '.join(untyped)} to fold into focus fire")
        # typed actions: their outcomes folded in the rules' order
        together = fold([(a, a.plan(planner.state, r.shot.args)) for a, r in zip(typed, rows) if a is not None], aim.id)
        return FocusFire(aim.id, aim.name, rows, together.probability(lambda o: aim.id in o.destroyed),
                         together.map(lambda o: o.damage_to(aim.id) or 0))

    def checked_row(self, ship_ref: str, weapon_ref: str, aim: ShipState, distances: Distances,
                    earlier: Sequence[tuple[str, str]]) -> PlanRow:
        """The planner's row of one attack, or InvalidAction saying what is wrong with it."""
        planner = self.planner
        state = planner.state
        ship = state.find_ship(ship_ref)
        if not planner.in_play(ship):
            raise InvalidAction(f"{ship.label} is out of play and fires no more")
        item = ship.item(weapon_ref)
        if any(state.find_ship(s).id == ship.id and ship.item(w).id == item.id for s, w in earlier):
            raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} is listed twice: each weapon fires once")
        ready = {r.item: r for r in planner.plugin.readiness(state, ship)}
        status = ready.get(item.id)
        if item.kind != "weapon":
            raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} is a {item.kind}, not a weapon")
        if status is None or not (status.usable or status.status is Readiness.WAITING):
            why = status.words() if status is not None else "not ready"
            raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} is not ready: {why}")
        if aim.owner == ship.owner:
            raise InvalidAction(f"{aim.label} is not an enemy of {ship.label}: both are "
                                f"{possessive(state.players[ship.owner].name)}")
        shot = planner.plugin.plan_shot(state, ship, item.id, aim, distances.of(ship.id, aim.id))
        if shot is None:
            raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} makes no attack on a ship")
        if not shot.later:  # a shot the rules plan for later this turn (pz8 §2) is checked by them alone
            if not status.usable:
                raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} is not ready: {status.words()}")
            if not planner.may_act(shot.kind, ship):
                raise InvalidAction(planner.cannot_act(shot.kind, ship))
            if not planner.may_target(shot.kind, ship, aim):
                raise InvalidAction(f"{ship.label} may not {shot.kind} at {aim.label} now")
        if shot.refused:
            raise InvalidAction(shot.refused)
        distance, measured = planner.distance(shot, ship, aim, distances)
        row = planner.row(ship, (item.id, item.name), aim, shot, distance, measured)
        if row.needs_distance:
            raise InvalidAction(f"the odds of {item.name} of {ship.label} depend on its distance to {aim.label}: "
                                f"measure it ({shot.unit or 'distance'}) first")
        return row
