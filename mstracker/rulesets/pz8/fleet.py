"""pz8 fleets: a number of identical Spaceships, each with a name and a tag.

The book has no classes to choose, no costs and no loadouts: every Spaceship carries the same fixed
armament. Validation checks structure (one known class, fixed armament only, names and tags) and the
agreed cap, which counts ships (`budget_mode = count`) or the class cost (`budget_mode = points`).
"""

from __future__ import annotations

from collections import Counter

from ...rules.names import UnknownName, find_entry
from .model import Ruleset, ShipClass
from ...fleet.roster import FleetReport, Finding, Roster, Severity, ShipEntry, ShipSheet, SlotUse
from ...fleet.roster import duplicate_name_findings, duplicate_tag_findings

STARTER_SHIPS = 3


def _error(ship: str | None, message: str) -> Finding:
    return Finding(severity=Severity.ERROR, ship=ship, message=message)


def _warning(ship: str | None, message: str) -> Finding:
    return Finding(severity=Severity.WARNING, ship=ship, message=message)


def _label(ship: ShipEntry) -> str:
    return f"{ship.name} ({ship.ship_class})"


def _fits(ruleset: Ruleset, weapon: str) -> list[str]:
    return [name for name, cls in ruleset.classes.items() if weapon in cls.armament]


def _check_weapons(ruleset: Ruleset, ship: ShipEntry, cls_name: str, cls: ShipClass) -> list[Finding]:
    found: list[Finding] = []
    names: list[str] = []
    for typed in ship.weapons:
        try:
            name, _ = find_entry(ruleset.armament, typed, "weapon")
        except UnknownName as exc:
            found.append(_error(ship.name, f"{_label(ship)}: {exc}."))
            continue
        names.append(name)
        if name not in cls.armament:
            fits = _fits(ruleset, name)
            where = f"it fits {', '.join(fits)}" if fits else "no class carries it"
            found.append(_error(ship.name, f"{_label(ship)}: {name} cannot be mounted on a {cls_name}; {where}."))
    for name, count in Counter(names).items():
        if count > 1:
            found.append(_error(ship.name, f"{_label(ship)}: {name} is listed {count} times; a {cls_name} has one."))
    if names:
        missing = [w for w in cls.armament if w not in names]
        if missing:
            found.append(
                _warning(
                    ship.name,
                    f"{_label(ship)}: every {cls_name} carries {', '.join(missing)} as well; leaving it off the "
                    "list does not remove it.",
                )
            )
    return found


def _check_extras(ruleset: Ruleset, ship: ShipEntry, cls_name: str, cls: ShipClass) -> list[Finding]:
    found: list[Finding] = []
    for kind, items in (("devices", ship.devices), ("abilities", ship.abilities)):
        if items:
            found.append(
                _error(ship.name, f"{_label(ship)}: pz8 has no {kind} ({', '.join(items)}); every {cls_name} "
                       "is the same.")
            )
    if ship.armor is not None:
        found.append(_error(ship.name, f"{_label(ship)}: pz8 ships have no armor value; a hit Damages or Destroys."))
    if ship.speed is not None and ship.speed != cls.mps:
        found.append(
            _error(ship.name, f"{_label(ship)}: every {cls_name} has {cls.mps} MPs, not a speed of {ship.speed}.")
        )
    if ship.hangar is not None:
        found.append(_error(ship.name, f"{_label(ship)}: pz8 ships have no hangar."))
    if ship.free:
        found.append(_warning(ship.name, f"{_label(ship)}: 'free' means nothing in pz8, which has no costs."))
    return found


def ship_cost(ruleset: Ruleset, cls: ShipClass) -> int:
    """What one ship counts toward the cap: 1 (count mode) or the class cost (points mode)."""
    return cls.cost if ruleset.setting("budget_mode") == "points" else 1


def _sheet(ruleset: Ruleset, ship: ShipEntry, cls_name: str, cls: ShipClass) -> ShipSheet:
    denotations = [cls.lego] + [ruleset.armament[w].lego for w in cls.armament if ruleset.armament[w].lego]
    if ship.tag:
        denotations.append(f"tag {ship.tag}")
    return ShipSheet(
        name=ship.name,
        ship_class=cls_name,
        cost=ship_cost(ruleset, cls),
        slots=(SlotUse(kind="weapons", used=len(cls.armament), available=len(cls.armament)),),
        denotations=tuple(denotations),
    )


