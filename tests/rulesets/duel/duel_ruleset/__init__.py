"""Duel: a fifth ruleset, registered from the tests only, to prove that a ruleset plugs in as one
package and one data file with no line of the screens or the command line written for it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mstracker.api import (
    BuilderField,
    DemoSpec,
    OddsOption,
    OptionType,
    RulesetPackage,
    SceneStep,
    ShipFields,
)

HERE = Path(__file__).resolve().parent


class DuelPackage(RulesetPackage):
    id = "duel"
    title = "Duel (a test ruleset)"
    order = 90
    data_file = HERE / "duel.toml"
    fleets_dir = HERE / "fleets"
    ship_fields = (
        ShipFields(key="t", title="Armor", fields=(BuilderField("armor", "Armor", maximum=999),), applies=lambda ship: True),
    )
    odds_options = (
        OddsOption("weapon", OptionType.CHOICE, "the weapon", choices=("Laser", "Cannon"), required=True),
        OddsOption("armor", OptionType.INT, "the target's armor now", metavar="N"),
    )
    demo = DemoSpec(
        fleets=("blue.toml", "red.toml"),
        to_attack=(SceneStep("next-step"),) * 3,  # turn 1 (ready runs by itself), plan, then Battle: fire
        attacker="1",
        target="3",
        faces="4",
    )

    def model(self) -> type[Any]:
        from .model import Ruleset

        return Ruleset

    def validate_fleet(self, roster: Any, ruleset: Any) -> Any:
        from .fleet import validate

        return validate(roster, ruleset)

    def starter_fleet(self, ruleset: Any, preset: str | None) -> Any:
        from .fleet import starter

        return starter(ruleset)

    def offered_loadout(self, ruleset: Any, roster: Any, ship: Any) -> Mapping[str, Any]:
        from .fleet import offered_loadout

        return offered_loadout(ruleset, ship)

    def odds(self, ruleset: Any, options: Mapping[str, Any]) -> Any:
        from .plugin import fire_odds

        return fire_odds(ruleset, options["weapon"], options.get("armor"))

    def plugin(self, ruleset: Any) -> Any:
        from .plugin import Plugin

        return Plugin(ruleset)


RULESET = DuelPackage()
