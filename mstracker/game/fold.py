"""Folding events into a state, for the engine and for a ruleset's deciders alike.

A decider that chains steps (a ram then its blast, a step working through the ships one by one)
needs the state after the events it has made so far. It folds them here, with the same reducers the
engine uses, rather than through a back-reference to the engine: the plugin knows no engine. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import GameError
from .events import Event
from .generic import GENERIC_REDUCERS
from .state import GameState

if TYPE_CHECKING:
    from .plugin import RulesetPlugin


def reduce_event(plugin: RulesetPlugin, state: GameState | None, event: Event) -> GameState:
    """The state after one event: a generic change, an older save's event (the plugin's `reduce`), or
    a narrative event, which changes nothing."""
    if event.kind == "game-created":
        return GENERIC_REDUCERS["game-created"](state, event)  # type: ignore[arg-type]
    if state is None:
        raise GameError(f"the log must start with game-created, not {event.kind!r}")
    generic = GENERIC_REDUCERS.get(event.kind)
    if generic is not None:
        return generic(state, event)
    legacy = plugin.reduce(state, event)  # events of older saves, in the shapes they were written
    if legacy is not None:
        return legacy
    if event.kind in plugin.narrative_kinds():
        return state
    raise GameError(f"no reducer for event {event.kind!r} in {plugin.ruleset_id}")


def fold_events(plugin: RulesetPlugin, state: GameState | None, events: Iterable[Event]) -> GameState:
    """The state after every event in turn."""
    for event in events:
        state = reduce_event(plugin, state, event)
    if state is None:
        raise GameError("no events to fold")
    return state
