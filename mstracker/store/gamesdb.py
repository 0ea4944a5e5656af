"""The games database file: its schema, and the checks made before anything is written to it.

`probe(path)` looks at an existing file read-only (header, user_version, quick_check) and raises
StoreError for a file that is not an SQLite database, is damaged, belongs to something else, or was
written by a newer mstracker. Such a file is never opened for writing.
"""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

from .tomlfile import file_kind

SCHEMA_VERSION = 2
"""1: the first; 2: game ids are never reused (AUTOINCREMENT), so a script or a `serve` holding the id
of a deleted game never reaches another one."""
_MAGIC = b"SQLite format 3\x00"
_TABLES = frozenset({"games", "actions", "snapshots"})

_SCHEMA = """
CREATE TABLE games (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    ruleset      TEXT NOT NULL,
    created      TEXT NOT NULL,
    updated      TEXT NOT NULL,
    turn         INTEGER NOT NULL DEFAULT 0,
    players      TEXT NOT NULL DEFAULT '[]',
    live_actions INTEGER NOT NULL DEFAULT 0,
    finished     INTEGER NOT NULL DEFAULT 0,
    result       TEXT NOT NULL DEFAULT ''
);
CREATE TABLE actions (
    game_id      INTEGER NOT NULL REFERENCES games(id),
    seq          INTEGER NOT NULL,
    kind         TEXT NOT NULL,
    args         TEXT NOT NULL,
    events       TEXT NOT NULL,
    undone       INTEGER NOT NULL DEFAULT 0,
    redo_cleared INTEGER NOT NULL DEFAULT 0,
    created      TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX actions_live ON actions (game_id, undone, seq);
CREATE TABLE snapshots (
    game_id      INTEGER NOT NULL REFERENCES games(id),
    action_seq   INTEGER NOT NULL,
    state        TEXT NOT NULL,
    PRIMARY KEY (game_id, action_seq)
);
"""


class StoreError(Exception):
    """The games database cannot be used; the message says why and what to do.

    `path` is the database; `fresh_path`, when set, is where a fresh one can be started beside it.
    """

    def __init__(self, message: str, path: Path | None = None, fresh_path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.fresh_path = fresh_path


class GameLocked(StoreError):
    """The game is open in another process (or another handle of this one)."""


class DamagedGame(StoreError):
    """A row of the database cannot be read as a game; it is reported and left untouched."""


class DatabaseBusy(StoreError):
    """Another program held the database's write lock for longer than the timeout."""


class GameNotFound(StoreError):
    """No game with that id or name."""


class NothingToUndo(StoreError):
    """Only the game's set-up is in the log."""


class NothingToRedo(StoreError):
    """No undone action is waiting to be redone."""


class UnreadableText:
    """What a text column holds when its bytes are not UTF-8 (a flipped bit): reported, not raised."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw

    def __repr__(self) -> str:
        return "<text that is not UTF-8>"


def decode_text(raw: bytes) -> str | UnreadableText:
    """The connections' text_factory: one bad row must not abort a whole fetch."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return UnreadableText(raw)


def fresh_database_path(path: Path) -> Path:
    """A new database file beside `path` that does not exist yet: games-fresh.sqlite3, games-fresh-2..."""
    path = Path(path)
    n = 1
    while True:
        suffix = "" if n == 1 else f"-{n}"
        candidate = path.with_name(f"{path.stem}-fresh{suffix}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def _unusable(path: Path, why: str) -> StoreError:
    fresh = fresh_database_path(path)
    return StoreError(
        f"{path} is not a usable mstracker games database ({why}); it was left untouched. "
        f"A fresh database can be started beside it: mstracker game --db {fresh} ...",
        path,
        fresh,
    )


def _newer(path: Path, version: int) -> StoreError:
    fresh = fresh_database_path(path)
    return StoreError(
        f"{path} was written by a newer mstracker (games database version {version}; this one reads up to "
        f"{SCHEMA_VERSION}); it was left untouched. Update mstracker, or start a fresh database beside it: "
        f"mstracker game --db {fresh} ...",
        path,
        fresh,
    )


def probe(path: Path, pages: bool = True) -> None:
    """Check an existing database read-only; StoreError when it must not be written to. `pages`: also
    read every page (quick_check) before a writer opens it; a reader skips that, since it writes
    nothing and reports a damaged row as it reads it (so `game list` never reads the whole logs)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"{path} cannot be read ({exc.strerror})", path) from None
    if not stat.S_ISREG(info.st_mode):  # a folder, a FIFO or a device: never opened (a FIFO would block)
        raise _unusable(path, f"it is {file_kind(info.st_mode)}, not a file")
    size = info.st_size
    if size == 0:
        return
    with open(path, "rb") as fh:
        head = fh.read(len(_MAGIC))
    if head != _MAGIC:
        raise _unusable(path, "not an SQLite database")
    # With no -wal/-shm beside it (closed cleanly, nobody has it open), read the file as immutable:
    # SQLite then creates no files beside it. Otherwise (open elsewhere, or after a crash, when the
    # WAL holds committed actions) read it read-only together with its WAL.
    sidecars = any(Path(f"{path}{end}").exists() for end in ("-wal", "-shm"))
    mode = "mode=ro" if sidecars else "immutable=1"
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?" + mode, uri=True, timeout=10.0)
    except sqlite3.Error as exc:
        raise _unusable(path, str(exc)) from None
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _newer(path, version)
        problems = [row[0] for row in conn.execute("PRAGMA quick_check(5)").fetchall()] if pages else ["ok"]
        if problems != ["ok"]:
            raise _unusable(path, f"damaged: {problems[0]}")
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise _unusable(path, f"damaged: {exc}") from None
    finally:
        conn.close()
    if version == 0 and tables:
        raise _unusable(path, f"it holds other tables: {', '.join(sorted(tables))}")
    if version >= 1 and not _TABLES <= tables:
        raise _unusable(path, f"tables missing: {', '.join(sorted(_TABLES - tables))}")


def check_version(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse a newer database once more on the read-write connection, before anything is written."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise _newer(path, version)


def init_schema(conn: sqlite3.Connection) -> None:
    """Create the tables in a new database, or bring an older one up to SCHEMA_VERSION keeping its
    games; stamp user_version. One transaction: a crash leaves the database as it was."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return
    conn.execute("PRAGMA foreign_keys=OFF")  # the games table is rebuilt under the actions that refer to it
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it meanwhile
        if version == 0:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
        elif version == 1:
            _ids_never_reused(conn)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    finally:
        conn.execute("PRAGMA foreign_keys=ON")


def _ids_never_reused(conn: sqlite3.Connection) -> None:
    """Version 1 -> 2: the games table again, with AUTOINCREMENT, every row kept with its id (the
    sequence starts after the highest id in use; ids deleted above it before now cannot be known)."""
    create = _SCHEMA[_SCHEMA.index("CREATE TABLE games"):_SCHEMA.index(";")]
    conn.execute(create.replace("CREATE TABLE games", "CREATE TABLE games_v2", 1))
    conn.execute("INSERT INTO games_v2 SELECT id, name, ruleset, created, updated, turn, players, live_actions, "
                 "finished, result FROM games")
    conn.execute("DROP TABLE games")
    conn.execute("ALTER TABLE games_v2 RENAME TO games")
    broken = conn.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise StoreError(f"the games database could not be brought up to version {SCHEMA_VERSION}: {len(broken)} "
                         "actions lost their game; it was left as it was")
