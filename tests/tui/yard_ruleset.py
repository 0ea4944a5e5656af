"""'yard': a tiny ruleset package registered from the tests only, to prove the fleet builder knows no
ruleset by name: custom designs (a choice field and numbers), a per-ship field asked for when an item
is mounted, a read-out beside the cost, and an offer with a fixed gun, a mountable one and a refused one.

No line of mstracker/tui is written for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from mstracker.fleet import Finding, FleetReport, Roster, Severity, ShipEntry, ShipSheet
from mstracker.rules.base import Entry, RulesetBase
from mstracker.rules.contract import BuilderField, DemoSpec, DesignSchema, FieldType, RulesetPackage, ShipFields
from mstracker.rules.registry import register, unregister

DATA = """
[meta]
id = "yard"
title = "Yard Wars"
version = "1"
rulebook = "tests"
dice = ["d6"]
distance_unit = "inch"
grid = "none"
rounding = "up"

[budgets.skirmish]
source = "t"
name = "Skirmish"
cap = 20

[classes.Cutter]
source = "t"
points = 4
hull = 3
guns = ["Deck Gun"]

[classes.Hauler]
source = "t"
points = 6
hull = 8

[weapons."Deck Gun"]
source = "t"
points = 1

[weapons.Quarters]
source = "t"
points = 2

[weapons.Ram]
source = "t"
points = 3
"""

SAMPLE = """
schema_version = 1
ruleset = "yard"
name = "Yard Pair"
preset = "skirmish"

[[ships]]
name = "Nib"
class = "Cutter"
"""


class Hull(Entry):
    points: int
    hull: int
    kind: str = "Light"
    guns: tuple[str, ...] = ()


class Gun(Entry):
    points: int


class YardRuleset(RulesetBase):
    classes: dict[str, Hull] = {}
    weapons: dict[str, Gun] = {}


def design_hull(ruleset: YardRuleset, name: str, data: Mapping[str, Any]) -> tuple[Hull | None, list[Finding]]:
    try:
        return Hull.model_validate({"source": "custom", **data}), []
    except ValidationError as exc:
        return None, [Finding(severity=Severity.ERROR, ship=None, message=f"design {name!r}: {e['loc'][0]}: {e['msg']}")
                      for e in exc.errors()]


def _classes(ruleset: YardRuleset, roster: Roster) -> dict[str, Hull]:
    designs = {n: h for n, d in roster.designs.items() if (h := design_hull(ruleset, n, d)[0]) is not None}
    return {**ruleset.classes, **designs}


class YardPackage(RulesetPackage):
    id = "yard"
    title = "Yard Wars (tests)"
    order = 99
    designs = DesignSchema(
        (
            BuilderField("kind", "Kind", FieldType.CHOICE, choices=("Light", "Heavy"), row="Kind", optional=False),
            BuilderField("hull", "Hull", row="Hull", help="hull boxes"),
            BuilderField("points", "Points", row="Hull"),
        ),
        title="Yard design",
        help="kind, hull boxes and points",
    )
    ship_fields = (
        ShipFields(
            key="k",
            title="Crew quarters",
            fields=(BuilderField("crew", "Crew berths", maximum=40),),
            applies=lambda ship: "Quarters" in ship.weapons,
            ask_on_mount=("Quarters",),
            note=lambda ruleset: "Berths for the boarding crew.",
            read=lambda ship: {"crew": ship.armor},
            write=lambda ship, values: ship.model_copy(update={"armor": values.get("crew")}),
        ),
    )
    demo = DemoSpec(fleets=("yard-pair.toml", "yard-pair.toml"))

    def __init__(self, root: Path) -> None:
        self.data_file = root / "yard.toml"
        self.fleets_dir = root / "fleets"

    def model(self) -> type[Any]:
        return YardRuleset

    def validate_fleet(self, roster: Roster, ruleset: Any) -> FleetReport:
        classes = _classes(ruleset, roster)
        findings: list[Finding] = []
        for name, data in roster.designs.items():
            findings += design_hull(ruleset, name, data)[1]
        cost, sheets = 0, []
        for ship in roster.ships:
            cls = classes.get(ship.ship_class)
            if cls is None:
                findings.append(Finding(severity=Severity.ERROR, ship=ship.name, message=f"{ship.name}: no class {ship.ship_class}"))
                continue
            points = cls.points + sum(ruleset.weapons[w].points for w in ship.weapons if w in ruleset.weapons)
            cost += points
            sheets.append(ShipSheet(name=ship.name, ship_class=ship.ship_class, cost=points))
        budget = ruleset.budgets.get(roster.preset) if roster.preset else None
        cap = roster.cap if roster.cap is not None else budget.cap if budget else None
        if cap is not None and cost > cap:
            findings.append(Finding(severity=Severity.ERROR, ship=None, message=f"{cost} points, over the cap of {cap}"))
        return FleetReport(ruleset="yard", findings=tuple(findings), cost=cost, cap=cap, sheets=tuple(sheets))

    def starter_fleet(self, ruleset: Any, preset: str | None) -> Roster:
        return Roster(ruleset="yard", name="Start", ships=(ShipEntry(name="Nib", ship_class="Cutter"),))

    def offered_loadout(self, ruleset: Any, roster: Roster, ship: ShipEntry) -> Mapping[str, Any]:
        cls = _classes(ruleset, roster)[ship.ship_class]
        rows = [(gun, False, "part of the class") for gun in cls.guns]
        rows += [("Quarters", True, "")]
        rows += [("Ram", False, f"a {ship.ship_class} is too light to ram")]
        return {"weapons": rows}

    def fleet_readouts(self, ruleset: Any, roster: Roster) -> tuple[str, ...]:
        classes = _classes(ruleset, roster)
        return (f"Hull {sum(classes[s.ship_class].hull for s in roster.ships if s.ship_class in classes)}",)

    def design_start(self, ruleset: Any, based_on: str | None) -> dict[str, Any]:
        cls = ruleset.classes.get(based_on) if based_on else None
        return {"kind": cls.kind, "hull": cls.hull, "points": cls.points} if cls else {"kind": "Light"}

    def design_findings(self, ruleset: Any, roster: Roster, name: str, data: Mapping[str, Any]) -> tuple[Finding, ...]:
        found = design_hull(ruleset, name or "(unnamed)", data)[1]
        if isinstance(data.get("hull"), int) and data["hull"] < 1:
            found.append(Finding(severity=Severity.ERROR, ship=None, message=f"design {name!r}: hull: at least 1"))
        return tuple(found)

    def design_readout(self, ruleset: Any, roster: Roster, name: str, data: Mapping[str, Any]) -> str:
        hull = data.get("hull")
        return f"{hull} hull boxes" if isinstance(hull, int) else "hull: a whole number, please"

    def plugin(self, ruleset: Any) -> Any:
        raise NotImplementedError("yard is a fleet-builder test ruleset")


@pytest.fixture
def yard(tmp_path: Path) -> Iterator[YardPackage]:
    """The yard ruleset, installed for one test."""
    from mstracker.store.catalog import book_ruleset

    root = tmp_path / "yard-package"
    (root / "fleets").mkdir(parents=True)
    (root / "yard.toml").write_text(DATA)
    (root / "fleets" / "yard-pair.toml").write_text(SAMPLE)
    pkg = YardPackage(root)
    register(pkg)
    book_ruleset.cache_clear()
    yield pkg
    unregister("yard")
    book_ruleset.cache_clear()
