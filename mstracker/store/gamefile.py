"""Games as files: export one game's whole log to a JSON file, import such a file as a new game.

The file holds the game row and every action with its events, undone ones included. The first
action (the set-up) carries the ruleset as it was played (book values with the house rules of
the day), so the file needs nothing else to be replayed.

An imported file is never trusted: it is size-capped, parsed with depth limits, every field is
type-checked, a newer `schema_version` is refused, and the whole log is replayed through the
ruleset's engine before anything is written. It always becomes a new game: an existing game is
never overwritten (a name already taken gets " (imported)", " (imported 2)", ...).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import engine_for
from ..rules import RulesError, UnknownRuleset, build_ruleset
from .gamereader import _DECODE_ERRORS, _count, _dump_events, _load_events, _text, _why, decoded_row
from .gamesdb import StoreError
from .tomlfile import FileProblem, read_regular, write_atomic

if TYPE_CHECKING:
    from .games import GameStore

FORMAT = "mstracker-game"
FILE_SCHEMA_VERSION = 1
MAX_GAME_FILE_BYTES = 64_000_000
"""A 2x25-ship campaign of 300 turns exports to about 10 MB; this leaves room and still bounds memory."""


class GameFileProblem(StoreError):
    """A game file cannot be imported; the message names the file and what is wrong."""


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
    """Validate a game file fully and add it as a new game; returns the new game's id."""
    label = str(path)
    try:
        raw = read_regular(path, label, MAX_GAME_FILE_BYTES)
    except FileProblem as exc:
        raise GameFileProblem(str(exc), store.path) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise GameFileProblem(f"{label}: not UTF-8 text (byte {exc.start})", store.path) from None
    except RecursionError:
        raise GameFileProblem(f"{label}: nested too deeply", store.path) from None
    except ValueError as exc:
        raise GameFileProblem(f"{label}: not a game file (not JSON: {_why(exc)})", store.path) from None
    try:
        game, rows = _checked(data, label, store.ruleset_ids())
    except _DECODE_ERRORS as exc:
        raise GameFileProblem(f"{label}: {_why(exc)}", store.path) from None
    _replay(store, game, rows, label)
    wanted = name if name is not None else game["name"]
    return store.insert_game(_free_import_name(store, wanted), game, rows)


def _checked(data: Any, label: str, store_rulesets: frozenset[str]) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
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
    checked = {key: _text(game.get(key)) for key in ("name", "ruleset", "created", "updated", "result")}
    if checked["ruleset"] not in store_rulesets:
        raise ValueError(f"game.ruleset: unknown ruleset {checked['ruleset']!r}"[:120])
    if not checked["name"].strip():
        raise ValueError("game.name: empty")
    checked["turn"] = _count(game.get("turn"))
    players = game.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ValueError("game.players: expected a list of names")
    checked["players"] = players
    checked["finished"] = bool(game.get("finished") is True)
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        raise ValueError("actions: expected the game's log")
    rows = []
    for n, a in enumerate(actions, start=1):
        if not isinstance(a, dict) or a.get("seq") != n:
            raise ValueError(f"actions[{n}]: expected seq {n}")
        flags = (a.get("undone"), a.get("redo_cleared"))
        if not all(isinstance(f, bool) for f in flags):
            raise ValueError(f"actions[{n}]: undone and redo_cleared must be true or false")
        row = (n, a.get("kind"), json.dumps(a.get("args")), json.dumps(a.get("events")), int(flags[0]), int(flags[1]), a.get("created"))
        try:
            decoded_row(row)  # kinds, args, events, dates: every field checked the way the store reads its own rows
        except _DECODE_ERRORS as exc:
            raise ValueError(f"actions[{n}]: {_why(exc)}") from None
        rows.append(row)
    if rows[0][1] != "new-game" or rows[0][4]:
        raise ValueError("actions[1]: the log must start with the game's set-up")
    return checked, rows


def _replay(store: GameStore, game: dict[str, Any], rows: list[tuple[Any, ...]], label: str) -> None:
    """Fold every live action through the ruleset's engine: a log that does not replay is refused."""
    saved = json.loads(rows[0][2]).get("ruleset")
    try:
        if isinstance(saved, dict):
            engine = engine_for(build_ruleset(game["ruleset"], saved, f"{label}: the game's ruleset"))
        else:
            engine = store.engine(game["ruleset"])
        state = None
        for row in rows:
            if not row[4]:
                state = engine.apply(state, _load_events(row[3]))
    except (RulesError, UnknownRuleset) as exc:
        raise GameFileProblem(f"{label}: {_why(exc)}", store.path) from None
    except _DECODE_ERRORS as exc:
        raise GameFileProblem(f"{label}: its log does not replay ({_why(exc)})", store.path) from None
    if state is None:
        raise GameFileProblem(f"{label}: its log holds no set-up", store.path)
    game["turn"], game["finished"], game["result"] = state.turn, state.finished, state.result


def _free_import_name(store: GameStore, wanted: str) -> str:
    from .games import reads_as_id

    base = wanted.strip() or "Imported game"
    if reads_as_id(base):
        base = f"Game {base}"
    taken = {g.name.casefold() for g in store.list_games()}
    name, n = base, 1
    while name.casefold() in taken:
        name = f"{base} (imported)" if n == 1 else f"{base} (imported {n})"
        n += 1
    return name


__all__ = ["FORMAT", "GameFileProblem", "_dump_events", "export_game", "import_game"]
