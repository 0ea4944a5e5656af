"""Exact odds of the roll-off, the one rolling spook action still decided by an `@action` decider, before
its roll (a shot's odds are the typed fire's, fire.py; a crossing of mines', mines.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.state import GameState
from ...rules.outcome import AttackOdds

if TYPE_CHECKING:
    from .plugin import Plugin


class GameOdds:
    """The odds of `roll-off` (None while it may not be rolled)."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin

    def of(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        try:
            if kind == "roll-off":
                return self.rolloff(state)
        except InvalidAction:
            return None
        return None

    def rolloff(self, state: GameState) -> AttackOdds:
        """Each player is as likely to go first; the chance the first round settles it (no tie for highest)."""
        names = self.plugin.prepare_rolloff(state)
        n = len(names)
        tie_free = Fraction(0)
        # P(one player strictly highest) = sum over the top face t of n * (1/6) * ((t-1)/6)^(n-1)
        for top in range(1, 7):
            tie_free += n * Fraction(1, 6) * Fraction(top - 1, 6) ** (n - 1)
        return AttackOdds(p_hit=tie_free, outcomes={f"{name} goes first": Fraction(1, n) for name in names},
                          extra={"p_tie_first_round": 1 - tie_free}, hit_label="Settled at once",
                          notes=("a tie for highest rolls again",))
