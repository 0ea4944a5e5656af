"""The battle report in the TUI: R on the battle screen (and its palette twin), r in saved games, the
note at the end of a game, the tabs, the charts, and exports written to the data dir."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.widgets import Static
from textual_plotext import PlotextPlot
from tui_support import end_the_game, make_app, record_notifications, run, screen_after, settle

from mstracker.game import engine_for
from mstracker.paths import app_dirs
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.store.games import GameStore, StoreError
from mstracker.tui.app import screen_binding_commands
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.battle_scenes import attack
from tui_support import spook_to_attack
from mstracker.tui.screens.home import HomeScreen
from mstracker.tui.screens.report import ReportScreen
from mstracker.tui.widgets.fleet_column import player_content


def plain(widget: Static) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def demo_with_an_attack(pilot: Any) -> BattleScreen:
    await pilot.press("b")
    await settle(pilot)
    await spook_to_attack(pilot)
    await attack(pilot, "2", "9", "3", distance="6")  # Gattling Mass Driver, d6 3: 90 off Red Bastion
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


def test_r_on_the_battle_screen_shows_the_report_and_exports_it(isolated_home: Path) -> None:
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot: Any) -> dict:
        battle = await demo_with_an_attack(pilot)
        screen = await screen_after(pilot, "R")
        assert isinstance(screen, ReportScreen) and screen.report is not None
        head = plain(screen.query_one("#report-head", Static))
        plots = len(screen.query(PlotextPlot))
        await pilot.press("t")
        turn = plain(screen.query_one("#report-turn", Static))
        await pilot.press("h", "j", "m")
        await pilot.press("escape")
        await settle(pilot)
        return {"head": head, "plots": plots, "turn": turn, "back": pilot.app.screen is battle,
                "report": screen.report, "id": battle.session.game_id}

    got = run(app, script)
    assert got["head"].startswith("Battle report: Demo battle · spook · no turns played · in progress, turn 1 under way")
    assert got["plots"] == 2 and [c["title"] for c in got["report"]["charts"]["charts"]] == ["Armor left", "Ships in play"]
    # the turn's story (its long middle is shortened on screen) and its dice; the 90 dealt is checked below
    assert "Turn 1: Blue to play" in got["turn"] and "at Red Bastion (#9), at 6 units" in got["turn"]
    assert "damage: 30 × d6: 1d6 = 3" in got["turn"]
    assert got["back"]
    folder = isolated_home / "data" / "reports"
    page = (folder / f"{got['id']}-demo-battle.html").read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and page.count("<svg ") == 2
    data = json.loads((folder / f"{got['id']}-demo-battle.json").read_text(encoding="utf-8"))
    # Blue's rolls: its die of the roll-off for the first turn, then the Gattling's d6
    assert data["luck"]["players"][0]["rolls"] == 2 and data["luck"]["damage"][0]["actual_dealt"] == 90
    assert "## Dice luck" in (folder / f"{got['id']}-demo-battle.md").read_text(encoding="utf-8")
    assert f"$MSTRACKER_HOME/data/reports/{got['id']}-demo-battle.html" in seen


def test_the_report_is_a_palette_command_of_the_battle_screen() -> None:
    async def script(pilot: Any) -> list[str]:
        await pilot.press("b")
        await settle(pilot)
        return [c.title for c in screen_binding_commands(pilot.app.screen)]

    assert "Battle: Report" in run(make_app(), script)


def test_saved_games_offer_the_report() -> None:
    samples = {p.name: p for p in sample_fleets("cal")}
    with GameStore.default(app_dirs()) as store:
        store.create_game("Convoy run", "cal", [load_roster(samples["cruiser-squadron.toml"]),
                                                 load_roster(samples["convoy.toml"])])

    async def script(pilot: Any) -> tuple:
        await pilot.press("g")
        await settle(pilot)
        screen = await screen_after(pilot, "r")
        report = screen.report if isinstance(screen, ReportScreen) else None
        await pilot.press("escape")
        await settle(pilot)
        return report, type(pilot.app.screen).__name__

    report, back_on = run(make_app(), script)
    assert report is not None and report["game"] == "Convoy run" and report["ruleset"] == "cal"
    assert [c["title"] for c in report["charts"]["charts"]] == ["SS left", "Ships in play"]
    assert back_on == "SavedGamesModal"  # escape goes back to the list the report was opened from, not Home


def test_saved_games_name_the_turn_in_the_rulesets_word() -> None:
    """cal plays rounds (its [meta] turn_word): 'round 3', not 'turn 3'; a game in set-up says so."""
    from mstracker.store.gamerows import GameSummary
    from mstracker.store.ruleset_meta import turn_word
    from mstracker.tui.modals.saved_games import SavedGamesModal

    assert (turn_word("cal"), turn_word("spook"), turn_word("no-such-ruleset")) == ("round", "turn", "turn")
    modal = SavedGamesModal([], "")
    row = lambda ruleset, turn: str(modal._option(GameSummary(  # noqa: E731
        1, "G", ruleset, "2026-12-01T10:00:00+00:00", "2026-12-01T10:00:00+00:00", turn, ("A", "B"), 9, False, "")).prompt)
    assert "  ·  cal  ·  round 3  ·  A vs B" in row("cal", 3)
    assert "  ·  spook  ·  turn 3  ·  A vs B" in row("spook", 3)
    assert "  ·  pz8  ·  set-up  ·  A vs B" in row("pz8", 0)


def test_saved_games_show_local_readable_times() -> None:
    from datetime import datetime, timezone

    from mstracker.tui.modals.saved_games import readable_time

    local = lambda y, mo, d, h, mi: datetime(y, mo, d, h, mi).astimezone()  # noqa: E731 - a local wall time
    now = local(2026, 12, 1, 22, 0)
    assert readable_time(datetime(2026, 12, 1, 21, 4, tzinfo=timezone.utc).isoformat(), now).endswith(
        datetime(2026, 12, 1, 21, 4, tzinfo=timezone.utc).astimezone().strftime("%H:%M"))  # stored UTC, shown local
    assert readable_time(local(2026, 12, 1, 21, 4).isoformat(), now) == "today 21:04"
    assert readable_time(local(2026, 11, 30, 9, 30).isoformat(), now) == "yesterday 09:30"
    assert readable_time(local(2026, 11, 3, 18, 20).isoformat(), now) == "3 Nov 18:20"
    assert readable_time(local(2025, 11, 3, 18, 20).isoformat(), now) == "3 Nov 2025 18:20"
    assert readable_time("not a time", now) == "not a time"


def test_a_report_that_cannot_be_read_says_why_and_closes() -> None:
    app = make_app()
    seen = record_notifications(app)

    def broken() -> dict:
        raise StoreError("games.sqlite3: cannot be opened (disk I/O error)", Path("games.sqlite3"))

    async def script(pilot: Any) -> bool:
        await pilot.app.push_screen(ReportScreen(1, "Lost game", broken))
        for _ in range(100):  # (settle would re-raise the worker's error; the app itself does not)
            await pilot.pause(0.05)
            if isinstance(pilot.app.screen, HomeScreen):
                return True
        return False

    assert run(app, script)
    assert any("cannot be opened" in m for m in seen)


def test_the_end_of_a_game_says_where_the_report_is() -> None:
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot: Any) -> bool:
        screen = await demo_with_an_attack(pilot)
        await end_the_game(pilot)  # close the form: back on the battle screen
        return screen.state.finished

    assert run(app, script)
    assert sum("Press R for the battle report" in m for m in seen) == 1


def test_fleet_headers_count_retired_ships_apart_from_losses() -> None:
    eng = engine_for(book_ruleset("spook"))
    samples = {p.name: p for p in sample_fleets("spook")}
    state = eng.new_game("Headers", [load_roster(samples["scrimmage-blue.toml"]), load_roster(samples["scrimmage-red.toml"])])
    state = state.with_ship(state.ships["6"].with_values({"retired": True}))
    state = state.with_ship(state.ships["7"].with_values({"destroyed": True, "armor": 0}))
    assert "6 in play · 1 retired · 1 destroyed" in player_content(state, 0, eng.spec).plain


def test_after_the_end_the_checklist_says_the_game_is_over_and_who_won() -> None:
    from mstracker.tui.widgets.checklist import Checklist, step_options

    async def script(pilot: Any) -> tuple:
        screen = await demo_with_an_attack(pilot)
        await end_the_game(pilot)
        checklist = screen.query_one(Checklist)
        lines = [str(checklist.get_option_at_index(i).prompt) for i in range(checklist.option_count)]
        won = screen.state.model_copy(update={"winner": "Blue"})
        with_winner = str(step_options(won, screen.session.engine, {})[0].prompt)
        return lines, checklist.border_title, with_winner

    lines, title, with_winner = run(make_app(), script)
    assert lines[0] == "■ Game over: Blue holds the field" and title == "Checklist · game over"
    assert not any(line.lstrip("▶ ").startswith(("☐", "☑", "1.")) for line in lines)  # no step 1 left showing
    assert with_winner == "■ Game over · Blue wins: Blue holds the field"
