"""Two light read-only questions to the games database, for start-up paths: how many games, and their names.

The home screen counts the games for its first frame and shell completion offers game names on
<TAB>; both must be quick, so this module imports sqlite3 only (not the game core that GameStore
needs) and opens the file read-only (`mode=ro` URI): it never creates, writes or locks anything, so
a game being played meanwhile is neither waited on nor blocked. A missing database holds no games.
Any other problem raises sqlite3.Error or OSError: the caller falls back to GameStore, which
explains it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

_TIMEOUT = 1.0
"""Seconds a read may wait (only while another process recovers the WAL after a crash)."""

_UNPRINTABLE = frozenset(map(chr, (*range(0x20), *range(0x7F, 0xA0))))


def _connect(path: Path) -> sqlite3.Connection | None:
    if not path.is_file():
        if path.exists():  # a folder or a FIFO where the database should be: GameStore explains it
            raise OSError(f"{path} is not a file")
        return None
    conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, timeout=_TIMEOUT)
    conn.text_factory = bytes  # a name that is not UTF-8 must not end the whole read
    return conn


def game_count(path: Path) -> int:
    """How many games the database at `path` holds (0 when it does not exist yet)."""
    conn = _connect(path)
    if conn is None:
        return 0
    try:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
    finally:
        conn.close()


def game_names(path: Path) -> list[str]:
    """The games' names, most recent first; names that could not be typed on one line are left out."""
    conn = _connect(path)
    if conn is None:
        return []
    try:
        rows = conn.execute("SELECT name FROM games ORDER BY updated DESC, id DESC").fetchall()
    finally:
        conn.close()
    names = []
    for (raw,) in rows:
        try:
            name = raw.decode("utf-8") if isinstance(raw, bytes) else None
        except UnicodeDecodeError:
            continue
        if name and name.strip() and not _UNPRINTABLE.intersection(name):
            names.append(name)
    return names
