"""The fleet builder's edits of the ships: add, copy, remove, mount, take off, the ruleset's per-ship
fields, the non-standard mark, and undo/redo of any of them.

Kept apart from the screen, like fleet_files.py and fleet_designs.py: each edit makes a new roster value
with roster_edit and hands it to the screen (`set_roster(..., change=...)`), which records it for undo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..fleet import Roster
from ..rules.contract import ShipFields
from . import roster_edit as edit
from .fleet_designs import fields_to_ask

if TYPE_CHECKING:
    from .screens.fleet_builder import FleetBuilderScreen


class ShipEdits:
    def __init__(self, screen: FleetBuilderScreen) -> None:
        self.screen = screen

    def add(self, ship_class: str | None) -> None:
        """A ship of the class (a saved design it uses comes into the fleet with it)."""
        screen = self.screen
        if ship_class is None or screen.roster is None:
            return
        roster = edit.add_ship(screen.designer.with_design_of(screen.roster, ship_class), ship_class)
        screen.set_roster(roster, select=len(roster.ships) - 1, change=f"add {roster.ships[-1].name}")
        screen.notify(f"Added {roster.ships[-1].name}", timeout=2)

    def duplicate(self) -> None:
        screen, index = self.screen, self.screen.selected_index()
        if index is not None and screen.roster is not None:
            name = screen.roster.ships[index].name
            screen.set_roster(edit.duplicate_ship(screen.roster, index), select=index + 1, change=f"copy {name}")

    def remove(self) -> None:
        """No question asked: the notice says u undoes it."""
        screen, index = self.screen, self.screen.selected_index()
        if index is None or screen.roster is None:
            return
        name = screen.roster.ships[index].name
        screen.set_roster(edit.remove_ship(screen.roster, index), select=max(0, index - 1), change=f"remove {name}")
        screen.notify(f"Removed {name} · u: undo", timeout=4)

    def undo(self) -> None:
        self._step(self.screen.history.undo, "Undone")

    def redo(self) -> None:
        self._step(self.screen.history.redo, "Redone")

    def _step(self, move: Callable[[Roster], tuple[Roster, str] | None], word: str) -> None:
        screen = self.screen
        if screen.roster is None:
            return
        step = move(screen.roster)
        if step is None:
            screen.notify("Nothing to undo" if word == "Undone" else "Nothing to redo", timeout=2)
            return
        roster, what = step
        screen.set_roster(roster)
        screen.notify(f"{word}: {what}" + (" · ctrl+y redoes it" if word == "Undone" else ""), timeout=3)

    def ask_fields(self, spec: ShipFields) -> None:
        """The ruleset's dialog of designer numbers for the selected ship (where it applies)."""
        screen = self.screen
        index, ship = screen.selected_index(), screen.selected_ship()
        if index is None or ship is None:
            screen.notify("Add a ship first (a).", timeout=3)
        elif not spec.applies(ship):
            screen.notify(f"{ship.name} has no {spec.title.lower()} to set.", timeout=3)
        else:
            screen.designer.ask_fields(spec, index)

    def mount(self, kind: str, item: str) -> None:
        """Mount an offered item; one the ruleset needs numbers for asks for them at once (a hangar's size)."""
        screen, index = self.screen, self.screen.selected_index()
        if index is None or screen.roster is None:
            return
        screen.set_roster(edit.mount(screen.roster, index, kind, item), select=index, change=f"mount {item}")
        assert screen.roster is not None
        spec = fields_to_ask(screen.package.ship_fields, screen.roster.ships[index], item)
        if spec is not None:
            screen.designer.ask_fields(spec, index)

    def unmount(self, kind: str, position: int) -> None:
        screen, index = self.screen, self.screen.selected_index()
        if index is not None and screen.roster is not None:
            item = getattr(screen.roster.ships[index], kind)[position]
            screen.set_roster(edit.unmount(screen.roster, index, kind, position), select=index, change=f"take off {item}")

    def toggle_permissive(self) -> None:
        roster = self.screen.roster
        if roster is not None:
            self.screen.set_roster(roster.model_copy(update={"permissive": not roster.permissive}), change="non-standard mark")
