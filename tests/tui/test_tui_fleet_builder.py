"""Fleet builder driven by keys: a legal spook Scrimmage fleet saved and re-checked; illegal picks explained."""

from __future__ import annotations

import pytest
from tui_support import run, screen_after, settle, text_of
from textual.widgets import DataTable

from mstracker.fleet import validate_roster
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.tui.widgets.fleet_meters import BudgetBar, FindingsView
from mstracker.tui.widgets.loadout_panel import LoadoutPanel

CLASS_ROW = {"Mothership": 0, "Fighter": 4, "Frigate": 7, "Carrier": 10, "Destroyer": 11, "Battlecruiser": 12}


async def open_builder(pilot) -> None:
    await pilot.press("f")
    await settle(pilot)


async def go_to_class(pilot, name: str) -> None:
    table = pilot.app.screen.query_one("#classes", DataTable)
    steps = CLASS_ROW[name] - table.cursor_row
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps))
    assert pilot.app.screen.class_names[table.cursor_row] == name


async def add_with_loadout(pilot, name: str, mounts: int) -> None:
    """Add a ship of a class and mount the first item offered `mounts` times, then back to the classes."""
    await go_to_class(pilot, name)
    await pilot.press("a")
    if mounts:
        await pilot.press("l", *(["enter"] * mounts))
    await pilot.press("escape")
    await pilot.pause()


def test_full_build_of_a_legal_scrimmage_fleet_is_saved_and_checks_legal(app) -> None:
    async def script(pilot):
        await open_builder(pilot)
        await add_with_loadout(pilot, "Carrier", 3)
        await add_with_loadout(pilot, "Destroyer", 3)
        await add_with_loadout(pilot, "Frigate", 2)
        await pilot.press("c")  # a second frigate just like it
        await add_with_loadout(pilot, "Fighter", 1)
        screen = await screen_after(pilot, "c", "c", "c")
        before = screen.report
        budget = text_of(screen.query_one(BudgetBar))
        await pilot.press("s")  # name and player, then save
        await pilot.pause()
        await pilot.press("ctrl+u", *"Blue", "tab", *"Ann", "enter")  # tab: next field, enter: OK
        await settle(pilot)
        return before, budget, screen.files.path

    before, budget, path = run(app, script)
    assert before.legal and not before.findings, before.findings
    assert before.cost == 458 and before.cap == 850
    assert "RU 458 / 850" in budget and "392 left" in budget and "✓ legal" in budget
    assert path == app.services.dirs.fleets / "blue.toml"
    roster = load_roster(path)
    assert roster.name == "Blue" and roster.player == "Ann" and roster.preset == "scrimmage"
    assert [s.ship_class for s in roster.ships].count("Fighter") == 4
    assert roster.ship("Carrier 1").weapons == ("Mass Driver Turret",) * 3
    assert validate_roster(roster, app.services.ruleset("spook").ruleset).legal


def test_a_carrier_is_not_offered_a_missile_launcher_and_says_why(app) -> None:
    async def script(pilot):
        await open_builder(pilot)
        await go_to_class(pilot, "Carrier")
        await pilot.press("a")
        await pilot.pause()
        panel = pilot.app.screen.query_one(LoadoutPanel)
        return list(panel.mountable.values()), panel.offer

    mountable, offer = run(app, script)
    assert ("weapons", "Missile Launcher") not in mountable
    assert ("weapons", "Laser Pulse Turret") in mountable
    why = {item: reason for item, allowed, reason in offer["weapons"] if not allowed}
    assert "not designated for a Carrier" in why["Missile Launcher"]
    assert "Frigate" in why["Missile Launcher"]


def test_an_over_budget_fleet_shows_the_error_and_asks_before_saving(app) -> None:
    async def script(pilot):
        await open_builder(pilot)
        await go_to_class(pilot, "Battlecruiser")
        screen = await screen_after(pilot, "a", "a", "a", "a", "a")
        report = screen.report
        findings = text_of(screen.query_one(FindingsView))
        budget = text_of(screen.query_one(BudgetBar))
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")  # accept the name, no player
        await pilot.pause()
        question = type(pilot.app.screen).__name__
        await pilot.press("n")  # do not save a draft
        await pilot.pause()
        return report, findings, budget, question

    report, findings, budget, question = run(app, script)
    assert not report.legal and report.cost == 1000
    assert "✗" in findings and "850" in findings
    assert "150 over" in budget and "✗" in budget
    assert question == "ConfirmModal"
    assert not list(app.services.dirs.fleets.glob("*.toml"))


def test_rename_remove_and_permissive_flag(app) -> None:
    async def script(pilot):
        await open_builder(pilot)
        await go_to_class(pilot, "Frigate")
        await pilot.press("a", "a", "n")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Pike", "tab", *"F2", "enter")
        await pilot.pause()
        names = [s.name for s in pilot.app.screen.roster.ships]
        tags = [s.tag for s in pilot.app.screen.roster.ships]
        screen = await screen_after(pilot, "x", "p")
        return names, tags, [s.name for s in screen.roster.ships], screen.roster.permissive, text_of(screen.query_one(BudgetBar))

    names, tags, after, permissive, budget = run(app, script)
    assert names == ["Frigate 1", "Pike"] and tags == ["", "F2"]
    assert after == ["Frigate 1"]
    assert permissive and "NON-STANDARD" in budget


def test_open_a_sample_fleet_and_switch_ruleset(app) -> None:
    async def script(pilot):
        await open_builder(pilot)
        await pilot.press("o")
        await pilot.pause()
        screen = await screen_after(pilot, "down", "down", "enter")  # first sample (after the headers)
        return screen.ruleset_id, screen.roster, screen.report

    ruleset_id, roster, report = run(app, script)
    assert ruleset_id == "spook" and roster.ships and report.legal


@pytest.mark.parametrize("ruleset_id", ["spook", "lukas", "pz8", "cal"])
def test_every_ruleset_builds_and_shows_its_sample_fleets_legal(app, ruleset_id: str) -> None:
    samples = sample_fleets(ruleset_id)

    async def script(pilot):
        await open_builder(pilot)
        screen = pilot.app.screen
        assert screen.load_ruleset(ruleset_id, None)
        await pilot.press("a")  # one ship of the first class, with its offer shown
        await pilot.pause()
        offered = bool(screen.query_one(LoadoutPanel).offer)
        results = []
        for path in samples:
            screen.open_roster(load_roster(path), None)
            await pilot.pause()
            results.append((path.name, screen.report.legal))
        return offered, results

    offered, results = run(app, script)
    assert offered
    assert samples and all(legal for _, legal in results), results


def test_campaign_preset_asks_for_the_agreed_cap(app) -> None:
    async def script(pilot):
        await open_builder(pilot)
        screen = pilot.app.screen
        screen.query_one("#fleet-preset").value = "campaign"
        await pilot.pause()
        await pilot.press("ctrl+u", *"2200", "enter")
        await pilot.pause()
        return screen.roster.preset, screen.roster.cap, screen.report.cap

    assert run(app, script) == ("campaign", 2200, 2200)
