"""pz8's movement points are named in the book's words wherever players read them, never as the data key
`mps` (issue 16): the move form's field and the rules reference's class columns."""

from __future__ import annotations

from mstracker.game import engine_for
from mstracker.store.catalog import book_ruleset
from mstracker.tui.rules_view import ruleset_views


def test_the_move_form_asks_for_the_mp_spent() -> None:
    spec = engine_for(book_ruleset("pz8")).action_spec("move")
    assert [a.title for a in spec.args] == ["ship", "MP spent"]


def test_the_rules_reference_names_the_class_columns_in_words() -> None:
    columns = next(v.columns for v in ruleset_views(book_ruleset("pz8")) if "MPs" in v.columns)
    assert columns[3:7] == ["MPs", "MPs when Damaged", "least MP spent", "first MP"]
    assert [c for c in columns if "_" in c or c == "mps"] == []
