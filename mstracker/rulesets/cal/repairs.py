"""What the players' own rolls after damage may do: Damage Control or rallying the crew (cal §0 Interphase,
step 6; their typed actions: damage_control.py).

The book's text for Damage Control and rallying was lost with its "Specific rolls" list: both are
1d6 + Crew against a house-default target (damage_control_target, rally_target). Which effects
Damage Control may repair follows the effects' `repairable` marks; a bay or tube lost to Ordnance
Bay Damaged — "destroyed" in the book's example — comes back only under the house setting
dc_restores_bay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.state import GameState, ShipState
from .damage_record import STATUS_FLAGS
from .game_base import BAY_ITEMS, DC_DONE, POINT_ITEM, RALLIED, WEAPON_ITEMS
from .procedures import crew_cap

REPAIR_WORDS = {"engines_damaged": "engines damaged", "sensors_offline": "sensors offline",
                "engines_offline": "engines offline", "weapons_offline": "weapons offline"}
Fix = tuple[str, str | None, str]  # (effect code, item id or None, record flag or "")

if TYPE_CHECKING:
    from .plugin import Plugin


def repairable(plugin: Plugin, state: GameState, ship: ShipState) -> dict[str, Fix]:
    """What damage control can repair now: {name: (effect code, item id or None, flag or '')}."""
    rules = plugin.rules(state)
    out: dict[str, Fix] = {}
    for item in ship.items:
        if item.name == POINT_ITEM and item.record.get("damaged"):
            out[item.name.casefold()] = ("pd_damaged", item.id, "")
        elif item.name in WEAPON_ITEMS.values() and item.record.get("damaged"):
            out[item.name.casefold()] = ("battery_damaged", item.id, "")
        elif (item.name in BAY_ITEMS.values() and plugin.setting(state, "dc_restores_bay")
              and int(item.record.get("bays", 0)) < int(item.record.get("bays_max", 0))):
            out[item.name.casefold()] = ("bay_damaged", item.id, "")
    for flag in STATUS_FLAGS:
        if ship.record.get(flag):
            out[REPAIR_WORDS[flag]] = (flag, None, flag)
    return {k: v for k, v in out.items() if rules.effect(v[0]).repairable}


def rally_cap(plugin: Plugin, state: GameState, ship: ShipState) -> int | None:
    return crew_cap(plugin.rules(state), plugin.ruleset.general.crew_start, int(ship.record.get("crew_permanent", 0)))


def control_needs(plugin: Plugin, state: GameState, ship: ShipState) -> list[str]:
    """What a Damage Control roll or a rally could do for the ship now (empty: nothing to do)."""
    needs = list(repairable(plugin, state, ship))
    for key, word in (("boarders", "Boarders"), ("fire", "Fire")):
        if int(ship.record.get(key, 0)) > 0:
            needs.append(f"{word} {ship.record[key]}")
    ceiling = crew_ceiling(plugin, state, ship)
    if int(ship.record["crew"]) < ceiling:
        needs.append(f"Crew {int(ship.record['crew']):+d} below {ceiling:+d}")
    return needs


def crew_ceiling(plugin: Plugin, state: GameState, ship: ShipState) -> int:
    """The Crew a rally may bring the ship back to (its starting Crew, less Crew lost for good)."""
    cap = rally_cap(plugin, state, ship)
    return plugin.ruleset.general.crew_start if cap is None else cap


def may_rally(plugin: Plugin, state: GameState, ship: ShipState) -> bool:
    """A rally could raise the ship's Crew: it is below the ceiling and the ship has not rolled yet."""
    return not controlled(plugin, ship) and int(ship.record["crew"]) < crew_ceiling(plugin, state, ship)


def controlled(plugin: Plugin, ship: ShipState) -> bool:
    marks = plugin.marks(ship)
    return DC_DONE in marks or RALLIED in marks
