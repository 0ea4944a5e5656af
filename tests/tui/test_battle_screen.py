"""The battle screen's parts on the demo battle: cards, refusals, confirmations, mouse, palette, sizes."""

from __future__ import annotations

import asyncio
from typing import Any

from tui_support import make_app, record_notifications, run, screen_after, settle, spook_to_attack

from mstracker.dice import TypedFaces
from mstracker.game import Action

from mstracker.tui.modals.action_form import ActionFormModal
from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.battle_scenes import attack, open_attack, other_action, select_ship
from mstracker.tui.screens.home import HomeScreen


async def demo(pilot: Any) -> BattleScreen:
    screen = await screen_after(pilot, "b")
    assert isinstance(screen, BattleScreen)
    return screen


def test_every_ship_has_a_card_drawn_from_its_record(app) -> None:
    async def script(pilot):
        screen = await demo(pilot)
        return {ship_id: card.content.plain for ship_id, card in screen.cards.items()}, screen.state

    cards, state = run(app, script)
    assert set(cards) == set(state.ships)
    haven = cards["1"]
    assert "Blue Haven" in haven and "#1" in haven and "[B1]" in haven and "Carrier" in haven
    assert "Armor" in haven and "450/450" in haven
    assert "Mass Driver Turret" in haven


def test_a_refused_action_says_why_and_changes_nothing(app) -> None:
    seen: list[str] = []

    async def script(pilot):
        screen = await demo(pilot)
        original = pilot.app.notify

        def notify(message: str, **kwargs: Any) -> None:
            seen.append(f"{kwargs.get('severity', 'information')}: {message}")
            original(message, **kwargs)

        pilot.app.notify = notify
        await other_action(pilot, "roll-off", faces="6 1")  # Blue takes the first turn
        before = screen.state
        await pilot.press("n")  # turn 1: the upkeep runs; firing is refused until it is done
        await settle(pilot)
        after_start = screen.state
        await open_attack(pilot, "2", "9")
        form = await screen_after(pilot, "ctrl+r")
        return before, after_start, screen.state, form.result, isinstance(form, ActionFormModal)

    before, started, after, result, still_open = run(app, script)
    assert not before.started and started.started
    assert after == started and result is None and still_open
    assert any(line.startswith("error: ") and "upkeep" in line for line in seen)


def test_leaving_a_phase_asks_only_about_the_players_items_they_unticked(app) -> None:
    async def script(pilot):
        screen = await demo(pilot)
        await spook_to_attack(pilot)  # Retire and repair, step 1 of 3: the players' item
        await pilot.press("n", "n")  # done with it; retire and repair run by themselves
        await settle(pilot)
        position = (screen.state.phase, screen.state.step)
        ticked_on_the_way = "confirm" in screen.state.ticked
        screen.perform_action(Action("untick", {"step": "confirm"}), TypedFaces([]))
        await pilot.press("n")  # the last step, with the players' item unticked: asked
        await settle(pilot)
        asked = isinstance(pilot.app.screen, ConfirmModal)
        await pilot.press("escape")  # stay
        await settle(pilot)
        stayed = (screen.state.phase, screen.state.step) == position
        await pilot.press("n", "n")  # n again: leave anyway
        await settle(pilot)
        return ticked_on_the_way, asked, stayed, screen.state.phase != position[0]

    assert run(app, script) == (True, True, True, True)


def test_tick_with_space_and_with_the_mouse_and_undo_and_redo(app) -> None:
    async def script(pilot):
        screen = await demo(pilot)
        undo_at_start = screen.check_action("undo", ())
        await spook_to_attack(pilot)
        step = screen.state.current_step.id
        await pilot.press("space")
        await settle(pilot)
        ticked = step in screen.state.ticked
        await pilot.press("u")
        await settle(pilot)
        unticked = step not in screen.state.ticked
        redo_offered = screen.check_action("redo", ())
        await pilot.click("#checklist", offset=(6, 1))  # the mouse ticks an item too
        await settle(pilot)
        return undo_at_start, ticked, unticked, redo_offered, step in screen.state.ticked

    assert run(app, script) == (None, True, True, True, True)


