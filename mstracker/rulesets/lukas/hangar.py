"""Hangar Bays (lukas §4.b): docking, the early release (a house default), and coming out repaired.

A ship that docks in turn N is off the table, cannot move "the next turn" and is placed beside the bay
fully repaired "the turn afterwards". Which turns count is a setting (hangar_turns, INFERRED): the
owner's own turns (the default), or every player's turn. `docked` on the ship counts the turns left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from ...game.generic import require_started
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, RuleAction
from ...rules.names import possessive
from .acting import SHIP_ARG, ship_on_table, why_not_now
from .game_base import ability_item, bay_count, bay_key, cite, setting_words
from .legal import blank_ship
from .record import DOCK_TURNS, HANGAR

if TYPE_CHECKING:
    from .plugin import Plugin

DOCK_ARGS = (SHIP_ARG, ArgSpec("host", ArgType.SHIP, "the allied capital ship with a Hangar Bay"))
DOCK_HELP = ("fly into an allied capital ship's Hangar Bay (lukas §4.b): off the table now, cannot move next turn, "
             "placed beside the bay fully repaired the turn after. Room: x strike craft / y frigates.")
RELEASE_HELP = ("put a docked ship back on the table now, before its hangar time is up: not repaired. The book has no "
                "such move (a house default the rules reference lists); the upkeep releases it "
                "fully repaired on time by itself.")


def counts_every_turn(plugin: Plugin, state: GameState) -> bool:
    """True when every player's turn counts for the hangar (setting hangar_turns = every)."""
    return plugin.rules(state).setting("hangar_turns") == "every"


@dataclass(frozen=True, slots=True)
class Docking:
    """A ship flying into an allied Hangar Bay, checked: the bay's count for its kind before it docks."""

    ship: ShipState
    host: ShipState
    used: int
    room: int


class Dock(RuleAction[Docking]):
    """dock: into an allied capital ship's Hangar Bay with room (lukas §4.b)."""

    spec = ActionSpec("dock", DOCK_HELP, DOCK_ARGS)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Docking:
        if not args.get("ship"):
            raise blank_ship(self.plugin, state, self.kind)
        ship = ship_on_table(self.plugin, state, str(args["ship"]))
        host = state.find_ship(str(args["host"])) if args.get("host") else None
        hangar = self.plugin.rules(state).abilities[HANGAR]
        if ship.ship_class not in hangar.targets:
            raise InvalidAction(f"{ship.label} is a {ship.ship_class}; only {' and '.join(hangar.targets)} dock "
                                f"({cite('§4.b')})")
        if ship.get("immobile"):
            raise InvalidAction(f"{ship.label} cannot move this turn")
        if host is None:
            raise Incomplete("host")
        bay = ability_item(host, HANGAR)
        if host.owner != ship.owner or host.get("destroyed") or bay is None:
            raise InvalidAction(f"{host.label} is not an allied ship with a Hangar Bay")
        key = bay_key(ship)
        used, room = int(bay.record.get(key) or 0), int(bay.record.get(f"{key}_max") or 0)
        if used >= room:
            raise InvalidAction(f"{possessive(host.label)} hangar is full for {ship.ship_class}: {used}/{room}")
        return Docking(ship, host, used, room)

    def apply(self, p: Docking, dice: DiceRecorder, batch: Batch) -> None:
        ship, host = p.ship, p.host
        text = (f"{ship.label} docks in {host.label} ({p.used + 1}/{p.room} {ship.ship_class} docked): off the table, "
                f"immobile next turn, out fully repaired the turn after ({cite('§4.b')}).")
        batch.story("docked", text, ship=ship.id, host=host.id)
        batch.set(ship.id, "docked", DOCK_TURNS, f"in {possessive(host.label)} hangar")
        batch.set(ship.id, "docked_in", host.id, "docked")
        batch.set(ship.id, "immobile", True, "docked")
        bay_count(batch, host.id, ship, +1, f"{ship.label} docks")


class Release(RuleAction[ShipState]):
    """release: a docked ship back on the table early, not repaired (a house default, hangar_early_release)."""

    spec = ActionSpec("release", RELEASE_HELP, (SHIP_ARG,))
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> ShipState:
        require_started(state, "act")
        rules = self.plugin.rules(state)
        if not rules.setting("hangar_early_release"):
            raise InvalidAction(f"docked ships leave only when their hangar time is up ({cite('§4.b')}); "
                                f"{setting_words(rules, 'hangar_early_release')}")
        if not args.get("ship"):
            raise blank_ship(self.plugin, state, self.kind)
        reason = why_not_now(state)
        if reason is not None:
            raise InvalidAction(reason)
        ship = self.plugin.acting_ship(state, str(args["ship"]), own=True)
        if not ship.get("docked"):
            raise InvalidAction(f"{ship.label} is not docked")
        return ship

    def apply(self, p: ShipState, dice: DiceRecorder, batch: Batch) -> None:
        ship = p
        rules = self.plugin.rules(batch.state)
        host = batch.state.ships.get(ship.get("docked_in") or "")
        text = (f"{ship.label} leaves {host.label if host else 'the hangar'} early, not repaired (armor "
                f"{ship.get('armor')}); {setting_words(rules, 'hangar_early_release')}.")
        batch.story("left-hangar", text, host=host.id if host else None, ships=[ship.id])
        leave(batch, ship.id, "leaves early")


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
