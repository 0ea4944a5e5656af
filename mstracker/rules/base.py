"""Common building blocks of every ruleset schema: provenance marks, dice tables, phases, settings.

Every model is frozen and forbids unknown fields, so a typo in a data file fails loudly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Frozen(BaseModel):
    """Base for all rules models: immutable, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Provenance(StrEnum):
    """Where a value comes from: the book's text, an inference from it, or a project default."""

    TEXT = "text"
    INFERRED = "inferred"
    HOUSE_DEFAULT = "house-default"
    HOUSE_RULE = "house-rule"


class Entry(Frozen):
    """A named rulebook entry (a class, weapon, device, ...) with its citation and marks.

    `inferred` and `house_default` list the field names whose values RULES.md marks INFERRED or
    HOUSE-DEFAULT ("*" marks the whole entry), so every screen can badge them.
    """

    source: str = Field(description="Rulebook section the entry comes from, e.g. '§5 E3'.")
    inferred: tuple[str, ...] = ()
    house_default: tuple[str, ...] = ()
    note: str = ""

    @model_validator(mode="after")
    def _marks_name_fields(self) -> Entry:
        names = set(type(self).model_fields)
        for mark in (*self.inferred, *self.house_default):
            if mark != "*" and mark not in names:
                raise ValueError(f"marks unknown field {mark!r}")
        return self

    def provenance(self, field: str) -> Provenance:
        """The provenance of one field of this entry."""
        if field in self.house_default or "*" in self.house_default:
            return Provenance.HOUSE_DEFAULT
        if field in self.inferred or "*" in self.inferred:
            return Provenance.INFERRED
        return Provenance.TEXT


_DICE_RE = re.compile(r"^(\d*)d(\d+)$")


def dice_range(dice: str) -> range:
    """The totals a plain `NdX` can show, e.g. '2d6' -> range(2, 13)."""
    m = _DICE_RE.match(dice.strip().lower())
    if not m:
        raise ValueError(f"expected dice like 'd12' or '2d6', got {dice!r}")
    n = int(m.group(1) or 1)
    sides = int(m.group(2))
    return range(n, n * sides + 1)


class TableRow(Frozen):
    """One row of a dice table: the faces (totals) it covers and what happens."""

    faces: tuple[int, ...]
    result: str = Field(description="Machine key of the outcome, e.g. 'half' or 'fire'.")
    text: str = Field(description="The outcome in the book's words.")
    value: int | None = Field(default=None, description="A number the row gives (damage %, damage).")


class DiceTable(Entry):
    """A table read with a roll, e.g. the spook accuracy d12 table or the cal Minor Damage 2d6 table."""

    name: str
    dice: str
    rows: tuple[TableRow, ...]

    @model_validator(mode="after")
    def _covers_each_face_once(self) -> DiceTable:
        span = dice_range(self.dice)
        seen: dict[int, str] = {}
        for row in self.rows:
            for face in row.faces:
                if face not in span:
                    raise ValueError(f"face {face} cannot be rolled on {self.dice}")
                if face in seen:
                    raise ValueError(f"face {face} is in both {seen[face]!r} and {row.result!r}")
                seen[face] = row.result
        missing = [f for f in span if f not in seen]
        if missing:
            raise ValueError(f"faces {missing} of {self.dice} have no row")
        return self

    def lookup(self, total: int) -> TableRow:
        """The row for a rolled total."""
        for row in self.rows:
            if total in row.faces:
                return row
        raise KeyError(f"{self.name}: no row for {total}")


class StepKind(StrEnum):
    MANUAL = "manual"
    AUTO = "auto"


class PhaseStep(Frozen):
    id: str
    text: str
    kind: StepKind = StepKind.MANUAL
    source: str = ""
    inferred: bool = False


class Phase(Frozen):
    """One phase of the turn or round sequence, with its sub-steps in order."""

    id: str
    name: str
    source: str
    inferred: bool = False
    steps: tuple[PhaseStep, ...] = ()


Scalar = bool | int | float | str


class Setting(Frozen):
    """A HOUSE-DEFAULT or INFERRED choice the players may change (RULES.md key)."""

    value: Scalar
    text: str
    source: str
    status: Provenance = Provenance.HOUSE_DEFAULT
    options: tuple[Scalar, ...] = ()
    minimum: float | None = None
    maximum: float | None = None

    @model_validator(mode="after")
    def _value_allowed(self) -> Setting:
        check_setting_value(self, self.value)
        return self


def check_setting_value(setting: Setting, value: Any) -> None:
    """Raise ValueError when `value` is not allowed for `setting`."""
    expected = type(setting.value)
    if expected is bool and not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    if expected in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise ValueError(f"expected a number, got {value!r}")
    if expected is int and isinstance(value, float) and not value.is_integer():
        raise ValueError(f"expected a whole number, got {value!r}")
    if expected is str and not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    if setting.options and value not in setting.options:
        choices = ", ".join(str(o) for o in setting.options)
        raise ValueError(f"{value!r} is not one of: {choices}")
    if setting.minimum is not None and value < setting.minimum:
        raise ValueError(f"{value!r} is below the minimum {setting.minimum:g}")
    if setting.maximum is not None and value > setting.maximum:
        raise ValueError(f"{value!r} is above the maximum {setting.maximum:g}")


class Budget(Entry):
    """A budget preset (spook Scrimmage / Campaign, lukas Frigate Warfare, ...)."""

    name: str
    cap: int | None = None
    cap_max: int | None = None
    text: str = ""


class Meta(Frozen):
    id: str
    title: str
    version: str
    rulebook: str
    dice: tuple[str, ...]
    distance_unit: str
    grid: str
    rounding: str
    turn_word: str = "turn"
    max_players: int = Field(
        default=2,
        ge=2,
        le=16,
        description="How many players a game may have. cal and lukas allow more than two (their books "
        "speak of several players or teams); the 8 they are given is a practical limit, not the book's.",
    )


class RulesetBase(Frozen):
    """What every ruleset has. Ruleset packages subclass this with their own sections."""

    meta: Meta
    tables: Mapping[str, DiceTable] = {}  # tables and budgets Mappings: a ruleset narrows them to its own kinds
    phases: tuple[Phase, ...] = ()
    settings: dict[str, Setting] = {}
    budgets: Mapping[str, Budget] = {}
    house_rules: frozenset[str] = Field(
        default=frozenset(), description="Dotted paths overridden by the user's house-rule file."
    )

    @property
    def id(self) -> str:
        return self.meta.id

    def setting(self, key: str) -> Scalar:
        """The value in force for a setting key (house rules already applied)."""
        return self.settings[key].value

    def is_house_rule(self, *path: str) -> bool:
        """True when this path, or anything under it, was changed by a house rule."""
        dotted = ".".join(path)
        return any(p == dotted or p.startswith(dotted + ".") for p in self.house_rules)

    def sections(self) -> dict[str, dict[str, Any] | tuple[Any, ...]]:
        """Named sections shown by `rules show`, in declaration order."""
        out: dict[str, Any] = {}
        for name in type(self).model_fields:
            if name in ("meta", "house_rules"):
                continue
            out[name] = getattr(self, name)
        return out
