"""New game, resume, saved games and the first-run demo battle, from the home screen."""

from __future__ import annotations

from tui_support import make_app, record_notifications, run, screen_after, settle
from textual.widgets import DataTable, Input, OptionList, Select, Static

from mstracker.tui.modals.choose_value import ChooseValueModal
from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.home import HomeScreen
from mstracker.tui.screens.new_game import NewGameScreen


def test_first_run_offers_the_demo_battle_one_key_away(app) -> None:
    async def script(pilot):
        await pilot.pause(0.2)  # the games are counted just after the first frame
        home = pilot.app.screen
        status = str(home.query_one("#home-status", Static).content)
        screen = await screen_after(pilot, "b")
        return status, type(screen), screen.state.ruleset, [p.fleet for p in screen.state.players]

    status, screen, ruleset, fleets = run(app, script)
    assert "none yet: press b for a demo battle" in status
    assert screen is BattleScreen and ruleset == "spook"
    assert fleets == ["Azure Vanguard", "Crimson Picket"]  # the scrimmage pair


def test_resume_with_no_games_says_so_and_stays_home(app) -> None:
    seen = record_notifications(app)

    async def script(pilot):
        await pilot.press("c")
        await settle(pilot)
        return type(pilot.app.screen)

    assert run(app, script) is HomeScreen
    assert any("No games yet" in message for message in seen)


def test_new_game_shows_fleets_with_legality_and_every_setting(app) -> None:
    async def script(pilot):
        screen = await screen_after(pilot, "n")
        assert isinstance(screen, NewGameScreen)
        legal = [str(screen.query_one(f"#legal-{i}", Static).content) for i in range(2)]
        settings = screen.query_one("#new-settings", DataTable).row_count
        options = [label for label, _ in screen.fleet_options()]
        name = screen.query_one("#new-name", Input).value
        return screen.ruleset.settings, settings, legal, options, name

    book, rows, legal, options, name = run(app, script)
    assert rows == len(book)
    # ("legal" alone would also match "illegal".) Costs by hand from RULES.md A2.2-A2.4:
    # Azure Vanguard 190 + 230 + 225 + 60 + 80 + 12 + 14 + 14 = 825; Crimson Picket
    # 165 + 325 + 75 + 70 + 60 + 12 + 12 + 14 + 14 + 15 (Probe 5 + Sensor Jammer 10) = 762.
    assert legal == ["✓ legal · 8 ships · 825/850", "✓ legal · 10 ships · 762/850"]
    assert any(" · sample · " in label for label in options)
    assert name == "Azure Vanguard vs Crimson Picket"  # the two scrimmage samples offered first


def test_a_setting_changed_for_the_game_is_in_force(app) -> None:
    async def script(pilot):
        screen = await screen_after(pilot, "n")
        key = next(k for k, s in screen.ruleset.settings.items() if len(s.options) > 1)
        setting = screen.ruleset.settings[key]
        other = next(o for o in setting.options if o != setting.value)
        table = screen.query_one("#new-settings", DataTable)
        table.focus()
        table.move_cursor(row=list(screen.ruleset.settings).index(key))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ChooseValueModal)
        choices = pilot.app.screen.choices
        pilot.app.screen.query_one(OptionList).highlighted = choices.index(other)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.chosen == {key: other}
        await pilot.press("ctrl+s")
        await settle(pilot)
        return key, other, pilot.app.screen.state.settings[key]

    key, other, in_force = run(app, script)
    assert in_force == other


def test_lukas_takes_a_third_player_and_spook_does_not(app) -> None:
    seen = record_notifications(app)

    async def script(pilot):
        screen = await screen_after(pilot, "n")
        await pilot.press("ctrl+a")  # spook: two players
        await settle(pilot)
        spook_players = screen.players
        await pilot.press("enter", "down", "enter")  # lukas
        await settle(pilot)
        await pilot.press("ctrl+a")
        await settle(pilot)
        fleets = [screen.query_one(f"#fleet-{i}", Select).selection for i in range(3)]
        await pilot.press("ctrl+s")
        await settle(pilot)
        if isinstance(pilot.app.screen, ConfirmModal):
            await pilot.press("y")
            await settle(pilot)
        return spook_players, fleets, pilot.app.screen.state

    spook_players, fleets, state = run(app, script)
    assert spook_players == 2
    assert all(fleets) and len(state.players) == 3 and state.ruleset == "lukas"
    assert any("two players" in message for message in seen)


def test_a_locked_game_gets_a_clear_message(app) -> None:
    from mstracker.paths import app_dirs
    from mstracker.store.fleets import load_roster, sample_fleets
    from mstracker.store.games import GameStore

    store = GameStore.default(app_dirs())
    rosters = [load_roster(p) for p in sample_fleets("spook") if "scrimmage" in p.name]
    game_id = store.create_game("Held elsewhere", "spook", rosters)
    handle = store.open_game(game_id)  # another mstracker has it open
    seen = record_notifications(app)

    async def script(pilot):
        await pilot.press("c")
        await settle(pilot)
        return type(pilot.app.screen)

    try:
        assert run(app, script) is HomeScreen
    finally:
        handle.close()
        store.close()
    assert any("already open" in message and "Close it there first" in message for message in seen)


def test_saved_games_open_the_chosen_game() -> None:
    async def make(pilot):
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("escape", "y")  # leave the battle for Home (it asks first)
        await settle(pilot)
        await pilot.press("b")  # a second demo: "Demo battle 2"
        await settle(pilot)
        return [g for g in (pilot.app.screen.state.name,)]

    assert run(make_app(), make) == ["Demo battle 2"]

    async def script(pilot):
        await pilot.press("g")
        await settle(pilot)
        games = pilot.app.screen.query_one("#games-list", OptionList)
        names = [str(games.get_option_at_index(i).prompt) for i in range(games.option_count)]
        games.highlighted = next(i for i, n in enumerate(names) if n.startswith("Demo battle  "))
        await pilot.press("enter")
        await settle(pilot)
        return pilot.app.screen.state.name

    assert run(make_app(), script) == "Demo battle"
