"""Planning fire in lukas: the attack a weapon-at-target shot is (the fire planner and focus fire). What
the attack does, attacks made one after another included, is its typed action's outcome (fire_action):
the armor taken, never past 0 (lukas §2.b), and a following attack on what armor is left.

What a measured distance does (lukas §3.a step 2): only whether the weapon reaches; the hit numbers and
the damage are the same at any range. Two things the planner cannot see are settled here, as a player
expects (the book is silent on how a tracker should guess them):
* Comm Radar (lukas §4.d): the ship's own radar counts (setting cr_includes_self); an ally's radar within
  10 studs is a second measurement, so the planned attack counts none (comm_radar 0; the attack dialog
  takes them).
* Field Defense (lukas §4.a): "no weapons can pass through a 15-stud radius around the ship. Weapons and
  ships may exit the field". A target whose field is up can be fired at only from inside it; with a
  measured distance within the field's radius the attacker is inside (no ship may enter, so it was there
  when the field went up) and the attack is planned with inside_field; beyond it, or unmeasured, it is
  refused with the book's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.errors import GameError
from ...game.state import GameState, ShipState
from ...rules.contract import DistanceUse, PlannedShot
from .fire_check import prepare_fire
from .game_base import cite, max_range, weapon_data
from .record import FIELD_DEFENSE

if TYPE_CHECKING:
    from .plugin import Plugin

UNIT = "studs"


def plan_shot(plugin: Plugin, state: GameState, ship: ShipState, weapon: str, target: ShipState,
              distance: int | None) -> PlannedShot | None:
    """`fire` with this weapon at the target (the distance filled in when measured); refused with the
    decider's own reason when the attack cannot be made (out of range, a Beam announced at another ship,
    a Field Defense in the way). None for an item that is no weapon (abilities attack nothing)."""
    item = next((it for it in ship.items if it.id == weapon), None)
    if item is None or item.kind != "weapon":
        return None
    args: dict[str, Any] = {"ship": ship.id, "weapon": item.id, "target": target.id}
    if distance is not None:
        args["distance"] = distance
    rules = plugin.rules(state)
    try:
        _, data = weapon_data(rules, item)
    except GameError as exc:
        return PlannedShot("fire", args, DistanceUse.NONE, UNIT, str(exc))
    use = DistanceUse.RANGE if max_range(data) is not None else DistanceUse.NONE
    if target.get("fd_active"):
        use = DistanceUse.RANGE  # inside the field or not: only a measurement tells
        radius = rules.abilities[FIELD_DEFENSE].radius or 0
        if distance is None:
            return PlannedShot("fire", args, use, UNIT, (
                f"{target.label} has its Field Defense up: no weapon passes into its {radius}-stud field "
                f"({cite('§4.a')}); measure the distance: a ship within {radius} studs is inside it and may fire"))
        if distance <= radius:
            args["inside_field"] = True
    try:
        prepare_fire(plugin, state, args)
    except GameError as exc:
        return PlannedShot("fire", args, use, UNIT, str(exc))
    return PlannedShot("fire", args, use, UNIT)
