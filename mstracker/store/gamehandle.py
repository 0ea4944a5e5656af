"""One open game: its live state, perform / undo / redo, and its log (see mstracker.store.games)."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dice import FaceSource, RngFaces
from ..game import Action, Engine, Event, GameState
from .gamelock import GameLock
from .gamesdb import NothingToRedo, NothingToUndo, StoreError

if TYPE_CHECKING:
    from .games import GameStore, GameSummary

STATE_CACHE = 64
"""Recent states kept in memory for instant undo (they share structure, so this is cheap)."""


@dataclass(frozen=True)
class LoggedAction:
    """One row of a game's log: the action, its events, and whether it is undone."""

    seq: int
    action: Action
    events: tuple[Event, ...]
    undone: bool
    redo_cleared: bool
    created: str


def _dump_events(events: Sequence[Event]) -> str:
    return json.dumps([e.to_json() for e in events], ensure_ascii=False, separators=(",", ":"))


def _load_events(text: str) -> list[Event]:
    return [Event.from_json(e) for e in json.loads(text)]


class GameHandle:
    """One open game: its live state, perform/undo/redo, its log. Holds the game's lock."""

    def __init__(self, store: GameStore, summary: GameSummary, engine: Engine, lock: GameLock) -> None:
        self.store = store
        self.id = summary.id
        self.name = summary.name
        self.engine = engine
        self._lock = lock
        self._cache: dict[int, GameState] = {}
        conn = store.conn
        first, head, count = conn.execute(
            "SELECT min(seq), max(seq), count(*) FROM actions WHERE game_id = ? AND undone = 0", (self.id,)
        ).fetchone()
        if first != 1:
            raise StoreError(f"game {self.name!r}: its log does not start with the set-up", store.path)
        self._head: int = head  # the last live action
        self._live_count: int = count
        self._last_seq: int = conn.execute("SELECT max(seq) FROM actions WHERE game_id = ?", (self.id,)).fetchone()[0]
        self._redo: list[int] = [  # redo order: the next one to redo is last
            seq
            for (seq,) in conn.execute(
                "SELECT seq FROM actions WHERE game_id = ? AND undone = 1 AND redo_cleared = 0 AND seq > ? "
                "ORDER BY seq DESC",
                (self.id, head),
            )
        ]
        self._state = self._state_at(head)

    # ---- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self._state

    @property
    def live_actions(self) -> int:
        """Actions in force, the set-up included."""
        return self._live_count

    @property
    def can_undo(self) -> bool:
        return self._live_count > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def events(self) -> list[Event]:
        """Every event in force, in order, from game-created on (for replay and the report)."""
        rows = self.store.conn.execute(
            "SELECT events FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq", (self.id,)
        ).fetchall()
        return [e for (text,) in rows for e in _load_events(text)]

    def log(self) -> list[LoggedAction]:
        """The whole log, undone actions included (nothing is ever deleted)."""
        rows = self.store.conn.execute(
            "SELECT seq, kind, args, events, undone, redo_cleared, created FROM actions WHERE game_id = ? ORDER BY seq",
            (self.id,),
        ).fetchall()
        return [
            LoggedAction(seq, Action(kind, json.loads(args)), tuple(_load_events(ev)), bool(u), bool(rc), created)
            for seq, kind, args, ev, u, rc, created in rows
        ]

    # ---- changing ------------------------------------------------------------------------------
    def perform(self, action: Action, faces: FaceSource | None = None) -> list[Event]:
        """Decide, commit (one transaction) and apply an action; InvalidAction changes nothing."""
        self._check_open()
        faces = faces if faces is not None else RngFaces(random.Random())
        events = self.engine.decide(self._state, action, faces)
        state = self.engine.apply(self._state, events)
        seq = self._last_seq + 1
        live = self._live_count + 1
        now = self.store.clock()
        with self.store.transaction() as c:
            if self._redo:
                c.execute(
                    "UPDATE actions SET redo_cleared = 1 WHERE game_id = ? AND undone = 1 AND redo_cleared = 0",
                    (self.id,),
                )
            c.execute(
                "INSERT INTO actions (game_id, seq, kind, args, events, created) VALUES (?,?,?,?,?,?)",
                (self.id, seq, action.kind, json.dumps(dict(action.args), ensure_ascii=False), _dump_events(events), now),
            )
            if live % self.store.snapshot_every == 0:
                c.execute(
                    "INSERT INTO snapshots (game_id, action_seq, state) VALUES (?,?,?)",
                    (self.id, seq, state.to_json_text()),
                )
            self._touch(c, state, live, now)
        self._last_seq = self._head = seq
        self._live_count = live
        self._redo = []
        self._remember(seq, state)
        return events

    def undo(self) -> LoggedAction:
        """Mark the last live action undone and go back to the state before it."""
        self._check_open()
        if not self.can_undo:
            raise NothingToUndo(f"nothing to undo in {self.name!r}: only its set-up is in the log", self.store.path)
        seq = self._head
        (previous,) = self.store.conn.execute(
            "SELECT max(seq) FROM actions WHERE game_id = ? AND undone = 0 AND seq < ?", (self.id, seq)
        ).fetchone()
        before = self._state_at(previous)
        with self.store.transaction() as c:
            c.execute("UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = ?", (self.id, seq))
            self._touch(c, before, self._live_count - 1, self.store.clock())
        self._head = previous
        self._live_count -= 1
        self._redo.append(seq)
        self._state = before
        return self._row(seq)

    def redo(self) -> LoggedAction:
        """Bring back the most recently undone action (its events exactly as first decided)."""
        self._check_open()
        if not self._redo:
            raise NothingToRedo(f"nothing to redo in {self.name!r}", self.store.path)
        seq = self._redo[-1]
        row = self._row(seq)
        state = self.engine.apply(self._state, row.events)
        with self.store.transaction() as c:
            c.execute("UPDATE actions SET undone = 0 WHERE game_id = ? AND seq = ?", (self.id, seq))
            self._touch(c, state, self._live_count + 1, self.store.clock())
        self._redo.pop()
        self._head = seq
        self._live_count += 1
        self._remember(seq, state)
        return LoggedAction(row.seq, row.action, row.events, False, False, row.created)

    def close(self) -> None:
        self._lock.release()
        self.store._open_handles.pop(self.id, None)

    def __enter__(self) -> GameHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- internals -----------------------------------------------------------------------------
    def _check_open(self) -> None:
        if self._lock.fd is None:
            raise StoreError(f"game {self.name!r} is closed", self.store.path)

    def _touch(self, c: sqlite3.Connection, state: GameState, live: int, now: str) -> None:
        c.execute(
            "UPDATE games SET updated = ?, turn = ?, live_actions = ?, finished = ?, result = ? WHERE id = ?",
            (now, state.turn, live, int(state.finished), state.result, self.id),
        )

    def _remember(self, seq: int, state: GameState) -> None:
        self._state = state
        self._keep(seq, state)

    def _keep(self, seq: int, state: GameState) -> None:
        """Keep recent states (they share structure, so this is cheap) for instant undo."""
        self._cache[seq] = state
        if len(self._cache) > STATE_CACHE:
            del self._cache[next(iter(self._cache))]

    def _row(self, seq: int) -> LoggedAction:
        seq_, kind, args, ev, u, rc, created = self.store.conn.execute(
            "SELECT seq, kind, args, events, undone, redo_cleared, created FROM actions WHERE game_id = ? AND seq = ?",
            (self.id, seq),
        ).fetchone()
        return LoggedAction(seq_, Action(kind, json.loads(args)), tuple(_load_events(ev)), bool(u), bool(rc), created)

    def _state_at(self, seq: int) -> GameState:
        """The state after live action `seq`: cached, else latest live snapshot + fold."""
        cached = self._cache.get(seq)
        if cached is not None:
            return cached
        conn = self.store.conn
        state: GameState | None = None
        start = 0
        for snap_seq, text in conn.execute(  # snapshots taken after a live action (undone ones no longer hold)
            "SELECT s.action_seq, s.state FROM snapshots s JOIN actions a ON a.game_id = s.game_id "
            "AND a.seq = s.action_seq WHERE s.game_id = ? AND s.action_seq <= ? AND a.undone = 0 "
            "ORDER BY s.action_seq DESC",
            (self.id, seq),
        ):
            try:
                state, start = GameState.from_json(text), snap_seq
            except ValueError:
                continue  # an unreadable snapshot is skipped; the log itself is the truth
            break
        rows = conn.execute(
            "SELECT seq, events FROM actions WHERE game_id = ? AND undone = 0 AND seq > ? AND seq <= ? ORDER BY seq",
            (self.id, start, seq),
        ).fetchall()
        try:
            for _, text in rows:
                state = self.engine.apply(state, _load_events(text))
        except (ValueError, KeyError) as exc:
            raise StoreError(f"game {self.name!r}: its log cannot be replayed ({exc})", self.store.path) from None
        assert state is not None
        self._keep(seq, state)
        return state
