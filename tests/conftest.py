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


# ---- a fifth ruleset installed beside the four books (tests/test_fifth_ruleset.py) --------------------------
#: Set to 1, the whole run has the tests' duel ruleset registered from its start, before collection (the tests
#: that list "every installed ruleset" at import then see five): the suite must not assume exactly four.
FIFTH = "MSTRACKER_TEST_FIFTH_RULESET"


def _register_duel() -> None:
    import os
    import sys

    if os.environ.get(FIFTH) != "1":
        return
    from mstracker.rules import registry

    if "duel" in registry.ruleset_ids():
        return
    sys.path.insert(0, str(REPO / "tests" / "rulesets" / "duel"))
    from duel_ruleset import RULESET  # type: ignore[import-not-found]
    from mstracker.store.catalog import book_ruleset

    registry.register(RULESET)
    book_ruleset.cache_clear()


def pytest_configure(config: pytest.Config) -> None:
    _register_duel()


@pytest.fixture(autouse=True)
def fifth_ruleset_stays() -> None:
    """With the fifth ruleset on, it is registered for every test (a test that unregisters it does not end it)."""
    _register_duel()
