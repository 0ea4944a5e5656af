"""Fleet builder: ruleset and budget, classes with stats, ships and loadouts, live checks, fleet files."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Select, Static

from ...fleet import FleetReport, Roster, validate_roster
from ...rules import RulesetBase
from .. import roster_edit as edit
from ..fleet_files import FleetFiles
from ..rules_view import cell_text
from ..widgets.fleet_meters import BudgetBar, FindingsView
from ..widgets.loadout_panel import LoadoutPanel
from ..widgets.ruleset_select import RulesetSelect

COST_FIELDS = ("rus", "cost", "points")
HIDDEN = {"source", "inferred", "house_default", "note"}


def cost_field(entry: Any) -> str | None:
    return next((f for f in COST_FIELDS if f in type(entry).model_fields), None)


class FleetBuilderScreen(Screen):
    TITLE = "Fleet builder"
    AUTO_FOCUS = "#classes"
    BINDINGS = [
        Binding("a", "add_ship", "Add ship"),
        Binding("n", "rename_ship", "Rename"),
        Binding("c", "duplicate_ship", "Copy"),
        Binding("x,delete", "remove_ship", "Remove"),
        Binding("l", "loadout", "Loadout"),
        Binding("s", "save", "Save"),
        Binding("o", "open", "Open"),
        Binding("p", "toggle_permissive", "Non-standard"),
        Binding("i", "import_file", "Import file", show=False),
        Binding("e", "export_file", "Export file", show=False),
        Binding("N", "new_fleet", "New empty fleet", show=False),
        Binding("t", "set_stats", "Armor/speed", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ruleset_id = self.app.services.current_ruleset_id
        self.ruleset: RulesetBase | None = None
        self.roster: Roster | None = None
        self.report: FleetReport | None = None
        self.files = FleetFiles(self)
        self.class_names: list[str] = []
        self.quiet_select = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="fleet-top"):
            yield RulesetSelect(self.ruleset_id, id="fleet-ruleset")
            yield Select([], id="fleet-preset", allow_blank=True, prompt="budget preset")
            yield Static(id="fleet-name")
        yield BudgetBar(id="budget")
        with Horizontal(id="fleet-body"):
            with Vertical(id="fleet-left"):
                yield DataTable(id="classes", cursor_type="row", classes="panel")
                yield Static(id="class-detail", classes="panel")
            yield DataTable(id="ships", cursor_type="row", classes="panel")
            yield LoadoutPanel(id="loadout", classes="panel")
        with VerticalScroll(id="findings-box", classes="panel"):
            yield FindingsView(id="findings")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#classes").border_title = "Classes · a: add"
        self.query_one("#ships").border_title = "Ships"
        self.query_one("#findings-box").border_title = "Findings"
        self.query_one("#class-detail").border_title = "Class"
        self.load_ruleset(self.ruleset_id, None)

    # -- ruleset, preset, roster -----------------------------------------------------------------------

    def load_ruleset(self, ruleset_id: str, roster: Roster | None) -> bool:
        """Switch ruleset; start an empty fleet unless a roster is given. False when it cannot load."""
        try:
            ruleset = self.app.services.ruleset(ruleset_id).ruleset
        except Exception as exc:  # broken shipped data: say so, keep the screen
            self.notify(f"{ruleset_id} could not be loaded: {exc}", severity="error")
            return False
        self.ruleset_id, self.ruleset = ruleset_id, ruleset
        self.fill_classes()
        presets = [(f"{b.name}" + (f" · {b.cap}" if b.cap else "") + (f"–{b.cap_max}" if b.cap_max else ""), key) for key, b in ruleset.budgets.items()]
        preset_select = self.query_one("#fleet-preset", Select)
        if roster is None:
            roster = Roster(ruleset=ruleset_id, name="New fleet", preset=next(iter(ruleset.budgets), None))
        with self.prevent(Select.Changed):
            preset_select.set_options(presets)
            preset_select.disabled = not presets
            if roster.preset in ruleset.budgets:
                preset_select.value = roster.preset
            else:
                preset_select.clear()
            ruleset_select = self.query_one("#fleet-ruleset", Select)
            if ruleset_select.value != ruleset_id:
                ruleset_select.value = ruleset_id
        self.set_roster(roster, saved=True)
        return True

    @on(Select.Changed, "#fleet-ruleset")
    def ruleset_chosen(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.ruleset_id:
            return
        chosen = event.value

        def go(yes: bool | None = True) -> None:
            if yes:
                self.load_ruleset(chosen, None)
                if self.app.services.settings.settings.last_ruleset != chosen:
                    self.app.save_settings(last_ruleset=chosen)
            else:
                with self.prevent(Select.Changed):
                    event.select.value = self.ruleset_id

        self.files.confirm_discard(go)

    @on(Select.Changed, "#fleet-preset")
    def preset_chosen(self, event: Select.Changed) -> None:
        if self.roster is None or self.ruleset is None:
            return
        preset = event.value if isinstance(event.value, str) else None
        budget = self.ruleset.budgets.get(preset) if preset else None
        cap = None if budget is None or budget.cap_max is None else self.roster.cap
        self.set_roster(self.roster.model_copy(update={"preset": preset, "cap": cap}))
        if budget is not None and (budget.cap is None or budget.cap_max is not None):
            self.files.ask_cap(budget)

    def set_roster(self, roster: Roster, saved: bool = False, select: int | None = None) -> None:
        """Show a new roster value: validate it and redraw everything that depends on it."""
        self.roster = roster
        if saved:
            self.files.mark_saved(roster)
        assert self.ruleset is not None
        self.report = validate_roster(roster, self.ruleset)
        self.fill_ships(select)
        self.show_fleet_state()

    def show_fleet_state(self) -> None:
        roster = self.roster
        if roster is None:
            return
        classes = getattr(self.ruleset, "classes", None) or {}
        field = next((cost_field(c) for c in classes.values()), None)
        unit = "RU" if field == "rus" else "points"
        self.query_one(BudgetBar).show(self.report, len(roster.ships), unit, roster.permissive)
        self.query_one(FindingsView).show(self.report)
        dirty = "" if self.files.is_saved(roster) else "  ● unsaved"
        player = f" ({roster.player})" if roster.player else ""
        where = self.files.path.name if self.files.path else "not saved yet"
        self.query_one("#fleet-name", Static).update(
            Text.assemble((roster.name, "bold"), player, (f"\n{where}", "dim"), (dirty, self.app.theme_variables.get("warning", "")))
        )
        self.show_loadout()

    # -- classes ---------------------------------------------------------------------------------------

    def fill_classes(self) -> None:
        table = self.query_one("#classes", DataTable)
        table.clear(columns=True)
        classes: dict[str, Any] = dict(getattr(self.ruleset, "classes", {}) or {})
        self.class_names = list(classes)
        if not classes:
            table.add_column("class")
            return
        first = next(iter(classes.values()))
        fields = [f for f in type(first).model_fields if f not in HIDDEN]
        cost = cost_field(first)
        numeric = [f for f in fields if f != cost and all(isinstance(getattr(c, f), int) and not isinstance(getattr(c, f), bool) for c in classes.values())]
        columns = ([cost] if cost else []) + numeric[:1]
        table.add_column("class")
        for name in columns:
            table.add_column(name[:8])
        for name, cls in classes.items():
            table.add_row(name, *(cell_text(getattr(cls, f)) for f in columns))
        self.show_class_detail()

    @on(DataTable.RowHighlighted, "#classes")
    def show_class_detail(self) -> None:
        name = self.highlighted_class()
        detail = self.query_one("#class-detail", Static)
        if name is None or self.ruleset is None:
            detail.update("")
            return
        cls = self.ruleset.classes[name]
        out = Text()
        out.append(name + "\n", style="bold")
        for field in type(cls).model_fields:
            if field in HIDDEN:
                continue
            value = getattr(cls, field)
            if value in (None, (), ""):
                continue
            out.append(f"{field} ", style="dim")
            out.append(f"{cell_text(value)}   ")
        detail.update(out)

    def highlighted_class(self) -> str | None:
        table = self.query_one("#classes", DataTable)
        if not self.class_names or table.cursor_row >= len(self.class_names):
            return None
        return self.class_names[table.cursor_row]

    @on(DataTable.RowSelected, "#classes")
    def class_chosen(self) -> None:
        self.action_add_ship()

    # -- ships -----------------------------------------------------------------------------------------

    def fill_ships(self, select: int | None = None) -> None:
        table = self.query_one("#ships", DataTable)
        keep = table.cursor_row if select is None else select
        table.clear(columns=True)
        table.add_columns("ship", "class", "cost", "")
        if self.roster is None:
            return
        sheets = {s.name: s for s in (self.report.sheets if self.report else ())}
        error_ships = {f.ship for f in (self.report.errors if self.report else ())}
        warn_ships = {f.ship for f in (self.report.findings if self.report else ())} - error_ships
        for ship in self.roster.ships:
            sheet = sheets.get(ship.name)
            mark = "✗" if ship.name in error_ships else "⚠" if ship.name in warn_ships else ""
            name = ship.name + (f" [{ship.tag}]" if ship.tag else "") + (" (free)" if ship.free else "")
            table.add_row(name, ship.ship_class, "" if sheet is None or sheet.cost is None else str(sheet.cost), mark)
        if self.roster.ships:
            table.move_cursor(row=max(0, min(keep, len(self.roster.ships) - 1)))

    def selected_index(self) -> int | None:
        table = self.query_one("#ships", DataTable)
        if self.roster is None or not self.roster.ships:
            return None
        return min(table.cursor_row, len(self.roster.ships) - 1)

    @on(DataTable.RowHighlighted, "#ships")
    def ship_highlighted(self) -> None:
        self.show_loadout()

    def show_loadout(self) -> None:
        panel = self.query_one(LoadoutPanel)
        index = self.selected_index()
        if index is None or self.roster is None or self.ruleset is None:
            panel.show(None, None, {}, {})
            return
        ship = self.roster.ships[index]
        sheet = next((s for s in (self.report.sheets if self.report else ()) if s.name == ship.name), None)
        problem = ""
        try:
            offer = import_module(f"mstracker.fleet.{self.ruleset_id}").offered_loadout(self.ruleset, ship.ship_class)
        except Exception as exc:  # unknown class in a hand-edited file, or no builder module yet
            offer, problem = {}, f"nothing to offer: {exc}"
        panel.show(ship, sheet, offer, self.item_costs(offer), problem)

    def item_costs(self, offer: dict[str, list[tuple[str, bool, str]]]) -> dict[tuple[str, str], str]:
        out: dict[tuple[str, str], str] = {}
        for kind, items in offer.items():
            entries = getattr(self.ruleset, kind, None)
            if not isinstance(entries, dict):
                continue
            for item, _, _ in items:
                entry = entries.get(item)
                field = cost_field(entry) if entry is not None else None
                value = getattr(entry, field) if field else None
                if value is not None:
                    out[(kind, item)] = f"{value} {'RU' if field == 'rus' else field}"
        return out

    # -- ship actions ------------------------------------------------------------------------------------

    def action_add_ship(self) -> None:
        name = self.highlighted_class()
        if name is None or self.roster is None:
            return
        roster = edit.add_ship(self.roster, name)
        self.set_roster(roster, select=len(roster.ships) - 1)
        self.notify(f"Added {roster.ships[-1].name}", timeout=2)

    def action_duplicate_ship(self) -> None:
        index = self.selected_index()
        if index is not None and self.roster is not None:
            self.set_roster(edit.duplicate_ship(self.roster, index), select=index + 1)

    def action_remove_ship(self) -> None:
        index = self.selected_index()
        if index is None or self.roster is None:
            return
        self.set_roster(edit.remove_ship(self.roster, index), select=max(0, index - 1))

    def action_rename_ship(self) -> None:
        index = self.selected_index()
        if index is not None:
            self.files.ask_ship_name(index)

    def action_set_stats(self) -> None:
        index = self.selected_index()
        if index is not None:
            self.files.ask_stats(index)

    def action_loadout(self) -> None:
        if self.selected_index() is not None:
            self.query_one(LoadoutPanel).focus_offer()

    @on(LoadoutPanel.ItemMounted)
    def item_mounted(self, event: LoadoutPanel.ItemMounted) -> None:
        index = self.selected_index()
        if index is not None and self.roster is not None:
            self.set_roster(edit.mount(self.roster, index, event.kind, event.item), select=index)

    @on(LoadoutPanel.ItemRemoved)
    def item_removed(self, event: LoadoutPanel.ItemRemoved) -> None:
        index = self.selected_index()
        if index is not None and self.roster is not None:
            self.set_roster(edit.unmount(self.roster, index, event.kind, event.position), select=index)

    def action_toggle_permissive(self) -> None:
        if self.roster is not None:
            self.set_roster(self.roster.model_copy(update={"permissive": not self.roster.permissive}))

    # -- files (the dialogs live in fleet_files.py) --------------------------------------------------------

    def action_save(self) -> None:
        self.files.save()

    def action_open(self) -> None:
        self.files.open()

    def action_import_file(self) -> None:
        self.files.import_file()

    def action_export_file(self) -> None:
        self.files.export_file()

    def action_new_fleet(self) -> None:
        self.files.confirm_discard(lambda yes=True: yes and self.load_ruleset(self.ruleset_id, None))

    def open_roster(self, roster: Roster, path: Path | None) -> None:
        """Show a roster read from a file (switching ruleset if it needs another)."""
        if self.load_ruleset(roster.ruleset, roster):
            self.files.path = path
            self.show_fleet_state()

    def action_back(self) -> None:
        """Escape: from the loadout or ships back to the classes; from the classes home."""
        focused = self.focused
        if focused is not None and focused.id != "classes" and self.query_one("#fleet-body").has_focus_within:
            self.query_one("#classes", DataTable).focus()
            return
        self.files.confirm_discard(lambda yes=True: yes and self.app.action_home())
