"""Keys typed at once into a form that is already open land in order where the cursor is (issue 16 item
1): the app hands each key to the widget focused when it reads the key, while a list opens, picks and
gives the cursor back later (Textual's Select focuses through `call_later`), so the Down, the Enter, the
Tab and the digit typed behind an Enter went to the closed list, and the distance stayed empty."""

from __future__ import annotations

from typing import Any

from form_support import ready_form, until
from textual import events
from tui_support import make_app, run, settle, spook_to_attack

from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_scenes import create_game


def post(app: Any, *keys: tuple[str, str | None]) -> None:
    """All at once, as a fast typist's keys reach the app: nothing runs between them."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


PICK_TAB_6 = (("enter", None), ("down", None), ("enter", None), ("tab", None), ("6", "6"))


def test_a_pick_then_tab_and_a_digit_typed_at_once_land_in_the_distance() -> None:
    """spook demo, the fire step, `a`; the dialog ready with the cursor in the blank target; then `Enter
    Down Enter Tab 6` at once: the first enemy ship (Down from "choose…") is the target, 6 the distance, the cursor there."""

    async def script(pilot: Any) -> list:
        await create_game(pilot, "spook")
        await spook_to_attack(pilot)
        seen = []
        for _ in range(2):  # built the first time, refilled after
            await pilot.press("a")
            form = await ready_form(pilot)
            assert isinstance(form, AttackModal)
            start = form.focused.id
            first = [v for _, v in form.field("target").options if v not in form.field("target").greyed][0]  # Down from "choose…"
            post(pilot.app, *PICK_TAB_6)
            for _ in range(5):  # every message the keys set off has run
                await settle(pilot)
            seen.append((start, form.field("target").value == first, form.field("distance").value, form.focused.id))
            form.dismiss(None)  # whatever the keys left open
            await until(pilot, lambda: not isinstance(pilot.app.screen, AttackModal))
        return seen

    assert run(make_app(), script) == [("arg-target", True, "6", "arg-distance")] * 2
