"""Fleet builder friction from the playtests: undo, no surprise adds, visible focus, asking before
unsaved work is lost, enter in the rename dialog, the new-fleet key, no points where a ruleset has none,
and cal designs offered in every new fleet."""

from __future__ import annotations

from builder_support import footer_keys, go_to_class, press_on_class
from tui_support import palette_command, record_notifications, run, screen_after, settle, text_of
from textual.widgets import DataTable

from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.screens.fleet_builder import FleetBuilderScreen
from mstracker.tui.screens.home import HomeScreen
from mstracker.tui.widgets.fleet_meters import BudgetBar


async def open_builder(pilot, ruleset: str = "spook") -> FleetBuilderScreen:
    screen = await screen_after(pilot, "f")
    if screen.ruleset_id != ruleset:
        assert screen.load_ruleset(ruleset, None)
    screen.query_one("#classes", DataTable).focus()
    await pilot.pause()
    return screen


def names(screen: FleetBuilderScreen) -> list[str]:
    return [s.name for s in screen.roster.ships]


def test_a_removed_ship_comes_back_with_undo_and_goes_again_with_redo(app) -> None:
    seen = record_notifications(app)

    async def script(pilot):
        screen = await open_builder(pilot)
        await go_to_class(pilot, "Frigate")
        await pilot.press("a", "l", "enter", "escape", "c")  # a fitted frigate and its copy
        await pilot.pause()
        fitted = screen.roster
        screen.query_one("#ships", DataTable).focus()
        await pilot.press("up", "x")
        await pilot.pause()
        removed = names(screen)
        await pilot.press("u")
        await pilot.pause()
        undone = screen.roster
        await pilot.press("ctrl+y")
        await pilot.pause()
        redone = names(screen)
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z")  # past the first change: nothing more
        await pilot.pause()
        return fitted, removed, undone, redone, screen.roster.ships

    fitted, removed, undone, redone, emptied = run(app, script)
    assert [s.name for s in fitted.ships] == ["Frigate 1", "Frigate 2"] and fitted.ships[0].weapons
    assert removed == ["Frigate 2"]
    assert undone == fitted  # the fitted ship, loadout and all
    assert redone == ["Frigate 2"]
    assert emptied == ()
    assert "Removed Frigate 1 · u: undo" in seen and "Undone: remove Frigate 1 · ctrl+y redoes it" in seen


def test_enter_on_the_class_list_adds_nothing_and_says_which_key_does(app) -> None:
    seen = record_notifications(app)

    async def script(pilot):
        screen = await open_builder(pilot)
        await pilot.press("enter")  # the playtest's first key: it added a Mothership
        await pilot.pause()
        return screen.roster.ships

    assert run(app, script) == ()
    assert "a adds a ship of this class (Mothership)" in seen


def test_the_focused_panel_has_a_heavy_border_and_a_filled_title(app) -> None:
    async def script(pilot):
        screen = await open_builder(pilot)
        await pilot.press("a")
        styles = {}
        for panel in ("#classes", "#ships"):
            screen.query_one(panel).focus()
            await pilot.pause()
            styles[panel] = {p: (screen.query_one(p).styles.border_top[0], screen.query_one(p).styles.border_title_style)
                             for p in ("#classes", "#ships", "#loadout")}
        return styles

    styles = run(app, script)
    assert styles["#classes"]["#classes"][0] == "heavy" and styles["#classes"]["#ships"][0] == "round"
    assert styles["#ships"]["#ships"][0] == "heavy" and styles["#ships"]["#classes"][0] == "round"
    assert "bold" in str(styles["#ships"]["#ships"][1])


def test_escape_and_ctrl_q_ask_before_unsaved_changes_are_lost(app) -> None:
    async def script(pilot):
        screen = await open_builder(pilot)
        await pilot.press("a", "escape")
        await pilot.pause()
        asked = type(pilot.app.screen)
        await pilot.press("n")  # keep editing
        await pilot.pause()
        kept = pilot.app.screen is screen and len(screen.roster.ships) == 1
        await pilot.press("ctrl+q")
        await pilot.pause()
        quit_asked = type(pilot.app.screen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape", "y")  # discard: back home
        await pilot.pause()
        return asked, kept, quit_asked, type(pilot.app.screen)

    asked, kept, quit_asked, after = run(app, script)
    assert asked is ConfirmModal and kept and quit_asked is ConfirmModal
    assert after is HomeScreen


def test_enter_in_the_rename_dialog_confirms_from_the_name_field(app) -> None:
    async def script(pilot):
        screen = await open_builder(pilot)
        await pilot.press("a", "n")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Pike", "enter")
        await pilot.pause()
        return type(pilot.app.screen), screen.roster.ships[0]

    screen, ship = run(app, script)
    assert screen is FleetBuilderScreen
    assert ship.name == "Pike" and ship.tag == ""


def test_the_new_fleet_key_is_in_the_footer_and_the_palette_finds_new(app) -> None:
    async def script(pilot):
        screen = await open_builder(pilot)
        keys = footer_keys(pilot)
        await pilot.press("a")
        await pilot.pause()
        await palette_command(pilot, "new fleet")
        asked = type(pilot.app.screen)  # one ship unsaved: discard it?
        await pilot.press("y")
        await pilot.pause()
        return keys, asked, screen.roster

    keys, asked, roster = run(app, script)
    assert keys.get("New fleet") == "N"
    assert asked is ConfirmModal
    assert roster.ships == () and roster.name == "New fleet"


def test_a_ruleset_without_points_says_nothing_of_points(app) -> None:
    async def script(pilot):
        screen = await open_builder(pilot, "pz8")
        await pilot.press("a", "a", "a", "a")
        await pilot.pause()
        pz8 = text_of(screen.query_one(BudgetBar))
        screen.load_ruleset("lukas", None)
        await pilot.press("a")
        await pilot.pause()
        return pz8, text_of(screen.query_one(BudgetBar))

    pz8, lukas = run(app, script)
    assert "points" not in pz8 and "Ship count 4 (no cap set)" in pz8 and "4 ships" in pz8
    assert "points" not in lukas and lukas.startswith("1 ship")


def test_a_cal_design_made_in_one_fleet_is_offered_in_the_next_new_fleet(app) -> None:
    async def script(pilot):
        screen = await open_builder(pilot, "cal")
        await press_on_class(pilot, "Destroyer", "d")
        await pilot.press(*"Raider", "ctrl+s")
        await settle(pilot)
        await pilot.press("N", "y")  # a new fleet, the unsaved one dropped
        await settle(pilot)
        offered = list(screen.class_names)
        await press_on_class(pilot, "Raider", "a")
        return offered, screen.roster, screen.report

    offered, roster, report = run(app, script)
    assert offered[-1] == "Raider"
    assert "Raider" in roster.designs and roster.ships[0].ship_class == "Raider"
    assert report.legal, report.findings
