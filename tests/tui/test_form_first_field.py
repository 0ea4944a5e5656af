"""The cursor starts on the first field the player must fill, the same rule in every form (play-test
round 3, N11; issue 16 item 4): the first required field still blank; a ship list the form filled in is not
one of them. Enter with a required field blank applies nothing."""

from __future__ import annotations

from typing import Any

from form_support import form_of
from tui_support import make_app, run

from mstracker.game import Action, InvalidAction
from mstracker.tui.screens.battle_scenes import create_game, demo_of, next_steps, to_attack


async def cal_movement(pilot: Any) -> Any:
    """A cal game in its Movement phase, where each of the acting player's ships may alter course."""
    battle = await create_game(pilot, "cal")
    await to_attack(pilot, demo_of("cal"))
    engine = battle.session.engine
    for _ in range(30):
        state = battle.state
        ship = next(s for s in state.ships.values() if s.owner in engine.acting(state).players)
        try:
            engine.dice_plan(state, Action("course", {"ship": ship.id, "spend": "1 1"}))
            return battle
        except InvalidAction:
            await next_steps(pilot, 1)
    raise AssertionError("never reached cal's Movement phase")


def test_cal_course_with_an_enemy_ship_selected_opens_on_the_spend_and_enter_applies_nothing() -> None:
    """One rule (issue 16 item 4): the ship is filled in (the first that may alter course), the spend is the
    first required field still blank, so the cursor starts there; an Enter with it blank applies nothing."""
    async def script(pilot: Any) -> tuple:
        battle = await cal_movement(pilot)
        legal = battle.legal("course")
        enemy = next(s.id for s in battle.state.ships.values() if s.id not in legal.actors)
        battle.move_selection(enemy)
        await pilot.pause()
        before = len(battle.session.live)
        form = await form_of(pilot, battle, "course")
        start = form.focused.id, form.field("ship").value
        await pilot.press("enter")
        await pilot.pause()
        says = str(form.query_one("#form-says").render())
        return start, pilot.app.screen is form, len(battle.session.live) - before, says

    start, still_open, applied, says = run(make_app(), script)
    assert start[0] == "arg-spend" and start[1] is not None
    assert still_open and applied == 0 and "still blank" in says


def test_cal_course_for_the_selected_ship_opens_on_the_spend() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await cal_movement(pilot)
        legal = battle.legal("course")
        battle.move_selection(legal.actors[-1])  # the player points at a ship that may alter course
        await pilot.pause()
        form = await form_of(pilot, battle, "course")
        return form.field("ship").value, form.focused.id, legal.actors[-1]

    ship, focused, pointed = run(make_app(), script)
    assert (ship, focused) == (pointed, "arg-spend")
