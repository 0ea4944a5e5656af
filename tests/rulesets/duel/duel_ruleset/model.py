"""The duel data model: two classes, two weapons, one hit table (duel §1, §2)."""

from __future__ import annotations

from mstracker.api import Entry, RulesetBase


class ShipClass(Entry):
    armor: int
    cost: int
    weapons: int


class Weapon(Entry):
    damage: int
    cost: int


class Ruleset(RulesetBase):
    classes: dict[str, ShipClass]
    weapons: dict[str, Weapon]
