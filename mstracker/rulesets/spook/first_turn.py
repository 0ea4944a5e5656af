"""Who takes the first turn: the book is silent (§3 A: placing the fleets is not a turn), so the first player
is a house default (setting first_player): a d6 roll-off, the players tied for highest rolling again, or
the players' own choice.

With the roll-off, it is part of the flow: an obligation (`obligations.first_player`) stands in set-up and
in turn 1 until the roll-off is made, and blocks every action until then. Made in turn 1, the roll-off
hands the turn to its winner.
"""

from __future__ import annotations

from ...game.errors import InvalidAction
from ...game.state import GameState
from .game_base import SpookBase

#: The id of the obligation that stands until the first player is decided.
FIRST_PLAYER = "first-player"

ROLLOFF_HELP = (
    "decide who takes the first turn (house default, the book is silent: setting “Who takes the first turn”: {first_player}): "
    "each player "
    "rolls a d6, the highest goes first, the players tied for highest roll again (one d6 per player still in, "
    "in player order). Made in set-up, or in turn 1 before anything else"
)


def first_player_open(plugin: SpookBase, state: GameState) -> bool:
    """True while the roll-off is still to be made: set-up or turn 1, no roll-off yet, not set aside."""
    if plugin.rules(state).setting("first_player") != "d6_rolloff" or state.turn > 1 or state.finished:
        return False
    if "first_player" not in state.extra:  # a game saved before the roll-off was part of the flow
        return False
    if state.extra["first_player"] is not None:
        return False
    return not any(o.get("id") == FIRST_PLAYER for o in state.extra.get("overrides") or ())


def prepare_rolloff(plugin: SpookBase, state: GameState) -> list[str]:
    """The players who roll, in order; InvalidAction when no roll-off is due."""
    if plugin.rules(state).setting("first_player") != "d6_rolloff":
        raise InvalidAction("the players choose who goes first in this game (setting “Who takes "
                            "the first turn”: the players choose): make that player active with pass-to")
    names = [p.name for p in state.players]
    if len(names) < 2:
        raise InvalidAction("a roll-off needs two or more players")
    older = not state.started and "first_player" not in state.extra  # saved before: set-up still rolls off
    if not first_player_open(plugin, state) and not older:
        first = state.extra.get("first_player")
        who = f" ({state.players[first].name} goes first)" if isinstance(first, int) else ""
        raise InvalidAction(f"who takes the first turn is already decided{who}; the roll-off is made once, "
                            "in set-up or at the start of turn 1")
    return names
