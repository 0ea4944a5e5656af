"""The saved games in the games database, most recent first (read-only until the battle screen lands)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option


class SavedGamesModal(ModalScreen[Any]):
    """Lists GameSummary rows; dismisses with the chosen summary, or None."""

    BINDINGS = [Binding("escape", "cancel", "Close")]

    def __init__(self, games: list[Any], note: str) -> None:
        super().__init__()
        self.games = games
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box wide"):
            yield Label("Saved games")
            options = [
                Option(
                    Text.assemble(
                        (g.name, "bold"),
                        f"  ·  {g.ruleset}  ·  turn {g.turn}  ·  {' vs '.join(g.players)}  ·  ",
                        ("finished " + g.result if g.finished else f"{g.actions} actions", "dim"),
                        (f"  ·  {g.updated}", "dim"),
                    ),
                    id=str(g.id),
                )
                for g in self.games
            ] or [Option(Text("no games yet", style="dim"), disabled=True)]
            yield OptionList(*options, id="games-list")
            yield Static(self.note, classes="muted", markup=False)

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(next((g for g in self.games if str(g.id) == event.option.id), None))

    def action_cancel(self) -> None:
        self.dismiss(None)
