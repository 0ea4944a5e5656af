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

from dataclasses import replace
from typing import Any, Protocol

from textual import events, on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, ContentSwitcher, Input, Label, Select, Static
from textual.widgets._select import SelectCurrent, SelectOverlay

from ...dice import FaceSource, TypedFaces
from ...game import Action, ActionSpec, ArgType, Engine, Event, GameError, GameState, Incomplete, InvalidAction
from ...game.reach import IN_RANGE
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

    AUTO_FOCUS = ""  # the cursor goes where `first_focus` says, never to whatever widget comes first

    BINDINGS = [
        Binding("escape", "close", "Cancel / close"),
        Binding("ctrl+r", "go", "Roll / apply"),
        # priority: taken as the app reads it, before the keys typed after it reach the field that has
        # the cursor (issue 16: the faces typed right after ctrl+t went into the distance)
        Binding("ctrl+t", "toggle_dice", "App rolls ⇄ my dice", priority=True),
        # priority: run as the app reads the key, so the key behind it finds the cursor it left (`in_order`)
        *(Binding(key, f"in_order('{key}')", show=False, priority=True)
          for key in ("tab", "shift+tab", "enter", "space", "down", "up", "escape")),
    ]

    def __init__(self, spec: ActionSpec, host: BattleHost, legal: LegalAction | None = None,
                 prefill: dict[str, Any] | None = None, title: str = "", warming: bool = False) -> None:
        """`warming`: built ahead while the battle is idle (a kept dialog): it leaves again as soon as
        it is mounted, and the keys that reached it meanwhile go back to the battle."""
        super().__init__(classes="-warming" if warming else None)
        self.warming = warming
        self.spec = spec
        self.host = host
        state = host.state
        self.legal = legal or host.engine.legal_action(state, spec.kind)
        names = [a.name for a in spec.args]
        self.given = frozenset(k for k, v in (prefill or {}).items() if v is not None)  # the caller's, not guessed
        self.prefill = {**self.legal.defaults(names), **{k: v for k, v in (prefill or {}).items() if v is not None}}
        self.title_text = title or spec.kind
        self.result: tuple[Event, ...] | None = None
        self.plan: DicePlan | None = None
        self.complete = False
        self._fields: list[ArgField] | None = None
        self._early_keys: list[events.Key] = []
        self._ready_at: float | None = None
        self._in_order = False  # keys done as the app reads them (see `in_order`)
        # Worked out before the form is built, so it opens drawn as it stays (no redraw on mounting).
        first = Action(spec.kind, {k: v for k, v in self.prefill.items() if v is not None})
        self.choices = self._arg_choices(dict(first.args))
        self.plan, self.problem, self.missing = self.prepared(first)
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
            with VerticalScroll(id="action-body", can_focus=False):  # scrolls on a short screen (fit_body)
                yield Static(self.spec.help, id="action-help", classes="muted", markup=False)
                not_now = Static(self.not_now(), id="action-not-now")
                not_now.display = bool(self.not_now().plain)
                yield not_now
                with ContentSwitcher(initial="form-pane", id="action-switcher"):
                    with Horizontal(id="form-pane"):
                        with VerticalScroll(id="action-fields", can_focus=False):
                            for arg in self.spec.args:
                                options, greyed = self._options(arg, state)
                                yield ArgField(arg, options, self.prefill.get(arg.name), self.field_changed, greyed)
                        if self.spec.rolls or self.plan:
                            with Vertical(id="odds-box"):
                                yield OddsPanel(self.odds, self.no_odds, id="odds")
                    with VerticalScroll(id="result-pane", can_focus=False):
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
            with Vertical(id="action-foot"):  # always in view: the body above scrolls instead
                yield Static(id="form-says")
                with Horizontal(classes="modal-buttons"):
                    yield Button(self._go_label(self.physical_start), id="go", compact=True)
                    yield Button("Cancel (esc)", id="cancel", compact=True)

    def _actor(self, state: GameState, value: Any = None) -> Any:
        """The acting ship: `value`, else the one in the form (once built), else the one it opens with."""
        owner = self.field(self._owner_arg()) if self.is_mounted else None
        ref = value if value is not None else owner.value if owner is not None else self.prefill.get(self._owner_arg())
        return state.ships.get(str(ref)) if ref else None

    def _options(self, arg: Any, state: GameState) -> tuple[af.Options | None, frozenset[str]]:
        """What a picker lists (and which entries are greyed): the ruleset's own list for this argument
        when it gives one (`arg_choices`), else the contract's actors for the acting ship and its
        targets for the target, the ship's items, the tokens, the players, the record keys."""
        rspec = self.host.engine.spec
        t = arg.type
        if arg.name in self.choices:
            def label(value: str) -> str:
                ship = state.ships.get(value) if t is not ArgType.CHOICE else None
                return af.ship_label(state, ship, rspec) if ship is not None else value

            return af.choice_options(self.choices[arg.name], label)
        none: frozenset[str] = frozenset()
        if t is ArgType.SHIP:
            only = (self.legal.targets if arg.name == "target"
                    else self.legal.actors if arg.name == self._owner_arg() else ())
            return af.ship_options(state, rspec, only), none
        if t is ArgType.TARGET:
            return af.target_options(state, rspec), none
        if t is ArgType.PLAYER:
            return af.player_options(state), none
        if t is ArgType.STEP:
            return af.step_options(state), none
        if t is ArgType.ITEM:
            ship = self._actor(state)
            readiness = self.host.engine.plugin.readiness(state, ship) if ship is not None else ()
            return af.item_options(readiness, arg.items), none
        if t is ArgType.TOKEN:
            tokens = self.host.engine.plugin.token_choices(state, self.spec.kind, arg, self._actor(state))
            return af.token_options(state, tokens), none
        if t is ArgType.KEY:
            return af.key_options(state, self.prefill.get(self._target_arg()), rspec), none
        return None, none

    def _arg_choices(self, args: dict[str, Any]) -> Any:
        """The ruleset's lists for the arguments that depend on what the form holds (see arg_choices)."""
        try:
            return self.host.engine.plugin.arg_choices(self.host.state, self.spec.kind, args)
        except (GameError, ValueError, KeyError):  # a half-filled form names nothing the lists can follow
            return {}

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

    def fit_body(self) -> None:
        """The body may take the screen's height less the box's border, the title and the foot (the
        hint and the buttons): at 80x24 with typed dice it scrolls, Apply/Cancel stay on the screen."""
        foot = self.query_one("#action-foot").outer_size.height or 2
        self.query_one("#action-body").styles.max_height = max(4, self.app.size.height - 3 - foot)

    def on_resize(self) -> None:
        self.fit_body()

    def on_mount(self) -> None:
        self.fit_body()
        if self.warming:  # built and styled: leave once every field is mounted (drawn hidden meanwhile)
            self.call_after_refresh(self.warmed)
            return
        self.complete = self._complete(self.physical_start, [])
        self.show_reach()
        self.tell_changed_ship()
        self.first_focus()
        self._ready_at = message_clock()
        early, self._early_keys = self._early_keys, []
        for key in early:
            self.replay(key)
        self.call_later(self.keys_drained)  # after the keys already in this form's queue

    def warmed(self) -> None:
        """The end of building ahead: restyled without its hiding class now, while the battle is idle,
        not on the first `a`; off the screen stack (it stays installed); the keys it caught go back."""
        self.warming = False
        early, self._early_keys = self._early_keys, []
        self.remove_class("-warming")
        if self.app.screen is self:
            self.app.pop_screen()
        for key in early:
            self.app.post_message(events.Key(key.key, key.character))

    def restart(self, legal: LegalAction, prefill: dict[str, Any]) -> None:
        """Refill a form opened before (a kept attack dialog): the contract's defaults for now, the
        declared dice, the odds, physical dice as the settings say, the cursor in the first field."""
        state, engine = self.host.state, self.host.engine
        self.legal = legal
        names = [a.name for a in self.spec.args]
        self.given = frozenset(k for k, v in prefill.items() if v is not None)
        self.prefill = {**legal.defaults(names), **{k: v for k, v in prefill.items() if v is not None}}
        self.result = None
        self._early_keys, self._ready_at, self._in_order = [], None, False
        self.choices = self._arg_choices({k: v for k, v in self.prefill.items() if v is not None})
        for f in self.fields():
            options, greyed = self._options(f.arg, state)
            if options is not None:
                f.set_options(options, prefer=self.prefill.get(f.arg.name), reset=True, quiet=True, greyed=greyed)
            f.set_value(self.prefill.get(f.arg.name, f.arg.default), quiet=True)
        not_now = self.query_one("#action-not-now", Static)  # a kept dialog tells today's refusal, not its first
        not_now.update(self.not_now())
        not_now.display = bool(self.not_now().plain)
        self.query_one("#action-switcher", ContentSwitcher).current = "form-pane"
        self.query_one("#cancel", Button).display = True
        self.say("")
        faces = self.query_one("#faces", Input)
        with faces.prevent(Input.Changed):
            faces.value = ""
        mode = self.query_one(DiceMode)
        if mode.physical != self.host.physical_default:
            mode.physical = self.host.physical_default
            mode.show()
        self._refresh()
        self.tell_changed_ship()
        self.first_focus()
        self._ready_at = message_clock()
        self.call_later(self.keys_drained)

    def tell_changed_ship(self) -> None:
        """The caller named a ship (a planner row) the rules do not let act now (pz8: another ship is
        activated): the form fills in the one they do and says so on the form, with why; never silently."""
        name = self._owner_arg()
        field = self.field(name) if name else None
        wanted = str(self.prefill.get(name) or "")
        if field is None or name not in self.given or not wanted or str(field.value) == wanted:
            return
        actor = self.legal.actor
        if field.value is None and actor is not None and any(v == str(actor) for _, v in field.options):
            field.set_value(actor, quiet=True)  # the ship the rules let act, its defaults re-derived
            self.field_changed(field)
        ships = self.host.state.ships
        asked = f"{ships[wanted].name} (#{wanted})" if wanted in ships else f"#{wanted}"
        now = f"{ships[str(field.value)].name} (#{field.value})" if str(field.value) in ships else "another ship"
        may = [f"{ships[a].name} (#{a})" for a in self.legal.actors if a in ships]
        why = self.legal.reason or (f"only {' or '.join(may)} may now" if may else "not one of the ships that may now")
        self.say(f"Ship changed: {asked} may not do this now ({why}); {now} is filled in instead")

    def not_now(self) -> Content:
        """Why the rules refuse this action now, above the fields (empty when they allow it)."""
        if self.legal.allowed or not self.legal.reason:
            return Content("")
        return Content.styled(f"Not now: {self.legal.reason}", "$text-warning")

    def first_focus(self) -> None:
        """The cursor starts on the first field the player must fill, one rule in every form (`first_field`).
        Set at once (not after the next refresh, as `focus()` does) so keys typed ahead find it."""
        self.set_focus(self.first_field())

    def first_field(self) -> Any:
        """The first field the player must fill (`must_fill`: a required one still blank, or the one the
        action's preparation says is missing); else the first value still to type, a number or words read
        off the table (a distance, the hex a salvo goes to, the ships in a device's radius), unless the
        faces of physical dice are what is left (the odds complete without it); else the faces; else the
        first field, filled in from the game (enter opens its list, ctrl+r applies); Apply for a form
        without fields. A list the form filled in is never one to fill: what is typed goes where it belongs,
        not into a list's search (issue 16: use-device and launch-torpedo opened on their ship)."""
        fields = self.fields()
        blank = next((f for f in fields if self.must_fill(f)), None)
        if blank is None and not (self.physical and self.plan and self._odds_of(self.action())[0] is not None):
            blank = next((f for f in fields if f.value is None and not f.picker
                          and f.arg.type in (ArgType.INT, ArgType.TEXT)), None)
        if blank is not None:
            return self.query_one(f"#{blank.control_id}")
        if self.physical and self.plan:
            return self.query_one("#faces", Input)
        if fields:
            return self.query_one(f"#{fields[0].control_id}")
        return self.query_one("#go", Button)

    def blank_required(self) -> ArgField | None:
        """The first required field still blank (None when every one is filled)."""
        return next((f for f in self.fields() if self.must_fill(f)), None)

    # ---- keys typed while the form was opening ---------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Keys that reached the screen before its fields could take them are played in order. A key
        that reaches a dialog no longer on top goes back to the app, to the screen on top now: the app
        hands a key to its top screen's queue, and a dialog built ahead (`warming`) may leave before
        it reads that key (`warmed` runs between the messages of its queue; the note form never showed
        after `b o` under load)."""
        if not self.warming and self.app.screen is not self:
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
            return
        if self._ready_at is None or event.time < self._ready_at or self.focused is None:
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
        if self.focused is None:  # nothing has the cursor yet (a busy app): it starts where it always does
            self.first_focus()
        focused = self.focused
        select = next((w for w in focused.ancestors_with_self if isinstance(w, Select)), None) if focused else None
        if key.key in ("tab", "shift+tab"):
            self.move_focus(forward=key.key == "tab")
        elif select is not None and key.key in ("enter", "space", "down", "up", "escape"):
            self.replay_in_list(select, key.key)
        elif key.key == "enter" and isinstance(focused, Input):
            focused.action_submit()
        elif key.key == "backspace" and isinstance(focused, Input):
            focused.action_delete_left()
        elif key.is_printable and key.character and isinstance(focused, Input):
            focused.insert_text_at_cursor(key.character)
        else:
            for binding in self.BINDINGS:
                if isinstance(binding, Binding) and key.key in binding.key.split(","):
                    if binding.action == "toggle_dice":  # at once: the keys after it are the faces
                        self.action_toggle_dice()
                        break
                    self.call_next(self.run_action, binding.action)  # after the keys before it
                    break

    def action_in_order(self, key: str) -> None:
        """Tab, and enter / space / an arrow / escape on a picker, done at once as the app reads the key.
        The app hands each key to the widget focused when it reads it, and Textual's Select opens, picks
        and gives the cursor back later (`focus()` is a `call_later`): the Down, Enter, Tab and 6 typed at
        once behind an Enter all went to the closed list (issue 16: `Enter Down Enter Tab 6` left the
        distance empty). Any other key goes the usual way, to the widget that has the cursor now; so does
        every key while the form is still opening, or while keys typed before it wait their turn in its
        queue or the battle's (they are played in order, see `take_key`), so none overtakes them."""
        focused = self.focused
        if (not self._in_order or self.warming or focused is None or self.app.screen is not self
                or getattr(self.host, "_typing_ahead", None) is not None):
            raise SkipAction()
        select = next((w for w in focused.ancestors_with_self if isinstance(w, Select)), None)
        if key in ("tab", "shift+tab"):
            self.move_focus(forward=key == "tab")
        elif select is not None and key != "escape" or select is not None and select.expanded:
            self.replay_in_list(select, key)
        else:
            raise SkipAction()

    def keys_drained(self) -> None:
        """Every key that reached this form's queue before it was ready has been taken: from now on keys
        are done as the app reads them (`in_order`)."""
        self._in_order = self._ready_at is not None

    def move_focus(self, forward: bool) -> None:
        """Tab typed ahead: the next field, past the list of a picker just closed (a closed list stays in
        the focus chain until the next refresh, and keys typed ahead are played before it)."""
        move = self.focus_next if forward else self.focus_previous
        move()
        for _ in range(3):
            overlay = self.focused
            if not isinstance(overlay, SelectOverlay) or getattr(overlay.parent, "expanded", False):
                break
            move()

    def replay_in_list(self, select: Select, key: str) -> None:
        """A key typed ahead on a picker, done at once (the next key finds its effect): enter, space or
        an arrow opens the list; in an open list the arrows move, enter picks, escape closes."""
        overlay = select.query_one(SelectOverlay)
        if not select.expanded:
            if key != "escape":
                open_list_now(select, overlay)
                self.set_focus(overlay)
            return
        if key == "down":
            overlay.action_cursor_down()
        elif key == "up":
            overlay.action_cursor_up()
        elif key in ("enter", "space") and overlay.highlighted is not None:
            option = overlay.get_option_at_index(overlay.highlighted)
            if not option.disabled:
                value = select._options[overlay.highlighted][1]  # the overlay lists Select's options in order
                if value != select.value:
                    select.value = value
                select.expanded = False
                self.set_focus(select)
        elif key == "escape":
            select.expanded = False
            self.set_focus(select)

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
        """An argument changed: the later defaults and lists that follow the acting ship, the lists
        that follow what else is filled in, the record keys of the target; then odds and dice."""
        if not self.is_mounted:
            return
        self.say("")
        state, engine = self.host.state, self.host.engine
        if field.arg.name == self._owner_arg():
            self.follow_actor(state, engine, field.value)
        self.follow_choices(state, changed=field.arg.name)
        if field.arg.name == self._target_arg():
            for f in self.fields():
                if f.arg.type is ArgType.KEY:
                    f.set_options(af.key_options(state, field.value, engine.spec))
        self._refresh()

    def follow_actor(self, state: GameState, engine: Engine, ship_id: Any) -> None:
        """A new acting ship: every later field starts again from the contract's answer for it (its
        first ready weapon or usable device, its targets, its tokens, the other defaults), so no default
        is left from the ship before (a passive device, an ordnance its bays cannot take)."""
        ship = self._actor(state, ship_id)
        target = self.field(self._target_arg())
        marked = target.value if target is not None else None
        legal = engine.plugin.legal_action(state, self.spec, ship.id if ship else None, marked, self.legal.expected)
        self.legal = replace(self.legal, actor=legal.actor, weapon=legal.weapon, target=legal.target,
                             targets=legal.targets, prefill=legal.prefill)
        defaults = legal.defaults([a.name for a in self.spec.args])
        self.choices = self._arg_choices(self.args())
        later = False
        for f in self.fields():
            if f.arg.name == self._owner_arg():
                later = True
                continue
            if not later:
                continue
            if f.arg.type is ArgType.KEY:
                continue
            if f.picker:
                options, greyed = self._options(f.arg, state)
                if f.arg.type is ArgType.ITEM and f.arg.name not in self.choices:
                    readiness = engine.plugin.readiness(state, ship) if ship is not None else ()
                    options = af.item_options(readiness, f.arg.items)
                if options is not None:
                    f.set_options(options, prefer=defaults.get(f.arg.name), reset=True, quiet=True, greyed=greyed)
            elif f.arg.name in defaults:
                f.set_value(defaults[f.arg.name], quiet=True)

    def follow_choices(self, state: GameState, changed: str) -> None:
        """Lists that depend on other fields (a token's targets, a builder's classes) follow them."""
        choices = self._arg_choices(self.args())
        if not choices and not self.choices:
            return
        self.choices = choices
        for f in self.fields():
            if f.arg.name != changed and f.arg.name in choices and f.picker:
                options, greyed = self._options(f.arg, state)
                if options is not None:
                    f.set_options(options, quiet=True, greyed=greyed)

    @on(Input.Changed, "#faces")
    @on(DiceMode.Switched)
    def dice_changed(self, event: Any) -> None:
        event.stop()
        self._show_dice()
        self._dice_status()
        if self.physical and isinstance(event, DiceMode.Switched) and self.focused is not self.query_one("#faces", Input):
            self.focus_dice()
        if self.physical and isinstance(event, DiceMode.Switched):  # the faces shown: in view once laid out
            self.call_after_refresh(self.cursor_in_view)

    def cursor_in_view(self) -> None:
        """The widget with the cursor in view (the faces with their status line under them)."""
        focused = self.focused
        if focused is not None:
            shown = self.query_one("#faces-status") if focused is self.query_one("#faces", Input) else focused
            shown.scroll_visible(animate=False, immediate=True)

    def focus_dice(self) -> None:
        """On to the faces after a switch to physical dice, unless a required field is still to fill:
        there first. At once (`set_focus`, not `focus()`): the keys typed right after ctrl+t are
        already queued, and they are the faces (issue 16: they landed in the distance, "8128"). Only a field
        the action itself requires counts here: one the preparation names (a distance "in range" may stand
        for) is refused at Apply, where the player sees why."""
        blank = next((f for f in self.fields() if f.value is None and f.arg.required), None)
        target = self.query_one(f"#{blank.control_id}") if blank is not None else self.query_one("#faces", Input)
        self.set_focus(target)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in a text box applies a complete form; with a required field still blank it goes there
        instead (and opens its list), so an Enter never applies a form the player has not filled."""
        event.stop()
        blank = self.blank_required()
        if blank is None and self.result is None and self.physical and self.plan and not self.typed_faces():
            self.say("Type the faces of the dice listed above first (e.g. 5 3), then enter")
            self.query_one("#faces", Input).focus()
            return
        if blank is not None and self.result is None:
            self.say(f"{blank.arg.title} is still blank: fill it in first (enter opens a list)")
            control = self.query_one(f"#{blank.control_id}")
            control.focus()
            if isinstance(control, Select):
                control.action_show_overlay()
            return
        self.action_go()

    def say(self, text: str, error: bool = False) -> None:
        """A line under the fields: what is still missing, or why the action was refused."""
        update_quietly(self.query_one("#form-says", Static),
                       Content.styled(text, "$text-error" if error else "$text-warning") if text else Content(""))

    def on_descendant_focus(self, event: Any) -> None:
        widget = event.widget
        field = next((a for a in widget.ancestors_with_self if isinstance(a, ArgField)), None)
        text = f"{field.arg.title}: {field.arg.help}" if field is not None and field.arg.help else ""
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
        self.show_reach()

    def show_reach(self) -> None:
        """The "in range" box follows a typed distance: ticked (by the distance) when the action as
        filled in is prepared without a refusal, since its preparation is what checks the reach (spook
        §3 B2, lukas §3.a, cal point defence); its own tick is left as the player set it."""
        box, distance = self.field(IN_RANGE), self.field("distance")
        if box is None or distance is None:
            return
        within = distance.value is not None and not self.problem
        box.query_one(af.YesNo).imply(f"{distance.value} is within reach (the distance typed)" if within else "")

    def _plan_of(self, action: Action) -> tuple[DicePlan | None, str]:
        """The dice the action declares as filled in, or why it cannot be worked out."""
        plan, problem, _ = self.prepared(action)
        return plan, problem

    def prepared(self, action: Action) -> tuple[DicePlan | None, str, str]:
        """The action as filled in, prepared once: its dice, or why it cannot be worked out, and the
        argument the preparation says is still blank (`Incomplete`: a bomber's subsystem, a distance; ''
        for none): a field the player must fill, as a required one is."""
        try:
            return self.host.engine.dice_plan(self.host.state, action), "", ""
        except Incomplete as exc:
            return None, str(exc), exc.arg
        except InvalidAction as exc:
            return None, str(exc), ""
        except (GameError, ValueError, KeyError) as exc:
            return None, f"cannot work this out: {exc}", ""

    def must_fill(self, f: ArgField) -> bool:
        """Blank and needed: a required field, or the one the preparation names (`prepared`)."""
        return f.value is None and (f.arg.required or f.arg.name == self.missing)

    def _odds_of(self, action: Action) -> tuple[Any, str]:
        """(odds, '') or (None, why there are none yet)."""
        try:
            odds = self.host.engine.action_odds(self.host.state, action)
        except InvalidAction as exc:
            return None, f"Odds once the form is complete: {exc}"
        except (GameError, ValueError, KeyError) as exc:
            return None, f"No odds: {exc}"
        if odds is not None:
            return odds, ""
        if (absent := self.host.engine.absent("exact_odds")):  # a ruleset that declares no odds: the panel says so
            return None, f"No odds: {absent}"
        if (plan := self._plan_of(action)[0]) is not None and not plan:
            return None, "As filled in, this rolls no dice: no odds to show."
        return None, "Odds appear once the form is complete."

    def refresh_plan(self) -> None:
        self.plan, self.problem, self.missing = self.prepared(self.action())
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
    missing: str = ""  # the argument the preparation says is blank (see `prepared`)

    def _blank_required(self) -> bool:
        if self._fields is None:
            return any(a.required and self.prefill.get(a.name) is None for a in self.spec.args)
        return any(self.must_fill(f) for f in self.fields())

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
            mode = self.query_one(DiceMode)
            mode.switch()
            self._show_dice()
            if mode.physical:
                self.focus_dice()

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
        if events_ is None:  # refused: the reason stays in the form, beside what to change
            self.say(f"Not done: {getattr(self.host, 'last_refusal', '') or 'refused (see the message)'}", error=True)
            return
        self.say("")
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



def open_list_now(select: Select, overlay: SelectOverlay) -> None:
    """Open a picker's list at once for keys typed ahead. Textual's own opening (`expanded = True`)
    focuses the list later, after every key already typed has been played, so a list those keys closed
    again would take the cursor back from the field they moved on to: this opens it as that does, minus
    the deferred focus (the caller focuses the list now)."""
    select.set_reactive(Select.expanded, True)
    select.set_class(True, "-expanded")
    select.query_one(SelectCurrent).has_value = select.value is not Select.NULL
    index = next((i for i, (_, value) in enumerate(select._options) if value == select.value), None)
    overlay.select(index)
    if overlay.highlighted is None:
        overlay.action_first()


def message_clock() -> float:
    """Now, on the clock Textual stamps its messages with (so it compares with a key's `time`)."""
    return events.Key("", None).time
