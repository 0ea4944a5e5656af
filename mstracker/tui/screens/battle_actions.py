"""What the battle screen does with keys: the attack dialog, the action forms, the checklist moves,
undo and redo, ending and deleting the game. A mixin of BattleScreen (kept apart so each file reads
in one sitting); it calls the screen's `perform_action`, `session` and `selected`/`target_id`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from functools import wraps
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.screen import Screen

from ...dice import TypedFaces
from ...game import Action, ActionSpec, ArgType, GameError, GameState, turn_order
from ...rules.contract import LegalAction
from ...store.games import StoreError
from ..modals.action_form import ActionFormModal
from ..modals.attack import AttackModal, attack_kind
from ..modals.auto_roll import AutoRollModal, rolled_sections
from ..modals.confirm import ConfirmModal
from ..widgets.checklist import Checklist

if TYPE_CHECKING:
    from .battle_session import BattleSession


def hands_over_keys(action: Callable[..., None]) -> Callable[..., None]:
    """An action whose key may open a form: the keys typed right after it go to the screen on top
    when it is done (the form it opened), or back to the app when it opened none."""

    @wraps(action)
    def run(self: Any, *args: Any) -> None:
        try:
            action(self, *args)
        finally:
            top = self.app.screen
            self.hand_over_keys(top if top is not self else None)

    return run


def others_side(state: GameState, legal: Sequence[LegalAction]) -> dict[str, str]:
    """The allowed actions whose ship belongs to another player than the active one, with that
    player's name (after a pz8 miss the fire-back is the target's owner's, not the shooter's)."""
    if not state.started:
        return {}
    out: dict[str, str] = {}
    for answer in legal:
        ship = state.ships.get(answer.actor) if answer.allowed and answer.actor else None
        if ship is not None and ship.owner != state.active and ship.owner < len(state.players):
            out[answer.kind] = state.players[ship.owner].name
    return out


class BattleActions(Screen):
    """The key actions of the battle screen (BattleScreen adds the layout, drawing and selection)."""

    session: BattleSession
    selected: str | None
    target_id: str | None
    last_refusal: str = ""  # why the last action was refused, for the form that asked
    #: Build the attack dialog while the battle is idle (the Pilot tests turn it off: it puts a screen on
    #: top for a moment at a time no test script expects; the test of it turns it back on).
    warm_attack: ClassVar[bool] = True
    _typing_ahead: list[Any] | None

    def legal(self, kind: str) -> LegalAction:
        """Where the contract says this action's form starts: the selected ship when it may act, the
        marked target when it is legal."""
        return self.session.engine.legal_action(self.session.state, kind, self.selected, self.target_id)

    def prefill(self, spec: ActionSpec) -> dict[str, Any]:
        """The generic actions' arguments: the selected ship for an adjustment, the current step."""
        state = self.session.state
        values: dict[str, Any] = {}
        for arg in spec.args:
            if arg.type is ArgType.TARGET:
                values[arg.name] = self.selected
            elif arg.type is ArgType.STEP and state.current_step is not None:
                values[arg.name] = state.current_step.id
        return {k: v for k, v in values.items() if v is not None}

    def open_form(self, kind: str, extra: dict[str, Any] | None = None,
                  on_close: Callable[[Any], None] | None = None) -> None:
        """`on_close`: called with the form's result when it closes (the planner reopens on it)."""
        try:
            spec = self.session.engine.action_spec(kind)
            legal = self.legal(kind)
        except GameError as exc:
            self.notify(str(exc), severity="error")
            return
        prefill = {**self.prefill(spec), **(extra or {})}
        if kind == attack_kind(self.session.engine):
            self.open_attack_form(spec, legal, prefill, on_close)
        else:
            self.app.push_screen(ActionFormModal(spec, self, legal, prefill, title=kind), on_close)

    def open_attack_form(self, spec: ActionSpec, legal: LegalAction, prefill: dict[str, Any],
                         on_close: Callable[[Any], None] | None = None) -> None:
        """The attack dialog is built once per battle and kept (an installed screen): opening it again
        only refills it, so it is on screen at once and the keys typed right after `a` land in it."""
        name = f"attack-{id(self)}"
        if not self.app.is_screen_installed(name):
            self.app.install_screen(AttackModal(spec, self, legal, prefill), name)
        else:
            self.app.get_screen(name).restart(legal, prefill)  # type: ignore[attr-defined]
        self.app.push_screen(name, on_close)

    def warm_attack_form(self) -> None:
        """Build the attack dialog while the battle screen is idle, so the first `a` opens it as fast as
        the later ones: it is composed, mounted and styled once (the costly part of a first open) and kept.
        It shows for no frame: it leaves as soon as it is mounted (see ActionFormModal.warming)."""
        engine = self.session.engine
        kind = attack_kind(engine)
        name = f"attack-{id(self)}"
        if not self.warm_attack or self.app.is_screen_installed(name):
            return
        if kind is None:  # no dialog to build; the game loaded is still worth settling
            self.set_timer(0.5, self.settle_memory)
            return
        if not self.is_current or self._typing_ahead is not None:  # the player is busy: later
            self.set_timer(0.5, self.warm_attack_form)
            return
        try:
            spec, legal = engine.action_spec(kind), self.legal(kind)
        except GameError:
            return
        self.app.install_screen(AttackModal(spec, self, legal, self.prefill(spec), warming=True), name)
        self.app.push_screen(name)
        self.set_timer(0.5, self.settle_memory)

    def settle_memory(self) -> None:
        """Once the battle and its attack dialog are built, while the screen is idle: one full garbage
        collection now, and what is left frozen out of the later ones, so that no collection of the
        whole loaded game lands inside a key (a gen-2 collection inside the first `a` made it the slow
        one: issue 16). Each battle unfreezes first, so what an earlier battle left is still freed."""
        if not self.is_current or self._typing_ahead is not None:  # the player is busy: later
            self.set_timer(0.5, self.settle_memory)
            return
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def forget_attack_form(self) -> None:
        """Drop the kept attack dialog with the battle (unless it is on screen: the app is closing)."""
        name = f"attack-{id(self)}"
        if self.app.is_screen_installed(name) and self.app.get_screen(name) not in self.app.screen_stack:
            self.app.uninstall_screen(name)

    @hands_over_keys
    def action_attack(self) -> None:
        kind = attack_kind(self.session.engine)
        if kind is None:
            self.notify(
                "This ruleset has no attack action: record hits with m (adjust) or x (every action).",
                severity="warning",
            )
            return
        self.open_form(kind)

    def action_plan(self) -> None:
        """f: the fire planner; the shot chosen there opens in the attack dialog, its attacker selected."""
        from .planner import PlannerScreen

        state = self.session.state
        if not state.started or state.finished:
            why = "the game is in set-up: press n to start turn 1" if not state.started else "the game is over"
            self.notify(f"No fire to plan: {why}", title="Fire plan", severity="warning")
            return

        def chosen(action: Action | None) -> None:
            if action is None:
                return
            ship = str(action.args.get("ship") or "")
            if ship in self.session.state.ships:
                self.move_selection(ship)  # type: ignore[attr-defined]
            self.open_form(action.kind, dict(action.args), on_close=back_to_planner)

        def back_to_planner(_result: Any) -> None:  # Esc / Close on its dialog: back where the shot was picked
            if self.app.screen is self and not self.session.state.finished:
                self.app.push_screen(PlannerScreen(self.session), chosen)

        self.app.push_screen(PlannerScreen(self.session), chosen)

    @hands_over_keys
    def action_actions(self) -> None:
        from ..modals.pick_action import PickActionModal

        def chosen(kind: str | None) -> None:
            self._typing_ahead = list(menu.keys_after)  # typed after the pick: the form's
            try:
                if kind == "end-game":
                    self.action_end_game()
                elif kind:
                    self.open_form(kind)
            finally:
                top = self.app.screen
                self.hand_over_keys(top if top is not self else None)

        engine, state = self.session.engine, self.session.state
        legal = engine.legal_actions(state, self.selected, self.target_id)
        menu = PickActionModal(engine.action_specs(), legal, others_side(state, legal))
        self.app.push_screen(menu, chosen)

    @hands_over_keys
    def action_adjust(self) -> None:
        self.open_form("adjust")

    @hands_over_keys
    def action_set_value(self) -> None:
        self.open_form("set")

    @hands_over_keys
    def action_note(self) -> None:
        self.open_form("note")

    def action_tick(self) -> None:
        """Tick (or untick) the current step; on an automatic step, the first unticked manual item."""
        state = self.session.state
        step = state.current_step
        if step is None:
            self.notify("No checklist item here: press n to move on.", severity="warning")
            return
        if self.session.is_auto(step):
            unticked = self.session.engine.unticked(state)
            if not unticked:
                self.notify("Nothing to tick in this phase: press n to move on.")
                return
            step = unticked[0][1]
        kind = "untick" if step.id in state.ticked else "tick"
        self.perform_action(Action(kind, {"step": step.id}), TypedFaces([]))

    @on(Checklist.StepToggled)
    def step_toggled(self, event: Checklist.StepToggled) -> None:
        self.perform_action(Action("untick" if event.ticked else "tick", {"step": event.step_id}), TypedFaces([]))

    @hands_over_keys
    def action_next_step(self) -> None:
        """n: the current item is done; on to the next. Leaving a phase asks only about the players'
        own items left unticked, and a move the rules refuse says why."""
        state = self.session.state
        engine = self.session.engine
        if self.offer_record_failed():
            return
        phase = state.current_phase
        last_step = phase is not None and state.step + 1 >= len(phase.steps)
        if turn_order.shared_step(engine, state) and len(engine.acting(state).waiting()) > 1:
            last_step = False  # one player's pass of a shared step: the phase goes on once all have passed
        current = state.current_step.id if state.current_step else None
        unticked = [(n, s) for n, s in engine.unticked(state) if s.id != current] if last_step else []
        if unticked and not state.finished:
            listing = "\n".join(f"☐ {n}. {s.text}" for n, s in unticked)

            def answer(yes: bool | None) -> None:
                if yes:
                    self.next_step(force=True)

            self.app.push_screen(
                ConfirmModal(f"Leave {phase.name if phase else 'this phase'} with {len(unticked)} of your items unticked?",
                             listing, yes="Leave anyway", no="Stay", yes_keys="n,y,enter", no_keys=""),
                answer,
            )
            return
        self.next_step(force=False)

    def offer_record_failed(self) -> bool:
        """n held by a roll no face can win (cal Damage Control at Crew -4: "Success 0.0%"): offer to
        record it as failed in one key, logged so, instead of a dead roll. False when there is none."""
        state, engine = self.session.state, self.session.engine
        blocker = engine.next_step_blocker(state)
        if blocker is None or not blocker.resolve or not blocker.ships or state.finished:
            return False
        try:
            spec = engine.action_spec(blocker.resolve)
        except GameError:
            return False
        if "failed" not in {a.name for a in spec.args}:
            return False
        ship_id = blocker.ships[0]
        legal = engine.legal_action(state, blocker.resolve, ship_id, None)
        args = {**legal.prefill, "ship": ship_id}
        odds = engine.action_odds(state, Action(blocker.resolve, args))
        if odds is None or odds.p_hit != 0:
            return False
        ship = state.ships[ship_id]

        def answer(yes: bool | None) -> None:
            if yes:
                self.perform_action(Action(blocker.resolve, {**args, "failed": True}), TypedFaces([]))

        self.app.push_screen(
            ConfirmModal(f"{ship.label}: this roll cannot succeed ({odds.hit_label} 0.0%). Record it as failed?",
                         f"{blocker.text} ({blocker.cite}). No face of the die can win, so no roll is made; the log "
                         "says it was recorded as failed.", yes="Record as failed", no="Back",
                         yes_keys="f,enter", no_keys=""),
            answer,
        )
        return True

    def next_step(self, force: bool) -> None:
        self.move_on(Action("next-step", {"force": True} if force else {}))

    @hands_over_keys
    def action_advance(self) -> None:
        """Run the automatic steps back to back, up to the next item the players do themselves."""
        self.move_on(Action("advance", {}))

    def move_on(self, action: Action) -> None:
        """Checklist moves: an automatic step may roll; with physical dice its form asks for them,
        naming each die from the step's declared dice."""
        if not self.physical_default:
            events = self.perform_action(action, self.app_faces())
            sections = rolled_sections(events or (), self.session.engine.plugin.narrative_kinds())
            if sections:  # the automatic steps rolled: the players see the dice before going on
                self.app.push_screen(AutoRollModal(sections))
            return
        try:
            plan = self.session.engine.dice_plan(self.session.state, action)
        except GameError as exc:
            self.notify(str(exc), title=f"{action.kind}: not done", severity="error", timeout=8)
            return
        if plan:
            self.open_form(action.kind, dict(action.args))
            return
        self.perform_action(action, TypedFaces([]))

    def action_undo(self) -> None:
        self._step_history(undo=True)

    def action_redo(self) -> None:
        self._step_history(undo=False)

    def _step_history(self, undo: bool) -> None:
        old = self.session.state
        try:
            change = self.session.undo() if undo else self.session.redo()
        except StoreError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.after_change(old, change)
        first = next((e.text for e in change.events if e.kind not in ("step-entered",)), change.events[0].text if change.events else "")
        self.notify(first, title="Undone" if undo else "Redone", timeout=3)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.session.can_undo else None
        if action == "redo":
            return True if self.session.can_redo else None
        return True

    def action_end_game(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self.open_form("end-game")

        self.app.push_screen(
            ConfirmModal("End this game?", "You record the result next; undo brings the game back.", yes="End it", no="Play on"),
            answer,
        )

    def action_delete_game(self) -> None:
        state = self.session.state
        game_id = self.session.game_id

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            self.close_session()
            from ..games import delete_game

            if delete_game(self.app, game_id, state.name):  # type: ignore[arg-type]
                self.dismiss_to_home()

        self.app.push_screen(
            ConfirmModal(f"Delete the game {state.name!r} and its whole log?", "This cannot be undone.", yes="Delete", no="Keep"),
            answer,
        )

    def action_leave(self) -> None:
        self.dismiss_to_home()

    def dismiss_to_home(self) -> None:
        app = self.app
        while len(app.screen_stack) > 1:
            app.pop_screen()

