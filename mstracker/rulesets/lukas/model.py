"""Schema of data/rulesets/lukas.toml (Micro Space Wars by Lukas W.P. v1.8).

Conventions of this file:
* Entries are keyed by the book's own names ("Heavy Turret", "Capital Ship").
* Numbers the book prints are ints. Where the book prints no number (Beam range "Infinite", Melee
  range "**"), the int field is None and a `*_text` field says what the book means.
* `damage` and `hit` are kept as the book prints them ("1d12 -1 (minimum 1)", "6/4/3");
  `Weapon.damage_dice` and `Weapon.hit_numbers` read them.
* Lego pieces and stand markers are in `pieces` (the book's "Piece(s)" stat).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Mapping
from typing import Literal

from pydantic import Field, field_validator, model_validator

from ...rules.base import Budget, DiceTable, Entry, RulesetBase

Size = Literal["small", "medium", "large"]
# Codes the attack procedure relies on: the Comm Radar bonus and the bridge / engines effects.
REQUIRED_CODES = {"abilities": ("CR",), "subsystems": ("bridge", "engines")}

_DAMAGE_RE = re.compile(
    r"^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*(?:\(?\s*min(?:imum|\.)?\s*(\d+)\s*\)?)?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DamageDice:
    """A weapon's damage read from the book's form: `count`d`sides` + `bonus`, at least `minimum`."""

    count: int
    sides: int
    bonus: int
    minimum: int | None


def read_damage(text: str) -> DamageDice:
    """Read '1d8', '1d6+1', '1d12 -1 (minimum 1)' or '1d6-1 min. 1'; ValueError otherwise."""
    m = _DAMAGE_RE.match(text)
    if not m:
        raise ValueError(f"expected damage dice like '1d8+1' or '1d12 -1 (minimum 1)', got {text!r}")
    count = int(m.group(1) or 1)
    sides = int(m.group(2))
    if not 1 <= count <= 20 or not 2 <= sides <= 100:
        raise ValueError(f"damage {text!r}: expected 1 to 20 dice of 2 to 100 sides")
    bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    minimum = int(m.group(5)) if m.group(5) else None
    return DamageDice(count, sides, bonus, minimum)


class ShipClass(Entry):
    """One of the three classifications (§2.a); the class decides target size and weapon slots."""

    code: str = Field(description="The book's abbreviation: SC, Frig, CapS.")
    size: Size = Field(description="Size column of the hit numbers when this class is the target.")
    weapon_slots: int = Field(ge=0, description="Weapon slots; abilities and bundles use them too.")
    stand: str = Field(description="Stand size in studs.")
    max_dimensions: str = Field(description="Largest model, in studs.")
    rotation_cost: int = Field(ge=0, description="Studs of movement per 45° turn; 0 = turns at will.")
    average_armor: int = Field(ge=1, description="Appendix hint ('~'); the designer sets each ship's armor.")
    average_speed: int = Field(ge=0, description="Appendix hint in studs; the designer sets each ship's speed.")
    average_weapons: int = Field(ge=0, description="Appendix hint: weapons a typical ship carries.")


_HIT_RE = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*/\s*(\d+)\s*$")


@dataclass(frozen=True)
class HitNumbers:
    """The d12 score needed to hit a small / medium / large target."""

    small: int
    medium: int
    large: int

    def for_size(self, size: str) -> int:
        return int(getattr(self, size))


def read_hit(text: str) -> HitNumbers:
    """Read the book's 'Hit: 6/4/3' (small/medium/large); ValueError otherwise."""
    m = _HIT_RE.match(text)
    if not m:
        raise ValueError(f"expected three hit numbers small/medium/large like '6/4/3', got {text!r}")
    return HitNumbers(*(int(g) for g in m.groups()))


class Weapon(Entry):
    """A weapon of §3.b. One weapon takes one weapon slot unless a bundle says otherwise."""

    type: str = Field(description="The book's bracketed type: Projectile, Laser Turret, Missile, Etc, ...")
    range: int | None = Field(default=None, ge=0, description="Range in studs; left out where the book gives no number.")
    range_text: str = Field(default="", description="What the range means when it is not a number.")
    damage: str = Field(description="Damage dice as the book prints them, e.g. '1d12 -1 (minimum 1)'.")
    hit: str = Field(description="d12 score needed vs small/medium/large targets as printed, e.g. '6/4/3'.")
    classes: tuple[str, ...] = Field(description="Classes that may mount it (§2.a).")
    los_needed: bool = Field(description="Needs a clear line of sight (missiles and melee do not, §2.c).")
    announce_turns: int = Field(default=0, ge=0, description="Turns ahead the attack must be announced.")
    special: str = Field(default="", description="Special rule in short.")
    pieces: str = Field(default="", description="Lego piece(s) that show the weapon on the model.")
    aliases: tuple[str, ...] = Field(default=(), description="Other names the book uses for it.")

    @field_validator("damage")
    @classmethod
    def _damage_readable(cls, value: str) -> str:
        read_damage(value)
        return value

    @field_validator("hit")
    @classmethod
    def _hit_readable(cls, value: str) -> str:
        read_hit(value)
        return value

    @property
    def hit_numbers(self) -> HitNumbers:
        return read_hit(self.hit)

    @model_validator(mode="after")
    def _range_explained(self) -> Weapon:
        if self.range is None and not self.range_text:
            raise ValueError("give range (studs) or range_text")
        return self

    @property
    def damage_dice(self) -> DamageDice:
        return read_damage(self.damage)


