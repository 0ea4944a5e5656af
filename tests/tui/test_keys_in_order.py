"""Keys typed fast land where the player meant them, in order, also on a busy machine (play-test round 3:
keys lost right after a Tab, after `a`, after the first `a` of a resumed game, and CI's `b o` whose note
form never showed)."""

from __future__ import annotations

from typing import Any

import pytest
from form_support import until
from test_battle_form_focus import Load, post
from textual import events
from tui_support import make_app, run

from mstracker.tui.modals.action_form import ActionFormModal
from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_actions import BattleActions
from mstracker.tui.screens.battle_scenes import create_game, demo_of, to_attack


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


def test_keys_typed_at_once_in_an_open_form_follow_the_tab_and_the_list_before_them() -> None:
    """The form is open and waiting: Enter opens the target list, Down + Enter pick, Tab and 4 all arrive
    before any has run, with the app loaded from a background thread."""
    async def script(pilot: Any) -> list:
        battle = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))
        seen = []
        with Load():
            for _ in range(3):
                battle.action_attack()
                form = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, AttackModal)
                                   and pilot.app.screen.focused is not None else None)
                await pilot.pause()
                post(pilot.app, ("enter", None), ("down", None), ("enter", None), ("tab", None), ("4", "4"))
                await until(pilot, lambda: form.field("distance").value is not None, seconds=20)
                seen.append((form.field("target").value, form.field("distance").value, form.focused.id))
                post(pilot.app, ("escape", None))
                await until(pilot, lambda: not isinstance(pilot.app.screen, AttackModal))
        return seen

    assert run(make_app(), script) == [("5", "4", "arg-distance")] * 3
