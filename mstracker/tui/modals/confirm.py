"""Ask before anything destructive (or before leaving items behind): dismisses with True (go ahead) or False."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static


class ConfirmModal(ModalScreen[bool]):
    """`yes_keys` / `no_keys` answer it (y / n by default; escape always says no)."""

    TITLE = "Confirm"

    def __init__(self, question: str, detail: str = "", yes: str = "Yes", no: str = "No",
                 yes_keys: str = "y", no_keys: str = "n") -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.yes = yes
        self.no = no
        self.yes_keys = yes_keys
        self.no_keys = no_keys
        self._bindings.bind(yes_keys, "answer(True)", yes)
        self._bindings.bind(",".join(k for k in (no_keys, "escape") if k), "answer(False)", no)

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box confirm-box"):
            yield Label(self.question, markup=False)
            if self.detail:
                with VerticalScroll(classes="confirm-detail"):
                    yield Static(self.detail, classes="muted", markup=False)
            with Horizontal(classes="modal-buttons"):
                yield Button(f"{self.yes} ({self._keys(self.yes_keys)})", id="yes", variant="warning", compact=True)
                yield Button(f"{self.no} ({self._keys(self.no_keys or 'esc')})", id="no", compact=True)

    @staticmethod
    def _keys(keys: str) -> str:
        return " / ".join("esc" if k == "escape" else k for k in keys.split(","))

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
