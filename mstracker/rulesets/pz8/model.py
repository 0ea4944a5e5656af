"""Schema of data/rulesets/pz8.toml.

pz8 has one ship class ("Spaceship": every ship is identical), a to-hit table read with 1D6 per
distance band, cumulative die modifiers, and an opposed-roll damage table keyed by the difference
of two rolls. The to-hit faces of each band are d6 `tables` (rows "hit" / "miss"); the `to_hit`
section maps distances to those tables. The damage table is not a table of die faces (it reads a
difference, -11 to +11), so it has its own section, `damage`.

Conventions: dice are written as the book prints them ("2D6", "1D6"); a table bound that is open
("+3 or more") is None; stats the book does not give are absent rather than "N/A".
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from ...rules.base import Entry, RulesetBase

_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*6\s*$")

Outcome = Literal["none", "damaged", "destroyed"]
Condition = Literal["damaged", "fire_back", "at_torpedo"]


def d6_count(dice: str) -> int:
    """How many D6 a pz8 dice text asks for: '2D6' -> 2, 'D6' -> 1."""
    m = _DICE.match(dice)
    if not m:
        raise ValueError(f"expected D6 dice like '2D6' or '1D6', got {dice!r}")
    n = int(m.group(1) or 1)
    if not 1 <= n <= 10:
        raise ValueError(f"expected 1 to 10 D6, got {dice!r}")
    return n


def _check_dice(value: str) -> str:
    d6_count(value)
    return value


class ShipClass(Entry):
    """The one pz8 ship class. Every Spaceship on the table has these stats."""

    lego: str = Field(description="What the model stands on (the book's base).")
    cost: int = Field(ge=0, description="What one ship counts toward the roster cap (the book has no costs).")
    mps: int = Field(ge=1, title="MPs", description="Movement points per activation.")
    damaged_mps: int = Field(ge=1, title="MPs when Damaged", description="Movement points once Damaged.")
    min_mps: int = Field(ge=0, title="least MP spent", description="Movement points that must be spent in each activation.")
    first_mp: str = Field(title="first MP", description="What the first movement point of an activation must buy.")
    turn_degrees: int = Field(description="Degrees of one facing change (costs one MP).")
    activations_per_turn: int = Field(ge=1)
    arc: str = Field(description="Where the ship can fire.")
    max_range: int = Field(ge=1, description="Longest firing distance in hexes (end of the to-hit table).")
    blocks_los: bool = Field(title="blocks line of sight", description="Whether ships block line of sight.")
    attack: str = Field(description="Dice the ship rolls in the opposed damage roll when it is the attacker.")
    attack_damaged: str = Field(description="Attack dice once Damaged.")
    defence: str = Field(description="Dice the ship rolls in the opposed damage roll when it is the target.")
    defence_damaged: str = Field(description="Defence dice once Damaged.")
    torpedo_salvos: int = Field(ge=0, description="Torpedo salvos per game.")
    torpedo_mps: int = Field(ge=0, title="Torpedo MPs", description="Movement points of a Torpedo salvo at the end of each turn.")
    torpedo_turn_cost: int = Field(ge=0, title="Torpedo MPs a turn costs",
                                   description="MPs a Torpedo salvo spends to change direction.")
    torpedo_attack: str = Field(description="Dice a Torpedo salvo attacks with (it hits automatically).")
    damage_states: tuple[str, ...] = Field(description="States a ship passes through, in order.")
    armament: tuple[str, ...] = Field(description="What every ship of the class carries (names in `armament`).")

    @model_validator(mode="after")
    def _dice_readable(self) -> ShipClass:
        for name in ("attack", "attack_damaged", "defence", "defence_damaged", "torpedo_attack"):
            try:
                _check_dice(getattr(self, name))
            except ValueError as exc:
                raise ValueError(f"{name}: {exc}") from None
        if self.damaged_mps > self.mps:
            raise ValueError("damaged_mps cannot exceed mps")
        return self


class Weapon(Entry):
    """Fixed armament: every Spaceship carries it; it is not bought or chosen (a roster lists it
    under `weapons`)."""

    kind: Literal["gun", "torpedo"] = Field(description="'gun' fires with the to-hit table; 'torpedo' is a salvo.")
    use: str = Field(description="How it is used, in short (numbers are on the class).")
    lego: str = Field(description="Counter or model part that shows it on the table ('' when none).")


class ToHitBand(Entry):
    """One distance band of the to-hit table and the d6 table its (modified) roll is read on."""

    min_distance: int = Field(ge=1)
    max_distance: int = Field(ge=1)
    table: str = Field(description="Key in `tables` of this band's d6 table (faces that hit / miss).")


class ToHitModifier(Entry):
    """A cumulative modifier to the to-hit D6."""

    when: Condition = Field(description="Condition key: damaged (the firer), fire_back, at_torpedo.")
    modifier: int = Field(description="Added to the D6 (the book's penalties are -1).")


class DamageResult(Entry):
    """One row of the opposed damage table: attacker total minus target total."""

    min_diff: int | None = Field(default=None, description="Lowest difference of this row; absent = no lower bound.")
    max_diff: int | None = Field(default=None, description="Highest difference of this row; absent = no upper bound.")
    result: Outcome = Field(description="What happens to an undamaged target.")
    if_damaged: Outcome = Field(description="What happens to a target that is already Damaged.")
    effect: str = Field(description="The effect in short.")


class Counter(Entry):
    """A chit, counter or marker the book asks for."""

    marks: str = Field(description="What it shows.")
    per: Literal["ship", "salvo", "hex", "table"]
    placed: str
    removed: str


class Terrain(Entry):
    """Scenario terrain (asteroids)."""

    hexes: int = Field(ge=1, description="Hexes one piece occupies.")
    drift: int = Field(ge=0, description="Hexes it shifts at the end of each turn.")
    destructible: bool
    blocks_movement: bool
    blocks_los: bool
    destroys: tuple[str, ...] = Field(description="What it destroys when they collide.")
    wraps: bool = Field(description="Whether it re-enters from the opposite edge.")


class KitItem(Entry):
    """Something the players need at the table (§1 What You Need)."""

    count: int | None = Field(default=None, ge=0, description="How many; absent when the book gives no number.")
    per: Literal["player", "ship", "table"]
    lego: str = Field(default="", description="Lego piece or base the book calls for ('' when none).")
    text: str


class RecordField(Entry):
    """One line of a ship's record the app keeps for the players."""

    kind: Literal["flag", "counter"]
    start: int = Field(description="Value at the start of the game (flags: 0 = off).")
    maximum: int | None = None
    text: str


