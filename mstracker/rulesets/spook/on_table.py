"""What is in play besides the ships: each player's mines (§7 A1: counted per player, as the book does
not tell one mine from another), the effects in force (Defense Fields §6 B2, EMPs §6 B3, Sensor Jammers
§6 B4, Gravity Wells §6 B5, lit afterburners §6 A2), infiltrations under way (§7 A12), ships in position to
retire or be repaired (§7 A2), and a friendly fire waiting to be settled (§5 Accuracy).

Effects are listed with ids for reference only (no action takes them as arguments), so no form can name
a removed or foreign one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.state import GameState, ShipState
from ...rules.contract import TableItem
from .game_base import dock_order, plural

if TYPE_CHECKING:
    from .plugin import Plugin

#: (record timer, kind, id prefix, what it does, citation) of the timed effects on ships.
EFFECTS = (
    ("shielded", "Defense Field", "field", "enemy attacks and rams on it fail", "spook §6 B2"),
    ("emp", "EMP", "emp", "disabled: no move, rotation, attack, devices or abilities", "spook §6 B3"),
    ("jammed", "Sensor Jammer", "jam", "weapons disabled", "spook §6 B4"),
    ("gravity_well", "Gravity Well", "well", "no enemy hyperjump into 20 units of it", "spook §6 B5"),
    ("afterburner", "Afterburner", "burn", "speed +6 on its turn, agility +2", "spook §6 A2"),
)


def on_table(plugin: Plugin, state: GameState) -> tuple[TableItem, ...]:
    out: list[TableItem] = []
    for index, player in enumerate(state.players):
        mines = player.resources.get("mines", 0)
        if mines:
            out.append(TableItem(f"mines:{index + 1}", "Mines", index,
                                 f"{plural(mines, 'mine')} of {player.name} on the field: an enemy crossing one rolls "
                                 "the mines table (spook §7 A1)"))
    ships = sorted(plugin.live(state), key=lambda s: (len(s.id), s.id))
    for key, kind, prefix, does, cite in EFFECTS:
        for ship in ships:
            left = int(ship.record.get(key) or 0)
            if left:
                out.append(TableItem(f"{prefix}:{ship.id}", kind, ship.owner,
                                     f"{ship.label}: {does}; {plural(left, 'turn')} left ({cite})", ship.id))
    for ship in ships:
        out.extend(_links(state, ship))
    pending = state.extra.get("pending_ff")
    if pending:
        attacker = state.ships.get(str(pending.get("attacker")))
        out.append(TableItem(f"ff:{pending.get('attacker')}", "Friendly fire", attacker.owner if attacker else None,
                             f"{pending.get('damage')} from {pending.get('source')} waits for an own ship within "
                             f"{pending.get('range')} units, or none (spook §5 Accuracy)",
                             str(pending.get("attacker"))))
    return tuple(out)


def _links(state: GameState, ship: ShipState) -> list[TableItem]:
    out = []
    target = ship.record.get("infiltrating")
    if target:
        left = int(ship.record.get("capture_in") or 0)
        when = f"captured after {plural(left, 'more ability step')}" if left else "captured at the next turn start"
        out.append(TableItem(f"infiltration:{ship.id}", "Infiltration", ship.owner,
                             f"{ship.label} is infiltrating {target}: {when} (spook §7 A12, house default)", ship.id))
    order = dock_order(ship.record.get("dock") or "")
    if order is not None:
        host = state.ships.get(order[1])
        at = f" at {host.label}" if host is not None else ""
        out.append(TableItem(f"{order[0]}:{ship.id}", "Retire" if order[0] == "retire" else "Repair", ship.owner,
                             f"{ship.label} is in position to {order[0]}{at} since turn {order[2]}: done at the start "
                             "of its owner's next turn (spook §7 A2)", ship.id))
    return out
