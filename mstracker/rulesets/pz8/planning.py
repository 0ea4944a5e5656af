"""Planning fire in pz8: the shot a ship's gun makes at an enemy Spaceship, for the fire planner and focus fire.

A pz8 Spaceship has no armor: it is Undamaged, Damaged or Destroyed (pz8 §4). The figures of a shot (its hit
chance, the damage steps it takes, the chance it destroys, and how a second shot at a target the first one
Damaged rolls) are the typed shot's outcome (shots.py), folded by the generic planner; this module only says
which shot a weapon at a target is, and why it is refused.

What a measured distance does (pz8 §4): the to-hit number itself (1-3 hexes 4+, 4-6 hexes 5+, 7-9 hexes 6),
so a shot's figures are unknown until it is measured; beyond 9 hexes no shot. "Spaceships fire straight
forward": the planner cannot see the table, so the distance typed is taken as the count of hexes straight
ahead, and a ship not straight ahead is the players' to leave out. A fire-back (pz8 §4) answers only the
ship that fired, from the shot's distance unless another is typed. Focus fire in pz8 is the shots of
several activations: a ship still waiting for its activation this turn is planned as it will fire then
(pz8 §2), a ship whose activation is over is refused. The Torpedo salvo is launched, not fired at a ship
(pz8 §5): it plans no shot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete
from ...rules.contract import DistanceUse, PlannedShot
from .view import TurnView

if TYPE_CHECKING:
    from .plugin import Plugin

UNIT = "hexes"


def plan_shot(plugin: Plugin, state: GameState, ship: ShipState, weapon: str, target: ShipState,
              distance: int | None) -> PlannedShot | None:
    """`fire` (or `fire-back` when this ship may answer that target now) at the target, the distance filled
    in when measured; refused with the shot's own reason. None for the Torpedo salvo."""
    item = next((it for it in ship.items if it.id == weapon), None)
    armament = plugin.book.armament
    if item is None or (item.name in armament and armament[item.name].kind == "torpedo"):
        return None
    view = TurnView(state)
    pending = view.pending
    if pending is not None and pending.ship == ship.id and pending.at == target.id:
        args: dict[str, Any] = {"ship": pending.ship, "distance": pending.distance if distance is None else distance}
        return PlannedShot("fire-back", args, DistanceUse.ODDS, UNIT, _refusal(plugin, state, "fire-back", args, now=True))
    args = {"ship": ship.id, "target": target.id}
    if distance is not None:
        args["distance"] = distance
    if view.activation_ship != ship.id and ship.get("activated") and TurnView.alive(ship):
        refused = f"{ship.label} has had its activation this turn: it fires again in its next activation (pz8 §2)"
    else:
        refused = _refusal(plugin, state, "fire", args, now=view.activation_ship == ship.id)
    later = ""
    if not refused and view.activation_ship != ship.id and not ship.get("activated"):
        later = f"{ship.label} fires in its activation, still to come this turn (pz8 §2): planned as it will fire then"
    return PlannedShot("fire", args, DistanceUse.ODDS, UNIT, refused, later=later)


def _refusal(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any], now: bool) -> str:
    """The shot's own refusal ('' when it may be made; a blank distance is no refusal): prepared as now, or
    as it will be made in its activation still to come."""
    action = plugin.typed_action(kind)
    assert action is not None
    try:
        action.prepare(state, args) if now else action.plan(state, args)
    except Incomplete:
        return ""
    except InvalidAction as exc:
        return str(exc)
    return ""
