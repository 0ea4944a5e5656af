"""Typing a house-rule value in the settings screen: what is not a usable number is refused inline
(reliability finding 7: `inf` or `1e400` for a whole-number setting ended the app with OverflowError)."""

from __future__ import annotations

import tomllib

import pytest
from textual.widgets import Input, Static

from mstracker.store.catalog import load_ruleset
from mstracker.tui.modals.choose_value import ChooseValueModal
from tui_support import run, settle, text_of, type_text

from test_tui_settings import open_house_rule


async def _type_value(pilot, text: str) -> None:
    field = pilot.app.screen.query_one("#choose-input", Input)
    field.value = ""
    await type_text(pilot, text)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("inf", "✗ expected a finite number, got 'inf'"),
        ("1e400", "✗ expected a finite number, got '1e400'"),
        ("-inf", "✗ expected a finite number, got '-inf'"),
        ("nan", "✗ expected a finite number, got 'nan'"),
        ("2.5", "✗ expected a whole number, got 2.5"),
        ("lots", "✗ expected a number, got 'lots'"),
        ("101", "✗ 101 is above the maximum 100"),
    ],
)
def test_an_unusable_whole_number_is_refused_inline_and_nothing_is_written(app, typed: str, message: str) -> None:
    async def script(pilot):
        await open_house_rule(pilot, "ram_pct")
        await pilot.press("e")
        await settle(pilot)
        await _type_value(pilot, typed)
        modal = pilot.app.screen
        shown = text_of(modal.query_one("#choose-error", Static)) if isinstance(modal, ChooseValueModal) else None
        await _type_value(pilot, "30")  # the same dialog then takes a good value
        return shown, isinstance(pilot.app.screen, ChooseValueModal)

    assert run(app, script) == (message, False)
    path = app.services.dirs.house_rule_file("spook")
    assert tomllib.loads(path.read_text()) == {"settings": {"ram_pct": 30}}


def test_a_whole_number_in_float_notation_is_taken_as_that_number(app) -> None:
    async def script(pilot):
        await open_house_rule(pilot, "ram_pct")
        await pilot.press("e")
        await settle(pilot)
        await _type_value(pilot, "4e1")

    run(app, script)
    assert tomllib.loads(app.services.dirs.house_rule_file("spook").read_text()) == {"settings": {"ram_pct": 40}}


def test_a_house_rule_file_giving_inf_is_refused_with_its_key() -> None:
    from mstracker.paths import app_dirs

    path = app_dirs().house_rule_file("spook")
    path.parent.mkdir(parents=True)
    path.write_text('[settings]\nram_pct = inf\n\n[weapons."Ion Beam"]\ndamage = inf\n')
    loaded = load_ruleset("spook")
    assert loaded.house_rule_error == f"{path}: settings.ram_pct: inf is not a finite number"
    path.write_text('[weapons."Ion Beam"]\ndamage = nan\n')
    assert load_ruleset("spook").house_rule_error == f"{path}: weapons.Ion Beam.damage: nan is not a finite number"
