"""The objective checked at the end of every turn (lukas §1.d), as the setting objective says.

Last armed ships standing (ships with no weapons do not count), first to destroy a number of enemy
ships, first team to lose a named ship, or first to destroy every enemy capital ship; "agreed" leaves
the end of the game to the table (end-game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.errors import InvalidAction
from ...game.events import Event
from ...game.generic import end_game, note
from ...game.state import GameState
from .game_base import armed, home_owner, player_name

if TYPE_CHECKING:
    from .plugin import Plugin



def objectives(plugin: Plugin, state: GameState) -> list[Event]:
    if len(state.players) < 2:
        return []
    kind = str(state.settings.get("objective", "last_man_standing"))
    check = {
        "last_man_standing": _last_man_standing,
        "destroy_count": _destroy_count,
        "lose_named_ship": _lose_named_ship,
        "destroy_capitals": _destroy_capitals,
    }.get(kind)
    return check(state) if check else []


def _last_man_standing(state: GameState) -> list[Event]:
    standing = [p for p in range(len(state.players)) if any(armed(s) for s in state.ships_of(p))]
    if len(standing) == 1:
        name = player_name(state, standing[0])
        return [end_game(state, f"Victory for {name}: the last armed ships standing", standing[0])]
    if not standing:
        return [end_game(state, "Draw: no armed ships left")]
    return []


def _destroy_count(state: GameState) -> list[Event]:
    need = int(state.settings.get("objective_kills", 10))
    order = [state.active, *(p for p in range(len(state.players)) if p != state.active)]
    for p in order:
        if state.players[p].resources.get("kills", 0) >= need:
            return [end_game(state, f"Victory for {player_name(state, p)}: first to destroy {need} enemy ships", p)]
    return []


def _lose_named_ship(state: GameState) -> list[Event]:
    refs = [r.strip() for r in str(state.settings.get("objective_ships", "")).split(",") if r.strip()]
    if not refs:
        if state.turn > len(state.players):
            return []
        return [note("the objective is to lose no named ship, but none is named: set the ships to protect "
                     "(setting “For objective lose_named_ship: the ships”) in the game settings")]
    events: list[Event] = []
    for ref in refs:
        try:
            ship = state.find_ship(ref)
        except InvalidAction as exc:  # a bad setting is reported, not fatal
            if state.turn <= len(state.players):
                events.append(note(f"the ships to protect (setting “For objective lose_named_ship: the ships”): {exc}"))
            continue
        home = home_owner(state, ship)
        if ship.get("destroyed") or ship.owner != home:
            how = "destroyed" if ship.get("destroyed") else "captured"
            loser = player_name(state, home)
            others = [p for p in range(len(state.players)) if p != home]
            winner = others[0] if len(others) == 1 else None
            return [end_game(state, f"{loser} loses: {ship.label} was {how}", winner)]
    return events


def _destroy_capitals(state: GameState) -> list[Event]:
    def capitals_left(p: int) -> bool:
        return any(s.ship_class == "Capital Ship" and not s.get("destroyed") for s in state.ships_of(p))

    fielded = {home_owner(state, s) for s in state.ships.values() if s.ship_class == "Capital Ship"}
    order = [state.active, *(p for p in range(len(state.players)) if p != state.active)]
    for p in order:
        rivals = [q for q in range(len(state.players)) if q != p and q in fielded]
        if rivals and not any(capitals_left(q) for q in rivals):
            return [end_game(state, f"Victory for {player_name(state, p)}: every enemy capital ship is destroyed", p)]
    return []
