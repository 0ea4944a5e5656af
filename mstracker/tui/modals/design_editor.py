"""Create, edit or delete a cal custom design: type, SS, batteries, point defence, tubes and bays.

What the player types is stored as typed (numbers as numbers, anything else as text): the cal
validator turns bad values into findings that name the design and the field, here live and later
in the fleet builder's findings. Only a blank or clashing name keeps the dialog open.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static

from ...fleet import Severity
from ...rulesets.cal.fleet import design_classes
from ...rulesets.cal.model import CAPITAL, ESCORT, Ruleset, ShipClass
from ...rules.names import UnknownName, find_entry

BATTERIES = (("beam", "Beam"), ("projectile", "Projectile"))
COUNTS = (
    ("point", "Point defence"),
    ("torpedoes", "Torpedo tubes"),
    ("assault_bay", "Assault bays"),
    ("fighter_bay", "Fighter bays"),
    ("bomber_bay", "Bomber bays"),
    ("fb_bay", "Fighter/bomber bays"),
)
EDITED = ("type", "ss", "points", *(f for f, _ in BATTERIES), *(f for f, _ in COUNTS))
"""The design fields this dialog edits; any other key of a design (code, cc, ...) is kept as it was."""


@dataclass(frozen=True)
class DesignEdit:
    """What the dialog ends with: save `data` under `name` (replacing `original`), or delete `original`."""

    name: str
    data: dict[str, Any]
    original: str | None
    delete: bool = False


def class_values(cls: ShipClass) -> dict[str, Any]:
    """A stock class as design data (the starting point of a new design based on it)."""
    data: dict[str, Any] = {"type": cls.type, "ss": cls.ss}
    for field, _ in BATTERIES:
        battery = getattr(cls, field)
        if battery is not None:
            data[field] = {"strength": battery.strength, "range": battery.range}
    for field, _ in COUNTS:
        if getattr(cls, field):
            data[field] = getattr(cls, field)
    if cls.points is not None:
        data["points"] = cls.points
    return data


def _typed(text: str) -> int | str | None:
    """'' -> None (not given), '12' -> 12, anything else stays text for the validator to name."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _shown(value: Any) -> str:
    return "" if value is None else str(value)


def _battery_texts(value: Any) -> tuple[str, str]:
    if isinstance(value, Mapping):
        return _shown(value.get("strength")), _shown(value.get("range"))
    if isinstance(value, str) and "/" in value:
        strength, _, rng = value.partition("/")
        return strength.strip(), rng.strip()
    return _shown(value), ""