def test_clicking_a_card_selects_it(app) -> None:
    async def script(pilot):
        screen = await demo(pilot)
        await pilot.click("#ship-9")
        await settle(pilot)
        return screen.selected, screen.cards["9"].has_class("-selected"), screen.cards["1"].has_class("-selected")

    assert run(app, script) == ("9", True, False)


def test_the_app_rolls_with_the_seeded_rng_and_the_result_is_explained() -> None:
    def play() -> tuple:
        async def script(pilot):
            screen = await demo(pilot)
            await spook_to_attack(pilot)
            await open_attack(pilot, "2", "9", distance="6")
            form = await screen_after(pilot, "ctrl+r")  # the app rolls
            shown = form.query_one("#result-text").content.plain
            await pilot.press("enter")
            await settle(pilot)
            return screen.state.ships["9"].record["armor"], shown, [e.text for e in form.result]

        return run(make_app(), script)

    first, second = play(), play()
    assert first == second  # same seed, same faces, same damage
    armor, shown, texts = first
    # Blue Fang's w1 is a Gattling Mass Driver (E5: 30 x d6, accuracy 4) against the Carrier Red Bastion
    # (agility 2, armor 450). The first d6 of random.Random(SEED=20240611) is 5: 30 x 5 = 150, and
    # accuracy 4 >= agility 2 means no d12 and full damage (A4.1 step 3): 450 - 150 = 300.
    assert armor == 300
    assert "d6 shows 5, so 30 × 5 = 150" in texts[0] and "no roll, the hit lands in full" in texts[0]
    assert "Red Bastion (#9) Armor: 450 → 300 (-150), hit by Gattling Mass Driver of Blue Fang (#2)" in texts
    assert texts[-1] == "Dice: damage: 30 × d6: 1d6 = 5"  # the declared dice, as rolled
    assert all(text in shown for text in texts[:-1]) and texts[-1] not in shown  # the story already tells the dice


def test_manual_adjustment_is_logged_and_undoable(app) -> None:
    async def script(pilot):
        screen = await demo(pilot)
        await select_ship(pilot, "3")
        form = await screen_after(pilot, "m")  # adjust: the selected ship is the target
        assert isinstance(form, ActionFormModal) and form.args()["target"] == "3"
        form.query_one("#field-key").set_value("armor")
        from mstracker.tui.screens.battle_scenes import fill

        await fill(pilot, "delta", "-25")
        await fill(pilot, "reason", "collision")
        await pilot.press("ctrl+r")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        armor = screen.state.ships["3"].record["armor"]
        card = screen.cards["3"].content.plain
        log = "\n".join(line.text for line in screen.query_one("#log").lines)
        await pilot.press("u")
        await settle(pilot)
        return armor, card, log, screen.state.ships["3"].record["armor"]

    armor, card, log, undone = run(app, script)
    assert armor == 325 and "325/350" in card
    assert "Blue Claw (#3) armor: 350 → 325 (-25), collision" in " ".join(log.split())
    assert undone == 350


def test_every_action_is_in_the_command_palette(app) -> None:
    async def script(pilot):
        screen = await demo(pilot)
        titles = [c.title for c in pilot.app.get_system_commands(screen)]
        kinds = [s.kind for s in screen.session.engine.action_specs()]
        return titles, kinds

    titles, kinds = run(app, script)
    for kind in kinds:
        if kind != "end-game":
            assert f"Action: {kind}" in titles
    for key in ("Attack", "Actions", "Adjust", "Tick", "Next step", "Undo", "Redo", "End the game", "Delete this game"):
        assert f"Battle: {key}" in titles


