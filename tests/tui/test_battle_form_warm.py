"""The attack dialog is built while the battle screen is idle, so the first `a` only refills it, as every
later one does (play-test round 3: the first open took about a second, later ones 15-35 ms)."""

from __future__ import annotations

from typing import Any

import pytest
from form_support import until
from textual import events
from tui_support import make_app, run

from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.battle_actions import BattleActions
from mstracker.tui.screens.battle_scenes import create_game, demo_of, to_attack


def test_the_attack_dialog_is_built_ahead_and_the_first_a_refills_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BattleActions, "warm_attack", True)
    built: list[AttackModal] = []
    original = AttackModal.__init__

    def counting(self: AttackModal, *args: Any, **kwargs: Any) -> None:
        built.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(AttackModal, "__init__", counting)

    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        name = f"attack-{id(battle)}"
        await until(pilot, lambda: pilot.app.is_screen_installed(name) and pilot.app.screen is battle
                    and not pilot.app.get_screen(name).warming)
        warmed = (len(built), built[0].is_mounted, pilot.app.screen is battle)
        await to_attack(pilot, demo_of("pz8"))
        pilot.app.post_message(events.Key("a", "a"))
        form = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, AttackModal)
                           and pilot.app.screen.focused is not None else None)
        not_now = form.query_one("#action-not-now")
        return (warmed, form is built[0], len(built), form.field("ship").value, isinstance(battle, BattleScreen),
                (not_now.display, str(not_now.render())))

    warmed, same, count, ship, _, not_now = run(make_app(), script)
    # built in set-up (attacks "not now: the game is in set-up"), refilled in the attack step: no such line
    assert not_now[0] is False and "set-up" not in not_now[1]
    assert warmed == (1, True, True)  # built, mounted and gone again: the battle is on top
    assert same and count == 1 and ship == "1"  # the first `a` shows that dialog, refilled for now


def test_once_the_dialog_is_built_the_idle_battle_settles_memory_out_of_the_first_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full collection while idle, the loaded game frozen out of later ones: no gen-2 collection of
    the whole game inside the first `a` (issue 16: one made the first open the slow one)."""
    import gc

    monkeypatch.setattr(BattleActions, "warm_attack", True)
    calls: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))

    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        await until(pilot, lambda: calls)
        return calls[:], pilot.app.screen is battle

    seen, on_top = run(make_app(), script)
    assert seen == ["unfreeze", "collect", "freeze"] and on_top  # once, with the battle on top
