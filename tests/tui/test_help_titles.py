"""F1 names the screen or dialog in front in words, never its class (issue 16, play-test round 3: F1 over a
confirm dialog read "Keys · ConfirmModal"), and lists that dialog's own keys."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Label, Static
from tui_support import make_app, screen_after, settle, text_of

from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.modals.help import HelpModal, screen_title
from mstracker.tui.modals.saved_games import SavedGamesModal
from mstracker.tui.screens.battle import BattleScreen


def test_a_dialog_without_a_title_is_named_from_its_kind_in_words() -> None:
    assert screen_title(SavedGamesModal.__new__(SavedGamesModal)) == "Saved games"
    assert screen_title(ConfirmModal("Sure?")) == "Confirm"


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_f1_over_the_delete_dialog_says_confirm_and_lists_its_keys(size: tuple[int, int]) -> None:
    async def main() -> dict[str, Any]:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            battle = await screen_after(pilot, "b")  # the demo battle
            assert isinstance(battle, BattleScreen)
            confirm = await screen_after(pilot, "ctrl+d")
            assert isinstance(confirm, ConfirmModal)
            helped = await screen_after(pilot, "f1")
            assert isinstance(helped, HelpModal)
            seen = {"title": str(helped.query_one(Label).content), "groups": [t for t, _ in helped.groups],
                    "text": text_of(helped.query_one("#help-text", Static))}
            await pilot.press("escape")  # the help closes: the dialog is still there
            await settle(pilot)
            seen["after help"] = pilot.app.screen is confirm
            await pilot.press("escape")  # Keep: the game stays
            await settle(pilot)
            seen["after no"] = pilot.app.screen is battle
            return seen

    seen = asyncio.run(main())
    assert seen["title"] == "Keys · Confirm"
    assert seen["groups"][0] == "Confirm"
    lines = [" ".join(line.split()) for line in seen["text"].splitlines()]
    assert lines[:5] == ["Confirm", "y Delete", "n / esc Keep", "tab Focus Next", "shift+tab Focus Previous"]
    assert "Where the cursor is (button)" in lines
    assert "Modal" not in seen["text"] and "Modal" not in seen["title"]
    assert seen["after help"] and seen["after no"]
