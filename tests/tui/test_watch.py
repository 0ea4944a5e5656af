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
                writer.perform(Action("move", {"ship": first, "mps": "F"}))  # pz8 §3: a move before firing
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
    assert seen["table"].startswith("Fire-back chance · Blue · Wall Anchor (#7) may fire back at Razor Leader (#1)")
    assert seen["table"].endswith("(pz8 §4)")


def test_a_served_tab_has_no_quit_key_and_a_banner_for_spectators() -> None:
    """A stray q, ctrl+q or ctrl+c on a tablet keeps the view; the banner names no key to press."""
    from textual.widgets import Footer

    from mstracker.tui.widgets.banner import Banner

    game_id = _game()
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id), served=True)

    async def main() -> dict[str, object]:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            banner = str(app.screen.query_one(Banner).render())
            footer_keys = [b.binding.key for b in app.screen.active_bindings.values() if b.enabled and b.binding.show]
            await pilot.press("q", "ctrl+q", "ctrl+c", "escape")
            await pilot.pause()
            app.query_one(Footer)
            return {"banner": banner, "keys": footer_keys, "running": app.is_running,
                    "notices": [n.message for n in app._notifications]}

    seen = asyncio.run(main())
    assert seen["running"] is True and seen["notices"] == []  # no "press ctrl+q to quit" either
    assert "q" not in seen["keys"]
    assert "press n" not in seen["banner"]
    assert seen["banner"].endswith("Set-up: the players place their fleets; turn 1 starts next")


def test_a_terminal_watcher_banner_names_no_key_and_q_still_quits() -> None:
    game_id = _game()
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id))

    async def main() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = str(app.screen.query_one("#banner").render())
            await pilot.press("q")
            await pilot.pause()
            return text

    assert "press n" not in asyncio.run(main())
    assert not app.is_running


def _delete_while_watched(served: bool) -> tuple[WatchApp, dict[str, object]]:
    game_id = _game()
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id), served=served)

    async def main() -> dict[str, object]:
        seen: dict[str, object] = {}
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            with GameStore.default() as store:
                store.delete_game(game_id)
            seen["stopped"] = await _until(pilot, lambda: app.gone is not None)
            if served:  # a served tab: its message screen is pushed, then composed (a terminal one exits,
                # and may still be running for a moment when `gone` is set: that is no served tab)
                await _until(pilot, lambda: bool(app.screen.query("#gone")))
                seen["screen"] = type(app.screen).__name__
                seen["shown"] = str(app.screen.query_one("#gone").render())
        return seen

    return app, asyncio.run(main())


def test_a_terminal_watcher_stops_with_a_message_when_its_game_is_deleted() -> None:
    app, seen = _delete_while_watched(served=False)
    assert seen == {"stopped": True}
    assert app.gone == "game 'Watched' (id 1) was deleted; the watcher stopped"
    assert not app.is_running


def test_a_served_tab_says_its_game_was_deleted_and_stops_following() -> None:
    app, seen = _delete_while_watched(served=True)
    assert seen["stopped"] is True and seen["screen"] == "GoneScreen"
    assert str(seen["shown"]).startswith("game 'Watched' (id 1) was deleted; the watcher stopped")
    assert "you can close this tab" in str(seen["shown"])


def test_a_destroyed_ship_moves_to_the_end_of_its_fleet_in_the_watcher() -> None:
    game_id = _game()
    readers = GameStore.default(readonly=True)
    app = WatchApp(readers, readers.open_reader(game_id))

    def order() -> list[str]:
        return [card.ship.id for card in app.screen.query_one("#fleet-0").query(ShipCard)]

    async def main() -> dict[str, object]:
        seen: dict[str, object] = {}
        with GameStore.default() as writer_store, writer_store.open_game(game_id) as writer:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                seen["before"] = order()
                writer.perform(Action("set", {"target": "R1", "key": "destroyed", "value": "true"}))
                seen["moved"] = await _until(pilot, lambda: order()[-1] == "1")
                seen["after"] = order()
                writer.undo()
                seen["back"] = await _until(pilot, lambda: order()[0] == "1")
        return seen

    seen = asyncio.run(main())
    assert seen["before"][0] == "1" and seen["moved"] is True and seen["back"] is True
    assert seen["after"] == [*seen["before"][1:], "1"]
