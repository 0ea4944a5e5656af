"""The dice roller's presets are named in the book's words (issue 16: players saw `to_hit_1_3`)."""

from __future__ import annotations

import pytest

from mstracker.store.catalog import book_ruleset
from mstracker.tui.presets import presets_for


def test_pz8_presets_read_as_the_book_names_its_tables() -> None:
    presets = presets_for(book_ruleset("pz8"))
    assert [(p.name, p.expression, p.source) for p in presets] == [
        ("To hit at 1-3 hex", "d6", "pz8 §4"),
        ("To hit at 4-6 hex", "d6", "pz8 §4"),
        ("To hit at 7-9 hex", "d6", "pz8 §4"),
        ("Opposed damage roll", "2d6 - 2d6", "attacker − target"),
    ]
    assert presets[0].reading(3) == "Miss"


@pytest.mark.parametrize("ruleset_id", ["spook", "lukas", "pz8", "cal"])
def test_no_preset_is_named_by_a_data_key(ruleset_id: str) -> None:
    ruleset = book_ruleset(ruleset_id)
    names = [p.name for p in presets_for(ruleset)]
    assert not set(names) & set(ruleset.tables)
    assert [n for n in names if "_" in n] == []
