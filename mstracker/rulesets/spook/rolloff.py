"""spook's roll-off for the first turn as a typed action (house default, the book is silent; setting
first_player): each player rolls a d6, the players tied for highest roll again.

`prepare` refuses when no roll-off is due (first_turn.prepare_rolloff: the players choose, already decided);
`dice` declares a d6 per player, then per player still tied, up to ROLLOFF_ROUNDS rounds; `apply` hands the
first turn to the winner. Its odds (each player as likely to go first, the chance the first round settles
it) name no target ship, so it has no outcome to fold: `odds` gives them as they always were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, DiceRecorder, dice_data
from ...game.state import GameState
from ...game.typed_action import RuleAction
from ...rules.contract import DicePlan
from ...rules.outcome import AttackOdds
from .first_turn import ROLLOFF_HELP
from .plans import rolloff_plan
from .table_rolls import ROLLOFF_ROUNDS, resolve_rolloff
from .first_turn import prepare_rolloff

if TYPE_CHECKING:
    from .plugin import Plugin


@dataclass(frozen=True)
class RollOffPlayers:
    """The players who roll off, in player order, and whether the game has started (turn 1)."""

    names: tuple[str, ...]
    started: bool


class RollOff(RuleAction[RollOffPlayers]):
    """roll-off (see the module docstring)."""

    plugin: Plugin
    spec = ActionSpec("roll-off", ROLLOFF_HELP, (), rolls=True)

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> RollOffPlayers:
        return RollOffPlayers(tuple(prepare_rolloff(self.plugin, state)), state.started)

    def dice(self, p: RollOffPlayers) -> DicePlan:
        return rolloff_plan(list(p.names))

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """Each player is as likely to go first; the chance the first round settles it (no tie for highest)."""
        try:
            names = self.prepare(state, args).names
        except InvalidAction:
            return None
        n = len(names)
        tie_free = Fraction(0)
        # P(one player strictly highest) = sum over the top face t of n * (1/6) * ((t-1)/6)^(n-1)
        for top in range(1, 7):
            tie_free += n * Fraction(1, 6) * Fraction(top - 1, 6) ** (n - 1)
        return AttackOdds(p_hit=tie_free, outcomes={f"{name} goes first": Fraction(1, n) for name in names},
                          extra={"p_tie_first_round": 1 - tie_free}, hit_label="Settled at once",
                          notes=("a tie for highest rolls again",))

    def apply(self, p: RollOffPlayers, dice: DiceRecorder, batch: Batch) -> None:
        names = list(p.names)
        try:
            res = resolve_rolloff(names, dice, ROLLOFF_ROUNDS)
        except ValueError as exc:
            raise InvalidAction(f"{exc}: roll off again") from None
        first = names.index(res.outcome["first"])
        batch.story("rolloff", " ".join(s.text for s in res.steps), dice=dice_data(dice.take()), first=first)
        batch.extra("first_player", first, f"{names[first]} takes the first turn")
        batch.active(first, f"{names[first]} is the active player" + (" for turn 1" if p.started else ""))
