"""Fixtures for the lukas tests: `rs`, the book's ruleset."""

from __future__ import annotations

import pytest

from mstracker.rulesets.lukas.model import Ruleset
from ruleset_data import book


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return book("lukas", Ruleset)
