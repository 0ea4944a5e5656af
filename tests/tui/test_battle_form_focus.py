"""Keys and focus in every form (play-test round 3): the cursor starts on the first field the player
must fill; only the focused widget looks focused; Enter never applies a form with a required field
blank (it goes there and opens its list); a refusal shows in the form; keys typed while a form opens,
even on a busy machine, land in it in order."""

from __future__ import annotations

from dataclasses import replace

import dataclasses
import threading
import time
from typing import Any

from form_support import choose, form_of, ready_form, until
from textual import events
from tui_support import make_app, run

from mstracker.store.settings import DiceMode
from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.modals.pick_action import PickActionModal
from mstracker.tui.screens.battle_scenes import create_game, demo_of, open_attack, to_attack


def post(app: Any, *keys: tuple[str, str | None]) -> None:
    """All at once, as a fast typist's keys reach the app: nothing runs between them."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


class Load:
    """A background thread that keeps the interpreter busy (the app's loop gets the GIL less often)."""

    def __enter__(self) -> Load:
        self.stop = False
        self.thread = threading.Thread(target=self.spin, daemon=True)
        self.thread.start()
        return self

    def spin(self) -> None:
        while not self.stop:  # busy most of the time, as a worker thread or another process is
            sum(i * i for i in range(20000))
            time.sleep(0.001)

    def __exit__(self, *exc: object) -> None:
        self.stop = True
        self.thread.join()


def test_the_attack_dialog_with_its_target_filled_starts_in_the_distance() -> None:
    async def script(pilot: Any) -> tuple:
        await create_game(pilot, "pz8")
        demo = demo_of("pz8")
        await to_attack(pilot, demo)
        form = await open_attack(pilot, demo.attacker, demo.target)  # the target marked: filled in
        form = await ready_form(pilot)
        return form.field("target").value, form.focused.id

    assert run(make_app(), script) == ("5", "arg-distance")  # not the ship select: a typed 5 lands


def test_only_the_focused_button_looks_focused() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))
        form = await form_of(pilot, battle, "fire")
        go = form.query_one("#go")
        idle = (go.styles.background, form.focused is go)
        form.set_focus(go)
        await pilot.pause()
        return idle, go.styles.background

    (idle, was_focused), focused = run(make_app(), script)
    assert not was_focused and idle != focused  # Apply is drawn plain until the cursor is on it


def test_switching_to_physical_dice_keeps_the_cursor_on_a_blank_required_field() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))  # fire's target is blank (two enemies)
        form = await form_of(pilot, battle, "fire")
        form.set_focus(form.query_one("#arg-distance"))
        await pilot.press("ctrl+t")  # I roll physical dice: the target is still to pick, so there first
        await pilot.pause()
        first = form.focused.id
        await choose(pilot, form, "target", form.field("target").options[0][1])
        form.query_one("#arg-distance").value = "3"
        await pilot.press("ctrl+t", "ctrl+t")  # back to app dice and to physical again: now the faces
        await pilot.pause()
        return first, form.focused.id

    assert run(make_app(), script) == ("arg-target", "faces")


def test_enter_in_a_text_box_with_a_required_field_blank_opens_that_list_and_applies_nothing() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))  # ship 1 activated; fire's target is blank (two enemies)
        before = len(battle.session.live)
        form = await form_of(pilot, battle, "fire")
        form.set_focus(form.query_one("#arg-distance"))
        await pilot.press("2", "enter")
        await pilot.pause()
        target = form.query_one("#arg-target")
        return {"applied": len(battle.session.live) - before, "open": target.expanded,
                "says": str(form.query_one("#form-says").render())}

    seen = run(make_app(), script)
    assert seen["applied"] == 0 and seen["open"]
    assert "target is still blank" in seen["says"]


