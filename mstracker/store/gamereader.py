"""One game read from the database without its lock: state, log, events, and following changes.

Readers never wait on the writer: the database is in WAL mode, so a read-only connection sees the
last committed action while another process (the TUI, `game act`) writes. `GameHandle` (the
writer) builds on this reader and adds the lock and perform / undo / redo.

Every row is checked as it is read: text that is not UTF-8, JSON that is broken or nested absurdly
deep, events without a kind: any of these is a `DamagedGame` ("damaged: ...; left untouched"),
never a traceback, and the database is not written to.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..game import Action, Engine, Event, GameState
from ..game.logcheck import LogEntry
from .gamesdb import DamagedGame, GameNotFound, UnreadableText

if TYPE_CHECKING:
    from .games import GameStore, GameSummary

STATE_CACHE = 64
"""Recent states kept in memory for instant undo (they share structure, so this is cheap)."""

_DECODE_ERRORS = (ValueError, TypeError, KeyError, AttributeError, RecursionError, OverflowError)




def _dump_events(events: Sequence[Event]) -> str:
    return json.dumps([e.to_json() for e in events], ensure_ascii=False, separators=(",", ":"))


def _load_events(text: Any) -> list[Event]:
    data = json.loads(_text(text))
    if not isinstance(data, list):
        raise ValueError("events are not a list")
    out = []
    for e in data:
        if not isinstance(e, dict) or not isinstance(e.get("kind"), str) or not isinstance(e.get("text", ""), str):
            raise ValueError("an event without a kind or text")
        if not isinstance(e.get("data") or {}, dict):
            raise ValueError("event data is not a table")
        out.append(Event.from_json(e))
    return out


def _load_args(text: Any) -> dict[str, Any]:
    data = json.loads(_text(text))
    if not isinstance(data, dict):
        raise ValueError("action arguments are not a table")
    return data


def _text(value: Any) -> str:
    if isinstance(value, UnreadableText):
        raise ValueError("text that is not UTF-8")
    if not isinstance(value, str):
        raise ValueError(f"expected text, found {type(value).__name__}")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise ValueError(f"expected a count, found {value!r}"[:120])
    return value


def decoded_row(row: tuple[Any, ...]) -> LogEntry:
    """An actions row (seq, kind, args, events, undone, redo_cleared, created), checked."""
    seq, kind, args, ev, undone, redo_cleared, created = row
    return LogEntry(
        _count(seq), Action(_text(kind), _load_args(args)), tuple(_load_events(ev)),
        bool(_count(undone)), bool(_count(redo_cleared)), _text(created),
    )


class GameReader:
    """One game, read-only: its live state, log and events. `refresh()` follows new commits."""

    def __init__(self, store: GameStore, summary: GameSummary, engine: Engine) -> None:
        self.store = store
        self.id = summary.id
        self.name = summary.name
        self.engine = engine
        self._cache: dict[int, GameState] = {}
        self._load_position()
        self._state = self._state_at(self._head)
        self._seen_undone: set[int] | None = None  # read on the first follow() (only the watcher follows)

    def start_following(self) -> None:
        """Mark the game as seen now: the next follow() reports what happens after this."""
        self._seen_undone = self._undone_seqs()

    def damaged(self, what: str) -> DamagedGame:
        return DamagedGame(f"game {self.name!r}: damaged: {what}; left untouched", self.store.path)

    def _load_position(self) -> None:
        with self.store.reading():
            conn = self.store.conn
            first, head, count = conn.execute(
                "SELECT min(seq), max(seq), count(*) FROM actions WHERE game_id = ? AND undone = 0", (self.id,)
            ).fetchone()
            if first is None and conn.execute("SELECT 1 FROM games WHERE id = ?", (self.id,)).fetchone() is None:
                # deleted between the look-up of its row and this read: gone, not damaged
                raise GameNotFound(f"game {self.name!r} (id {self.id}) was deleted", self.store.path)
            if first != 1:
                raise self.damaged("its log does not start with the set-up")
            last = conn.execute("SELECT max(seq) FROM actions WHERE game_id = ?", (self.id,)).fetchone()[0]
            redo = [
                seq
                for (seq,) in conn.execute(
                    "SELECT seq FROM actions WHERE game_id = ? AND undone = 1 AND redo_cleared = 0 AND seq > ? "
                    "ORDER BY seq DESC",
                    (self.id, head),
                )
            ]
        try:
            self._head: int = _count(head)  # the last live action
            self._live_count: int = _count(count)
            self._last_seq: int = _count(last)
            self._redo: list[int] = [_count(s) for s in redo]  # redo order: the next one to redo is last
        except ValueError as exc:
            raise self.damaged(str(exc)) from None

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

    @property
    def undo_depth(self) -> int:
        """How many actions undo can take back (everything but the set-up)."""
        return self._live_count - 1

    @property
    def redo_depth(self) -> int:
        """How many undone actions redo can bring back."""
        return len(self._redo)

    def refresh(self) -> bool:
        """Read what other processes committed since; True when the game changed."""
        position = (self._head, self._live_count, self._last_seq, tuple(self._redo))
        self._load_position()
        if position == (self._head, self._live_count, self._last_seq, tuple(self._redo)):
            return False
        self._forget_undone()
        self._state = self._state_at(self._head)
        return True

    def follow(self) -> list[tuple[str, LogEntry]] | None:
        """What other processes did since the last call, in order: ("done" | "undone" | "redone",
        row) pairs; None when the game did not change. The watcher's log follows the game this way."""
        before_last = self._last_seq
        before_undone = self._seen_undone if self._seen_undone is not None else self._undone_seqs()
        if not self.refresh():
            self._seen_undone = before_undone
            return None
        undone_now = self._undone_seqs()
        self._seen_undone = undone_now
        out: list[tuple[str, LogEntry]] = []
        for seq in sorted((undone_now - before_undone) - set(range(before_last + 1, self._last_seq + 1)), reverse=True):
            out.append(("undone", self._row(seq)))
        for seq in sorted(before_undone - undone_now):
            out.append(("redone", self._row(seq)))
        out.extend(("done", logged) for logged in self._logged("AND seq > ?", before_last))
        return out

    def _undone_seqs(self) -> set[int]:
        with self.store.reading():
            return {seq for (seq,) in self.store.conn.execute(
                "SELECT seq FROM actions WHERE game_id = ? AND undone = 1", (self.id,)
            )}

    def events(self) -> list[Event]:
        """Every event in force, in order, from game-created on (for replay and the report)."""
        with self.store.reading():
            rows = self.store.conn.execute(
                "SELECT seq, events FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq", (self.id,)
            ).fetchall()
        out: list[Event] = []
        for seq, text in rows:
            out.extend(self._events_of(seq, text))
        return out

    def log(self) -> list[LogEntry]:
        """The whole log, undone actions included (nothing is ever deleted)."""
        return self._logged()

    def report(self, include_checklist: bool = False) -> dict[str, Any]:
        """The battle report: the whole live log folded from its set-up (a snapshot may have spared the
        state that fold), so a damaged set-up is a DamagedGame here too, never a traceback."""
        from ..game import battle_report

        try:
            return battle_report(self.engine, self.log(), include_checklist=include_checklist)
        except (*_DECODE_ERRORS, IndexError) as exc:  # pydantic's ValidationError is a ValueError
            raise self.damaged(f"its log cannot be replayed ({_why(exc)})") from None

    # ---- internals -----------------------------------------------------------------------------
    def _logged(self, where: str = "", *params: Any) -> list[LogEntry]:
        """This game's actions that also meet `where` (SQL, after `game_id = ?`), in order, checked."""
        with self.store.reading():
            rows = self.store.conn.execute(
                "SELECT seq, kind, args, events, undone, redo_cleared, created FROM actions WHERE game_id = ? "
                f"{where} ORDER BY seq",
                (self.id, *params),
            ).fetchall()
        return [self._decoded(row) for row in rows]

    def _decoded(self, row: tuple[Any, ...]) -> LogEntry:
        try:
            return decoded_row(row)
        except _DECODE_ERRORS as exc:
            raise self.damaged(f"action {row[0]!r}: {_why(exc)}") from None

    def _events_of(self, seq: Any, text: Any) -> list[Event]:
        try:
            return _load_events(text)
        except _DECODE_ERRORS as exc:
            raise self.damaged(f"action {seq!r}: {_why(exc)}") from None

    def _row(self, seq: int) -> LogEntry:
        rows = self._logged("AND seq = ?", seq)
        if not rows:
            raise self.damaged(f"action {seq} is missing")
        return rows[0]

    def _keep(self, seq: int, state: GameState) -> None:
        """Keep recent states (they share structure, so this is cheap) for instant undo."""
        self._cache[seq] = state
        if len(self._cache) > STATE_CACHE:
            del self._cache[next(iter(self._cache))]

    def _forget_undone(self) -> None:
        """Drop cached states of actions another process has undone since (a state cached at a
        live action stays right for as long as that action is live: undo and redo go in order)."""
        if not self._cache:
            return
        with self.store.reading():
            undone = {
                seq
                for (seq,) in self.store.conn.execute(
                    "SELECT seq FROM actions WHERE game_id = ? AND undone = 1 AND seq >= ?", (self.id, min(self._cache))
                )
            }
        for seq in undone & set(self._cache):
            del self._cache[seq]

    def _state_at(self, seq: int) -> GameState:
        """The state after live action `seq`: cached, else the nearest cached state or live snapshot
        before it, plus the live actions after that."""
        cached = self._cache.get(seq)
        if cached is not None:
            return cached
        state, start = self._start_before(seq)
        with self.store.reading():
            rows = self.store.conn.execute(
                "SELECT seq, events FROM actions WHERE game_id = ? AND undone = 0 AND seq > ? AND seq <= ? ORDER BY seq",
                (self.id, start, seq),
            ).fetchall()
        try:
            for row_seq, text in rows:
                state = self.engine.apply(state, self._events_of(row_seq, text))
        except (ValueError, KeyError, TypeError) as exc:
            raise self.damaged(f"its log cannot be replayed ({_why(exc)})") from None
        if state is None:
            raise self.damaged("its log holds no set-up")
        self._keep(seq, state)
        return state

    def _start_before(self, seq: int) -> tuple[GameState | None, int]:
        cached = max((s for s in self._cache if s < seq), default=0)
        with self.store.reading():
            snaps = self.store.conn.execute(  # snapshots taken after a live action (undone ones no longer hold)
                "SELECT s.action_seq, s.state FROM snapshots s JOIN actions a ON a.game_id = s.game_id "
                "AND a.seq = s.action_seq WHERE s.game_id = ? AND s.action_seq <= ? AND s.action_seq > ? "
                "AND a.undone = 0 ORDER BY s.action_seq DESC",
                (self.id, seq, cached),
            ).fetchall()
        for snap_seq, text in snaps:
            try:
                return GameState.from_json(_text(text)), snap_seq
            except _DECODE_ERRORS:
                continue  # an unreadable snapshot is skipped; the log itself is the truth
        if cached:
            return self._cache[cached], cached
        return None, 0


def _why(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return (str(exc) or type(exc).__name__).splitlines()[0][:160]
