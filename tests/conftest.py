"""Shared fixtures: every test runs with its own MSTRACKER_HOME, never the developer's own dirs."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run (no unseeded randomness, no example database)
# and have no per-example wall-clock deadline (timing belongs in bench/, not in tests).
settings.register_profile("mstracker", derandomize=True, database=None, deadline=None)
settings.load_profile("mstracker")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "mstracker-home"
    monkeypatch.setenv("MSTRACKER_HOME", str(home))
    return home