class Bundle(Entry):
    """Several copies of one weapon sharing fewer slots (§2.a: 3 Light Turrets for 2 slots)."""

    weapon: str
    count: int = Field(ge=2)
    slots: int = Field(ge=0)
    classes: tuple[str, ...]


class Ability(Entry):
    """A special ability of §4. Active ones replace the ship's attacks for that turn."""

    code: str = Field(default="", description="The book's abbreviation (FD, CR), if any.")
    type: Literal["active", "passive"]
    slots: int | None = Field(
        default=None, ge=0, description="Weapon slots it takes; left out when the setting `slots_setting` decides."
    )
    slots_setting: str = Field(default="", description="Setting that gives the slot cost the book leaves open.")
    classes: tuple[str, ...] = Field(description="Classes that may take it.")
    radius: int | None = Field(default=None, ge=0, description="Radius of the effect in studs.")
    range: int | None = Field(default=None, ge=0, description="Range in studs.")
    targets: tuple[str, ...] = Field(default=(), description="Classes it may be used against.")
    hit_bonus: int = Field(default=0, description="Added to allies' hit rolls.")
    damage_bonus: int = Field(default=0, description="Added to allies' damage rolls.")
    speed_bonus: int = Field(default=0, description="Studs added to speed for the turn.")
    announce_turns: int = Field(default=0, ge=0, description="Turns ahead the use must be announced.")
    effect: str = Field(default="", description="What it does, in short.")
    pieces: str = Field(default="", description="Lego marker on the stand or model.")
    aliases: tuple[str, ...] = ()


class Subsystem(Entry):
    """A capital-ship subsystem a bomb can destroy (§3.b Bombs)."""

    code: str
    hit_modifier: int = Field(default=0, description="Added to this ship's hit rolls once destroyed.")
    damage_modifier: int = Field(default=0, description="Added to this ship's damage rolls once destroyed.")
    speed_divisor: int | None = Field(default=None, ge=1, description="Speed divided by this, rounded up.")
    effect: str = ""


class SubsystemTable(DiceTable):
    """A dice table rolled when `weapon` hits one of `targets` and the attacker aimed at a subsystem.

    Row `value` = percentage of the weapon's damage dealt to the hull (rounded up); a row whose
    `result` is 'subsystem_destroyed' destroys the chosen subsystem.
    """

    weapon: str = ""
    targets: tuple[str, ...] = ()


class LukasBudget(Budget):
    """A builder preset: which classes a fleet may field (no points in this ruleset)."""

    classes: tuple[str, ...] = Field(description="Classes allowed in the fleet.")


class Ruleset(RulesetBase):
    """The lukas ruleset data."""

    classes: dict[str, ShipClass]
    weapons: dict[str, Weapon]
    bundles: dict[str, Bundle] = {}
    abilities: dict[str, Ability]
    subsystems: dict[str, Subsystem] = {}
    budgets: dict[str, LukasBudget] = {}
    tables: dict[str, SubsystemTable] = {}

    @model_validator(mode="after")
    def _references_exist(self) -> Ruleset:
        problems: list[str] = []

        def check(where: str, names: tuple[str, ...] | list[str], known: Mapping[str, object], kind: str) -> None:
            for name in names:
                if name not in known:
                    problems.append(f"{where}: {name!r} is not a {kind} (known: {', '.join(known)})")

        for name, w in self.weapons.items():
            check(f'weapons."{name}".classes', w.classes, self.classes, "class")
        for name, t in self.tables.items():
            if t.weapon:
                check(f"tables.{name}.weapon", [t.weapon], self.weapons, "weapon")
            check(f"tables.{name}.targets", t.targets, self.classes, "class")
        for name, b in self.bundles.items():
            check(f'bundles."{name}".weapon', [b.weapon], self.weapons, "weapon")
            check(f'bundles."{name}".classes', b.classes, self.classes, "class")
        for name, a in self.abilities.items():
            check(f'abilities."{name}".classes', a.classes, self.classes, "class")
            check(f'abilities."{name}".targets', a.targets, self.classes, "class")
            if a.slots is None:
                if not a.slots_setting:
                    problems.append(f'abilities."{name}".slots: give slots or slots_setting')
                else:
                    check(f'abilities."{name}".slots_setting', [a.slots_setting], self.settings, "setting")
        for name, bud in self.budgets.items():
            check(f'budgets."{name}".classes', bud.classes, self.classes, "class")
        for section, codes in REQUIRED_CODES.items():
            present = {getattr(e, "code", "") for e in getattr(self, section).values()}
            problems.extend(f"{section}: no entry has code {code!r}" for code in codes if code not in present)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def subsystem_table(self, weapon: str) -> tuple[str, SubsystemTable] | None:
        """The table a weapon rolls when aimed at a subsystem, if it has one."""
        for key, table in self.tables.items():
            if table.weapon == weapon:
                return key, table
        return None

    def ability_slots(self, name: str) -> int:
        """Weapon slots the named ability takes (the setting decides where the book is silent)."""
        ability = self.abilities[name]
        if ability.slots is not None:
            return ability.slots
        return int(self.setting(ability.slots_setting))
