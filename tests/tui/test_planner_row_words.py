"""The fire planner's rows say what tells them apart and where their distance comes from: the weapon's item
id on each row (two Laser Pulse Turrets of one ship are w2 and w3), a distance set with D for every ship
marked "all" with a note that says so; and a distance measured in the planner is offered by `a` (the attack
dialog fills it in for that ship and target)."""

from __future__ import annotations

from typing import Any

from tui_support import make_app, run, settle, text_of, type_text

from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_scenes import create_game, demo_of, open_planner, to_attack, to_row
from mstracker.tui.widgets.plan_table import NARROW, WIDE, PlanTable, weapon_text


async def attack_form(pilot: Any) -> AttackModal:
    for _ in range(50):
        await settle(pilot)
        form = pilot.app.screen
        if isinstance(form, AttackModal) and form.args().get("ship"):
            return form
    raise AssertionError(f"no attack dialog filled in; the screen is {type(pilot.app.screen).__name__}")


def test_two_identical_weapons_are_two_rows_told_apart_by_their_item_ids() -> None:
    async def script(pilot: Any) -> list[tuple[str, str]]:
        await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        planner = await open_planner(pilot)
        table = planner.query_one(PlanTable)
        rows = [r for r in planner.rows if r.ship_name == "Blue Haven" and r.weapon_name == "Laser Pulse Turret"]
        target = rows[0].target
        return [(r.weapon, str(table.get_row(f"{r.ship}|{r.weapon}|{r.target}")[2])) for r in rows if r.target == target]

    cells = run(make_app(), script)
    assert [w for w, _ in cells] == ["w2", "w3"]
    assert len({text for _, text in cells}) == 2
    assert [text for _, text in cells] == ["Laser Pulse Turret w2", "Laser Pulse Turret w3"]


def test_a_cut_weapon_name_keeps_its_item_id_at_80_columns() -> None:
    class Row:  # only what weapon_text reads
        weapon, weapon_name = "w12", "Gattling Mass Driver"

    assert weapon_text(Row(), NARROW[2]) == "Gattling M… w12"  # type: ignore[arg-type]
    assert len(weapon_text(Row(), NARROW[2])) == NARROW[2]
    assert weapon_text(Row(), WIDE[2]) == "Gattling Mass Driver w12"  # type: ignore[arg-type]


def test_a_distance_set_with_D_says_on_the_row_that_it_is_for_all_ships() -> None:
    async def script(pilot: Any) -> dict:
        await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))
        planner = await open_planner(pilot)
        index = next(i for i, r in enumerate(planner.rows) if r.needs_distance)
        row = planner.rows[index]
        await to_row(pilot, index)
        await pilot.press("D")
        await settle(pilot)
        await type_text(pilot, "4")
        await pilot.press("enter")
        await settle(pilot)
        table = planner.query_one(PlanTable)
        now = table.current()
        return {"row": row, "now": now, "dist": str(table.get_row(f"{now.ship}|{now.weapon}|{now.target}")[4]),
                "note": text_of(planner.query_one("#plan-note"))}

    seen = run(make_app(), script)
    now = seen["now"]
    assert (now.ship, now.target, now.distance) == (seen["row"].ship, seen["row"].target, 4)
    assert seen["dist"] == "4 all"
    assert seen["note"] == (f"distance 4 set with D for all your ships to {now.target_name}, not measured from "
                            f"{now.ship_name}: d measures this ship's own")


def test_a_distance_measured_in_the_planner_is_filled_in_by_the_attack_key() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        await pilot.press("a")
        first = await attack_form(pilot)
        ship = first.args()["ship"]
        await pilot.press("escape")
        await settle(pilot)
        planner = await open_planner(pilot)
        rows = [r for r in planner.rows if r.ship == ship]
        measured, other = rows[0], next(r for r in rows if r.target != rows[0].target)
        await to_row(pilot, planner.rows.index(measured))
        await pilot.press("d")
        await settle(pilot)
        await type_text(pilot, "7")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("a")
        form = await attack_form(pilot)
        seen: dict[str, Any] = {"ship": ship, "opened": dict(form.args())}
        form.field("target").set_value(measured.target)
        await settle(pilot)
        seen["measured"] = form.args().get("distance")
        form.field("target").set_value(other.target)
        await settle(pilot)
        seen["other"] = form.args().get("distance")
        form.field("distance").set_value("3")
        form.field("target").set_value(measured.target)
        await settle(pilot)
        seen["typed"] = form.args().get("distance")
        seen["unmeasured"] = battle.session.measured.of(ship, other.target)
        return seen

    seen = run(make_app(), script)
    assert seen["opened"]["ship"] == seen["ship"]
    assert seen["measured"] == "7"
    assert seen["unmeasured"] is None and seen["other"] is None  # the other target was never measured
    assert seen["typed"] == "3"  # a distance the player typed is theirs: a new target keeps it
