"""pz8's initiative step is automatic in the checklist, and `n` does it (issue 16 item 6): with the app's
dice it rolls and shows the dice before going on; with physical dice it asks for the two D6 first, as
the other automatic steps do (pz8 §2)."""

from __future__ import annotations

from typing import Any

from form_support import until
from tui_support import make_app, run, settle

from mstracker.store.settings import DiceMode
from mstracker.tui.modals.action_form import ActionFormModal
from mstracker.tui.modals.auto_roll import AutoRollModal
from mstracker.tui.screens.battle_scenes import create_game


def test_n_rolls_the_initiative_with_the_apps_dice_in_the_open() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        await pilot.press("n")  # turn 1: the roll step
        await settle(pilot)
        step = battle.state.current_step.id
        await pilot.press("n")
        shown = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, AutoRollModal) else None)
        return step, battle.state.extra.get("initiative", {}).get("rolls"), type(shown).__name__

    step, rolls, shown = run(make_app(), script)
    assert step == "roll" and rolls and len(rolls[-1]) == 2 and shown == "AutoRollModal"


def test_n_with_physical_dice_asks_for_the_two_d6_and_rolls_with_them() -> None:
    async def script(pilot: Any) -> tuple:
        pilot.app.services.settings.update(dice_mode=DiceMode.PHYSICAL)  # type: ignore[attr-defined]
        battle = await create_game(pilot, "pz8")
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("n")
        form = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, ActionFormModal)
                           and pilot.app.screen._ready_at is not None else None)
        kind = form.spec.kind
        await pilot.press("2", "space", "5", "ctrl+r")
        await until(pilot, lambda: battle.state.extra.get("initiative"))
        return kind, battle.state.extra["initiative"]["rolls"], battle.state.players[battle.state.active].name

    kind, rolls, active = run(make_app(), script)
    assert kind == "next-step" and rolls == [[2, 5]] and active == "Red"  # the second side rolled higher
