"""The battle screen: every fleet's ship records, the banner, the phase checklist, the log, and
every action of the ruleset (attack with live odds, the generic form, undo and redo).

Attributes down, messages up: cards, checklist and forms post messages; this screen calls the
session (store + engine) and redraws only what changed: one ShipCard per changed ship, the banner
and checklist when the position moved, the headers of the players whose ships or resources moved.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import ActiveBinding, Binding
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from ...dice import DiceError, FaceSource, RngFaces
from ...game import Action, Engine, Event, GameError, GameState
from ...game.setup import in_current_words
from ...store.games import StoreError
from ..widgets.banner import Banner
from ..widgets.checklist import Checklist
from ..widgets.event_log import EventLog
from ..widgets.fleet_column import FleetColumn, column_order
from ..widgets.on_table import OnTable
from ..widgets.ship_card import ShipCard, ship_names
from .battle_actions import BattleActions
from .battle_report_action import BattleReportAction
from .battle_session import BattleSession, Change, all_readiness, changed_cards
from .fitted import give_way
from .quick_resume import QuickResume

if TYPE_CHECKING:
    from ..app import MstrackerApp

#: The actions whose key opens a form: keys typed right after them go into that form.
FORM_ACTIONS = frozenset({"attack", "actions", "adjust", "set_value", "note", "next_step", "advance"})

#: A fleet column needs about this many cells to read a ship card comfortably.
COLUMN_WIDTH = 38


#: Footer keys that make way in a narrow terminal, least used first.
GIVE_WAY = ("ask_leave", "report", "mark_target", "redo", "adjust")


class BattleScreen(QuickResume, BattleActions, BattleReportAction, Screen):
    TITLE = "Battle"
    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("a", "attack", "Attack"),
        Binding("x", "actions", "Actions"),
        Binding("m", "adjust", "Adjust"),
        Binding("space", "tick", "Tick"),
        Binding("n", "next_step", "Next step"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("r,ctrl+y", "redo", "Redo"),
        Binding("t", "mark_target", "Target"),
        Binding("f", "plan", "Fire plan"),
        Binding("R", "report", "Report"),
        Binding("escape", "ask_leave", "Home"),
        Binding("down,j", "select(1)", "Next ship", show=False),
        Binding("up,k", "select(-1)", "Previous ship", show=False),
        Binding("right,l", "fleet(1)", "Next fleet", show=False),
        Binding("left,h", "fleet(-1)", "Previous fleet", show=False),
        Binding("N", "advance", "Advance to the next manual item", show=False),
        Binding("v", "set_value", "Set a value", show=False),
        Binding("o", "note", "Write a note", show=False),
        Binding("ctrl+e", "end_game", "End the game", show=False),
        Binding("ctrl+d", "delete_game", "Delete this game", show=False),
        # look-ups beside the battle (escape comes back to it); F1 lists them, the footer has no room
        Binding("b", "app.open('rules')", "Rules reference", show=False),
        Binding("d", "app.open('dice')", "Dice roller", show=False),
    ]

    def __init__(self, session: BattleSession) -> None:
        super().__init__()
        self.session = session
        self.readiness: dict[str, tuple[Any, ...]] = {}
        self.cards: dict[str, ShipCard] = {}
        self.selected: str | None = None
        self.target_id: str | None = None
        self._session_closed = False
        self._history_keys: tuple[bool, bool] | None = None
        self._blocker: Any = None
        self._typing_ahead: list[events.Key] | None = None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """When the keys do not all fit the footer, the least used make way (they still work, F1 lists them)."""
        bindings = super().active_bindings
        width = self.size.width
        return give_way(self, bindings, GIVE_WAY, width, width < 100) if width else bindings

    # ---- BattleHost (what the forms use) -------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def engine(self) -> Engine:
        return self.session.engine

    @property
    def physical_default(self) -> bool:
        return self.app_services.settings.settings.dice_mode == "physical"

    @property
    def app_services(self) -> Any:
        app: MstrackerApp = self.app  # type: ignore[assignment]
        return app.services

    def app_faces(self) -> FaceSource:
        return RngFaces(self.app_services.rng)

    def perform_action(self, action: Action, faces: FaceSource | None) -> tuple[Event, ...] | None:
        """Perform an action; a refusal is shown (severity error) and changes nothing."""
        old = self.session.state
        try:
            change = self.session.perform(action, faces)
        except (GameError, StoreError, DiceError) as exc:
            self.last_refusal = str(exc)  # a form shows it beside its fields
            self.notify(str(exc), title=f"{action.kind}: not done", severity="error", timeout=8)
            return None
        self.after_change(old, change)
        return change.events

    # ---- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        state = self.session.state
        self.readiness = self.all_readiness(state)
        yield Banner(id="banner")
        with Horizontal(id="battle-body"):
            with Container(id="fleets"):
                for index in range(len(state.players)):
                    yield FleetColumn(index, state.ships_of(index), self.session.spec, self.readiness,
                                      ship_names(state))
            with Vertical(id="battle-side"):
                yield Checklist(id="checklist")
                yield OnTable(id="on-table")
                yield EventLog(id="log")
        yield Footer()

    def all_readiness(self, state: GameState) -> dict[str, tuple[Any, ...]]:
        """Every ship's items as the ruleset's contract reads them now."""
        return all_readiness(self.session.engine, state)

    def on_mount(self) -> None:
        self.app.close_on_exit(id(self), self.close_session)  # type: ignore[attr-defined]
        self.cards = {card.ship.id: card for card in self.query(ShipCard)}
        log = self.query_one(EventLog)
        log.border_title = "Log"
        for row in self.session.full_log():
            log.add_events(row.events, undone=row.undone)
        state = self.session.state
        order = self.ship_order()
        mine = [s for s in order if state.ships[s].owner == state.active]
        if order:
            self.move_selection((mine or order)[0])
        self.show_all()
        self.set_timer(0.5, self.warm_attack_form)  # the first `a` opens as fast as the later ones

    def on_key(self, event: events.Key) -> None:
        """Keys typed right after a key that opens a form belong to that form. The form opens only when
        the opening key's binding runs, after this screen has seen the keys queued behind it: those are
        kept here and handed to the form (see `hand_over_keys`)."""
        if self._typing_ahead is not None:
            event.stop()
            event.prevent_default()
            self._typing_ahead.append(event)
            return
        bound = self._bindings.key_to_bindings.get(event.key, ())
        if any(b.action in FORM_ACTIONS for b in bound):
            self._typing_ahead = []

    def hand_over_keys(self, form: Any | None) -> None:
        """Give the keys typed ahead to the form just opened (none opened: they go back to the app)."""
        keys, self._typing_ahead = self._typing_ahead or [], None
        for key in keys:
            if form is not None and hasattr(form, "take_key"):
                form.take_key(key)
            else:  # a menu, or nothing opened: the keys go back to the app, to whatever is on top
                self.app.post_message(events.Key(key.key, key.character))

    def on_resize(self) -> None:
        width = self.size.width
        self.set_class(width < 100, "-narrow")
        for footer in self.query(Footer):
            footer.compact = width < 100
        self.refresh_bindings()  # the keys that made way for a narrow footer come back at a wide one
        side = 30 if width < 100 else 44
        players = max(1, len(self.session.state.players))
        self.query_one("#fleets").set_class(players > 1 and (width - side) < players * COLUMN_WIDTH, "-single")
        self.show_current_column()

    def show_current_column(self) -> None:
        """In a narrow terminal only the fleet holding the selection shows (h / l switch)."""
        state = self.session.state
        owner = state.ships[self.selected].owner if self.selected in state.ships else 0
        for column in self.query(FleetColumn):
            column.set_class(column.index == owner, "-current")

    def on_unmount(self) -> None:
        self.forget_attack_form()
        self.close_session()

    def close_session(self) -> None:
        """Close the game (its lock is released); also done when the app exits."""
        if not self._session_closed:
            self._session_closed = True
            self.session.close()
            self.app.close_on_exit(id(self), None)  # type: ignore[attr-defined]

    # ---- drawing -------------------------------------------------------------------------------
    def show_all(self) -> None:
        state = self.session.state
        acting = self.session.engine.acting(state).players
        for column in self.query(FleetColumn):
            column.show_player(state, acting)
        self.show_position()

    def show_position(self) -> None:
        state = self.session.state
        engine = self.session.engine
        shown = in_current_words(engine.ruleset, state)  # a game saved before a step was reworded
        self.query_one(Banner).show(shown, engine.ruleset.meta.turn_word, bool(engine.ruleset.house_rules),
                                    engine.next_step_blocker(state), engine.acting(state))
        self.query_one(Checklist).show(shown, engine, self.session.auto_results())
        self.query_one(OnTable).show(state, engine.plugin.on_table(state))
        self.refresh_history_keys()

    def refresh_history_keys(self) -> None:
        """Grey out undo / redo in the footer when there is nothing to undo or redo. Only those two keys
        are restyled, in place: refreshing the bindings rebuilds the whole footer, a layout pass of the
        screen on every undo (issue 16). Before the footer shows them, it is built as the keys are now."""
        keys = (self.session.can_undo, self.session.can_redo)
        if keys == self._history_keys:
            return
        self._history_keys = keys
        enabled = dict(zip(("undo", "redo"), keys, strict=True))
        shown = [key for key in self.query(FooterKey) if key.action in enabled]
        if not shown:
            self.refresh_bindings()
        for key in shown:
            key._disabled = not enabled[key.action]  # Textual's own mark: a click on it only rings the bell
            key.set_class(key._disabled, "-disabled")

    def after_change(self, old: GameState, change: Change) -> None:
        """Redraw what the change touched, and write it in the log."""
        log = self.query_one(EventLog)
        if change.undone:
            log.add_undo(change.events)
        elif change.redone:
            log.add_redo(change.events)
        else:
            log.add_events(change.events)
        new = self.session.state
        readiness = self.all_readiness(new)
        owners: set[int] = set()
        rebuild = False
        spec = self.session.spec
        for ship_id in changed_cards(old, new, self.readiness, readiness):
            ship = new.ships.get(ship_id)
            card = self.cards.get(ship_id)
            if ship is None or card is None or card.ship.owner != ship.owner:
                rebuild = True
                continue
            moved = spec.lost(card.ship.record) != spec.lost(ship.record)
            card.show(ship, readiness.get(ship_id, ()))
            if moved:
                self.column_of(ship.owner).keep_order(card)
            owners.add(ship.owner)
        self.readiness = readiness
        if rebuild:
            self.rebuild_fleets()
            return
        acting = self.session.engine.acting(new).players
        if old.players is not new.players or old.active != new.active or old.turn != new.turn \
                or old.finished != new.finished or self.session.engine.acting(old).players != acting:
            owners.update(range(len(new.players)))
        for column in self.query(FleetColumn):
            if column.index in owners:
                column.show_player(new, acting)
        if old.active != new.active:
            self.follow_active(new)
        blocker = self.session.engine.next_step_blocker(new)
        if (old.turn, old.active, old.phase, old.step, old.ticked, old.finished, old.extra, self._blocker) != (
            new.turn, new.active, new.phase, new.step, new.ticked, new.finished, new.extra, blocker
        ):
            self._blocker = blocker
            self.show_position()
        else:
            self.refresh_history_keys()

    def follow_active(self, state: GameState) -> None:
        """The side to act changed: the selection (and, when narrow, the fleet shown) moves to its first ship."""
        selected = state.ships.get(self.selected) if self.selected else None
        if selected is not None and selected.owner == state.active:
            return
        mine = [s for s in self.ship_order() if state.ships[s].owner == state.active]
        if mine:
            self.move_selection(mine[0])

    def column_of(self, player: int) -> FleetColumn:
        return self.query_one(f"#fleet-{player}", FleetColumn)

    def rebuild_fleets(self) -> None:
        """Ships were added or changed hands: lay the fleets out again (rare)."""
        self.call_later(self._rebuild_fleets)

    async def _rebuild_fleets(self) -> None:
        fleets = self.query_one("#fleets")
        state = self.session.state
        await fleets.remove_children()
        self.readiness = self.all_readiness(state)
        await fleets.mount_all(FleetColumn(i, state.ships_of(i), self.session.spec, self.readiness, ship_names(state))
                               for i in range(len(state.players)))
        self.cards = {card.ship.id: card for card in self.query(ShipCard)}
        for ship_id, card in self.cards.items():
            if ship_id == self.selected or ship_id == self.target_id:
                card.show(selected=ship_id == self.selected, target=ship_id == self.target_id)
        self.show_all()
        self.show_current_column()

    # ---- selection -----------------------------------------------------------------------------
    def ship_order(self) -> list[str]:
        """Ships as the columns show them: fleet by fleet, those in play first."""
        state = self.session.state
        return [s.id for i in range(len(state.players)) for s in column_order(state.ships_of(i), self.session.spec)]

    def move_selection(self, ship_id: str | None) -> None:
        if ship_id == self.selected:
            return
        previous = self.cards.get(self.selected or "")
        if previous is not None:
            previous.show(selected=False)
        owner = previous.ship.owner if previous is not None else None
        self.selected = ship_id
        card = self.cards.get(ship_id or "")
        if card is not None:
            card.show(selected=True)
            if card.ship.owner != owner:  # within a fleet the column shown stays (no query, no restyle)
                self.show_current_column()
            card.scroll_visible(animate=False)

    def action_select(self, step: int) -> None:
        """Up / down: the previous or next ship of the same fleet (no wrapping into another fleet)."""
        state = self.session.state
        if self.selected not in state.ships:
            order = self.ship_order()
            if order:
                self.move_selection(order[0])
            return
        owner = state.ships[self.selected].owner
        column = [s.id for s in column_order(state.ships_of(owner), self.session.spec)]
        index = column.index(self.selected) + step
        if 0 <= index < len(column):
            self.move_selection(column[index])

    def action_fleet(self, step: int) -> None:
        """Left / right: the same row of the neighbouring fleet; nothing past the first or last fleet."""
        state = self.session.state
        if not state.players:
            return
        current = state.ships[self.selected].owner if self.selected in state.ships else 0
        own = [s.id for s in column_order(state.ships_of(current), self.session.spec)]
        row = own.index(self.selected) if self.selected in own else 0
        player = current + step
        while 0 <= player < len(state.players):
            ships = [s.id for s in column_order(state.ships_of(player), self.session.spec)]
            if ships:
                self.move_selection(ships[min(row, len(ships) - 1)])
                return
            player += step

    @on(ShipCard.Clicked)
    def card_clicked(self, event: ShipCard.Clicked) -> None:
        self.move_selection(event.ship_id)

    def action_ask_leave(self) -> None:
        """Esc: ask before going Home (one line: the game is saved as played)."""
        from ..modals.leave_battle import ask_to_leave

        ask_to_leave(self, self.session.handle.name, self.action_leave)

    def action_mark_target(self) -> None:
        """Mark the selected ship as the target of the next attack (again: unmark)."""
        previous = self.cards.get(self.target_id or "")
        if previous is not None:
            previous.show(target=False)
        if self.target_id == self.selected:
            self.target_id = None
            return
        self.target_id = self.selected
        card = self.cards.get(self.target_id or "")
        if card is not None:
            card.show(target=True)

    # ---- command palette -----------------------------------------------------------------------
    def palette_commands(self) -> Iterable[SystemCommand]:
        """Every action of the ruleset, by name, beside the screen's keys."""
        for spec in self.session.engine.action_specs():
            if spec.kind == "end-game":
                continue
            yield SystemCommand(f"Action: {spec.kind}", spec.help[:120], partial(self.open_form, spec.kind))
