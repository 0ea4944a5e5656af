"""When a lukas ship may act, and the refusals that say what to do instead (lukas §1.b).

A player's turn handles the ships one at a time, in the Ship action phase: each ship attacks with its
weapons or uses one active ability, never both (§1.b, §4). Every ship action checks the same things
first, here: the game is under way, the order of turns is decided, the checklist is in the Ship action
phase, the ship is the active player's and on the table (not destroyed, not in a hangar).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType
from ...game.state import GameState, ShipItem, ShipState
from .game_base import ability_item, cite
from .record import ABILITY, ATTACK, BOOST, FIELD, HALT, INFILTRATE

if TYPE_CHECKING:
    from .plugin import Plugin

SHIP_ARG = ArgSpec("ship", ArgType.SHIP, "the ship (id, name or tag)")
DISTANCE_ARG = ArgSpec("distance", ArgType.INT, "studs measured on the table (checked against the range)",
                       required=False)

ACTION_PHASE = "ship_action"
SETUP_PHASE = "setup"

MODE_WORDS = {
    BOOST: "boosts",
    FIELD: "switches its Field Defense on",
    INFILTRATE: "infiltrates",
    HALT: "halts an infiltration",
    ABILITY: "chose to use an active ability",
}


def order_decided(state: GameState) -> bool:
    return bool(state.extra.get("order"))


def why_not_now(state: GameState) -> str | None:
    """Why no ship may act now (set-up, order of turns, the wrong phase), or None."""
    if not state.started:
        return "the game is in set-up: decide the order of turns (roll-order), then next-step starts turn 1"
    if not order_decided(state) and state.turn <= 1 and _phase_id(state) == SETUP_PHASE:
        return f"decide the order of turns first ({cite('§1.b')}): roll-order"
    if _phase_id(state) != ACTION_PHASE:
        phase = state.current_phase.name if state.current_phase is not None else "this step"
        return (f"ships act in the Ship action phase ({cite('§1.b')}), not in {phase}: "
                "go on with next-step or advance")
    return None


def _phase_id(state: GameState) -> str:
    phase = state.current_phase
    return phase.id if phase is not None else ""


def ship_on_table(plugin: Plugin, state: GameState, ref: str) -> ShipState:
    """The active player's ship, on the table, in the Ship action phase."""
    reason = why_not_now(state)
    if reason is not None:
        raise InvalidAction(reason)
    ship = plugin.acting_ship(state, ref, own=True)
    if ship.get("docked"):
        host = state.ships.get(ship.get("docked_in") or "")
        raise InvalidAction(f"{ship.label} is docked in {host.label if host else 'a hangar'} and off the table "
                            f"until it comes out ({cite('§4.b')})")
    return ship


def attacked(ship: ShipState) -> bool:
    return any(it.record.get("fired") for it in ship.items)


def ability_used(ship: ShipState) -> str:
    """The active ability the ship used (or chose) this turn, in words; '' when none."""
    return MODE_WORDS.get(ship.get("mode") or "", "")


def free_for_ability(ship: ShipState, what: str) -> None:
    """Refused once the ship has fired, or used an active ability, this turn (§1.b)."""
    mode = ship.get("mode") or ""
    if attacked(ship):
        raise InvalidAction(f"{ship.label} attacked this turn, so it cannot use {what}: a ship attacks or uses an "
                            f"active ability, not both ({cite('§1.b')})")
    if mode not in ("", ABILITY, ATTACK):
        raise InvalidAction(f"{ship.label} already {MODE_WORDS.get(mode, mode)} this turn: one active ability a turn "
                            f"({cite('§1.b')})")


def needs(ship: ShipState, ability: str) -> ShipItem:
    found = ability_item(ship, ability)
    if found is None:
        raise InvalidAction(f"{ship.label} has no {ability}")
    return found
