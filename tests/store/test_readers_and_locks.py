"""Readers never wait on the writer; one writer at a time; a lock left by a dead process is taken over."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import minirules
import pytest

from mstracker.game import Action
from mstracker.store.games import GameLocked, GameStore, StoreError


def _new(store: GameStore, name: str = "G") -> int:
    return store.create_game(name, "mini", minirules.rosters(), {"reload_turns": "2"})


def _reader_store(db_path: Path) -> GameStore:
    return GameStore(db_path, engine_factory=minirules.engine_factory, readonly=True)


def test_reader_sees_every_commit_while_the_writer_holds_the_game(store: GameStore, db_path: Path) -> None:
    game_id = _new(store)
    writer = store.open_game(game_id)
    readers = _reader_store(db_path)
    reader = readers.open_reader(game_id)
    assert reader.live_actions == 1
    writer.perform(Action("note", {"text": "first"}))
    writer.perform(Action("next-step"))
    assert reader.refresh() is True
    assert reader.live_actions == 3
    assert reader.state == writer.state
    assert [r.action.kind for r in reader.log()] == ["new-game", "note", "next-step"]
    assert reader.refresh() is False  # nothing new
    writer.close()
    readers.close()


def test_follow_reports_done_undone_and_redone_in_order(store: GameStore, db_path: Path) -> None:
    game_id = _new(store)
    writer = store.open_game(game_id)
    readers = _reader_store(db_path)
    reader = readers.open_reader(game_id)
    reader.start_following()
    version = readers.data_version()
    writer.perform(Action("note", {"text": "a"}))
    assert readers.data_version() != version  # the cheap change signal the watcher polls
    assert [(what, row.action.kind) for what, row in reader.follow()] == [("done", "note")]
    writer.undo()
    assert [(what, row.seq) for what, row in reader.follow()] == [("undone", 2)]
    writer.redo()
    assert [(what, row.seq) for what, row in reader.follow()] == [("redone", 2)]
    assert reader.follow() is None
    assert reader.state == writer.state
    writer.close()
    readers.close()


def test_reader_store_writes_nothing_and_refuses_to_write(store: GameStore, db_path: Path) -> None:
    game_id = _new(store)
    readers = _reader_store(db_path)
    with pytest.raises(StoreError, match="read-only"):
        readers.open_game(game_id)
    readers.close()


def test_reader_of_a_missing_database_lists_nothing_and_creates_nothing(tmp_path: Path) -> None:
    db = tmp_path / "none" / "games.sqlite3"
    with GameStore(db, engine_factory=minirules.engine_factory, readonly=True) as readers:
        assert readers.list_games() == []
    assert not db.parent.exists()


def test_second_writer_is_refused_with_the_holders_pid(store: GameStore, db_path: Path) -> None:
    game_id = _new(store)
    first = store.open_game(game_id)
    other = GameStore(db_path, engine_factory=minirules.engine_factory)
    with pytest.raises(GameLocked, match=r"already open in another mstracker \(pid \d+\)"):
        other.open_game(game_id)
    first.close()
    other.open_game(game_id).close()
    other.close()


def test_a_lock_left_by_a_dead_process_is_taken_over_with_a_message(store: GameStore, db_path: Path) -> None:
    game_id = _new(store)
    pid_file = db_path.parent / f"{db_path.name}.locks" / f"game-{game_id}.pid"
    pid_file.parent.mkdir(parents=True, exist_ok=True)
    pid_file.write_text("999999")  # what a kill -9 leaves: the pid file, but no lock held by anyone
    handle = store.open_game(game_id)
    assert handle.took_over is not None and "pid 999999" in handle.took_over and "no longer running" in handle.took_over
    handle.close()
    assert not pid_file.exists()
    again = store.open_game(game_id)
    assert again.took_over is None
    again.close()


@pytest.mark.slow
def test_a_live_lock_in_another_process_is_never_taken(store: GameStore, db_path: Path) -> None:
    game_id = _new(store)
    code = (
        "import sys, time; sys.path.insert(0, sys.argv[2]); import minirules\n"
        "from mstracker.store.games import GameStore\n"
        "s = GameStore(sys.argv[1], engine_factory=minirules.engine_factory); h = s.open_game(1)\n"
        "print('held', flush=True); sys.stdin.read()\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(db_path), str(Path(minirules.__file__).parent)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(GameLocked, match=f"pid {holder.pid}"):
            store.open_game(game_id)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=10)
    store.open_game(game_id).close()  # released by the holder's exit


def test_no_module_imports_fcntl() -> None:
    """Windows has no fcntl: the lock goes through filelock, and no mstracker module names fcntl."""
    root = Path(__file__).resolve().parents[2] / "mstracker"
    offenders = [str(p.relative_to(root)) for p in root.rglob("*.py") if "import fcntl" in p.read_text(encoding="utf-8")]
    assert offenders == []
