"""A game log from outside (an imported file), decided again action by action before it is believed.

The set-up must be one the ruleset makes (statecheck.setup_problem). Each live action is then decided
again through the engine from its kind, its arguments and the dice it recorded (as typed faces), and
the events logged for it must be exactly the events decided; the state reached must keep the record
spec. The undone actions that redo can bring back are decided the same way, on from the last live
state (redo replays their logged events, so they must hold too). Undone actions that can never come
back only tell the log's story: their arguments must still read as the action's.

`checked_log` returns the state after every live action (the store keeps some as snapshots), or
raises LogRefused naming the first action that does not hold. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dice import DiceError, TypedFaces
from .errors import GameError
from .events import Action, Event
from .state import GameState
from .statecheck import record_problem, same_json, setup_problem

if TYPE_CHECKING:
    from .engine import Engine

MAX_EVENT_TEXT = 20_000
"""Longest line an undone action may show in the log (what the rules write is far shorter)."""


class LogRefused(GameError):
    """An action of an outside log is not what the rules decide; the message names the action."""

    def __init__(self, seq: int, kind: str, why: str) -> None:
        super().__init__(f"action {seq} ({kind}): {why}")
        self.seq = seq


@dataclass(frozen=True)
class LogEntry:
    """One action of the log as it was read: what was asked, what was logged, whether it is undone."""

    seq: int
    action: Action
    events: tuple[Event, ...]
    undone: bool
    redo_cleared: bool
    created: str = ""
    """When it was logged (ISO 8601, UTC); '' where the log keeps no clock (an action not yet stored)."""


def recorded_faces(events: Iterable[Event]) -> list[int]:
    """The die faces an action rolled, in order: its `dice-rolled` records (the dice the rules declare),
    else, for a ruleset that declares none, the bare [[sides, face], ...] its events carry."""
    events = list(events)
    declared = [e for e in events if e.kind == "dice-rolled"]
    if declared:
        return [face for e in declared for group in _list(e.data.get("rolls")) for face in _list(_get(group, "faces"))]
    return [pair[1] for e in events for pair in _list(e.data.get("dice"))
            if isinstance(pair, list) and len(pair) == 2]


def checked_log(engine: Engine, entries: Sequence[LogEntry]) -> list[tuple[int, GameState]]:
    """(seq, state after it) of every live action, the set-up first; LogRefused at the first that does not hold."""
    first = entries[0]
    state = _setup(engine, first)
    states = [(first.seq, state)]
    head = first
    for entry in entries[1:]:
        if not entry.undone:
            state = _redecided(engine, state, entry)
            states.append((entry.seq, state))
            head = entry
    redo = [e for e in entries if e.undone and not e.redo_cleared and e.seq > head.seq]
    after = state
    for entry in redo:  # the order redo brings them back in
        after = _redecided(engine, after, entry)
    again = {e.seq for e in redo}
    for entry in entries[1:]:
        if entry.undone and entry.seq not in again:
            _readable(engine, entry)
    problem = record_problem(engine.spec, state)
    if problem:
        raise LogRefused(head.seq, head.action.kind, f"the state it leads to breaks the ruleset's records ({problem})")
    return states


def _setup(engine: Engine, entry: LogEntry) -> GameState:
    if entry.action.kind != "new-game" or entry.undone or len(entry.events) != 1 or entry.events[0].kind != "game-created":
        raise LogRefused(entry.seq, entry.action.kind, "the log must start with the game's set-up (one game-created event)")
    event = entry.events[0]
    if set(event.data) != {"state"}:
        raise LogRefused(entry.seq, "new-game", "the set-up event holds more than the set-up state")
    try:
        state = engine.replay([event])
    except (ValueError, TypeError, KeyError, AttributeError) as exc:  # ValidationError is a ValueError
        raise LogRefused(entry.seq, "new-game", f"its set-up is not a game state ({_first_line(exc)})") from None
    problem = setup_problem(engine, state)
    if problem:
        raise LogRefused(entry.seq, "new-game", f"its set-up is not one the rules make: {problem}")
    if not same_json(engine.created_event(state).to_json(), event.to_json()):
        raise LogRefused(entry.seq, "new-game", "its set-up event differs from what the rules write")
    return state


def _redecided(engine: Engine, state: GameState, entry: LogEntry) -> GameState:
    kind = entry.action.kind
    faces = recorded_faces(entry.events)
    if not all(type(f) is int for f in faces):
        raise LogRefused(entry.seq, kind, "its recorded dice are not whole numbers")
    try:
        decided = engine.decide(state, entry.action, TypedFaces(faces))
    except (ValueError, DiceError) as exc:  # InvalidAction, GameError, FacesError, a bad value
        raise LogRefused(entry.seq, kind, f"the rules refuse it now ({_first_line(exc)})") from None
    except (TypeError, KeyError, AttributeError, IndexError, ArithmeticError, RecursionError) as exc:
        raise LogRefused(entry.seq, kind, f"the rules cannot read its arguments ({_first_line(exc)})") from None
    if not same_json([e.to_json() for e in decided], [e.to_json() for e in entry.events]):
        raise LogRefused(entry.seq, kind, "its events differ from what the rules decide")
    return engine.apply(state, decided)


def _readable(engine: Engine, entry: LogEntry) -> None:
    """An undone action that can never come back: its arguments read as the action's; its lines are short."""
    try:
        engine.action_spec(entry.action.kind).coerce(entry.action.args)
    except (ValueError, TypeError) as exc:
        raise LogRefused(entry.seq, entry.action.kind, f"undone, and not an action of the rules ({_first_line(exc)})") from None
    if any(len(e.text) > MAX_EVENT_TEXT for e in entry.events):
        raise LogRefused(entry.seq, entry.action.kind, f"undone, with a line longer than {MAX_EVENT_TEXT} characters")


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _get(value: object, key: str) -> object:
    return value.get(key) if isinstance(value, dict) else None


def _first_line(exc: BaseException) -> str:
    return (str(exc) or type(exc).__name__).splitlines()[0][:160]
