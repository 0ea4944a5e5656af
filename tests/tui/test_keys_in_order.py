"""Keys typed while the battle builds its attack dialog ahead are not lost (CI: `b o` under a pty, the note
form never showed; play-test round 3: the first `a` after resuming a game)."""

from __future__ import annotations

from typing import Any

import pytest
from form_support import until
from textual import events
from tui_support import make_app, run

from mstracker.tui.modals.action_form import ActionFormModal
from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_actions import BattleActions
from mstracker.tui.screens.battle_scenes import create_game


def test_a_key_that_reaches_the_dialog_built_ahead_as_it_leaves_goes_to_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app hands a key to the screen on top; the attack dialog built ahead may leave (`warmed`)
    before it reads it. That key (CI: the `o` after `b`) opens the note form all the same."""
    monkeypatch.setattr(BattleActions, "warm_attack", True)
    original = AttackModal.warmed
    armed: list[bool] = []

    def key_behind(self: AttackModal) -> None:  # the `o` the app had handed on, still in the queue
        if armed:
            key = events.Key("o", "o")
            key._set_forwarded()
            self.post_message(key)
        original(self)

    monkeypatch.setattr(AttackModal, "warmed", key_behind)

    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        name = f"attack-{id(battle)}"
        await until(pilot, lambda: pilot.app.is_screen_installed(name) and pilot.app.screen is battle)
        pilot.app.uninstall_screen(name)  # built again, now with a key behind it
        armed.append(True)
        battle.warm_attack_form()
        form = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, ActionFormModal)
                           and not isinstance(pilot.app.screen, AttackModal) and pilot.app.screen.focused is not None else None,
                           seconds=20)
        return form.spec.kind, type(form.focused).__name__

    assert run(make_app(), script) == ("note", "Input")

