"""Hulls: the duel rules with the ship-class table named `hulls` and no optional features declared.

It proves two promises of the contract (issue 15 item 2): the builder reads the class table the package
declares (`class_table = "hulls"`), never a field called `classes`; and a feature the ruleset does not
declare (exact odds, the fire planner, custom designs) is hidden with the reason said. Its fire action is
duel's without the outcome: it declares its dice and has no odds.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from duel_ruleset.fleet import validate as duel_validate
from duel_ruleset.model import ShipClass, Weapon
from duel_ruleset.plugin import SPEC, Fire, Plugin as DuelPlugin, Shot, Strike

from mstracker.api import (
    Capabilities,
    DemoSpec,
    FleetReport,
    Roster,
    RuleAction,
    RulesetBase,
    RulesetPackage,
    SceneStep,
    ShipEntry,
    ShipItem,
    ShipState,
)

HERE = Path(__file__).resolve().parent


class Ruleset(RulesetBase):
    hulls: dict[str, ShipClass]
    weapons: dict[str, Weapon]


class FireWithoutOdds(RuleAction[Shot]):
    """duel's fire (duel §2) with its dice declared and no outcome: a ruleset that gives no exact odds."""

    plugin: Plugin
    spec = Fire.spec
    prepare = Fire.prepare
    dice = Fire.dice
    dealt = Fire.dealt
    apply = Fire.apply


class Plugin(DuelPlugin):
    ruleset: Ruleset  # type: ignore[assignment]  # the hulls model, not duel's
    capabilities = Capabilities()  # no exact odds, no planner, nothing on the table
    rule_actions = (FireWithoutOdds, Strike)  # type: ignore[assignment]  # duel's Fire, less its outcome

    def initial_ship(self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None,
                     settings: Mapping[str, Any]) -> ShipState:
        armor = entry.armor if entry.armor is not None else self.ruleset.hulls[entry.ship_class].armor
        items = tuple(ShipItem(id=f"w{n}", kind="weapon", name=w, record={"fired": False})
                      for n, w in enumerate(entry.weapons, start=1))
        return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=entry.ship_class,
                         record=SPEC.fresh_record({"armor": armor, "armor_max": armor}), items=items)


class HullsPackage(RulesetPackage):
    id = "hulls"
    title = "Hulls (a test ruleset)"
    order = 91
    data_file = HERE / "hulls.toml"
    fleets_dir = HERE / "fleets"
    class_table = "hulls"
    demo = DemoSpec(fleets=("blue.toml", "red.toml"), to_attack=(SceneStep("next-step"),) * 3,
                    attacker="1", target="3", faces="4")

    def model(self) -> type[Any]:
        return Ruleset

    def validate_fleet(self, roster: Roster, ruleset: Any) -> FleetReport:
        """duel's checks (duel §1), read against the hulls table."""
        as_duel: Any = SimpleNamespace(classes=ruleset.hulls, weapons=ruleset.weapons, budgets=ruleset.budgets)
        return duel_validate(roster, as_duel).model_copy(update={"ruleset": "hulls"})

    def starter_fleet(self, ruleset: Any, preset: str | None) -> Roster:
        return Roster(ruleset="hulls", name="Hulls starter", preset="duel",
                      ships=(ShipEntry(name="Cutter 1", weapons=("Laser",), **{"class": "Cutter"}),))

    def offered_loadout(self, ruleset: Any, roster: Roster, ship: ShipEntry) -> Mapping[str, Any]:
        cls = ruleset.hulls.get(ship.ship_class)
        room = cls is not None and len(ship.weapons) < cls.weapons
        return {"weapons": [(name, room, "" if room else "no weapon mount left") for name in ruleset.weapons]}

    def plugin(self, ruleset: Any) -> Any:
        return Plugin(ruleset)


RULESET = HullsPackage()
