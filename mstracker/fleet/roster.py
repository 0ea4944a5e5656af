"""The roster model shared by every ruleset: a player's fleet as saved in a fleet file."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

SCHEMA_VERSION = 1
MAX_SHIPS = 200
MAX_NAME = 80


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class ShipEntry(_Model):
    """One ship (or strike-craft squadron) on the roster: its name, table tag, class and loadout.

    Fields a ruleset does not use stay empty: lukas designs set armor, speed and hangar;
    spook's Campaign marks its one free Mothership/Base Station with free = true.
    """

    name: str = Field(min_length=1, max_length=MAX_NAME)
    tag: str = Field(default="", max_length=MAX_NAME, description="Label on the Lego model / stand.")
    ship_class: str = Field(alias="class", min_length=1, max_length=MAX_NAME)
    weapons: tuple[str, ...] = Field(default=(), max_length=64)
    devices: tuple[str, ...] = Field(default=(), max_length=64)
    abilities: tuple[str, ...] = Field(default=(), max_length=64)
    armor: int | None = Field(default=None, ge=0, le=100_000)
    speed: int | None = Field(default=None, ge=0, le=10_000)
    hangar: tuple[int, int] | None = None
    free: bool = False

    def to_toml_dict(self) -> dict[str, Any]:
        data = self.model_dump(by_alias=True, exclude_defaults=True)
        data.setdefault("class", self.ship_class)
        order = ["name", "tag", "class", "weapons", "devices", "abilities", "armor", "speed", "hangar", "free"]
        return {k: data[k] for k in order if k in data}


class Roster(_Model):
    """A fleet file: schema_version, ruleset, player, budget, ships and (cal) custom designs."""

    schema_version: int = SCHEMA_VERSION
    ruleset: str
    name: str = Field(default="Fleet", max_length=MAX_NAME)
    player: str = Field(default="", max_length=MAX_NAME)
    preset: str | None = Field(default=None, description="Budget preset key from the ruleset's budgets.")
    cap: int | None = Field(default=None, ge=0, le=1_000_000, description="Agreed budget cap (custom, or Campaign).")
    permissive: bool = Field(default=False, description="Players agreed to use this roster even with errors.")
    ships: tuple[ShipEntry, ...] = Field(default=(), max_length=MAX_SHIPS)
    designs: dict[str, dict[str, Any]] = Field(default_factory=dict, description="Custom classes (cal).")

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, v: int) -> int:
        if v > SCHEMA_VERSION:
            raise ValueError(f"written by a newer mstracker (schema_version {v}; this one reads up to {SCHEMA_VERSION})")
        if v < 1:
            raise ValueError("must be 1 or more")
        return v

    def ship(self, name: str) -> ShipEntry:
        for s in self.ships:
            if s.name == name:
                return s
        raise KeyError(name)

    def with_ships(self, ships: tuple[ShipEntry, ...] | list[ShipEntry]) -> Roster:
        return self.model_copy(update={"ships": tuple(ships)})


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Finding(_Model):
    """One validation finding: severity, the ship it concerns (None for the fleet), a sentence."""

    severity: Severity
    ship: str | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"severity": self.severity.value, "ship": self.ship, "message": self.message}


def duplicate_name_findings(roster: Roster) -> list[Finding]:
    """An error for each ship name the roster uses more than once."""
    return [
        Finding(
            severity=Severity.ERROR, ship=name, message=f"{count} ships are named {name!r}; give each ship its own name."
        )
        for name, count in Counter(s.name for s in roster.ships).items()
        if count > 1
    ]


def duplicate_tag_findings(roster: Roster) -> list[Finding]:
    """A warning for each table tag more than one ship carries."""
    return [
        Finding(
            severity=Severity.WARNING, ship=None, message=f"{count} ships carry the tag {tag!r}; tags tell the models apart."
        )
        for tag, count in Counter(s.tag for s in roster.ships if s.tag).items()
        if count > 1
    ]


class SlotUse(_Model):
    """How many slots of one kind a ship uses and has."""

    kind: str
    used: int
    available: int


class ShipSheet(_Model):
    """What the roster sheet shows for one ship: cost, slots and the Lego denotations to check."""

    name: str
    ship_class: str
    cost: int | None = None
    slots: tuple[SlotUse, ...] = ()
    denotations: tuple[str, ...] = ()


class FleetReport(_Model):
    """The result of validating a roster against a ruleset."""

    ruleset: str
    findings: tuple[Finding, ...] = ()
    cost: int | None = None
    cap: int | None = None
    sheets: tuple[ShipSheet, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def left(self) -> int | None:
        if self.cost is None or self.cap is None:
            return None
        return self.cap - self.cost

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "legal": self.legal,
            "cost": self.cost,
            "cap": self.cap,
            "findings": [f.to_json() for f in self.findings],
        }
