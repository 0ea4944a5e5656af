"""Every form's lists come from the rules (play-test round 3): the acting ship from the contract's actors,
the other ship lists from the ruleset's `arg_choices`, own side first; changing the ship re-derives every
later default; an action that is another player's is labelled so and never preselected."""

from __future__ import annotations

from typing import Any

from form_support import choose, form_of, offered, open_battle, roster, ship, until
from tui_support import make_app, run

from mstracker.tui.modals.pick_action import PickActionModal
from mstracker.tui.screens.battle_scenes import attack, create_game, demo_of, to_attack

SPOOK = [
    roster("spook", "Blue",
           ship("Fang", "Destroyer", ("Turreted Railgun",)),  # 1
           ship("Eye", "Probe", devices=("Sensor Jammer",)),  # 2: no weapon
           ship("Pike", "Frigate", ("Ion Beam",), ("Defense Field",)),  # 3: its device may be used
           ship("Haven", "Carrier", ("Mass Driver Turret",), ("Flare Launcher", "Hyperdrive"))),  # 4: d1 passive
    roster("spook", "Red", ship("Picket", "Frigate", ("Ion Beam",)), ship("Brute", "Destroyer", ("Heavy Railgun",))),
]


def test_the_attack_form_lists_the_attackers_and_the_attacker_s_other_ships_as_allies() -> None:
    async def script(pilot: Any) -> dict:
        battle = await open_battle(pilot, "spook", SPOOK, roll_off=(6, 1))  # Blue starts (spook §3 A)
        form = await form_of(pilot, battle, "fire")
        seen = {"ships": offered(form, "ship"), "ally": offered(form, "ally"), "targets": offered(form, "target")}
        await choose(pilot, form, "ship", "4")
        seen["ally of 4"] = offered(form, "ally")
        return seen

    seen = run(make_app(), script)
    assert seen["ships"] == ["1", "3", "4"]  # never an enemy ship, never the weaponless probe
    assert seen["ally"] == ["2", "3", "4"]  # friendly fire hits another own ship (spook §5), not Fang itself
    assert seen["targets"] == ["5", "6"]
    assert seen["ally of 4"] == ["1", "2", "3"]


def test_changing_the_ship_in_use_device_gives_that_ship_s_usable_device_not_a_passive_d1() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await open_battle(pilot, "spook", SPOOK, roll_off=(6, 1))
        form = await form_of(pilot, battle, "use-device")
        before = (offered(form, "ship"), form.field("ship").value, form.field("device").value)
        await choose(pilot, form, "ship", "4")
        return before, form.field("device").value

    before, device = run(make_app(), script)
    assert before == (["2", "3", "4"], "2", "d1")  # Eye's Sensor Jammer; Fang has no device
    assert device == "d2"  # Haven's Hyperdrive: its d1 Flare Launcher is always on, never "used"


def test_changing_the_ship_in_ready_ordnance_drops_an_ordnance_its_bays_cannot_take() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "cal")  # Resolute (#1) has torpedo tubes; Boarding Party (#8) an assault bay
        form = await form_of(pilot, battle, "ready-ordnance", ship="1", ordnance="Torpedo")
        first = form.field("ordnance").value
        await choose(pilot, form, "ship", "8")
        field = form.field("ordnance")
        return first, field.value, offered(form, "ordnance"), sorted(field.greyed)

    first, after, allowed, greyed = run(make_app(), script)
    assert first == "Torpedo"
    assert after != "Torpedo" and "Torpedo" in greyed  # shown greyed, with why not, never kept
    assert allowed == ["Assault Craft"]


def test_the_pz8_activation_lists_only_the_ships_of_the_side_whose_step_it_is() -> None:
    async def script(pilot: Any) -> list[str]:
        battle = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))  # Green's ship 1 is activated
        battle.perform_action(__import__("mstracker.game", fromlist=["Action"]).Action("end-activation", {}), None)
        await pilot.pause()
        side = battle.state.active
        form = await form_of(pilot, battle, "activate")
        return [battle.state.ships[s].owner == side for s in offered(form, "ship")]

    owners = run(make_app(), script)
    assert owners and all(owners)


def test_after_a_miss_x_labels_the_fire_back_with_its_player_and_opens_on_the_shooter_s_own_action() -> None:
    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        demo = demo_of("pz8")
        await to_attack(pilot, demo)
        await attack(pilot, demo.attacker, demo.target, "1", distance="2")  # 1 < 4: a miss; the target may fire back
        await pilot.press("x")
        menu = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, PickActionModal) else None)
        options = menu.query_one("#action-list")
        row = next(options.get_option_at_index(i) for i in range(options.option_count)
                   if options.get_option_at_index(i).id == "fire-back")
        opened = options.get_option_at_index(options.highlighted).id
        owner = battle.state.players[battle.state.ships[demo.target].owner].name
        return str(row.prompt), opened, owner

    prompt, opened, owner = run(make_app(), script)
    assert f"{owner}'s" in prompt
    assert opened != "fire-back"


def test_a_not_now_reason_keeps_its_whole_first_sentence_and_the_ship_names_in_it() -> None:
    from mstracker.tui.modals.pick_action import first_sentence

    long = "Razor Leader (#5) may fire back only at a ship within 6 hexes that missed it. The attack was at 7"
    assert first_sentence(long, 70, whole=True) == \
        "Razor Leader (#5) may fire back only at a ship within 6 hexes that missed it"
    cited = "Razor Leader (#5) may fire back only at a ship within 6 hexes that missed it (pz8 §3). More"
    assert first_sentence(cited, 70, whole=True) == \
        "Razor Leader (#5) may fire back only at a ship within 6 hexes that missed it"
    assert first_sentence("Short (#2) reason", 70) == "Short (#2) reason"

    async def script(pilot: Any) -> tuple:
        battle = await create_game(pilot, "pz8")
        demo = demo_of("pz8")
        await to_attack(pilot, demo)
        await attack(pilot, demo.attacker, demo.target, "1", distance="7")  # a miss beyond the fire-back reach
        await pilot.press("x")
        menu = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, PickActionModal) else None)
        options = menu.query_one("#action-list")
        at = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == "fire-back")
        # its own row says why, or the line over the actions held back for that same reason does
        said = next(str(options.get_option_at_index(i).prompt) for i in range(at, -1, -1)
                    if "not now:" in str(options.get_option_at_index(i).prompt))
        return said, battle.state.ships[demo.target].name

    prompt, name = run(make_app(), script)
    assert "not now:" in prompt
    reason = prompt.split("not now:", 1)[1].strip()
    assert reason != name and len(reason) > len(name) + 10, reason  # never cut to the ship's name
