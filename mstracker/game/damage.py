"""Expected damage: one definition for the attack dialog, `mstracker odds`, the fire planner's single-shot
column, focus fire and the battle report's expected-against-actual (pure).

**Expected damage is the damage an attack deals, capped at what the target has**: damage past the armor
(or SS) left is no damage. Where the ruleset plans fire (`target_condition`, `shot_conditions`,
`condition_damage`), it is the mean of `condition_damage(start, after)` over the conditions one attack
leaves the target in, the very steps focus fire folds, so one attack's focus fire and its planner row
agree by construction (spook and lukas: armor taken, never past 0; cal: the SS the round's recorded
damage will take in the Damage phase; pz8: damage steps, Undamaged → Damaged → Destroyed). Where it plans
none, it is the odds' damage distribution with each value capped at the target's first bar (armor, SS)
as it stands; with neither, the odds' own expected damage.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..rules.outcome import capped_mean
from .state import GameState, ShipState

if TYPE_CHECKING:
    from ..rules.outcome import AttackOdds
    from .plugin import RulesetPlugin

__all__ = ["capped_mean", "expected_dealt", "planned_dealt", "with_expected_dealt"]


def planned_dealt(plugin: RulesetPlugin, state: GameState, target: ShipState, kind: str,
                  args: Mapping[str, Any]) -> Fraction | None:
    """The mean of what one attack takes off the target in the ruleset's own plan of fire (None: it plans none)."""
    start = plugin.target_condition(state, target)
    if start is None:
        return None
    after = plugin.shot_conditions(state, kind, dict(args), start)
    if after is None:
        return None
    return sum((p * plugin.condition_damage(state, target, start, c) for c, p in after.items()), Fraction(0))


def expected_dealt(plugin: RulesetPlugin, state: GameState, kind: str, args: Mapping[str, Any],
                   odds: AttackOdds | None) -> Fraction | None:
    """Expected damage (see the module docstring) of action `kind` with these checked `args`."""
    target = plugin.attack_target(state, kind, dict(args))
    if target is None:
        return odds.expected_damage if odds is not None else None
    planned = planned_dealt(plugin, state, target, kind, args)
    if planned is not None:
        return planned
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
    return dataclasses.replace(odds, expected_damage=dealt)
