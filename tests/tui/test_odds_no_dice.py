"""A form whose action, as filled in, rolls no dice says so in its odds panel (cal: a course with no hard
turn), instead of "Odds appear once the form is complete" under a complete form."""

from __future__ import annotations

from typing import Any

from form_support import form_of
from tui_support import make_app, run

from mstracker.game import Action, InvalidAction
from mstracker.tui.screens.battle_scenes import create_game, demo_of, next_steps, to_attack


def test_a_cal_course_without_a_hard_turn_says_it_rolls_no_dice() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "cal")
        await to_attack(pilot, demo_of("cal"))
        engine = battle.session.engine
        for _ in range(30):  # on to the Movement phase
            state = battle.state
            ship = next(s for s in state.ships.values() if s.owner in engine.acting(state).players)
            try:
                plan = engine.dice_plan(state, Action("course", {"ship": ship.id, "spend": "1 1"}))
                break
            except InvalidAction:
                await next_steps(pilot, 1)
        form = await form_of(pilot, battle, "course", ship=ship.id, spend="1 1")
        return bool(plan), form.no_odds, str(form.query_one("#odds-figures").render())

    rolls, reason, shown = run(make_app(), script)
    assert rolls is False  # a straight course: no hard turn, no dice
    assert reason == shown == "As filled in, this rolls no dice: no odds to show."
