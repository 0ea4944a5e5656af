"""Fleet builder: ruleset and budget, classes with stats, ships and loadouts, live checks, fleet files."""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Select, Static

from ...fleet import FleetReport, Roster, ShipEntry, validate_roster
from ...rulesets.cal.fleet import design_classes
from ...rules import RulesetBase
from .. import roster_edit as edit
from ..fleet_designs import HANGAR, ShipDesigns, fleet_cc, has_hangar, ship_facts
from ..fleet_files import FleetFiles
from ..widgets.class_list import ClassList, cost_field, fill_table
from ..widgets.fleet_meters import BudgetBar, FindingsView
from ..widgets.loadout_panel import LoadoutPanel
from ..widgets.ruleset_select import RulesetSelect

NARROW = 100
"""Below this width (or SHORT height) the panels shrink so that 80x24 still shows everything."""
SHORT = 30
FOOTER_GIVE_WAY = ("toggle_permissive", "duplicate_ship", "rename_ship", "back")
"""Footer keys that make way, in this order, when the footer would not fit (the keys still work, and the
palette, ctrl+p, lists them)."""
PALETTE_WIDTH = 13


class FleetBuilderScreen(Screen):
    TITLE = "Fleet builder"
    AUTO_FOCUS = "#classes"
    CSS = """
    FleetBuilderScreen #fleet-top SelectCurrent #label { text-wrap: nowrap; text-overflow: ellipsis; }
    FleetBuilderScreen.-narrow #fleet-ruleset { width: 1fr; }
    FleetBuilderScreen.-narrow #fleet-preset { width: 22; }
    FleetBuilderScreen.-narrow #fleet-name { width: 24; padding: 0 1; }
    FleetBuilderScreen.-narrow #fleet-left { width: 28; }
    FleetBuilderScreen.-narrow DataTable { overflow-x: hidden; }
    FleetBuilderScreen.-narrow #loadout { width: 28; }
    FleetBuilderScreen.-short #class-detail { height: 5; }
    FleetBuilderScreen.-short #findings-box { height: 5; }
    FleetBuilderScreen.-short LoadoutPanel OptionList { border: none; }
    FleetBuilderScreen.-short LoadoutPanel #mounted { max-height: 4; margin-bottom: 1; }
    """
    BINDINGS = [
        Binding("a", "add_ship", "Add ship"),
        Binding("l", "loadout", "Loadout"),
        Binding("t", "set_stats", "Armor/speed"),
        Binding("h", "hangar", "Hangar"),
        Binding("d", "design", "Design"),
        Binding("n", "rename_ship", "Rename"),
        Binding("c", "duplicate_ship", "Copy"),
        Binding("x,delete", "remove_ship", "Remove"),
        Binding("s", "save", "Save"),
        Binding("o", "open", "Open"),
        Binding("p", "toggle_permissive", "Non-standard"),
        Binding("i", "import_file", "Import file", show=False),
        Binding("e", "export_file", "Export file", show=False),
        Binding("N", "new_fleet", "New empty fleet", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ruleset_id = self.app.services.current_ruleset_id
        self.ruleset: RulesetBase | None = None
        self.roster: Roster | None = None
        self.report: FleetReport | None = None
        self.files = FleetFiles(self)
        self.designer = ShipDesigns(self)
        self.valid_designs: dict[str, Any] = {}
        """cal: the roster's designs that the class model accepts, as classes."""
        self.shown_designs: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="fleet-top"):
            yield RulesetSelect(self.ruleset_id, id="fleet-ruleset")
            yield Select([], id="fleet-preset", allow_blank=True, prompt="budget preset")
            yield Static(id="fleet-name")
        yield BudgetBar(id="budget")
        with Horizontal(id="fleet-body"):
            with Vertical(id="fleet-left"):
                yield ClassList(id="classes", classes="panel")
                with VerticalScroll(id="class-detail", classes="panel"):
                    yield Static(id="class-text")
            yield DataTable(id="ships", cursor_type="row", classes="panel")
            yield LoadoutPanel(id="loadout", classes="panel")
        with VerticalScroll(id="findings-box", classes="panel"):
            yield FindingsView(id="findings")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ships").border_title = "Ships"
        self.query_one("#findings-box").border_title = "Findings"
        self.query_one("#class-detail").border_title = "Class"
        self.load_ruleset(self.ruleset_id, None)

    def on_resize(self, event: events.Resize) -> None:
        narrow = event.size.width < NARROW
        self.set_class(narrow, "-narrow")
        self.set_class(event.size.height < SHORT, "-short")
        self.query_one(Footer).compact = narrow
        self.refresh_bindings()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """As Textual's, less the footer keys that make way when the terminal is too narrow for all."""
        bindings = super().active_bindings
        width = self.size.width
        if not width:
            return bindings
        pad = 2 if width < NARROW else 3  # around each key and its description (compact: a gap between keys)

        def footer_width() -> int:
            shown = {a.binding.action: a.binding for a in bindings.values() if a.binding.show}
            return PALETTE_WIDTH + sum(len(self.app.get_key_display(b)) + len(b.description) + pad for b in shown.values())

        for action in FOOTER_GIVE_WAY:
            if footer_width() <= width:
                break
            for key, active in bindings.items():
                if active.binding.action == action:
                    bindings[key] = active._replace(binding=replace(active.binding, show=False))
        return bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Ruleset keys show only where they apply: designs in cal, armor/speed and hangars in lukas."""
        if action == "design":
            return self.ruleset_id == "cal"
        ship = self.selected_ship()
        if action == "set_stats":  # elsewhere only to clear numbers a hand-edited file set
            return self.ruleset_id == "lukas" or (ship is not None and (ship.armor is not None or ship.speed is not None))
        if action == "hangar":
            return ship is not None and has_hangar(self.ruleset_id, ship)
        return True

    # -- ruleset, preset, roster -----------------------------------------------------------------------

    def load_ruleset(self, ruleset_id: str, roster: Roster | None) -> bool:
        """Switch ruleset; start an empty fleet unless a roster is given. False when it cannot load."""
        try:
            ruleset = self.app.services.ruleset(ruleset_id).ruleset
        except Exception as exc:  # broken shipped data: say so, keep the screen
            self.notify(f"{ruleset_id} could not be loaded: {exc}", severity="error")
            return False
        self.ruleset_id, self.ruleset = ruleset_id, ruleset
        self.shown_designs = None  # the class list is refilled for the new ruleset
        self.query_one("#classes").border_title = "Classes · a: add" + (" · d: design" if ruleset_id == "cal" else "")
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
        if roster.designs != self.shown_designs:
            self.fill_classes(keep_cursor=self.shown_designs is not None)
        self.fill_ships(select)
        self.show_fleet_state()

    def show_fleet_state(self) -> None:
        roster = self.roster
        if roster is None:
            return
        classes = getattr(self.ruleset, "classes", None) or {}
        field = next((cost_field(c) for c in classes.values()), None)
        unit = "RU" if field == "rus" else "points"
        cc = f"C&C {fleet_cc(roster, self.ruleset, self.valid_designs)}" if self.ruleset_id == "cal" else ""
        self.query_one(BudgetBar).show(self.report, len(roster.ships), unit, roster.permissive, cc)
        self.query_one(FindingsView).show(self.report)
        dirty = "" if self.files.is_saved(roster) else "  ● unsaved"
        player = f" ({roster.player})" if roster.player else ""
        where = self.files.path.name if self.files.path else "not saved yet"
        self.query_one("#fleet-name", Static).update(
            Text.assemble((roster.name, "bold"), player, (f"\n{where}", "dim"), (dirty, self.app.theme_variables.get("warning", "")))
        )
        self.show_loadout()
        self.refresh_bindings()

    # -- classes (cal: the stock ones, then the fleet's custom designs) ---------------------------------

    @property
    def class_names(self) -> list[str]:
        return self.query_one(ClassList).names

    def fill_classes(self, keep_cursor: bool = False) -> None:
        stock: dict[str, Any] = dict(getattr(self.ruleset, "classes", {}) or {})
        designs = dict(self.roster.designs) if self.roster is not None and self.ruleset_id == "cal" else {}
        self.shown_designs = dict(self.roster.designs) if self.roster is not None else None
        self.valid_designs = design_classes(self.ruleset, designs)[0] if designs else {}  # type: ignore[arg-type]
        self.query_one(ClassList).show(stock, designs, self.valid_designs, keep_cursor)
        self.show_class_detail()

    def show_class(self, design: str) -> None:
        """Put the class cursor on a custom design (after saving it), ready for a."""
        classes = self.query_one(ClassList)
        classes.select(design, custom=True)
        classes.focus()

    @on(DataTable.RowHighlighted, "#classes")
    def show_class_detail(self) -> None:
        stock = getattr(self.ruleset, "classes", None) or {}
        hint = "d: a new design starting from this class" if self.ruleset_id == "cal" else ""
        self.query_one("#class-text", Static).update(self.query_one(ClassList).detail(stock, hint))

    def highlighted_class(self) -> str | None:
        return self.query_one(ClassList).highlighted

    @on(DataTable.RowSelected, "#classes")
    def class_chosen(self) -> None:
        self.action_add_ship()

    def action_design(self) -> None:
        """d (cal): edit the highlighted custom design, or start a new one from the highlighted stock class."""
        if self.ruleset_id == "cal":
            classes = self.query_one(ClassList)
            self.designer.edit_design(classes.highlighted, classes.on_custom)

    # -- ships -----------------------------------------------------------------------------------------

    def fill_ships(self, select: int | None = None) -> None:
        """Mark, name and cost first (so a narrow terminal keeps them), then the class; no cost column without costs."""
        table = self.query_one("#ships", DataTable)
        keep = table.cursor_row if select is None else select
        report = self.report
        priced = report is not None and report.cost is not None
        rows: list[list[str | Text]] = []
        sheets = {s.name: s for s in (report.sheets if report else ())}
        error_ships = {f.ship for f in (report.errors if report else ())}
        warn_ships = {f.ship for f in (report.findings if report else ())} - error_ships
        for ship in self.roster.ships if self.roster is not None else ():
            sheet = sheets.get(ship.name)
            mark = "✗" if ship.name in error_ships else "⚠" if ship.name in warn_ships else ""
            name = ship.name + (f" [{ship.tag}]" if ship.tag else "") + (" (free)" if ship.free else "")
            cost = ["" if sheet is None or sheet.cost is None else str(sheet.cost)] if priced else []
            rows.append([mark, name, *cost, ship.ship_class])
        fill_table(table, ["", "ship", *(["cost"] if priced else []), "class"], rows)
        if rows:
            table.move_cursor(row=max(0, min(keep, len(rows) - 1)))

    def selected_index(self) -> int | None:
        table = self.query_one("#ships", DataTable)
        if self.roster is None or not self.roster.ships:
            return None
        return min(table.cursor_row, len(self.roster.ships) - 1)

    def selected_ship(self) -> ShipEntry | None:
        index = self.selected_index()
        return None if index is None or self.roster is None else self.roster.ships[index]

    @on(DataTable.RowHighlighted, "#ships")
    def ship_highlighted(self) -> None:
        self.show_loadout()
        self.refresh_bindings()

    def show_loadout(self) -> None:
        panel = self.query_one(LoadoutPanel)
        index = self.selected_index()
        if index is None or self.roster is None or self.ruleset is None:
            panel.show(None, None, {}, {})
            return
        ship = self.roster.ships[index]
        sheet = next((s for s in (self.report.sheets if self.report else ()) if s.name == ship.name), None)
        problem = ""
        extra = {"designs": self.roster.designs} if self.ruleset_id == "cal" else {}
        try:
            offer = import_module(f"mstracker.rulesets.{self.ruleset_id}.fleet").offered_loadout(self.ruleset, ship.ship_class, **extra)
        except Exception as exc:  # unknown class in a hand-edited file, a design with errors, no builder module
            offer = {}
            problem = (f"the design {ship.ship_class} has errors; fix it first (d on its class row)"
                       if ship.ship_class in self.roster.designs else f"nothing to offer: {exc}")
        panel.show(ship, sheet, offer, self.item_costs(offer), problem, ship_facts(self.ruleset_id, ship))

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
        """t: armor and speed of the selected ship (lukas), with the book's averages as hints."""
        index = self.selected_index()
        if index is not None and self.check_action("set_stats", ()):  # the palette runs it in any ruleset
            self.designer.ask_stats(index)

    def action_hangar(self) -> None:
        """h: the Hangar Bay [x/y] size of the selected ship (lukas)."""
        index = self.selected_index()
        if index is not None and self.check_action("hangar", ()):
            self.designer.ask_hangar(index)

    def action_loadout(self) -> None:
        if self.selected_index() is not None:
            self.query_one(LoadoutPanel).focus_offer()

    @on(LoadoutPanel.ItemMounted)
    def item_mounted(self, event: LoadoutPanel.ItemMounted) -> None:
        index = self.selected_index()
        if index is None or self.roster is None:
            return
        self.set_roster(edit.mount(self.roster, index, event.kind, event.item), select=index)
        if self.ruleset_id == "lukas" and event.item == HANGAR and self.roster.ships[index].hangar is None:
            self.designer.ask_hangar(index)  # a Hangar Bay needs its size: ask at once

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
