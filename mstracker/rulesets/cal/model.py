"""Schema of data/rulesets/cal.toml (Colors and Lights).

Conventions of this file:
* Counts (point, torpedoes, bays) are plain integers and 0 when the book lists none for a ship.
* A weapon battery the ship does not carry is None (the book leaves the line out); a carried
  battery is `{ strength = 4, range = 6 }`, also accepted as the book's "4/6".
* Ordnance stats the book does not give for that kind are None (a fighter has no ATG).
* The two unit types are spelled as the book prints them: "Escort" and "Capital Ship".
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, field_validator, model_validator

from ...rules.base import Entry, Frozen, RulesetBase

ESCORT = "Escort"
CAPITAL = "Capital Ship"
UNIT_TYPES = (ESCORT, CAPITAL)
BAY_FIELDS = ("torpedoes", "assault_bay", "fighter_bay", "bomber_bay", "fb_bay")
CRAFT_BAY_FIELDS = ("fighter_bay", "bomber_bay", "fb_bay")
TRACK_KINDS = ("F/B", "T/A", "FTL")
REQUIRED_TABLES = {"minor": "2d6", "major": "2d6", "boarder": "d6"}
REQUIRED_SETTINGS = (
    "threshold",
    "fire_damage_timing",
    "fire_roll_target",
    "pd_target",
    "damage_control_target",
    "rally_target",
    "intercept_zero_ata_roll",
    "course_rule2",
    "immediate_damage_own_roll",
    "capital_breach_clears_ordnance_radius",
    "ss_zero_destroys",
    "budget_mode",
)
_BATTERY_RE = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


def unit_type(value: Any) -> str:
    """Normalise a typed unit type ("capital", "escort", "Capital Ship") to the book's spelling."""
    if isinstance(value, str):
        key = value.strip().casefold()
        if key == "escort":
            return ESCORT
        if key in ("capital", "capital ship"):
            return CAPITAL
    raise ValueError(f"expected Escort or Capital Ship, got {value!r}")


class Battery(Frozen):
    """A Beam or Projectile battery: strength (damage on a hit) / maximum effective range (hexes)."""

    strength: int = Field(ge=1, le=1000, description="Damage dealt on a hit (before range effects).")
    range: int = Field(ge=1, le=1000, description="Maximum effective range in hexes.")

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str):
            m = _BATTERY_RE.match(data)
            if not m:
                raise ValueError(f"expected strength/range like '4/6', got {data!r}")
            return {"strength": int(m.group(1)), "range": int(m.group(2))}
        return data

    def __str__(self) -> str:
        return f"{self.strength}/{self.range}"


class ShipClass(Entry):
    """A ship class: a stock ship of the book or a custom design from a fleet file."""

    code: str = Field(default="", max_length=12, description="The book's class code, e.g. 'DD'.")
    type: str = Field(description="'Escort' or 'Capital Ship' (targeting, rate of fire, course MPs).")
    ss: int = Field(ge=1, le=100_000, description="Superstructure points at the start.")
    beam: Battery | None = Field(default=None, description="Beam strength/range; None when the ship has none.")
    projectile: Battery | None = Field(default=None, description="Projectile strength/range; None when none.")
    point: int = Field(default=0, ge=0, le=1000, description="Point defence shots per round (0 = no PD).")
    torpedoes: int = Field(default=0, ge=0, le=1000, description="Torpedo tubes.")
    assault_bay: int = Field(default=0, ge=0, le=1000, description="Assault craft bays.")
    fighter_bay: int = Field(default=0, ge=0, le=1000, description="Fighter bays.")
    bomber_bay: int = Field(default=0, ge=0, le=1000, description="Bomber bays.")
    fb_bay: int = Field(default=0, ge=0, le=1000, description="Fighter/bomber (multirole) bays.")
    cc: int | None = Field(
        default=None, ge=0, description="Command & Control; None = 2 per fighter, bomber or F/B bay."
    )
    noncombatant: bool = Field(default=False, description="Listed under Noncombatant Vessels.")
    points: int | None = Field(
        default=None, ge=0, description="Optional agreed point value (the book has no costs; setting “The book has no costs”: points)."
    )

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, value: Any) -> str:
        return unit_type(value)

    @property
    def is_capital(self) -> bool:
        return self.type == CAPITAL

    @property
    def craft_bays(self) -> int:
        """Bays that count for C&C: fighter, bomber and fighter/bomber bays."""
        return sum(getattr(self, f) for f in CRAFT_BAY_FIELDS)


