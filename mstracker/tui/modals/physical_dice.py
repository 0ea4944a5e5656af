"""Ask the player for the faces of each physical die a roll needs, in order, and total them.

Dismisses with the Roll (built from the typed faces, exactly as an app roll would be), or None
when cancelled. Faces can be typed one at a time (enter after each) or several at once ("3 5").
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from ...dice import DiceError, Expression, Roll, TypedFaces


class PhysicalDiceModal(ModalScreen[Roll | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+z", "undo_face", "Undo last face"),
    ]

    def __init__(self, expression: Expression, title: str = "") -> None:
        super().__init__()
        self.expression = expression
        self.needed = expression.dice_needed()
        self.faces: list[int] = []
        self.title_text = title or expression.text

    def compose(self) -> ComposeResult:
        with Vertical(id="physical-box", classes="modal-box"):
            yield Label(f"Roll your dice: {self.title_text}", id="physical-title", markup=False)
            yield Static(id="physical-progress")
            yield Input(placeholder="face(s), e.g. 4 or 3 5", id="physical-input", restrict=r"[0-9 ,]*")
            yield Static(id="physical-error", classes="error-text")
            yield Static("enter: take the face(s) · ctrl+z: undo the last face · escape: cancel", classes="muted")

    def on_mount(self) -> None:
        if not self.needed:  # constant expression: nothing to ask
            self.dismiss(self.expression.roll(TypedFaces([])))
            return
        self._show_progress()

    def _show_progress(self) -> None:
        done = ", ".join(f"d{s}={f}" for s, f in zip(self.needed, self.faces))
        index = len(self.faces)
        prompt = f"Die {index + 1} of {len(self.needed)}: a d{self.needed[index]}" if index < len(self.needed) else ""
        self.query_one("#physical-progress", Static).update(Content(f"{prompt}\n{done or 'no faces yet'}"))

    @on(Input.Submitted, "#physical-input")
    def take_faces(self, event: Input.Submitted) -> None:
        error = self.query_one("#physical-error", Static)
        error.update("")
        for token in event.value.replace(",", " ").split():
            index = len(self.faces)
            if index >= len(self.needed):
                error.update(f"only {len(self.needed)} dice are needed; the rest was ignored")
                break
            sides, face = self.needed[index], int(token)
            if not 1 <= face <= sides:
                error.update(f"{face} is not possible on a d{sides} (it shows 1 to {sides})")
                break
            self.faces.append(face)
        event.input.value = ""
        if len(self.faces) == len(self.needed):
            self._finish()
        else:
            self._show_progress()

    def _finish(self) -> None:
        try:
            roll = self.expression.roll(TypedFaces(self.faces))
        except DiceError as exc:  # cannot happen when faces match dice_needed(); say so if it does
            self.query_one("#physical-error", Static).update(str(exc))
            return
        self.dismiss(roll)

    def action_undo_face(self) -> None:
        if self.faces:
            self.faces.pop()
            self._show_progress()

    def action_cancel(self) -> None:
        self.dismiss(None)
