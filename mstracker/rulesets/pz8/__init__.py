"""pz8: Pz8 Spaceships Wargame Rules, as one ruleset package.

Its package answers what the screens need; the heavy modules load when asked (rulesets.book).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..book import BookPackage, FleetRules
from ...rules.contract import DemoSpec, OddsOption, OpposedRoll, OptionType, SceneStep

if TYPE_CHECKING:
    from ...game.plugin import RulesetPlugin
    from ...rules.base import RulesetBase
    from .model import Ruleset
    from ...rules.outcome import AttackOdds


class Pz8Package(BookPackage["Ruleset"]):
    id = "pz8"
    order = 30
    title = "Pz8 Spaceships Wargame Rules"
    odds_options = (
        OddsOption("distance", OptionType.INT, "hexes from the firer to the target (1 to 9)", metavar="N"),
        OddsOption("damaged", OptionType.FLAG, "the firer is Damaged"),
        OddsOption("target_damaged", OptionType.FLAG, "the target is Damaged"),
        OddsOption("fire_back", OptionType.FLAG, "this shot answers a shot at the firer"),
        OddsOption("at_torpedo", OptionType.FLAG, "shooting at a Torpedo salvo"),
        OddsOption("torpedo", OptionType.FLAG, "the attacker is a Torpedo salvo: it hits automatically and rolls 2D6 "
                   "(pz8 §5); give no distance"),
    )
    demo = DemoSpec(
        fleets=("pushpin-patrol.toml", "razor-squadron.toml"),
        to_attack=(SceneStep("next-step"), SceneStep("roll-initiative", faces="5 2"), SceneStep("activate", ship="1"),
                   SceneStep("move", {"mps": "F"}, ship="1")),  # pz8 §3: at least 1 MP, the first forward, before firing
        attacker="1",
        target="5",
        faces="6 4 3 1 4",
        measured={"distance": "2"},
    )

    def model(self) -> type[RulesetBase]:
        from .model import Ruleset

        return Ruleset

    def fleet(self) -> FleetRules[Ruleset]:
        from . import fleet

        return fleet

    def opposed_roll(self, ruleset: RulesetBase) -> OpposedRoll:
        """The damage roll (pz8 §4): the firer's attack dice less the target's defence dice, read on the
        damage table by the difference."""
        from .model import Ruleset

        assert isinstance(ruleset, Ruleset)
        ship = next(iter(ruleset.classes.values()))

        def lookup(diff: int) -> str:
            return f"{diff:+d}: {ruleset.damage_row(diff)[1].effect}"

        return OpposedRoll(f"{ship.attack.lower()} - {ship.defence.lower()}", lookup)

    def odds(self, ruleset: RulesetBase, options: Mapping[str, Any]) -> AttackOdds:
        from .odds import attack_odds

        return attack_odds(self.own(ruleset), options)

    def plugin(self, ruleset: RulesetBase) -> RulesetPlugin:
        from .plugin import Plugin

        return Plugin(ruleset)


RULESET = Pz8Package()
