"""Reading cal saves written before the one event style (the patch-style plugin, until rs-cal).

Those saves wrote every cal event with a `patch` in its data: the new values of the ship records,
items, game extras and player values it changed (not deltas). Today the same kinds are narrative
events (a story, no `patch`) followed by generic changes, so an old event is recognised by its data
shape, never by its kind alone, and folded by applying its patch exactly as the old reducer did.
"""

from __future__ import annotations

from typing import Any

from ...game.events import Event
from ...game.state import GameState, PlayerState

#: Every kind the patch-style plugin wrote (each carried a `patch`).
OLD_KINDS = frozenset({
    "shots-fired", "pd-fired", "ordnance-readied", "ordnance-unreadied", "ordnance-recalled", "ordnance-launched",
    "ordnance-removed", "intercepted", "ordnance-attacked", "course-altered", "course-set", "ftl-powered-up",
    "ftl-powered-down", "jumped", "rammed", "blast", "damage-control", "rallied", "round-started", "tracks-moved",
    "ftl-moved", "fire-damage", "fire-roll", "boarders-rolled", "cc-checked", "fire-added", "damage-resolved",
    "shots-reset",
})


def is_legacy(event: Event) -> bool:
    """True for an event in the old shape: an old kind whose data carries a patch."""
    return event.kind in OLD_KINDS and isinstance(event.data.get("patch"), dict)


def read_legacy(state: GameState, event: Event) -> GameState | None:
    """The state after an old-shape event, or None when the event is not one (a new narrative event
    of the same name, say)."""
    return apply_patch(state, event.data["patch"]) if is_legacy(event) else None


def apply_patch(state: GameState, patch: dict[str, Any]) -> GameState:
    """The state after an old event's patch: ships (record, items), game extras, players."""
    for sid, entry in patch.get("ships", {}).items():
        ship = state.ships[sid]
        if entry.get("record"):
            ship = ship.with_values(entry["record"])
        for item_id, values in entry.get("items", {}).items():
            ship = ship.with_item_values(item_id, values)
        state = state.with_ship(ship)
    if patch.get("extra"):
        state = state.with_extra(patch["extra"])
    for index, entry in patch.get("players", {}).items():
        player: PlayerState = state.players[int(index)]
        update = {part: {**getattr(player, part), **values} for part, values in entry.items()}
        state = state.with_player(int(index), player.model_copy(update=update))
    return state
