"""The game log in plain words: every event, undone actions struck through, undo and redo noted."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Self

from rich.text import Text
from textual.geometry import Region
from textual.widgets import RichLog

from ...game import Event
from .slot_sized import needs_layout

#: Checklist moves are many and dull; shown dim so the story (dice, damage) stands out.
QUIET = frozenset({"step-entered", "ticked", "unticked"})
#: Not written in the pane: the dice record repeats the faces the story already tells (the report uses it).
HIDDEN = frozenset({"dice-rolled"})


def event_line(event: Event, undone: bool = False) -> Text:
    if event.kind == "turn-started":
        line = Text(f"━━ {event.text}", style="bold")
    elif event.kind in QUIET:
        line = Text(f"  {event.text}", style="dim")
    else:
        line = Text(f"  {event.text}")
    if undone:
        line.stylize("dim strike")
        line.append(" (undone)", style="dim italic")
    return line


class EventLog(RichLog):
    """Append-only, like the store: nothing is removed; undo and redo are written down."""

    DEFAULT_CSS = """
    EventLog {
        height: 1fr;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Its slot sets its size: new content repaints it, with no layout pass of the screen (see slot_sized)."""
        return super().refresh(*regions, repaint=repaint, layout=needs_layout(self, layout), recompose=recompose)

    def add_events(self, events: Iterable[Event], undone: bool = False) -> None:
        for event in events:
            if event.kind not in HIDDEN:
                self.write(event_line(event, undone))

    def add_undo(self, events: Sequence[Event]) -> None:
        first = next((e.text for e in events if e.kind not in QUIET), events[0].text if events else "")
        more = f" (+{len(events) - 1} more)" if len(events) > 1 else ""
        self.write(Text.assemble(("↶ Undone: ", "bold"), (first + more, "strike")))

    def add_redo(self, events: Sequence[Event]) -> None:
        self.write(Text("↷ Redone:", style="bold"))
        self.add_events(events)