class DesignEditorModal(ModalScreen[DesignEdit | None]):
    """Dismisses with a DesignEdit, or None when cancelled."""

    DEFAULT_CSS = """
    DesignEditorModal .modal-box {
        width: 76;
    }
    DesignEditorModal .modal-box > Label {
        margin-bottom: 0;
    }
    DesignEditorModal .design-row {
        height: 1;
        margin-top: 1;
    }
    DesignEditorModal .design-row.tight {
        margin-top: 0;
    }
    DesignEditorModal .design-row Static {
        width: auto;
        padding: 0 1 0 0;
        color: $text-muted;
    }
    DesignEditorModal .design-row Static.lead {
        width: 12;
    }
    DesignEditorModal .design-row .gap {
        margin-left: 3;
    }
    DesignEditorModal .design-row Input {
        width: 6;
        margin-right: 1;
        background: $background;
    }
    DesignEditorModal .design-row Input:focus {
        background: $background;
        text-style: bold;
    }
    DesignEditorModal .design-row Input.bay {
        width: 4;
    }
    DesignEditorModal #design-name {
        width: 28;
    }
    DesignEditorModal #design-type {
        width: 18;
    }
    DesignEditorModal #design-cc {
        height: 1;
        margin-top: 1;
    }
    DesignEditorModal #design-findings {
        height: auto;
        max-height: 4;
    }
    DesignEditorModal #design-error {
        height: auto;
    }
    """

    BINDINGS = [
        Binding("ctrl+s", "save", "Save design", priority=True),
        Binding("ctrl+d", "delete", "Delete design", priority=True),  # over the inputs' delete-right; it asks first
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, ruleset: Ruleset, name: str, data: Mapping[str, Any], *, original: str | None,
                 taken: set[str], based_on: str = "", ships_using: int = 0, other_cc: int = 0) -> None:
        """`original`: the design being edited (None for a new one); `taken`: the other designs' names;
        `ships_using` and `other_cc`: the fleet's ships of this design and the C&C of all the others."""
        super().__init__()
        self.ruleset = ruleset
        self.start_name = name
        self.start = dict(data)
        self.original = original
        self.taken = {n.casefold() for n in taken}
        self.based_on = based_on
        self.ships_using = ships_using
        self.other_cc = other_cc

    def _number(self, field: str, value: Any, classes: str = "") -> Input:
        return Input(_shown(value), id=f"design-{field}", compact=True, max_length=12, classes=classes)

    def compose(self) -> ComposeResult:
        start = self.start
        if self.original is not None:
            title = f"Edit design {self.original}"
        else:
            title = "New design" + (f" (starting from the {self.based_on})" if self.based_on else "")
        type_value = start.get("type")
        typed = {"escort": ESCORT, "capital": CAPITAL, "capital ship": CAPITAL}.get(str(type_value or "").strip().casefold())
        batteries = {field: _battery_texts(start.get(field)) for field, _ in BATTERIES}
        counts = dict(COUNTS)
        with Vertical(classes="modal-box"):
            yield Label(title)
            with Horizontal(classes="design-row"):
                yield Static("Name", classes="lead")
                yield Input(self.start_name, placeholder="e.g. Raider", id="design-name", compact=True, max_length=80)
                yield Static("Type", classes="gap")
                yield Select([("Escort", ESCORT), ("Capital Ship", CAPITAL)], value=typed or ESCORT,
                             allow_blank=False, compact=True, id="design-type")
            with Horizontal(classes="design-row"):
                yield Static("SS", classes="lead")
                yield self._number("ss", start.get("ss"))
                yield Static("Points", classes="gap")
                yield self._number("points", start.get("points"))
                yield Static("(optional: house budget)")
            with Horizontal(classes="design-row"):
                yield Static("", classes="lead")
                yield Static("strength range")
            for (field, label), count in zip(BATTERIES, ("point", "torpedoes")):
                with Horizontal(classes="design-row tight"):
                    yield Static(label, classes="lead")
                    yield Input(batteries[field][0], id=f"design-{field}-strength", compact=True, max_length=12)
                    yield Input(batteries[field][1], id=f"design-{field}-range", compact=True, max_length=12)
                    yield Static(counts[count], classes="gap")
                    yield self._number(count, start.get(count))
            with Horizontal(classes="design-row"):
                yield Static("Bays")
                for field, label in COUNTS[2:]:
                    yield Static(label.removesuffix(" bays").lower())
                    yield self._number(field, start.get(field), classes="bay")
            yield Static(id="design-cc")
            yield Static(id="design-findings")
            yield Static(id="design-error", classes="error-text")
            delete = " · ctrl+d: delete it" if self.original is not None else ""
            yield Static(f"blank: none · enter: next field · ctrl+s: save{delete} · esc: cancel",
                         classes="muted", markup=False)

    def on_mount(self) -> None:
        self.query_one("#design-name", Input).focus()
        self.show_checks()

    # -- reading the form ------------------------------------------------------------------------------

    def _text(self, field: str) -> str:
        return self.query_one(f"#design-{field}", Input).value

    def design_name(self) -> str:
        return self._text("name").strip()

    def design_data(self) -> dict[str, Any]:
        """The design as typed, over the keys of the original this dialog does not edit."""
        data = {k: v for k, v in self.start.items() if k not in EDITED}
        data["type"] = self.query_one("#design-type", Select).value
        for field in ("ss", "points", *(f for f, _ in COUNTS)):
            value = _typed(self._text(field))
            if value is not None:
                data[field] = value
        for field, _ in BATTERIES:
            parts = {part: _typed(self._text(f"{field}-{part}")) for part in ("strength", "range")}
            if any(v is not None for v in parts.values()):
                data[field] = {k: v for k, v in parts.items() if v is not None}
        return data

    def name_problem(self, name: str) -> str | None:
        if not name:
            return "the design needs a name"
        if name.casefold() in self.taken:
            return f"another design is already called {name}"
        try:
            stock, _ = find_entry(self.ruleset.classes, name, "class")
        except UnknownName:
            return None
        return f"{name} already names the stock {stock}; pick another name"

    # -- live checks -----------------------------------------------------------------------------------

    @on(Input.Changed)
    @on(Select.Changed)
    def show_checks(self) -> None:
        name = self.design_name() or "(unnamed)"
        good, findings = design_classes(self.ruleset, {name: self.design_data()})
        cc_text = Text()
        if name in good:
            cc = self.ruleset.class_cc(good[name])
            fleet = self.other_cc + cc * self.ships_using
            cc_text.append(f"C&C {cc}", style="bold")
            cc_text.append(f" ({self.ruleset.general.cc_per_bay} per fighter, bomber or F/B bay) · fleet C&C {fleet}"
                           + (f" with its {self.ships_using} ship{'s' if self.ships_using != 1 else ''}" if self.ships_using else ""))
        else:
            cc_text.append("C&C: fix the values below first", style="dim")
        self.query_one("#design-cc", Static).update(cc_text)
        colours = self.app.theme_variables
        out = Text()
        for finding in findings:
            error = finding.severity is Severity.ERROR
            out.append("✗ " if error else "⚠ ", style=f"bold {colours.get('error' if error else 'warning', '')}")
            out.append(finding.message + "\n")
        if not findings:
            out.append("✓ the design is valid", style=f"bold {colours.get('success', '')}")
        out.rstrip()
        self.query_one("#design-findings", Static).update(out)
        problem = self.name_problem(self.design_name()) if self.design_name() else None
        self.query_one("#design-error", Static).update(Content(f"✗ {problem}" if problem else ""))

    # -- keys --------------------------------------------------------------------------------------------

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        index = inputs.index(event.input)
        if index + 1 < len(inputs):
            inputs[index + 1].focus()
        else:
            self.action_save()

    def action_save(self) -> None:
        name = self.design_name()
        problem = self.name_problem(name)
        if problem:
            self.query_one("#design-error", Static).update(Content(f"✗ {problem}"))
            self.query_one("#design-name", Input).focus()
            return
        self.dismiss(DesignEdit(name=name, data=self.design_data(), original=self.original))

    def action_delete(self) -> None:
        if self.original is not None:
            self.dismiss(DesignEdit(name=self.original, data={}, original=self.original, delete=True))

    def action_cancel(self) -> None:
        self.dismiss(None)
