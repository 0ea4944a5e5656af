"""One-key dice presets for a ruleset: its dice tables first, then its plain dice.

Reads only what the ruleset declares (its `tables` and `meta.dice`), so no screen branches on the
ruleset id. A ruleset whose damage is an opposed roll read from a difference table (pz8) offers
that roll too, as its package declares it (`RulesetPackage.opposed_roll`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules import RulesetBase

MAX_PRESETS = 9


@dataclass(frozen=True)
class Preset:
    """A named roll: the expression, and how a total reads on the ruleset's table (if any)."""

    name: str
    expression: str
    source: str = ""
    lookup: Callable[[int], str] | None = None

    def reading(self, total: int) -> str:
        if self.lookup is None:
            return ""
        try:
            return self.lookup(total)
        except (KeyError, ValueError):
            return "no row for this total"


def _table_lookup(table) -> Callable[[int], str]:
    def lookup(total: int) -> str:
        return table.lookup(total).text

    return lookup


def _opposed(ruleset: RulesetBase) -> Preset | None:
    from ..rules.registry import UnknownRuleset, package

    try:
        roll = package(ruleset.meta.id).opposed_roll(ruleset)
    except UnknownRuleset:  # a ruleset built by hand (tests): only its tables and dice
        return None
    if roll is None:
        return None
    return Preset(name="Opposed damage roll", expression=roll.expression, source=roll.source, lookup=roll.lookup)


def presets_for(ruleset: RulesetBase) -> list[Preset]:
    """At most MAX_PRESETS presets: tables, the opposed roll if any, then each plain die. A table preset
    is named as the book names the table ("To hit at 1-3 hex"), never by its key in the data."""
    out: list[Preset] = []
    for table in ruleset.tables.values():
        out.append(Preset(name=table.name, expression=table.dice, source=f"{ruleset.meta.id} {table.source}",
                          lookup=_table_lookup(table)))
    opposed = _opposed(ruleset)
    if opposed is not None:
        out.append(opposed)
    for die in ruleset.meta.dice:
        if not any(p.expression == die.lower() for p in out):
            out.append(Preset(name=die.lower(), expression=die.lower(), source="plain die"))
    return out[:MAX_PRESETS]
