"""The "X;Y" reload cycle of weapons, devices and abilities (RULES.md A4.4), counted in own turns.

X uses (at most one per own turn), then Y own turns without, then X uses again. With the setting
reload_uses_consecutive, skipping a turn in the middle of a cycle ends it early and starts the wait.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .model import Reload


@dataclass(frozen=True)
class ReloadState:
    """Where one item stands in its reload cycle. Turns are the owner's own turn numbers."""

    cycle: Reload
    uses_left: int
    ready_on: int = 0
    last_used: int | None = None

    @classmethod
    def fresh(cls, cycle: Reload | str) -> ReloadState:
        parsed = Reload.parse(cycle) if isinstance(cycle, str) else cycle
        assert parsed is not None
        return cls(parsed, parsed.uses)

    def _settled(self, turn: int, consecutive: bool) -> ReloadState:
        state = self
        broken = (
            consecutive
            and state.last_used is not None
            and 0 < state.uses_left < state.cycle.uses
            and turn > state.last_used + 1
        )
        if broken:
            assert state.last_used is not None
            state = replace(state, uses_left=0, ready_on=state.last_used + state.cycle.wait + 1)
        if state.uses_left == 0 and turn >= state.ready_on:
            state = replace(state, uses_left=state.cycle.uses)
        return state

    def available(self, turn: int, *, consecutive: bool = False) -> bool:
        """May the item be used on own turn `turn`?"""
        if self.last_used == turn:
            return False
        return self._settled(turn, consecutive).uses_left > 0

    def turns_to_wait(self, turn: int, *, consecutive: bool = False) -> int:
        """Own turns from `turn` until the item is usable (0 = now)."""
        if self.available(turn, consecutive=consecutive):
            return 0
        if self.last_used == turn and self._settled(turn, consecutive).uses_left > 0:
            return 1
        return max(self._settled(turn, consecutive).ready_on - turn, 1)

    def use(self, turn: int, *, consecutive: bool = False) -> ReloadState:
        """The state after using the item on own turn `turn`; ValueError if it is reloading."""
        if not self.available(turn, consecutive=consecutive):
            wait = self.turns_to_wait(turn, consecutive=consecutive)
            raise ValueError(f"not ready on turn {turn}: usable again in {wait} own turn(s)")
        state = self._settled(turn, consecutive)
        left = state.uses_left - 1
        ready = turn + state.cycle.wait + 1 if left == 0 else state.ready_on
        return replace(state, uses_left=left, ready_on=ready, last_used=turn)
