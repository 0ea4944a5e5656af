"""Form fields built from an action's ArgSpecs: ship, item, player, key and step pickers, choices,
whole numbers, text and yes/no, each with its help. No ruleset is named here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Input, Select, Static
from textual.widgets._select import SelectOverlay

from ...game import ArgSpec, ArgType, FieldKind, GameState, RecordSpec, ShipState
from ...game.events import MAX_TEXT
from ...rules.contract import ArgChoice, ItemReadiness, TableItem

PICKERS = frozenset({
    ArgType.SHIP, ArgType.TARGET, ArgType.PLAYER, ArgType.ITEM, ArgType.KEY, ArgType.STEP, ArgType.CHOICE, ArgType.TOKEN,
})

Options = list[tuple[str | Content, str]]
"""A picker's entries: (what it shows, the value)."""

GREYED = "dim italic"


def greyed_label(label: str, why_not: str) -> Content:
    """An entry the rules refuse now, shown greyed with why not ('#3 Wisp · Cyd  ✗ your own ship')."""
    return Content.styled(f"{label}  ✗ {why_not}", GREYED)


def choice_options(choices: Sequence[ArgChoice], label: Callable[[str], str] = str) -> tuple[Options, frozenset[str]]:
    """A ruleset's answer (RulesetPlugin.arg_choices) as picker entries: the allowed ones first, in its
    order, then the refused ones greyed with why not; and the values that are greyed."""
    allowed = [(c.label or label(c.value), c.value) for c in choices if not c.why_not]
    refused = [(greyed_label(c.label or label(c.value), c.why_not), c.value) for c in choices if c.why_not]
    return allowed + refused, frozenset(c.value for c in choices if c.why_not)


def ship_label(state: GameState, ship: ShipState, spec: RecordSpec) -> str:
    owner = state.players[ship.owner].name if ship.owner < len(state.players) else "?"
    out = spec.out_word(ship.record)
    lost = f"  ✗ {out.lower()}" if out else ""
    tag = f" [{ship.tag}]" if ship.tag else ""
    return f"#{ship.id} {ship.name}{tag} · {ship.ship_class} · {owner}{lost}"


def ship_order(state: GameState, spec: RecordSpec) -> list[ShipState]:
    """Every ship in a stable order: the fleets from the side that may act now, each in id order,
    then the ships out of play (destroyed, jumped, retired) at the end."""
    players = max(1, len(state.players))
    first = state.active if state.started else 0

    def key(ship: ShipState) -> tuple[bool, int, tuple[int, str]]:
        return spec.lost(ship.record), (ship.owner - first) % players, _num(ship.id)

    return sorted(state.ships.values(), key=key)


def ship_options(state: GameState, spec: RecordSpec, only: tuple[str, ...] = ()) -> Options:
    """Ships as a picker lists them (ship_order); with `only`, just those ships (in that order of play)."""
    ships = ship_order(state, spec)
    if only:
        allowed = set(only)
        ships = [s for s in ships if s.id in allowed]
    return [(ship_label(state, s, spec), s.id) for s in ships]


def player_options(state: GameState) -> Options:
    return [(p.name, p.name) for p in state.players]


def target_options(state: GameState, spec: RecordSpec) -> Options:
    return ship_options(state, spec) + [(f"player {p.name}", f"p{i + 1}") for i, p in enumerate(state.players)]


def item_options(readiness: Sequence[ItemReadiness], kinds: tuple[str, ...] = ()) -> Options:
    """A ship's items with their readiness in words: 'w2 Beam · ✓ ready', 'w1 Torpedoes · ∅ out: salvo launched'."""
    return [(f"{r.item} {r.name} · {r.glyph} {r.words()}", r.item) for r in readiness if not kinds or r.kind in kinds]


def token_options(state: GameState, tokens: Sequence[TableItem]) -> Options:
    def owner(t: TableItem) -> str:
        return f" · {state.players[t.owner].name}" if t.owner is not None and t.owner < len(state.players) else ""

    return [(f"{t.id} {t.kind}{owner(t)}" + (f" · {t.text}" if t.text else ""), t.id) for t in tokens]


def key_options(state: GameState, ref: str | None, spec: RecordSpec) -> Options:
    """Record keys of the target ship (and its items' values, and owner), or a player's resources."""
    if not ref:
        return []
    if ref.startswith("p") and ref[1:].isdigit():
        index = int(ref[1:]) - 1
        if not 0 <= index < len(state.players):
            return []
        player = state.players[index]
        keys = [f.key for f in spec.player_fields] + [k for k in player.resources if spec.player_field(k) is None]
        return [(f"{k} = {player.resources.get(k, '–')}", k) for k in keys]
    ship = state.ships.get(ref)
    if ship is None:
        return []
    out: Options = []
    for f in spec.fields:
        out.append((f"{f.label} ({f.key}) = {f.show(ship.record)}", f.key))
        if f.kind is FieldKind.BAR and f.max_key:
            out.append((f"{f.label} max ({f.max_key}) = {ship.record.get(f.max_key, '–')}", f.max_key))
    for it in ship.items:
        for f in spec.item_fields:
            out.append((f"{it.name} {f.label.casefold()} ({it.id}.{f.key}) = {f.show(it.record)}", f"{it.id}.{f.key}"))
    out.append(("owner", "owner"))
    return out


