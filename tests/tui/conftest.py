"""Fixtures of the TUI tests; the helpers live in tui_support (a unique module name, so no other
conftest.py can shadow them)."""

from __future__ import annotations

import pytest

from tui_support import MstrackerApp, make_app


@pytest.fixture
def app() -> MstrackerApp:
    return make_app()


@pytest.fixture(autouse=True)
def no_dialog_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The battle builds its attack dialog ahead when idle (a screen on top for a moment): off in the
    Pilot tests, whose scripts expect the battle on top; tests/tui/test_battle_form_warm.py turns it on."""
    from mstracker.tui.screens.battle_actions import BattleActions

    monkeypatch.setattr(BattleActions, "warm_attack", False)
