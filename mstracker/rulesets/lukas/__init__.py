"""lukas: Micro Space Wars by Lukas W.P. v1.8, as one ruleset package.

Its package answers what the screens need; the heavy modules load when asked (rulesets.book).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..book import BookPackage, FleetRules
from ...rules.contract import BuilderField, DemoSpec, OddsOption, OptionType, SceneStep, ShipFields

if TYPE_CHECKING:
    from ...game.plugin import RulesetPlugin
    from ...rules.base import RulesetBase
    from .model import Ruleset

HANGAR = "Hangar Bay"
MAX_DOCKED = 99


def _class_hints(ruleset: Any, ship: Any) -> Mapping[str, str]:
    cls = (getattr(ruleset, "classes", None) or {}).get(ship.ship_class)
    armor, speed = getattr(cls, "average_armor", None), getattr(cls, "average_speed", None)
    return {
        "armor": f"a typical {ship.ship_class} has about {armor}" if armor is not None else "no book average",
        "speed": f"a typical {ship.ship_class} moves about {speed} studs" if speed is not None else "no book average",
    }


def _hangar_note(ruleset: Any) -> str:
    try:
        x, y = (int(part) for part in str(ruleset.setting("hangar_warn")).split("/"))
    except (KeyError, ValueError):
        return "Both blank: no size."
    return f"The book's example is Hangar Bay [4/2]; more than {x}/{y} draws a warning. Both blank: no size."


def _hangar_read(ship: Any) -> Mapping[str, Any]:
    x, y = ship.hangar if ship.hangar is not None else (None, None)
    return {"craft": x, "frigates": y}


def _hangar_write(ship: Any, values: Mapping[str, Any]) -> Any:
    """Both blank: no size; one blank counts as 0."""
    x, y = values.get("craft"), values.get("frigates")
    hangar = None if x is None and y is None else (x or 0, y or 0)
    return ship.model_copy(update={"hangar": hangar})


class LukasPackage(BookPackage["Ruleset"]):
    id = "lukas"
    order = 20
    title = "Micro Space Wars (Lukas W.P. v1.8)"
    ship_fields = (
        ShipFields(
            key="t",
            title="Armor and speed",
            fields=(
                BuilderField("armor", "Armor", maximum=100_000, help="the designer sets it; the book's averages are a guide"),
                BuilderField("speed", "Speed in studs", maximum=10_000),
            ),
            applies=lambda ship: True,
            hint=_class_hints,
            note=lambda ruleset: "The designer sets both; the book's averages are only a guide. blank: not set",
        ),
        ShipFields(
            key="h",
            title="Hangar Bay",
            fields=(
                BuilderField("craft", "Strike craft it docks at once (x)", maximum=MAX_DOCKED, placeholder="e.g. 4"),
                BuilderField("frigates", "Frigates it docks at once (y)", maximum=MAX_DOCKED, placeholder="e.g. 2"),
            ),
            applies=lambda ship: HANGAR in ship.abilities or ship.hangar is not None,
            ask_on_mount=(HANGAR,),
            note=_hangar_note,
            read=_hangar_read,
            write=_hangar_write,
        ),
    )
    odds_options = (
        OddsOption("weapon", OptionType.TEXT, "the weapon's name, e.g. 'Heavy Turret'", required=True),
        OddsOption("target", OptionType.TEXT, "strike-craft, frigate, capital or a class name", required=True),
        OddsOption("comm_radar", OptionType.FLAG, "an allied Communication Radar is in reach (+1 hit, +1 damage)"),
        OddsOption("bridge_damaged", OptionType.FLAG, "the attacker's bridge is damaged"),
        OddsOption("armor", OptionType.INT, "the target's armor left (for the chance to destroy)", metavar="N"),
        OddsOption("subsystem", OptionType.CHOICE, "Bombs against a capital ship: what they aim at",
                   choices=("hull", "engines", "bridge", "weapon")),
    )
    demo = DemoSpec(
        fleets=("kassarian_strike_group.toml", "rakanda_home_fleet.toml"),
        # turn 1; the order of turns (Kassarians 6, Rakanda 1); the rest of "Before the game" and the
        # five automatic upkeep steps, into the Ship action phase
        to_attack=(SceneStep("next-step"), SceneStep("roll-order", faces="6 1"), *[SceneStep("next-step")] * 9),
        attacker="2",
        target="9",
        faces="9 4",
        measured={"distance": "5"},
    )

    def model(self) -> type[RulesetBase]:
        from .model import Ruleset

        return Ruleset

    def fleet(self) -> FleetRules[Ruleset]:
        from . import fleet

        return fleet

    def odds(self, ruleset: Any, options: Mapping[str, Any]) -> Any:
        from .odds import attack_odds

        return attack_odds(ruleset, dict(options))

    def plugin(self, ruleset: RulesetBase) -> RulesetPlugin:
        from .plugin import Plugin

        return Plugin(self.own(ruleset))


RULESET = LukasPackage()
