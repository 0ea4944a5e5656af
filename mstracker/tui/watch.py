"""The watcher: a read-only live view of one game for a second terminal or a browser.

`mstracker watch GAME` shows the banner (with what blocks the next step), every fleet's ship
records with their items' readiness, what is on the table and the log, and follows
every action the players commit elsewhere (the TUI, `game act`). It reads the database through a
read-only connection and never takes the game's lock, so it never waits on the writer nor blocks
it. Changes are noticed by polling SQLite's `PRAGMA data_version` on that connection every
POLL_SECONDS: a read of the shared-memory header, no disk I/O while nothing changes. It offers
no actions: the only key is quit, and a served tab (`--served`) has none (closing the tab ends it).
A game deleted while watched stops the view with a message instead of failing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..game import GameState
from ..game.setup import in_current_words
from ..store.gamesdb import GameNotFound, StoreError
from .lifeline import LifelineApp
from .screens.battle_session import all_readiness, changed_cards
from .spectator import GoneScreen, SpectatorBanner
from .widgets.event_log import EventLog
from .widgets.fleet_column import FleetColumn
from .widgets.on_table import OnTable
from .widgets.ship_card import ShipCard, ship_names

if TYPE_CHECKING:
    from ..store.games import GameReader, GameStore

POLL_SECONDS = 0.1
"""How often the watcher asks whether the database changed (commit-to-screen stays under 0.5 s)."""


class WatchScreen(Screen):
    """Banner, fleets and log of one game, redrawn as other processes change it."""

    TITLE = "Watching"
    AUTO_FOCUS = ""
    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def __init__(self, store: GameStore, reader: GameReader) -> None:
        super().__init__()
        self.store = store
        self.reader = reader
        self.cards: dict[str, ShipCard] = {}
        self.readiness = all_readiness(reader.engine, reader.state)
        self._version = store.data_version()
        self._created = store.game(reader.id).created  # tells this game from a later one given its id

    def compose(self) -> ComposeResult:
        state = self.reader.state
        yield SpectatorBanner(id="banner")
        with Horizontal(id="battle-body"):
            with Container(id="fleets"):
                for index in range(len(state.players)):
                    yield FleetColumn(index, state.ships_of(index), self.reader.engine.spec, self.readiness,
                                      ship_names(state))
            with Vertical(id="battle-side"):
                yield OnTable(id="on-table")
                yield EventLog(id="log")
        yield Static("read-only: follows the game as it is played elsewhere", id="watch-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.cards = {card.ship.id: card for card in self.query(ShipCard)}
        log = self.query_one(EventLog)
        log.border_title = "Log"
        for row in self.reader.log():
            log.add_events(row.events, undone=row.undone)
        self.reader.start_following()
        self.show_all()
        self._poller = self.set_interval(POLL_SECONDS, self.poll)

    def on_resize(self) -> None:
        width = self.size.width
        players = max(1, len(self.reader.state.players))
        self.query_one("#fleets").set_class(players > 1 and (width - 44) < players * 38, "-stacked")

    def poll(self) -> None:
        """Follow the game when another connection committed since the last look."""
        version = self.store.data_version()
        if version == self._version:
            return
        self._version = version
        old = self.reader.state
        try:
            changes = self.reader.follow()
        except StoreError as exc:
            self._poller.stop()
            self.app.game_gone(self.why_gone(exc))  # type: ignore[attr-defined]
            return
        if changes:
            self.show_changes(old, changes)

    def why_gone(self, error: StoreError) -> str:
        """The game can no longer be read: deleted (its id may even name a newer game), or damaged."""
        name = self.reader.name
        try:
            deleted = self.store.game(self.reader.id).created != self._created
        except GameNotFound:
            deleted = True
        except StoreError:
            deleted = False
        if deleted:
            return f"game {name!r} (id {self.reader.id}) was deleted; the watcher stopped"
        return f"{error}; the watcher stopped"

    def show_all(self) -> None:
        state = self.reader.state
        engine = self.reader.engine
        for column in self.query(FleetColumn):
            column.show_player(state, engine.acting(state).players)
        ruleset = engine.ruleset
        self.query_one(SpectatorBanner).show(in_current_words(ruleset, state), ruleset.meta.turn_word,
                                             bool(ruleset.house_rules),
                                             engine.next_step_blocker(state), engine.acting(state))
        self.query_one(OnTable).show(state, engine.plugin.on_table(state))

    def show_changes(self, old: GameState, changes: list) -> None:
        log = self.query_one(EventLog)
        for what, row in changes:
            if what == "undone":
                log.add_undo(row.events)
            elif what == "redone":
                log.add_redo(row.events)
            else:
                log.add_events(row.events, undone=row.undone)
        new = self.reader.state
        readiness = all_readiness(self.reader.engine, new)
        changed, self.readiness = changed_cards(old, new, self.readiness, readiness), readiness
        spec = self.reader.engine.spec
        for ship_id in changed:
            ship, card = new.ships.get(ship_id), self.cards.get(ship_id)
            if ship is None or card is None or card.ship.owner != ship.owner:
                self.call_later(self.rebuild_fleets)
                return
            moved = spec.lost(card.ship.record) != spec.lost(ship.record)
            card.show(ship, readiness.get(ship_id, ()))
            if moved:  # a ship left play (or came back): among the lost at the column's end, as in the battle
                self.query_one(f"#fleet-{ship.owner}", FleetColumn).keep_order(card)
        self.show_all()

    async def rebuild_fleets(self) -> None:
        """Ships were added or changed hands: lay the fleets out again (rare)."""
        fleets = self.query_one("#fleets")
        state = self.reader.state
        await fleets.remove_children()
        self.readiness = all_readiness(self.reader.engine, state)
        await fleets.mount_all(FleetColumn(i, state.ships_of(i), self.reader.engine.spec, self.readiness, ship_names(state))
                               for i in range(len(state.players)))
        self.cards = {card.ship.id: card for card in self.query(ShipCard)}
        self.show_all()


class WatchApp(LifelineApp[int]):
    """The watcher as an app of its own (`mstracker watch`, and each browser tab of `serve`)."""

    CSS_PATH = "app.tcss"
    TITLE = "mstracker watch"
    ENABLE_COMMAND_PALETTE = False  # nothing to do here but look
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, show=False)]

    def __init__(self, store: GameStore, reader: GameReader, theme: str = "textual-dark", served: bool = False) -> None:
        super().__init__()
        self.store = store
        self.reader = reader
        self._theme_name = theme
        self.served = served
        """A browser tab of `serve`: no key ends it (a stray key on a tablet), closing the tab does."""
        self.gone: str | None = None
        """Why the view stopped following (its game was deleted or damaged), once it has."""
        self.sub_title = reader.name

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.served and action in ("quit", "help_quit"):
            return False  # hidden from the footer and inert; the server still ends the tab
        return super().check_action(action, parameters)

    def game_gone(self, why: str) -> None:
        """Stop following: a terminal watcher exits (`watch` prints why), a served tab says it."""
        self.gone = why
        if self.served:
            self.push_screen(GoneScreen(why))
        else:
            self.exit()

    def get_default_screen(self) -> Screen:
        return WatchScreen(self.store, self.reader)

    def on_mount(self) -> None:
        self.theme = self._theme_name

    def on_unmount(self) -> None:
        self.store.close()
