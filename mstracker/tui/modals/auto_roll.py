"""The dice an automatic step rolled, shown before the game goes on: each die with what it was for, then
what the step decided with them (a damage table's result, a Fire put out, a Boarder's effect).

With "the app rolls" the app rolls automatic steps itself (cal's Fire, Boarder and damage-table rolls);
this dialog is where the players see those rolls, instead of finding them later in the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ...game import Event


def rolled_sections(events: Sequence[Event], narrative: Iterable[str]) -> list[tuple[str, list[str], list[str]]]:
    """(step, its dice lines, what it decided) for each automatic step among `events` that rolled dice."""
    stories = frozenset(narrative)
    sections: list[tuple[str, list[str], list[str]]] = []
    step, decided = "", []  # type: ignore[var-annotated]
    dice: list[str] = []
    for event in events:
        if event.kind == "step-entered":
            if dice:
                sections.append((step, dice, decided))
            step, dice, decided = event.text, [], []
        elif event.kind == "dice-rolled":
            for roll in event.data.get("rolls", ()):
                faces = [int(f) for f in roll.get("faces", ())]
                total = f" (total {sum(faces)})" if len(faces) > 1 else ""
                dice.append(f"{len(faces)}d{roll.get('sides')} {roll.get('purpose', '')}: "
                            f"{' '.join(map(str, faces))}{total}")
        elif event.kind in stories:
            decided.append(event.text)
    if dice:
        sections.append((step, dice, decided))
    return sections


def rolled_content(sections: list[tuple[str, list[str], list[str]]]) -> Content:
    parts: list[Content] = []
    for step, dice, decided in sections:
        parts.append(Content.styled(step, "bold"))
        parts += [Content.assemble(("  🎲 ", ""), (line, "$text-accent")) for line in dice]
        parts += [Content.assemble(("  → ", "dim"), line) for line in decided]
    return Content("\n").join(parts)


class AutoRollModal(ModalScreen[None]):
    """What the app rolled for the automatic steps just run; enter, space, n or escape goes back."""

    BINDINGS = [Binding("enter,space,n,escape", "close", "Back to the game")]

    def __init__(self, sections: list[tuple[str, list[str], list[str]]]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box", id="auto-roll-box"):
            yield Label("The app rolled (\"the app rolls\" is on)", id="auto-roll-title")
            with VerticalScroll(id="auto-roll-body"):
                yield Static(rolled_content(self.sections), id="auto-roll-text")
            yield Static("enter / space / n / esc: back to the game (the log keeps these rolls)", classes="muted")

    #: Set once the dialog is on its way out (not `_closing`: Textual's MessagePump keeps its own flag by
    #: that name, and shadowing it left the dialog's message pump running, so popping it never finished).
    _dismissing = False

    def take_key(self, key: events.Key) -> None:
        """Keys typed while this opened (after n): the first closes the dialog, as it would once open; the
        rest go back to the app, in order, for the battle screen under it."""
        if not self._dismissing:
            self._dismissing = True
            self.dismiss(None)
        else:
            self.app.post_message(events.Key(key.key, key.character))

    def action_close(self) -> None:
        if not self._dismissing:
            self._dismissing = True
            self.dismiss(None)
