"""Game ids are never reused after a delete (reliability finding 11), in new databases and in
databases written by the first version, which are brought up to date with every game kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import minirules

from mstracker.game import Action
from mstracker.store.games import GameStore

VERSION_1 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, ruleset TEXT NOT NULL,
    created TEXT NOT NULL, updated TEXT NOT NULL, turn INTEGER NOT NULL DEFAULT 0, players TEXT NOT NULL DEFAULT '[]',
    live_actions INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0, result TEXT NOT NULL DEFAULT '');
CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, kind TEXT NOT NULL,
    args TEXT NOT NULL, events TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0, redo_cleared INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL, PRIMARY KEY (game_id, seq));
CREATE INDEX actions_live ON actions (game_id, undone, seq);
CREATE TABLE snapshots (game_id INTEGER NOT NULL REFERENCES games(id), action_seq INTEGER NOT NULL, state TEXT NOT NULL,
    PRIMARY KEY (game_id, action_seq));
PRAGMA user_version = 1;
"""
"""The schema exactly as mstracker wrote it before version 2 (games.id without AUTOINCREMENT)."""


def _open(path: Path) -> GameStore:
    return GameStore(path, engine_factory=minirules.engine_factory, snapshot_every=2)


def _played(store: GameStore, name: str) -> int:
    game_id = store.create_game(name, "mini", minirules.rosters(), {})
    with store.open_game(game_id) as handle:
        handle.perform(Action("next-step"))
        handle.perform(Action("note", {"text": f"{name} was here"}))
    return game_id


def test_a_deleted_games_id_is_not_given_to_the_next_game(db_path: Path) -> None:
    with _open(db_path) as store:
        first, second = _played(store, "One"), _played(store, "Two")
        store.delete_game(second)
        third = store.create_game("Three", "mini", minirules.rosters(), {})
    assert (first, second, third) == (1, 2, 3)


def _version_1_database(path: Path) -> None:
    """Two games played by this version, then the file turned back into a version 1 one (same rows)."""
    with _open(path) as store:
        _played(store, "Old one")
        _played(store, "Old two")
        rows = {t: store.conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("games", "actions", "snapshots")}
    path.unlink()
    for side in path.parent.glob(path.name + "-*"):
        side.unlink()
    conn = sqlite3.connect(path)
    conn.executescript(VERSION_1)
    for table, data in rows.items():
        if data:
            conn.executemany(f"INSERT INTO {table} VALUES ({','.join('?' * len(data[0]))})", data)
    conn.commit()
    conn.close()


def test_a_version_1_database_is_brought_up_to_date_keeping_every_game(db_path: Path) -> None:
    _version_1_database(db_path)
    before = sqlite3.connect(db_path)
    kept = {t: before.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("games", "actions", "snapshots")}
    before.close()
    with GameStore(db_path, readonly=True, engine_factory=minirules.engine_factory) as reader:  # readers need no upgrade
        assert [g.name for g in reader.list_games()] == ["Old two", "Old one"]
    with _open(db_path) as store:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == 2
        assert "AUTOINCREMENT" in store.conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
        for table, rows in kept.items():
            assert store.conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() == rows
        assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert store.conn.execute("PRAGMA foreign_key_check").fetchall() == []
        with store.open_game(2) as handle:
            assert handle.state.name == "Old two" and handle.log()[-1].events[0].text == "Note: Old two was here"
            handle.perform(Action("note", {"text": "after the upgrade"}))
        store.delete_game(2)
        assert store.create_game("New", "mini", minirules.rosters(), {}) == 3
    with _open(db_path) as again:  # opened again: nothing more to do, nothing lost
        assert sorted(g.name for g in again.list_games()) == ["New", "Old one"]
