"""The fire planner screen (f in the battle), used as a player would: its rows are the pure planner's, s sorts,
D types a distance kept until the turn ends, space marks shots for focus fire, enter opens the attack dialog
on the chosen shot with its attacker selected."""

from __future__ import annotations

from typing import Any

from textual import events
from tui_support import make_app, run, settle, text_of, type_text

from mstracker.game.planner import Distances, FirePlanner, SortKey
from mstracker.game.planner_focus import focus_fire, percent
from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_scenes import create_game, demo_of, next_steps, open_planner, to_attack, to_row
from mstracker.tui.screens.planner import PlannerScreen
from mstracker.tui.widgets.plan_table import PlanTable


async def attack_form(pilot: Any) -> AttackModal:
    """The attack dialog once its fields are filled in (built on first use: on a busy machine a little later)."""
    for _ in range(50):
        await settle(pilot)
        form = pilot.app.screen
        if isinstance(form, AttackModal) and form.args().get("ship"):
            return form
    raise AssertionError(f"no attack dialog filled in; the screen is {type(pilot.app.screen).__name__}")


def shown(screen: PlannerScreen) -> list[tuple[str, str, str]]:
    return [(r.ship, r.weapon, r.target) for r in screen.query_one(PlanTable).rows_shown.values()]


def test_the_planner_lists_the_planners_rows_and_s_sorts_them_by_expected_damage() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        planner = await open_planner(pilot)
        expected = FirePlanner(battle.session.engine, battle.state).plan(Distances(), sort=SortKey.KILL)
        by_kill = shown(planner)
        head = text_of(planner.query_one("#plan-head"))
        await pilot.press("s")
        await settle(pilot)
        by_damage = shown(planner)
        damages = [float(r.expected_damage) for r in planner.rows if r.known]
        return {"expected": [(r.ship, r.weapon, r.target) for r in expected], "kill": by_kill, "head": head,
                "damage": by_damage, "damages": damages, "kills": [r.p_destroy for r in expected if r.known]}

    seen = run(make_app(), script)
    assert seen["kill"] == seen["expected"] and len(seen["kill"]) > 20
    assert seen["head"].startswith("Fire plan for Blue · turn 1 · ") and f"{len(seen['kill'])} shots" in seen["head"]
    assert seen["kills"] == sorted(seen["kills"], reverse=True)
    assert sorted(seen["damage"]) == sorted(seen["kill"]) and seen["damage"] != seen["kill"]
    assert seen["damages"] == sorted(seen["damages"], reverse=True)


def test_enter_opens_the_attack_dialog_on_the_chosen_shot_with_its_attacker_selected() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        planner = await open_planner(pilot)
        # a shot by a ship other than the one selected, so the selection has to follow the plan
        index = next(i for i, r in enumerate(planner.rows) if r.known and r.ship != battle.selected)
        await to_row(pilot, index)
        row = planner.rows[index]
        await pilot.press("enter")
        form = await attack_form(pilot)
        return row, form.args(), battle.selected

    row, args, selected = run(make_app(), script)
    assert {k: args.get(k) for k in ("ship", "weapon", "target")} == {
        "ship": row.ship, "weapon": row.weapon, "target": row.target}
    assert selected == row.ship


def test_marked_shots_give_their_focus_fire_chance_and_marks_stay_on_one_target() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        planner = await open_planner(pilot)
        target = planner.rows[0].target
        picks = [i for i, r in enumerate(planner.rows) if r.known and r.target == target][:2]
        for index in picks:
            await to_row(pilot, index)
            await pilot.press("space")
        await settle(pilot)
        shots = [(planner.rows[i].ship, planner.rows[i].weapon) for i in picks]
        focus = focus_fire(battle.session.engine, battle.state, target, shots, Distances())
        panel = text_of(planner.query_one("#plan-focus"))
        marked = len(planner.marks)
        other = next(i for i, r in enumerate(planner.rows) if r.known and r.target != target)
        await to_row(pilot, other)
        await pilot.press("space")
        await settle(pilot)
        after = [planner.query_one(PlanTable).rows_shown[k].target for k in planner.marks]
        await pilot.press("c")
        await settle(pilot)
        return {"panel": panel, "chance": percent(focus.p_destroy), "marked": marked, "after": after,
                "other": planner.rows[other].target, "cleared": planner.marks,
                "hint": text_of(planner.query_one("#plan-focus"))}

    seen = run(make_app(), script)
    assert seen["marked"] == 2
    assert seen["panel"].startswith("Focus fire: ") and f"{seen['chance']} to destroy" in seen["panel"]
    assert seen["after"] == [seen["other"]]  # marking another target made way for it
    assert seen["cleared"] == [] and seen["hint"].startswith("space marks shots")


