"""The cursor starts on the first field the player must fill, the same rule in every form (play-test
round 3, N11): a ship the form only guessed (several may act, the player pointed at none) is one of them;
the ship the player selected, or the only one that may act, is not. Enter there opens its list."""

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


def test_cal_course_with_an_enemy_ship_selected_opens_on_the_ship_and_enter_opens_its_list() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await cal_movement(pilot)
        legal = battle.legal("course")
        enemy = next(s.id for s in battle.state.ships.values() if s.id not in legal.actors)
        battle.move_selection(enemy)
        await pilot.pause()
        legal = battle.legal("course")
        form = await form_of(pilot, battle, "course")
        start = form.focused.id, form.field("ship").value
        await pilot.press("enter")
        await pilot.pause()
        return len(legal.actors) > 1, start, form.query_one("#arg-ship").expanded, pilot.app.screen is form

    several, start, opened, still_open = run(make_app(), script)
    assert several and start[0] == "arg-ship" and start[1] is not None  # filled with a guess, not blank
    assert opened and still_open  # Enter opened the ship list; nothing applied


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
