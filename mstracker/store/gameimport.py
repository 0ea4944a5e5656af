"""An imported game log: decided again through its ruleset's engine, then written in one transaction.

`decided_again` builds the engine of the game's own ruleset (as it was played) and decides every action
again (game.logcheck); a log that does not hold is refused naming the action. `insert_imported` writes
the game in one transaction: the free name is picked inside it (two imports of one file at once get
two names, never a UNIQUE failure), the set-up carries the new name (banner and report say it), the
game gets snapshots as a played one does, and its row is read back before the commit, so a game that
could not be listed is never left behind.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from ..game import Engine, GameState, engine_for
from ..game.logcheck import LogEntry, LogRefused, checked_log
from ..rules import RulesError, UnknownRuleset, build_ruleset
from .gamereader import _dump_events
from .gamerows import _COLUMNS, MAX_GAME_NAME, _summary, reads_as_id
from .gamesdb import StoreError

if TYPE_CHECKING:
    from .games import GameStore

Row = tuple[Any, ...]
"""An actions row as the file gave it: (seq, kind, args, events, undone, redo_cleared, created)."""


class GameFileProblem(StoreError):
    """A game file cannot be imported; the message names the file and what is wrong."""


def decided_again(
    store: GameStore, ruleset: str, rows: list[Row], entries: list[LogEntry], label: str,
) -> tuple[Engine, list[tuple[int, GameState]]]:
    """The game's engine and (seq, state) after every live action; GameFileProblem naming the first
    action that is not what the rules decide."""
    saved = entries[0].action.args.get("ruleset")
    try:
        if isinstance(saved, dict):
            engine = engine_for(build_ruleset(ruleset, saved, f"{label}: the game's ruleset"))
        else:
            engine = store.engine(ruleset)
    except (RulesError, UnknownRuleset) as exc:
        raise GameFileProblem(f"import: {label}: {exc}", store.path) from None
    try:
        return engine, checked_log(engine, entries)
    except LogRefused as exc:
        raise GameFileProblem(f"import: {label}: {exc}", store.path) from None
    except RecursionError:
        raise GameFileProblem(f"import: {label}: nested too deeply", store.path) from None


def insert_imported(
    store: GameStore, label: str, wanted: str, game: dict[str, Any], rows: list[Row], engine: Engine,
    states: list[tuple[int, GameState]],
) -> int:
    """Write a decided-again log as a new game under a free name made from `wanted`; returns its id."""
    final = states[-1][1]
    try:
        with store.transaction() as c:
            name = _free_name(c, wanted)
            setup = states[0][1].update(name=name)
            first = (*rows[0][:3], _dump_events([engine.created_event(setup)]), *rows[0][4:])
            cur = c.execute(
                "INSERT INTO games (name, ruleset, created, updated, turn, players, live_actions, finished, result) "
                "VALUES (?,?,?,?,?,?,?,?,?)",
                (name, game["ruleset"], game["created"], game["updated"], final.turn,
                 json.dumps([p.name for p in final.players], ensure_ascii=False), len(states), int(final.finished),
                 final.result),
            )
            game_id = int(cur.lastrowid or 0)
            c.executemany(
                "INSERT INTO actions (game_id, seq, kind, args, events, undone, redo_cleared, created) VALUES (?,?,?,?,?,?,?,?)",
                [(game_id, *row) for row in (first, *rows[1:])],
            )
            every = store.snapshot_every
            c.executemany(  # as a played game has them: after every `snapshot_every`-th live action
                "INSERT INTO snapshots (game_id, action_seq, state) VALUES (?,?,?)",
                [(game_id, seq, state.update(name=name).to_json_text())
                 for live, (seq, state) in enumerate(states, start=1) if live % every == 0],
            )
            summary = _summary(c.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone())
            if summary.damaged:  # never leave behind a game that cannot be read back
                raise GameFileProblem(f"import: {label}: {summary.damaged.removesuffix('; left untouched')}", store.path)
    except OverflowError:
        raise GameFileProblem(f"import: {label}: a number too large for the games database", store.path) from None
    return game_id


def _free_name(c: sqlite3.Connection, wanted: str) -> str:
    """`wanted`, else "wanted (imported)", "wanted (imported 2)"...: read inside the write transaction."""
    base = wanted.strip() or "Imported game"
    if reads_as_id(base):
        base = f"Game {base}"
    taken = {n.casefold() for (n,) in c.execute("SELECT name FROM games") if isinstance(n, str)}
    name, n = base[:MAX_GAME_NAME], 1
    while name.casefold() in taken:
        suffix = " (imported)" if n == 1 else f" (imported {n})"
        name = base[: MAX_GAME_NAME - len(suffix)] + suffix
        n += 1
    return name