def test_a_typed_distance_sets_the_odds_of_a_shot_that_depends_on_it() -> None:
    """pz8: a gun's to-hit band depends on the distance (pz8 §4), so its row shows no figures until measured."""

    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "pz8")
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
        key = (row.ship, row.weapon, row.target)
        now = next(r for r in planner.rows if (r.ship, r.weapon, r.target) == key)
        expected = FirePlanner(battle.session.engine, battle.state).plan(Distances().with_target(row.target, 4))
        same = next(r for r in expected if (r.ship, r.weapon, r.target) == key)
        measured = text_of(planner.query_one("#plan-measured"))
        await pilot.press("enter")  # the cursor stayed on the shot: the attack dialog opens with the distance
        form = await attack_form(pilot)
        return {"before": row, "now": now, "same": same, "target": battle.state.ships[row.target].name,
                "measured": measured, "args": form.args()}

    seen = run(make_app(), script)
    assert seen["before"].p_hit is None and seen["now"].distance == 4 and seen["now"].known
    assert seen["now"].p_hit is not None and 0 < seen["now"].p_hit <= 1
    assert (seen["now"].p_hit, seen["now"].expected_damage, seen["now"].p_destroy) == (
        seen["same"].p_hit, seen["same"].expected_damage, seen["same"].p_destroy)
    assert f"all → {seen['target']} 4" in seen["measured"]
    before = seen["before"]
    assert {k: seen["args"].get(k) for k in ("ship", "target")} == {"ship": before.ship, "target": before.target}
    assert str(seen["args"].get("distance")) == "4"


def test_distances_are_kept_while_the_planner_is_closed_and_forgotten_when_the_turn_ends() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        planner = await open_planner(pilot)
        await pilot.press("d")
        await settle(pilot)
        await type_text(pilot, "7")
        await pilot.press("enter")
        await settle(pilot)
        row = planner.query_one(PlanTable).current()
        measured = text_of(planner.query_one("#plan-measured"))
        await pilot.press("escape")
        await settle(pilot)
        again = await open_planner(pilot)
        kept = text_of(again.query_one("#plan-measured"))
        await pilot.press("escape")
        await settle(pilot)
        turn = battle.state.turn
        for _ in range(40):  # play on to the other side's turn
            if battle.state.turn != turn:
                break
            await next_steps(pilot, 1)
        assert battle.state.turn == turn + 1
        later = await open_planner(pilot)
        return {"row": row, "measured": measured, "kept": kept, "later": text_of(later.query_one("#plan-measured"))}

    seen = run(make_app(), script)
    assert seen["row"].distance == 7
    assert seen["measured"] == f"Measured this turn: {seen['row'].ship_name} → {seen['row'].target_name} 7"
    assert seen["kept"] == seen["measured"]
    assert seen["later"].startswith("Measured: nothing yet")


def test_no_planner_in_set_up_it_says_why() -> None:
    async def script(pilot: Any) -> tuple:
        await create_game(pilot, "spook")
        await pilot.press("f")
        await settle(pilot)
        return type(pilot.app.screen).__name__, [n.message for n in pilot.app._notifications]

    screen, said = run(make_app(), script, notifications=True)
    assert screen == "BattleScreen"
    assert "No fire to plan: the game is in set-up: press n to start turn 1" in said


def test_keys_typed_fast_in_the_planner_land_in_order() -> None:
    """down, down, enter reaching the app at once: the attack is the third row's, not the first's."""

    async def script(pilot: Any) -> tuple:
        await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        planner = await open_planner(pilot)
        row = planner.rows[2]
        for key in ("down", "down", "enter"):
            pilot.app.post_message(events.Key(key, None))
        form = await attack_form(pilot)
        return row, form.args()

    row, args = run(make_app(), script)
    assert (args["ship"], args["weapon"], args["target"]) == (row.ship, row.weapon, row.target)


def test_when_one_reason_holds_every_shot_back_the_head_says_it_once() -> None:
    from mstracker.tui.screens.battle_scenes import other_action

    async def script(pilot: Any) -> tuple:
        await create_game(pilot, "spook")
        await other_action(pilot, "roll-off", faces="6 1")
        await next_steps(pilot, 1)  # turn 1 begins with its upkeep: nothing fires yet
        planner = await open_planner(pilot)
        return text_of(planner.query_one("#plan-head")), {r.refused for r in planner.rows}

    head, refusals = run(make_app(), script)
    assert len(refusals) == 1 and "" not in refusals
    assert head.endswith(f"no shot may be made now: {refusals.pop()} · best first by chance to destroy")


def test_esc_on_the_attack_dialog_opened_from_the_planner_goes_back_to_the_planner() -> None:
    async def script(pilot: Any) -> tuple:
        await create_game(pilot, "spook")
        await to_attack(pilot, demo_of("spook"))
        planner = await open_planner(pilot)
        await to_row(pilot, next(i for i, r in enumerate(planner.rows) if r.known))
        await pilot.press("enter")
        await attack_form(pilot)
        await pilot.press("escape")
        await settle(pilot)
        return type(pilot.app.screen).__name__

    assert run(make_app(), script) == "PlannerScreen"


def test_enter_on_a_row_whose_ship_may_not_fire_now_says_on_the_form_that_the_ship_was_changed() -> None:
    async def script(pilot: Any) -> tuple:
        await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))  # Green's ship 1 is activated: only it may fire now (pz8 §3)
        planner = await open_planner(pilot)
        index = next(i for i, r in enumerate(planner.rows) if not r.refused and r.ship == "2")
        await to_row(pilot, index)
        await pilot.press("enter")
        form = await attack_form(pilot)
        await settle(pilot)
        return str(form.args().get("ship")), text_of(form.query_one("#form-says"))

    filled, says = run(make_app(), script)
    assert filled == "1"
    assert says.startswith("Ship changed: ") and "(#2) may not do this now (only " in says, says
    assert says.endswith("(#1) is filled in instead"), says
