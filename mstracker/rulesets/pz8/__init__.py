"""pz8: Pz8 Spaceships Wargame Rules, as one ruleset package.

This module is the package's entry (`RULESET`, registered under `mstracker.rulesets`): it declares
what the screens need and imports the heavy modules (model, procedures, game plugin) only when asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..class_loadout import ClassLoadoutPackage
from ...rules.contract import DemoSpec, OddsOption, OptionType, SceneStep


class Pz8Package(ClassLoadoutPackage):
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

    def odds(self, ruleset: Any, options: Mapping[str, Any]) -> Any:
        from .odds import attack_odds

        return attack_odds(ruleset, options)


RULESET = Pz8Package()
