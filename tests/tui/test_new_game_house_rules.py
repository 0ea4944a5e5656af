"""The new-game screen and a house-rule file that cannot be applied (reliability finding 8).

A game keeps the rules it was created with, so the screen says the values are the book's, lets the
player fix the file and read it again, and asks before it creates a game with the book values.
"""

from __future__ import annotations


from textual.widgets import DataTable, Input, Select, Static
from tui_support import make_app, record_notifications, run, screen_after, settle, text_of

from house_rule_files import BROKEN, GOOD, PROBLEM, house_file

from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.new_game import NewGameScreen



def setting_row(screen: NewGameScreen, key: str) -> tuple[str, str]:
    table = screen.query_one("#new-settings", DataTable)
    row = table.get_row(key)
    return str(row[1]), str(row[2])


def problem_line(screen: NewGameScreen) -> str | None:
    line = screen.query_one("#new-house-problem", Static)
    return text_of(line) if line.display else None


def test_the_screen_says_the_book_values_are_shown_and_the_app_tells_it_once() -> None:
    path = house_file(BROKEN)
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot):
        screen = await screen_after(pilot, "n")
        shown = problem_line(screen), setting_row(screen, "ram_pct")
        await pilot.press("ctrl+r")  # read again, still broken: shown, not told again
        await settle(pilot)
        await pilot.press("escape")
        await screen_after(pilot, "n")  # and opening the screen again does not tell it again
        return shown

    line, ram = run(app, script)
    assert line is not None and line.startswith(f"✗ house rules not applied: {path}: {PROBLEM}")
    assert "The values below are the book's" in line
    assert ram == ("25", "house-default")  # the book's 25, not the file's 30
    told = [m for m in seen if PROBLEM in m]
    assert told == [f"{path}: {PROBLEM}\nThe book values are in force until the file is fixed."]


def test_creating_asks_first_and_back_creates_nothing() -> None:
    house_file(BROKEN)
    app = make_app()

    async def script(pilot):
        await screen_after(pilot, "n")
        modal = await screen_after(pilot, "ctrl+s")
        question = modal.question if isinstance(modal, ConfirmModal) else None
        detail = modal.detail if isinstance(modal, ConfirmModal) else ""
        after_back = await screen_after(pilot, "escape")
        return question, detail, type(after_back)

    question, detail, after = run(app, script)
    assert question == "Create this game with the book values?"
    assert PROBLEM in detail and "even after the file is fixed" in detail
    assert after is NewGameScreen
    from mstracker.store.games import GameStore

    store = GameStore.default(app.services.dirs)
    try:
        assert store.list_games() == []
    finally:
        store.close()


def test_going_on_with_the_book_values_creates_a_book_game() -> None:
    house_file(BROKEN)
    app = make_app()

    async def script(pilot):
        await screen_after(pilot, "n")
        await screen_after(pilot, "ctrl+s")
        battle = await screen_after(pilot, "y")
        return type(battle), battle.state.settings.get("ram_pct")

    assert run(app, script) == (BattleScreen, 25)


def test_fixing_the_file_and_reading_it_again_keeps_the_fleets_and_uses_the_house_values() -> None:
    house_file(BROKEN)
    app = make_app()

    async def script(pilot):
        screen = await screen_after(pilot, "n")
        first = screen.query_one("#fleet-0", Select)
        other = next(v for _, v in screen.fleet_options() if v != first.selection)
        first.value = other  # the player's own pick and name, which reading the file again must keep
        screen.query_one("#player-name-1", Input).value = "Ada"
        await settle(pilot)
        house_file(GOOD)
        await pilot.press("ctrl+r")
        await settle(pilot)
        kept = screen.query_one("#fleet-0", Select).selection, screen.query_one("#player-name-1", Input).value
        state = problem_line(screen), setting_row(screen, "ram_pct"), kept
        battle = await screen_after(pilot, "ctrl+s")  # no question now
        return other, state, type(battle), battle.state.settings.get("ram_pct")

    other, (line, ram, kept), battle, ram_in_game = run(app, script)
    assert line is None
    assert ram == ("30", "house rule")
    assert kept == (other, "Ada")
    assert (battle, ram_in_game) == (BattleScreen, 30)


def test_a_file_fixed_behind_the_screens_back_is_read_before_creating() -> None:
    house_file(BROKEN)
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot):
        screen = await screen_after(pilot, "n")
        house_file(GOOD)  # fixed in an editor, no ctrl+r
        after = await screen_after(pilot, "ctrl+s")
        state = type(after), problem_line(screen), setting_row(screen, "ram_pct")
        battle = await screen_after(pilot, "ctrl+s")
        return state, type(battle), battle.state.settings.get("ram_pct")

    (first, line, ram), battle, ram_in_game = run(app, script)
    assert first is NewGameScreen and line is None and ram == ("30", "house rule")  # shown, not yet created
    assert "The house-rule file changed: check the fleets and settings, then create again." in seen
    assert (battle, ram_in_game) == (BattleScreen, 30)


def test_a_setting_fixed_in_the_settings_screen_is_read_on_coming_back() -> None:
    path = house_file("[settings]\nram_pct = 500\n")
    app = make_app()

    async def script(pilot):
        screen = await screen_after(pilot, "n")
        before = problem_line(screen)
        pilot.app.open_screen("settings")
        await settle(pilot)
        table = pilot.app.screen.query_one("#house-table", DataTable)
        table.move_cursor(row=[str(table.get_row_at(i)[0]) for i in range(table.row_count)].index("ram_pct"))
        await pilot.press("delete")  # back to the book value: the file is fine again (and removed)
        await settle(pilot)
        back = await screen_after(pilot, "escape")
        return before, back is screen, problem_line(screen)

    before, same_screen, after = run(app, script)
    assert before is not None and "settings.ram_pct: 500 is above the maximum 100" in before
    assert same_screen and after is None
    assert not path.exists()


def test_the_fleet_builder_tells_it_too_once() -> None:
    """The fleet builder prices fleets with the rules in force: book prices are said to be the book's."""
    path = house_file(BROKEN)
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot):
        await screen_after(pilot, "f")
        await pilot.press("escape")
        await settle(pilot)
        await screen_after(pilot, "f")

    run(app, script)
    assert [m for m in seen if PROBLEM in m] == [f"{path}: {PROBLEM}\nThe book values are in force until the file is fixed."]
