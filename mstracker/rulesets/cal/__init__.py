"""cal: Colors and Lights, as one ruleset package.

Its package answers what the screens need; the heavy modules load when asked (rulesets.book).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..book import BookPackage, FleetRules
from ...rules.contract import (
    BuilderField,
    DemoSpec,
    DesignSchema,
    FieldType,
    OddsOption,
    OptionType,
   
    SceneStep,
)

if TYPE_CHECKING:
    from ...fleet import Finding
    from ...game.plugin import RulesetPlugin
    from ...rules.base import RulesetBase
    from .model import Ruleset

DESIGN_FIELDS = (
    BuilderField("type", "Type", FieldType.CHOICE, choices=("Escort", "Capital Ship"), row="Type", optional=False),
    BuilderField("ss", "SS", row="SS", minimum=None, help="superstructure points"),
    BuilderField("points", "Points", row="SS", minimum=None, help="optional: for a house points budget"),
    BuilderField("beam.strength", "Beam strength", row="Beam", minimum=None),
    BuilderField("beam.range", "range", row="Beam", minimum=None),
    BuilderField("point", "Point defence", row="Beam", minimum=None),
    BuilderField("projectile.strength", "Projectile strength", row="Projectile", minimum=None),
    BuilderField("projectile.range", "range", row="Projectile", minimum=None),
    BuilderField("torpedoes", "Torpedo tubes", row="Projectile", minimum=None),
    BuilderField("assault_bay", "assault", row="Bays", minimum=None),
    BuilderField("fighter_bay", "fighter", row="Bays", minimum=None),
    BuilderField("bomber_bay", "bomber", row="Bays", minimum=None),
    BuilderField("fb_bay", "fighter/bomber", row="Bays", minimum=None),
)


class CalPackage(BookPackage["Ruleset"]):
    id = "cal"
    order = 40
    title = "Colors and Lights"
    designs = DesignSchema(DESIGN_FIELDS, title="Custom design",
                           help="type, SS, batteries (strength/range), point defence, tubes and bays")
    odds_options = (
        OddsOption("attacker", OptionType.TEXT, "the firing ship's class: name or code", required=True),
        OddsOption("weapon", OptionType.CHOICE, "the battery that fires", choices=("beam", "projectile"), required=True),
        OddsOption("target", OptionType.TEXT, "the target's class: name or code", required=True),
        OddsOption("distance", OptionType.INT, "hexes to the target", required=True, metavar="N"),
        OddsOption("crew", OptionType.INT, "the attacker's Crew modifier (default 0)", metavar="M"),
        OddsOption("shots", OptionType.INT, "shots fired (default the attacker's rate of fire)", metavar="K"),
        OddsOption("ss", OptionType.INT, "the target's SS now (default full)", metavar="N"),
        OddsOption("sensors_offline", OptionType.FLAG, "the attacker's sensors are offline"),
    )
    demo = DemoSpec(
        fleets=("cruiser-squadron.toml", "strike-group.toml"),
        # round 1 (no Interphase): the Ordnance phase, each player in turn, on into Gunnery
        to_attack=(SceneStep("next-step"),) * 17,
        attacker="1",
        target="7",
        faces="5 6",
        measured={"distance": "2"},
    )

    def model(self) -> type[RulesetBase]:
        from .model import Ruleset

        return Ruleset

    def fleet(self) -> FleetRules[Ruleset]:
        from . import fleet

        return fleet

    def offered_loadout(self, ruleset: Any, roster: Any, ship: Any) -> Mapping[str, Any]:
        from .fleet import offered_loadout

        return offered_loadout(ruleset, ship.ship_class, roster.designs)

    def fleet_readouts(self, ruleset: Any, roster: Any) -> tuple[str, ...]:
        from .fleet import fleet_cc

        return (f"C&C {fleet_cc(ruleset, roster)}",)

    def design_start(self, ruleset: Any, based_on: str | None) -> dict[str, Any]:
        from .fleet import class_values

        stock = ruleset.classes.get(based_on) if based_on else None
        return class_values(stock) if stock is not None else {"type": "Escort"}

    def design_findings(self, ruleset: Any, roster: Any, name: str, data: Mapping[str, Any]) -> tuple[Finding, ...]:
        from .fleet import design_problems

        return design_problems(ruleset, roster, name, data)

    def design_readout(self, ruleset: Any, roster: Any, name: str, data: Mapping[str, Any]) -> str:
        from .fleet import design_cc_line

        return design_cc_line(ruleset, roster, name, data)

    def odds(self, ruleset: Any, options: Mapping[str, Any]) -> Any:
        from .odds import attack_odds

        return attack_odds(ruleset, {k: v for k, v in options.items() if v is not None})

    def plugin(self, ruleset: RulesetBase) -> RulesetPlugin:
        from .plugin import Plugin

        return Plugin(ruleset)


RULESET = CalPackage()
