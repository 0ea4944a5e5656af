"""Games as files: export one game's whole log to a JSON file, import such a file as a new game.

The file holds the game row and every action with its events, undone ones included. The first
action (the set-up) carries the ruleset as it was played (book values with the house rules of
the day), so the file needs nothing else to be replayed.

An imported file is never trusted: it is size-capped, parsed with depth limits, every field is
type-checked, a newer `schema_version` is refused, and every action is decided again through the
ruleset's engine from its arguments and recorded dice (gameimport) before anything is written; one
transaction writes it all or nothing. It always becomes a new game: an existing game is never
overwritten (a name already taken gets " (imported)", " (imported 2)", ...).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game.logcheck import LogEntry
from .gameimport import GameFileProblem, Row, decided_again, insert_imported
from .gamereader import _DECODE_ERRORS, _count, _dump_events, _text, _why, decoded_row
from .gamerows import MAX_GAME_NAME, name_too_long
from .tomlfile import FileProblem, read_regular, write_atomic

if TYPE_CHECKING:
    from .games import GameStore

FORMAT = "mstracker-game"
FILE_SCHEMA_VERSION = 1
MAX_GAME_FILE_BYTES = 64_000_000
"""A 2x25-ship campaign of 300 turns exports to about 10 MB; this leaves room and still bounds memory."""
MAX_DATE = 64
"""An ISO date with its time and offset is 25 characters; longer text in a date field is not a date."""


def export_game(store: GameStore, game_id: int, path: Path) -> int:
    """Write one game to `path` atomically (read-only on the database); returns its action count."""
    summary = store.game(game_id)
    reader = store.open_reader(game_id)
    rows = reader.log()
    data = {
        "format": FORMAT,
        "schema_version": FILE_SCHEMA_VERSION,
        "game": {
            "name": summary.name, "ruleset": summary.ruleset, "created": summary.created,
            "updated": summary.updated, "turn": summary.turn, "players": list(summary.players),
            "finished": summary.finished, "result": summary.result,
        },
        "actions": [
            {
                "seq": r.seq, "kind": r.action.kind, "args": dict(r.action.args),
                "events": [e.to_json() for e in r.events], "undone": r.undone,
                "redo_cleared": r.redo_cleared, "created": r.created,
            }
            for r in rows
        ],
    }
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    except OSError as exc:
        raise GameFileProblem(f"{path}: cannot be written ({exc.strerror or exc})", store.path) from None
    return len(rows)


def import_game(store: GameStore, path: Path, name: str | None = None) -> int:
    """Check a game file (every action decided again) and add it as a new game; returns its id."""
    label = str(path)
    try:
        raw = read_regular(path, label, MAX_GAME_FILE_BYTES)
    except FileProblem as exc:
        raise GameFileProblem(f"import: {exc}", store.path) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise GameFileProblem(f"import: {label}: not UTF-8 text (byte {exc.start})", store.path) from None
    except RecursionError:
        raise GameFileProblem(f"import: {label}: nested too deeply", store.path) from None
    except ValueError as exc:
        raise GameFileProblem(f"import: {label}: not a game file (not JSON: {_why(exc)})", store.path) from None
    try:
        game, rows, entries = _checked(data, store.ruleset_ids())
        wanted = game["name"] if name is None else name
        if len(wanted) > MAX_GAME_NAME:
            raise ValueError(name_too_long(wanted))
    except _DECODE_ERRORS as exc:
        raise GameFileProblem(f"import: {label}: {_why(exc)}", store.path) from None
    engine, states = decided_again(store, game["ruleset"], rows, entries, label)
    return insert_imported(store, label, wanted, game, rows, engine, states)


def _checked(data: Any, store_rulesets: frozenset[str]) -> tuple[dict[str, Any], list[Row], list[LogEntry]]:
    """The game's fields and its actions, each checked the way the store reads its own rows."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not an mstracker game file (format is not 'mstracker-game')")
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"schema_version: expected a whole number from 1, got {version!r}"[:120])
    if version > FILE_SCHEMA_VERSION:
        raise ValueError(
            f"written by a newer mstracker (schema_version {version}; this one reads up to {FILE_SCHEMA_VERSION}); "
            "update mstracker to import it"
        )
    game = data.get("game")
    if not isinstance(game, dict):
        raise ValueError("game: expected a table")
    checked: dict[str, Any] = {key: _text(game.get(key)) for key in ("name", "ruleset", "created", "updated", "result")}
    for key in ("created", "updated"):
        if len(checked[key]) > MAX_DATE:
            raise ValueError(f"game.{key}: not a date ({len(checked[key])} characters)")
    if checked["ruleset"] not in store_rulesets:
        raise ValueError(f"game.ruleset: unknown ruleset {checked['ruleset']!r}"[:120])
    if not checked["name"].strip():
        raise ValueError("game.name: empty")
    try:
        checked["turn"] = _count(game.get("turn"))  # the log decides the turn; this only has to read as one
    except ValueError as exc:
        raise ValueError(f"game.turn: {exc}") from None
    players = game.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ValueError("game.players: expected a list of names")
    checked["players"] = players
    checked["finished"] = bool(game.get("finished") is True)
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        raise ValueError("actions: expected the game's log")
    rows, entries = [], []
    for n, a in enumerate(actions, start=1):
        if not isinstance(a, dict) or a.get("seq") != n:
            raise ValueError(f"actions[{n}]: expected seq {n}")
        flags = (a.get("undone"), a.get("redo_cleared"))
        if not all(isinstance(f, bool) for f in flags):
            raise ValueError(f"actions[{n}]: undone and redo_cleared must be true or false")
        row = (n, a.get("kind"), json.dumps(a.get("args")), json.dumps(a.get("events")), int(bool(flags[0])), int(bool(flags[1])), a.get("created"))
        try:
            logged = decoded_row(row)  # kinds, args, events, dates: every field checked the way the store reads its own rows
            if len(logged.created) > MAX_DATE:
                raise ValueError(f"created: not a date ({len(logged.created)} characters)")
        except _DECODE_ERRORS as exc:
            raise ValueError(f"actions[{n}]: {_why(exc)}") from None
        rows.append(row)
        entries.append(logged)
    if rows[0][1] != "new-game" or rows[0][4]:
        raise ValueError("actions[1]: the log must start with the game's set-up")
    return checked, rows, entries


__all__ = ["FORMAT", "GameFileProblem", "_dump_events", "export_game", "import_game"]
