"""The SQLite game store: create, list, open, perform, undo/redo any number of steps, resume, delete."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import minirules
import pytest

from mstracker.dice import TypedFaces
from mstracker.game import Action, InvalidAction
from mstracker.store.games import (
    GameLocked,
    GameNotFound,
    GameStore,
    NothingToRedo,
    NothingToUndo,
    StoreError,
)

SCRIPT = [
    ("next-step", (), {}),
    ("tick", (), {"step": "check"}),
    ("untick", (), {"step": "check"}),
    ("set", (), {"target": "2", "key": "armor", "value": "70"}),
    ("adjust", (), {"target": "1", "key": "fire", "delta": 2}),
    ("adjust", (), {"target": "Ann", "key": "ru", "delta": -4}),
    ("fire", (9,), {"ship": "1", "weapon": "w1", "target": "4"}),
    ("note", (), {"text": "a note"}),
    ("pass-to", (), {"player": "Bob"}),
    ("add-ship", (), {"player": "Ann", "ship_class": "Scout", "name": "Extra"}),
    ("set", (), {"target": "3", "key": "owner", "value": "Bob"}),
    ("next-step", (), {"force": True}),
    ("end-game", (), {"result": "over", "winner": "Bob"}),
]


def _new(store: GameStore, name: str = "G") -> int:
    return store.create_game(name, "mini", minirules.rosters(), {"reload_turns": "2"})


def test_create_list_find_and_settings(store: GameStore) -> None:
    gid = _new(store, "First game")
    other = _new(store, "Second")
    games = store.list_games()
    assert {g.name for g in games} == {"First game", "Second"}
    assert store.find_game("first GAME").id == gid and store.find_game(str(other)).name == "Second"
    with pytest.raises(GameNotFound, match="no game 'third'"):
        store.find_game("third")
    with pytest.raises(StoreError, match="already exists"):
        _new(store, "second")
    with store.open_game(gid) as handle:
        assert handle.state.settings["reload_turns"] == 2
        assert handle.live_actions == 1 and not handle.can_undo


def test_undo_of_every_action_type_restores_exactly_the_previous_state(store: GameStore) -> None:
    gid = _new(store)
    with store.open_game(gid) as handle:
        states = [handle.state.to_json_text()]
        for kind, faces, args in SCRIPT:
            handle.perform(Action(kind, args), TypedFaces(faces))
            states.append(handle.state.to_json_text())
        assert handle.engine.replay(handle.events()).to_json_text() == states[-1]
        for n in range(len(SCRIPT)):  # one undo at a time, every action type
            undone = handle.undo()
            assert undone.action.kind == SCRIPT[len(SCRIPT) - 1 - n][0]
            assert handle.state.to_json_text() == states[len(SCRIPT) - 1 - n]
        with pytest.raises(NothingToUndo):
            handle.undo()
        for n in range(len(SCRIPT)):  # and redo brings each back exactly
            handle.redo()
            assert handle.state.to_json_text() == states[n + 1]
        with pytest.raises(NothingToRedo):
            handle.redo()


def test_undone_actions_stay_in_the_log_and_a_new_action_clears_redo(store: GameStore) -> None:
    gid = _new(store)
    with store.open_game(gid) as handle:
        for kind, faces, args in SCRIPT[:6]:
            handle.perform(Action(kind, args), TypedFaces(faces))
        handle.undo()
        handle.undo()
        assert handle.can_redo
        handle.perform(Action("note", {"text": "instead"}))
        assert not handle.can_redo
        log = handle.log()
        assert [r.action.kind for r in log] == ["new-game", *[k for k, _, _ in SCRIPT[:6]], "note"]
        assert [r.seq for r in log if r.undone] == [6, 7]
        assert all(r.redo_cleared for r in log if r.undone)
        live_state = handle.state
    with store.open_game(gid) as again:  # resume agrees, and the cleared redo stays cleared
        assert again.state == live_state and not again.can_redo


def test_invalid_action_writes_nothing(store: GameStore, db_path: Path) -> None:
    gid = _new(store)
    with store.open_game(gid) as handle:
        before = handle.state
        with pytest.raises(InvalidAction, match="set-up"):
            handle.perform(Action("tick"))
        assert handle.state is before and len(handle.log()) == 1


def test_resume_from_snapshot_equals_replay_and_survives_undo_past_snapshots(store: GameStore, db_path: Path) -> None:
    gid = _new(store)
    with store.open_game(gid) as handle:
        for i in range(23):
            handle.perform(Action("adjust", {"target": "1", "key": "fire", "delta": 1}))
        for _ in range(9):  # back past the snapshots at 20 and 15
            handle.undo()
        expected = handle.state
    conn = sqlite3.connect(db_path)
    assert [r[0] for r in conn.execute("SELECT action_seq FROM snapshots ORDER BY action_seq")] == [5, 10, 15, 20]
    conn.close()
    reopened = GameStore(db_path, engine_factory=minirules.engine_factory, snapshot_every=5)
    with reopened.open_game(gid) as handle:
        assert handle.state == expected and handle.state.ships["1"].record["fire"] == 14
        assert handle.engine.replay(handle.events()) == expected
        handle.redo()
        assert handle.state.ships["1"].record["fire"] == 15
    reopened.close()


def test_a_game_opens_once(store: GameStore) -> None:
    gid = _new(store, "Locked one")
    handle = store.open_game(gid)
    with pytest.raises(GameLocked, match="game 'Locked one' .* is already open"):
        store.open_game(gid)
    with pytest.raises(GameLocked):
        store.delete_game(gid)
    handle.close()
    with pytest.raises(StoreError, match="is closed"):
        handle.perform(Action("note", {"text": "late"}))
    store.open_game(gid).close()


def test_delete_game(store: GameStore) -> None:
    keep, gone = _new(store, "Keep"), _new(store, "Gone")
    store.delete_game(gone)
    assert [g.id for g in store.list_games()] == [keep]
    with pytest.raises(GameNotFound):
        store.open_game(gone)


def test_list_shows_turn_actions_and_result(store: GameStore) -> None:
    gid = _new(store)
    with store.open_game(gid) as handle:
        for kind, faces, args in SCRIPT:
            handle.perform(Action(kind, args), TypedFaces(faces))
    g = store.game(gid)
    assert (g.turn, g.actions, g.finished, g.result, g.players) == (1, len(SCRIPT) + 1, True, "over", ("Ann", "Bob"))


def test_database_pragmas(store: GameStore, db_path: Path) -> None:
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == 2  # ids never reused (AUTOINCREMENT)
    assert store.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
