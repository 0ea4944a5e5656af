"""Fixtures for the cal tests: `cal`, the book's ruleset."""

from __future__ import annotations

import pytest

from mstracker.rulesets.cal.model import Ruleset
from mstracker.store.catalog import book_ruleset


@pytest.fixture(scope="module")
def cal() -> Ruleset:
    ruleset = book_ruleset("cal")
    assert isinstance(ruleset, Ruleset)
    return ruleset
