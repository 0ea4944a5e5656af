"""Rules reference: a ruleset's sections as tables, searchable, with provenance badges and house rules."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Input, Select, Static, TabbedContent, TabPane

from ...rules.base import Provenance
from ..rules_view import LEGEND, Cell, SectionView, ruleset_views
from ..widgets.ruleset_select import RulesetSelect
from .fitted import FittedScreen

MAX_CELL = 48
MARK_COLOUR = {Provenance.INFERRED: "warning", Provenance.HOUSE_DEFAULT: "accent", Provenance.HOUSE_RULE: "error"}
MARK_GLYPH = {Provenance.INFERRED: "ⁱ", Provenance.HOUSE_DEFAULT: "ʰ", Provenance.HOUSE_RULE: "ᴴ"}


class RulesScreen(FittedScreen):
    TITLE = "Rules reference"
    AUTO_FOCUS = "DataTable"
    BINDINGS = [
        Binding("slash", "search", "Search"),
        Binding("right_square_bracket", "next_section", "Next section"),
        Binding("left_square_bracket", "previous_section", "Prev section"),
        Binding("escape", "back", "Back"),
    ]
    FOOTER_GIVE_WAY = ("previous_section", "back")

    def __init__(self) -> None:
        super().__init__()
        self.ruleset_id = self.app.services.current_ruleset_id
        self.views: list[SectionView] = []
        self.generation = 0

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="rules-controls"):
            yield RulesetSelect(self.ruleset_id, id="rules-ruleset")
            yield Input(placeholder="/ search every section (name, value, source…)", id="rules-filter")
        yield Static(id="rules-banner")
        yield Vertical(id="rules-holder")
        yield Static(id="rules-detail", classes="panel")
        yield Static(Text(LEGEND, style="dim"), id="rules-legend")
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#rules-detail").border_title = "Row"
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refill())
        await self.load(self.ruleset_id)

    # -- loading -------------------------------------------------------------------------------------

    @on(Select.Changed, "#rules-ruleset")
    async def ruleset_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ruleset_id:
            await self.load(event.value)
            if self.app.services.settings.settings.last_ruleset != event.value:
                self.app.save_settings(last_ruleset=event.value)

    async def load(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        banner = self.query_one("#rules-banner", Static)
        holder = self.query_one("#rules-holder", Vertical)
        await holder.remove_children()
        try:
            loaded = self.app.services.ruleset(ruleset_id)
        except Exception as exc:  # broken shipped data: say what and where, keep the screen
            self.views = []
            banner.update(Text(f"✗ {ruleset_id} could not be loaded: {exc}", style=self._colour("error")))
            return
        ruleset = loaded.ruleset
        meta = ruleset.meta
        line = Text.assemble(
            (meta.title, "bold"), f"  ({meta.id}, {meta.version}) · dice {', '.join(meta.dice)} · unit {meta.distance_unit}\n"
        )
        if loaded.house_rule_error:
            line.append(f"✗ house rules not applied: {loaded.house_rule_error.splitlines()[0]}", style=self._colour("error"))
        elif ruleset.house_rules:
            line.append(f"ᴴ house rules in force: {', '.join(sorted(ruleset.house_rules))}", style=self._colour("warning"))
        else:
            line.append("book values (no house rules)", style="dim")
        banner.update(line)
        self.views = ruleset_views(ruleset)
        self.generation += 1
        tabs = TabbedContent(id="rules-tabs")
        await holder.mount(tabs)
        for view in self.views:
            table = DataTable(id=f"tbl-{view.name}", cursor_type="row", zebra_stripes=True)
            pane = TabPane(view.name, table, id=f"sec-{view.name}")
            await tabs.add_pane(pane)
        self.refill()

    def refill(self) -> None:
        """Fill every section's table with the rows matching the search."""
        if not self.views:
            return
        query = self.query_one("#rules-filter", Input).value
        tabs = self.query_one("#rules-tabs", TabbedContent)
        for view in self.views:
            table = self.query_one(f"#tbl-{view.name}", DataTable)
            table.clear()
            if not table.columns:
                table.add_columns(*view.columns)
            rows = view.matching(query)
            for row in rows:
                table.add_row(*(self._cell_text(cell) for cell in row))
            if not view.rows:
                table.add_row(*([Text(view.empty_note, style="dim")] + [""] * (len(view.columns) - 1)))
            count = f"{len(rows)}/{len(view.rows)}" if query.strip() else str(len(view.rows))
            tabs.get_tab(f"sec-{view.name}").label = f"{view.name} {count}"
        self._show_detail()

    def _cell_text(self, cell: Cell) -> Text:
        text = cell.text if len(cell.text) <= MAX_CELL else cell.text[: MAX_CELL - 1] + "…"
        if cell.mark in MARK_GLYPH:
            return Text.assemble(text, (MARK_GLYPH[cell.mark], f"bold {self._colour(MARK_COLOUR[cell.mark])}"))
        return Text(text)

    def _colour(self, name: str) -> str:
        return self.app.theme_variables.get(name, "")

    # -- search and navigation -------------------------------------------------------------------------

    @on(Input.Changed, "#rules-filter")
    def search_typed(self) -> None:
        self.refill()
        query = self.query_one("#rules-filter", Input).value
        tabs = self.query_one("#rules-tabs", TabbedContent) if self.views else None
        if tabs is None or not query.strip():
            return
        active = tabs.active.removeprefix("sec-")
        current = next((v for v in self.views if v.name == active), None)
        if current is None or not current.matching(query):
            first = next((v for v in self.views if v.matching(query)), None)
            if first is not None:
                tabs.active = f"sec-{first.name}"

    @on(Input.Submitted, "#rules-filter")
    def search_done(self) -> None:
        self._focus_table()

    def action_search(self) -> None:
        self.query_one("#rules-filter", Input).focus()

    def action_back(self) -> None:
        search = self.query_one("#rules-filter", Input)
        if search.value:
            search.value = ""
            self._focus_table()
        else:
            self.app.action_back()

    def _cycle(self, step: int) -> None:
        if not self.views:
            return
        tabs = self.query_one("#rules-tabs", TabbedContent)
        names = [f"sec-{v.name}" for v in self.views]
        index = names.index(tabs.active) if tabs.active in names else 0
        tabs.active = names[(index + step) % len(names)]
        self._focus_table()

    def action_next_section(self) -> None:
        self._cycle(1)

    def action_previous_section(self) -> None:
        self._cycle(-1)

    def _focus_table(self) -> None:
        if self.views:
            tabs = self.query_one("#rules-tabs", TabbedContent)
            self.query_one(f"#tbl-{tabs.active.removeprefix('sec-')}", DataTable).focus()

    @on(TabbedContent.TabActivated)
    def section_shown(self) -> None:
        self._show_detail()

    @on(DataTable.RowHighlighted)
    def row_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        detail = self.query_one("#rules-detail", Static)
        if not self.views:
            detail.update("")
            return
        tabs = self.query_one("#rules-tabs", TabbedContent)
        name = tabs.active.removeprefix("sec-")
        view = next((v for v in self.views if v.name == name), None)
        if view is None:
            return
        rows = view.matching(self.query_one("#rules-filter", Input).value)
        table = self.query_one(f"#tbl-{name}", DataTable)
        if not rows or table.cursor_row >= len(rows):
            detail.update(Text(view.empty_note or "no row matches the search", style="dim"))
            return
        out = Text()
        for column, cell in zip(view.columns, rows[table.cursor_row]):
            if cell.text in ("", "–"):
                continue
            out.append(f"{column}: ", style="bold")
            out.append(cell.text)
            if cell.mark in MARK_GLYPH:
                out.append(f" {MARK_GLYPH[cell.mark]} {cell.mark.value}", style=self._colour(MARK_COLOUR[cell.mark]))
            out.append("   ")
        detail.update(out)
