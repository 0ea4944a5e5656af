"""Rules reference: sections as tables, search across them, provenance badges, house rules shown."""

from __future__ import annotations

from tui_support import run, settle, text_of, type_text
from textual.widgets import DataTable, Static, TabbedContent


async def open_rules(pilot) -> None:
    await pilot.press("r")
    await settle(pilot)


def test_every_section_is_a_table(app) -> None:
    async def script(pilot):
        await open_rules(pilot)
        tabs = pilot.app.screen.query_one(TabbedContent)
        return [pane.id for pane in tabs.query("TabPane")], pilot.app.screen.query_one("#tbl-weapons", DataTable).row_count

    panes, weapons = run(app, script)
    for section in ("sec-tables", "sec-phases", "sec-settings", "sec-classes", "sec-weapons", "sec-devices"):
        assert section in panes
    assert weapons == 19


def test_search_filters_rows_and_jumps_to_a_section_with_matches(app) -> None:
    async def script(pilot):
        await open_rules(pilot)
        await pilot.press("slash")
        await type_text(pilot, "ion beam")
        await settle(pilot)
        screen = pilot.app.screen
        tabs = screen.query_one(TabbedContent)
        table = screen.query_one("#tbl-weapons", DataTable)
        first = [str(c) for c in table.get_row_at(0)]
        rows = table.row_count
        label = str(tabs.get_tab("sec-weapons").label)
        await pilot.press("enter")  # back to the table
        await pilot.pause()
        focused = pilot.app.focused.id
        await pilot.press("escape")  # clears the search
        await pilot.pause()
        return tabs.active, rows, first, label, focused, table.row_count

    active, rows, first, label, focused, after = run(app, script)
    assert active == "sec-weapons"
    assert rows == 1 and first[0] == "Ion Beam"
    assert label.startswith("weapons 1/19")
    assert focused == "tbl-weapons"
    assert after == 19


def test_inferred_and_house_default_values_are_badged(app) -> None:
    async def script(pilot):
        await open_rules(pilot)
        table = pilot.app.screen.query_one("#tbl-settings", DataTable)
        return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]

    rows = {row[0]: row for row in run(app, script)}
    assert rows["ff_chooser"][1] == "attackerʰ"  # house default
    assert rows["no_roll_damage_pct"][1] == "100ⁱ"  # inferred


def test_house_rule_overrides_and_file_errors_are_shown(app, isolated_home) -> None:
    rules = app.services.dirs.house_rule_file("spook")
    rules.parent.mkdir(parents=True)
    rules.write_text('[settings]\nff_chooser = "opponent"\n')
    lukas = app.services.dirs.house_rule_file("lukas")
    lukas.write_text("[settings]\nno_such_key = 1\n")

    async def script(pilot):
        await open_rules(pilot)
        banner = text_of(pilot.app.screen.query_one("#rules-banner", Static))
        table = pilot.app.screen.query_one("#tbl-settings", DataTable)
        rows = {str(table.get_row_at(i)[0]): str(table.get_row_at(i)[1]) for i in range(table.row_count)}
        await pilot.app.screen.load("lukas")
        await settle(pilot)
        lukas_banner = text_of(pilot.app.screen.query_one("#rules-banner", Static))
        return banner, rows, lukas_banner

    banner, rows, lukas_banner = run(app, script)
    assert "house rules in force: settings.ff_chooser" in banner
    assert rows["ff_chooser"] == "opponentᴴ"
    assert "house rules not applied" in lukas_banner and "no_such_key" in lukas_banner
