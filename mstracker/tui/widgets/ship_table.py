"""The fleet builder's ship list: mark, name (tag, free), cost where the ruleset counts one, class."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from ...fleet import FleetReport, Roster
from .class_list import fill_table


class ShipTable(DataTable):
    """Attributes down: `show(roster, report)`; the screen reads `cursor_row`."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="row", id=id, classes=classes)

    def show(self, roster: Roster | None, report: FleetReport | None, select: int | None = None) -> None:
        """Mark, name and cost first (so a narrow terminal keeps them), then the class; no cost column without costs."""
        keep = self.cursor_row if select is None else select
        priced = report is not None and report.cost is not None
        rows: list[list[str | Text]] = []
        sheets = {s.name: s for s in (report.sheets if report else ())}
        error_ships = {f.ship for f in (report.errors if report else ())}
        warn_ships = {f.ship for f in (report.findings if report else ())} - error_ships
        for ship in roster.ships if roster is not None else ():
            sheet = sheets.get(ship.name)
            mark = "✗" if ship.name in error_ships else "⚠" if ship.name in warn_ships else ""
            name = ship.name + (f" [{ship.tag}]" if ship.tag else "") + (" (free)" if ship.free else "")
            cost = ["" if sheet is None or sheet.cost is None else str(sheet.cost)] if priced else []
            rows.append([mark, name, *cost, ship.ship_class])
        fill_table(self, ["", "ship", *(["cost"] if priced else []), "class"], rows)
        if rows:
            self.move_cursor(row=max(0, min(keep, len(rows) - 1)))
