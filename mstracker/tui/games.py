"""Where the home screen's game entries lead: resume, saved games, new game, the demo battle.

Each opens the battle screen on a game from the user's games database. Heavy modules (the store,
the engine, the battle screen) are imported here on first use, never at start-up.
"""

from __future__ import annotations

from collections.abc import Callable

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..store.games import GameStore
    from .app import MstrackerApp

ENTRIES = {
    "resume": "Resume the last game",
    "saved": "Saved games",
    "new": "New game",
    "demo": "Demo battle",
}
DEMO_NAME = "Demo battle"


def open_game_entry(app: MstrackerApp, entry: str) -> None:
    """Open a game entry (resume / saved / new / demo)."""
    if entry == "new":
        from .screens.new_game import NewGameScreen

        app.push_screen(NewGameScreen())
    elif entry == "demo":
        start_demo(app)
    elif entry == "resume":
        resume_last(app)
    elif entry == "saved":
        show_saved_games(app)


def _open_store(app: MstrackerApp) -> GameStore | None:
    """The games database opened for writing; None (after saying why) when it cannot be read."""
    from ..store.games import GameStore, StoreError

    try:
        return GameStore.default(app.services.dirs)
    except StoreError as exc:
        app.notify(str(exc), title="Games database not read", severity="error", timeout=10)
        return None


def list_games(app: MstrackerApp) -> list[Any] | None:
    """The saved games, most recent first; None (after saying why) when the database cannot be read."""
    store = _open_store(app)
    if store is None:
        return None
    try:
        return store.list_games()
    finally:
        store.close()


def count_games(app: MstrackerApp) -> int | None:
    """How many saved games there are: one light read-only query (the game core stays unimported, so
    the home screen's first frame shows the count); the full store explains a database it cannot read."""
    import sqlite3

    from ..store.quickread import game_count

    try:
        return game_count(app.services.dirs.games_db)
    except (sqlite3.Error, OSError):
        games = list_games(app)
        return None if games is None else len(games)


def open_game(app: MstrackerApp, game_id: int) -> bool:
    """Open a game on the battle screen; a locked or unreadable game is explained, not opened."""
    from ..store.games import GameLocked, StoreError
    from .screens.battle import BattleScreen
    from .screens.battle_session import BattleSession

    try:
        session = BattleSession.open(app.services.dirs, game_id)
    except GameLocked as exc:
        app.notify(
            f"{exc}\nClose it there first (or wait for that mstracker to quit), then open it again.",
            title="Game open elsewhere",
            severity="error",
            timeout=12,
        )
        return False
    except StoreError as exc:
        app.notify(str(exc), title="Game not opened", severity="error", timeout=12)
        return False
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(BattleScreen(session))
    if session.handle.took_over:
        app.notify(session.handle.took_over, title="Lock taken over", severity="warning", timeout=10)
    return True


def resume_last(app: MstrackerApp) -> None:
    games = list_games(app)
    if games is None:
        return
    if not games:
        app.notify("No games yet: press b for the demo battle, or n for a new game.", title="Nothing to resume", timeout=8)
        return
    open_game(app, games[0].id)


def show_saved_games(app: MstrackerApp) -> None:
    from .modals.saved_games import SavedGamesModal

    games = list_games(app)
    if games is None:
        return

    def chosen(choice: tuple[str, Any] | None) -> None:
        if choice is None:
            return
        verb, game = choice
        if verb == "open":
            open_game(app, game.id)
        elif verb == "export":
            ask_export(app, game)
        elif verb == "import":
            ask_import(app)
        elif verb == "report":  # escape from the report comes back to this list
            show_report(app, game.id, game.name, back=lambda: show_saved_games(app))

    note = "enter: open on the battle screen (ctrl+d there deletes a game) · r: battle report · escape: close"
    app.push_screen(SavedGamesModal(games, note), chosen)


def show_report(app: MstrackerApp, game_id: int, name: str, back: Callable[[], None] | None = None) -> None:
    """The battle report of a saved game (read in a worker; a game open in another mstracker is explained);
    `back` runs when the player leaves it with escape (the list it was opened from)."""
    from ..store.reports import game_report
    from .screens.report import ReportScreen

    dirs = app.services.dirs
    app.push_screen(ReportScreen(game_id, name, lambda: game_report(dirs, game_id), back=back))


