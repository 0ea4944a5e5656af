"""The duel ruleset is registered for these tests only, the way a host registers a ruleset at run time."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent / "tui"))  # tui_support, for the Pilot tests of the screens

from duel_ruleset import RULESET  # noqa: E402

from mstracker.rules import registry  # noqa: E402


@pytest.fixture(autouse=True)
def duel_registered() -> Iterator[None]:
    from mstracker.store.catalog import book_ruleset

    registry.register(RULESET)
    book_ruleset.cache_clear()
    yield
    registry.unregister(RULESET.id)
    book_ruleset.cache_clear()
