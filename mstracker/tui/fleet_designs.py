"""The fleet builder's extras, as the ruleset package declares them: custom designs (`designs`, key d)
and per-ship designer numbers (`ship_fields`, each with its own key).

Custom designs live in the roster (a fleet file carries the designs its ships use) and in the player's
saved designs (mstracker.store.designs), so every new fleet of the ruleset offers them. Kept apart from
the screen, like fleet_files.py; every dialog ends by calling back into the screen (`set_roster`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..fleet import Roster, Severity, ShipEntry
from ..rules.contract import ShipFields
from ..store.designs import forget_design, keep_design, load_designs
from ..store.tomlfile import FileProblem
from . import roster_edit as edit
from .modals.confirm import ConfirmModal
from .modals.design_editor import DesignEdit, DesignEditorModal
from .modals.ship_fields import current_values, read_answers, ship_fields_prompt, shown_values, with_values

if TYPE_CHECKING:
    from .screens.fleet_builder import FleetBuilderScreen


def ship_facts(specs: tuple[ShipFields, ...], ship: ShipEntry) -> list[tuple[str, str]]:
    """The designer's numbers of a ship that its ruleset asks for, each with the key that sets it."""
    return [(spec.title, f"{shown_values(spec, ship)}  ({spec.key})") for spec in specs if spec.applies(ship)]


def fields_to_ask(specs: tuple[ShipFields, ...], ship: ShipEntry, item: str) -> ShipFields | None:
    """The fields that mounting `item` asks for at once (a Hangar Bay needs its size), unless already set."""
    for spec in specs:
        if item in spec.ask_on_mount and spec.applies(ship):
            if all(value is None for value in current_values(spec, ship).values()):
                return spec
    return None


class ShipDesigns:
    def __init__(self, screen: FleetBuilderScreen) -> None:
        self.screen = screen
        self.saved: dict[str, dict[str, Any]] = {}
        """The player's saved designs of the screen's ruleset."""

    @property
    def app(self) -> Any:
        return self.screen.app

    # -- the saved designs ----------------------------------------------------------------------------

    def load_saved(self) -> None:
        """Read the player's saved designs of the screen's ruleset (an unreadable file is reported)."""
        self.saved = {}
        if self.screen.package.designs is None:
            return
        try:
            self.saved = load_designs(self.app.services.dirs, self.screen.ruleset_id)
        except FileProblem as exc:
            self.app.notify(f"{exc}\nIt is left as it is; designs made now stay in this fleet only.",
                            title="Saved designs not read", severity="error", timeout=12)

    def offered(self, roster: Roster) -> dict[str, dict[str, Any]]:
        """The designs the class list shows: the fleet's own, then the saved ones it does not hold."""
        if self.screen.package.designs is None:
            return {}
        return {**roster.designs, **{k: v for k, v in self.saved.items() if k not in roster.designs}}

    def broken(self, designs: Mapping[str, Any]) -> set[str]:
        """The designs with errors (the ruleset's `design_findings`), for the class list's ✗."""
        screen = self.screen
        if screen.roster is None or screen.ruleset is None:
            return set()
        every = screen.roster.model_copy(update={"designs": dict(designs)})
        return {name for name, data in designs.items()
                if any(getattr(f, "severity", Severity.ERROR) is Severity.ERROR
                       for f in screen.package.design_findings(screen.ruleset, every, name, data))}

    def with_design_of(self, roster: Roster, ship_class: str) -> Roster:
        """The roster, holding the design of `ship_class` when it is a saved design it lacks."""
        if ship_class in roster.designs or ship_class not in self.saved:
            return roster
        return roster.model_copy(update={"designs": {**roster.designs, ship_class: self.saved[ship_class]}})

    def _keep(self, name: str, data: Mapping[str, Any], original: str | None) -> None:
        try:
            keep_design(self.app.services.dirs, self.screen.ruleset_id, name, data, original)
        except (FileProblem, OSError) as exc:
            self.app.notify(f"{exc}", title="Design kept in this fleet only", severity="warning", timeout=10)
            return
        self.saved = {**{k: v for k, v in self.saved.items() if k != original}, name: dict(data)}

    # -- the design dialog ------------------------------------------------------------------------------

    def edit_design(self, name: str | None, custom: bool) -> None:
        """Edit the design `name` (custom), or start a new design from the stock class `name`."""
        screen = self.screen
        roster, ruleset, package = screen.roster, screen.ruleset, screen.package
        if roster is None or ruleset is None or package.designs is None:
            return
        every = roster.model_copy(update={"designs": self.offered(roster)})
        if custom and name is not None:
            modal = DesignEditorModal(package, ruleset, every, name, every.designs[name], original=name)
        else:
            start = package.design_start(ruleset, name)
            modal = DesignEditorModal(package, ruleset, every, "", start, original=None, based_on=name or "")
        self.app.push_screen(modal, self._design_done)

    def _design_done(self, result: DesignEdit | None) -> None:
        roster = self.screen.roster
        if result is None or roster is None:
            return
        if not result.delete:
            self._keep(result.name, result.data, result.original)
            if result.original is None or result.original in roster.designs:  # else a saved design the fleet lacks
                roster = edit.save_design(roster, result.name, result.data, result.original)
            self.screen.set_roster(roster, change=f"design {result.name}")
            self.screen.show_class(result.name)
            self.app.notify(f"Design {result.name} saved with your designs · a: add a ship of it", timeout=3)
            return
        self._ask_delete(result.name)

    def _ask_delete(self, name: str) -> None:
        roster = self.screen.roster
        assert roster is not None
        count = edit.ships_of(roster, name)

        def delete(yes: bool | None) -> None:
            if not yes or self.screen.roster is None:
                return
            try:
                forget_design(self.app.services.dirs, self.screen.ruleset_id, name)
            except (FileProblem, OSError) as exc:
                self.app.notify(str(exc), title="Saved designs not changed", severity="warning", timeout=10)
            self.saved.pop(name, None)
            self.screen.set_roster(edit.delete_design(self.screen.roster, name), select=0, change=f"delete design {name}")
            self.app.notify(f"Design {name} deleted", timeout=3)

        ships = (f"Its {count} ship{'s are' if count != 1 else ' is'} removed from the fleet too." if count
                 else "No ship of the fleet uses it.")
        detail = f"{ships} It is removed from your saved designs, so new fleets no longer offer it."
        self.app.push_screen(ConfirmModal(f"Delete the design {name}?", detail, yes="Delete", no="Keep it"), delete)

    # -- per-ship fields ----------------------------------------------------------------------------------

    def ask_fields(self, spec: ShipFields, index: int) -> None:
        """The dialog of one ShipFields for the ship at `index`."""
        roster, ruleset = self.screen.roster, self.screen.ruleset
        if roster is None or ruleset is None:
            return
        ship = roster.ships[index]

        def chosen(answers: list[str] | None) -> None:
            current = self.screen.roster
            if answers is None or current is None or index >= len(current.ships):
                return
            ships = list(current.ships)
            ships[index] = with_values(spec, ships[index], read_answers(spec, answers))
            self.screen.set_roster(current.with_ships(ships), select=index, change=f"{spec.title.lower()} of {ship.name}")

        self.app.push_screen(ship_fields_prompt(spec, ruleset, ship), chosen)
