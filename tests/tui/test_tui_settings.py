"""Settings: theme applied live and remembered; dice mode; house-rule values written to the file."""

from __future__ import annotations

import tomllib

from tui_support import make_app, record_notifications, run, settle
from textual.widgets import DataTable

from mstracker.store.settings import DiceMode, Theme, load_settings


async def open_settings(pilot) -> None:
    await pilot.press("s")
    await settle(pilot)


async def open_house_rule(pilot, key: str) -> tuple[DataTable, int]:
    """Settings, with the house-rule table's cursor on `key`: the table and that row."""
    await open_settings(pilot)
    table = pilot.app.screen.query_one("#house-table", DataTable)
    row = [str(table.get_row_at(i)[0]) for i in range(table.row_count)].index(key)
    table.move_cursor(row=row)
    return table, row


def test_theme_toggle_applies_now_and_persists(app) -> None:
    async def script(pilot):
        await open_settings(pilot)
        await pilot.press("t")
        await pilot.pause()
        return pilot.app.theme

    assert run(app, script) == "textual-light"
    stored = load_settings(app.services.dirs)
    assert stored.problem is None and stored.settings.theme is Theme.LIGHT

    again = make_app()

    async def theme_of(pilot):
        return pilot.app.theme

    assert run(again, theme_of) == "textual-light"


def test_dice_mode_default_is_saved_and_used_by_the_roller(app) -> None:
    async def script(pilot):
        await open_settings(pilot)
        await pilot.press("m")
        await pilot.press("escape", "d")
        await pilot.pause()
        return pilot.app.screen.mode

    assert run(app, script) is DiceMode.PHYSICAL
    assert load_settings(app.services.dirs).settings.dice_mode is DiceMode.PHYSICAL


def test_changing_a_setting_writes_the_house_rule_file(app) -> None:
    async def script(pilot):
        table, row = await open_house_rule(pilot, "ff_chooser")
        await pilot.press("enter")  # opens the choices
        await pilot.pause()
        await pilot.press("down", "enter")  # attacker -> opponent
        await settle(pilot)
        now = str(table.get_row_at(row)[2])
        await pilot.press("delete")  # back to the book value
        await settle(pilot)
        return now, str(table.get_row_at(row)[2])

    path = app.services.dirs.house_rule_file("spook")
    now, after = run(app, script)
    assert now == "opponent ᴴ"
    assert after == "attacker"
    assert not path.exists()  # the only key was removed, so the file went too


def test_house_rule_value_is_saved_under_settings(app) -> None:
    async def script(pilot):
        await open_house_rule(pilot, "ram_pct")
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+u", "3", "0", "enter")
        await settle(pilot)

    run(app, script)
    data = tomllib.loads(app.services.dirs.house_rule_file("spook").read_text())
    assert data == {"settings": {"ram_pct": 30}}
    assert app.services.ruleset("spook").ruleset.setting("ram_pct") == 30


def test_corrupt_settings_file_is_reported_and_kept_aside_on_save(isolated_home) -> None:
    app = make_app()
    path = app.services.dirs.settings_file
    path.parent.mkdir(parents=True)
    path.write_text("theme = [not toml")
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot):
        await open_settings(pilot)
        await pilot.press("t")
        await pilot.pause()

    run(app, script)
    assert any("not valid TOML" in message for message in seen)
    kept = path.with_name("settings.bad.toml")
    assert kept.read_text() == "theme = [not toml"
    assert load_settings(app.services.dirs).settings.theme is Theme.LIGHT
