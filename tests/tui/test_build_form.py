"""The spook build form picks from the builder's own offers (issue 16 item 4): the classes its Build
ability covers (§7 A5-A6), then the weapons and devices that class may mount (§5, §6 designations),
each added to the loadout from a list; a name typed with quotes is taken without them, in the ship and
in the log."""

from __future__ import annotations

from typing import Any

from form_support import form_of, offered, open_battle, roster, ship, until
from textual.widgets import Input, Select
from tui_support import make_app, run

from mstracker.dice import TypedFaces
from mstracker.game import Action

SPOOK = [
    roster("spook", "Blue", ship("Haven", "Carrier", ("Mass Driver Turret",), ("Flare Launcher",))),  # 1: Build B
    roster("spook", "Red", ship("Picket", "Frigate", ("Ion Beam",))),  # 2
]


async def pick(pilot: Any, form: Any, select_id: str, value: str) -> None:
    form.query_one(f"#{select_id}", Select).value = value
    await pilot.pause()
    await pilot.pause()


def test_the_build_form_lists_classes_then_what_the_class_mounts_and_drops_the_quotes() -> None:
    async def script(pilot: Any) -> dict:
        battle = await open_battle(pilot, "spook", SPOOK, roll_off=(6, 1))  # Blue starts (spook §3 A)
        while battle.state.current_step is None or battle.state.current_step.id != "build":
            battle.perform_action(Action("next-step", {"force": True}), TypedFaces([]))
            await pilot.pause()
        form = await form_of(pilot, battle, "build")
        seen: dict[str, Any] = {"builder": form.field("builder").value, "classes": offered(form, "ship_class")}
        await pick(pilot, form, "arg-ship_class", "Frigate")
        seen["frigate weapons"] = offered(form, "weapons")
        seen["frigate devices"] = offered(form, "devices")
        await pick(pilot, form, "arg-ship_class", "Fighter")
        seen["fighter weapons"] = offered(form, "weapons")
        seen["fighter devices"] = offered(form, "devices")
        await pick(pilot, form, "add-weapons", "Mass Driver")
        seen["weapons text"] = form.query_one("#arg-weapons", Input).value
        seen["list after"] = form.query_one("#add-weapons", Select).selection
        form.query_one("#arg-name", Input).value = '"Red Wasp"'
        await pilot.pause()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: form.result)
        seen["log"] = [e.text for e in form.result]
        seen["names"] = [s.name for s in battle.state.ships.values()]
        return seen

    seen = run(make_app(), script)
    assert seen["builder"] == "1"
    # Build B covers strike craft and frigates (§7 A6, house default), never a Destroyer or a Carrier
    assert seen["classes"] == ["Fighter", "Bomber", "Lancer", "Frigate", "Infiltrator Frigate", "Mine Layer Frigate"]
    # a Frigate (D1) mounts what names D1 in its designation (§5); a Fighter (C1) only the Mass Driver (§5 A1)
    assert "Ion Beam" in seen["frigate weapons"] and "Turreted Railgun" not in seen["frigate weapons"]
    assert "Flare Launcher" in seen["frigate devices"] and "Hyperdrive" not in seen["frigate devices"]
    assert seen["fighter weapons"] == ["Mass Driver"] and seen["fighter devices"] == []
    assert seen["weapons text"] == "Mass Driver" and seen["list after"] is None
    assert seen["names"][-1] == "Red Wasp"
    assert any(line.startswith("Haven (#1) builds Red Wasp, a Fighter, for ") for line in seen["log"])
    assert not any('"' in line for line in seen["log"])


def test_the_loadout_is_added_from_its_list_by_keys_and_enter_never_applies_it_empty() -> None:
    """Issue 16 item 2: the weapons picked so far are shown, not typed (the cursor never stops there, where
    an Enter applied a ship with no weapon); Enter opens the list, Down Enter adds the first offer, and
    backspace on the list takes it back."""

    async def script(pilot: Any) -> dict:
        battle = await open_battle(pilot, "spook", SPOOK, roll_off=(6, 1))
        while battle.state.current_step is None or battle.state.current_step.id != "build":
            battle.perform_action(Action("next-step", {"force": True}), TypedFaces([]))
            await pilot.pause()
        form = await form_of(pilot, battle, "build")
        await pick(pilot, form, "arg-ship_class", "Frigate")
        shown = form.query_one("#arg-weapons", Input)
        seen: dict[str, Any] = {"stop": shown.can_focus, "first": offered(form, "weapons")[0]}
        form.set_focus(form.query_one("#add-weapons"))
        await pilot.press("enter", "down", "enter")
        await until(pilot, lambda: shown.value)
        seen["added"] = shown.value
        await pilot.press("backspace")
        await pilot.pause()
        seen["after backspace"] = shown.value
        return seen

    seen = run(make_app(), script)
    assert seen["stop"] is False
    assert seen["added"] == seen["first"] and seen["after backspace"] == ""
