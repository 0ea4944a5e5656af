"""The fire planner's values: measured distances, one row of the plan (a weapon at a target with its
exact figures) and the order rows are shown in. Pure; Fractions throughout (floats only to sort and print).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ..rules.contract import DistanceUse, PlannedShot
from .errors import InvalidAction
from .events import Action


class SortKey(StrEnum):
    """How planner rows are ordered (best first)."""

    KILL = "kill"  # chance to destroy, then expected damage
    DAMAGE = "damage"  # expected damage, then chance to destroy


class Measured(StrEnum):
    """Where a row's distance comes from."""

    PAIR = "pair"  # measured from this ship to this target
    TARGET = "target"  # measured once for the target: all the firing ships are about this far
    SHOT = "shot"  # set by the rules from the shot this one answers (a pz8 fire-back, pz8 §4)
    UNKNOWN = "unknown"  # not measured


@dataclass(frozen=True)
class Distances:
    """Distances measured on the table: (ship id, target id) -> distance, and target id -> distance for
    "all my ships are about this far". A pair's own distance wins over its target's."""

    pairs: Mapping[tuple[str, str], int] = field(default_factory=dict)
    targets: Mapping[str, int] = field(default_factory=dict)

    def of(self, ship: str, target: str) -> int | None:
        found = self.pairs.get((ship, target))
        return found if found is not None else self.targets.get(target)

    def source(self, ship: str, target: str) -> Measured:
        if (ship, target) in self.pairs:
            return Measured.PAIR
        return Measured.TARGET if target in self.targets else Measured.UNKNOWN

    def with_pair(self, ship: str, target: str, distance: int | None) -> Distances:
        """These distances with one pair measured (None: forgotten)."""
        pairs = {k: v for k, v in self.pairs.items() if k != (ship, target)}
        if distance is not None:
            pairs[(ship, target)] = _checked(distance)
        return Distances(pairs, self.targets)

    def with_target(self, target: str, distance: int | None) -> Distances:
        """These distances with one target measured for every firing ship (None: forgotten)."""
        targets = {k: v for k, v in self.targets.items() if k != target}
        if distance is not None:
            targets[target] = _checked(distance)
        return Distances(self.pairs, targets)

    def __bool__(self) -> bool:
        return bool(self.pairs or self.targets)


def _checked(distance: int) -> int:
    if isinstance(distance, bool) or not isinstance(distance, int) or distance < 0:
        raise InvalidAction(f"a distance is a whole number of 0 or more, not {distance!r}")
    return distance


@dataclass(frozen=True)
class PlanRow:
    """One weapon of one ship at one enemy ship, with its exact figures (None where not known)."""

    ship: str
    ship_name: str
    weapon: str  # the item id on the ship (w1)
    weapon_name: str
    target: str
    target_name: str
    shot: PlannedShot
    distance: int | None
    measured: Measured
    p_hit: Fraction | None = None
    expected_damage: Fraction | None = None
    p_destroy: Fraction | None = None

    @property
    def refused(self) -> str:
        return self.shot.refused

    @property
    def needs_distance(self) -> bool:
        """True when the odds depend on a distance nobody has measured yet."""
        return not self.refused and self.shot.distance is DistanceUse.ODDS and self.distance is None

    @property
    def known(self) -> bool:
        """True when the figures are shown: the shot may be made and nothing it depends on is unknown."""
        return not self.refused and not self.needs_distance

    def action(self) -> Action:
        """The attack as the attack dialog takes it (the measured distance filled in)."""
        return Action(self.shot.kind, dict(self.shot.args))

    def to_json(self) -> dict[str, Any]:
        def num(value: Fraction | None) -> float | None:
            return None if value is None else float(value)

        return {
            "ship": self.ship, "ship_name": self.ship_name, "weapon": self.weapon, "weapon_name": self.weapon_name,
            "target": self.target, "target_name": self.target_name, "action": self.shot.kind,
            "args": dict(self.shot.args), "distance": self.distance, "measured": self.measured.value,
            "distance_use": self.shot.distance.value, "unit": self.shot.unit,
            "p_hit": num(self.p_hit), "expected_damage": num(self.expected_damage), "p_destroy": num(self.p_destroy),
            "needs_distance": self.needs_distance, "refused": self.refused or None,
        }


def sort_rows(rows: list[PlanRow] | tuple[PlanRow, ...], key: SortKey = SortKey.KILL) -> tuple[PlanRow, ...]:
    """Rows with figures first, best first by `key` (ties keep their order); then those that need a
    distance; refused ones last."""

    def order(row: PlanRow) -> tuple:
        # floats sort fast; equal fractions give equal floats, so ties stay ties
        kill = float(row.p_destroy) if row.p_destroy is not None else -1.0
        damage = float(row.expected_damage) if row.expected_damage is not None else -1.0
        first, second = (kill, damage) if key is SortKey.KILL else (damage, kill)
        group = 0 if row.known else (1 if row.needs_distance else 2)
        return group, -first, -second

    return tuple(sorted(rows, key=order))
