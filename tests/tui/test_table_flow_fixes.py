"""Table flow found in play-tests: the side to act is the fleet on screen; a form filled in from the game
opens on its first field, so enter opens a list rather than applying."""

from __future__ import annotations

import asyncio
from typing import Any

from tui_support import make_app, screen_after, settle

from mstracker.tui.screens.battle_scenes import create_game, demo_of, next_steps, to_attack
from mstracker.tui.widgets.fleet_column import FleetColumn


def test_the_side_to_act_is_the_fleet_on_screen_when_narrow() -> None:
    async def main() -> dict:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            battle: Any = await create_game(pilot, "spook")
            await to_attack(pilot, demo_of("spook"))  # Blue's turn 1, Blue's ship selected
            assert battle.state.ships[battle.selected].owner == 0
            for _ in range(40):
                state = battle.state
                if state.active == 1:
                    break
                await next_steps(pilot, 1)
            state = battle.state
            shown = [c.index for c in battle.query(FleetColumn) if c.has_class("-current")]
            seen = {"active": state.active, "owner": state.ships[battle.selected].owner, "shown": shown,
                    "single": battle.query_one("#fleets").has_class("-single")}
            return seen

    seen = asyncio.run(main())
    assert seen["single"] and seen["active"] == 1
    assert seen["owner"] == 1 and seen["shown"] == [1]


def test_a_form_filled_in_from_the_game_opens_on_the_words_still_to_type_not_on_a_filled_list() -> None:
    """spook use-device: ship and device come filled in from the game, so the cursor starts on the ships in
    the device's radius, the words still to type (issue 16: typed words went into the ship list's search);
    shift+tab reaches the device list, where enter opens it and applies nothing."""
    from textual.widgets import Select

    from mstracker.tui.modals.action_form import ActionFormModal

    async def main() -> dict:
        app = make_app()
        async with app.run_test(size=(120, 36)) as pilot:
            battle: Any = await create_game(pilot, "spook")
            await to_attack(pilot, demo_of("spook"))
            before = len(battle.session.live)
            await pilot.press("x")
            await settle(pilot)
            options = pilot.app.screen.query_one("#action-list")
            options.highlighted = next(i for i in range(options.option_count)
                                       if options.get_option_at_index(i).id == "use-device")
            form = await screen_after(pilot, "enter")
            assert isinstance(form, ActionFormModal)
            filled = {f.arg.name: f.value for f in form.fields()}
            first_focus = form.focused.id if form.focused else None
            await pilot.press("shift+tab")
            await settle(pilot)
            focused = form.focused
            on_device = focused is not None and focused.id == "arg-device"
            await pilot.press("enter")
            await settle(pilot)
            expanded = isinstance(focused, Select) and focused.expanded
            return {"filled": filled, "first": first_focus, "on_device": on_device, "expanded": expanded,
                    "applied": len(battle.session.live) - before}

    seen = asyncio.run(main())
    assert seen["filled"]["ship"] == "1" and seen["filled"]["device"] == "d1" and seen["filled"]["ships"] is None
    assert seen["first"] == "arg-ships"
    assert seen["on_device"] and seen["expanded"] and seen["applied"] == 0


def test_the_attack_dialog_shows_no_odds_for_a_shot_the_rules_refuse() -> None:
    """spook §3 B2: a Gattling Mass Driver reaches 8 units; at 30 the dialog says why instead of odds."""
    from textual.widgets import Input, Static

    from mstracker.tui.screens.battle_scenes import open_attack

    async def main() -> tuple[str, str]:
        app = make_app()
        async with app.run_test(size=(120, 36)) as pilot:
            await create_game(pilot, "spook")
            demo = demo_of("spook")
            await to_attack(pilot, demo)
            form = await open_attack(pilot, demo.attacker, demo.target)
            distance = form.query_one("#arg-distance", Input)
            figures = form.query_one("#odds-figures", Static)
            distance.value = "30"
            await settle(pilot)
            far = str(figures.render())
            distance.value = "5"
            await settle(pilot)
            return far, str(figures.render())

    far, near = asyncio.run(main())
    assert far.startswith("No odds: ")
    assert "out of range: Gattling Mass Driver reaches 8 units, the target is 30 away (spook §3 B2)" in far
    assert "Hit chance" in near and "105.00" in near
