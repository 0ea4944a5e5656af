"""The loadout cursor points at what Enter will mount (playtest round 3: three Enters gave 3 x Hellfire,
an aim at Hangar Bay added Communication Radar): a new ship starts on its first offer, a mount keeps the
cursor on the item mounted, the lists stop at their ends; and escape right after a save leaves."""

from __future__ import annotations

from builder_support import go_to_class, mount
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable, OptionList
from tui_support import run, screen_after, settle

from mstracker.fleet import ShipEntry
from mstracker.tui.screens.fleet_builder import FleetBuilderScreen
from mstracker.tui.screens.home import HomeScreen
from mstracker.tui.widgets.loadout_panel import LoadoutPanel


async def open_spook_builder(pilot) -> FleetBuilderScreen:
    screen = await screen_after(pilot, "f")
    if screen.ruleset_id != "spook":
        assert screen.load_ruleset("spook", None)
    screen.query_one("#classes", DataTable).focus()
    await pilot.pause()
    return screen


def cursor_item(screen) -> tuple[str, str] | None:
    panel = screen.query_one(LoadoutPanel)
    offer = panel.query_one("#offer", OptionList)
    if offer.highlighted is None:
        return None
    return panel.mountable.get(offer.get_option_at_index(offer.highlighted).id)


def test_a_new_ship_starts_on_its_first_offer_not_where_the_last_ship_was(app) -> None:
    async def script(pilot):
        screen = await open_spook_builder(pilot)
        await go_to_class(pilot, "Battlecruiser")
        await pilot.press("a")
        await mount(pilot, "weapons", "Hellfire Missile Launcher")
        await pilot.press("escape")
        await go_to_class(pilot, "Destroyer")
        await pilot.press("a", "l")
        await pilot.pause()
        start = cursor_item(screen)
        await pilot.press("enter", "enter")
        await pilot.pause()
        return start, screen.roster.ships

    start, ships = run(app, script)
    assert ships[0].weapons == ("Hellfire Missile Launcher",)
    assert start == ("weapons", "Mass Driver Turret")  # the Destroyer's first offer (spook §3 weapon list order)
    assert ships[1].ship_class == "Destroyer" and ships[1].weapons == ("Mass Driver Turret", "Mass Driver Turret")


def test_the_cursor_stays_on_the_item_just_mounted(app) -> None:
    async def script(pilot):
        screen = await open_spook_builder(pilot)
        await go_to_class(pilot, "Battlecruiser")
        await pilot.press("a")
        await mount(pilot, "devices", "Defense Field")
        after_one = cursor_item(screen)
        await pilot.press("enter")
        await pilot.pause()
        return after_one, cursor_item(screen), screen.roster.ships[0].devices

    after_one, after_two, devices = run(app, script)
    assert after_one == after_two == ("devices", "Defense Field")
    assert devices == ("Defense Field", "Defense Field")


def test_up_and_down_stop_at_the_ends_of_the_offer_instead_of_wrapping(app) -> None:
    async def script(pilot):
        screen = await open_spook_builder(pilot)
        await go_to_class(pilot, "Battlecruiser")
        await pilot.press("a", "l", "up")  # on the first offer already
        await pilot.pause()
        top = cursor_item(screen)
        await pilot.press("end", "down", "down")
        await pilot.pause()
        return top, cursor_item(screen)

    top, bottom = run(app, script)
    assert top == ("weapons", "Mass Driver Turret")
    assert bottom == ("devices", "Gravity Well Generator")  # the last offer, not back at the top


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LoadoutPanel()


def test_a_mounted_item_keeps_the_cursor_when_rows_appear_above_it() -> None:
    """The offer is refilled after every change: the cursor follows the item, not the row number."""
    import asyncio

    ship = ShipEntry(name="Nib", ship_class="Cutter")
    before = {"weapons": [("Deck Gun", True, ""), ("Quarters", True, "")]}
    after = {"weapons": [("Ram", True, ""), ("Deck Gun", True, ""), ("Quarters", True, "")]}

    async def main() -> tuple[str | None, str | None, str | None]:
        app = PanelApp()
        async with app.run_test() as pilot:
            panel = app.query_one(LoadoutPanel)
            offer = panel.query_one("#offer", OptionList)
            panel.show(ship, None, before, {}, ship_key=0)
            offer.highlighted = offer.get_option_index("o-weapons-1")  # on Quarters
            panel.show(ship.model_copy(update={"weapons": ("Quarters",)}), None, after, {}, ship_key=0)
            await pilot.pause()
            same = panel.mountable[offer.get_option_at_index(offer.highlighted).id][1]
            panel.show(ShipEntry(name="Pod", ship_class="Cutter"), None, after, {}, ship_key=1)
            other = panel.mountable[offer.get_option_at_index(offer.highlighted).id][1]
            gone = {"weapons": [("Deck Gun", True, "")]}
            offer.highlighted = offer.get_option_index("o-weapons-2")  # on Quarters again
            panel.show(ShipEntry(name="Pod", ship_class="Cutter"), None, gone, {}, ship_key=1)
            vanished = offer.highlighted
            return same, other, vanished

    same, other, vanished = asyncio.run(main())
    assert same == "Quarters"  # one row further down now, and still on it
    assert other == "Ram"  # another ship: its first offer
    assert vanished is None  # the item is no longer offered: no cursor, so enter mounts nothing by surprise


def test_escape_right_after_a_save_leaves_the_builder(app) -> None:
    async def script(pilot):
        screen = await open_spook_builder(pilot)
        await go_to_class(pilot, "Frigate")
        await pilot.press("a", "l", "enter")  # the cursor is in the loadout
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Blue", "enter")
        await settle(pilot)
        focus = screen.focused.id
        await pilot.press("escape")
        await settle(pilot)
        return focus, screen.files.path.name, type(pilot.app.screen)

    focus, saved_as, after = run(app, script)
    assert focus == "offer" and saved_as == "blue.toml"
    assert after is HomeScreen


def test_escape_after_an_edit_that_follows_the_save_steps_back_to_the_classes_first(app) -> None:
    async def script(pilot):
        screen = await open_spook_builder(pilot)
        await go_to_class(pilot, "Frigate")
        await pilot.press("a", "l", "enter", "s")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Blue", "enter")
        await settle(pilot)
        await pilot.press("enter", "escape")  # one more mount: not saved now
        await settle(pilot)
        return type(pilot.app.screen), screen.focused.id

    after, focus = run(app, script)
    assert after is FleetBuilderScreen and focus == "classes"
