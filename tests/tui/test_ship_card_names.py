"""A ship card names the ship a value points at (issue 16: lukas "Infiltrated by 8", an id where a ship's
name belongs): by the ship's name and number when the card knows the game's ships, else as "#8"."""

from __future__ import annotations

from mstracker.game import engine_for
from mstracker.store.catalog import book_ruleset
from mstracker.tui.widgets.ship_card import record_parts


def _others(names: dict[str, str] | None) -> list[str]:
    spec = engine_for(book_ruleset("lukas")).spec
    record = {"infiltrated_by": "8", "docked_in": "", "armor": 20, "armor_max": 28}
    return [c.plain for c in record_parts(record, spec, names)[1]]


def test_infiltrated_by_names_the_infiltrator() -> None:
    assert "Infiltrated by Sneak (#8)" in _others({"8": "Sneak (#8)", "2": "Warden (#2)"})
    assert not any(text.startswith("In bay of") for text in _others({"8": "Sneak (#8)"}))  # not docked: not shown


def test_a_ship_the_card_does_not_know_shows_as_its_number() -> None:
    assert "Infiltrated by #8" in _others(None)