class Ruleset(RulesetBase):
    """The pz8 ruleset data."""

    classes: dict[str, ShipClass]
    armament: dict[str, Weapon]
    to_hit: dict[str, ToHitBand]
    to_hit_modifiers: dict[str, ToHitModifier]
    damage: dict[str, DamageResult]
    counters: dict[str, Counter]
    terrain: dict[str, Terrain] = {}
    kit: dict[str, KitItem] = {}
    ship_record: dict[str, RecordField] = {}

    @model_validator(mode="after")
    def _consistent(self) -> Ruleset:
        if not self.classes:
            raise ValueError("classes: at least one class is needed")
        for name, cls in self.classes.items():
            for weapon in cls.armament:
                if weapon not in self.armament:
                    raise ValueError(
                        f'classes."{name}".armament: {weapon!r} is not in armament ({", ".join(self.armament)})'
                    )
        bands = sorted(self.to_hit.values(), key=lambda b: b.min_distance)
        if not bands:
            raise ValueError("to_hit: at least one distance band is needed")
        expected = 1
        for band in bands:
            if band.min_distance != expected or band.max_distance < band.min_distance:
                raise ValueError(f"to_hit: bands must run on from distance {expected} without gaps or overlaps")
            expected = band.max_distance + 1
        for name, cls in self.classes.items():
            if cls.max_range != bands[-1].max_distance:
                raise ValueError(
                    f'classes."{name}".max_range: {cls.max_range} does not match the to-hit table, '
                    f"which ends at {bands[-1].max_distance}"
                )
        for name, band in self.to_hit.items():
            self._check_to_hit_table(name, band)
        conditions = [m.when for m in self.to_hit_modifiers.values()]
        if len(set(conditions)) != len(conditions):
            raise ValueError("to_hit_modifiers: each condition may appear once")
        self._check_damage_rows()
        return self

    def _check_to_hit_table(self, name: str, band: ToHitBand) -> None:
        table = self.tables.get(band.table)
        where = f'to_hit."{name}".table'
        if table is None:
            raise ValueError(f"{where}: {band.table!r} is not in tables ({', '.join(self.tables)})")
        if table.dice.lower() not in ("d6", "1d6"):
            raise ValueError(f"{where}: table {band.table!r} must be read with a d6, not {table.dice}")
        hits = [table.lookup(face).result for face in range(1, 7)]
        if set(hits) - {"hit", "miss"}:
            raise ValueError(f"{where}: table {band.table!r} rows must be 'hit' or 'miss'")
        if "hit" in hits and "miss" in hits[hits.index("hit"):]:
            raise ValueError(f"{where}: table {band.table!r} must hit on every face from its lowest hit up")

    def _check_damage_rows(self) -> None:
        rows = sorted(self.damage.values(), key=lambda r: (r.min_diff is not None, r.min_diff or 0))
        if not rows:
            raise ValueError("damage: at least one row is needed")
        if rows[0].min_diff is not None or rows[-1].max_diff is not None:
            raise ValueError("damage: the first row needs no lower bound and the last no upper bound")
        for lower, upper in zip(rows, rows[1:]):
            if lower.max_diff is None or upper.min_diff is None or upper.min_diff != lower.max_diff + 1:
                raise ValueError("damage: rows must cover every difference once, in order, without gaps")

    def damage_row(self, diff: int) -> tuple[str, DamageResult]:
        """The damage table row (name, row) for an attacker-minus-target difference."""
        for name, row in self.damage.items():
            if (row.min_diff is None or diff >= row.min_diff) and (row.max_diff is None or diff <= row.max_diff):
                return name, row
        raise KeyError(diff)  # unreachable: rows are checked to cover every difference

    def band(self, distance: int) -> tuple[str, ToHitBand] | None:
        """The to-hit band (name, band) for a distance in hexes, or None beyond the table."""
        for name, band in self.to_hit.items():
            if band.min_distance <= distance <= band.max_distance:
                return name, band
        return None

    def d6_to_hit(self, band: ToHitBand) -> int:
        """The lowest face of a band's table that hits (7 when none does)."""
        table = self.tables[band.table]
        return next((f for f in range(1, 7) if table.lookup(f).result == "hit"), 7)

    def to_hit_roll(self, band: ToHitBand, total: int) -> bool:
        """Read a modified total on the band's table; totals beyond the die read as its end faces."""
        return self.tables[band.table].lookup(min(6, max(1, total))).result == "hit"

    @property
    def spaceship(self) -> ShipClass:
        """The (only) ship class."""
        return next(iter(self.classes.values()))
