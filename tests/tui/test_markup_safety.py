"""User text is shown as typed in the terminal app: markup in names or expressions never crashes a screen."""

from __future__ import annotations

from pathlib import Path

from tui_support import make_app, run, settle, text_of
from textual.widgets import Input, Label, Static

from mstracker.store.fleets import load_roster
from mstracker.store.games import GameStore
from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.dice import DiceScreen

REPO = Path(__file__).resolve().parents[2]
FLEETS = [REPO / "data/fleets/pz8/razor-squadron.toml", REPO / "data/fleets/pz8/anchor-flight.toml"]


def test_markup_typed_as_a_dice_expression_is_shown_as_typed() -> None:
    async def script(pilot):  # noqa: ANN001, ANN202
        await pilot.press("d")
        await settle(pilot)
        pilot.app.screen.query_one("#expr", Input).value = "[/bold]2d6"
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        return type(pilot.app.screen), text_of(pilot.app.screen.query_one("#expr-error", Static))

    screen, error = run(make_app(), script)
    assert screen is DiceScreen
    assert "[/bold]" in error


def test_a_game_named_with_markup_opens_and_its_dialogs_show_the_name() -> None:
    with GameStore.default() as store:
        store.create_game("[/]x [b]y", "pz8", [load_roster(p) for p in FLEETS], {})

    async def script(pilot):  # noqa: ANN001, ANN202
        await pilot.press("c")  # continue the last game
        await settle(pilot)
        assert isinstance(pilot.app.screen, BattleScreen)
        await pilot.press("ctrl+d")  # delete: asks first, naming the game
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmModal)
        return str(pilot.app.screen.query(Label).first().content)

    assert "[/]x [b]y" in run(make_app(), script)
