"""Fleet rules of cal: stock classes or custom designs, fixed armament, C&C, no budget by default.

Nothing is bought in cal: a class (stock or a design in the roster's [designs]) fixes every stat.
A ship's weapons / devices lists may repeat what its class carries, for the record; anything else
is an error. The optional points budget (setting budget_mode = points) sums each class's points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from .model import BAY_FIELDS, Ruleset, ShipClass
from ...rules.errors import describe_error
from ...rules.names import UnknownName, find_entry
from ...fleet.roster import Finding, FleetReport, Roster, Severity, ShipEntry, ShipSheet

ITEMS: dict[str, dict[str, str]] = {
    "weapons": {"Beam": "beam", "Projectile": "projectile", "Point": "point"},
    "devices": {
        "Torpedoes": "torpedoes",
        "Assault Bay": "assault_bay",
        "Fighter Bay": "fighter_bay",
        "Bomber Bay": "bomber_bay",
        "Fighter/Bomber Bay": "fb_bay",
    },
    "abilities": {},
}
_ALIASES = {"point defence": "Point", "point defense": "Point", "pd": "Point", "torpedo tubes": "Torpedoes",
            "f/b bay": "Fighter/Bomber Bay", "fb bay": "Fighter/Bomber Bay"}
_COUNTER = {"torpedoes": "T/A", "assault_bay": "T/A", "fighter_bay": "F/B", "bomber_bay": "F/B", "fb_bay": "F/B"}


def _stat(cls: ShipClass, field: str) -> str | None:
    """How the Ship Record shows one item of a class, or None when the class lacks it."""
    value = getattr(cls, field)
    if value is None or value == 0:
        return None
    return str(value)


def armament(cls: ShipClass) -> str:
    """'Beam 4/6, Point 2, Torpedoes 4' (or 'nothing')."""
    parts = [f"{item} {_stat(cls, field)}" for kind in ITEMS.values() for item, field in kind.items()
             if _stat(cls, field) is not None]
    return ", ".join(parts) or "nothing"


def _item(kind: str, query: str) -> str | None:
    q = query.strip().casefold()
    for name in ITEMS[kind]:
        if name.casefold() == q:
            return name
    alias = _ALIASES.get(q)
    return alias if alias in ITEMS[kind] else None


def design_classes(ruleset: Ruleset, designs: Mapping[str, Mapping[str, Any]]) -> tuple[dict[str, ShipClass], list[Finding]]:
    """Validate a roster's custom designs with the class model; bad ones become error findings."""
    good: dict[str, ShipClass] = {}
    findings: list[Finding] = []
    for name, data in designs.items():
        try:
            stock_name, _ = find_entry(ruleset.classes, name, "class")
        except UnknownName:
            stock_name = None
        if stock_name is not None:
            findings.append(Finding(severity=Severity.ERROR, ship=None,
                                    message=f"design {name!r}: the stock {stock_name} already goes by this name; "
                                            "rename the design."))
            continue
        if not isinstance(data, Mapping):
            findings.append(Finding(severity=Severity.ERROR, ship=None, message=f"design {name!r}: expected a table of stats."))
            continue
        try:
            good[name] = ShipClass.model_validate({"source": "custom design", **data})
        except ValidationError as exc:
            for err in exc.errors():
                findings.append(Finding(severity=Severity.ERROR, ship=None, message=f"design {name!r}: {describe_error(err)}"))
            continue
        cls = good[name]
        expected = ruleset.general.cc_per_bay * cls.craft_bays
        if cls.cc is not None and cls.cc != expected:
            findings.append(Finding(severity=Severity.WARNING, ship=None,
                                    message=f"design {name!r}: C&C {cls.cc} differs from the rule's "
                                            f"{ruleset.general.cc_per_bay} per fighter/bomber bay ({expected})."))
    return good, findings


def _find_class(ruleset: Ruleset, designs: dict[str, ShipClass], query: str) -> tuple[str, ShipClass]:
    try:
        return find_entry(ruleset.classes, query, "class")
    except UnknownName:
        pass
    for name, cls in designs.items():
        if name.casefold() == query.strip().casefold():
            return name, cls
    extra = f"; or a design: {', '.join(designs)}" if designs else ""
    raise UnknownName(f"unknown class {query!r}; choose one of: {', '.join(ruleset.classes)}{extra}")


def _label(name: str, cls: ShipClass) -> str:
    return f"{name} ({cls.code})" if cls.code else name


