"""Any action of the ruleset as a form built from its ActionSpec, started where the game is.

Where the form starts is the ruleset contract's answer (`LegalAction`): the ship that must act, its
first ready weapon, the marked or only legal target. Pickers list ships in a stable order (the side
that may act first, fleet by fleet, ships out of play last), items with their readiness, tokens on the
table. When the action rolls, the exact odds refresh on every change and the dice it declares
(`DicePlan`) are listed: with physical dice the player types the faces in that order and the form says
which die comes next. Apply → the result in the events' own words. The screen behind performs the
action (the form is given a `BattleHost`); a refused action shows its reason and changes nothing.

Keys typed while the form opens are kept and played into it in order, so a fast "a tab 3" lands.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, ContentSwitcher, Input, Label, Static

from ...dice import FaceSource, TypedFaces
from ...game import Action, ActionSpec, ArgType, Engine, Event, GameError, GameState, InvalidAction
from ...rules.contract import DicePlan, LegalAction
from ..screens.quick_resume import QuickResume
from ..widgets import arg_fields as af
from ..widgets.arg_fields import ArgField
from ..widgets.odds_panel import OddsPanel, update_quietly
from .action_dice import DiceMode, faces_status, parse_faces, plan_content


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


class ActionFormModal(QuickResume, ModalScreen[tuple[Event, ...] | None]):
    """Dismisses with the events applied, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "close", "Cancel / close"),
        Binding("ctrl+r", "go", "Roll / apply"),
        Binding("ctrl+t", "toggle_dice", "App rolls ⇄ my dice"),
    ]

    def __init__(self, spec: ActionSpec, host: BattleHost, legal: LegalAction | None = None,
                 prefill: dict[str, Any] | None = None, title: str = "") -> None:
        super().__init__()
        self.spec = spec
        self.host = host
        state = host.state
        self.legal = legal or host.engine.legal_action(state, spec.kind)
        names = [a.name for a in spec.args]
        self.prefill = {**self.legal.defaults(names), **{k: v for k, v in (prefill or {}).items() if v is not None}}
        self.title_text = title or spec.kind
        self.result: tuple[Event, ...] | None = None
        self.plan: DicePlan | None = None
        self.complete = False
        self._fields: list[ArgField] | None = None
        self._early_keys: list[events.Key] = []
        self._ready_at: float | None = None
        # Worked out before the form is built, so it opens drawn as it stays (no redraw on mounting).
        first = Action(spec.kind, {k: v for k, v in self.prefill.items() if v is not None})
        self.plan, self.problem = self._plan_of(first)
        self.odds, self.no_odds = self._odds_of(first) if (spec.rolls or self.plan) else (None, "")
        self.physical_start = host.physical_default

    # ---- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        state = self.host.state
        width, height = self.app.size
        sized = (" -short" if height < 32 else "") + (" -narrow" if width < 110 else "")
        dice = self.dice_needed
        with Vertical(classes="modal-box action-box" + (" -rolls" if self.spec.rolls else "") + sized):
            yield Label(f"{self.title_text}", id="action-title", markup=False)
            yield Static(self.spec.help, id="action-help", classes="muted", markup=False)
            if not self.legal.allowed and self.legal.reason:
                yield Static(Content.styled(f"Not now: {self.legal.reason}", "$text-warning"), id="action-not-now")
            with ContentSwitcher(initial="form-pane", id="action-switcher"):
                with Horizontal(id="form-pane"):
                    with VerticalScroll(id="action-fields"):
                        for arg in self.spec.args:
                            yield ArgField(arg, self._options(arg, state), self.prefill.get(arg.name), self.field_changed)
                    if self.spec.rolls or self.plan:
                        with Vertical(id="odds-box"):
                            yield OddsPanel(self.odds, self.no_odds, id="odds")
                with VerticalScroll(id="result-pane"):
                    yield Static(id="result-text")
            box = Vertical(id="dice-box")
            box.display = dice
            with box:
                yield DiceMode(self.physical_start, id="dice-mode")
                plan = Static(plan_content(self.plan, state, [], self.plan_lines) if self.plan else "", id="dice-plan")
                plan.display = self.physical_start and bool(self.plan)
                yield plan
                faces = Input(placeholder="the faces, in the order listed above", id="faces", restrict=r"[0-9 ,]*", compact=True)
                faces.display = self.physical_start
                yield faces
                yield Static(self._status_content(self.physical_start, []), id="faces-status")
            yield Static(id="arg-help", classes="muted")
            with Horizontal(classes="modal-buttons"):
                yield Button(self._go_label(self.physical_start), id="go", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def _actor(self, state: GameState, value: Any = None) -> Any:
        ref = value if value is not None else self.prefill.get(self._owner_arg())
        return state.ships.get(str(ref)) if ref else None

    def _options(self, arg: Any, state: GameState) -> af.Options | None:
        rspec = self.host.engine.spec
        t = arg.type
        if t is ArgType.SHIP:
            only = self.legal.targets if arg.name == "target" else ()
            return af.ship_options(state, rspec, only)
        if t is ArgType.TARGET:
            return af.target_options(state, rspec)
        if t is ArgType.PLAYER:
            return af.player_options(state)
        if t is ArgType.STEP:
            return af.step_options(state)
        if t is ArgType.ITEM:
            ship = self._actor(state)
            readiness = self.host.engine.plugin.readiness(state, ship) if ship is not None else ()
            return af.item_options(readiness, arg.items)
        if t is ArgType.TOKEN:
            tokens = self.host.engine.plugin.token_choices(state, self.spec.kind, arg, self._actor(state))
            return af.token_options(state, tokens)
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

    @property
    def plan_lines(self) -> int:
        """How many rolls of the declared dice the form lists: fewer in a short terminal."""
        return 2 if self.app.size.height < 32 else 6

    def on_resize(self) -> None:
        box = self.query_one(".action-box")
        width, height = self.app.size
        box.set_class(height < 32, "-short")
        box.set_class(width < 110, "-narrow")

    def on_mount(self) -> None:
        self.complete = self._complete(self.physical_start, [])
        self.first_focus()
        self._ready_at = message_clock()
        early, self._early_keys = self._early_keys, []
        for key in early:
            self.replay(key)

    def restart(self, legal: LegalAction, prefill: dict[str, Any]) -> None:
        """Refill a form opened before (a kept attack dialog): the contract's defaults for now, the
        declared dice, the odds, physical dice as the settings say, the cursor in the first field."""
        state, engine = self.host.state, self.host.engine
        self.legal = legal
        names = [a.name for a in self.spec.args]
        self.prefill = {**legal.defaults(names), **{k: v for k, v in prefill.items() if v is not None}}
        self.result = None
        self._early_keys, self._ready_at = [], None
        for f in self.fields():
            options = self._options(f.arg, state)
            if options is not None:
                f.set_options(options, prefer=self.prefill.get(f.arg.name), reset=True, quiet=True)
            f.set_value(self.prefill.get(f.arg.name, f.arg.default), quiet=True)
        self.query_one("#action-switcher", ContentSwitcher).current = "form-pane"
        self.query_one("#cancel", Button).display = True
        faces = self.query_one("#faces", Input)
        with faces.prevent(Input.Changed):
            faces.value = ""
        mode = self.query_one(DiceMode)
        if mode.physical != self.host.physical_default:
            mode.physical = self.host.physical_default
            mode.show()
        self._refresh()
        self.first_focus()
        self._ready_at = message_clock()

    def first_focus(self) -> None:
        """The first field the player must fill; else the faces (physical dice); else the first field,
        filled in from the game (a player checks or changes it: enter opens a list, ctrl+r applies);
        Apply only for a form without fields. Set at once (not after the next refresh, as `focus()`
        does) so keys typed ahead find it."""
        fields = self.fields()
        first_blank = next((f for f in fields if f.arg.required and f.value is None), None)
        if first_blank is not None:
            target = self.query_one(f"#{first_blank.control_id}")
        elif self.physical and self.plan:
            target = self.query_one("#faces", Input)
        elif fields:
            target = self.query_one(f"#{fields[0].control_id}")
        else:
            target = self.query_one("#go", Button)
        self.set_focus(target)

    # ---- keys typed while the form was opening ---------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Keys that reached the screen before its fields could take them are played in order."""
        if self._ready_at is None or event.time < self._ready_at:
            event.stop()
            event.prevent_default()
            self.take_key(event)

    def take_key(self, event: events.Key) -> None:
        """A key typed ahead (it may have reached the screen below, which passes it on): kept until
        the fields are there, then played into them in order."""
        if self._ready_at is None:
            self._early_keys.append(event)
        else:
            self.replay(event)

    def replay(self, key: events.Key) -> None:
        focused = self.focused
        if key.key == "tab":
            self.focus_next()
        elif key.key == "shift+tab":
            self.focus_previous()
        elif key.key == "enter" and isinstance(focused, Input):
            focused.action_submit()
        elif key.key == "backspace" and isinstance(focused, Input):
            focused.action_delete_left()
        elif key.is_printable and key.character and isinstance(focused, Input):
            focused.insert_text_at_cursor(key.character)
        else:
            for binding in self.BINDINGS:
                if isinstance(binding, Binding) and key.key in binding.key.split(","):
                    self.run_action(binding.action)  # type: ignore[unused-coroutine]
                    break

    # ---- reading the form ----------------------------------------------------------------------
    def fields(self) -> list[ArgField]:
        if self._fields is None:
            self._fields = list(self.query(ArgField))
        return self._fields

    def field(self, name: str) -> ArgField | None:
        return next((f for f in self.fields() if f.arg.name == name), None)

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
        """An argument changed: pickers that follow the acting ship or the target, then odds and dice."""
        if not self.is_mounted:
            return
        state, engine = self.host.state, self.host.engine
        if field.arg.name == self._owner_arg():
            self.follow_actor(state, engine, field.value)
        if field.arg.name == self._target_arg():
            for f in self.fields():
                if f.arg.type is ArgType.KEY:
                    f.set_options(af.key_options(state, field.value, engine.spec))
        self._refresh()

    def follow_actor(self, state: GameState, engine: Engine, ship_id: Any) -> None:
        """A new acting ship: its items (first ready one chosen), its legal targets and tokens."""
        ship = self._actor(state, ship_id)
        target = self.field(self._target_arg())
        marked = target.value if target is not None else None
        legal = engine.plugin.legal_action(state, self.spec, ship.id if ship else None, marked, self.legal.expected)
        readiness = engine.plugin.readiness(state, ship) if ship is not None else ()
        for f in self.fields():
            if f.arg.type is ArgType.ITEM:
                f.set_options(af.item_options(readiness, f.arg.items), prefer=legal.weapon, reset=True)
            elif f.arg.type is ArgType.TOKEN:
                tokens = engine.plugin.token_choices(state, self.spec.kind, f.arg, ship)
                f.set_options(af.token_options(state, tokens))
            elif f.arg.name == "target" and f.arg.type is ArgType.SHIP and legal.targets:
                f.set_options(af.ship_options(state, engine.spec, legal.targets), prefer=legal.target)

    @on(Input.Changed, "#faces")
    @on(DiceMode.Switched)
    def dice_changed(self, event: Any) -> None:
        event.stop()
        self._show_dice()
        self._dice_status()
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

    @property
    def dice_needed(self) -> bool:
        return bool(self.plan) or (self.plan is None and self.spec.rolls)

    def _show_dice(self) -> None:
        box = self.query_one("#dice-box")
        box.display = self.dice_needed and self.result is None
        self.query_one("#faces", Input).display = self.physical
        self.query_one("#dice-plan", Static).display = self.physical and bool(self.plan)
        self.query_one("#go", Button).label = self._go_label(self.physical)

    def _go_label(self, physical: bool) -> str:
        if self.result is not None:
            return "Close (enter)"
        if self.dice_needed and not physical:
            return "Roll (ctrl+r)"
        return "Apply (ctrl+r)"

    def _refresh(self) -> None:
        """The declared dice, the odds and the dice line, after any change."""
        self.refresh_plan()
        if self.spec.rolls or self.plan:
            self.refresh_odds()
        self._show_dice()
        self._dice_status()

    def _plan_of(self, action: Action) -> tuple[DicePlan | None, str]:
        """The dice the action declares as filled in, or why it cannot be worked out."""
        try:
            return self.host.engine.dice_plan(self.host.state, action), ""
        except InvalidAction as exc:
            return None, str(exc)
        except (GameError, ValueError, KeyError) as exc:
            return None, f"cannot work this out: {exc}"

    def _odds_of(self, action: Action) -> tuple[Any, str]:
        """(odds, '') or (None, why there are none yet)."""
        try:
            odds = self.host.engine.action_odds(self.host.state, action)
        except InvalidAction as exc:
            return None, f"Odds once the form is complete: {exc}"
        except (GameError, ValueError, KeyError) as exc:
            return None, f"No odds: {exc}"
        return (odds, "") if odds is not None else (None, "Odds appear once the form is complete.")

    def refresh_plan(self) -> None:
        self.plan, self.problem = self._plan_of(self.action())
        if self.plan:
            update_quietly(self.query_one("#dice-plan", Static), plan_content(self.plan, self.host.state, self.typed_faces() or [], self.plan_lines))

    def refresh_odds(self) -> None:
        if not self.query("#odds"):
            return
        panel = self.query_one("#odds", OddsPanel)
        if self.problem and not self._blank_required():  # refused as filled in (out of range...): no odds to show
            panel.clear(f"No odds: {self.problem}")
            return
        odds, why = self._odds_of(self.action())
        if odds is None:
            panel.clear(why)
        else:
            panel.show(odds)

    problem: str = ""

    def _blank_required(self) -> bool:
        if self._fields is None:
            return any(a.required and self.prefill.get(a.name) is None for a in self.spec.args)
        return any(f.arg.required and f.value is None for f in self.fields())

    def _status_content(self, physical: bool, faces: list[int] | None) -> Content:
        """What the action still needs: a field, a die, or nothing (✓)."""
        if self.problem:
            return Content.styled(self.problem, "$text-muted" if self._blank_required() else "$text-error")
        if not self.plan:
            if not self.spec.rolls and self.plan is not None:
                return Content("")
            if physical:
                return Content.styled("Type the faces in the order the help above gives; enter or ctrl+r applies.", "$text-muted")
            return Content.styled("The app rolls when you apply (ctrl+r).", "$text-muted")
        if not physical:
            count = len(self.plan.needs)
            return Content.styled(f"The app rolls {'the die' if count == 1 else 'up to ' + str(count) + ' dice'} "
                                  "when you apply (ctrl+r).", "$text-muted")
        if faces is None:
            return Content.styled("faces are whole numbers separated by spaces", "$text-error")
        return faces_status(self.plan, faces, self.host.state)

    def _complete(self, physical: bool, faces: list[int] | None) -> bool:
        if self.problem:
            return False
        if not self.plan or not physical:
            return True
        return faces is not None and self.plan.walk(faces).complete

    def _dice_status(self) -> None:
        physical, faces = self.physical, self.typed_faces()
        if self.plan and physical and faces is not None:
            update_quietly(self.query_one("#dice-plan", Static), plan_content(self.plan, self.host.state, faces, self.plan_lines))
        update_quietly(self.query_one("#faces-status", Static), self._status_content(physical, faces))
        self.complete = self._complete(physical, faces)

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
        events_ = self.host.perform_action(self.action(), source)
        if events_ is None:
            return
        self.result = events_
        self.show_result(events_)

    def show_result(self, events_: tuple[Event, ...]) -> None:
        lines = [Content.styled("Applied ✓  (undo with u or ctrl+z on the battle screen)", "bold $text-success"), Content("")]
        shown = [e for e in events_ if e.kind != "dice-rolled"]
        lines += [Content.assemble((f"{n:>2}. ", "dim"), e.text) for n, e in enumerate(shown, start=1)]
        self.query_one("#result-text", Static).update(Content("\n").join(lines))
        self.query_one("#action-switcher", ContentSwitcher).current = "result-pane"
        self.query_one("#dice-box").display = False
        self.query_one("#cancel", Button).display = False
        self.query_one("#arg-help", Static).update("")
        go = self.query_one("#go", Button)
        go.label = self._go_label(self.physical)
        go.focus()

    @on(Button.Pressed, "#cancel")
    def action_close(self) -> None:
        self.dismiss(self.result)



def message_clock() -> float:
    """Now, on the clock Textual stamps its messages with (so it compares with a key's `time`)."""
    return events.Key("", None).time
