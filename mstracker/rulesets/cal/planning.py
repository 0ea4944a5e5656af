"""Planning fire in cal: the shots a ship's battery fires at a ship, and what a target's record means to
the battle report's expected-against-actual.

cal keeps "a running total of the number of points of superstructure (SS) damage inflicted on each of the
player's ships over the course of each round" (cal §Damage); gunnery only records damage (cal §Weapons),
and the Damage phase subtracts the round's total from the SS and rolls one table for it, by the thresholds
(cal §3 Damage). The odds, the planner's rows and focus fire are the fire action's outcome (fire.py): the
damage recorded, the SS it will take (none past 0), and the Damage phase's chance of a Reactor Breach for
the round's one total — so two shots that each stay under the Minor threshold together call for a table.
Here a target's condition is its SS and the damage recorded on it this round (with Fire that burns in the
Damage phase): the report reads the SS a recorded attack will take from it.

What a measured distance does (cal §Weapons): the odds themselves — long range (more than half the
maximum) halves a beam's damage (rounded up) and makes a projectile 1 harder to hit — and no shot beyond
the maximum range (1 with Sensors Offline). A planned attack fires every shot the battery has left this
round (a capital ship's two at one target: the attack dialog may split them). It is planned in any phase
(the dialog checks the phase when it is made). Point defence fires at ordnance and the bays launch it
(cal §Point Defenses, §Torpedoes, §Craft): they plan no shot at a ship.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, NamedTuple

from ...game.errors import GameError
from ...game.state import GameState, ShipState
from ...rules.contract import DistanceUse, PlannedShot
from .fire import Fire, aim, recorded
from .game_base import ITEM_FIELDS, WEAPON_ITEMS

if TYPE_CHECKING:
    from .plugin import Plugin

UNIT = "hexes"


class Condition(NamedTuple):
    """A target as this round's attacks see it: its SS and the damage recorded on it so far this round."""

    ss: int
    recorded: int


def _condition(value: Hashable) -> Condition:
    """A condition as the report hands it back (a Condition, or the same pair)."""
    ss, total = value if isinstance(value, tuple) else (0, 0)
    return Condition(int(ss), int(total))


def plan_shot(plugin: Plugin, state: GameState, ship: ShipState, weapon: str, target: ShipState,
              distance: int | None) -> PlannedShot | None:
    """`fire` with this battery at the target, its shots left this round, the distance filled in when
    measured; refused with the action's reason. None for point defence and the bays."""
    item = next((it for it in ship.items if it.id == weapon), None)
    if item is None or ITEM_FIELDS.get(item.name) not in WEAPON_ITEMS:
        return None
    args: dict[str, Any] = {"ship": ship.id, "weapon": item.id, "target": target.id}
    if distance is not None:
        args["distance"] = distance
    fire = plugin.typed_action("fire")
    assert isinstance(fire, Fire)
    try:
        if distance is None:
            aim(plugin, state, args)
        else:
            fire.plan(state, args)
    except GameError as exc:
        return PlannedShot("fire", args, DistanceUse.ODDS, UNIT, str(exc))
    return PlannedShot("fire", args, DistanceUse.ODDS, UNIT)


def target_condition(plugin: Plugin, state: GameState, target: ShipState) -> Condition:
    """Its SS and the damage its Damage phase will take so far this round (cal §Damage)."""
    return Condition(int(target.record["ss"]), recorded(plugin, state, target))


def condition_damage(before: Hashable, after: Hashable) -> int:
    """The SS the added damage will take in the Damage phase: SS stops at 0 (cal §Damage)."""
    ss, was = _condition(before)
    _, now = _condition(after)
    return max(0, min(now, ss) - min(was, ss))


LUCK_NOTES = (
    "cal: a die rolled for the ship taking the damage (the Minor and Major Damage Tables, the Boarder "
    "Table) ranks by how mild its result is for that ship; the Craft intercept roll is rolled under, so "
    "low is good (cal §Craft); a die that only picks which battery or bay is hit ranks as neither.",
    "cal: gunnery records damage and the Damage phase takes it off the SS (cal §Damage): an attack's "
    "actual damage is the SS its recorded damage will take; in a ram each ship's damage is the other "
    "ship's (cal §Moving Ships According To Course).",
)
