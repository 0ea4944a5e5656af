"""The game log in plain words: every event, undone actions struck through, undo and redo noted."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Self

from rich.text import Text
from textual import events
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

    MAX_LINES = 5000

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=self.MAX_LINES, min_width=20)
        self._written: list[Text] = []  # every line as written, to wrap again at a new width
        self._wrapped_at: int | None = None

    def on_resize(self, event: events.Resize) -> None:
        """A new width wraps every line again: a log written at 80 columns reads at 120 as if written there
        (RichLog keeps the wrap each line got when it was written)."""
        width = self.scrollable_content_region.width
        if self._wrapped_at is not None and width != self._wrapped_at and self._written:
            written, self._written = self._written, []
            self.clear()
            for line in written:
                self._put(line)
        self._wrapped_at = width

    def _put(self, line: Text) -> None:
        self._written.append(line)
        if len(self._written) > self.MAX_LINES:
            del self._written[: len(self._written) - self.MAX_LINES]
        self.write(line)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Its slot sets its size: new content repaints it, with no layout pass of the screen (see slot_sized)."""
        return super().refresh(*regions, repaint=repaint, layout=needs_layout(self, layout), recompose=recompose)

    def add_events(self, events: Iterable[Event], undone: bool = False) -> None:
        for event in events:
            if event.kind not in HIDDEN:
                self._put(event_line(event, undone))

    def add_undo(self, events: Sequence[Event]) -> None:
        first = next((e.text for e in events if e.kind not in QUIET), events[0].text if events else "")
        more = f" (+{len(events) - 1} more)" if len(events) > 1 else ""
        self._put(Text.assemble(("↶ Undone: ", "bold"), (first + more, "strike")))

    def add_redo(self, events: Sequence[Event]) -> None:
        self._put(Text("↷ Redone:", style="bold"))
        self.add_events(events)
