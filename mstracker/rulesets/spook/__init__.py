"""spook: Lego Microspacewars, Spook's Version v0.2.2, as one ruleset package.

Its package answers what the screens need; the heavy modules load when asked (rulesets.book).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..book import BookPackage, FleetRules
from ...rules.contract import DemoSpec, OddsOption, OptionType, SceneStep

if TYPE_CHECKING:
    from ...game.plugin import RulesetPlugin
    from ...rules.base import RulesetBase
    from .model import Ruleset


class SpookPackage(BookPackage["Ruleset"]):
    id = "spook"
    order = 10
    title = "Lego Microspacewars (Spook's v0.2.2)"
    odds_options = (
        OddsOption("weapon", OptionType.TEXT, "the weapon: name or code, e.g. 'Ion Beam' or E3"),
        OddsOption("target", OptionType.TEXT, "the target's class: name or code, e.g. Frigate or D1"),
        OddsOption("afterburner", OptionType.FLAG, "the target has its afterburner lit (+2 agility, §6 A2)"),
        OddsOption("flares", OptionType.INT, "flare launchers with ammo on the target (§6 B1)", metavar="N"),
        OddsOption("subsystem", OptionType.FLAG,
                   "a bomber names a subsystem: a hit rolls the d8 subsystem table (§7 A11, house default)"),
        OddsOption("mines", OptionType.INT, "instead of a shot: a ship crossing N enemy mines (§7 A1)", metavar="N"),
        OddsOption("armor", OptionType.INT, "the target's armor now (for the chance to destroy)", metavar="N"),
    )
    odds_help = ("one shot: --weapon and --target (with --afterburner, --flares N, --subsystem); or a crossing of "
                 "mines: --mines N. Add --armor N for the chance to destroy")
    demo = DemoSpec(
        fleets=("scrimmage-blue.toml", "scrimmage-red.toml"),
        # the roll-off (Blue 6, Red 1: Blue goes first), turn 1 and the four automatic upkeep steps
        to_attack=(SceneStep("roll-off", faces="6 1"), *(SceneStep("next-step"),) * 5),
        attacker="2",
        target="9",
        faces="3",
        measured={"distance": "6"},  # the range decides only the reach (§3 B2); 6 units: every weapon of Blue Fang
    )

    def model(self) -> type[RulesetBase]:
        from .model import Ruleset

        return Ruleset

    def fleet(self) -> FleetRules[Ruleset]:
        from . import fleet

        return fleet

    def odds(self, ruleset: Any, options: Mapping[str, Any]) -> Any:
        from .odds import odds

        return odds(ruleset, dict(options))

    def plugin(self, ruleset: RulesetBase) -> RulesetPlugin:
        from .plugin import Plugin

        return Plugin(ruleset)


RULESET = SpookPackage()
