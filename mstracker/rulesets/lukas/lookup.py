"""Name lookups for lukas: the shared `find_entry`, plus the other names the book uses.

The book calls one weapon by several names ("Light Missile Tubes" in its example ships, "defense
lasers" in §2.a, "Ion beams" under Beam); entries list those in `aliases`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from ...rules.names import UnknownName, find_entry
from .model import Ability, LukasBudget, Ruleset, ShipClass, Subsystem, Weapon

T = TypeVar("T")

TARGET_CHOICES: tuple[str, ...] = ("strike-craft", "frigate", "capital")


def find_with_aliases(entries: Mapping[str, T], query: str, kind: str) -> tuple[str, T]:
    """`find_entry`, then the entries' `aliases`; the UnknownName lists the book's own names."""
    try:
        return find_entry(entries, query, kind)
    except UnknownName as first:
        by_alias = {alias: name for name, entry in entries.items() for alias in getattr(entry, "aliases", ())}
        try:
            _, name = find_entry(by_alias, query, kind)
        except UnknownName:
            raise first from None
        return name, entries[name]


def find_weapon(ruleset: Ruleset, query: str) -> tuple[str, Weapon]:
    return find_with_aliases(ruleset.weapons, query, "weapon")


def find_ability(ruleset: Ruleset, query: str) -> tuple[str, Ability]:
    return find_with_aliases(ruleset.abilities, query, "ability")


def find_class(ruleset: Ruleset, query: str) -> tuple[str, ShipClass]:
    return find_entry(ruleset.classes, query, "class")


def find_subsystem(ruleset: Ruleset, query: str) -> tuple[str, Subsystem]:
    return find_entry(ruleset.subsystems, query, "subsystem")


def find_preset(ruleset: Ruleset, query: str) -> tuple[str, LukasBudget]:
    """A builder preset by key ('frigate_warfare') or by name ('Frigate Warfare')."""
    try:
        return find_entry(ruleset.budgets, query.strip().replace(" ", "_").replace("-", "_"), "preset")
    except UnknownName:
        by_name = {b.name: key for key, b in ruleset.budgets.items()}
        try:
            _, key = find_entry(by_name, query, "preset")
        except UnknownName:
            raise UnknownName(
                f"unknown preset {query!r} for {ruleset.meta.id}; choose one of: {', '.join(ruleset.budgets)}"
            ) from None
        return key, ruleset.budgets[key]


def find_target(ruleset: Ruleset, query: str) -> tuple[str, ShipClass]:
    """The target's class from 'strike-craft' / 'frigate' / 'capital', a class name or code, or a size."""
    text = query.strip().replace("-", " ").replace("_", " ")
    try:
        return find_entry(ruleset.classes, text, "target")
    except UnknownName:
        pass
    low = text.casefold()
    for name, cls in ruleset.classes.items():
        if low and (low == cls.size or low == name.casefold().split()[0]):
            return name, cls
    names = ", ".join(ruleset.classes)
    raise UnknownName(
        f"unknown target {query!r}; choose one of: {', '.join(TARGET_CHOICES)} (or a class name: {names})"
    )
