"""Schema of data/rulesets/spook.toml (Lego Microspacewars, Spook's Version v0.2.2).

Conventions for every section: entries are keyed by the book's own names; fields are the book's
stat names in lower snake case; `None` stands for the book's "N/A"; reloads stay as the book prints
them ("8;1") and are parsed by `Reload.parse`; designations are class codes ("A1", "E3").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from ...rules.base import Budget, Entry, Frozen, Provenance, RulesetBase
from ...rules.names import find_entry

_RELOAD_RE = re.compile(r"^\s*(\d+)\s*;\s*(\d+)\s*$")
_TIMES_DIE_RE = re.compile(r"^\s*(\d+)\s*x\s*d(\d+)\s*$", re.IGNORECASE)

#: Tables the procedures read, and what each row value means.
REQUIRED_TABLES: dict[str, str] = {
    "accuracy": "d12 accuracy table (value = % of damage the target takes)",
    "flares": "d8 flare table (value = % of the current damage that gets through)",
    "mines": "d8 mine table (value = damage taken)",
    "subsystem": "d8 subsystem-targeting table (value = % of the bomb damage dealt to armor)",
}


class Reload(NamedTuple):
    """A parsed "X;Y" reload: `uses` turns of use, then `wait` turns without."""

    uses: int
    wait: int

    @classmethod
    def parse(cls, text: str | None) -> Reload | None:
        """'8;1' -> Reload(8, 1); None (the book's N/A) -> None."""
        if text is None:
            return None
        m = _RELOAD_RE.match(text)
        if not m or len(text) > 16:
            raise ValueError(f"expected a reload like '8;1' (uses;turns to wait), got {text!r}")
        if int(m.group(1)) < 1:
            raise ValueError(f"a reload needs at least 1 turn of use before it waits, got {text!r}")
        return cls(int(m.group(1)), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.uses};{self.wait}"


class _Reloads(Entry):
    """An entry with a `reload` field ("X;Y" as printed, None = N/A): checked on load, parsed on demand.

    Each subclass declares the field itself, so it keeps its place and description there.
    """

    if TYPE_CHECKING:
        reload: str | None

    @field_validator("reload", check_fields=False)
    @classmethod
    def _reload_form(cls, value: str | None) -> str | None:
        if value is not None:
            Reload.parse(value)
        return value

    @property
    def reload_cycle(self) -> Reload | None:
        return Reload.parse(self.reload)

    def provenance(self, field: str) -> Provenance:
        """A printed reload is the book's, but the app counts its turns as the owner's own turns, where the
        book says only "turns" (§5 Reload): the rules reference marks it a house default."""
        if field == "reload" and self.reload is not None:
            return Provenance.HOUSE_DEFAULT
        return super().provenance(field)


class ShipClass(Entry):
    """A ship class of §4. One token of a strike-craft class is a whole squadron."""

    code: str = Field(description="Designation code, e.g. 'E1' (section letter + number).")
    category: str = Field(description="The §4 group: Motherships and Bases, Utility Ships, Strike Craft, ...")
    role: str = Field(default="", description="What the class is for, in a few words.")
    size: str
    speed: int | None = Field(default=None, ge=0, description="Units per turn; None = N/A (see `movement`).")
    movement: Literal["normal", "immobile", "once"] = Field(
        default="normal", description="'immobile' (Base Station) or 'once' (Probe: one straight move of any length)."
    )
    rcs: int | None = Field(default=None, ge=0, description="45° rotations per turn; None = N/A (turns freely).")
    agility: int = Field(ge=0)
    armor: int = Field(ge=1)
    weapons: int | None = Field(default=None, ge=0, description="Weapon slots; None = N/A (unarmed).")
    crew_level: int | None = Field(default=None, ge=0, description="Turns to capture; None = N/A (cannot be captured).")
    devices: int | None = Field(default=None, ge=0, description="Device slots; None = N/A.")
    abilities: tuple[str, ...] = Field(default=(), description="Ability names as the class listing prints them.")
    rus: int | None = Field(
        default=None, ge=0, description="Hull cost in RU without weapons; None = N/A (not for sale)."
    )
    squadron: int | None = Field(default=None, ge=1, description="Craft per token (strike craft: 4).")

    @property
    def weapon_slots(self) -> int:
        return self.weapons or 0

    @property
    def device_slots(self) -> int:
        return self.devices or 0


class Weapon(_Reloads):
    """A weapon of §5. Each one takes one weapon slot."""

    code: str
    group: str = Field(description="The §5 group, e.g. 'Turrets' or 'Missile and Torpedo Launchers'.")
    damage: int | str = Field(description="Damage as printed: a number, or 'N x dS' (N times one die).")
    accuracy: int = Field(ge=0)
    range: int = Field(ge=0, description="Units.")
    los: bool | None = Field(
        default=None, description="Needs a straight line (ship turned to face)? None = N/A (strike craft)."
    )
    reload: str | None = Field(
        default=None, description="'X;Y' as printed (X turns of use, then Y turns to reload); None = N/A."
    )
    designation: tuple[str, ...] = Field(description="Class codes that may mount it.")
    rus: int = Field(ge=0, description="Cost in RU (per squadron for strike-craft weapons).")
    ordnance: Literal["missile", "torpedo"] | None = Field(
        default=None, description="Launched ordnance that flares can answer (§5 D); None for guns."
    )
    lego: str = Field(default="", description="Piece(s) that show the weapon on the model.")

    @field_validator("damage", mode="before")
    @classmethod
    def _damage_form(cls, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            if value.strip().isdigit():
                return int(value)
            m = _TIMES_DIE_RE.match(value)
            if m:
                return f"{int(m.group(1))} x d{int(m.group(2))}"
        raise PydanticCustomError("int_parsing", "expected an integer or 'N x dS'")

    @property
    def damage_base(self) -> int:
        """The fixed part of the damage (25 for '25 x d6')."""
        if isinstance(self.damage, int):
            return self.damage
        m = _TIMES_DIE_RE.match(self.damage)
        assert m is not None  # _damage_form keeps only an int or 'N x dS'
        return int(m.group(1))

    @property
    def damage_die(self) -> int | None:
        """Sides of the die the damage is multiplied by (6 for '25 x d6'), None for fixed damage."""
        if isinstance(self.damage, int):
            return None
        m = _TIMES_DIE_RE.match(self.damage)
        assert m is not None  # _damage_form keeps only an int or 'N x dS'
        return int(m.group(2))


class Device(_Reloads):
    """A device of §6. Each one takes one device slot."""

    code: str
    group: str = Field(description="'Movement' or 'Defense'.")
    effect: str = Field(description="What it does, in a few words.")
    use_cost_ru: int | None = Field(default=None, ge=0, description="RU paid per use; None = no per-use cost.")
    radius: int | None = Field(default=None, ge=0, description="Units (see setting “Radius and range”).")
    speed_bonus: int | None = None
    agility_bonus: int | None = None
    duration: str = Field(default="", description="How long the effect lasts.")
    reload: str | None = Field(default=None, description="'X;Y' as printed; None = N/A.")
    stacks: bool = Field(default=False, description="Two on one ship do more than one (only flares).")
    designation: tuple[str, ...]
    rus: int = Field(ge=0)
    lego: str = ""


class Ability(_Reloads):
    """An ability of §7 (or §8 Ramming): fixed by the hull, never bought."""

    code: str | None = Field(default=None, description="§7 code, e.g. 'A12'; None where the book gives no section.")
    effect: str = Field(description="What it does, in a few words (house default where the text is lost).")
    designation: tuple[str, ...] = Field(description="Class codes that have it.")
    scope: tuple[str, ...] = Field(default=(), description="Class codes it can act on (Retire, Repair, Build).")
    reload: str | None = None
    damage: int | None = Field(default=None, ge=0, description="Maximum damage (mines).")
    text_lost: bool = Field(default=False, description="The book's text for it is missing (ends mid-§7).")
    aliases: tuple[str, ...] = Field(default=(), description="Other names the book uses for it.")
    lego: str = ""


class Basics(Frozen):
    """General numbers of §1-§4: scale, stands, rotation, stat ranges."""

    source: str
    unit_studs: int = Field(description="One distance unit in studs.")
    stand_base: str = Field(description="Ideal stand size in studs.")
    rotation_step_degrees: int
    squadron_size: int
    agility_min: int
    agility_max: int
    armor_min: int
    armor_max: int
    crew_level_min: int
    crew_level_max: int
    stand_denotation: str = Field(description="How a piece-less weapon/device/ability is marked on the stand.")


class SpookBudget(Budget):
    """A budget preset of §2C with its fleet-size suggestion and free hull."""

    ships_min: int | None = Field(default=None, description="Suggested fleet size, lower end.")
    ships_max: int | None = Field(default=None, description="Suggested fleet size, upper end.")
    ships_about: int | None = Field(default=None, description="Suggested fleet size when the book gives one number.")
    free_hulls: int = Field(default=0, ge=0, description="How many free hulls the preset allows.")
    free_hull_required: bool = Field(default=False, description="The free hull must be taken.")
    free_hull_classes: tuple[str, ...] = Field(default=(), description="Class codes the free hull may be.")
    base_class: str | None = Field(default=None, description="Class code the preset expects to be bought as base.")


class Ruleset(RulesetBase):
    """The spook ruleset data."""

    basics: Basics
    classes: dict[str, ShipClass]
    weapons: dict[str, Weapon]
    devices: dict[str, Device]
    abilities: dict[str, Ability]
    budgets: dict[str, SpookBudget] = {}

    @model_validator(mode="after")
    def _cross_references(self) -> Ruleset:
        codes = [c.code for c in self.classes.values()]
        dupes = sorted({c for c in codes if codes.count(c) > 1})
        if dupes:
            raise ValueError(f"classes: code(s) {', '.join(dupes)} used by more than one class")
        known = set(codes)
        for section in ("weapons", "devices", "abilities"):
            for name, entry in getattr(self, section).items():
                bad = [c for c in (*entry.designation, *getattr(entry, "scope", ())) if c not in known]
                if bad:
                    raise ValueError(f"{section}.{name}: {', '.join(bad)} is not a class code ({', '.join(codes)})")
        for name, cls in self.classes.items():
            for ability in cls.abilities:
                if self.find_ability(ability) is None:
                    raise ValueError(f"classes.{name}: ability {ability!r} is not in abilities")
        for key, what in REQUIRED_TABLES.items():
            table = self.tables.get(key)
            if table is None:
                raise ValueError(f"tables: the {what} is missing")
            if any(row.value is None for row in table.rows):
                raise ValueError(f"tables.{key}: every row needs a value ({what})")
        for key, budget in self.budgets.items():
            bad = [c for c in (*budget.free_hull_classes, *filter(None, [budget.base_class])) if c not in known]
            if bad:
                raise ValueError(f"budgets.{key}: {', '.join(bad)} is not a class code")
        return self

    # -- look-ups ---------------------------------------------------------------------------------

    def ship_class(self, query: str) -> tuple[str, ShipClass]:
        """Class by name or code; UnknownName lists the choices."""
        return find_entry(self.classes, query, "class")

    def weapon(self, query: str) -> tuple[str, Weapon]:
        return find_entry(self.weapons, query, "weapon")

    def device(self, query: str) -> tuple[str, Device]:
        return find_entry(self.devices, query, "device")

    def ability(self, query: str) -> tuple[str, Ability]:
        """Ability by name, alias ('Mine Deployment') or code."""
        found = self.find_ability(query)
        if found is not None:
            return found
        return find_entry(self.abilities, query, "ability")

    def find_ability(self, query: str) -> tuple[str, Ability] | None:
        q = query.strip().casefold()
        for name, entry in self.abilities.items():
            if name.casefold() == q or any(a.casefold() == q for a in entry.aliases):
                return name, entry
        return None

    def class_by_code(self, code: str) -> tuple[str, ShipClass]:
        for name, cls in self.classes.items():
            if cls.code == code:
                return name, cls
        raise KeyError(code)

    def class_names(self, codes: tuple[str, ...] | list[str]) -> list[str]:
        """Class names for designation codes, in the order given."""
        return [self.class_by_code(c)[0] for c in codes]

    def hull_abilities(self, ship_class: ShipClass) -> list[str]:
        """Every ability this class has: its listing plus designation-only ones (Ramming)."""
        out = [self.ability(a)[0] for a in ship_class.abilities]
        for name, entry in self.abilities.items():
            if ship_class.code in entry.designation and name not in out:
                out.append(name)
        return out
