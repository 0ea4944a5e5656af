"""Fleet builder: ruleset and budget, classes with stats, ships and loadouts, live checks, fleet files.

Ruleset-agnostic: what a ruleset adds (custom designs, per-ship designer numbers, read-outs beside the
cost, the loadout offer) is what its package declares. Every roster change can be undone (u / ctrl+z).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Footer, Header, Static

from ...fleet import FleetReport, Roster, ShipEntry, validate_roster
from ...rules import RulesetBase
from ...rules.contract import RulesetPackage, ShipFields
from ...rules.registry import package
from .. import roster_edit as edit
from ..fleet_designs import ShipDesigns, ship_facts
from ..fleet_edits import ShipEdits
from ..fleet_files import FleetFiles
from ..fleet_offer import cost_unit, item_costs, loadout_offer
from ..widgets.class_list import ClassList
from ..widgets.fleet_meters import BudgetBar, FindingsView
from ..widgets.fleet_top import FleetTop
from ..widgets.loadout_panel import LoadoutPanel
from ..widgets.ship_table import ShipTable
from .fitted import FittedScreen

SHORT = 30
"""Below this height the panels shrink so that 80x24 still shows everything."""


class FleetBuilderScreen(FittedScreen):
    TITLE = "Fleet builder"
    AUTO_FOCUS = "#classes"
    BINDINGS = [
        Binding("a", "add_ship", "Add ship"),
        Binding("l", "loadout", "Loadout"),
        Binding("d", "design", "Design"),
        Binding("n", "rename_ship", "Rename"),
        Binding("c", "edit('duplicate')", "Copy"),
        Binding("x,delete", "edit('remove')", "Remove"),
        Binding("u,ctrl+z", "edit('undo')", "Undo"),
        Binding("ctrl+y", "edit('redo')", "Redo", show=False),
        Binding("s", "files('save')", "Save"),
        Binding("o", "files('open')", "Open"),
        Binding("N", "new_fleet", "New fleet"),
        Binding("p", "edit('toggle_permissive')", "Non-standard"),
        Binding("i", "files('import_file')", "Import file", show=False),
        Binding("e", "files('export_file')", "Export file", show=False),
        Binding("escape", "back", "Back"),
    ]
    FOOTER_GIVE_WAY = ("edit('toggle_permissive')", "back", "files('open')", "new_fleet", "edit('undo')")
    """Then the ruleset's own keys: at 80 columns a, l, n, c, x and s stay."""

    def __init__(self) -> None:
        super().__init__()
        self.ruleset_id = self.app.services.current_ruleset_id
        self.package: RulesetPackage = package(self.ruleset_id)
        self.ruleset: RulesetBase | None = None
        self.roster: Roster | None = None
        self.report: FleetReport | None = None
        self.files = FleetFiles(self)
        self.designer = ShipDesigns(self)
        self.edits = ShipEdits(self)
        self.history = edit.RosterHistory()
        self.shown_designs: dict[str, Any] | None = None
        self.field_keys: dict[str, ShipFields] = {}
        """The ruleset's per-ship dialogs by their key (keys the builder already uses are left unbound)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield FleetTop(self.ruleset_id, id="fleet-top")
        yield BudgetBar(id="budget")
        with Horizontal(id="fleet-body"):
            with Vertical(id="fleet-left"):
                yield ClassList(id="classes", classes="panel")
                with VerticalScroll(id="class-detail", classes="panel"):
                    yield Static(id="class-text")
            yield ShipTable(id="ships", classes="panel")
            yield LoadoutPanel(id="loadout", classes="panel")
        with VerticalScroll(id="findings-box", classes="panel"):
            yield FindingsView(id="findings")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ships").border_title = "Ships"
        self.query_one("#findings-box").border_title = "Findings"
        self.query_one("#class-detail").border_title = "Class"
        self.query_one("#class-detail").can_focus = False  # mouse-scrollable; Tab goes between the panels that act
        self.load_ruleset(self.ruleset_id, None)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.set_class(event.size.height < SHORT, "-short")

    @property
    def footer_give_way(self) -> tuple[str, ...]:
        fields = tuple(f"ship_fields('{key}')" for key in reversed(self.field_keys))
        return (*super().footer_give_way, *fields, "design")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The ruleset's keys show only where they apply; undo and redo are dim when there is nothing to do."""
        if action == "design":
            return self.package.designs is not None
        if action == "ship_fields":
            spec, ship = self.field_keys.get(str(parameters[0])), self.selected_ship()
            return spec is not None and ship is not None and spec.applies(ship)
        if action == "edit" and parameters[0] in ("undo", "redo"):
            return bool(self.history.done if parameters[0] == "undo" else self.history.undone) or None
        return True

    def palette_commands(self) -> Iterable[SystemCommand]:
        for spec in self.package.ship_fields:
            yield SystemCommand(f"{self.TITLE}: {spec.title}", f"Key: {spec.key} · the selected ship's {spec.title.lower()}",
                                partial(self.edits.ask_fields, spec))

    def confirm_leave(self, then: Callable[..., Any]) -> None:
        """Leaving the builder (escape, ctrl+q, another screen): unsaved changes are kept only if the player says so."""
        self.files.confirm_discard(then)

    # -- ruleset, preset, roster -----------------------------------------------------------------------

    def load_ruleset(self, ruleset_id: str, roster: Roster | None) -> bool:
        """Switch ruleset; start an empty fleet unless a roster is given. False when it cannot load."""
        try:
            ruleset = self.app.services.ruleset(ruleset_id).ruleset
        except Exception as exc:  # noqa: BLE001 - broken shipped or third-party data: say so, keep the screen
            self.notify(f"{ruleset_id} could not be loaded: {exc}", severity="error")
            return False
        self.ruleset_id, self.ruleset, self.package = ruleset_id, ruleset, package(ruleset_id)
        self.bind_ship_fields()
        self.designer.load_saved()
        self.shown_designs = None  # the class list is refilled for the new ruleset
        self.query_one("#classes").border_title = "Classes · a: add" + (" · d: design" if self.package.designs else "")
        self.query_one(FleetTop).show_ruleset(ruleset_id, ruleset.budgets)
        if roster is None:
            roster = Roster(ruleset=ruleset_id, name="New fleet", preset=next(iter(ruleset.budgets), None))
        self.history.clear()
        self.set_roster(roster, saved=True)
        return True

    def bind_ship_fields(self) -> None:
        """One key per ShipFields the ruleset declares (shown in the footer only where it applies)."""
        for key in self.field_keys:
            self._bindings.key_to_bindings.pop(key, None)
        taken = {key for key in self._bindings.key_to_bindings}
        self.field_keys = {}
        for spec in self.package.ship_fields:
            if spec.key in taken or spec.key in self.field_keys:
                continue  # the palette still offers it
            self.field_keys[spec.key] = spec
            short = spec.title.replace(" and ", "/")  # 'Armor/speed': footers are narrow
            binding = Binding(spec.key, f"ship_fields('{spec.key}')", short, tooltip=spec.title)
            self._bindings.key_to_bindings.setdefault(spec.key, []).append(binding)

    @on(FleetTop.RulesetChosen)
    def ruleset_chosen(self, event: FleetTop.RulesetChosen) -> None:
        chosen = event.ruleset_id

        def go(yes: bool | None = True) -> None:
            if not yes:
                self.query_one(FleetTop).show_ruleset(self.ruleset_id, self.ruleset.budgets if self.ruleset else {})
                return
            self.load_ruleset(chosen, None)
            if self.app.services.settings.settings.last_ruleset != chosen:
                self.app.save_settings(last_ruleset=chosen)

        self.files.confirm_discard(go)

    @on(FleetTop.PresetChosen)
    def preset_chosen(self, event: FleetTop.PresetChosen) -> None:
        if self.roster is None or self.ruleset is None:
            return
        budget = self.ruleset.budgets.get(event.preset) if event.preset else None
        cap = None if budget is None or budget.cap_max is None else self.roster.cap
        self.set_roster(self.roster.model_copy(update={"preset": event.preset, "cap": cap}), change="budget preset")
        if budget is not None and (budget.cap is None or budget.cap_max is not None):
            self.files.ask_cap(budget)

    def set_roster(self, roster: Roster, saved: bool = False, select: int | None = None, change: str = "") -> None:
        """Show a new roster value: validate it and redraw everything that depends on it.

        `change` names an edit the player made (it can be undone); `saved` marks a roster just read or written.
        """
        if change and self.roster is not None and roster != self.roster:
            self.history.record(self.roster, change)
        self.roster = roster
        if saved:
            self.files.mark_saved(roster)
        assert self.ruleset is not None
        self.report = validate_roster(roster, self.ruleset)
        offered = self.designer.offered(roster)
        if offered != self.shown_designs:
            self.fill_classes(offered, keep_cursor=self.shown_designs is not None)
        self.query_one(ShipTable).show(roster, self.report, select)
        self.show_fleet_state()

    def show_fleet_state(self) -> None:
        roster, ruleset = self.roster, self.ruleset
        if roster is None or ruleset is None:
            return
        readouts = tuple(self.package.fleet_readouts(ruleset, roster))
        self.query_one(BudgetBar).show(self.report, len(roster.ships), cost_unit(self.package, ruleset, roster), roster.permissive, readouts)
        self.query_one(FindingsView).show(self.report)
        where = self.files.path.name if self.files.path else "not saved yet"
        self.query_one(FleetTop).show_fleet(roster, ruleset.budgets, where, self.files.is_saved(roster))
        self.show_loadout()
        self.refresh_bindings()

    # -- classes: the stock ones, then the custom designs ------------------------------------------------

    @property
    def class_names(self) -> list[str]:
        return self.query_one(ClassList).names

    def fill_classes(self, designs: dict[str, Any], keep_cursor: bool = False) -> None:
        stock = self.package.ship_classes(self.ruleset) if self.ruleset is not None else {}
        self.shown_designs = designs
        broken = self.designer.broken(designs)
        saved_only = set(designs) - set(self.roster.designs if self.roster is not None else {})
        self.query_one(ClassList).show(stock, designs, broken, saved_only, keep_cursor)
        self.show_class_detail()

    def show_class(self, design: str) -> None:
        """Put the class cursor on a custom design (after saving it), ready for a."""
        classes = self.query_one(ClassList)
        classes.select(design, custom=True)
        classes.focus()

    @on(DataTable.RowHighlighted, "#classes")
    def show_class_detail(self) -> None:
        stock = self.package.ship_classes(self.ruleset) if self.ruleset is not None else {}
        # a ruleset without custom designs says so where a design would start (rules.contract.Capabilities)
        hint = ("d: a new design starting from this class" if self.package.designs
                else f"no custom designs in {self.package.id}")  # one line in the narrow panel
        self.query_one("#class-text", Static).update(self.query_one(ClassList).detail(stock, hint))

    def highlighted_class(self) -> str | None:
        return self.query_one(ClassList).highlighted

    @on(DataTable.RowSelected, "#classes")
    def class_chosen(self) -> None:
        """Enter (or a click) on a class only shows it: adding is `a`, so no first key adds a ship by surprise."""
        name = self.highlighted_class()
        if name is not None:
            self.notify(f"a adds a ship of this class ({name})", timeout=3)

    def action_design(self) -> None:
        """d: edit the highlighted custom design, or start a new one from the highlighted stock class."""
        if self.package.designs is not None:
            classes = self.query_one(ClassList)
            self.designer.edit_design(classes.highlighted, classes.on_custom)

    # -- ships -----------------------------------------------------------------------------------------

    def selected_index(self) -> int | None:
        if self.roster is None or not self.roster.ships:
            return None
        return min(self.query_one(ShipTable).cursor_row, len(self.roster.ships) - 1)

    def selected_ship(self) -> ShipEntry | None:
        index = self.selected_index()
        return None if index is None or self.roster is None else self.roster.ships[index]

    @on(DataTable.RowHighlighted, "#ships")
    def ship_highlighted(self) -> None:
        self.show_loadout()
        self.refresh_bindings()

    def show_loadout(self) -> None:
        panel = self.query_one(LoadoutPanel)
        ship, roster = self.selected_ship(), self.roster
        if ship is None or roster is None or self.ruleset is None:
            panel.show(None, None, {}, {})
            return
        sheet = next((s for s in (self.report.sheets if self.report else ()) if s.name == ship.name), None)
        offer, problem = loadout_offer(self.package, self.ruleset, roster, ship)
        panel.show(ship, sheet, offer, item_costs(self.package, self.ruleset, offer), problem, ship_facts(self.package.ship_fields, ship),
                   ship_key=self.selected_index())

    # -- ship actions (the edits live in fleet_edits.py) --------------------------------------------------

    def action_add_ship(self) -> None:
        self.edits.add(self.highlighted_class())

    def action_edit(self, name: str) -> None:
        """c, x, u, ctrl+y, p: copy, remove, undo, redo, the non-standard mark (fleet_edits.ShipEdits)."""
        getattr(self.edits, name)()

    def action_rename_ship(self) -> None:
        index = self.selected_index()
        if index is not None:
            self.files.ask_ship_name(index)

    def action_ship_fields(self, key: str) -> None:
        if key in self.field_keys:
            self.edits.ask_fields(self.field_keys[key])

    def action_loadout(self) -> None:
        if self.selected_index() is not None:
            self.query_one(LoadoutPanel).focus_offer()

    @on(LoadoutPanel.ItemMounted)
    def item_mounted(self, event: LoadoutPanel.ItemMounted) -> None:
        self.edits.mount(event.kind, event.item)

    @on(LoadoutPanel.ItemRemoved)
    def item_removed(self, event: LoadoutPanel.ItemRemoved) -> None:
        self.edits.unmount(event.kind, event.position)

    # -- files (the dialogs live in fleet_files.py) --------------------------------------------------------

    def action_files(self, name: str) -> None:
        """s, o, i, e: save, open, import, export (fleet_files.FleetFiles)."""
        getattr(self.files, name)()

    def action_new_fleet(self) -> None:
        self.files.confirm_discard(lambda yes=True: yes and self.load_ruleset(self.ruleset_id, None))

    def open_roster(self, roster: Roster, path: Path | None) -> None:
        """Show a roster read from a file (switching ruleset if it needs another)."""
        if self.load_ruleset(roster.ruleset, roster):
            self.files.path = path
            self.show_fleet_state()

    def action_back(self) -> None:
        """Escape: from the loadout or ships back to the classes; from the classes to the screen before.

        Right after a save it leaves from anywhere: the player saved because they are done (playtest).
        """
        focused = self.focused
        just_saved = self.roster is not None and self.roster == self.files.written
        if not just_saved and focused is not None and focused.id != "classes" and self.query_one("#fleet-body").has_focus_within:
            self.set_focus(self.query_one("#classes", DataTable))  # at once: keys typed next go to the classes
            return
        self.app.action_back()
