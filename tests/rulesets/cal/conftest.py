"""Fixtures for the cal tests: `cal`, the book's ruleset."""

from __future__ import annotations

import pytest

from mstracker.rulesets.cal.model import Ruleset
from ruleset_data import book


@pytest.fixture(scope="module")
def cal() -> Ruleset:
    return book("cal", Ruleset)