def test_end_game_asks_then_records_the_result(app) -> None:
    async def script(pilot):
        screen = await demo(pilot)
        await pilot.press("ctrl+e")
        await settle(pilot)
        asked = isinstance(pilot.app.screen, ConfirmModal)
        await pilot.press("y")
        await settle(pilot)
        from mstracker.tui.screens.battle_scenes import fill

        await fill(pilot, "result", "Blue holds the field")
        await pilot.press("ctrl+r")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        return asked, screen.state.finished, screen.state.result

    assert run(app, script) == (True, True, "Blue holds the field")


def test_delete_game_asks_and_goes_home(app) -> None:
    seen = record_notifications(app)

    async def script(pilot):
        await demo(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await pilot.press("n")  # keep
        await settle(pilot)
        kept = isinstance(pilot.app.screen, BattleScreen)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        home = isinstance(pilot.app.screen, HomeScreen)
        await pilot.press("c")  # nothing left to resume
        await settle(pilot)
        return kept, home

    assert run(app, script) == (True, True)
    assert any("Deleted" in m for m in seen) and any("No games yet" in m for m in seen)


def test_the_battle_screen_fits_80x24_one_fleet_at_a_time(app) -> None:
    async def main() -> tuple:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = await demo(pilot)
            await spook_to_attack(pilot)
            await attack(pilot, "1", "9", "", distance="2")  # no dice needed: accuracy beats agility
            fleets = screen.query_one("#fleets")
            shown = [c.index for c in screen.query("FleetColumn") if c.display and c.has_class("-current")]
            await pilot.press("right")  # the attacker (Blue) holds the selection; right shows Red's fleet
            await settle(pilot)
            after = [c.index for c in screen.query("FleetColumn") if c.has_class("-current")]
            return fleets.has_class("-single"), screen.has_class("-narrow"), screen.state.ships["9"].record["armor"], shown, after

    single, narrow, armor, shown, after = asyncio.run(main())
    assert single and narrow and armor == 430
    assert shown == [0] and after == [1]


def test_pz8_initiative_roll_through_the_action_form() -> None:
    async def script(pilot):
        from mstracker.tui.screens.battle_scenes import create_game, next_steps

        screen = await create_game(pilot, "pz8")
        await next_steps(pilot, 1)
        events = await other_action(pilot, "roll-initiative", faces="5 2")
        return [e.text for e in events]

    texts = run(make_app(), script)
    # C4.1: Green 5 beats Red 2. k = max(1, floor(own / enemy)): Green floor(4/6) -> 1, Red floor(6/4) = 1.
    assert texts[0] == ("Initiative: Green rolls 5, Red rolls 2: Green has the initiative. "
                        "Activations per step: Green 1 (4 ships against 6), Red 1 (6 against 4).")
    # alternate from Green; when Green's 4 are spent Red activates its remaining 3 at once
    notes = [t for t in texts if t.startswith("Note: Activations per step")]
    assert notes == ["Note: Activations per step: Green 1, Red 1. Order this turn: Green 1 → Red 1 → Green 1 → "
                     "Red 1 → Green 1 → Red 1 → Green 1 → Red 3."]


def test_a_ship_added_or_changing_hands_gets_its_card_in_the_right_fleet(app) -> None:
    from mstracker.game import Action

    async def script(pilot):
        screen = await demo(pilot)
        screen.perform_action(Action("add-ship", {"player": "Red", "ship_class": "Frigate", "name": "Late Arrival"}), None)
        await settle(pilot)
        new_id = max(screen.state.ships, key=int)
        in_red = screen.cards[new_id] in list(screen.query_one("#fleet-1").query("ShipCard"))
        screen.perform_action(Action("set", {"target": "1", "key": "owner", "value": "Red"}), None)
        await settle(pilot)
        moved = screen.cards["1"] in list(screen.query_one("#fleet-1").query("ShipCard"))
        return new_id, in_red, moved, "Late Arrival" in screen.cards[new_id].content.plain

    new_id, in_red, moved, named = run(app, script)
    assert new_id == "19" and in_red and moved and named
