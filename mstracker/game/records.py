"""What a ship record holds, declared by the ruleset plugin so any screen can render it generically.

A `RecordSpec` lists the fields of a ship's record (armor bar, fire counter, damaged flag, FTL track,
timers...), the fields every weapon/device/ability item on a ship carries (reload state), and the
per-player resources (RU cap and RU left). Values are plain JSON values: int, bool, str, list of str.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class FieldKind(StrEnum):
    """How a record value behaves and is drawn."""

    BAR = "bar"  # current value out of a maximum, e.g. armor 320/450 (kept within 0..max)
    COUNTER = "counter"  # a count >= minimum, e.g. fire 2, boarders 1, uses left 1
    FLAG = "flag"  # true/false, e.g. damaged, destroyed, docked (shown with its glyph when true)
    TRACK = "track"  # a position on a track from minimum to maximum, e.g. FTL -2..+2
    TIMER = "timer"  # turns (or rounds) until something ends or is ready; 0 = off/ready
    TEXT = "text"  # free text, e.g. the course record "2 0 1 / cw 1"
    LIST = "list"  # a list of words, e.g. destroyed subsystems


INT_KINDS = frozenset({FieldKind.BAR, FieldKind.COUNTER, FieldKind.TRACK, FieldKind.TIMER})

_TRUE = {"true", "yes", "y", "on", "1"}
_FALSE = {"false", "no", "n", "off", "0"}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FieldSpec(_Frozen):
    """One value on a ship record (or on an item, or a player resource)."""

    key: str = Field(description="Key in the record dict, e.g. 'armor'; what `set`/`adjust` name.")
    label: str = Field(description="What the table calls it, e.g. 'Armor'.")
    kind: FieldKind
    maximum: int | None = Field(default=None, description="Fixed upper bound (bars, tracks, counters).")
    max_key: str | None = Field(default=None, description="Record key holding this ship's maximum (bars).")
    minimum: int = Field(default=0, description="Lower bound of counters, tracks and timers.")
    glyph: str = Field(default="", description="Shown beside the ship when a flag is set (✗ destroyed).")
    default: Any = Field(default=None, description="Start value when the plugin gives none.")
    help: str = ""
    ship: bool = Field(default=False, description="A text value that is a ship's id (who infiltrates it, whose "
                                                  "bay holds it): shown as that ship, never as the bare id.")
    fall: str = Field(default="spent", description="What the report calls a fall in a player resource: "
                                                    "'spent' (spook's RU) or 'lost' (cal's C&C and craft).")

    def start_value(self) -> Any:
        """The value a fresh record starts with."""
        if self.default is not None:
            return list(self.default) if isinstance(self.default, (list, tuple)) else self.default
        if self.kind is FieldKind.FLAG:
            return False
        if self.kind is FieldKind.TEXT:
            return ""
        if self.kind is FieldKind.LIST:
            return []
        if self.kind is FieldKind.BAR and self.maximum is not None:
            return self.maximum
        return self.minimum if self.kind in (FieldKind.TRACK, FieldKind.COUNTER) else 0

    def upper(self, record: dict[str, Any]) -> int | None:
        """The maximum in force for this record (its max_key value, else the fixed maximum)."""
        if self.max_key is not None and isinstance(record.get(self.max_key), int):
            return int(record[self.max_key])
        return self.maximum

    def coerce(self, raw: Any, record: dict[str, Any]) -> Any:
        """Turn a typed-in value into this field's type; ValueError says what is allowed."""
        if self.kind is FieldKind.FLAG:
            return parse_bool(raw)
        if self.kind is FieldKind.TEXT:
            return str(raw)
        if self.kind is FieldKind.LIST:
            if isinstance(raw, (list, tuple)):
                return [str(v) for v in raw]
            return [w.strip() for w in str(raw).split(",") if w.strip()]
        value = parse_int(raw)
        self.check_range(value, record)
        return value

    def check_range(self, value: int, record: dict[str, Any]) -> None:
        low, high = self.minimum, self.upper(record)
        if value < low or (high is not None and value > high):
            span = f"{low} to {high}" if high is not None else f"{low} or more"
            raise ValueError(f"{self.label} must be {span}, not {value}")

    def clamp(self, value: int, record: dict[str, Any]) -> int:
        high = self.upper(record)
        value = max(self.minimum, value)
        return min(value, high) if high is not None else value

    def show(self, record: dict[str, Any]) -> str:
        """The value as a table cell: '320/450', 'yes ✗', '-1 (-2..2)'."""
        value = record.get(self.key, self.start_value())
        if self.kind is FieldKind.BAR:
            high = self.upper(record)
            return f"{value}/{high}" if high is not None else str(value)
        if self.kind is FieldKind.FLAG:
            return (self.glyph or "yes") if value else "–"
        if self.kind is FieldKind.LIST:
            return ", ".join(value) if value else "–"
        if self.kind is FieldKind.TIMER:
            return str(value) if value else "–"
        return str(value)


    def status(self, record: dict[str, Any]) -> str:
        """A short status word for a value away from its start ('' at the start value):
        '🔥 Fire 2', '⚠ Damaged', 'Reload 1'. Bars are shown by their own column or widget."""
        value = record.get(self.key, self.start_value())
        if self.kind is FieldKind.BAR or value == self.start_value() or value in (None, "", []):
            return ""
        head = f"{self.glyph} {self.label}".strip()
        if self.kind is FieldKind.FLAG:
            return head if value else f"not {self.label.lower()}"
        if self.kind is FieldKind.LIST:
            return f"{head}: {', '.join(map(str, value))}"
        return f"{head} {value}"


