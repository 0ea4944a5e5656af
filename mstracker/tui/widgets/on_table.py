"""What is in play besides the ships: ordnance tokens, torpedo salvos, asteroids, mines, fields and
effects in force, each with the id forms take and its owner, as the ruleset's contract lists them."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widgets import Static

from ...game import GameState
from ...rules.contract import TableItem


def table_content(state: GameState, items: Sequence[TableItem]) -> Content:
    lines = []
    for item in items:
        owner = state.players[item.owner].name if item.owner is not None and item.owner < len(state.players) else ""
        # the id only for what forms take by it (a token); an effect in force is named by its kind and text
        typed = (f"{item.id:<4}", "bold $text-accent") if item.arg_kind else ""
        lines.append(Content.assemble(
            typed, " " if typed else "", (item.kind, "bold"),
            (f" · {owner}" if owner else "", "$text-muted"),
            (f" · {item.text}" if item.text else "", "$text-muted"),
        ))
    return Content("\n").join(lines)


class OnTable(Static):
    """Hidden while nothing but ships is in play; redrawn only when its words change."""

    DEFAULT_CSS = """
    OnTable {
        height: auto;
        max-height: 8;
        border: round $primary 50%;
        border-title-color: $text-accent;
        padding: 0 1;
        overflow-y: auto;
    }
    """

    _shown: str | None = None

    def show(self, state: GameState, items: Sequence[TableItem]) -> None:
        content = table_content(state, items)
        self.display = bool(items)
        if content.markup != self._shown:
            self._shown = content.markup
            self.border_title = f"On the table · {len(items)}"
            self.update(content)