def _ship_findings(ruleset: Ruleset, ship: ShipEntry, class_name: str, cls: ShipClass) -> list[Finding]:
    out: list[Finding] = []
    who = f"{ship.name} ({class_name})"

    def err(message: str, severity: Severity = Severity.ERROR) -> None:
        out.append(Finding(severity=severity, ship=ship.name, message=f"{who}: {message}"))

    for kind in ITEMS:
        for query in getattr(ship, kind):
            item = _item(kind, query)
            if item is None:
                choices = ", ".join(ITEMS[kind]) or "none (cal has no special abilities)"
                err(f"unknown {kind[:-1] if kind != 'abilities' else 'ability'} {query!r}; choose one of: {choices}.")
            elif _stat(cls, ITEMS[kind][item]) is None:
                field = ITEMS[kind][item]
                carriers = [n for n, c in ruleset.classes.items() if _stat(c, field) is not None]
                fits = f"it comes with {', '.join(carriers)}" if carriers else "no stock class has it"
                err(f"{item} cannot be mounted on a {class_name}; {fits}. Classes fix their armament "
                    f"(a {class_name} has {armament(cls)}); add a custom design in [designs] for another.")
    for field, what in (("armor", "armor"), ("speed", "speed"), ("hangar", "hangar")):
        if getattr(ship, field) is not None:
            err(f"{what} is not used in cal (the class sets SS {cls.ss} and every other stat); it is ignored.",
                Severity.WARNING)
    if ship.free:
        err("'free' is not used in cal; it is ignored.", Severity.WARNING)
    return out


def _sheet(ruleset: Ruleset, ship: ShipEntry, class_name: str, cls: ShipClass, cost: int | None) -> ShipSheet:
    counters: dict[str, int] = {}
    for field in BAY_FIELDS:
        if getattr(cls, field):
            counters[_COUNTER[field]] = counters.get(_COUNTER[field], 0) + getattr(cls, field)
    notes = [f"piece {ship.tag or _label(class_name, cls)} with its forward end marked",
             f"{cls.type}, SS {cls.ss}: {armament(cls)}"]
    if counters:
        notes.append("ready-track counters: " + ", ".join(f"{n} {track}" for track, n in counters.items()))
    cc = ruleset.class_cc(cls)
    if cc:
        notes.append(f"C&C {cc}")
    return ShipSheet(name=ship.name, ship_class=class_name, cost=cost, denotations=tuple(notes))


def validate(roster: Roster, ruleset: Ruleset) -> FleetReport:
    """Check a cal roster: known classes, valid designs, armament lists, names; C&C and optional points."""
    findings: list[Finding] = []
    if roster.ruleset != ruleset.meta.id:
        findings.append(Finding(severity=Severity.ERROR, ship=None,
                                message=f"this roster is for {roster.ruleset}, not {ruleset.meta.id}"))
    designs, design_findings = design_classes(ruleset, roster.designs)
    findings += design_findings
    points_mode = ruleset.setting("budget_mode") == "points"
    if roster.preset is not None and roster.preset not in ruleset.budgets:
        findings.append(Finding(severity=Severity.WARNING, ship=None,
                                message=f"cal has no budget presets; preset {roster.preset!r} is ignored."))
    if roster.cap is not None and not points_mode:
        findings.append(Finding(severity=Severity.WARNING, ship=None,
                                message="cal has no costs, so the cap is ignored (unless the house setting “The book has no "
                                        "costs; points = sum each class's agreed points value against the roster cap” "
                                        "is set to points)."))
    if not roster.ships:
        findings.append(Finding(severity=Severity.WARNING, ship=None, message="the roster has no ships yet."))
    seen: set[str] = set()
    sheets: list[ShipSheet] = []
    total_cc = 0
    cost = 0 if points_mode else None
    for ship in roster.ships:
        if ship.name.casefold() in seen:
            findings.append(Finding(severity=Severity.ERROR, ship=ship.name,
                                    message=f"{ship.name}: two ships share this name; names must tell ships apart."))
        seen.add(ship.name.casefold())
        try:
            class_name, cls = _find_class(ruleset, designs, ship.ship_class)
        except UnknownName as exc:
            bad = ship.ship_class in roster.designs
            message = (f"{ship.name}: its class {ship.ship_class!r} is a design with errors (see the design findings)."
                       if bad else f"{ship.name}: {exc}.")
            findings.append(Finding(severity=Severity.ERROR, ship=ship.name, message=message))
            continue
        findings += _ship_findings(ruleset, ship, class_name, cls)
        total_cc += ruleset.class_cc(cls)
        ship_cost = None
        if points_mode:
            if cls.points is None:
                findings.append(Finding(severity=Severity.ERROR, ship=ship.name,
                                        message=f"{ship.name} ({class_name}): the class has no points value; give it one "
                                                "(house rule or design) to use the points budget (setting “The book "
                                                "has no costs”: points)."))
            else:
                ship_cost = cls.points
                cost = (cost or 0) + cls.points
        sheets.append(_sheet(ruleset, ship, class_name, cls, ship_cost))
    cap = roster.cap if points_mode else None
    if points_mode and cap is not None and cost is not None and cost > cap:
        findings.append(Finding(severity=Severity.ERROR, ship=None,
                                message=f"the fleet costs {cost} points, {cost - cap} over the cap of {cap}."))
    notes = (f"Fleet C&C {total_cc}: at most {total_cc} fighters and bombers in play at once "
             "(torpedoes and assault craft need none)." if total_cc else
             "Fleet C&C 0: no fighters or bombers may be in play (torpedoes and assault craft need no C&C).",)
    return FleetReport(ruleset=ruleset.meta.id, findings=tuple(findings), cost=cost, cap=cap,
                       sheets=tuple(sheets), notes=notes)