def parse_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().casefold()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"expected true or false (yes/no), not {raw!r}")


def parse_int(raw: Any) -> int:
    if isinstance(raw, bool):
        raise ValueError(f"expected a whole number, not {raw!r}")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    try:
        return int(str(raw).strip())
    except ValueError:
        raise ValueError(f"expected a whole number, not {raw!r}") from None


class RecordSpec(_Frozen):
    """Everything a ruleset keeps per ship, per item (weapon/device/ability) and per player."""

    fields: tuple[FieldSpec, ...] = ()
    item_fields: tuple[FieldSpec, ...] = Field(default=(), description="Per weapon/device/ability, e.g. reload.")
    player_fields: tuple[FieldSpec, ...] = Field(default=(), description="Per player resources, e.g. RU.")
    loss_flags: tuple[str, ...] = Field(
        default=("destroyed",), description="Flags that take a ship out of play (destroyed, retired, jumped out...)."
    )
    not_lost: tuple[str, ...] = Field(
        default=(), description="Loss flags that take a ship out of play without losing it (retired, jumped out)."
    )

    def field(self, key: str) -> FieldSpec | None:
        """A ship field by key, including the implicit maximum of a bar ('armor_max')."""
        return _find(self.fields, key) or self._max_field(key)

    def item_field(self, key: str) -> FieldSpec | None:
        return _find(self.item_fields, key)

    def player_field(self, key: str) -> FieldSpec | None:
        return _find(self.player_fields, key)

    def _max_field(self, key: str) -> FieldSpec | None:
        for f in self.fields:
            if f.max_key == key:
                return FieldSpec(key=key, label=f"{f.label} max", kind=FieldKind.COUNTER)
        return None

    def ship_keys(self) -> list[str]:
        keys = [f.key for f in self.fields]
        return keys + [f.max_key for f in self.fields if f.max_key and f.max_key not in keys]

    def fresh_record(self, values: dict[str, Any] | None = None) -> dict[str, Any]:
        """A ship record with every declared field at its start value, overridden by `values`."""
        record = {f.key: f.start_value() for f in self.fields}
        for f in self.fields:
            if f.max_key and f.max_key not in record:
                record[f.max_key] = f.maximum if f.maximum is not None else record[f.key]
        record.update(values or {})
        return record

    def fresh_item(self, values: dict[str, Any] | None = None) -> dict[str, Any]:
        record = {f.key: f.start_value() for f in self.item_fields}
        record.update(values or {})
        return record

    def bars(self) -> tuple[FieldSpec, ...]:
        return tuple(f for f in self.fields if f.kind is FieldKind.BAR)

    def status(self, record: dict[str, Any]) -> list[str]:
        """Every non-bar field that is away from its start value, as short words."""
        return [word for f in self.fields if (word := f.status(record))]

    def lost(self, record: dict[str, Any]) -> bool:
        """True when the ship is out of play: any loss flag is set (destroyed, retired, jumped...)."""
        return any(bool(record.get(flag)) for flag in self.loss_flags)

    def destroyed(self, record: dict[str, Any]) -> bool:
        """True when the ship is out of play as a loss (not retired or jumped out)."""
        return any(bool(record.get(flag)) for flag in self.loss_flags if flag not in self.not_lost)

    def out_word(self, record: dict[str, Any]) -> str:
        """How the ship left play, in the flag's label ('Destroyed', 'Retired', 'Jumped'), or ''."""
        for flag in self.loss_flags:
            if record.get(flag):
                found = self.field(flag)
                return found.label if found is not None else flag
        return ""


def _find(fields: tuple[FieldSpec, ...], key: str) -> FieldSpec | None:
    for f in fields:
        if f.key == key:
            return f
    folded = key.casefold()
    for f in fields:
        if f.label.casefold() == folded:
            return f
    return None
