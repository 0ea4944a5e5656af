"""What is on a pz8 table besides the Spaceships: Torpedo salvos in flight (pz8 §5), asteroids and the
drift arrow (pz8 §6, from the game's set-up on), and a shot that may still be answered (pz8 §4)."""

from __future__ import annotations

from ...game.state import GameState
from ...rules.contract import TableItem
from .view import TurnView


def table_items(state: GameState) -> tuple[TableItem, ...]:
    view = TurnView(state)
    out: list[TableItem] = []
    for t in view.torpedoes():
        ship = state.ships.get(t["ship"])
        launcher = ship.label if ship else f"#{t['ship']}"
        where = f" · placed at {t['where']}" if t.get("where") else ""
        out.append(TableItem(t["id"], "Torpedo salvo", int(t["owner"]),
                             f"launched by {launcher} in turn {t['turn']}{where} · moves 6 MPs toward the nearest "
                             "enemy at each end of turn (pz8 §5)", ship=t["ship"], arg_kind="torpedo"))
    for a in view.asteroids():
        where = f"at {a['where']} · " if a.get("where") else ""
        out.append(TableItem(a["id"], "Asteroid", None,
                             f"{where}shifts one hex with the drift arrow at each end of turn; destroys what it hits "
                             "(pz8 §6)", arg_kind="asteroid"))
    drift = str(state.extra.get("drift") or "")
    if drift or view.asteroids():
        text = f"points {drift}" if drift else "not set yet (set-drift records it)"
        out.append(TableItem("drift", "Drift arrow", None, f"{text}: every asteroid shifts one hex that way (pz8 §6)"))
    pending = view.pending
    if pending is not None and pending.ship in state.ships and pending.at in state.ships:
        ship, at = state.ships[pending.ship], state.ships[pending.at]
        out.append(TableItem("fire-back", "Fire-back chance", ship.owner,
                             f"{ship.label} may fire back at {at.label}, {pending.distance} hexes, at -1 to hit, at "
                             "once (pz8 §4)", ship=ship.id))
    return tuple(out)
