"""Exact odds of the rolling spook actions still decided by `@action` deciders, before their roll, from the
game as it stands: a crossing of mines, the roll-off (a shot's odds are the typed fire's, fire.py).

Crossings go through the same functions as `mstracker odds spook`, so the figures are the command's.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.state import GameState
from ...rules.outcome import AttackOdds
from . import odds as book

if TYPE_CHECKING:
    from .plugin import Plugin

CACHE_LIMIT = 4096


class GameOdds:
    """The odds of `cross-mines` and `roll-off` as the form is filled in (None while incomplete)."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin
        self._cache: dict[tuple, AttackOdds] = {}

    def of(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        try:
            if kind == "cross-mines":
                return self.mines(state, args)
            if kind == "roll-off":
                return self.rolloff(state)
        except InvalidAction:
            return None
        return None

    def mines(self, state: GameState, args: dict[str, Any]) -> AttackOdds | None:
        if not args.get("ship") or not args.get("count"):
            return None
        ms = self.plugin.prepare_mines(state, args)
        armor = int(ms.ship.record.get("armor") or 0) or None
        if ms.harmless:
            return AttackOdds(p_hit=Fraction(0), damage={0: Fraction(1)}, expected_damage=Fraction(0),
                              p_destroy=Fraction(0) if armor else None, notes=(f"no roll: {ms.harmless}",))
        options = {"mines": ms.count, "armor": armor, "per_mine": ms.dice == ms.count}
        return self._cached(state, options, lambda rules: book.mines_odds(
            rules, ms.count, armor=armor, per_mine=ms.dice == ms.count))

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

    def _cached(self, state: GameState, options: dict[str, Any], work: Any) -> AttackOdds:
        rules = self.plugin.rules(state)
        # the plugin keeps the ruleset of each set of settings for good, so its id names the settings
        key = (id(rules), *sorted((k, v) for k, v in options.items() if v is not None))
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > CACHE_LIMIT:
                self._cache.clear()
            found = self._cache[key] = work(rules)
        return found
