"""Where the cursor starts, one rule in every form (issue 16 item 4): on the first field the player must
fill (a required one still blank, or the one the action's preparation says is missing), else the first
value still to type (a number or words read off the table), else the faces, else the first field. A ship
list the form filled in is not one to fill: typed words go where they belong, not into its search."""

from __future__ import annotations

from typing import Any

from form_support import form_of
from tui_support import make_app, run

from mstracker.dice import TypedFaces
from mstracker.game import Action
from mstracker.tui.screens.battle_scenes import create_game, demo_of, to_attack


def test_use_device_opens_on_the_ships_in_its_radius_not_on_the_ship_list() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "spook")
        battle.perform_action(Action("roll-off", {}), TypedFaces([6, 1]))  # Blue starts (spook §3 A)
        while battle.state.current_step is None or battle.state.current_phase.id != "move_devices":
            battle.perform_action(Action("next-step", {"force": True}), TypedFaces([]))
            await pilot.pause()
        form = await form_of(pilot, battle, "use-device")
        return form.field("ship").value is not None, form.field("device").value is not None, form.focused.id

    ship, device, focused = run(make_app(), script)
    assert ship and device and focused == "arg-ships"


def test_launch_torpedo_opens_on_the_hex_to_note_not_on_the_ship_list() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))  # Green's ship 1 activated and moved
        form = await form_of(pilot, battle, "launch-torpedo")
        return form.field("ship").value, form.focused.id

    assert run(make_app(), script) == ("1", "arg-where")
