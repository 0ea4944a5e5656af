"""A bomber names its subsystem from a list (issue 16 item 3): the spook fire form lists the target's
weapons and devices and its engines (spook §7 A11, house default), the ones already destroyed greyed;
the field is one to fill for a bomber, so Enter in the distance opens that list and fires nothing."""

from __future__ import annotations

from typing import Any

from form_support import choose, form_of, offered, open_battle, roster, ship
from tui_support import make_app, run

from mstracker.dice import TypedFaces
from mstracker.game import Action, InvalidAction

SPOOK = [
    roster("spook", "Blue", ship("Hornet", "Bomber", ("Bomb Launcher",)), ship("Picket", "Frigate", ("Ion Beam",))),
    roster("spook", "Red", ship("Haven", "Carrier", ("Mass Driver Turret", "Laser Pulse Turret"), ("Flare Launcher",))),
]


async def at_fire(pilot: Any) -> Any:
    battle = await open_battle(pilot, "spook", SPOOK, roll_off=(6, 1))  # Blue starts (spook §3 A)
    while battle.state.current_step is None or battle.state.current_step.id != "fire":
        battle.perform_action(Action("next-step", {"force": True}), TypedFaces([]))
        await pilot.pause()
    return battle


def test_a_bomber_picks_its_subsystem_from_the_targets_list_and_enter_does_not_fire_without_one() -> None:
    async def script(pilot: Any) -> dict:
        battle = await at_fire(pilot)
        before = len(battle.session.live)
        form = await form_of(pilot, battle, "fire", ship="1", target="3")
        seen: dict[str, Any] = {"weapon": form.field("weapon").value, "picker": form.field("subsystem").picker,
                                "offered": offered(form, "subsystem")}
        form.query_one("#arg-distance").value = "1"
        await pilot.pause()
        form.set_focus(form.query_one("#arg-distance"))
        await pilot.press("enter")
        await pilot.pause()
        seen["applied"] = len(battle.session.live) - before
        seen["focused"] = form.focused.id if form.focused is not None else None
        seen["open"] = form.query_one("#arg-subsystem").expanded
        await choose(pilot, form, "subsystem", "engines")
        seen["problem"] = form.problem
        try:  # the engine refuses the same order when a script leaves the subsystem out
            battle.session.engine.dice_plan(battle.state, Action("fire", {"ship": "1", "weapon": "w1", "target": "3",
                                                                          "distance": 1}))
        except InvalidAction as exc:
            seen["engine"] = str(exc)
        return seen

    seen = run(make_app(), script)
    assert seen["weapon"] == "w1" and seen["picker"]
    assert seen["offered"] == ["w1", "w2", "d1", "engines"]  # the Carrier's two weapons, its flare launcher, engines
    assert seen["applied"] == 0 and seen["focused"] in ("arg-subsystem", None) and seen["open"]
    assert seen["problem"] == ""  # named: the shot is complete
    assert "is a bomber: name the weapon, device or engines" in seen["engine"] and "§7 A11" in seen["engine"]
