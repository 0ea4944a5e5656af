"""Expected damage: one definition for the attack dialog, `mstracker odds`, the fire planner's single-shot
column, focus fire and the battle report's expected-against-actual (pure).

**Expected damage is the damage an attack deals, capped at what the target has**: damage past the armor
(or SS) left is no damage. For a typed action (game.typed_action) it is the mean of its outcome's `dealt`
to the target, which the action caps itself (game.outcomes), so one attack's focus fire and its planner row
agree by construction (spook and lukas: armor taken, never past 0; cal: the SS the round's recorded damage
will take in the Damage phase; pz8: damage steps, Undamaged → Damaged → Destroyed). For odds an action
works out by hand (its own `odds`), it is their damage distribution with each value capped at the target's
first bar (armor, SS) as it stands; without a distribution, the odds' own expected damage.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..rules.outcome import capped_damage, capped_mean
from .state import GameState, ShipState

if TYPE_CHECKING:
    from ..rules.outcome import AttackOdds
    from .plugin import RulesetPlugin

__all__ = ["capped_mean", "expected_dealt", "with_expected_dealt"]


def expected_dealt(plugin: RulesetPlugin, state: GameState, kind: str, args: Mapping[str, Any],
                   odds: AttackOdds | None) -> Fraction | None:
    """Expected damage (see the module docstring) of action `kind` with these checked `args`."""
    target = plugin.attack_target(state, kind, dict(args))
    if target is None:
        return odds.expected_damage if odds is not None else None
    if odds is None:
        return None
    bars = plugin.record_spec().bars()
    left = target.record.get(bars[0].key) if bars else None
    if odds.damage and isinstance(left, int) and not isinstance(left, bool):
        return capped_mean(odds.damage, left)
    return odds.expected_damage


def with_expected_dealt(plugin: RulesetPlugin, state: GameState, kind: str, args: Mapping[str, Any],
                        odds: AttackOdds | None) -> AttackOdds | None:
    """The odds with their expected damage given by the one definition (the rest as the ruleset gave it)."""
    if odds is None:
        return None
    dealt = expected_dealt(plugin, state, kind, args, odds)
    if dealt is None or dealt == odds.expected_damage:
        return odds
    left = _left(plugin, state, kind, args)
    damage = capped_damage(odds.damage, left) if odds.damage and left is not None else odds.damage
    return dataclasses.replace(odds, expected_damage=dealt, damage=damage)  # the chart shows the same dealt


def _left(plugin: RulesetPlugin, state: GameState, kind: str, args: Mapping[str, Any]) -> int | None:
    """What the action's target has left on its first bar (armor, SS), or None."""
    target = plugin.attack_target(state, kind, dict(args))
    bars = plugin.record_spec().bars()
    left = target.record.get(bars[0].key) if target is not None and bars else None
    return left if isinstance(left, int) and not isinstance(left, bool) else None
