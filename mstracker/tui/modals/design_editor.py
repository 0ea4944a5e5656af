"""Create, edit or delete a custom ship design, from the fields the ruleset declares (`DesignSchema`).

Fields sharing a `row` sit on one line (a choice field is a Select, the rest are inputs). What the
player types is stored as typed (numbers as numbers, anything else as text): the ruleset's
`design_findings` turn bad values into findings that name the design and the field, here live and
later in the fleet builder's findings. Only `design_name_problem` (a blank or clashing name) keeps
the dialog open.
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
from textual.events import DescendantFocus
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static

from ...fleet import Roster, Severity
from ...rules.contract import BuilderField, FieldType, RulesetPackage


@dataclass(frozen=True)
class DesignEdit:
    """What the dialog ends with: save `data` under `name` (replacing `original`), or delete `original`."""

    name: str
    data: dict[str, Any]
    original: str | None
    delete: bool = False


def read_path(data: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path ('beam.strength'); None when any part is missing."""
    value: Any = data
    for part in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value


def write_path(data: dict[str, Any], path: str, value: Any) -> None:
    head, _, rest = path.partition(".")
    if not rest:
        data[head] = value
        return
    inner = data.get(head)
    if not isinstance(inner, dict):
        inner = data[head] = {}
    write_path(inner, rest, value)


def typed(text: str) -> int | str | None:
    """'' -> None (not given), '12' -> 12, anything else stays text for the ruleset's checks to name."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def field_id(field: BuilderField) -> str:
    return "design-" + field.path.replace(".", "-")


def _choice(field: BuilderField, value: Any) -> str | None:
    """The declared choice a stored value means (case and a missing last word forgiven)."""
    text = str(value or "").strip().casefold()
    for choice in field.choices:
        if choice.casefold() == text or choice.casefold().split()[0] == text:
            return choice
    return None


def _short(field: BuilderField) -> str:
    """The label as shown after its row's name: 'Beam strength' in row 'Beam' reads 'strength'."""
    if field.row and field.label.casefold().startswith(field.row.casefold() + " "):
        return field.label[len(field.row) + 1 :]
    return "" if field.label == field.row else field.label


class DesignEditorModal(ModalScreen[DesignEdit | None]):
    """Dismisses with a DesignEdit, or None when cancelled."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save design", priority=True),
        Binding("ctrl+d", "delete", "Delete design", priority=True),  # over the inputs' delete-right; it asks first
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, package: RulesetPackage, ruleset: Any, roster: Roster, name: str, data: Mapping[str, Any], *,
                 original: str | None, based_on: str = "") -> None:
        """`roster` is the fleet with every design the player may clash with; `original` the design being
        edited (None for a new one); `based_on` the stock class a new design starts from."""
        super().__init__()
        assert package.designs is not None
        self.package, self.ruleset, self.roster = package, ruleset, roster
        self.schema = package.designs
        self.start_name = name
        self.start = dict(data)
        self.original = original
        self.based_on = based_on

    def compose(self) -> ComposeResult:
        noun = self.schema.title.lower()
        if self.original is not None:
            title = f"Edit {noun} {self.original}"
        else:
            title = f"New {noun}" + (f" (starting from the {self.based_on})" if self.based_on else "")
        rows: dict[str, list[BuilderField]] = {}
        for field in self.schema.fields:
            rows.setdefault(field.row or field.label, []).append(field)
        with Vertical(classes="modal-box design-box"):
            yield Label(title)
            with Horizontal(classes="design-row"):
                yield Static("Name", classes="lead")
                yield Input(self.start_name, placeholder="e.g. Raider", id="design-name", compact=True, max_length=80)
            for row, fields in rows.items():
                with Horizontal(classes="design-row"):
                    yield Static(row, classes="lead")
                    for field in fields:
                        if _short(field):
                            yield Static(_short(field), classes="field-label")
                        yield self._input(field)
            yield Static(id="design-help", classes="muted")
            yield Static(id="design-readout")
            yield Static(id="design-findings")
            yield Static(id="design-error", classes="error-text")
            delete = " · ctrl+d: delete it" if self.original is not None else ""
            yield Static(f"blank: none · enter: next field · ctrl+s: save{delete} · esc: cancel",
                         classes="muted", markup=False)

    def _input(self, field: BuilderField) -> Input | Select[str]:
        value = read_path(self.start, field.path)
        if field.type is FieldType.CHOICE and field.choices:
            chosen = _choice(field, value)
            return Select([(c, c) for c in field.choices], value=chosen or (Select.NULL if field.optional else field.choices[0]),
                          allow_blank=field.optional, compact=True, id=field_id(field), classes="design-choice")
        shown = "" if value is None or isinstance(value, Mapping) else str(value)
        return Input(shown, placeholder=field.placeholder, id=field_id(field), compact=True, max_length=12,
                     classes="design-number" if field.type is FieldType.INT else "design-text")

    def on_mount(self) -> None:
        self.query_one("#design-name", Input).focus()
        self.show_checks()

    # -- reading the form ------------------------------------------------------------------------------

    def design_name(self) -> str:
        return self.query_one("#design-name", Input).value.strip()

    def design_data(self) -> dict[str, Any]:
        """The design as typed, over the keys of the original this dialog does not edit."""
        edited = {field.path.split(".")[0] for field in self.schema.fields}
        data = {k: v for k, v in self.start.items() if k not in edited}
        for field in self.schema.fields:
            widget = self.query_one(f"#{field_id(field)}")
            if isinstance(widget, Select):
                value = widget.value if isinstance(widget.value, str) else None
            else:
                assert isinstance(widget, Input)
                value = typed(widget.value) if field.type is FieldType.INT else (widget.value.strip() or None)
            if value is not None:
                write_path(data, field.path, value)
        return data

    def _clashes(self, name: str) -> str | None:
        return self.package.design_name_problem(self.ruleset, self.roster, name, self.original)

    # -- live checks -----------------------------------------------------------------------------------

    @on(Input.Changed)
    @on(Select.Changed)
    def show_checks(self) -> None:
        name, data = self.design_name(), self.design_data()
        colours = self.app.theme_variables
        self.query_one("#design-readout", Static).update(
            Text(self.package.design_readout(self.ruleset, self.roster, name, data), style="bold"))
        out = Text()
        problems = [(True, f"{f.label}: {p}") for f in self.schema.fields
                    if isinstance(w := self.query_one(f"#{field_id(f)}"), Input) and (p := f.check(w.value))]
        for finding in self.package.design_findings(self.ruleset, self.roster, name, data):
            message = getattr(finding, "message", str(finding))
            problems.append((getattr(finding, "severity", Severity.ERROR) is Severity.ERROR, message))
        for error, message in problems:
            out.append("✗ " if error else "⚠ ", style=f"bold {colours.get('error' if error else 'warning', '')}")
            out.append(message + "\n")
        if not problems:
            out.append("✓ the design is valid", style=f"bold {colours.get('success', '')}")
        out.rstrip()
        self.query_one("#design-findings", Static).update(out)
        problem = self._clashes(name) if name else None
        self.query_one("#design-error", Static).update(Content(f"✗ {problem}" if problem else ""))

    @on(DescendantFocus)
    def show_help(self, event: DescendantFocus) -> None:
        """The focused field's label and help under the rows."""
        field = next((f for f in self.schema.fields if field_id(f) == event.widget.id), None)
        text = "" if field is None else f"{field.label}: {field.help}" if field.help else field.label
        self.query_one("#design-help", Static).update(text if field is not None else self.schema.help)

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
        problem = self._clashes(name)
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