def starter_roster(ruleset: Ruleset, preset: str | None = None) -> Roster:
    """A small legal cruiser squadron of stock ships for `fleet new`.

    cal has no budget presets, so `preset` is not used (the roster's preset stays unset).
    """
    picks = (("Resolute", "CA-1", "Heavy Cruiser"), ("Lance", "DD-1", "Destroyer"),
             ("Pike", "DD-2", "Destroyer"), ("Wasp", "K-1", "Corvette"))
    ships = tuple(ShipEntry(name=name, tag=tag, ship_class=find_entry(ruleset.classes, cls, "class")[0])
                  for name, tag, cls in picks)
    return Roster(ruleset=ruleset.meta.id, name="Cruiser Squadron", ships=ships)


def offered_loadout(
    ruleset: Ruleset, ship_class: str, designs: Mapping[str, Mapping[str, Any]] | None = None
) -> dict[str, list[tuple[str, bool, str]]]:
    """For the loadout editor: every item of each kind, whether this class carries it, and why (not).

    In cal the class fixes the armament, so an item is available exactly when the class has it.
    """
    good, _ = design_classes(ruleset, designs or {})
    name, cls = _find_class(ruleset, good, ship_class)
    out: dict[str, list[tuple[str, bool, str]]] = {}
    for kind, items in ITEMS.items():
        rows = []
        for item, field in items.items():
            stat = _stat(cls, field)
            if stat is not None:
                rows.append((item, False, f"part of the {name}: {item} {stat}"))
            else:
                rows.append((item, False, f"a {name} has no {item}; the class fixes the armament "
                                          "(use a custom design for another)"))
        out[kind] = rows
    return out


# ---- the fleet builder's custom designs --------------------------------------------------------------

_DESIGN_BATTERIES = ("beam", "projectile")
_DESIGN_COUNTS = ("point", "torpedoes", "assault_bay", "fighter_bay", "bomber_bay", "fb_bay")


def fleet_cc(ruleset: Ruleset, roster: Roster, skip_class: str | None = None) -> int:
    """The C&C of the fleet's ships (stock classes and valid designs), leaving out `skip_class`."""
    designs, _ = design_classes(ruleset, roster.designs)
    classes = {n.casefold(): c for n, c in {**ruleset.classes, **designs}.items()}
    return sum(ruleset.class_cc(classes[s.ship_class.casefold()]) for s in roster.ships
               if s.ship_class != skip_class and s.ship_class.casefold() in classes)


def class_values(cls: ShipClass) -> dict[str, Any]:
    """A stock class as design data (the starting point of a new design based on it)."""
    data: dict[str, Any] = {"type": cls.type, "ss": cls.ss}
    for field in _DESIGN_BATTERIES:
        battery = getattr(cls, field)
        if battery is not None:
            data[field] = {"strength": battery.strength, "range": battery.range}
    for field in _DESIGN_COUNTS:
        if getattr(cls, field):
            data[field] = getattr(cls, field)
    if cls.points is not None:
        data["points"] = cls.points
    return data


def design_problems(ruleset: Ruleset, roster: Roster, name: str, data: Mapping[str, Any]) -> tuple[Finding, ...]:
    """What is wrong with one design as typed (each finding names the design and the field)."""
    _, findings = design_classes(ruleset, {name or "(unnamed)": data})
    return tuple(findings)


def design_cc_line(ruleset: Ruleset, roster: Roster, name: str, data: Mapping[str, Any]) -> str:
    """'C&C 2 (2 per fighter, bomber or F/B bay) · fleet C&C 6 with its 2 ships', or why there is none yet."""
    good, _ = design_classes(ruleset, {name or "(unnamed)": data})
    cls = good.get(name or "(unnamed)")
    if cls is None:
        return "C&C: fix the values below first"
    cc = ruleset.class_cc(cls)
    using = sum(1 for s in roster.ships if s.ship_class == name)
    fleet = fleet_cc(ruleset, roster, skip_class=name) + cc * using
    ships = f" with its {using} ship{'s' if using != 1 else ''}" if using else ""
    return f"C&C {cc} ({ruleset.general.cc_per_bay} per fighter, bomber or F/B bay) · fleet C&C {fleet}{ships}"
