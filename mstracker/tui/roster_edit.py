"""Edits the fleet builder makes to a roster, and their undo history. Each edit returns a new Roster
(rosters are frozen), so undoing a change is going back to the value before it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..fleet import Roster, ShipEntry

LOADOUT_KINDS = ("weapons", "devices", "abilities")
"""The kinds of offered_loadout() that a ShipEntry records."""


def free_name(roster: Roster, base: str) -> str:
    """`base N` with the smallest N no ship uses yet."""
    taken = {s.name for s in roster.ships}
    n = 1
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


def add_ship(roster: Roster, ship_class: str) -> Roster:
    ship = ShipEntry(name=free_name(roster, ship_class), ship_class=ship_class)
    return roster.with_ships([*roster.ships, ship])


def duplicate_ship(roster: Roster, index: int) -> Roster:
    ship = roster.ships[index]
    base = re.sub(r"\s+\d+$", "", ship.name) or ship.ship_class
    copy = ship.model_copy(update={"name": free_name(roster, base), "free": False})
    ships = list(roster.ships)
    ships.insert(index + 1, copy)
    return roster.with_ships(ships)


def remove_ship(roster: Roster, index: int) -> Roster:
    ships = list(roster.ships)
    del ships[index]
    return roster.with_ships(ships)


def rename_ship(roster: Roster, index: int, name: str, tag: str) -> Roster:
    ships = list(roster.ships)
    ships[index] = ships[index].model_copy(update={"name": name, "tag": tag})
    return roster.with_ships(ships)


def mount(roster: Roster, index: int, kind: str, item: str) -> Roster:
    """Add one item of a kind to a ship's loadout (the same item may be mounted more than once)."""
    if kind not in LOADOUT_KINDS:
        raise ValueError(f"{kind} is not part of a ship's loadout")
    ships = list(roster.ships)
    ship = ships[index]
    ships[index] = ship.model_copy(update={kind: (*getattr(ship, kind), item)})
    return roster.with_ships(ships)


def unmount(roster: Roster, index: int, kind: str, position: int) -> Roster:
    """Remove the item at `position` of a ship's `kind` list."""
    ships = list(roster.ships)
    ship = ships[index]
    items = list(getattr(ship, kind))
    del items[position]
    ships[index] = ship.model_copy(update={kind: tuple(items)})
    return roster.with_ships(ships)


def ships_of(roster: Roster, ship_class: str) -> int:
    return sum(1 for s in roster.ships if s.ship_class == ship_class)


def save_design(roster: Roster, name: str, data: dict[str, Any], original: str | None = None) -> Roster:
    """Add or replace a custom design; a renamed design keeps its place and its ships follow it."""
    designs: dict[str, dict[str, Any]] = {}
    for key, value in roster.designs.items():
        designs[name if key == original else key] = data if key == original else value
    designs[name] = data
    ships = roster.ships
    if original is not None and original != name:
        ships = tuple(s.model_copy(update={"ship_class": name}) if s.ship_class == original else s for s in ships)
    return roster.model_copy(update={"designs": designs, "ships": ships})


def delete_design(roster: Roster, name: str) -> Roster:
    """Remove a custom design and the ships built from it."""
    designs = {k: v for k, v in roster.designs.items() if k != name}
    ships = tuple(s for s in roster.ships if s.ship_class != name)
    return roster.model_copy(update={"designs": designs, "ships": ships})


UNDO_LIMIT = 200


@dataclass
class RosterHistory:
    """The builder's undo and redo: each change kept as (the roster before it, what it was)."""

    done: list[tuple[Roster, str]] = field(default_factory=list)
    undone: list[tuple[Roster, str]] = field(default_factory=list)

    def record(self, before: Roster, what: str) -> None:
        self.done.append((before, what))
        del self.done[:-UNDO_LIMIT]
        self.undone.clear()

    def undo(self, current: Roster) -> tuple[Roster, str] | None:
        """The roster before the last change and what that change was; None when nothing is left to undo."""
        return _step(self.done, self.undone, current)

    def redo(self, current: Roster) -> tuple[Roster, str] | None:
        return _step(self.undone, self.done, current)

    def clear(self) -> None:
        self.done.clear()
        self.undone.clear()


def _step(source: list[tuple[Roster, str]], target: list[tuple[Roster, str]], current: Roster
          ) -> tuple[Roster, str] | None:
    """Take the last (roster, what) from `source` and keep `current` under the same `what` on `target`
    (undo: done to undone; redo: back); None when `source` is empty."""
    if not source:
        return None
    roster, what = source.pop()
    target.append((current, what))
    return roster, what
