"""The order of turns, decided before anything else (lukas §1.b): "When starting the game, the first
thing you should do is decide on an order of people to take their turns in. Roll of dice is good."

The book names no die: each player rolls the die of the setting order_die (a d6, house default), the
highest goes first and the others follow from highest to lowest; players tied with each other roll
again, up to MAX_ROUNDS rounds, after which the seating order breaks a tie. The table may instead
name the player who goes first (the others follow in seating order). Allowed in the set-up, or in turn
1 before its ship actions; until then an obligation holds the game (`table`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from ...game.state import GameState
from ...game.typed_action import OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan, Faces, PlanBuilder, face
from ...rules.names import possessive
from .acting import SETUP_PHASE, order_decided
from .game_base import cite

if TYPE_CHECKING:
    from .plugin import Plugin

MAX_ROUNDS = 4

ORDER_ARGS = (ArgSpec("first", ArgType.PLAYER, "the player the table chose to go first (leave it blank to roll)",
                      required=False),)
ORDER_HELP = ("decide the order of turns before anything else (lukas §1.b): each player rolls a die (a d6 by "
              "default, a house default the rules reference lists), the highest goes first and the "
              "others follow from highest to lowest; tied players roll again. Or name the player the table chose "
              "to go first: the others follow in seating order.")


@dataclass(frozen=True)
class OrderRequest:
    """A checked roll-order: how many players roll which die, or who the table chose."""

    names: tuple[str, ...]
    sides: int
    first: int | None


def why_not_order(state: GameState) -> str | None:
    """Why the order of turns cannot be decided now, or None."""
    if order_decided(state):
        names = ", then ".join(state.players[p].name for p in state.extra["order"])
        return f"the order of turns is decided: {names} (undo roll-order to decide again)"
    phase = state.current_phase
    if state.started and (state.turn > 1 or phase is None or phase.id != SETUP_PHASE):
        return f"the order of turns is decided before the game ({cite('§1.b')}); turn {state.turn} is under way"
    return None


# ---- who rolls when ---------------------------------------------------------------------------------


def rolls_in_round(keys: Sequence[Sequence[int]], rolled_last: Sequence[bool], r: int) -> list[int]:
    """The players who roll in round `r` (1-based): everybody first, then those still tied with another."""
    if r == 1:
        return list(range(len(keys)))
    return [p for p in range(len(keys)) if rolled_last[p]
            and any(q != p and rolled_last[q] and keys[q] == keys[p] for q in range(len(keys)))]


def order_dice(request: OrderRequest) -> DicePlan:
    """Every die of the roll in rolling order: round by round, players in seating order; a die of round
    2 and later is rolled only by a player still tied."""
    builder = PlanBuilder()
    if request.first is not None:
        return builder.build()
    n = len(request.names)
    index: dict[tuple[int, int], int] = {}
    table = f"Order of turns ({cite('§1.b')}; a d{request.sides} is the house default)"
    for r in range(1, MAX_ROUNDS + 1):
        for p, name in enumerate(request.names):
            when = None if r == 1 else _rolls_when(index, n, r, p)
            purpose = f"{possessive(name)} roll for the order of turns" if r == 1 else f"{name} rolls again (round {r})"
            index[(r, p)] = builder.die(request.sides, purpose, player=p, table=table, when=when,
                                        when_text="" if r == 1 else f"if {name} is still tied with another player")
    return builder.build()


def _rolls_when(index: dict[tuple[int, int], int], n: int, r: int, p: int) -> Callable[[Faces], bool]:
    def test(faces: Faces) -> bool:
        keys: list[list[int]] = [[] for _ in range(n)]
        for rr in range(1, r):
            for q in range(n):
                f = face(faces, index[(rr, q)])
                if f is not None:
                    keys[q].append(f)
        rolled_last = [face(faces, index[(r - 1, q)]) is not None for q in range(n)]
        return p in rolls_in_round(keys, rolled_last, r)
    return test


def write_order(request: OrderRequest, dice: DiceRecorder, batch: Batch) -> None:
    n = len(request.names)
    if request.first is not None:
        order = [(request.first + k) % n for k in range(n)]
        text = (f"Order of turns decided at the table ({cite('§1.b')}): {_listing(request.names, order)} "
                "(seating order after the first).")
        batch.story("order-decided", text, order=order, rolls=[])
    else:
        keys: list[list[int]] = [[] for _ in range(n)]
        rolled_last = [True] * n
        words = []
        for r in range(1, MAX_ROUNDS + 1):
            rolling = rolls_in_round(keys, rolled_last, r)
            if not rolling:
                break
            for p in rolling:
                keys[p].append(dice.roll(request.sides))
            rolled_last = [p in rolling for p in range(n)]
            shown = ", ".join(f"{request.names[p]} {keys[p][-1]}" for p in rolling)
            words.append(f"d{request.sides}: {shown}" if r == 1 else f"tied, roll again: {shown}")
        order = sorted(range(n), key=lambda p: ([-f for f in keys[p]], p))
        left_tied = rolls_in_round(keys, rolled_last, MAX_ROUNDS + 1)
        tail = f"; still tied after {MAX_ROUNDS} rolls, seating order decides" if left_tied else ""
        text = (f"Order of turns ({cite('§1.b')}), {'; '.join(words)}{tail}: {_listing(request.names, order)} "
                f"(the book says only that a roll of dice is good; a d{request.sides} is the die in force, a house default).")
        batch.story("order-decided", text, order=order, rolls=keys)
    names = ", then ".join(request.names[p] for p in order)
    batch.extra("order", order, f"Order of turns: {names}")
    batch.active(order[0], f"The first turn goes to {request.names[order[0]]}, now the active player")


def _listing(names: Sequence[str], order: Sequence[int]) -> str:
    rest = ", then ".join(names[p] for p in order[1:])
    return f"{names[order[0]]} goes first" + (f", then {rest}" if rest else "")


# ---- the typed action ----------------------------------------------------------------------------------

GAME = ""  # the outcome's key for what is no ship: the game's order of turns (OddsWords.ship None reads it)


def goes_first(request: OrderRequest, player: int) -> str:
    return f"{request.names[player]} goes first"


class RollOrder(RuleAction[OrderRequest]):
    """roll-order: the order of turns, rolled or named at the table (lukas §1.b)."""

    spec = ActionSpec("roll-order", ORDER_HELP, ORDER_ARGS, rolls=True)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> OrderRequest:
        reason = why_not_order(state)
        if reason is not None:
            raise InvalidAction(reason)
        first = state.find_player(args["first"]) if args.get("first") else None
        sides = int(self.plugin.rules(state).setting("order_die"))
        return OrderRequest(tuple(p.name for p in state.players), sides, first)

    def dice(self, p: OrderRequest) -> DicePlan:
        return order_dice(p)

    def outcome(self, p: OrderRequest) -> Distribution[Outcome] | None:
        """The chance of each player to go first, exactly (ties roll again; the seat breaks a last tie);
        None when the table named the first player (nothing is rolled)."""
        if p.first is not None:
            return None
        chances = _first_place(frozenset(range(len(p.names))), MAX_ROUNDS, p.sides)
        return Distribution.from_weights({Outcome(states=((GAME, goes_first(p, k)),)): c for k, c in chances.items()})

    def odds_words(self, p: OrderRequest) -> OddsWords:
        notes = (f"each player rolls a d{p.sides}; the highest goes first; tied players roll again "
                 f"(up to {MAX_ROUNDS} rolls, then the seating order decides)",)
        return OddsWords(ship=None, results=tuple(goes_first(p, k) for k in range(len(p.names))), notes=notes)

    def observed(self, p: OrderRequest, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        return Outcome(states=((GAME, goes_first(p, after.extra["order"][0])),))

    def apply(self, p: OrderRequest, dice: DiceRecorder, batch: Batch) -> None:
        write_order(p, dice, batch)


@cache
def _first_place(contenders: frozenset[int], rounds: int, sides: int) -> dict[int, Fraction]:
    if len(contenders) == 1 or rounds == 0:
        return {min(contenders): Fraction(1)}
    m = len(contenders)
    out: dict[int, Fraction] = {}
    for k in range(1, m + 1):
        # a given set of k players shares the highest face v, the other m-k roll lower
        p_set = sum((Fraction(1, sides) ** k) * (Fraction(v - 1, sides) ** (m - k)) for v in range(1, sides + 1))
        for tied in combinations(sorted(contenders), k):
            for p, chance in _first_place(frozenset(tied), rounds - 1, sides).items():
                out[p] = out.get(p, Fraction(0)) + p_set * chance
    return out
