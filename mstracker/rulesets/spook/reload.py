"""The "X;Y" reload cycle of weapons, devices and abilities (§5, §6, §7 "Reload"), counted in own turns.

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


@dataclass(frozen=True)
class ReloadCounter:
    """The same "X;Y" cycle as `ReloadState`, kept the way a ship record shows it.

    `uses` left in this cycle, `wait` = own turns until the item is usable again (0 = ready),
    `used` = already used on the owner's current turn. The owner's upkeep calls `next_own_turn`;
    a use calls `use`. Availability agrees with `ReloadState` turn by turn (tested), but every
    number is one a player can read on the record and fix by hand.
    """

    cycle: Reload
    uses: int
    wait: int = 0
    used: bool = False

    @classmethod
    def fresh(cls, cycle: Reload | str) -> ReloadCounter:
        parsed = Reload.parse(cycle) if isinstance(cycle, str) else cycle
        assert parsed is not None
        return cls(parsed, parsed.uses)

    @property
    def available(self) -> bool:
        """May the item be used now (this own turn)?"""
        return not self.used and self.wait == 0 and self.uses > 0

    def refusal(self) -> str:
        """Why the item cannot be used now, in words ('' when it can)."""
        if self.used:
            return "has already been used this turn"
        if self.wait or self.uses <= 0:
            turns = max(self.wait, 1)
            return f"is reloading ({self.cycle}): usable again in {turns} own turn{'s' if turns != 1 else ''}"
        return ""

    def use(self) -> ReloadCounter:
        """The counter after one use this turn; ValueError says why it cannot be used."""
        if not self.available:
            raise ValueError(self.refusal())
        left = self.uses - 1
        # Used up on own turn T: unusable on T+1 .. T+Y ("wait the second number in turns"), so Y+1 own turns from now.
        return replace(self, uses=left, used=True, wait=self.cycle.wait + 1 if left == 0 else 0)

    def next_own_turn(self, *, consecutive: bool = False) -> ReloadCounter:
        """The counter at the start of the owner's next turn (the reload step of the upkeep)."""
        uses, wait = self.uses, self.wait
        if wait > 0:
            wait -= 1
        elif consecutive and not self.used and 0 < uses < self.cycle.uses:
            # A skipped turn ends the cycle early: the wait runs from the last use (last own turn but one).
            uses, wait = 0, self.cycle.wait - 1
        if uses <= 0 and wait <= 0:
            uses, wait = self.cycle.uses, 0
        return ReloadCounter(self.cycle, uses, wait, False)
