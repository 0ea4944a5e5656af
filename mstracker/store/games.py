"""All games in one SQLite database: the action log with its events, snapshots, undo and redo.

* WAL journal, synchronous=FULL; every action is one transaction, committed before `perform`
  returns, so killing the process loses at most the action in flight.
* Nothing is ever deleted from a game's log: undo marks the last live action undone; redo
  marks it live again; a new action clears the redo list (those actions stay, marked undone).
* Resume = the latest snapshot of a live action + folding the live actions after it.
* One writer at a time per game: `open_game` takes an exclusive lock on a file beside the
  database (`<db>.locks/game-<id>.lock`, see gamelock); a second writer gets GameLocked.
* Readers never wait on the writer: `GameStore(path, readonly=True)` opens the database
  read-only (WAL readers see the last commit while another process writes) and `open_reader`
  reads a game without its lock. `game show/log/report/list` and the watcher read this way.
* Every row is checked as it is read; a damaged one is reported ("damaged: ...; left untouched")
  without hiding the other games. Another program holding the database for over 10 s gives
  DatabaseBusy, and the action is not saved.
* A corrupt database, or one written by a newer mstracker, raises StoreError and is never
  written to; `fresh_database_path` names a new file beside it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .gamelist import connect_readonly, summaries
from .gamerows import (
    _COLUMNS,
    BUSY_TIMEOUT,
    MAX_GAME_NAME,
    GameSummary,
    _mapped,
    _reason,
    _summary,
    name_too_long,
    reads_as_id,
)
from .gamesdb import (
    SCHEMA_VERSION,
    DamagedGame,
    DatabaseBusy,
    GameLocked,
    GameNotFound,
    NothingToRedo,
    NothingToUndo,
    StoreError,
    check_version,
    decode_text,
    fresh_database_path,
    init_schema,
    probe,
)

if TYPE_CHECKING:
    from ..fleet import Roster
    from ..game import Engine
    from ..paths import AppDirs
    from ..rules import RulesetBase
    from .gamehandle import GameHandle
    from .gamereader import GameReader

# Imported where they are used, so that `game list` reads no game core and a reader (`game show`,
# `log`, `report`, the watcher) imports no writer-only code (the handle, the lock and filelock).
_LAZY = {"GameHandle": "gamehandle", "GameReader": "gamereader", "LogEntry": "gamereader"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f".{_LAZY[name]}", __package__), name)

__all__ = [
    "SCHEMA_VERSION",
    "SNAPSHOT_EVERY",
    "DamagedGame",
    "DatabaseBusy",
    "GameHandle",
    "GameLocked",
    "GameNotFound",
    "GameReader",
    "GameStore",
    "GameSummary",
    "LogEntry",
    "NothingToRedo",
    "NothingToUndo",
    "StoreError",
    "fresh_database_path",
]

SNAPSHOT_EVERY = 100
"""Write a snapshot of the state every this many live actions (tuned with bench/game_bench.py)."""

MAX_ID_DIGITS = 18
"""Longer digit strings are not ids (SQLite integers stop at 19 digits)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameStore:
    """The games database. `GameStore(path)` checks and opens it (StoreError when it cannot)."""

    def __init__(
        self,
        path: Path,
        *,
        engine_factory: Callable[[str], Engine] | None = None,
        dirs: AppDirs | None = None,
        clock: Callable[[], str] = _now,
        snapshot_every: int = SNAPSHOT_EVERY,
        readonly: bool = False,
    ) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self.clock = clock
        self.snapshot_every = max(1, snapshot_every)
        self._engine_factory = engine_factory or _catalog_engines(dirs)
        self._rules_frozen = engine_factory is None  # games keep the ruleset they were created with
        self._engines: dict[str, Engine] = {}
        self._game_engines: dict[int, Engine] = {}
        self._open_handles: dict[int, GameHandle] = {}
        if readonly:
            self.conn = connect_readonly(self.path)
            return
        probe(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=BUSY_TIMEOUT)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.path}: cannot be opened ({_reason(exc)})", self.path) from None
        self.conn.text_factory = decode_text
        try:
            check_version(self.conn, self.path)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=FULL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            init_schema(self.conn)
        except StoreError:
            self.conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise _mapped(exc, self.path, "cannot be opened") from None

    @classmethod
    def default(cls, dirs: AppDirs | None = None, **kwargs: Any) -> GameStore:
        """The user's games database (app_dirs().games_db; MSTRACKER_HOME relocates it)."""
        from ..paths import app_dirs

        dirs = dirs or app_dirs()
        return cls(dirs.games_db, dirs=dirs, **kwargs)

    def close(self) -> None:
        for handle in list(self._open_handles.values()):
            handle.close()
        self.conn.close()

    def data_version(self) -> int:
        """SQLite's `PRAGMA data_version`: changes whenever another connection commits (cheap)."""
        with self.reading():
            return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Map SQLite errors of a read to StoreError (DatabaseBusy when another program holds it)."""
        try:
            yield
        except sqlite3.Error as exc:
            raise _mapped(exc, self.path, "cannot be read") from None

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on any error); SQLite errors become StoreError
        (DatabaseBusy when another program held the database for over BUSY_TIMEOUT seconds)."""
        if self.readonly:
            raise StoreError(f"{self.path}: opened read-only", self.path)
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise _mapped(exc, self.path, "cannot be written; nothing was saved") from None
        try:
            yield self.conn
        except BaseException as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise _mapped(exc, self.path, "cannot be written; nothing was saved") from None
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise _mapped(exc, self.path, "cannot be written; nothing was saved") from None

    @staticmethod
    def engine_for_ruleset(ruleset_id: str, dirs: AppDirs | None = None) -> Engine:
        """The engine of a ruleset in force (book values + the user's house rules), no database needed."""
        return _catalog_engines(dirs)(ruleset_id)

    def ruleset_ids(self) -> frozenset[str]:
        """The rulesets games in this store may be played with: the registry's, and any this store
        has built an engine for (a test's own ruleset)."""
        from ..rules.registry import ruleset_ids

        return frozenset(ruleset_ids()) | frozenset(self._engines)

    def engine(self, ruleset_id: str) -> Engine:
        engine = self._engines.get(ruleset_id)
        if engine is None:
            engine = self._engines[ruleset_id] = self._engine_factory(ruleset_id)
        return engine

    # ---- games ---------------------------------------------------------------------------------
    def create_game(
        self,
        name: str,
        ruleset: str | RulesetBase,
        rosters: Sequence[Roster],
        settings: dict[str, Any] | None = None,
        allow_illegal: bool = False,
    ) -> int:
        """Set up a game and save it; returns its id. GameError/InvalidSetting/IllegalRoster for bad input."""
        from ..game import engine_for
        from ..rules import RulesetBase
        from .gamereader import _dump_events

        if isinstance(ruleset, RulesetBase):
            engine = self._engines[ruleset.meta.id] = engine_for(ruleset)
        else:
            engine = self.engine(ruleset)
        if len(name.strip()) > MAX_GAME_NAME:
            raise StoreError(name_too_long(name.strip()), self.path)
        state = engine.new_game(name, rosters, settings or {}, allow_illegal)
        if reads_as_id(state.name):
            raise StoreError(
                f"a game may not be named {state.name!r}: it reads as a game id; add a word, e.g. 'Game {state.name.strip()}'",
                self.path,
            )
        if self._id_by_name(state.name) is not None:
            raise StoreError(f"a game named {state.name!r} already exists; choose another name", self.path)
        created = engine.created_event(state)
        now = self.clock()
        players = json.dumps([p.name for p in state.players], ensure_ascii=False)
        # The ruleset in force (book values + house rules) is saved with the game, so a later edit
        # of the house-rule file does not change the numbers of a game already under way.
        args = json.dumps({"ruleset": engine.ruleset.model_dump(mode="json")} if self._rules_frozen else {})
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO games (name, ruleset, created, updated, turn, players, live_actions) VALUES (?,?,?,?,?,?,1)",
                (state.name, state.ruleset, now, now, state.turn, players),
            )
            game_id = int(cur.lastrowid or 0)
            c.execute(
                "INSERT INTO actions (game_id, seq, kind, args, events, created) VALUES (?,1,'new-game',?,?,?)",
                (game_id, args, _dump_events([created]), now),
            )
        self._game_engines[game_id] = engine
        return game_id

    def game_engine(self, game_id: int, ruleset_id: str) -> Engine:
        """The engine of one game: built from the ruleset saved with it (book values and house rules
        as they were when the game was created), else the ruleset in force now."""
        engine = self._game_engines.get(game_id)
        if engine is not None:
            return engine
        engine = self._saved_engine(game_id, ruleset_id) if self._rules_frozen else None
        engine = engine or self.engine(ruleset_id)
        self._game_engines[game_id] = engine
        return engine

    def _saved_engine(self, game_id: int, ruleset_id: str) -> Engine | None:
        from ..game import engine_for
        from ..rules import RulesError, UnknownRuleset, build_ruleset

        with self.reading():
            row = self.conn.execute("SELECT args FROM actions WHERE game_id = ? AND seq = 1", (game_id,)).fetchone()
        try:
            args = json.loads(row[0]) if row and isinstance(row[0], str) else {}
        except (ValueError, RecursionError):
            args = {}
        data = args.get("ruleset") if isinstance(args, dict) else None
        if not isinstance(data, dict):
            return None
        try:
            return engine_for(build_ruleset(ruleset_id, data, "the saved game's ruleset"))
        except (RulesError, UnknownRuleset, RecursionError):
            return None  # written by another version: play on with the ruleset in force

    def list_games(self) -> list[GameSummary]:
        """Every game, most recent first; a damaged row is listed with `damaged` set, never dropped."""
        return summaries(self.conn, self.path)

    def game(self, game_id: int) -> GameSummary:
        """One game by id; DamagedGame when its row cannot be read."""
        with self.reading():
            row = self.conn.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(f"no game with id {game_id}", self.path)
        summary = _summary(row)
        if summary.damaged:
            raise DamagedGame(f"game {summary.id}: {summary.damaged}", self.path)
        return summary

    def find_game(self, ref: str | int) -> GameSummary:
        """A game by id or by name (case-insensitive, unique)."""
        text = str(ref).strip()
        if text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS:
            try:
                return self.game(int(text))
            except GameNotFound:
                pass
        game_id = self._id_by_name(text)
        if game_id is None:
            names = ", ".join(f"{g.id} {g.name!r}" for g in self.list_games()[:10] if not g.damaged) or "none yet"
            raise GameNotFound(f"no game {text!r}; games: {names}", self.path)
        return self.game(game_id)

    def _id_by_name(self, name: str) -> int | None:
        with self.reading():
            row = self.conn.execute("SELECT id FROM games WHERE name = ? COLLATE NOCASE", (name,)).fetchone()
        return None if row is None or not isinstance(row[0], int) else row[0]

    def open_reader(self, game_id: int) -> GameReader:
        """Read a game without taking its lock (another process may be playing it)."""
        from .gamereader import GameReader

        summary = self.game(game_id)
        return GameReader(self, summary, self.game_engine(summary.id, summary.ruleset))

    def open_game(self, game_id: int) -> GameHandle:
        """Lock and load a game (latest snapshot + the live actions after it)."""
        from .gamehandle import GameHandle
        from .gamelock import GameLock

        if self.readonly:
            raise StoreError(f"{self.path}: opened read-only", self.path)
        summary = self.game(game_id)
        lock = GameLock(self.path, summary.id, summary.name)
        try:
            handle = GameHandle(self, summary, self.game_engine(summary.id, summary.ruleset), lock)
        except BaseException:
            lock.release()
            raise
        self._open_handles[game_id] = handle
        return handle

    def delete_game(self, game_id: int) -> None:
        """Delete a game and its whole log (the CLI asks for confirmation first)."""
        from .gamelock import GameLock

        summary = self.game(game_id)
        lock = GameLock(self.path, summary.id, summary.name)
        try:
            with self.transaction() as c:
                c.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
                c.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
                c.execute("DELETE FROM games WHERE id = ?", (game_id,))
            self._game_engines.pop(game_id, None)
        finally:
            lock.release(remove=True)


def _catalog_engines(dirs: AppDirs | None) -> Callable[[str], Engine]:
    def build(ruleset_id: str) -> Engine:
        from ..game import engine_for
        from .catalog import load_ruleset

        return engine_for(load_ruleset(ruleset_id, dirs).ruleset)

    return build
