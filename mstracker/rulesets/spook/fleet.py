"""spook fleets: hulls bought with RU, weapons and devices by designation, abilities fixed by hull.

Ship cost = hull RU + weapons RU + devices RU; the Campaign's one free Mothership or Base Station
costs 0 for the hull. Findings name the ship and its class and say what to change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ...rules.names import UnknownName, find_entry
from .model import Ability, Device, Ruleset, ShipClass, SpookBudget, Weapon
from ...fleet.roster import FleetReport, Finding, Roster, Severity, ShipEntry, ShipSheet, SlotUse
from ...fleet.roster import duplicate_name_findings, duplicate_tag_findings

DEFAULT_PRESET = "scrimmage"


def _error(ship: str | None, message: str) -> Finding:
    return Finding(severity=Severity.ERROR, ship=ship, message=message)


def _warning(ship: str | None, message: str) -> Finding:
    return Finding(severity=Severity.WARNING, ship=ship, message=message)


def _label(ship: ShipEntry, cls_name: str | None = None) -> str:
    return f"{ship.name} ({cls_name or ship.ship_class})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _a(name: str) -> str:
    return ("an " if name[:1].upper() in "AEIOU" else "a ") + name


class _Ship:
    """One roster ship checked against its class: findings, resolved names and cost parts."""

    def __init__(self, ruleset: Ruleset, ship: ShipEntry, cls_name: str, cls: ShipClass) -> None:
        self.ruleset, self.ship, self.cls_name, self.cls = ruleset, ship, cls_name, cls
        self.label = _label(ship, cls_name)
        self.found: list[Finding] = []
        self.free_ok = False  # set by the preset check: a free hull the preset really gives
        self.weapons = self._mounts("weapon", ship.weapons, cls.weapon_slots)
        self.devices = self._mounts("device", ship.devices, cls.device_slots)
        self._check_devices_stack()
        self._check_abilities()
        self._check_fixed_stats()

    def add_error(self, text: str) -> None:
        self.found.append(_error(self.ship.name, f"{self.label}: {text}"))

    def add_warning(self, text: str) -> None:
        self.found.append(_warning(self.ship.name, f"{self.label}: {text}"))

    def _mounts(self, kind: str, typed: tuple[str, ...], slots: int) -> list[str]:
        entries: Mapping[str, Weapon | Device] = self.ruleset.weapons if kind == "weapon" else self.ruleset.devices
        names: list[str] = []
        for query in typed:
            try:
                name, entry = find_entry(entries, query, kind)
            except UnknownName as exc:
                self.add_error(f"{exc}.")
                continue
            names.append(name)
            if slots and self.cls.code not in entry.designation:
                fits = ", ".join(self.ruleset.class_names(entry.designation))
                self.add_error(f"{name} cannot be mounted on {_a(self.cls_name)}; it fits {fits}.")
        if len(typed) > slots:
            has = f"has {_plural(slots, kind + ' slot')}" if slots else f"has no {kind} slots"
            verb = "is" if len(typed) == 1 else "are"
            self.add_error(f"{_a(self.cls_name)} {has}; {_plural(len(typed), kind)} {verb} listed.")
        return names

    def _check_devices_stack(self) -> None:
        for name, count in Counter(self.devices).items():
            if count > 1 and not self.ruleset.devices[name].stacks:
                self.add_warning(f"{count} {name}s work no better than one (only Flare Launchers add up).")

    def _check_abilities(self) -> None:
        own = self.ruleset.hull_abilities(self.cls)
        for query in self.ship.abilities:
            found = self.ruleset.find_ability(query)
            if found is None:
                try:
                    found = find_entry(self.ruleset.abilities, query, "ability")
                except UnknownName as exc:
                    self.add_error(f"{exc}.")
                    continue
            if found[0] not in own:
                has = ", ".join(own) or "no abilities"
                self.add_error(f"{found[0]} is not an ability of {_a(self.cls_name)}; abilities come with the hull "
                          f"({_a(self.cls_name)} has {has}).")

    def _check_fixed_stats(self) -> None:
        if self.ship.armor is not None and self.ship.armor != self.cls.armor:
            self.add_error(f"armor comes from the class ({self.cls.armor}), not {self.ship.armor}; remove it.")
        if self.ship.speed is not None and self.ship.speed != self.cls.speed:
            self.add_error(f"speed comes from the class ({self.cls.speed}), not {self.ship.speed}; remove it.")
        if self.ship.hangar is not None:
            self.add_error("spook ships have no hangar; strike craft are their own squadrons.")

    @property
    def hull_cost(self) -> int:
        return 0 if self.free_ok or self.cls.rus is None else self.cls.rus

    @property
    def cost(self) -> int:
        gear = sum(self.ruleset.weapons[w].rus for w in self.weapons)
        return self.hull_cost + gear + sum(self.ruleset.devices[d].rus for d in self.devices)

    def sheet(self) -> ShipSheet:
        rs = self.ruleset
        lego = [f"{w}: {rs.weapons[w].lego}" for w in self.weapons if rs.weapons[w].lego]
        lego += [f"{d}: {rs.devices[d].lego}" for d in self.devices if rs.devices[d].lego]
        for ability in rs.hull_abilities(self.cls):
            if rs.abilities[ability].lego:
                lego.append(f"{ability}: {rs.abilities[ability].lego}")
        if self.cls.squadron:
            lego.append(f"one token = a squadron of {self.cls.squadron}")
        slots = (
            SlotUse(kind="weapons", used=len(self.ship.weapons), available=self.cls.weapon_slots),
            SlotUse(kind="devices", used=len(self.ship.devices), available=self.cls.device_slots),
        )
        return ShipSheet(name=self.ship.name, ship_class=self.cls_name, cost=self.cost, slots=slots,
                         denotations=tuple(dict.fromkeys(lego)))


def _budget(ruleset: Ruleset, roster: Roster, found: list[Finding]) -> tuple[str, SpookBudget | None, int | None]:
    if roster.preset is None:
        return "custom", ruleset.budgets.get("custom"), roster.cap
    try:
        key, budget = find_entry(ruleset.budgets, roster.preset, "budget preset")
    except UnknownName as exc:
        found.append(_error(None, f"{exc}."))
        return roster.preset, None, roster.cap
    cap = roster.cap if roster.cap is not None else budget.cap
    lo, hi = budget.cap, budget.cap_max or budget.cap
    if roster.cap is not None and lo is not None and hi is not None and not lo <= roster.cap <= hi:
        agreed = f"{lo} RU" if lo == hi else f"agreed between {lo} and {hi} RU"
        found.append(_warning(None, f"The {budget.name} cap is {agreed}; this roster uses {roster.cap}."))
    return key, budget, cap


def _free_hull_findings(ruleset: Ruleset, budget: SpookBudget | None, ships: list[_Ship]) -> list[Finding]:
    found: list[Finding] = []
    name = budget.name if budget else "This preset"
    allowed = budget.free_hulls if budget else 0
    free_classes = budget.free_hull_classes if budget else ()
    kinds = " or ".join(ruleset.class_names(free_classes)) or "free hull"
    taken = 0
    for s in ships:
        if s.ship.free:
            if allowed == 0:
                s.add_error(f"the {name} gives no free hull; set free = false and pay its {s.cls.rus or 0} RU.")
            elif s.cls.code not in free_classes:
                s.add_error(f"only {_a(kinds)} can be the free hull; set free = false.")
            elif taken >= allowed:
                s.add_error(f"a second free hull; the {name} gives only {allowed}.")
            else:
                taken += 1
                s.free_ok = True
        elif s.cls.rus is None:
            how = f"the {name} gives one free {kinds} (set free = true)" if allowed else "it is not for sale"
            s.add_error(f"{_a(s.cls_name)} cannot be bought (RUs N/A); {how}.")
    if budget and budget.free_hull_required and taken == 0:
        found.append(_error(None, f"The {name} starts with one free {kinds}; add one with free = true."))
    return found


def _fleet_findings(ruleset: Ruleset, roster: Roster, budget: SpookBudget | None, ships: list[_Ship]) -> list[Finding]:
    found: list[Finding] = []
    if not roster.ships:
        found.append(_error(None, "The fleet has no ships; add at least one."))
    found.extend(duplicate_name_findings(roster))
    found.extend(duplicate_tag_findings(roster))
    if roster.designs:
        found.append(_error(None, "spook has no custom designs; build ships from the classes."))
    if budget is None:
        return found
    if budget.base_class:
        base_name, _ = ruleset.class_by_code(budget.base_class)
        mode = ruleset.setting("scrimmage_requires_carrier")
        if mode != "off" and not any(s.cls.code == budget.base_class for s in ships):
            make = _error if mode == "error" else _warning
            found.append(make(None, f"A {budget.name} fleet is meant to buy {_a(base_name)} as its base "
                                    "(repair, retire and build); this fleet has none."))
    if budget.ships_min and budget.ships_max and not budget.ships_min <= len(roster.ships) <= budget.ships_max:
        found.append(_warning(None, f"A {budget.name} fleet is usually {budget.ships_min}-{budget.ships_max} "
                                    f"ships; this one has {len(roster.ships)}."))
    return found


def validate(roster: Roster, ruleset: Ruleset) -> FleetReport:
    """Check a spook roster: classes, designations, slots, free hull, carrier and the RU cap."""
    found: list[Finding] = []
    _, budget, cap = _budget(ruleset, roster, found)
    checked: list[_Ship] = []
    rows: list[_Ship | ShipSheet] = []
    for ship in roster.ships:
        try:
            cls_name, cls = find_entry(ruleset.classes, ship.ship_class, "ship class")
        except UnknownName as exc:
            found.append(_error(ship.name, f"{_label(ship)}: {exc}."))
            rows.append(ShipSheet(name=ship.name, ship_class=ship.ship_class))
            continue
        checked.append(_Ship(ruleset, ship, cls_name, cls))
        rows.append(checked[-1])
    free_found = _free_hull_findings(ruleset, budget, checked)
    sheets = [s.sheet() if isinstance(s, _Ship) else s for s in rows]
    found += _fleet_findings(ruleset, roster, budget, checked) + free_found
    for s in checked:
        found += s.found
    total = sum(s.cost for s in checked)
    notes: list[str] = []
    if cap is not None and total > cap:
        found.append(_error(None, f"The fleet costs {total} RU, {total - cap} over the {cap} RU cap."))
    elif cap is not None:
        notes.append(f"{cap - total} RU left for hyperdrive jumps, device uses, flare reloads and builds.")
    else:
        notes.append("No cap agreed: set cap = ... in the fleet file.")
    if budget and budget.ships_about:
        notes.append(f"{budget.name} fleets are about {budget.ships_about} ships; this one has {len(roster.ships)}.")
    if roster.permissive and any(f.severity is Severity.ERROR for f in found):
        notes.append("Non-standard: the players agreed to use this roster despite its errors.")
    return FleetReport(ruleset=ruleset.meta.id, findings=tuple(found), cost=total, cap=cap,
                       sheets=tuple(sheets), notes=tuple(notes))


# -- starting rosters and the loadout editor ---------------------------------------------------

_STARTERS: dict[str, tuple[tuple[str, str, str, tuple[str, ...], tuple[str, ...], bool], ...]] = {
    # name, tag, class, weapons, devices, free
    "scrimmage": (
        ("Bastion", "S1", "Carrier", ("Mass Driver Turret", "Point Defense Laser Turret", "Laser Pulse Turret"),
         ("Flare Launcher",), False),
        ("Hammer", "S2", "Destroyer", ("Ion Beam", "Missile Launcher", "Mass Driver Turret"), ("Afterburner",), False),
        ("Lance", "S3", "Frigate", ("Missile Launcher", "Mass Driver Turret"), ("Afterburner",), False),
        ("Spear", "S4", "Frigate", ("Torpedo Launcher", "Point Defense Laser Turret"), ("Flare Launcher",), False),
        ("Wasps", "S5", "Fighter", ("Mass Driver",), (), False),
        ("Hornets", "S6", "Fighter", ("Mass Driver",), (), False),
        ("Anvils", "S7", "Bomber", ("Bomb Launcher",), (), False),
        ("Needles", "S8", "Lancer", ("Particle Lance",), (), False),
    ),
    "campaign": (
        ("Throne", "C1", "Mothership", ("Ion Beam", "Laser Pulse Turret", "Point Defense Laser Turret"),
         ("Flare Launcher",), True),
        ("Cradle", "C2", "Carrier", ("Mass Driver Turret", "Point Defense Laser Turret", "Laser Pulse Turret"),
         ("Flare Launcher",), False),
        ("Lance", "C3", "Frigate", ("Missile Launcher", "Mass Driver Turret"), ("Afterburner",), False),
        ("Spear", "C4", "Frigate", ("Torpedo Launcher", "Point Defense Laser Turret"), ("Flare Launcher",), False),
        ("Wasps", "C5", "Fighter", ("Mass Driver",), (), False),
        ("Hornets", "C6", "Fighter", ("Mass Driver",), (), False),
        ("Anvils", "C7", "Bomber", ("Bomb Launcher",), (), False),
        ("Needles", "C8", "Lancer", ("Particle Lance",), (), False),
    ),
}


def starter_roster(ruleset: Ruleset, preset: str | None = None) -> Roster:
    """A small legal roster for `fleet new`: a Scrimmage eight with a Carrier, or a Campaign core."""
    key, _ = find_entry(ruleset.budgets, preset or DEFAULT_PRESET, "budget preset")
    rows = _STARTERS.get(key, _STARTERS[DEFAULT_PRESET])
    ships = tuple(
        ShipEntry(name=name, tag=tag, ship_class=cls, weapons=weapons, devices=devices, free=free)
        for name, tag, cls, weapons, devices, free in rows
    )
    title = ruleset.budgets[key].name
    return Roster(ruleset=ruleset.meta.id, name=f"{title} fleet", preset=key, ships=ships)


def offered_loadout(ruleset: Ruleset, ship_class: str) -> dict[str, list[tuple[str, bool, str]]]:
    """For the loadout editor: every weapon, device and ability, whether this hull may have it, and why not."""
    cls_name, cls = find_entry(ruleset.classes, ship_class, "ship class")
    out: dict[str, list[tuple[str, bool, str]]] = {}
    entry: Weapon | Device | Ability
    for kind, entries, slots in (("weapons", ruleset.weapons, cls.weapon_slots),
                                 ("devices", ruleset.devices, cls.device_slots)):
        rows: list[tuple[str, bool, str]] = []
        for name, entry in entries.items():
            if not slots:
                rows.append((name, False, f"{_a(cls_name)} has no {kind[:-1]} slots"))
            elif cls.code in entry.designation:
                rows.append((name, True, ""))
            else:
                fits = ", ".join(ruleset.class_names(entry.designation))
                rows.append((name, False, f"not designated for {_a(cls_name)}; it fits {fits}"))
        out[kind] = rows
    own = ruleset.hull_abilities(cls)
    abilities: list[tuple[str, bool, str]] = []
    for name, entry in ruleset.abilities.items():
        if name in own:
            abilities.append((name, False, f"part of the {cls_name} hull: it comes with the hull (§7)"))
        else:
            holders = ", ".join(ruleset.class_names(entry.designation))
            abilities.append((name, False, f"abilities come with the hull; {name} comes with {holders}"))
    out["abilities"] = abilities
    return out
