"""Store tests use the in-test ruleset of tests/game/minirules.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

GAME_TESTS = Path(__file__).resolve().parent.parent / "game"
if str(GAME_TESTS) not in sys.path:
    sys.path.insert(0, str(GAME_TESTS))

import minirules  # noqa: E402

from mstracker.store.games import GameStore  # noqa: E402


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "games.sqlite3"


@pytest.fixture
def store(db_path: Path):  # noqa: ANN201
    s = GameStore(db_path, engine_factory=minirules.engine_factory, snapshot_every=5)
    yield s
    s.close()
