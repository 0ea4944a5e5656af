"""Where the home screen's game entries lead: the battle screen once this build has one.

Checked at run time, so nothing here pretends to work. Without the game store the user is told the
games are coming; with it, the saved games are listed from the real database, and until the battle
screen lands the notice says how to play them from the command line meanwhile.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import MstrackerApp

ENTRIES = {
    "resume": "Resume the last game",
    "saved": "Saved games",
    "new": "New game",
    "demo": "Demo battle",
}
CLI_HINT = "Meanwhile games are played with `mstracker game ...` (new, show, act, undo, report)."


def battle_screen_available() -> bool:
    return importlib.util.find_spec("mstracker.tui.screens.battle") is not None


def open_game_entry(app: MstrackerApp, entry: str) -> None:
    """Open a game entry (resume / saved / new / demo), or say plainly why it cannot open yet."""
    store = app.services.game_store()
    if store is None:
        app.notify(
            f"{ENTRIES[entry]} needs the game core, which is coming in the next release. "
            "Meanwhile the fleet builder, dice roller and rules reference are ready.",
            title="Coming soon",
            severity="warning",
            timeout=8,
        )
        return
    if battle_screen_available():
        from .screens.battle import open_battle  # type: ignore[import-not-found]

        open_battle(app, entry)
        return
    if entry == "saved":
        show_saved_games(app, store)
        return
    app.notify(
        f"{ENTRIES[entry]} opens the battle screen, which is coming in the next release. {CLI_HINT}",
        title="Battle screen coming",
        severity="warning",
        timeout=10,
    )


def show_saved_games(app: MstrackerApp, store: Any) -> None:
    """List the games in the user's database (read-only for now)."""
    from .modals.saved_games import SavedGamesModal

    try:
        games_store = store.GameStore.default(app.services.dirs)
        try:
            games = games_store.list_games()
        finally:
            games_store.close()
    except store.StoreError as exc:
        app.notify(str(exc), title="Games database not read", severity="error", timeout=10)
        return
    note = f"Opening a game needs the battle screen (next release). {CLI_HINT} · escape: close"

    def chosen(game: Any) -> None:
        if game is not None:
            app.notify(f"{game.name}: the battle screen is coming in the next release. {CLI_HINT}", severity="warning", timeout=10)

    app.push_screen(SavedGamesModal(games, note), chosen)
