"""Readers for the event shapes older lukas saves wrote, so every old game still loads and replays.

Before the one event style (narrative stories plus generic changes, `mstracker.game.batch`), every
lukas event carried `changes`: `[ship id, key or item path (w1.fired), new value]` triples, optionally
`owners` (ship id -> new owner) and `extra` (GameState.extra tables: key -> value, None deletes), and
the plugin reduced them itself. Some of today's narrative kinds share those old names
("ship-attacked", "docked"...), so an old event is recognised by the `changes` in its data, never by
its kind alone: a narrative event carries no `changes`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...game.events import Event
from ...game.state import GameState

#: Every kind the old plugin wrote, each with `changes` in its data.
OLD_KINDS = frozenset({
    "mode-chosen", "ship-attacked", "ship-destroyed", "beam-announced", "beam-ready", "beam-lapsed",
    "field-announced", "field-on", "field-off", "boosted", "booster-markers", "docked", "left-hangar",
    "infiltration-declared", "infiltration-halted", "infiltration-failed", "ship-captured", "cargo-moved",
    "turn-cleared",
})


def is_old_event(event: Event) -> bool:
    """An event in the old `changes` shape (whatever today's narrative kinds are called)."""
    return event.kind in OLD_KINDS and "changes" in event.data


def read_old_event(state: GameState, event: Event) -> GameState | None:
    """The state after an old-shaped event, or None when the event is not one."""
    if not is_old_event(event):
        return None
    return apply_changes(state, event.data)


def apply_changes(state: GameState, data: Mapping[str, Any]) -> GameState:
    """The old reducer, kept exactly: record and item values, then owners, then extra tables."""
    ships = dict(state.ships)
    for ship_id, path, value in data.get("changes", ()):
        ship = ships[ship_id]
        item, dot, key = path.rpartition(".")
        ships[ship_id] = ship.with_item_values(item, {key: value}) if dot else ship.with_values({key: value})
    for ship_id, owner in (data.get("owners") or {}).items():
        ships[ship_id] = ships[ship_id].model_copy(update={"owner": owner})
    state = state.update(ships=ships)
    for table_key, entries in (data.get("extra") or {}).items():
        table = dict(state.extra.get(table_key, {}))
        for k, v in entries.items():
            if v is None:
                table.pop(k, None)
            else:
                table[k] = v
        state = state.with_extra({table_key: table})
    return state
