"""spook damage without a weapon: the help of rams (§3 B1, §8 A1: text lost), scuttles (§7 A10: text lost) and
mines (§7 A1), and the checks of a crossing of mines.

Rams and scuttles roll nothing (house defaults; the typed actions: hazard_actions.py); crossing mines rolls
the mines table: `prepare_mines` checks a crossing once for the typed action mines.CrossMines (its refusals,
dice, outcome and decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.errors import InvalidAction
from ...game.state import GameState, ShipState
from .game_base import SpookBase
from .game_base import plural

RAM_HELP = (
    "ram an enemy ship during movement (spook §3 B1; §8 A1, whose text is lost: house default): no roll; each ship "
    "takes {ram_pct}% of the other's current armor, rounded up (setting “Ram damage”); the rammer's move "
    "ends and it may not attack this turn. Frigates, capital ships and motherships ram"
)
SCUTTLE_HELP = (
    "scuttle a ship in the attack step (spook §7 A10, whose text is lost: house default): the ship is destroyed and "
    "every ship within {scuttle_radius} unit(s) (setting “Units around a scuttled ship that take damage”) takes {scuttle_dmg_pct}% "
    "of its current armor, rounded up (setting “Damage to each ship in the scuttle radius”), without a roll. Name those ships "
    "as its victims"
)
MINES_HELP = (
    "your ship moves through an enemy's mines (spook §7 A1): d8s on the mines table, {mine_rolls} (the book says "
    "'roll a d8'; setting “Mines”), in order: 1-3 avoided, 4-7 half of 200, 8 the full 200. Detonated mines "
    "leave the field"
)


@dataclass(frozen=True)
class MinesSetup:
    """A crossing checked against the rules: which ship, whose mines, how many, and whether they can harm it."""

    ship: ShipState
    owner: int
    count: int
    harmless: str = ""  # why no die is rolled ('' when the mines table is rolled)
    dice: int = 0  # d8s rolled


# ---- mines ---------------------------------------------------------------------------------
def prepare_mines(plugin: SpookBase, state: GameState, args: dict[str, Any]) -> MinesSetup:
    ship = plugin.own_ship(state, args["ship"], "move")
    plugin.not_disabled(ship, "move")
    plugin.not_held(ship, "move")
    owner = mine_owner(plugin, state, ship, args.get("owner"))
    count, laid = args["count"], state.players[owner].resources.get("mines", 0)
    if not 1 <= count <= laid:
        raise InvalidAction(f"{state.players[owner].name} has {plural(laid, 'mine')} on the field, not {count}")
    rules = plugin.rules(state)
    own = owner == ship.owner
    if own and not rules.setting("mines_hit_owner"):
        return MinesSetup(ship, owner, count, "own mines do not harm their owner's ships (house default; "
                          "setting “Own mines can damage their owner's ships”: no)")
    if ship.record.get("shielded") and rules.setting("defense_field_stops_mines") and not own:
        return MinesSetup(ship, owner, count, "its Defense Field stops mines in this game (setting "
                          "“A Defense Field also protects against mines”: yes)")
    rolls = count if rules.setting("mine_rolls") == "per_mine" else 1
    return MinesSetup(ship, owner, count, dice=rolls)


def mine_owner(plugin: SpookBase, state: GameState, ship: ShipState, ref: str | None) -> int:
    if ref:
        return state.find_player(ref)
    others = [i for i in range(len(state.players)) if i != ship.owner]
    if len(others) != 1:
        raise InvalidAction("name whose mines these are (“owner”)")
    return others[0]
