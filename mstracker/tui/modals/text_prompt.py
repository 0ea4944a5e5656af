"""Ask for one or more short texts (a name, a tag, a file path). Dismisses with the values or None.

Enter confirms from any field; tab moves to the next one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static


@dataclass(frozen=True)
class Field:
    label: str
    value: str = ""
    placeholder: str = ""
    check: Callable[[str], str | None] | None = None
    """Returns a problem to show, or None when the text is fine."""
    max_length: int = 200


def not_blank(text: str) -> str | None:
    return "cannot be empty" if not text.strip() else None


class TextPromptModal(ModalScreen[list[str] | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, fields: Sequence[Field], note: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Label(self.title_text, markup=False)
            for i, field in enumerate(self.fields):
                yield Static(field.label, classes="prompt-label", markup=False)
                yield Input(field.value, placeholder=field.placeholder, id=f"field-{i}", max_length=field.max_length)
            yield Static(id="prompt-error", classes="error-text", markup=False)
            keys = "enter: OK · tab: next field · escape: cancel" if len(self.fields) > 1 else "enter: OK · escape: cancel"
            yield Static(f"{self.note}\n{keys}" if self.note else keys, classes="muted", markup=False)

    @on(Input.Submitted)
    def submitted(self) -> None:
        """Enter confirms from any field (tab moves between them): every field is checked first."""
        values = [self.query_one(f"#field-{i}", Input).value.strip() for i in range(len(self.fields))]
        for i, (field, value) in enumerate(zip(self.fields, values)):
            problem = field.check(value) if field.check else None
            if problem:
                self.query_one("#prompt-error", Static).update(f"✗ {field.label}: {problem}")
                self.query_one(f"#field-{i}", Input).focus()
                return
        self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)
