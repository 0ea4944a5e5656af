"""The fleet builder's class list: the ruleset's classes, then the custom designs (where the ruleset has them).

Attributes down (`show(...)`); the screen reads `highlighted` and reacts to the table's own messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from ...rules.contract import ShipClassInfo
from ..rules_view import HIDDEN, cell_text


def words(field: str) -> str:
    """A stat's name as players read it: 'max_dimensions' -> 'max dimensions'."""
    return field.replace("_", " ")


def column_head(field: str) -> str:
    """A narrow column's head: the words when they fit in 8, else the last word ('weapon_slots' -> 'slots')."""
    text = words(field)
    return text if len(text) <= 8 else text.split()[-1][:8]


def fill_table(table: DataTable, headers: list[str], rows: list[list[str | Text]]) -> None:
    """Refill a table with columns sized to their content at once.

    Textual sizes auto-width columns when the table is next idle; a frame drawn before that (a modal on
    top is enough) stays cached with the header widths, cutting the cells short.
    """
    table.clear(columns=True)
    for i, header in enumerate(headers):
        cells = [row[i] for row in rows]
        width = max([cell_len(header), *(c.cell_len if isinstance(c, Text) else cell_len(c) for c in cells)])
        table.add_column(header, width=width)
    for row in rows:
        table.add_row(*row)


class ClassList(DataTable):
    """Stock classes with their cost and first number; custom designs marked ✦ custom (✗: has errors),
    the player's saved designs that the fleet does not hold yet marked ✦ saved."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="row", id=id, classes=classes)
        self.names: list[str] = []
        self.stock_count = 0
        self.custom: dict[str, Any] = {}
        """The designs as typed (name -> data)."""
        self.broken: set[str] = set()
        """Designs with errors."""
        self.saved_only: set[str] = set()
        """The player's saved designs this fleet does not hold (yet)."""

    def show(self, stock: Mapping[str, ShipClassInfo], designs: Mapping[str, Any], broken: set[str], saved_only: set[str],
             keep_cursor: bool) -> None:
        keep = self.highlighted if keep_cursor else None
        keep_custom = self.on_custom
        self.names = list(stock) + list(designs)
        self.stock_count = len(stock)
        self.custom, self.broken, self.saved_only = dict(designs), set(broken), set(saved_only)
        if not stock:
            fill_table(self, ["class"], [])
            return
        first = next(iter(stock.values()))
        cost = first.cost_field
        numeric = [f for f in first.stats if f not in HIDDEN and f != cost
                   and all(isinstance(c.stats.get(f), int) and not isinstance(c.stats.get(f), bool) for c in stock.values())]
        priced = cost is not None and any(c.cost is not None for c in stock.values())
        columns = ([cost] if priced and cost is not None else []) + numeric[:1]
        rows: list[list[str | Text]] = [[name, *(cell_text(cls.stats.get(f)) for f in columns)] for name, cls in stock.items()]
        accent = self.app.theme_variables.get("accent", "")
        error = self.app.theme_variables.get("error", "")
        for name in self.names[self.stock_count:]:
            data = self.custom[name]
            mark = " ✦ saved" if name in self.saved_only else " ✦ custom"
            label = Text.assemble(name, (mark, accent), (" ✗" if name in self.broken else "", f"bold {error}"))
            values = (data.get(f) if isinstance(data, Mapping) else None for f in columns)
            rows.append([label, *(cell_text(v) for v in values)])
        fill_table(self, ["class", *(column_head(name) for name in columns)], rows)
        if keep is not None:
            self.select(keep, custom=keep_custom)

    @property
    def highlighted(self) -> str | None:
        if not self.names or self.cursor_row >= len(self.names):
            return None
        return self.names[self.cursor_row]

    @property
    def on_custom(self) -> bool:
        """The cursor is on a custom design (which may share a stock class's name: its own finding says so)."""
        return self.highlighted is not None and self.cursor_row >= self.stock_count

    def select(self, name: str, custom: bool = False) -> None:
        rows = [i for i, n in enumerate(self.names) if n == name and (i >= self.stock_count) == custom]
        if rows:
            self.move_cursor(row=rows[0])

    def detail(self, stock: Mapping[str, ShipClassInfo], hint_stock: str = "") -> Text:
        """The highlighted class with every stat (a design as typed).

        `hint_stock` is a line under a stock class's name (how to start a design from it).
        """
        name = self.highlighted
        out = Text()
        if name is None:
            return out
        out.append(name + "\n", style="bold")
        if self.on_custom:
            where = "one of your saved designs" if name in self.saved_only else "custom design"
            out.append(f"{where} · d: edit or delete\n" if name not in self.broken else
                       f"{where} with errors (see Findings) · d: fix it\n", style="dim")
            data = self.custom[name]
            values = dict(data) if isinstance(data, Mapping) else {}
        else:
            cls = stock[name]
            if hint_stock:
                out.append(hint_stock + "\n", style="dim")
            values = dict(cls.stats)
        for field, value in values.items():
            if field in HIDDEN or value in (None, (), ""):
                continue
            out.append(f"{words(field)} ", style="dim")
            out.append(f"{cell_text(value)}   ")
        return out
