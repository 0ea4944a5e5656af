"""Readers for the event shapes older spook saves wrote, so every saved game still loads (called from the
plugin's `reduce`, before the engine's own reducers see an event it does not know).

Before the one event style, the plugin wrote its changes as generic events already, with one exception:
a d12 of 12 without a named ally left an `ff-pending` event (`{"pending": {...}}` or `{"pending": null}`),
which is now an `extra-set` of `pending_ff`. Its narrative kinds kept their names (`fired`, `rolloff`...),
and change nothing either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...game.events import Event
from ...game.state import GameState

#: Narrative kinds older saves wrote; they tell the story and change nothing.
OLD_NARRATIVE = frozenset({
    "rolloff", "fired", "friendly-fire", "device-used", "flares-reloaded", "mines-laid", "mines-crossed",
    "infiltration", "captured", "dock-ordered", "retired", "repaired", "built", "scuttled", "rammed",
    "probe-moved", "embarked", "victory-checked",
})


def read(state: GameState, event: Event) -> GameState | None:
    """The state after an event in an older shape, or None when the event is not one (the engine reduces it)."""
    if event.kind == "ff-pending" and _is_ff_pending(event.data):
        return state.with_extra({"pending_ff": event.data.get("pending")})
    if event.kind in OLD_NARRATIVE:
        return state  # a story only, whether or not the plugin still tells it under this name
    return None


def _is_ff_pending(data: Mapping[str, Any]) -> bool:
    """`{"pending": null}` or `{"pending": {"attacker", "damage", "range", "source"}}`."""
    if set(data) != {"pending"}:
        return False
    pending = data["pending"]
    return pending is None or (isinstance(pending, Mapping) and {"attacker", "damage", "source"} <= set(pending))
