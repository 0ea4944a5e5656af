"""Hangar Bays (lukas §4.b): docking, the early release (a house default), and coming out repaired.

A ship that docks in turn N is off the table, cannot move "the next turn" and is placed beside the bay
fully repaired "the turn afterwards". Which turns count is a setting (hangar_turns, INFERRED): the
owner's own turns (the default), or every player's turn. `docked` on the ship counts the turns left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, Event
from ...game.generic import require_started
from ...game.state import GameState
from .acting import SHIP_ARG, ship_on_table, why_not_now
from .game_base import ability_item, bay_count, bay_key, cite, setting_words
from .record import DOCK_TURNS, HANGAR

if TYPE_CHECKING:
    from .plugin import Plugin

DOCK_ARGS = (SHIP_ARG, ArgSpec("host", ArgType.SHIP, "the allied capital ship with a Hangar Bay"))
DOCK_HELP = ("fly into an allied capital ship's Hangar Bay (lukas §4.b): off the table now, cannot move next turn, "
             "placed beside the bay fully repaired the turn after. Room: x strike craft / y frigates.")
RELEASE_HELP = ("put a docked ship back on the table now, before its hangar time is up: not repaired. The book has no "
                "such move (a house default the rules reference shows: hangar_early_release); the upkeep releases it "
                "fully repaired on time by itself.")


def counts_every_turn(plugin: Plugin, state: GameState) -> bool:
    """True when every player's turn counts for the hangar (setting hangar_turns = every)."""
    return plugin.rules(state).setting("hangar_turns") == "every"


def dock(plugin: Plugin, state: GameState, args: dict[str, Any]) -> list[Event]:
    ship = ship_on_table(plugin, state, args["ship"])
    host = state.find_ship(args["host"])
    hangar = plugin.rules(state).abilities[HANGAR]
    if ship.ship_class not in hangar.targets:
        raise InvalidAction(f"{ship.label} is a {ship.ship_class}; only {' and '.join(hangar.targets)} dock "
                            f"({cite('§4.b')})")
    if ship.get("immobile"):
        raise InvalidAction(f"{ship.label} cannot move this turn")
    bay = ability_item(host, HANGAR)
    if host.owner != ship.owner or host.get("destroyed") or bay is None:
        raise InvalidAction(f"{host.label} is not an allied ship with a Hangar Bay")
    key = bay_key(ship)
    used, room = int(bay.record.get(key) or 0), int(bay.record.get(f"{key}_max") or 0)
    if used >= room:
        raise InvalidAction(f"{host.label}'s hangar is full for {ship.ship_class}: {used}/{room}")
    text = (f"{ship.label} docks in {host.label} ({used + 1}/{room} {ship.ship_class} docked): off the table, "
            f"immobile next turn, out fully repaired the turn after ({cite('§4.b')}).")
    batch = Batch(plugin, state)
    batch.story("docked", text, ship=ship.id, host=host.id)
    batch.set(ship.id, "docked", DOCK_TURNS, f"in {host.label}'s hangar")
    batch.set(ship.id, "docked_in", host.id, "docked")
    batch.set(ship.id, "immobile", True, "docked")
    bay_count(batch, host.id, ship, +1, f"{ship.label} docks")
    return batch.events


def release(plugin: Plugin, state: GameState, args: dict[str, Any]) -> list[Event]:
    require_started(state, "act")
    rules = plugin.rules(state)
    if not rules.setting("hangar_early_release"):
        raise InvalidAction(f"docked ships leave only when their hangar time is up ({cite('§4.b')}); "
                            f"{setting_words(rules, 'hangar_early_release')}")
    reason = why_not_now(state)
    if reason is not None:
        raise InvalidAction(reason)
    ship = plugin.acting_ship(state, args["ship"], own=True)
    if not ship.get("docked"):
        raise InvalidAction(f"{ship.label} is not docked")
    host = state.ships.get(ship.get("docked_in") or "")
    text = (f"{ship.label} leaves {host.label if host else 'the hangar'} early, not repaired (armor "
            f"{ship.get('armor')}); {setting_words(rules, 'hangar_early_release')}.")
    batch = Batch(plugin, state)
    batch.story("left-hangar", text, host=host.id if host else None, ships=[ship.id])
    leave(batch, ship.id, "leaves early")
    return batch.events


def leave(batch: Batch, ship_id: str, reason: str) -> None:
    """The ship is back on the table beside its host's bay."""
    ship = batch.ship(ship_id)
    host_id = ship.get("docked_in") or ""
    batch.set(ship_id, "docked", 0, reason)
    batch.set(ship_id, "docked_in", "", reason)
    batch.set(ship_id, "immobile", False, reason)
    bay_count(batch, host_id, ship, -1, f"{ship.label} leaves")


def release_docked(plugin: Plugin, state: GameState) -> list[Event]:
    """Upkeep: docked in turn N, immobile in N+1, out in N+2 fully repaired (lukas §4.b). Counts the owner's
    turns, or every turn (setting hangar_turns)."""
    batch = Batch(plugin, state)
    every = counts_every_turn(plugin, state)
    for ship in list(state.ships.values()):
        left = int(ship.get("docked") or 0)
        if not left or ship.get("destroyed") or (ship.owner != state.active and not every):
            continue
        host = state.ships.get(ship.get("docked_in") or "")
        host_name = host.label if host else "its hangar"
        if left > 1:
            batch.story("docked", f"{ship.label} stays docked in {host_name} this turn and cannot move ({cite('§4.b')}).",
                        ship=ship.id)
            batch.set(ship.id, "docked", left - 1, "one turn in the hangar")
            batch.set(ship.id, "immobile", True, "docked")
            continue
        armor_max = ship.get("armor_max")
        text = (f"{ship.label} leaves {host_name}, placed beside the bay fully repaired (armor {ship.get('armor')} → "
                f"{armor_max}), with a full turn ({cite('§4.b')}).")
        batch.story("left-hangar", text, host=host.id if host else None, ships=[ship.id])
        leave(batch, ship.id, "hangar time is up")
        batch.set(ship.id, "armor", armor_max, "fully repaired in the hangar")
    return batch.events
