"""One player's row of the new-game screen: a name (optional), a fleet, and whether it is legal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Input, Select, Static

from ...fleet import FleetReport, Roster


def legality(roster: Roster, report: FleetReport | None) -> Content:
    """'✓ legal · 1995/2000', '✗ 2 rule breaks: ...', or the non-standard mark."""
    ships = f"{len(roster.ships)} ships"
    money = f" · {report.cost}/{report.cap}" if report is not None and report.cost is not None and report.cap is not None else ""
    if report is None:
        return Content.styled(f"{ships} · not checked", "$text-muted")
    if report.legal:
        return Content.assemble(("✓ legal", "$text-success"), f" · {ships}{money}")
    count = len(report.errors)
    first = report.errors[0].message
    if roster.permissive:
        return Content.assemble(("⚑ non-standard roster", "bold $text-warning"), f" (players agreed; {count} rule break{'s' if count != 1 else ''}) · {ships}{money}")
    return Content.assemble((f"✗ {count} rule break{'s' if count != 1 else ''}", "bold $text-error"), f": {first} · {ships}{money}")


class PlayerRow(Horizontal):
    """One player: a name (optional) and a fleet."""

    DEFAULT_CSS = """
    PlayerRow {
        height: auto;
        margin-bottom: 1;
    }
    PlayerRow > .player-number { width: 10; padding: 0 1; text-style: bold; }
    PlayerRow > Input { width: 22; }
    PlayerRow > Select { width: 52; }
    PlayerRow > .legality { width: 1fr; padding: 0 1; }
    """

    def __init__(self, index: int, options: list[tuple[str, str]], value: str | None) -> None:
        super().__init__(id=f"player-row-{index}")
        self.index = index
        self.options = options
        self.value = value

    def compose(self) -> ComposeResult:
        yield Static(f"Player {self.index + 1}", classes="player-number")
        yield Input(placeholder="name (from the fleet)", id=f"player-name-{self.index}", compact=True, max_length=80)
        values = {v for _, v in self.options}
        yield Select(self.options, value=self.value if self.value in values else Select.NULL, id=f"fleet-{self.index}", compact=True, prompt="choose a fleet…")
        yield Static(id=f"legal-{self.index}", classes="legality")
