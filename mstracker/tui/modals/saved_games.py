"""The saved games in the games database, most recent first: open one, read its battle report, export or import a game."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option


def readable_time(stamp: str, now: datetime | None = None) -> str:
    """A stored ISO time as the table reads it, in local time: 'today 21:04', 'yesterday 09:30',
    '3 Nov 18:20', '3 Nov 2025 18:20' (another year). A stamp that is not a time is shown as it is."""
    try:
        when = datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError):
        return stamp
    now = (now or datetime.now()).astimezone()
    clock = when.strftime("%H:%M")
    if when.date() == now.date():
        return f"today {clock}"
    if when.date() == now.date() - timedelta(days=1):
        return f"yesterday {clock}"
    day = f"{when.day} {when.strftime('%b')}"
    return f"{day} {clock}" if when.year == now.year else f"{day} {when.year} {clock}"


@lru_cache(maxsize=32)
def _turn_word(ruleset_id: str) -> str:
    """The ruleset's word for a turn ("round" in cal), read from its [meta] once per ruleset."""
    from ...store.ruleset_meta import turn_word

    return turn_word(ruleset_id)


class SavedGamesModal(ModalScreen[Any]):
    """Lists GameSummary rows. Dismisses with ("open" | "report" | "export", summary), ("import", None), or None."""

    BINDINGS = [
        Binding("escape", "cancel", "Close"),
        Binding("r", "report", "Battle report"),
        Binding("e", "export", "Export to a file"),
        Binding("i", "import_file", "Import a file"),
    ]

    def __init__(self, games: list[Any], note: str, turn_word: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.games = games
        self.note = note
        self.turn_word = turn_word or _turn_word

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box wide"):
            yield Label("Saved games")
            options = [self._option(g) for g in self.games] or [Option(Text("no games yet", style="dim"), disabled=True)]
            yield OptionList(*options, id="games-list")
            yield Static(self.note, classes="muted", markup=False)
            yield Static("e: export the highlighted game to a file · i: import a game file", classes="muted", markup=False)

    def _option(self, g: Any) -> Option:
        if getattr(g, "damaged", None):
            return Option(Text.assemble((f"game {g.id}", "bold"), "  ·  ", (g.damaged, "red")), id=str(g.id), disabled=True)
        return Option(
            Text.assemble(
                (g.name, "bold"),
                f"  ·  {g.ruleset}  ·  {f'{self.turn_word(g.ruleset)} {g.turn}' if g.turn else 'set-up'}  ·  {' vs '.join(g.players)}  ·  ",
                ("finished " + g.result if g.finished else f"{g.actions} actions", "dim"),
                (f"  ·  {readable_time(g.updated)}", "dim"),
            ),
            id=str(g.id),
        )

    def _highlighted(self) -> Any:
        options = self.query_one("#games-list", OptionList)
        if options.highlighted is None:
            return None
        option_id = options.get_option_at_index(options.highlighted).id
        return next((g for g in self.games if str(g.id) == option_id and not getattr(g, "damaged", None)), None)

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        game = next((g for g in self.games if str(g.id) == event.option.id), None)
        self.dismiss(("open", game) if game is not None else None)

    def _with_highlighted(self, what: str, unset: str) -> None:
        """Close with (`what`, the highlighted game); with none highlighted, say `unset` and stay open."""
        game = self._highlighted()
        if game is None:
            self.notify(unset, severity="warning")
            return
        self.dismiss((what, game))

    def action_export(self) -> None:
        self._with_highlighted("export", "Highlight a game to export first.")

    def action_import_file(self) -> None:
        self.dismiss(("import", None))

    def action_report(self) -> None:
        self._with_highlighted("report", "Highlight a game first.")

    def action_cancel(self) -> None:
        self.dismiss(None)
