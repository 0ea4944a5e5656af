"""New game: the ruleset's demo pair as default fleets, players added or removed without resetting
anyone's fleet, no button that enter can press by accident, and each setting's text in full."""

from __future__ import annotations

from pathlib import Path

from tui_support import run, screen_after, settle, text_of
from textual.widgets import Button, DataTable, Select, Static

from mstracker.rules.registry import package
from mstracker.tui.screens.new_game import NewGameScreen


async def open_new_game(pilot, ruleset: str) -> NewGameScreen:
    screen = await screen_after(pilot, "n")
    assert isinstance(screen, NewGameScreen)
    if screen.ruleset_id != ruleset:
        await screen.load_ruleset(ruleset)
        await settle(pilot)
    return screen


def chosen(screen: NewGameScreen) -> list[str | None]:
    return [Path(k).name if k else None for k in screen.chosen_fleets()]


def test_the_default_fleets_are_the_rulesets_demo_pair(app) -> None:
    async def script(pilot):
        screen = await open_new_game(pilot, "lukas")
        return chosen(screen)

    assert run(app, script) == list(package("lukas").demo.fleets)


def test_adding_and_removing_a_player_keeps_the_fleets_already_chosen(app) -> None:
    async def script(pilot):
        screen = await open_new_game(pilot, "lukas")
        options = screen.fleet_options()
        other = next(key for _, key in options if Path(key).name not in package("lukas").demo.fleets)
        screen.query_one("#fleet-0", Select).value = other
        screen.query_one("#player-name-0").value = "Cara"
        await pilot.pause()
        before = chosen(screen)
        await pilot.press("ctrl+a")
        await settle(pilot)
        three = chosen(screen)
        name = screen.query_one("#player-name-0").value
        await pilot.press("ctrl+x")
        await settle(pilot)
        return Path(other).name, before, three, name, chosen(screen), screen.players

    other, before, three, name, after, players = run(app, script)
    assert before[0] == other
    assert three[:2] == before and three[2] is not None and three[2] not in before  # a fleet nobody has yet
    assert name == "Cara"
    assert after == before and players == 2


def test_tab_never_stops_on_the_player_buttons_so_enter_adds_nobody(app) -> None:
    async def script(pilot):
        screen = await open_new_game(pilot, "lukas")
        stops = []
        for _ in range(12):
            await pilot.press("tab")
            stops.append(type(pilot.app.focused).__name__)
        await pilot.press("enter", "escape")  # whatever has focus: enter must not add a player
        await settle(pilot)
        return stops, [b.can_focus for b in screen.query(Button)], screen.players

    stops, focusable, players = run(app, script)
    assert "Button" not in stops and not any(focusable)
    assert players == 2


def test_the_highlighted_setting_is_explained_in_full_under_the_table(app) -> None:
    async def script(pilot):
        screen = await open_new_game(pilot, "spook")
        table = screen.query_one("#new-settings", DataTable)
        table.focus()
        await pilot.press("down", "down")
        await pilot.pause()
        key = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        setting = screen.ruleset.settings[key]
        return key, setting.text, setting.options, text_of(screen.query_one("#new-setting-detail", Static))

    key, text, options, detail = run(app, script)
    choices = f" (choices: {', '.join(str(o) for o in options)})" if options else ""
    assert detail == f"{key}: {text}{choices}" and len(text) > 60  # longer than the table's column shows