def _fleet_findings(ruleset: Ruleset, roster: Roster) -> list[Finding]:
    found: list[Finding] = []
    if not roster.ships:
        # The book sets no fleet size (pz8 §2 speaks of each side's Spaceships): an empty roster is one
        # still being built, a warning as in the other rulesets without a minimum; a game needs a ship a side.
        found.append(_warning(None, "The fleet has no Spaceships yet: a side needs at least one to play (pz8 §2)."))
    found.extend(duplicate_name_findings(roster))
    found.extend(duplicate_tag_findings(roster))
    if roster.designs:
        found.append(_error(None, "pz8 has no custom designs: every Spaceship is the same."))
    return found


def _cap(ruleset: Ruleset, roster: Roster, found: list[Finding]) -> int | None:
    if roster.preset is None:
        return roster.cap
    try:
        _, budget = find_entry(ruleset.budgets, roster.preset, "budget preset")
    except UnknownName as exc:
        found.append(_error(None, f"{exc}."))
        return roster.cap
    return roster.cap if roster.cap is not None else budget.cap


def validate(roster: Roster, ruleset: Ruleset) -> FleetReport:
    """Check a pz8 roster: known class, fixed armament only, names and tags, and the agreed cap."""
    found = _fleet_findings(ruleset, roster)
    sheets: list[ShipSheet] = []
    total = 0
    for ship in roster.ships:
        try:
            cls_name, cls = find_entry(ruleset.classes, ship.ship_class, "ship class")
        except UnknownName as exc:
            found.append(_error(ship.name, f"{_label(ship)}: {exc}."))
            sheets.append(ShipSheet(name=ship.name, ship_class=ship.ship_class))
            continue
        if not ship.tag:
            found.append(_warning(ship.name, f"{_label(ship)}: give it a tag to find the model on the table."))
        found.extend(_check_weapons(ruleset, ship, cls_name, cls))
        found.extend(_check_extras(ruleset, ship, cls_name, cls))
        sheet = _sheet(ruleset, ship, cls_name, cls)
        sheets.append(sheet)
        total += sheet.cost or 0
    cap = _cap(ruleset, roster, found)
    points = ruleset.setting("budget_mode") == "points"
    unit = "points" if points else "Spaceships"
    if cap is not None and total > cap:
        found.append(_error(None, f"The fleet has {total} {unit}, {total - cap} more than the agreed {cap}."))
    notes = [] if points else [f"pz8 has no points: the fleet is {len(roster.ships)} identical Spaceships."]
    if roster.permissive and any(f.severity is Severity.ERROR for f in found):
        notes.append("Non-standard: the players agreed to use this roster despite its errors.")
    return FleetReport(
        ruleset=ruleset.meta.id, findings=tuple(found), cost=total, cap=cap, sheets=tuple(sheets), notes=tuple(notes)
    )


def starter_roster(ruleset: Ruleset, preset: str | None = None) -> Roster:
    """A small legal squadron: three Spaceships with names and tags."""
    key = "count" if preset is None and "count" in ruleset.budgets else preset
    if key is not None:
        key, _ = find_entry(ruleset.budgets, key, "budget preset")
    cls_name, cls = next(iter(ruleset.classes.items()))
    ships = tuple(
        ShipEntry(name=f"{cls_name} {i}", tag=f"S{i}", ship_class=cls_name, weapons=cls.armament)
        for i in range(1, STARTER_SHIPS + 1)
    )
    return Roster(ruleset=ruleset.meta.id, name="Squadron", preset=key, ships=ships)


def offered_loadout(ruleset: Ruleset, ship_class: str) -> dict[str, list[tuple[str, bool, str]]]:
    """For the loadout editor: every weapon, none of them to mount, with why.

    pz8 has no devices or abilities and the armament is fixed: every Spaceship carries the class's
    weapons whatever its list says, so mounting one would change nothing (pz8 §1, §4, §5).
    """
    cls_name, cls = find_entry(ruleset.classes, ship_class, "ship class")
    weapons = []
    for name in ruleset.armament:
        if name in cls.armament:
            weapons.append((name, False, f"part of every {cls_name}: the armament is fixed (pz8 §1)"))
        else:
            fits = _fits(ruleset, name)
            why = f"a {cls_name} does not carry it" + (f"; it fits {', '.join(fits)}" if fits else "")
            weapons.append((name, False, why))
    return {"weapons": weapons, "devices": [], "abilities": []}
