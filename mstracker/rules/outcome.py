"""Result types shared by every ruleset's dice procedures: step-by-step resolutions and exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..dice import DieRoll


@dataclass(frozen=True)
class Step:
    """One step of a resolution in words a player understands, with the dice it used."""

    text: str
    dice: tuple[DieRoll, ...] = ()


@dataclass(frozen=True)
class Resolution:
    """A resolved procedure: every step, every face, and the outcome as data."""

    steps: tuple[Step, ...]
    summary: str
    outcome: dict[str, Any] = field(default_factory=dict)

    @property
    def dice(self) -> tuple[DieRoll, ...]:
        return tuple(d for step in self.steps for d in step.dice)


@dataclass(frozen=True)
class AttackOdds:
    """Exact odds of one attack.

    Rulesets with numeric damage fill `damage` (damage -> probability, including 0) and
    `expected_damage`; pz8 fills `outcomes` (none/damaged/destroyed). `p_destroy` is set when the
    target's current armor/SS is known. `extra` carries ruleset-specific figures such as
    spook's p_friendly_fire. A roll that is no attack (who goes first, a repair) leaves `p_hit` None,
    or names what its chance is with `hit_label` ("Success").
    """

    p_hit: Fraction | None
    damage: dict[int, Fraction] | None = None
    outcomes: dict[str, Fraction] | None = None
    expected_damage: Fraction | None = None
    p_destroy: Fraction | None = None
    extra: dict[str, Fraction] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    hit_label: str = "Hit chance"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.p_hit is None else {"p_hit": float(self.p_hit)}
        if self.p_hit is not None and self.hit_label != "Hit chance":
            out["hit_label"] = self.hit_label
        if self.damage is not None:
            out["damage"] = {str(k): float(v) for k, v in sorted(self.damage.items())}
        if self.outcomes is not None:
            out["outcomes"] = {k: float(v) for k, v in self.outcomes.items()}
        if self.expected_damage is not None:
            out["expected_damage"] = float(self.expected_damage)
        if self.p_destroy is not None:
            out["p_destroy"] = float(self.p_destroy)
        for key, value in self.extra.items():
            out[key] = float(value)
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def capped_mean(damage: Mapping[int, Fraction], left: int) -> Fraction:
    """E[min(damage, left)]: expected damage dealt to a target holding `left` (armor, SS): damage past what
    the target has left is no damage, and an empty bar takes none (the one definition: mstracker.game.damage)."""
    room = max(0, left)
    return sum((p * min(max(0, d), room) for d, p in damage.items()), Fraction(0))


def capped_damage(damage: Mapping[int, Fraction], left: int) -> dict[int, Fraction]:
    """The damage dealt to a target holding `left`: each value capped at it (every roll past it is `left`),
    so a chart drawn from it and `capped_mean` speak of the same damage."""
    room = max(0, left)
    out: dict[int, Fraction] = {}
    for d, p in sorted(damage.items()):
        dealt = min(max(0, d), room)
        out[dealt] = out.get(dealt, Fraction(0)) + p
    return out
