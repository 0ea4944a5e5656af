"""Fleet building for lukas: no points; classes, slots, eligibility, armor/speed, hangar sizes.

Every problem becomes a Finding with a sentence a player understands; nothing here raises for a
bad roster. Permissive rosters get the same findings (the UI shows them as non-standard).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from .lookup import find_ability, find_class, find_preset, find_weapon
from .model import LukasBudget, Ruleset, ShipClass
from .slots import count_slots
from ...rules.names import UnknownName
from ...fleet.roster import Finding, FleetReport, Roster, Severity, ShipEntry, ShipSheet, SlotUse, duplicate_name_findings

HANGAR = "Hangar Bay"


class _Ship:
    """Collects the findings of one ship."""

    def __init__(self, entry: ShipEntry, class_label: str) -> None:
        self.entry = entry
        self.label = f"{entry.name} ({class_label})"
        self.findings: list[Finding] = []

    def error(self, text: str) -> None:
        self.findings.append(Finding(severity=Severity.ERROR, ship=self.entry.name, message=f"{self.label}: {text}"))

    def warn(self, text: str) -> None:
        self.findings.append(Finding(severity=Severity.WARNING, ship=self.entry.name, message=f"{self.label}: {text}"))


def validate(roster: Roster, ruleset: Ruleset) -> FleetReport:
    """Check every ship against the book: class, armor and speed, weapons, abilities, slots."""
    findings: list[Finding] = []
    notes: list[str] = []
    _, preset = _preset(roster, ruleset, findings)
    sheets: list[ShipSheet] = []
    for entry in roster.ships:
        ship_findings, sheet, ship_notes = _check_ship(entry, ruleset, preset)
        findings.extend(ship_findings)
        notes.extend(ship_notes)
        if sheet is not None:
            sheets.append(sheet)
    findings.extend(_fleet_findings(roster))
    notes.extend(_fleet_notes(roster, ruleset, sheets))
    return FleetReport(ruleset=ruleset.meta.id, findings=tuple(findings), cost=None, cap=None,
                       sheets=tuple(sheets), notes=tuple(notes))


def _preset(roster: Roster, ruleset: Ruleset, findings: list[Finding]) -> tuple[str, LukasBudget]:
    wanted = roster.preset or str(ruleset.setting("variant"))
    try:
        return find_preset(ruleset, wanted)
    except UnknownName as exc:
        findings.append(Finding(severity=Severity.ERROR, ship=None, message=f"{exc}; checking as standard."))
        key = "standard" if "standard" in ruleset.budgets else next(iter(ruleset.budgets))
        return key, ruleset.budgets[key]


def _check_ship(
    entry: ShipEntry, ruleset: Ruleset, preset: LukasBudget
) -> tuple[list[Finding], ShipSheet | None, list[str]]:
    try:
        class_name, cls = find_class(ruleset, entry.ship_class)
    except UnknownName as exc:
        ship = _Ship(entry, entry.ship_class)
        ship.error(f"{exc}.")
        return ship.findings, None, []
    ship = _Ship(entry, class_name)
    if class_name not in preset.classes:
        ship.error(f"{preset.name} allows only {', '.join(preset.classes)}; this ship is a {class_name}.")
    _check_stats(ship, class_name, cls)
    weapons = _weapons(ship, ruleset, class_name)
    abilities = _abilities(ship, ruleset, class_name)
    for device in entry.devices:
        ship.error(f"lukas has no devices ({device!r}); list special abilities under abilities.")
    _check_hangar(ship, ruleset, abilities)
    count = count_slots(ruleset, class_name, weapons, abilities)
    if count.over:
        hint = f" ({'; '.join(count.hints)})" if count.hints else ""
        ship.error(
            f"uses {count.used} of {cls.weapon_slots} weapon slots: {count.explain()}{hint}."
        )
    if entry.free:
        ship.warn("lukas has no costs, so 'free' changes nothing.")
    notes = [f"{ship.label}: slots counted as {p}." for p in count.parts if p.bundled]
    sheet = ShipSheet(
        name=entry.name,
        ship_class=class_name,
        cost=None,
        slots=(SlotUse(kind="weapon slots", used=count.used, available=cls.weapon_slots),),
        denotations=_denotations(ruleset, cls, weapons, abilities),
    )
    return ship.findings, sheet, notes


def _check_stats(ship: _Ship, class_name: str, cls: ShipClass) -> None:
    entry = ship.entry
    if entry.armor is None:
        ship.error(f"set its armor; the game needs it (a typical {class_name} has about {cls.average_armor}).")
    elif entry.armor < 1:
        ship.error("armor must be 1 or more; a ship at 0 armor is destroyed.")
    if entry.speed is None:
        ship.error(f"set its speed in studs; the game needs it (a typical {class_name} moves about {cls.average_speed}).")


def _weapons(ship: _Ship, ruleset: Ruleset, class_name: str) -> list[str]:
    return _fitted(ship, ruleset, class_name, ship.entry.weapons, find_weapon, "mounted on")


def _abilities(ship: _Ship, ruleset: Ruleset, class_name: str) -> list[str]:
    return _fitted(ship, ruleset, class_name, ship.entry.abilities, find_ability, "fitted to",
                   once="a ship has each ability once")


def _fitted(ship: _Ship, ruleset: Ruleset, class_name: str, queries: Iterable[str],
            find: Callable[[Ruleset, str], tuple[str, Any]], verb: str, once: str = "") -> list[str]:
    """The names `find` gives for `queries`; an unknown one, one `class_name` may not take (`verb`: how
    it is put on the ship) and, with `once`, one listed twice are errors on `ship`."""
    names: list[str] = []
    for query in queries:
        try:
            name, entry = find(ruleset, query)
        except UnknownName as exc:
            ship.error(f"{exc}.")
            continue
        if once and name in names:
            ship.error(f"{name} is listed twice; {once}.")
            continue
        if class_name not in entry.classes:
            ship.error(f"{name} cannot be {verb} a {class_name}; it fits {', '.join(entry.classes)}.")
        names.append(name)
    return names


def _hangar_limit(ruleset: Ruleset) -> tuple[int, int] | None:
    text = str(ruleset.setting("hangar_warn"))
    try:
        x, y = (int(part) for part in text.split("/"))
    except ValueError:
        return None
    return x, y


def _check_hangar(ship: _Ship, ruleset: Ruleset, abilities: list[str]) -> None:
    hangar = ship.entry.hangar
    has_bay = HANGAR in abilities
    if has_bay and hangar is None:
        ship.error("its Hangar Bay needs a size: e.g. hangar = [4, 2] docks 4 strike craft and 2 frigates.")
    if hangar is None:
        return
    if not has_bay:
        ship.error(f"has a hangar size {hangar[0]}/{hangar[1]} but no Hangar Bay ability; add {HANGAR!r} to abilities.")
        return
    x, y = hangar
    if x < 0 or y < 0:
        ship.error(f"hangar size {x}/{y} cannot be negative.")
        return
    if x == 0 and y == 0:
        ship.warn("its Hangar Bay 0/0 can dock nothing.")
    limit = _hangar_limit(ruleset)
    if limit and (x > limit[0] or y > limit[1]):
        ship.warn(
            f"Hangar Bay {x}/{y} is bigger than {limit[0]}/{limit[1]} (the book's example size; setting “Warn when a "
            "Hangar Bay holds more strike craft / frigates (x/y) than this”)."
        )


def _denotations(ruleset: Ruleset, cls: ShipClass, weapons: list[str], abilities: list[str]) -> tuple[str, ...]:
    out = [f"stand {cls.stand} studs; model at most {cls.max_dimensions} studs"]
    for name, n in Counter(weapons).items():
        pieces = ruleset.weapons[name].pieces
        if pieces:
            out.append(f"{name}{f' ×{n}' if n > 1 else ''}: {pieces}")
    for name in abilities:
        pieces = ruleset.abilities[name].pieces
        if pieces:
            out.append(f"{name}: {pieces}")
    return tuple(out)


def _fleet_findings(roster: Roster) -> list[Finding]:
    out: list[Finding] = []
    if not roster.ships:
        out.append(Finding(severity=Severity.WARNING, ship=None, message="the fleet has no ships yet."))
    out.extend(duplicate_name_findings(roster))
    if roster.cap is not None:
        out.append(Finding(severity=Severity.WARNING, ship=None,
                           message=f"lukas has no points, so the cap of {roster.cap} is not used."))
    if roster.designs:
        out.append(Finding(severity=Severity.WARNING, ship=None,
                           message="custom designs are not used in lukas; set each ship's armor and speed instead."))
    return out


def _fleet_notes(roster: Roster, ruleset: Ruleset, sheets: list[ShipSheet]) -> list[str]:
    notes: list[str] = []
    for entry in roster.ships:
        if not entry.weapons:
            notes.append(f"{entry.name} has no weapons, so it does not count toward the last ship standing.")
    looks = Counter((s.ship_class, s.denotations) for s in sheets)
    if any(n > 1 for n in looks.values()):
        notes.append("Identical ships on the table: technic bushings on the stands tell them (and their armor) apart.")
    if ruleset.setting("budget_mode") == "equal_class_counts":
        counts = Counter(s.ship_class for s in sheets)
        shown = ", ".join(f"{counts.get(c, 0)} {c}" for c in ruleset.classes)
        notes.append(f"Class counts to compare with the other fleets: {shown}.")
    if roster.permissive:
        notes.append("Permissive roster: the players agreed to use it even where it breaks the book.")
    return notes


def _starter_ships(preset_key: str) -> list[ShipEntry]:
    if preset_key == "frigate_warfare":
        return [
            ShipEntry(name="Raging Bull", tag="F1", ship_class="Frigate", armor=25, speed=14,
                      weapons=("Light Missiles", "Heavy Turret")),
            ShipEntry(name="Kassarian Picket", tag="F2", ship_class="Frigate", armor=25, speed=12,
                      weapons=("Light Turret", "Light Turret", "Light Turret")),
            ShipEntry(name="Kassarian Lancer", tag="F3", ship_class="Frigate", armor=22, speed=12,
                      weapons=("Beam",), abilities=("Communication Radar",)),
        ]
    return [
        ShipEntry(name="Rakanda Destroyer", tag="C1", ship_class="Capital Ship", armor=45, speed=10,
                  weapons=("Beam", "Heavy Missiles", "Heavy Missiles"), abilities=(HANGAR,), hangar=(4, 2)),
        ShipEntry(name="Raging Bull", tag="F1", ship_class="Frigate", armor=25, speed=14,
                  weapons=("Light Missiles", "Heavy Turret")),
        ShipEntry(name="Lance 1", tag="S1", ship_class="Strike Craft", armor=9, speed=20, weapons=("Laser",)),
        ShipEntry(name="Lance 2", tag="S2", ship_class="Strike Craft", armor=9, speed=20, weapons=("Laser",)),
    ]


def starter_roster(ruleset: Ruleset, preset: str | None = None) -> Roster:
    """A small legal fleet to start from (the book's example ships); preset None = setting variant."""
    key, budget = find_preset(ruleset, preset or str(ruleset.setting("variant")))
    return Roster(
        ruleset=ruleset.meta.id,
        name=f"{budget.name} starter fleet",
        preset=key,
        ships=tuple(_starter_ships(key)),
    )


def offered_loadout(ruleset: Ruleset, ship_class: str) -> dict[str, list[tuple[str, bool, str]]]:
    """For the loadout editor: every weapon and ability, whether this class may take it, and why not."""
    class_name, _ = find_class(ruleset, ship_class)

    def offer(name: str, classes: tuple[str, ...], verb: str) -> tuple[str, bool, str]:
        if class_name in classes:
            return name, True, ""
        return name, False, f"a {class_name} cannot {verb} it; it fits {', '.join(classes)}"

    return {
        "weapons": [offer(n, w.classes, "mount") for n, w in ruleset.weapons.items()],
        "devices": [],
        "abilities": [offer(n, a.classes, "take") for n, a in ruleset.abilities.items()],
    }
