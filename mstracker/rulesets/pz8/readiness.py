"""The true state of a pz8 ship's armament, in the book's words: its gun (pz8 §4: fired once, in the
ship's activation, after moving; or at once as a fire-back) and its Torpedo salvo (pz8 §5: one per
game, launched in the ship's firing phase), with the Damaged effects (pz8 §4: -1 to hit, 3 MPs).
"""

from __future__ import annotations

from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import ItemReadiness, Readiness
from .model import Ruleset
from .view import TurnView


def ship_readiness(book: Ruleset, state: GameState, ship: ShipState, *, gun_and_torpedo: bool) -> tuple[ItemReadiness, ...]:
    """Every item of a ship now. `gun_and_torpedo`: the game lets a ship both fire and launch in one
    activation (the torpedo_with_gun setting)."""
    view = TurnView(state)
    out = []
    for item in ship.items:
        kind = book.armament[item.name].kind if item.name in book.armament else "gun"
        if not view.alive(ship):
            status, detail = Readiness.DISABLED, "the ship is Destroyed (pz8 §4)"
        elif kind == "torpedo":
            status, detail = _torpedo(view, ship, gun_and_torpedo)
        else:
            status, detail = _gun(view, ship, gun_and_torpedo)
        out.append(_item(item, status, detail, ship, kind))
    return tuple(out)


def _item(item: ShipItem, status: Readiness, detail: str, ship: ShipState, kind: str) -> ItemReadiness:
    uses = int(ship.get("torpedo", 0)) if kind == "torpedo" and TurnView.alive(ship) else None
    return ItemReadiness(item.id, item.name, item.kind, status, detail, uses_left=uses)


def _gun(view: TurnView, ship: ShipState, gun_and_torpedo: bool) -> tuple[Readiness, str]:
    damaged = "; Damaged: -1 to hit" if ship.get("damaged") else ""
    pending = view.pending
    if pending is not None and pending.ship == ship.id:
        at = view.state.ships[pending.at]
        return Readiness.READY, f"may fire back at {at.label} now, at -1 to hit (pz8 §4){damaged}"
    if view.activation_ship == ship.id:
        if ship.get("fired"):
            return Readiness.SPENT, "fired in this activation (one shot, pz8 §4)"
        if view.launched_now(ship) and not gun_and_torpedo:
            return Readiness.SPENT, "launched its Torpedo salvo instead (one or the other, by this game's settings)"
        return Readiness.READY, f"fires straight ahead after moving (pz8 §4){damaged}"
    if ship.get("activated"):
        word = "fired this turn" if ship.get("fired") else "its activation is over"
        return Readiness.SPENT, f"{word}; fires again in its next activation (pz8 §2){damaged}"
    if not view.state.started:
        return Readiness.WAITING, f"fires in its activation, once the game starts (pz8 §2){damaged}"
    return Readiness.WAITING, f"fires in its activation (pz8 §2){damaged}"


def _torpedo(view: TurnView, ship: ShipState, gun_and_torpedo: bool) -> tuple[Readiness, str]:
    if int(ship.get("torpedo", 0)) <= 0:
        launched = [t for t in view.counters("torpedoes", all_=True) if t["ship"] == ship.id]
        which = f" ({launched[-1]['id']}, turn {launched[-1]['turn']})" if launched else ""
        return Readiness.OUT, f"salvo launched{which}: one per game (pz8 §5)"
    if view.activation_ship == ship.id:
        if ship.get("fired") and not gun_and_torpedo:
            return Readiness.SPENT, "fired its gun instead (one or the other, by this game's settings)"
        return Readiness.READY, "may launch into the hex in front, once per game (pz8 §5)"
    if ship.get("activated"):
        return Readiness.SPENT, "not launched this turn: its activation is over (pz8 §5)"
    return Readiness.WAITING, "launched in the ship's activation, once per game (pz8 §5)"
