"""cal's C&C count on demand as a typed action (cal §Command & Control): each fleet's C&C and its fighters and
bombers in play now, the same count the Interphase and the Damage phase make by themselves (steps.cc_report).
It rolls nothing; `prepare` refuses it only in set-up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, DiceRecorder
from ...game.state import GameState
from . import cite
from .action_base import CalAction
from .steps import cc_report


@dataclass(frozen=True)
class Count:
    """A C&C count asked for now (it needs nothing more)."""


class CcCheck(CalAction[Count]):
    """cc-check: the C&C line in the log, whether or not anything changed."""

    spec = ActionSpec(
        "cc-check",
        "count each fleet's C&C and its fighters and bombers in play now (cal §Command & Control) (also done "
        "automatically in the Interphase and the Damage phase); any above C&C must go (remove-ordnance).",
        (),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Count:
        if not state.started:
            raise InvalidAction(f"the game is in set-up; C&C counts craft in play ({cite.COMMAND})")
        return Count()

    def apply(self, p: Count, dice: DiceRecorder, batch: Batch) -> None:
        self.finish(batch, cc_report(self.plugin, batch.state, always=True))
