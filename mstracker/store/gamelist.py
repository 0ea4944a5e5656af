"""The saved games as a list, read without the game core: `game list` (and anything that only lists or
counts games) opens the database read-only, reads the games table in one query, and imports neither
pydantic models nor the engine. A damaged row is listed as damaged (gamerows), never dropped."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .gamerows import _COLUMNS, _EMPTY_SCHEMA, BUSY_TIMEOUT, GameSummary, _mapped, _summary
from .gamesdb import check_version, decode_text, probe


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection to the games database (an empty in-memory one while it does not exist yet).
    Never waits on a writer (WAL); StoreError when the file is not a usable games database."""
    probe(path, pages=False)
    if not path.exists():
        conn = sqlite3.connect(":memory:", isolation_level=None)
        for statement in _EMPTY_SCHEMA:
            conn.execute(statement)
        return conn
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None, timeout=BUSY_TIMEOUT)
        conn.text_factory = decode_text
        check_version(conn, path)
    except sqlite3.Error as exc:
        raise _mapped(exc, path, "cannot be read") from None
    return conn


def summaries(conn: sqlite3.Connection, path: Path) -> list[GameSummary]:
    """Every game on `conn`, most recent first (the games table only: no log is read)."""
    try:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM games ORDER BY updated DESC, id DESC").fetchall()
    except sqlite3.Error as exc:
        raise _mapped(exc, path, "cannot be read") from None
    return [_summary(r) for r in rows]


def read_games(path: Path) -> list[GameSummary]:
    """The games in the database at `path`, most recent first, read-only."""
    conn = connect_readonly(path)
    try:
        return summaries(conn, path)
    finally:
        conn.close()
