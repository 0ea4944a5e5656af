"""The fleet builder's design dialogs: cal custom designs (d), lukas armor and speed (t) and hangar size (h).

Kept apart from the screen, like fleet_files.py; every dialog ends by calling back into the screen
(`set_roster`). Also the read-outs these rulesets add: the fleet's C&C and a ship's designer numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..fleet import Roster, ShipEntry
from ..rules import RulesetBase
from . import roster_edit as edit
from .modals.confirm import ConfirmModal
from .modals.design_editor import DesignEdit, DesignEditorModal, class_values
from .modals.ship_stats import hangar_prompt, read_hangar, read_stats, stats_prompt

if TYPE_CHECKING:
    from .screens.fleet_builder import FleetBuilderScreen

HANGAR = "Hangar Bay"


def hangar_warning(ruleset: RulesetBase) -> tuple[int, int] | None:
    """The lukas setting hangar_warn ('4/2') as numbers; None when unset or unreadable."""
    try:
        x, y = (int(part) for part in str(ruleset.setting("hangar_warn")).split("/"))
    except (KeyError, ValueError):
        return None
    return x, y


def fleet_cc(roster: Roster, ruleset: Any, designs: Mapping[str, Any], skip_class: str | None = None) -> int:
    """cal: the C&C of the fleet's ships (stock classes and valid designs), leaving out `skip_class`."""
    classes = {n.casefold(): c for n, c in {**ruleset.classes, **designs}.items()}
    return sum(ruleset.class_cc(classes[s.ship_class.casefold()]) for s in roster.ships
               if s.ship_class != skip_class and s.ship_class.casefold() in classes)


def ship_facts(ruleset_id: str, ship: ShipEntry) -> list[tuple[str, str]]:
    """lukas: the designer's numbers of a ship, with the key that sets each (elsewhere only when a file set them)."""
    facts: list[tuple[str, str]] = []
    if ruleset_id == "lukas" or ship.armor is not None or ship.speed is not None:
        facts.append(("armor", f"{'–' if ship.armor is None else ship.armor}  (t)"))
        facts.append(("speed", f"{'–' if ship.speed is None else ship.speed}  (t)"))
    if has_hangar(ruleset_id, ship):
        size = "–" if ship.hangar is None else f"[{ship.hangar[0]}/{ship.hangar[1]}]"
        facts.append(("hangar", f"{size}  (h)"))
    return facts


def has_hangar(ruleset_id: str, ship: ShipEntry) -> bool:
    return (ruleset_id == "lukas" and HANGAR in ship.abilities) or ship.hangar is not None


class ShipDesigns:
    def __init__(self, screen: FleetBuilderScreen) -> None:
        self.screen = screen

    @property
    def app(self) -> Any:
        return self.screen.app

    # -- cal custom designs ------------------------------------------------------------------------------

    def edit_design(self, name: str | None, custom: bool) -> None:
        """Edit the design `name` (custom), or start a new design from the stock class `name`."""
        roster, ruleset = self.screen.roster, self.screen.ruleset
        if roster is None or ruleset is None:
            return
        valid = self.screen.valid_designs
        others = set(roster.designs)
        if custom and name is not None:
            others.discard(name)
            modal = DesignEditorModal(ruleset, name, roster.designs[name], original=name, taken=others,  # type: ignore[arg-type]
                                      ships_using=edit.ships_of(roster, name),
                                      other_cc=fleet_cc(roster, ruleset, valid, skip_class=name))
        else:
            stock = ruleset.classes.get(name) if name else None  # type: ignore[attr-defined]
            start = class_values(stock) if stock is not None else {"type": "Escort"}
            modal = DesignEditorModal(ruleset, "", start, original=None, taken=others, based_on=name or "",  # type: ignore[arg-type]
                                      other_cc=fleet_cc(roster, ruleset, valid))
        self.app.push_screen(modal, self._design_done)

    def _design_done(self, result: DesignEdit | None) -> None:
        roster = self.screen.roster
        if result is None or roster is None:
            return
        if not result.delete:
            self.screen.set_roster(edit.save_design(roster, result.name, result.data, result.original))
            self.screen.show_class(result.name)
            self.app.notify(f"Design {result.name} saved · a: add a ship of it", timeout=3)
            return
        name = result.name
        count = edit.ships_of(roster, name)

        def delete(yes: bool | None) -> None:
            if yes and self.screen.roster is not None:
                self.screen.set_roster(edit.delete_design(self.screen.roster, name), select=0)
                self.app.notify(f"Design {name} deleted", timeout=3)

        detail = (f"Its {count} ship{'s are' if count != 1 else ' is'} removed from the fleet too." if count
                  else "No ship of the fleet uses it.")
        self.app.push_screen(ConfirmModal(f"Delete the design {name}?", detail, yes="Delete", no="Keep it"), delete)

    # -- lukas: armor, speed, hangar ---------------------------------------------------------------------

    def ask_stats(self, index: int) -> None:
        """Armor and speed of a ship, with the book's averages for its class as hints."""
        roster, ruleset = self.screen.roster, self.screen.ruleset
        if roster is None or ruleset is None:
            return
        ship = roster.ships[index]
        cls = (getattr(ruleset, "classes", None) or {}).get(ship.ship_class)

        def chosen(values: list[str] | None) -> None:
            if values and self.screen.roster is not None:
                armor, speed = read_stats(values)
                self.screen.set_roster(edit.set_stats(self.screen.roster, index, armor, speed), select=index)

        prompt = stats_prompt(ship, ship.ship_class, getattr(cls, "average_armor", None), getattr(cls, "average_speed", None))
        self.app.push_screen(prompt, chosen)

    def ask_hangar(self, index: int) -> None:
        """The Hangar Bay [x/y] size of a ship."""
        roster, ruleset = self.screen.roster, self.screen.ruleset
        if roster is None or ruleset is None:
            return

        def chosen(values: list[str] | None) -> None:
            if values is not None and self.screen.roster is not None:
                self.screen.set_roster(edit.set_hangar(self.screen.roster, index, read_hangar(values)), select=index)

        self.app.push_screen(hangar_prompt(roster.ships[index], hangar_warning(ruleset)), chosen)
