"""Crash safety, the per-game lock across processes, and damaged or newer databases left untouched."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import minirules
import pytest

from mstracker.game import Action
from mstracker.store.games import GameStore, StoreError, fresh_database_path

WORKER = Path(__file__).resolve().parent / "kill_worker.py"


def _store(db: Path) -> GameStore:
    return GameStore(db, engine_factory=minirules.engine_factory, snapshot_every=3)


def _expected_fire(live_actions: int) -> int:
    return sum(1 for n in range(1, live_actions) if n % 7 != 0)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files(db: Path) -> dict[str, str]:
    return {p.name: _digest(p) for p in sorted(db.parent.glob(db.name + "*")) if p.is_file()}


@pytest.mark.slow
def test_kill_9_mid_action_loses_at_most_the_action_in_flight(db_path: Path) -> None:
    store = _store(db_path)
    gid = store.create_game("Crash test", "mini", minirules.rosters(), {})
    store.close()
    rng = random.Random(1234)
    for round_no in range(6):
        proc = subprocess.Popen(
            [sys.executable, str(WORKER), str(db_path), str(gid)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("open")
        for _ in range(rng.randint(3, 40)):
            proc.stdout.readline()
        time.sleep(rng.random() * 0.004)  # land somewhere inside the next commit
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        committed = [int(line) for line in proc.stdout.read().split()]
        proc.stdout.close()
        proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL, f"worker ended by itself in round {round_no}"
        reopened = _store(db_path)
        with reopened.open_game(gid) as handle:  # the dead process's lock is gone
            shown = committed[-1] if committed else handle.live_actions
            assert shown <= handle.live_actions <= shown + 1, (round_no, shown, handle.live_actions)
            assert handle.state.ships["1"].record["fire"] == _expected_fire(handle.live_actions)
            assert handle.engine.replay(handle.events()) == handle.state
            assert [r.seq for r in handle.log()] == list(range(1, handle.live_actions + 1))
        assert reopened.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        reopened.close()


@pytest.mark.slow
def test_a_second_process_opening_the_same_game_is_refused(db_path: Path) -> None:
    store = _store(db_path)
    gid = store.create_game("Busy game", "mini", minirules.rosters(), {})
    free = store.create_game("Free game", "mini", minirules.rosters(), {})
    handle = store.open_game(gid)
    code = (
        "import sys; sys.path.insert(0, sys.argv[3]); import minirules\n"
        "from mstracker.store.games import GameStore, GameLocked\n"
        "s = GameStore(__import__('pathlib').Path(sys.argv[1]), engine_factory=minirules.engine_factory)\n"
        "try:\n    s.open_game(int(sys.argv[2])).close(); print('opened')\n"
        "except GameLocked as exc:\n    print('LOCKED', exc)\n"
    )
    game_tests = str(WORKER.parent.parent / "game")
    busy = subprocess.run([sys.executable, "-c", code, str(db_path), str(gid), game_tests], capture_output=True, text=True, timeout=60)
    assert busy.stdout.startswith("LOCKED"), busy.stderr
    assert "game 'Busy game'" in busy.stdout and f"pid {os.getpid()}" in busy.stdout
    other = subprocess.run([sys.executable, "-c", code, str(db_path), str(free), game_tests], capture_output=True, text=True, timeout=60)
    assert other.stdout.strip() == "opened", other.stderr
    handle.perform(Action("note", {"text": "still mine"}))
    handle.close()
    again = subprocess.run([sys.executable, "-c", code, str(db_path), str(gid), game_tests], capture_output=True, text=True, timeout=60)
    assert again.stdout.strip() == "opened", again.stderr
    store.close()


def _refused_untouched(db: Path, match: str) -> StoreError:
    before = _files(db)
    with pytest.raises(StoreError, match=match) as info:
        _store(db)
    assert _files(db) == before, "the database was modified"
    err = info.value
    assert err.path == db and err.fresh_path == fresh_database_path(db) and not err.fresh_path.exists()
    assert str(err.fresh_path) in str(err) and "left untouched" in str(err)
    fresh = _store(err.fresh_path)  # the offered fresh database works
    fresh.create_game("New start", "mini", minirules.rosters(), {})
    fresh.close()
    assert _files(db) == before
    return err


def _real_db(db: Path, actions: int = 60) -> None:
    store = _store(db)
    gid = store.create_game("Real", "mini", minirules.rosters(), {})
    with store.open_game(gid) as handle:
        for i in range(actions):
            handle.perform(Action("note", {"text": "x" * 300 + str(i)}))
    store.close()
    assert not Path(str(db) + "-wal").exists() or Path(str(db) + "-wal").stat().st_size == 0


def test_random_bytes_are_reported_and_never_overwritten(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(random.Random(7).randbytes(50_000))
    _refused_untouched(db_path, "not an SQLite database")


def test_truncated_database_is_reported_and_never_overwritten(db_path: Path) -> None:
    _real_db(db_path)
    raw = db_path.read_bytes()
    assert len(raw) > 8192
    db_path.write_bytes(raw[: len(raw) // 2])
    _refused_untouched(db_path, "damaged")


def test_damaged_pages_are_reported_and_never_overwritten(db_path: Path) -> None:
    _real_db(db_path)
    raw = bytearray(db_path.read_bytes())
    page = 4096
    raw[page : 3 * page] = random.Random(3).randbytes(2 * page)  # header intact, b-tree pages garbage
    db_path.write_bytes(bytes(raw))
    _refused_untouched(db_path, "damaged")


def test_newer_database_version_is_reported_and_never_overwritten(db_path: Path) -> None:
    _real_db(db_path, actions=3)
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    err = _refused_untouched(db_path, "newer mstracker")
    assert "version 99" in str(err)


def test_someone_elses_database_is_reported(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    _refused_untouched(db_path, "other tables: recipes")


def test_fresh_database_path_never_names_an_existing_file(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    assert fresh_database_path(db) == tmp_path / "games-fresh.sqlite3"
    (tmp_path / "games-fresh.sqlite3").write_bytes(b"")
    assert fresh_database_path(db) == tmp_path / "games-fresh-2.sqlite3"