def test_a_refused_move_shows_its_reason_in_the_form() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        demo = demo_of("pz8")
        await to_attack(pilot, replace(demo, to_attack=demo.to_attack[:-1]))  # activated, not moved yet
        form = await form_of(pilot, battle, "move")
        form.query_one("#arg-mps").value = "LFF"  # the first MP must go forward (pz8 §3)
        await pilot.press("ctrl+r")
        await pilot.pause()
        return pilot.app.screen is form, str(form.query_one("#form-says").render())

    still_open, says = run(make_app(), script)
    assert still_open and says.startswith("Not done: ") and "first MP must move the ship forward" in says


def test_keys_typed_at_once_after_a_land_in_order_on_a_busy_machine() -> None:
    async def script(pilot: Any) -> list:
        await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))  # the target is blank: the cursor starts there
        seen = []
        with Load():
            for _ in range(3):  # built the first time, refilled after
                post(pilot.app, ("a", "a"), ("enter", None), ("down", None), ("enter", None), ("tab", None), ("4", "4"))
                form = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, AttackModal)
                                   and pilot.app.screen.field("distance").value == "4" else None)
                seen.append((form.field("target").value, form.focused.id))
                post(pilot.app, ("escape", None))
                await until(pilot, lambda: not isinstance(pilot.app.screen, AttackModal))
        return seen

    seen = run(make_app(), script)
    assert seen == [("5", "arg-distance")] * 3  # Enter opened the list, Down + Enter picked, Tab, 4


def test_keys_typed_at_once_after_x_and_a_tab_land_in_the_form_in_order() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        demo = demo_of("pz8")  # up to the demo's move: move is what this step asks for, x opens on it
        await to_attack(pilot, dataclasses.replace(demo, to_attack=demo.to_attack[:-1]))
        with Load():
            post(pilot.app, ("x", "x"), ("enter", None), *[(c, c) for c in "FFF"])
            form = await until(pilot, lambda: pilot.app.screen if getattr(pilot.app.screen, "spec", None) is not None
                               and pilot.app.screen._ready_at is not None  # its fields composed (a busy machine)
                               and pilot.app.screen.field("mps") is not None
                               and pilot.app.screen.field("mps").value == "FFF" else None)
            # back and forth, then R: it lands in the MPs field. Tab into a filled field selects its text
            # (Textual's Input) when its focus event has run, so R replaces it or adds to it by timing.
            post(pilot.app, ("shift+tab", None), ("tab", None), ("R", "R"))
            await until(pilot, lambda: form.field("mps").value in ("FFFR", "R"))
        return form.spec.kind, form.focused.id, isinstance(battle.app.screen, PickActionModal)

    assert run(make_app(), script) == ("move", "arg-mps", False)


def test_enter_with_the_faces_still_blank_asks_for_them_and_applies_nothing() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))
        before = len(battle.session.live)
        form = await form_of(pilot, battle, "fire")
        await choose(pilot, form, "target", form.field("target").options[0][1])
        form.query_one("#arg-distance").value = "3"
        await pilot.press("ctrl+t")  # I roll physical dice
        await pilot.pause()
        form.set_focus(form.query_one("#arg-distance"))
        await pilot.press("enter")
        await pilot.pause()
        return len(battle.session.live) - before, str(form.query_one("#form-says").render()), form.focused.id

    applied, says, focused = run(make_app(), script)
    assert applied == 0 and says.startswith("Type the faces") and focused == "faces"


def test_with_physical_dice_and_the_odds_complete_the_cursor_starts_on_the_faces_not_an_optional_number() -> None:
    # cal's attack takes an optional `shots` (a weapon's shots this round): once the planner has filled the
    # distance, the faces are what is left to type (play-test: "4 1" went into shots as 41)
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "cal")
        await to_attack(pilot, demo_of("cal"))
        pilot.app.services.settings.update(dice_mode=DiceMode.PHYSICAL)  # type: ignore[attr-defined]
        form = await form_of(pilot, battle, "fire", target="7", distance="2")
        return form.field("shots") is not None and form.field("shots").value is None, form.focused.id

    assert run(make_app(), script) == (True, "faces")
