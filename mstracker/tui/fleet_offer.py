"""What the fleet builder shows of a ruleset's costs and loadout offers, asked of its package.

No ruleset is named here: the offer is the package's `offered_loadout`, the costs and their unit come
from the contract's typed tables (`ship_classes`, `item_table`: each entry's declared cost field, `rus`,
`points` or `cost`) and the budget preset in use.
"""

from __future__ import annotations

from typing import Any

from ..fleet import Roster, ShipEntry
from ..rules import RulesetBase
from ..rules.contract import RulesetPackage, cost_field
from .widgets.loadout_panel import Offer

UNITS = {"rus": "RU", "points": "points"}


def cost_unit(package: RulesetPackage, ruleset: RulesetBase, roster: Roster) -> str:
    """What a fleet's cost counts: RU or points where the classes say so, else the budget preset's own
    name ('Ship count'), else plain 'cost' — never "points" where the ruleset has none."""
    field = next((c.cost_field for c in package.ship_classes(ruleset).values()), None)
    if field in UNITS:
        return UNITS[field]
    budget = ruleset.budgets.get(roster.preset) if roster.preset else None
    return budget.name if budget is not None and budget.name else "cost"


def loadout_offer(package: RulesetPackage, ruleset: Any, roster: Roster, ship: ShipEntry) -> tuple[Offer, str]:
    """The package's offer for one ship, and the problem instead when it cannot make one."""
    try:
        offer = package.offered_loadout(ruleset, roster, ship)
    except (ValueError, LookupError) as exc:  # a class a hand-edited file names, a design with errors
        if ship.ship_class in roster.designs:
            return {}, f"the design {ship.ship_class} has errors; fix it first (d on its class row)"
        return {}, f"nothing to offer: {exc}"
    return {kind: list(rows) for kind, rows in offer.items()}, ""


def item_costs(package: RulesetPackage, ruleset: RulesetBase, offer: Offer) -> dict[tuple[str, str], str]:
    """'12 RU' by (kind, item), for the items whose entries carry a cost."""
    out: dict[tuple[str, str], str] = {}
    for kind, items in offer.items():
        entries = package.item_table(ruleset, kind)
        for item, _, _ in items:
            entry = entries.get(item)
            field = cost_field(entry) if entry is not None else None
            value = dict(entry).get(field) if entry is not None and field else None
            if value is not None:
                out[(kind, item)] = f"{value} {UNITS.get(field or '', field)}"
    return out
