"""Rows of the games table as checked values, and SQLite errors as one-line StoreErrors.

A row that cannot be read (text that is not UTF-8, broken JSON, a missing or absurd number) becomes
a GameSummary with `damaged` set, so one bad game never hides the others.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .gamesdb import DatabaseBusy, StoreError, UnreadableText

BUSY_TIMEOUT = 10.0
"""Seconds to wait for another program's write lock on the database before giving up."""


@dataclass(frozen=True)
class GameSummary:
    id: int
    name: str
    ruleset: str
    created: str
    updated: str
    turn: int
    players: tuple[str, ...]
    actions: int
    finished: bool
    result: str
    damaged: str | None = None
    """Why this row cannot be read ("damaged: ...; left untouched"); None for a sound game."""

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "players": list(self.players)}


MAX_GAME_NAME = 120
"""Longest game name: two 40-character fleet names with " vs " fit; names become file names (reports)."""


def name_too_long(name: str) -> str:
    """The refusal of a name over MAX_GAME_NAME, in words."""
    return f"a game name is at most {MAX_GAME_NAME} characters, not {len(name)}; choose a shorter one"


def reads_as_id(name: str) -> bool:
    """True for names like '12' that `find_game` would take for a game id."""
    return name.strip().isdigit()


_COLUMNS = "id, name, ruleset, created, updated, turn, players, live_actions, finished, result"
_EMPTY_SCHEMA = (
    "CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT, ruleset TEXT, created TEXT, updated TEXT, "
    "turn INTEGER, players TEXT, live_actions INTEGER, finished INTEGER, result TEXT)",
    "CREATE TABLE actions (game_id, seq, kind, args, events, undone, redo_cleared, created)",
    "CREATE TABLE snapshots (game_id, action_seq, state)",
)


def _summary(row: tuple) -> GameSummary:
    """A checked games row; a damaged one keeps its id and says what is wrong."""
    try:
        players = json.loads(_str(row[6]))
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("players are not a list of names")
        return GameSummary(
            id=_int(row[0]), name=_str(row[1]), ruleset=_str(row[2]), created=_str(row[3]), updated=_str(row[4]),
            turn=_int(row[5]), players=tuple(players), actions=_int(row[7]), finished=bool(_int(row[8])),
            result=_str(row[9]),
        )
    except (ValueError, TypeError, RecursionError) as exc:
        why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).splitlines()[0][:120]
        name = row[1] if isinstance(row[1], str) else "?"
        game_id = row[0] if isinstance(row[0], int) else -1
        return GameSummary(game_id, name, "?", "", "", 0, (), 0, False, "", f"damaged: {why}; left untouched")


def _str(value: Any) -> str:
    if isinstance(value, UnreadableText):
        raise ValueError("text that is not UTF-8")
    if not isinstance(value, str):
        raise ValueError(f"expected text, found {value!r}"[:80])
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise ValueError(f"expected a whole number, found {value!r}"[:80])
    return value


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _mapped(exc: sqlite3.Error, path: Path, doing: str) -> StoreError:
    """One SQLite error as a one-line StoreError; 'database is locked' becomes DatabaseBusy."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return DatabaseBusy(
            f"{path}: another program has held the games database for over {BUSY_TIMEOUT:g} s; "
            "nothing was saved. Close it there, then try again",
            path,
        )
    return StoreError(f"{path}: {doing} ({text})", path)
