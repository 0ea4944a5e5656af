"""Any action of the ruleset as a form built from its ActionSpec, with dice and (for attacks) odds.

The flow: fill the arguments (pickers follow the chosen ship or target) → when the action rolls,
the exact odds refresh on every change → "the app rolls" or "I roll physical dice" (the faces typed
in the order the action's help gives; a dry run of the engine says which die comes next) →
apply → the result, step by step, in the events' own words. The screen behind performs the action
(attributes down: the form is given a `BattleHost`); a refused action shows its reason and
changes nothing.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, ContentSwitcher, Input, Label, Static

from ...dice import FaceSource, TypedFaces
from ...game import Action, ActionSpec, ArgType, Engine, Event, GameError, GameState, InvalidAction
from ..widgets import arg_fields as af
from ..widgets.arg_fields import ArgField
from ..widgets.odds_panel import OddsPanel, update_quietly
from ..widgets.ship_card import item_ready
from .action_dice import DiceMode, ProbeFaces, drawn_words, parse_faces


class BattleHost(Protocol):
    """What a form needs from the battle screen."""

    @property
    def state(self) -> GameState: ...

    @property
    def engine(self) -> Engine: ...

    def perform_action(self, action: Action, faces: FaceSource | None) -> tuple[Event, ...] | None:
        """Perform; None (after telling the player why) when refused."""
        ...

    def app_faces(self) -> FaceSource:
        """Faces the app rolls (the seeded rng)."""
        ...

    @property
    def physical_default(self) -> bool: ...


class ActionFormModal(ModalScreen[tuple[Event, ...] | None]):
    """Dismisses with the events applied, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "close", "Cancel / close"),
        Binding("ctrl+r", "go", "Roll / apply"),
        Binding("ctrl+t", "toggle_dice", "App rolls ⇄ my dice"),
    ]

    def __init__(self, spec: ActionSpec, host: BattleHost, prefill: dict[str, Any] | None = None, title: str = "") -> None:
        super().__init__()
        self.spec = spec
        self.host = host
        self.prefill = dict(prefill or {})
        self.title_text = title or spec.kind
        self.result: tuple[Event, ...] | None = None
        self.dice_needed = spec.rolls
        self.complete = False
        self._fields: list[ArgField] | None = None
        owner = self._owner_arg()
        ship = host.state.ships.get(str(self.prefill.get(owner, "")))
        for arg in spec.args:
            if arg.type is ArgType.ITEM and arg.name not in self.prefill and ship is not None:
                self.prefill[arg.name] = first_ready(ship, host.engine.spec)

    # ---- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        state, rspec = self.host.state, self.host.engine.spec
        with Vertical(classes="modal-box action-box" + (" -rolls" if self.spec.rolls else "")):
            yield Label(f"{self.title_text}", id="action-title", markup=False)
            yield Static(self.spec.help, id="action-help", classes="muted", markup=False)
            with ContentSwitcher(initial="form-pane", id="action-switcher"):
                with Horizontal(id="form-pane"):
                    with VerticalScroll(id="action-fields"):
                        for arg in self.spec.args:
                            yield ArgField(arg, self._options(arg, state, rspec), self.prefill.get(arg.name), self.field_changed)
                    if self.spec.rolls:
                        with Vertical(id="odds-box"):
                            yield OddsPanel(id="odds")
                with VerticalScroll(id="result-pane"):
                    yield Static(id="result-text")
            with Vertical(id="dice-box"):
                yield DiceMode(self.host.physical_default, id="dice-mode")
                yield Input(placeholder="faces in the order the help gives, e.g. 7 4", id="faces", restrict=r"[0-9 ,]*", compact=True)
                yield Static(id="faces-status")
            yield Static(id="arg-help", classes="muted")
            with Horizontal(classes="modal-buttons"):
                yield Button("Apply (ctrl+r)", id="go", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def _options(self, arg: Any, state: GameState, rspec: Any) -> af.Options | None:
        t = arg.type
        if t is ArgType.SHIP:
            return af.ship_options(state, rspec)
        if t is ArgType.TARGET:
            return af.target_options(state, rspec)
        if t is ArgType.PLAYER:
            return af.player_options(state)
        if t is ArgType.STEP:
            return af.step_options(state)
        if t is ArgType.ITEM:
            ship = state.ships.get(str(self.prefill.get(self._owner_arg(), "")))
            return af.item_options(ship, rspec)
        if t is ArgType.KEY:
            return af.key_options(state, self.prefill.get(self._target_arg()), rspec)
        return None

    def _owner_arg(self) -> str:
        """The ship argument whose items an ITEM argument picks from ('ship', else the first ship)."""
        ships = [a.name for a in self.spec.args if a.type is ArgType.SHIP]
        return "ship" if "ship" in ships else (ships[0] if ships else "")

    def _target_arg(self) -> str:
        targets = [a.name for a in self.spec.args if a.type in (ArgType.TARGET, ArgType.SHIP)]
        return "target" if "target" in targets else (targets[0] if targets else "")

    def on_resize(self) -> None:
        box = self.query_one(".action-box")
        box.set_class(self.size.height < 32, "-short")
        box.set_class(self.size.width < 110, "-narrow")

    def on_mount(self) -> None:
        self._show_dice()
        self._refresh()
        first_blank = next((f for f in self.fields() if f.arg.required and f.value is None), None)
        target = first_blank or next(iter(self.fields()), None)
        if target is not None:
            self.query_one(f"#{target.control_id}").focus()
        else:
            self.query_one("#go", Button).focus()

    # ---- reading the form ----------------------------------------------------------------------
    def fields(self) -> list[ArgField]:
        if self._fields is None:
            self._fields = list(self.query(ArgField))
        return self._fields

    def args(self) -> dict[str, Any]:
        return {f.arg.name: f.value for f in self.fields() if f.value is not None}

    def action(self) -> Action:
        return Action(self.spec.kind, self.args())

    @property
    def physical(self) -> bool:
        return self.query_one(DiceMode).physical

    def typed_faces(self) -> list[int] | None:
        return parse_faces(self.query_one("#faces", Input).value)

    # ---- reacting ------------------------------------------------------------------------------
    @on(ArgField.Changed)
    def field_message(self, event: ArgField.Changed) -> None:
        self.field_changed(event.field)

    def field_changed(self, field: ArgField) -> None:
        """An argument changed: pickers that follow it, then the odds and the dice check."""
        if not self.is_mounted:
            return
        name = field.arg.name
        state, rspec = self.host.state, self.host.engine.spec
        if name == self._owner_arg():
            ship = state.ships.get(str(field.value or ""))
            for f in self.fields():
                if f.arg.type is ArgType.ITEM:
                    f.set_options(af.item_options(ship, rspec), prefer=first_ready(ship, rspec))
        if name == self._target_arg():
            for f in self.fields():
                if f.arg.type is ArgType.KEY:
                    f.set_options(af.key_options(state, field.value, rspec))
        self._refresh()

    @on(Input.Changed, "#faces")
    @on(DiceMode.Switched)
    def dice_changed(self, event: Any) -> None:
        event.stop()
        self._show_dice()
        self._probe()
        if self.physical and isinstance(event, DiceMode.Switched):
            self.query_one("#faces", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_go()

    def on_descendant_focus(self, event: Any) -> None:
        widget = event.widget
        field = next((a for a in widget.ancestors_with_self if isinstance(a, ArgField)), None)
        text = f"{field.arg.name}: {field.arg.help}" if field is not None and field.arg.help else ""
        self.query_one("#arg-help", Static).update(text)

    def _show_dice(self) -> None:
        box = self.query_one("#dice-box")
        box.display = self.dice_needed and self.result is None
        self.query_one("#faces", Input).display = self.physical
        self.query_one("#go", Button).label = self._go_label()

    def _go_label(self) -> str:
        if self.result is not None:
            return "Close (enter)"
        if self.dice_needed and not self.physical:
            return "Roll (ctrl+r)"
        return "Apply (ctrl+r)"

    def _refresh(self) -> None:
        """Odds (attacks) and the dice check, after any change."""
        if self.spec.rolls:
            self.refresh_odds()
        self._probe()

    def refresh_odds(self) -> None:
        panel = self.query_one("#odds", OddsPanel)
        try:
            odds = self.host.engine.attack_odds(self.host.state, self.action())
        except InvalidAction as exc:
            panel.clear(f"Odds once the attack is complete: {exc}")
            return
        except (GameError, ValueError, KeyError) as exc:
            panel.clear(f"No odds: {exc}")
            return
        if odds is None:
            panel.clear("Odds appear once attacker, weapon and target are chosen.")
        else:
            panel.show(odds)

    def _probe(self) -> None:
        """Dry-run the action with the faces typed so far: which die comes next, or what is wrong."""
        status = self.query_one("#faces-status", Static)
        self.complete = False
        faces = self.typed_faces() if self.physical else []
        if faces is None:
            update_quietly(status, Content.styled("faces are whole numbers separated by spaces", "$text-error"))
            return
        probe = ProbeFaces(faces)
        try:
            self.host.engine.decide(self.host.state, self.action(), probe)
        except InvalidAction as exc:
            if probe.wanted is not None:
                if not self.dice_needed:
                    self.dice_needed = True
                    self._show_dice()
                if not self.physical:
                    update_quietly(status, Content.styled("The app rolls when you apply (ctrl+r).", "$text-muted"))
                    return
                done = drawn_words(probe)
                update_quietly(status, 
                    Content.assemble(
                        (done + " · " if done else "", "bold"),
                        (f"next: die {len(probe.drawn) + 1}, a d{probe.wanted}", "$text-accent"),
                    )
                )
            else:
                update_quietly(status, Content.styled(str(exc), "$text-error" if faces or not self._blank_required() else "$text-muted"))
            return
        except (GameError, ValueError, KeyError) as exc:
            update_quietly(status, Content.styled(f"cannot work this out: {exc}", "$text-error"))
            return
        self.complete = True
        if self.physical and self.dice_needed:
            update_quietly(status, Content.assemble((drawn_words(probe), "bold"), ("  ✓ all dice in: enter or ctrl+r applies", "$text-success")))
        elif self.dice_needed:
            update_quietly(status, Content.styled("The app rolls when you apply (ctrl+r).", "$text-muted"))
        else:
            update_quietly(status, "")

    def _blank_required(self) -> bool:
        return any(f.arg.required and f.value is None for f in self.fields())

    # ---- doing ---------------------------------------------------------------------------------
    def action_toggle_dice(self) -> None:
        if self.dice_needed and self.result is None:
            self.query_one(DiceMode).switch()

    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        if self.result is not None:
            self.dismiss(self.result)
            return
        if self.physical and self.dice_needed:
            faces = self.typed_faces()
            if faces is None:
                self.notify("Type the faces as whole numbers, e.g. 7 4", severity="error")
                return
            source: FaceSource = TypedFaces(faces)
        elif self.dice_needed:
            source = self.host.app_faces()
        else:
            source = TypedFaces([])
        events = self.host.perform_action(self.action(), source)
        if events is None:
            return
        self.result = events
        self.show_result(events)

    def show_result(self, events: tuple[Event, ...]) -> None:
        lines = [Content.styled("Applied ✓  (undo with u or ctrl+z on the battle screen)", "bold $text-success"), Content("")]
        lines += [Content.assemble((f"{n:>2}. ", "dim"), e.text) for n, e in enumerate(events, start=1)]
        self.query_one("#result-text", Static).update(Content("\n").join(lines))
        self.query_one("#action-switcher", ContentSwitcher).current = "result-pane"
        self.query_one("#dice-box").display = False
        self.query_one("#cancel", Button).display = False
        self.query_one("#arg-help", Static).update("")
        go = self.query_one("#go", Button)
        go.label = self._go_label()
        go.focus()

    @on(Button.Pressed, "#cancel")
    def action_close(self) -> None:
        self.dismiss(self.result)


def first_ready(ship: Any, rspec: Any) -> str | None:
    """The first weapon (else item) of a ship whose state is ready."""
    if ship is None:
        return None
    ready = [it for it in ship.items if item_ready(it, rspec)]
    weapons = [it for it in ship.items if it.kind == "weapon"]
    for group in ([it for it in ready if it.kind == "weapon"], weapons, ready, list(ship.items)):
        if group:
            return group[0].id
    return None
