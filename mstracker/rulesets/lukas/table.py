"""What is in play besides the ships' own records, and what the book requires before the game goes on.

On the table (the markers and effects players would otherwise keep on paper): Field Defense fields up
or announced (§4.a), infiltrations under way (§4.c), Beams aimed (§3.b Beam), booster markers (§4.f),
ships docked in a hangar and so off the table (§4.b), cargo containers (§4.e). None is a token a form
names, so none has an argument kind.

Obligation: the order of turns is decided before anything else (§1.b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.state import GameState
from ...rules.contract import Obligation, TableItem
from ...rules.names import possessive
from .acting import SETUP_PHASE, order_decided
from .game_base import ability_item, cite, player_name, ship_name, weapons
from .record import AIMED, BOOSTERS, CARGO, FIELD_DEFENSE, INFILTRATION

if TYPE_CHECKING:
    from .plugin import Plugin

ORDER_OBLIGATION = "order-of-turns"


def obligations(plugin: Plugin, state: GameState) -> tuple[Obligation, ...]:
    phase = state.current_phase
    if state.started and state.turn <= 1 and phase is not None and phase.id == SETUP_PHASE and not order_decided(state):
        die = int(plugin.rules(state).setting("order_die"))
        text = (f"Decide the order of turns before anything else: each player rolls a d{die}, the highest goes "
                "first (or the table names who goes first)")
        return (Obligation(ORDER_OBLIGATION, text, cite("§1.b"), resolve="roll-order",
                           blocks=frozenset({"next-step", "*"})),)
    return ()


def on_table(plugin: Plugin, state: GameState) -> tuple[TableItem, ...]:
    out: list[TableItem] = []
    ships = sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))
    for ship in ships:
        if ship.get("destroyed"):
            continue
        owner = player_name(state, ship.owner)
        field = ability_item(ship, FIELD_DEFENSE)
        if ship.get("fd_active"):
            since = state.extra.get("fd_since", {}).get(ship.id)
            when = f" since turn {since}" if since is not None else ""
            out.append(TableItem(f"fd{ship.id}", "Field Defense", ship.owner, f"15-stud field around {ship.label}{when}: "
                                 f"nothing enters or fires in until {possessive(owner)} next turn ({cite('§4.a')})", ship.id))
        elif field is not None and field.record.get("announced"):
            out.append(TableItem(f"fd{ship.id}", "Field Defense (announced)", ship.owner,
                                 f"{possessive(ship.label)} field switches on at the start of {possessive(owner)} next turn "
                                 f"({cite('§4.a')})", ship.id))
        pods = ability_item(ship, INFILTRATION)
        if pods is not None and pods.record.get("target"):
            target = pods.record["target"]
            out.append(TableItem(f"inf{ship.id}", "Infiltration", ship.owner,
                                 f"{ship.label} infiltrating {ship_name(state, target)}: neither moves; captured at "
                                 f"the start of {possessive(owner)} next turn unless halted ({cite('§4.c')})", ship.id))
        for it in weapons(ship):
            stage = it.record.get("beam") or ""
            if stage:
                when = f"fires in {possessive(owner)} next turn" if stage == AIMED else "may fire this turn"
                aim = ship_name(state, it.record.get("aim") or "")
                out.append(TableItem(f"beam{ship.id}{it.id}", "Beam aimed", ship.owner,
                                     f"{it.name} ({it.id}) of {ship.label} at {aim}: {when} ({cite('§3.b Beam')})",
                                     ship.id))
        boosters = ability_item(ship, BOOSTERS)
        if boosters is not None and boosters.record.get("marker"):
            out.append(TableItem(f"boost{ship.id}", "Booster marker", ship.owner,
                                 f"on {possessive(ship.label)} stand: it boosts again once the marker is off ({cite('§4.f')})",
                                 ship.id))
        if ship.get("docked"):
            host = ship_name(state, ship.get("docked_in") or "")
            turn = "the next turn" if plugin.rules(state).setting("hangar_turns") == "every" else f"{possessive(owner)} next turn"
            when = (f"stays in through {turn}, out the turn after" if int(ship.get("docked") or 0) > 1
                    else f"out at the start of {turn}")
            out.append(TableItem(f"dock{ship.id}", "Docked", ship.owner,
                                 f"{ship.label} in {possessive(host)} hangar, off the table: {when}, fully repaired "
                                 f"({cite('§4.b')})", ship.id))
        hold = ability_item(ship, CARGO)
        if hold is not None and hold.record.get("cargo"):
            out.append(TableItem(f"cargo{ship.id}", "Cargo", ship.owner,
                                 f"{hold.record['cargo']} container(s) on {ship.label} ({cite('§4.e')})", ship.id))
    return tuple(out)