class Ordnance(Entry):
    """A stock ordnance type: torpedo or craft."""

    track: str = Field(description="Ready-track square group: 'F/B' (fighters, bombers) or 'T/A'.")
    movement: int | None = Field(default=None, ge=0, description="Hexes per round; None = follows its own course.")
    ata: int | None = Field(default=None, ge=0, description="Anti-ordnance (intercept) value; None = not a stat.")
    atg: int | None = Field(default=None, ge=0, description="Damage dealt to a ship when attacking; None = none.")
    damage: int | None = Field(default=None, ge=0, description="Fixed damage on a hit (torpedo).")
    boarders: int = Field(default=0, ge=0, description="Boarders added to the target.")
    lifetime: int | None = Field(default=None, ge=1, description="Rounds in play before removal; None = no limit.")
    bays: tuple[str, ...] = Field(description="Ship fields it launches from (torpedoes, fighter_bay, fb_bay, ...).")
    cc: int = Field(default=0, ge=0, description="C&C each unit uses while in play.")
    optional: bool = Field(default=False, description="Used only by mutual agreement before the game.")
    notes: str = ""

    @field_validator("track")
    @classmethod
    def _track(cls, value: str) -> str:
        if value not in ("F/B", "T/A"):
            raise ValueError(f"expected 'F/B' or 'T/A', got {value!r}")
        return value

    @field_validator("bays")
    @classmethod
    def _bays(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for bay in value:
            if bay not in BAY_FIELDS:
                raise ValueError(f"{bay!r} is not a bay field; choose from {', '.join(BAY_FIELDS)}")
        return value


class Targeting(Entry):
    """Targeting roll targets (1d6 + Crew >= target) against one unit type, by weapon and range band."""

    beam_short: int
    beam_long: int
    projectile_short: int
    projectile_long: int


class RateOfFire(Entry):
    """How many times per round each weapon of a unit type may fire."""

    shots: int = Field(ge=1, le=100)


class CourseAllowance(Entry):
    """Movement points for altering course, and the hard-turn stress damage."""

    mp: int = Field(ge=0, le=100)
    hard_turn_damage: int = Field(default=0, ge=0, description="SS lost when every MP goes to rotation.")


class ReadyDelay(Entry):
    """Interphases until ready, by the Crew square the counter was placed on (clamped to -2..+2)."""

    minus_2: int = Field(ge=0)
    minus_1: int = Field(ge=0)
    zero: int = Field(ge=0)
    plus_1: int = Field(ge=0)
    plus_2: int = Field(ge=0)

    def for_square(self, square: int) -> int:
        return (self.minus_2, self.minus_1, self.zero, self.plus_1, self.plus_2)[square + 2]


class Effect(Entry):
    """A result of the Minor, Major or Boarder table and what it does to the ship."""

    code: str = Field(description="Machine key used by the table rows.")
    table: str = Field(description="The table it belongs to: minor, major or boarder.")
    crew: int = Field(default=0, description="Change to the Crew modifier.")
    crew_permanent: bool = Field(default=False, description="The Crew change can never be recovered.")
    fire: int = Field(default=0, description="Change to the Fire count.")
    status: str | None = Field(default=None, description="Damage flag set on the ship.")
    then_roll: str | None = Field(default=None, description="Table rolled next (chain reaction, demolition).")
    destroyed: bool = False
    repairable: bool = Field(default=False, description="Damage Control can clear the status.")
    notes: str = ""


class General(Entry):
    """Single numbers of the rules that belong to no entry."""

    grid_size: int = Field(ge=1, description="Suggested play area for a small engagement, hexes a side (40x40).")
    start_distance: int = Field(description="Minimum hexes between hostile fleets at set-up.")
    crew_start: int = Field(description="Crew modifier of a fresh ship.")
    track_min: int = Field(description="Lowest Crew square on the Ordnance Ready and FTL tracks.")
    track_max: int = Field(description="Highest Crew square on the tracks.")
    pd_range: int = Field(ge=0, description="Point defence range in hexes.")
    cc_per_bay: int = Field(ge=0, description="C&C per fighter, bomber or F/B bay.")
    beam_long_divisor: int = Field(ge=1, description="Beam damage at long range = strength / this, rounded up.")
    minor_divisor: int = Field(ge=1, description="Minor damage threshold = SS / this (see setting “Damage thresholds”).")
    major_divisor: int = Field(ge=1, description="Major damage threshold = SS / this.")
    breach_blast_divisor: int = Field(ge=1, description="Reactor Breach blast = previous SS / this, rounded up.")
    ram_crew_bonus: int = Field(description="Crew gained by each survivor of a hostile ram.")
    engines_damaged_mp: int = Field(ge=0, description="Movement points per round with Engines Damaged.")
    sensors_offline_range: int = Field(ge=0, description="Weapon range with Sensors Offline.")
    torpedo_course_mp: int = Field(ge=0, description="MPs the launcher may add to a torpedo's course.")


class Ruleset(RulesetBase):
    """The cal ruleset data."""

    general: General
    classes: dict[str, ShipClass]
    ordnance: dict[str, Ordnance]
    targeting: dict[str, Targeting]
    rate_of_fire: dict[str, RateOfFire]
    course: dict[str, CourseAllowance]
    ready_delay: dict[str, ReadyDelay]
    effects: dict[str, Effect]

    @model_validator(mode="after")
    def _consistent(self) -> Ruleset:
        for section in ("targeting", "rate_of_fire", "course"):
            missing = [t for t in UNIT_TYPES if t not in getattr(self, section)]
            if missing:
                raise ValueError(f"{section}: needs an entry for {', '.join(missing)}")
        missing = [k for k in TRACK_KINDS if k not in self.ready_delay]
        if missing:
            raise ValueError(f"ready_delay: needs an entry for {', '.join(missing)}")
        for key, dice in REQUIRED_TABLES.items():
            table = self.tables.get(key)
            if table is None:
                raise ValueError(f"tables.{key}: the {dice} table is missing")
            if table.dice != dice:
                raise ValueError(f"tables.{key}: expected dice {dice!r}, got {table.dice!r}")
        codes = {e.code for e in self.effects.values()}
        for key, table in self.tables.items():
            for row in table.rows:
                if row.result not in codes:
                    raise ValueError(f"tables.{key}: result {row.result!r} is not the code of an effect")
        for name, effect in self.effects.items():
            if effect.then_roll is not None and effect.then_roll not in self.tables:
                raise ValueError(f"effects.{name}.then_roll: no table {effect.then_roll!r}")
        self._no_roll_loops()
        missing = [k for k in REQUIRED_SETTINGS if k not in self.settings]
        if missing:
            raise ValueError(f"settings: missing {', '.join(missing)}")
        return self

    def _no_roll_loops(self) -> None:
        """A table result may call for another table, but never lead back to itself."""
        by_code = {e.code: e for e in self.effects.values()}
        follows = {
            key: {then for r in t.rows if (then := by_code[r.result].then_roll)}
            for key, t in self.tables.items()
        }

        def visit(key: str, path: tuple[str, ...]) -> None:
            for nxt in follows.get(key, ()):
                if nxt in path:
                    raise ValueError(f"effects: table rolls loop ({' -> '.join((*path, nxt))})")
                visit(nxt, (*path, nxt))

        for key in follows:
            visit(key, (key,))

    def effect(self, code: str) -> Effect:
        """The effect with this machine code."""
        for effect in self.effects.values():
            if effect.code == code:
                return effect
        raise KeyError(code)

    def class_cc(self, ship: ShipClass) -> int:
        """The C&C a class contributes: its own cc, or cc_per_bay per fighter/bomber/F-B bay."""
        return ship.cc if ship.cc is not None else self.general.cc_per_bay * ship.craft_bays
