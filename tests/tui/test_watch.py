"""The watcher: a read-only live view that follows commits made by another writer, offers no actions."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui_support import SIZE

from mstracker.game import Action
from mstracker.paths import app_dirs
from mstracker.store.fleets import load_roster
from mstracker.store.games import GameStore
from mstracker.tui.watch import WatchApp
from mstracker.tui.widgets.event_log import EventLog
from mstracker.tui.widgets.ship_card import ShipCard

REPO = Path(__file__).resolve().parents[2]
FLEETS = [REPO / "data/fleets/pz8/razor-squadron.toml", REPO / "data/fleets/pz8/anchor-flight.toml"]


def _game() -> int:
    with GameStore.default() as store:
        return store.create_game("Watched", "pz8", [load_roster(p) for p in FLEETS], {})


def _log_text(app: WatchApp) -> str:
    return "\n".join(strip.text for strip in app.screen.query_one(EventLog).lines)


async def _until(pilot, check, polls: int = 100) -> bool:  # noqa: ANN001
    """Let the watcher poll until `check()` holds (a bounded number of its poll intervals)."""
    for _ in range(polls):
        if check():
            return True
        await pilot.pause(0.05)
    return check()


def test_watcher_follows_actions_undo_and_redo_made_by_the_writer() -> None:
    game_id = _game()
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id))

    async def main() -> dict[str, object]:
        seen: dict[str, object] = {}
        writer_store = GameStore.default()
        writer = writer_store.open_game(game_id)  # the TUI or `game act` holds the lock meanwhile
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            card = app.screen.query_one("#ship-1", ShipCard)
            seen["before"] = card.ship.record.get("mps")
            writer.perform(Action("note", {"text": "seen from the other terminal"}))
            writer.perform(Action("set", {"target": "R1", "key": "mps", "value": "3"}))
            seen["followed"] = await _until(pilot, lambda: card.ship.record.get("mps") == 3)
            seen["log"] = "seen from the other terminal" in _log_text(app)
            writer.undo()
            seen["undone"] = await _until(pilot, lambda: card.ship.record.get("mps") == 6 and "Undone" in _log_text(app))
            writer.redo()
            seen["redone"] = await _until(pilot, lambda: card.ship.record.get("mps") == 3 and "Redone" in _log_text(app))
            await pilot.press("a", "x", "n", "u")  # battle keys do nothing here
            await pilot.pause()
            seen["after_keys"] = writer_store.game(game_id).actions
            await pilot.press("q")
        writer.close()
        writer_store.close()
        return seen

    seen = asyncio.run(main())
    assert seen == {"before": 6, "followed": True, "log": True, "undone": True, "redone": True, "after_keys": 3}
    assert not app.is_running


def test_watcher_takes_no_lock_and_offers_no_command_palette() -> None:
    game_id = _game()
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id))

    async def main() -> bool:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            with GameStore.default() as store:
                store.open_game(game_id).close()  # a writer can still open the game
            await pilot.press("ctrl+p")
            await pilot.pause()
            return type(app.screen).__name__ == "WatchScreen"

    assert asyncio.run(main()) is True
    assert not (app_dirs().games_db.parent / "games.sqlite3.locks" / f"game-{game_id}.pid").exists()


def test_watcher_shows_readiness_what_blocks_and_what_is_on_the_table() -> None:
    """A shot fired elsewhere marks the gun spent on the watcher's card; the fire-back it allows and
    the torpedo salvo launched are the contract's answers, shown as the battle screen shows them."""
    from mstracker.dice import TypedFaces
    from mstracker.tui.widgets.on_table import OnTable

    game_id = _game()
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id))

    def marks(ship: str) -> dict[str, str]:
        card = app.screen.query_one(f"#ship-{ship}", ShipCard)
        return {r.item: r.status.value for r in card.readiness}

    async def main() -> dict[str, object]:
        seen: dict[str, object] = {}
        with GameStore.default() as writer_store, writer_store.open_game(game_id) as writer:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                first = writer.state.ships_of(0)[0].id
                seen["before"] = marks(first)
                writer.perform(Action("next-step"))
                writer.perform(Action("roll-initiative"), TypedFaces([5, 2]))
                writer.perform(Action("activate", {"ship": first}))
                target = writer.state.ships_of(1)[0].id
                writer.perform(Action("fire", {"ship": first, "target": target, "distance": 2}), TypedFaces([4, 4, 5, 3, 4]))
                engine = writer.engine
                seen["followed"] = await _until(pilot, lambda: marks(first) != seen["before"])
                seen["after"] = marks(first)
                seen["expected"] = {r.item: r.status.value for r in engine.plugin.readiness(writer.state, writer.state.ships[first])}
                seen["table"] = str(app.screen.query_one(OnTable).render())
                seen["table_expected"] = [(t.id, t.kind) for t in engine.plugin.on_table(writer.state)]
                await pilot.press("q")
        return seen

    seen = asyncio.run(main())
    assert seen["followed"] is True
    assert seen["before"] == {"w1": "waiting", "w2": "waiting"}  # not activated yet
    assert seen["after"] == seen["expected"] == {"w1": "spent", "w2": "ready"}  # the gun fired, torpedo left
    assert seen["table_expected"] == [("fire-back", "Fire-back chance")]
    assert seen["table"].startswith("fire-back Fire-back chance · Blue · Wall Anchor (#7) may fire back at Razor Leader (#1)")
    assert seen["table"].endswith("(pz8 §4)")
