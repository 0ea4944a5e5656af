"""One game open for writing: the reader's state and log plus the lock and perform / undo / redo
(see mstracker.store.games)."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import TYPE_CHECKING

from ..dice import FaceSource, RngFaces
from ..game import Action, Engine, Event, GameState
from .gamelock import GameLock
from .gamereader import STATE_CACHE, GameReader, LogEntry, _dump_events
from .gamesdb import NothingToRedo, NothingToUndo, StoreError

if TYPE_CHECKING:
    from .games import GameStore, GameSummary

__all__ = ["STATE_CACHE", "GameHandle", "LogEntry", "_dump_events"]


class GameHandle(GameReader):
    """One open game: its live state, perform/undo/redo, its log. Holds the game's writer lock."""

    def __init__(self, store: GameStore, summary: GameSummary, engine: Engine, lock: GameLock) -> None:
        self._lock = lock
        super().__init__(store, summary, engine)

    @property
    def took_over(self) -> str | None:
        """Set when the lock was taken over from a process that died holding it (say so to the user)."""
        return self._lock.took_over

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

    def undo(self) -> LogEntry:
        """Mark the last live action undone and go back to the state before it."""
        self._check_open()
        if not self.can_undo:
            raise NothingToUndo(f"nothing to undo in {self.name!r}: only its set-up is in the log", self.store.path)
        seq = self._head
        with self.store.reading():
            (previous,) = self.store.conn.execute(
                "SELECT max(seq) FROM actions WHERE game_id = ? AND undone = 0 AND seq < ?", (self.id, seq)
            ).fetchone()
        before = self._state_at(previous)
        row = self._row(seq)
        with self.store.transaction() as c:
            c.execute("UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = ?", (self.id, seq))
            self._touch(c, before, self._live_count - 1, self.store.clock())
        self._cache.pop(seq, None)  # no longer a live action: its state must not seed a later fold
        self._head = previous
        self._live_count -= 1
        self._redo.append(seq)
        self._state = before
        return LogEntry(row.seq, row.action, row.events, True, row.redo_cleared, row.created)

    def redo(self) -> LogEntry:
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
        return LogEntry(row.seq, row.action, row.events, False, False, row.created)

    def close(self) -> None:
        self._lock.release()
        self.store._open_handles.pop(self.id, None)

    def __enter__(self) -> GameHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- internals -----------------------------------------------------------------------------
    def _check_open(self) -> None:
        if not self._lock.held:
            raise StoreError(f"game {self.name!r} is closed", self.store.path)

    def _touch(self, c: sqlite3.Connection, state: GameState, live: int, now: str) -> None:
        c.execute(
            "UPDATE games SET updated = ?, turn = ?, live_actions = ?, finished = ?, result = ? WHERE id = ?",
            (now, state.turn, live, int(state.finished), state.result, self.id),
        )

    def _remember(self, seq: int, state: GameState) -> None:
        self._state = state
        self._keep(seq, state)
