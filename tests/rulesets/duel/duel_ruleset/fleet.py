"""duel fleet checks (duel §1): the cost against the cap, the weapons a class carries."""

from __future__ import annotations

from mstracker.api import Finding, FleetReport, Roster, Severity, ShipEntry, ShipSheet

from .model import Ruleset


def validate(roster: Roster, ruleset: Ruleset) -> FleetReport:
    findings: list[Finding] = []
    sheets: list[ShipSheet] = []
    cost = 0
    for ship in roster.ships:
        cls = ruleset.classes.get(ship.ship_class)
        if cls is None:
            findings.append(Finding(severity=Severity.ERROR, ship=ship.name,
                                    message=f"{ship.name}: no class {ship.ship_class!r} (classes: {', '.join(ruleset.classes)})"))
            continue
        ship_cost = cls.cost
        for weapon in ship.weapons:
            if weapon not in ruleset.weapons:
                findings.append(Finding(severity=Severity.ERROR, ship=ship.name, message=f"{ship.name}: no weapon {weapon!r}"))
            else:
                ship_cost += ruleset.weapons[weapon].cost
        if len(ship.weapons) > cls.weapons:
            findings.append(Finding(severity=Severity.ERROR, ship=ship.name,
                                    message=f"{ship.name}: a {ship.ship_class} carries {cls.weapons} weapon(s), not {len(ship.weapons)}"))
        cost += ship_cost
        sheets.append(ShipSheet(name=ship.name, ship_class=ship.ship_class, cost=ship_cost))
    budget = ruleset.budgets.get(roster.preset or "")
    cap = roster.cap or (budget.cap if budget else None)
    if cap is not None and cost > cap:
        findings.append(Finding(severity=Severity.ERROR, ship=None, message=f"the fleet costs {cost}, {cost - cap} over the cap of {cap}"))
    return FleetReport(ruleset="duel", findings=tuple(findings), cost=cost, cap=cap, sheets=tuple(sheets))


def offered_loadout(ruleset: Ruleset, ship: ShipEntry) -> dict[str, list[tuple[str, bool, str]]]:
    cls = ruleset.classes.get(ship.ship_class)
    room = cls is not None and len(ship.weapons) < cls.weapons
    return {"weapons": [(name, room, "" if room else "no weapon mount left") for name in ruleset.weapons]}


def starter(ruleset: Ruleset) -> Roster:
    return Roster(ruleset="duel", name="Duel starter", preset="duel",
                  ships=(ShipEntry(name="Cutter 1", weapons=("Laser",), **{"class": "Cutter"}),))
