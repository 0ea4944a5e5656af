"""The fleet builder on a ruleset it has never heard of ('yard', registered by the test): designs,
per-ship fields, read-outs and offers all come from the package's declarations."""

from __future__ import annotations

from builder_support import footer_keys, mount, press_on_class, retype
from tui_support import run, screen_after, settle, text_of
from textual.widgets import DataTable, Input, OptionList, Select, Static
from yard_ruleset import yard  # noqa: F401 - the fixture

from mstracker.store.designs import load_designs
from mstracker.tui.modals.design_editor import DesignEditorModal
from mstracker.tui.modals.text_prompt import TextPromptModal
from mstracker.tui.widgets.fleet_meters import BudgetBar
from mstracker.tui.widgets.loadout_panel import LoadoutPanel


async def open_yard(pilot) -> None:
    screen = await screen_after(pilot, "f")
    assert screen.load_ruleset("yard", None)
    screen.query_one("#classes", DataTable).focus()
    await pilot.pause()


def offer_lines(pilot) -> list[str]:
    offer = pilot.app.screen.query_one(LoadoutPanel).query_one("#offer", OptionList)
    return [str(offer.get_option_at_index(i).prompt) for i in range(offer.option_count)]


def test_the_offer_shows_a_fixed_gun_as_part_of_the_class_never_as_a_mount(app, yard) -> None:
    async def script(pilot):
        await open_yard(pilot)
        await press_on_class(pilot, "Cutter", "a")
        panel = pilot.app.screen.query_one(LoadoutPanel)
        return list(panel.mountable.values()), offer_lines(pilot), text_of(pilot.app.screen.query_one(BudgetBar))

    mountable, lines, budget = run(app, script)
    assert mountable == [("weapons", "Quarters")]  # the Deck Gun is carried, not offered; the Ram is refused
    fixed = lines.index("part of the class (always carried)")
    assert lines[fixed + 1] == "• Deck Gun"
    refused = lines.index("not offered, and why")
    assert fixed < refused and "Ram" in lines[refused + 1] and "too light to ram" in lines[refused + 1]
    assert "+ Deck Gun" not in lines
    # the cost in the package's own terms, and its read-out (Cutter: 4 points, hull 3)
    assert "points 4 / 20" in budget and "Hull 3" in budget and "1 ship" in budget


def test_mounting_an_item_asks_for_its_ship_fields_and_the_key_shows_only_where_they_apply(app, yard) -> None:
    async def script(pilot):
        await open_yard(pilot)
        await press_on_class(pilot, "Hauler", "a")
        before = footer_keys(pilot)
        await mount(pilot, "weapons", "Quarters")
        modal = pilot.app.screen
        asked = isinstance(modal, TextPromptModal) and modal.title_text
        labels = [text_of(s) for s in modal.query(".prompt-label")]
        await pilot.press(*"50", "enter")  # over the declared maximum: the dialog says so and stays
        await pilot.pause()
        refused = text_of(modal.query_one("#prompt-error", Static)), pilot.app.screen is modal
        await retype(pilot, "12")
        screen = await screen_after(pilot, "enter")
        await pilot.press("escape")  # back to the classes: the ship is still selected
        after = footer_keys(pilot)
        slots = text_of(screen.query_one(LoadoutPanel).query_one("#slots", Static))
        return before, asked, labels, refused, screen.roster.ships[0], after, slots

    before, asked, labels, refused, ship, after, slots = run(app, script)
    assert "Crew quarters" not in before  # a Hauler without Quarters has none
    assert asked == "Crew quarters of Hauler 1" and labels == ["Crew berths"]
    assert "at most 40" in refused[0] and refused[1]
    assert ship.weapons == ("Quarters",) and ship.armor == 12  # written through the package's `write`
    assert after.get("Crew quarters") == "k"
    assert "Crew quarters 12  (k)" in slots


def test_a_design_is_made_from_the_declared_fields_kept_with_the_players_designs_and_offered_in_a_new_fleet(app, yard) -> None:
    async def script(pilot):
        await open_yard(pilot)
        modal = await press_on_class(pilot, "Hauler", "d")
        assert isinstance(modal, DesignEditorModal)
        kind = modal.query_one("#design-kind", Select).value
        start = modal.query_one("#design-hull", Input).value
        await pilot.press(*"Cutter", "ctrl+s")  # a stock class's name: refused, the dialog stays
        await pilot.pause()
        refused = text_of(modal.query_one("#design-error", Static)), pilot.app.screen is modal
        await retype(pilot, "Barge")
        await pilot.press("tab", "tab")  # past the kind to the hull
        await retype(pilot, "0")
        await pilot.pause()
        live = text_of(modal.query_one("#design-findings", Static)), text_of(modal.query_one("#design-readout", Static))
        await retype(pilot, "9")
        screen = await screen_after(pilot, "ctrl+s")
        in_fleet = dict(screen.roster.designs)
        await pilot.press("N", "y")  # a new fleet (the unsaved one discarded): the design comes from the saved ones
        await settle(pilot)
        classes = list(screen.class_names)
        label = str(screen.query_one("#classes", DataTable).get_row_at(classes.index("Barge"))[0])
        await press_on_class(pilot, "Barge", "a")
        return kind, start, refused, live, in_fleet, classes, label, screen.roster, screen.report

    kind, start, refused, live, in_fleet, classes, label, roster, report = run(app, script)
    assert kind == "Light" and start == "8"  # started from the Hauler
    assert "already names the stock Cutter" in refused[0] and refused[1]
    assert "design 'Barge': hull: at least 1" in live[0] and live[1] == "0 hull boxes"
    assert in_fleet == {"Barge": {"kind": "Light", "hull": 9, "points": 6}}
    assert load_designs(app.services.dirs, "yard") == in_fleet
    assert classes == ["Cutter", "Hauler", "Barge"] and "✦ saved" in label
    assert roster.designs == in_fleet and [s.ship_class for s in roster.ships] == ["Barge"]  # adding copies it in
    assert report.legal and report.cost == 6
