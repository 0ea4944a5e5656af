"""Helpers for the rulesets' data tests (no tests here): a book's ruleset, its data, and what
building that data refuses.

Importable as `ruleset_data` from any test: tests/ has the root conftest.py and no __init__.py, so
pytest puts tests/ on sys.path.
"""

from __future__ import annotations

import functools
import operator
import tomllib
from typing import Any, TypeVar

import pytest

from mstracker.paths import shipped_data_dir
from mstracker.rules import RulesError, build_ruleset
from mstracker.store.catalog import book_ruleset

T = TypeVar("T")


def book(ruleset_id: str, model: type[T]) -> T:
    """The book's ruleset `ruleset_id`, checked to be a `model` (its package's Ruleset)."""
    ruleset = book_ruleset(ruleset_id)
    assert isinstance(ruleset, model)
    return ruleset


def book_data(ruleset_id: str) -> dict[str, Any]:
    """The shipped data of `ruleset_id` (data/rulesets/<id>.toml), freshly read."""
    return tomllib.loads((shipped_data_dir() / "rulesets" / f"{ruleset_id}.toml").read_text(encoding="utf-8"))


def build_refusal(ruleset_id: str, path: tuple[str | int, ...], value: Any) -> str:
    """The RulesError message from building the book's data of `ruleset_id` (as `<id>.toml`) with the
    value at `path` (keys and list indexes, outermost first) replaced by `value`."""
    data = book_data(ruleset_id)
    *parents, key = path
    functools.reduce(operator.getitem, parents, data)[key] = value
    with pytest.raises(RulesError) as err:
        build_ruleset(ruleset_id, data, f"{ruleset_id}.toml")
    return str(err.value)
