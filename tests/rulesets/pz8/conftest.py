"""Fixtures for the pz8 tests: `pz8`, the book's ruleset."""

from __future__ import annotations

import pytest

from mstracker.rulesets.pz8.model import Ruleset
from ruleset_data import book


@pytest.fixture(scope="module")
def pz8() -> Ruleset:
    return book("pz8", Ruleset)
