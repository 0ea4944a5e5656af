"""The duel ruleset on the battle screen: forms start where the contract says, the declared die is
listed, spent weapons are not offered first, the obligation shows and blocks the next step."""

from __future__ import annotations

from typing import Any

from tui_support import make_app, record_notifications, run, settle

from mstracker.tui.screens.battle_scenes import (
    apply_and_close,
    create_game,
    demo_of,
    enter_faces,
    next_steps,
    open_attack,
    other_action,
    to_attack,
)


def test_a_duel_through_the_battle_screen() -> None:
    async def script(pilot: Any) -> dict[str, Any]:
        notes = record_notifications(pilot.app)
        screen = await create_game(pilot, "duel")
        demo = demo_of("duel")
        await to_attack(pilot, demo)
        out: dict[str, Any] = {"step": screen.state.current_step.id}
        form = await open_attack(pilot, "1", "3")  # Blue Brick at Red Brick
        out["start"] = {f.arg.name: f.value for f in form.fields()}
        out["targets"] = [v for _, v in form.field("target").options]
        await enter_faces(pilot, "")
        out["plan"] = form.query_one("#dice-plan").content.plain
        await enter_faces(pilot, "6")
        out["status"] = form.query_one("#faces-status").content.plain
        await apply_and_close(pilot)  # a 6: the Laser's 10 doubled, Red Brick 40 -> 20
        form = await open_attack(pilot, "1", "3")
        out["second"] = {f.arg.name: f.value for f in form.fields()}
        out["weapons"] = [label for label, _ in form.field("weapon").options]
        await enter_faces(pilot, "6")
        await apply_and_close(pilot)  # 20 -> 0: a wreck
        out["card"] = screen.cards["3"].content.plain
        checklist = screen.query_one("#checklist")
        out["checklist"] = [checklist.get_option_at_index(i).prompt.plain for i in range(checklist.option_count)]
        await pilot.press("n")
        await settle(pilot)
        out["position"] = (screen.state.phase, screen.state.step)
        await other_action(pilot, "strike")  # the form starts on the wreck
        await next_steps(pilot, 1)
        out["moved"] = screen.state.current_step.id
        out["notes"] = list(notes)
        return out

    out = run(make_app(), script, notifications=True)
    assert out["step"] == "fire"
    assert out["start"] == {"ship": "1", "weapon": "w1", "target": "3"}
    assert out["targets"] == ["3", "4"]  # enemy ships only
    assert out["plan"] == "1. d6 to hit (3+, a 6 doubles) — Blue Brick (#1) · Hit table (duel §2)"
    assert out["status"] == "d6=6  ✓ all dice in: enter or ctrl+r applies"
    assert out["second"] == {"ship": "1", "weapon": "w2", "target": "3"}  # w1 is spent: the second Laser
    assert out["weapons"] == ["w1 Laser · • spent: fired this turn", "w2 Laser · ✓ ready"]
    assert out["card"] == ("◎ target Red Brick #3 · Brick\nArmor ░░░░░░░░░░ 0/40  ☒ Wreck\n"
                           "Cannon ⊘ the ship is a wreck · Laser ⊘ the ship is a wreck")
    assert any("before moving on" in line and "Red Brick (#3) is a wreck" in line for line in out["checklist"]), out["checklist"]
    assert any("Red Brick (#3) is a wreck: strike it off the table (duel §3)" in m for m in out["notes"]), out["notes"]
    assert out["moved"] == "wrecks"


def test_a_duel_fleet_in_the_builder() -> None:
    """The builder offers the duel classes and weapons, counts the cost against the duel cap and
    refuses a third weapon on a Brick, all from the package (duel §1)."""
    from builder_support import go_to_class, mount
    from textual.widgets import DataTable

    from mstracker.tui.widgets.fleet_meters import BudgetBar
    from mstracker.tui.widgets.loadout_panel import LoadoutPanel
    from tui_support import text_of

    async def script(pilot: Any) -> dict[str, Any]:
        await pilot.press("f")
        await settle(pilot)
        screen = pilot.app.screen
        assert screen.load_ruleset("duel", None)
        screen.query_one("#classes", DataTable).focus()
        await pilot.pause()
        out: dict[str, Any] = {"classes": list(screen.class_names)}
        await go_to_class(pilot, "Brick")
        await pilot.press("a")
        await pilot.pause()
        await mount(pilot, "weapons", "Cannon")
        await mount(pilot, "weapons", "Laser")
        panel = screen.query_one(LoadoutPanel)
        out["mountable"] = list(panel.mountable.values())
        out["ship"] = screen.roster.ships[0].weapons
        out["budget"] = text_of(screen.query_one(BudgetBar))
        return out

    out = run(make_app(), script)
    assert out["classes"] == ["Cutter", "Brick"]
    assert out["ship"] == ("Cannon", "Laser")
    assert out["mountable"] == []  # a Brick carries 2 weapons: both mounts taken
    assert "35 / 60" in out["budget"] and "1 ship" in out["budget"], out["budget"]  # 20 + 10 + 5