def ask_export(app: MstrackerApp, game: Any) -> None:
    """Ask where to write a game file (suggesting the data folder's exports/), then write it."""
    from ..store.fleets import slug
    from .modals.text_prompt import Field, TextPromptModal, not_blank

    default = app.services.dirs.data / "exports" / f"{slug(game.name)}.mstracker.json"

    def write(values: list[str] | None) -> None:
        if values:
            export_game_file(app, game.id, Path(values[0]).expanduser())

    field = Field("File to write", str(default), check=not_blank, max_length=1000)
    app.push_screen(TextPromptModal(f"Export {game.name!r}", [field]), write)


def ask_import(app: MstrackerApp) -> None:
    """Ask for a game file, import it as a new game, and show the saved games again."""
    from .modals.text_prompt import Field, TextPromptModal, not_blank

    def read(values: list[str] | None) -> None:
        if values and import_game_file(app, Path(values[0]).expanduser()) is not None:
            show_saved_games(app)

    field = Field("Game file (written by export)", "", placeholder="~/game.mstracker.json", check=not_blank, max_length=1000)
    app.push_screen(TextPromptModal("Import a game", [field]), read)


def export_game_file(app: MstrackerApp, game_id: int, path: Path) -> bool:
    from ..store.gamefile import export_game
    from ..store.games import GameStore, StoreError

    try:
        with GameStore.default(app.services.dirs, readonly=True) as store:
            count = export_game(store, game_id, path)
    except StoreError as exc:
        app.notify(str(exc), title="Game not exported", severity="error", timeout=12)
        return False
    app.notify(f"{count} actions written to {app.services.show_path(path)}", title="Game exported", timeout=8)
    return True


def import_game_file(app: MstrackerApp, path: Path) -> int | None:
    from ..store.gamefile import import_game
    from ..store.games import GameStore, StoreError

    try:
        with GameStore.default(app.services.dirs) as store:
            game_id = import_game(store, path)
            name = store.game(game_id).name
    except StoreError as exc:
        app.notify(str(exc), title="Game not imported", severity="error", timeout=12)
        return None
    app.notify(f"Imported as {name!r}", title="Game imported", timeout=8)
    return game_id


def create_game(app: MstrackerApp, name: str, ruleset: str, rosters: list[Any], settings: dict[str, Any],
                allow_illegal: bool = False) -> int | None:
    """Create a game and return its id; None (after saying why) when it cannot be created."""
    from ..game import GameError
    from ..store.games import StoreError
    from .screens.battle_session import unique_name

    store = _open_store(app)
    if store is None:
        return None
    try:
        return store.create_game(unique_name(store, name), ruleset, rosters, settings, allow_illegal)
    except (GameError, StoreError) as exc:
        app.notify(str(exc), title="Game not created", severity="error", timeout=10)
        return None
    finally:
        store.close()


def demo_ruleset(app: MstrackerApp) -> str | None:
    """The ruleset of the demo battle: the one the user works with, else the first that has a demo."""
    from ..rules.registry import package, ruleset_ids

    ids = [app.services.current_ruleset_id, *ruleset_ids()]
    return next((rid for rid in ids if package(rid).demo is not None), None)


def start_demo(app: MstrackerApp) -> None:
    """A new game from the demo's two sample fleets, opened at once."""
    from ..rules.registry import package
    from ..store.fleets import load_roster, sample_fleets
    from ..store.tomlfile import FileProblem

    ruleset = demo_ruleset(app)
    demo = package(ruleset).demo if ruleset else None
    if ruleset is None or demo is None:
        app.notify("No installed ruleset has a demo battle.", severity="error")
        return
    samples = {p.name: p for p in sample_fleets(ruleset)}
    try:
        rosters = [load_roster(samples[name]) for name in demo.fleets]
    except (KeyError, FileProblem) as exc:
        app.notify(f"The sample fleets are missing or broken: {exc}", severity="error")
        return
    game_id = create_game(app, DEMO_NAME, ruleset, rosters, {})
    if game_id is not None:
        open_game(app, game_id)


def delete_game(app: MstrackerApp, game_id: int, name: str) -> bool:
    from ..store.games import GameStore, StoreError

    try:
        with GameStore.default(app.services.dirs) as store:
            store.delete_game(game_id)
    except StoreError as exc:
        app.notify(str(exc), title="Game not deleted", severity="error", timeout=10)
        return False
    app.notify(f"Deleted {name!r}", title="Game deleted")
    return True