def step_options(state: GameState) -> Options:
    phase = state.current_phase
    if phase is None:
        return []
    return [(f"{n}. {s.text}", s.id) for n, s in enumerate(phase.steps, start=1)]


def _num(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdigit() else (1 << 30, text)


class RuleSelect(Select[str]):
    """A Select whose greyed entries (refused by the rules now) are shown but cannot be picked."""

    def __init__(self, *args: Any, greyed: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        self.greyed = greyed
        super().__init__(*args, **kwargs)

    def _setup_options_renderables(self) -> None:
        super()._setup_options_renderables()
        if not self.greyed:
            return
        overlay = self.query_one(SelectOverlay)
        for index, (_, value) in enumerate(self._options):
            if value in self.greyed:
                overlay.disable_option_at_index(index)


class YesNo(Static, can_focus=True):
    """A yes/no argument: '☑ yes' or '☐ no' and its help; space, enter or a click switches."""

    BINDINGS = [Binding("space,enter", "switch", "Switch yes/no", show=False)]

    class Changed(Message):
        pass

    def __init__(self, value: bool, help: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.value = value
        self.help_text = help
        self.implied = ""  # why the box reads as ticked without a tick of its own (see `imply`)

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.implied and not self.value:  # shown as the other fields make it, its own value untouched
            self.update(Content.styled("☑ yes", "bold $text-success") + Content.styled(f"   {self.implied}", "$text-muted"))
            return
        mark = Content.assemble(("☑ yes" if self.value else "☐ no", "bold $text-success" if self.value else "bold"))
        self.update(mark + Content.styled(f"   {self.help_text}" if self.help_text else "", "$text-muted"))

    def imply(self, why: str) -> None:
        """Read as ticked because of what else the form holds (`why`, e.g. a distance within reach), or
        as its own value again (`why` empty). The value sent with the action stays the player's own."""
        if why != self.implied:
            self.implied = why
            self._draw()

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            self._draw()
            self.post_message(self.Changed())

    def action_switch(self) -> None:
        self.set(not self.value)

    def on_click(self) -> None:
        self.action_switch()


class ArgField(Horizontal):
    """One argument: its name, then a picker, a number or text box, or a yes/no box."""

    DEFAULT_CSS = """
    ArgField {
        height: auto;
    }
    ArgField > .arg-name {
        width: 16;
        padding: 0 1 0 0;
        text-style: bold;
    }
    ArgField > .arg-name.-optional {
        text-style: none;
    }
    ArgField > Select, ArgField > Input {
        width: 1fr;
    }
    ArgField > YesNo {
        width: 1fr;
        height: 1;
    }
    ArgField > YesNo:focus {
        background: $boost;
        text-style: bold;
    }
    """

    class Changed(Message):
        """The value of an argument changed (typed, picked or ticked)."""

        def __init__(self, field: ArgField) -> None:
            super().__init__()
            self.field = field

    def __init__(
        self,
        arg: ArgSpec,
        options: Options | None = None,
        value: Any = None,
        on_change: Callable[[ArgField], None] | None = None,
        greyed: frozenset[str] = frozenset(),
    ) -> None:
        """`on_change`, when given, is called at once instead of posting `Changed` (the attack
        dialog refreshes its odds in the same frame as the key press that changed them)."""
        super().__init__(id=f"field-{arg.name}")
        self.arg = arg
        self.on_change = on_change
        # a ruleset may list a text argument's values; a list of several (a loadout) is always a picker
        self.picker = arg.type in PICKERS or options is not None or arg.many
        self.options = options if options is not None else (
            [(c, c) for c in arg.choices] if arg.type is ArgType.CHOICE else [])
        self.greyed = greyed
        self.initial = value if value is not None else arg.default

    @property
    def control_id(self) -> str:
        return f"arg-{self.arg.name}"

    @property
    def list_id(self) -> str:
        """The picker's id: the control itself, or for a list of several the "add…" list beside its text."""
        return f"add-{self.arg.name}" if self.arg.many else self.control_id

    def compose(self) -> ComposeResult:
        arg = self.arg
        yield Static(arg.title, classes="arg-name" + ("" if arg.required else " -optional"))
        tip = arg.help or None
        if arg.many:  # the values so far (shown, never typed), and the rules' list to add one more from
            shown = Input("" if self.initial is None else str(self.initial), id=self.control_id, compact=True,
                          placeholder="none yet: add from the list", tooltip=tip, max_length=MAX_TEXT)
            # not a stop of the cursor: an Enter there applied the form with nothing added (issue 16); the
            # list takes the keys, backspace there takes the last value back
            shown.can_focus = False
            yield shown
            yield RuleSelect(self.options, allow_blank=True, id=self.list_id, compact=True, tooltip=tip,
                             prompt="add…", greyed=self.greyed)
        elif self.picker:
            values = {v for _, v in self.options if v not in self.greyed}
            initial = str(self.initial) if self.initial is not None and str(self.initial) in values else Select.NULL
            yield RuleSelect(self.options, value=initial, allow_blank=True, id=self.control_id, compact=True, tooltip=tip,
                             prompt="choose…" if arg.required else "(none)", greyed=self.greyed)
        elif arg.type is ArgType.BOOL:
            yield YesNo(bool(self.initial), arg.help, id=self.control_id)
        else:
            value = "" if self.initial is None else str(self.initial)
            kind = "integer" if arg.type is ArgType.INT else "text"
            placeholder = arg.help[:60] if arg.help else ("required" if arg.required else "optional")
            yield Input(value, type=kind, id=self.control_id, compact=True, placeholder=placeholder, tooltip=tip,
                        max_length=MAX_TEXT)  # what the action takes (a note is a log line)

    @property
    def value(self) -> Any:
        """The raw value for Action args, or None when blank."""
        control = self.query_one(f"#{self.control_id}")
        if isinstance(control, Select):
            return control.selection
        if isinstance(control, YesNo):
            return control.value
        assert isinstance(control, Input)
        text = control.value.strip()
        return text or None

    def set_value(self, value: Any, quiet: bool = False) -> None:
        """Show a value; `quiet` changes it without telling the form (it refreshes once after)."""
        control = self.query_one(f"#{self.control_id}")
        with control.prevent(Select.Changed, Input.Changed, YesNo.Changed) if quiet else nullcontext():
            if isinstance(control, Select):
                if value is None:
                    control.clear()
                elif any(v == str(value) for _, v in self.options) and str(value) not in self.greyed:
                    control.value = str(value)
            elif isinstance(control, YesNo):
                control.set(bool(value))
            elif isinstance(control, Input):
                control.value = "" if value is None else str(value)

    def set_options(self, options: Options, prefer: str | None = None, reset: bool = False, quiet: bool = False,
                    greyed: frozenset[str] = frozenset()) -> None:
        """New choices (an item picker after the ship changed). The value stays when still offered,
        unless `reset`; else `prefer` is chosen when offered. `greyed` values are shown, never chosen."""
        control = self.query_one(f"#{self.list_id}", RuleSelect)
        keep = control.selection
        if options == self.options and greyed == self.greyed and not (reset and prefer is not None and prefer != keep):
            return
        self.options, self.greyed = options, greyed
        with control.prevent(Select.Changed):
            control.greyed = greyed
            control.set_options(options)
            values = {v for _, v in options if v not in greyed}
            first = prefer if reset else keep
            second = keep if reset else prefer
            choice = first if first in values else second if second in values else None
            if choice is not None and not self.arg.many:  # a list to add from keeps no value of its own
                control.value = choice
        if not quiet:
            self._tell()

    @on(Select.Changed)
    @on(Input.Changed)
    @on(YesNo.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        if self.arg.many and isinstance(event, Select.Changed):
            self._add(event.select)
        self._tell()

    def on_key(self, event: events.Key) -> None:
        """Backspace on the list of a list of several takes back the value added last."""
        if not self.arg.many or event.key != "backspace":
            return
        picker = self.query_one(f"#{self.list_id}", RuleSelect)
        if self.screen.focused is not picker:
            return
        event.stop()
        event.prevent_default()
        text = self.query_one(f"#{self.control_id}", Input)
        kept = [w.strip() for w in text.value.split(",") if w.strip()][:-1]
        with text.prevent(Input.Changed):
            text.value = ", ".join(kept)
        self._tell()

    def _add(self, picker: Select) -> None:
        """A value picked from a list of several: added to the text after the ones there, the list cleared."""
        picked = picker.selection
        if picked is None:
            return
        text = self.query_one(f"#{self.control_id}", Input)
        with text.prevent(Input.Changed), picker.prevent(Select.Changed):
            text.value = ", ".join([*(w.strip() for w in text.value.split(",") if w.strip()), str(picked)])
            picker.clear()

    def _tell(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
        else:
            self.post_message(self.Changed(self))
