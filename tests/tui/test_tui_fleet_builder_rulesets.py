"""Fleet builder, ruleset by ruleset, driven by keys: cal custom designs, lukas armor/speed and hangars, 80x24."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from builder_support import footer_keys, mount, press_on_class, retype
from tui_support import run, screen_after, settle, text_of
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static

from mstracker.fleet import validate_roster
from mstracker.rulesets.lukas.fleet import starter_roster
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.tui.modals.design_editor import DesignEditorModal
from mstracker.tui.widgets.fleet_meters import BudgetBar, FindingsView
from mstracker.tui.widgets.loadout_panel import LoadoutPanel

RULESET_ROW = {"spook": 0, "lukas": 1, "pz8": 2, "cal": 3}


async def open_builder(pilot: Pilot, ruleset: str) -> None:
    """Open the builder (f) and pick the ruleset in its select with the keys."""
    screen = await screen_after(pilot, "f")
    screen.query_one("#fleet-ruleset").focus()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("home", *["down"] * RULESET_ROW[ruleset], "enter")
    await settle(pilot)
    assert screen.ruleset_id == ruleset
    screen.query_one("#classes", DataTable).focus()
    await pilot.pause()


def findings_text(pilot: Pilot) -> str:
    return text_of(pilot.app.screen.query_one(FindingsView))


# -- cal: custom designs ------------------------------------------------------------------------------------


async def new_raider(pilot: Pilot) -> None:
    """d on the Destroyer: a capital-ship design 'Raider' with SS 50 and 2 fighter bays."""
    await press_on_class(pilot, "Destroyer", "d")
    assert isinstance(pilot.app.screen, DesignEditorModal)
    await pilot.press(*"Raider", "tab", "enter")  # name, then the type select
    await pilot.pause()
    await pilot.press("down", "enter", "tab")  # Capital Ship; on to SS
    await pilot.pause()
    await retype(pilot, "50")
    # ss -> points -> beam strength/range -> point -> projectile strength/range -> torpedoes -> assault -> fighter
    await pilot.press(*["enter"] * 9)
    await retype(pilot, "2")
    await pilot.pause()
    await pilot.press("ctrl+s")
    await settle(pilot)


def test_a_cal_design_is_created_a_ship_added_from_it_and_the_fleet_is_legal(app) -> None:
    async def script(pilot):
        await open_builder(pilot, "cal")
        await new_raider(pilot)
        screen = pilot.app.screen
        table = screen.query_one("#classes", DataTable)
        row = table.get_row_at(table.cursor_row)
        highlighted = screen.highlighted_class()
        await pilot.press("a")
        await pilot.pause()
        panel = screen.query_one(LoadoutPanel)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Raiders", "enter", "enter")
        await settle(pilot)
        return (screen.roster, screen.report, str(row[0]), highlighted, list(panel.fixed),
                text_of(screen.query_one(BudgetBar)), findings_text(pilot), screen.files.path)

    roster, report, label, highlighted, fixed, budget, findings, path = run(app, script)
    assert roster.designs == {"Raider": {"type": "Capital Ship", "ss": 50, "beam": {"strength": 4, "range": 6},
                                         "point": 2, "torpedoes": 4, "fighter_bay": 2}}
    assert highlighted == "Raider" and "custom" in label
    assert [(s.name, s.ship_class) for s in roster.ships] == [("Raider 1", "Raider")]
    assert report.legal and not report.findings, report.findings
    assert ("Fighter Bay", "part of the Raider: Fighter Bay 2") in fixed  # the design fixes its armament
    assert "C&C 4" in budget and "✓ legal" in budget
    assert "Fleet C&C 4" in findings
    saved = load_roster(path)  # the design travels with the fleet file
    assert saved.designs == roster.designs and validate_roster(saved, app.services.ruleset("cal").ruleset).legal


def test_a_bad_design_value_is_a_finding_naming_the_design_and_field(app) -> None:
    async def script(pilot):
        await open_builder(pilot, "cal")
        modal = await press_on_class(pilot, "Corvette", "d")
        await pilot.press(*"Glass", "tab", "tab")  # past the type to SS
        await retype(pilot, "0")
        await pilot.press("enter", "enter", "enter", "enter")  # points, beam strength, beam range -> point defence
        await retype(pilot, "lots")
        await pilot.pause()
        live = text_of(modal.query_one("#design-findings", Static))
        screen = await screen_after(pilot, "ctrl+s")
        await pilot.press("a")  # a ship of the broken design: explained, no crash
        await pilot.pause()
        panel = screen.query_one(LoadoutPanel)
        offer = panel.query_one("#offer", OptionList)
        problem = str(offer.get_option_at_index(0).prompt) if offer.option_count else ""
        return live, screen.roster, screen.report, findings_text(pilot), problem

    live, roster, report, findings, problem = run(app, script)
    assert "design 'Glass': ss" in live and "design 'Glass': point" in live
    assert roster.designs["Glass"]["ss"] == 0 and roster.designs["Glass"]["point"] == "lots"
    assert not report.legal
    assert "design 'Glass': ss" in findings and 'design \'Glass\': point: expected an integer, got "lots"' in findings
    assert "Glass 1: its class 'Glass' is a design with errors" in findings
    assert "design Glass has errors" in problem


def test_a_cal_design_is_renamed_then_deleted_with_its_ships(app) -> None:
    async def script(pilot):
        await open_builder(pilot, "cal")
        await new_raider(pilot)
        screen = await screen_after(pilot, "a", "a")
        modal = await press_on_class(pilot, "Raider", "d")  # on a custom row: edit it
        assert modal.query_one("#design-name", Input).value == "Raider"
        await retype(pilot, "Reaver")
        await pilot.press("ctrl+s")
        await settle(pilot)
        renamed = screen.roster
        await press_on_class(pilot, "Reaver", "d")
        await pilot.press("ctrl+d")
        await pilot.pause()
        question = type(pilot.app.screen).__name__
        await pilot.press("y")
        await settle(pilot)
        return renamed, question, screen.roster, list(screen.class_names)

    renamed, question, after, classes = run(app, script)
    assert list(renamed.designs) == ["Reaver"]
    assert [s.ship_class for s in renamed.ships] == ["Reaver", "Reaver"]
    assert question == "ConfirmModal"
    assert after.designs == {} and after.ships == ()
    assert "Reaver" not in classes


def test_editing_a_sample_design_keeps_its_other_keys_and_refuses_a_stock_name(app) -> None:
    path = next(p for p in sample_fleets("cal") if p.name == "strike-group.toml")

    async def script(pilot):
        await open_builder(pilot, "cal")
        screen = pilot.app.screen
        screen.open_roster(load_roster(path), None)
        await pilot.pause()
        budget = text_of(screen.query_one(BudgetBar))
        modal = await press_on_class(pilot, "Strike Cruiser", "d")
        cc = text_of(modal.query_one("#design-readout", Static))
        await retype(pilot, "DD")  # the Destroyer's code
        await pilot.press("ctrl+s")
        await pilot.pause()
        refused = text_of(modal.query_one("#design-error", Static)), pilot.app.screen is modal
        await retype(pilot, "Strike Cruiser")
        await pilot.press("tab", "tab")  # past the type to SS
        await retype(pilot, "60")
        await pilot.press("ctrl+s")
        await settle(pilot)
        return budget, cc, refused, screen.roster.designs["Strike Cruiser"], screen.report

    budget, cc, refused, design, report = run(app, script)
    assert "C&C 2" in budget
    assert cc.startswith("C&C 2") and "fleet C&C 2 with its 1 ship" in cc
    assert "already names the stock Destroyer" in refused[0] and refused[1]
    assert design["ss"] == 60 and design["code"] == "CS" and design["note"].startswith("A fast-hitting cruiser")
    assert report.legal


# -- lukas: armor, speed, hangar ---------------------------------------------------------------------------


def test_lukas_rakanda_destroyer_from_the_book_is_built_legal_with_keys(app) -> None:
    async def script(pilot):
        await open_builder(pilot, "lukas")
        screen = await press_on_class(pilot, "Capital Ship", "a")
        keys_before = footer_keys(pilot)
        missing = findings_text(pilot)
        await pilot.press("t")  # armor and speed, the book's averages as hints
        await pilot.pause()
        labels = " ".join(text_of(s) for s in pilot.app.screen.query(".prompt-label"))
        await pilot.press(*"45", "tab", *"10", "enter")
        await pilot.pause()
        stats = (screen.roster.ships[0].armor, screen.roster.ships[0].speed)
        await mount(pilot, "weapons", "Beam")
        await mount(pilot, "weapons", "Heavy Missiles")
        await mount(pilot, "weapons", "Heavy Missiles")
        await mount(pilot, "abilities", "Hangar Bay")  # asks for the size at once
        await pilot.pause()
        asked = pilot.app.screen.title_text
        await pilot.press(*"6", "tab", *"2", "enter")
        await pilot.pause()
        too_big = findings_text(pilot)
        await pilot.press("escape")
        keys_after = footer_keys(pilot)
        await pilot.press("h")  # resize the hangar to the book's example
        await pilot.pause()
        await retype(pilot, "4")
        await pilot.press("tab")
        await retype(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Rakanda", "space", *"Destroyer", "tab", *"C1", "enter")
        await pilot.pause()
        slots = text_of(screen.query_one(LoadoutPanel).query_one("#slots", Static))
        return (keys_before, missing, labels, stats, asked, too_big, keys_after, screen.roster, screen.report,
                findings_text(pilot), slots)

    keys_before, missing, labels, stats, asked, too_big, keys_after, roster, report, findings, slots = run(app, script)
    assert keys_before.get("Armor/speed") == "t" and "Hangar Bay" not in keys_before
    assert "set its armor" in missing and "set its speed" in missing
    assert "about 45" in labels and "about 8 studs" in labels
    assert stats == (45, 10)
    assert asked == "Hangar Bay of Capital Ship 1"
    assert "Hangar Bay 6/2 is bigger than 4/2" in too_big
    assert keys_after.get("Hangar Bay") == "h"
    book = starter_roster(app.services.ruleset("lukas").ruleset).ship("Rakanda Destroyer")
    assert roster.ships == (book,)
    assert report.legal and not report.findings, report.findings
    assert "bigger than" not in findings
    assert "Hangar Bay      4/2  (h)" in slots and "Armor and speed 45/10  (t)" in slots


def test_lukas_stats_and_hangar_keys_show_only_where_they_apply(app) -> None:
    async def script(pilot):
        await open_builder(pilot, "spook")
        spook = footer_keys(pilot)
        screen = pilot.app.screen
        screen.query_one("#fleet-ruleset").focus()
        await pilot.press("enter", "home", *["down"] * RULESET_ROW["cal"], "enter")
        await settle(pilot)
        cal = footer_keys(pilot)
        return spook, cal

    spook, cal = run(app, script)
    assert "Armor/speed" not in spook and "Design" not in spook and "Hangar Bay" not in spook
    assert cal.get("Design") == "d" and "Armor/speed" not in cal


# -- 80x24 -------------------------------------------------------------------------------------------------


def run_small(app, script) -> Any:
    async def main() -> Any:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            result = await script(pilot)
            await pilot.pause()
            return result

    return asyncio.run(main())


def inside(widget, screen) -> bool:
    region = widget.region
    return region.width > 0 and region.height > 0 and region.right <= screen.size.width and region.bottom <= screen.size.height


@pytest.mark.parametrize("ruleset", ["spook", "lukas", "pz8", "cal"])
def test_at_80x24_every_panel_and_the_main_keys_are_on_screen(app, ruleset: str) -> None:
    async def script(pilot):
        await open_builder(pilot, ruleset)
        screen = await screen_after(pilot, "a")
        sizes = {wid: screen.query_one(f"#{wid}").region for wid in ("classes", "class-detail", "ships", "loadout", "findings-box", "budget")}
        offer = screen.query_one("#offer").region
        inside_all = all(inside(screen.query_one(f"#{wid}"), screen) for wid in sizes)
        budget = text_of(screen.query_one(BudgetBar))
        return sizes, offer, inside_all, footer_keys(pilot), budget, screen.query_one(BudgetBar).region.width

    sizes, offer, inside_all, keys, budget, budget_width = run_small(app, script)
    assert inside_all, sizes
    assert sizes["classes"].height >= 6 and sizes["ships"].width >= 20 and sizes["loadout"].width >= 26
    assert offer.height >= 3, offer
    assert sizes["findings-box"].height >= 4
    assert {"Add ship", "Loadout", "Rename", "Copy", "Remove", "Save"} <= set(keys), keys
    extra = {"lukas": "Armor/speed", "cal": "Design"}.get(ruleset)
    assert extra is None or extra in keys, keys
    assert len(budget) + 2 <= budget_width and ("legal" in budget or "error" in budget), budget


def test_at_80x24_the_design_editor_fits(app) -> None:
    async def script(pilot):
        await open_builder(pilot, "cal")
        modal = await press_on_class(pilot, "Carrier", "d")
        fields = [w for w in modal.query("Input, Select, #design-cc, #design-findings")]
        hint = modal.query(Static).last()
        return all(inside(w, modal) for w in fields), inside(hint, modal), text_of(modal.query_one("#design-readout", Static))

    fits, hint, cc = run_small(app, script)
    assert fits and hint
    assert cc.startswith("C&C 12")  # the Carrier's 6 fighter/bomber bays
