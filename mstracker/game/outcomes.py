"""Generic code over a typed action's outcome (game.typed_action): the odds of one decision and focus fire.

`odds_of` turns an outcome distribution into the AttackOdds every screen shows (the attack dialog,
`mstracker odds` in a game, the planner's row): the hit chance, the damage dealt to the target (already
capped at what it had: the one definition of expected damage, game.damage), the chance it is destroyed,
the chance of each result word and of each mark, the headline's name. `fold` makes several decisions on one
target one after another, each prepared again after what the ones before did (`RuleAction.after`), in the
rules' order, then settled once (`RuleAction.settle`: what later dice make of it all), so one attack's focus
fire is exactly its row.

Pure: no I/O; Fractions throughout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..dice import Distribution
from ..rules.outcome import AttackOdds
from .typed_action import OddsWords, Outcome, RuleAction

__all__ = ["fold", "odds_of"]


def odds_of(outcome: Distribution[Outcome], words: OddsWords) -> AttackOdds:
    """The odds of one decision from the exact distribution of what it does."""
    ship = words.ship
    hits = [o.hit for o in outcome.outcomes if o.hit is not None]
    p_hit = outcome.probability(lambda o: bool(o.hit)) if hits else None
    damage: dict[int, Fraction] | None = None
    expected: Fraction | None = None
    if ship is not None and any(o.damage_to(ship) is not None for o in outcome.outcomes):
        dealt = outcome.map(lambda o: o.damage_to(ship) or 0)
        expected = dealt.mean
        damage = dict(dealt.items()) if words.damage_table else None
    outcomes = None
    if words.result is not None:
        outcomes = dict(outcome.map(words.result).items())
    elif words.results:
        first = words.results[0]  # the word of "nothing changed" ("none")
        reached = outcome.map(lambda o: o.state_of(ship or "") or first)
        outcomes = {w: reached.probability(w.__eq__) for w in words.results}
    p_destroy = outcome.probability(lambda o: ship in o.destroyed) if ship is not None and words.destroys else None
    extra: dict[str, Fraction] = {f"p_{m}": outcome.probability(_has_mark(m)) for m in words.marks}
    extra.update(words.extra)
    return AttackOdds(p_hit=p_hit, damage=damage, outcomes=outcomes, expected_damage=expected, p_destroy=p_destroy,
                      extra=extra, notes=words.notes, hit_label=words.hit_label)


def _has_mark(mark: str) -> Callable[[Outcome], bool]:
    return lambda o: mark in o.marks


def fold(steps: Sequence[tuple[RuleAction[Any], Any]], target: str) -> Distribution[Outcome]:
    """What several decisions (action, prepared value) on `target`, made in this order, do together: each is
    made again after what the earlier ones did; a target destroyed takes no more."""
    together: Distribution[Outcome] = Distribution.constant(Outcome())
    for action, prepared in steps:
        cache: dict[Outcome, Distribution[Outcome]] = {}

        def extend(sofar: Outcome, action: RuleAction[Any] = action, prepared: Any = prepared,
                   cache: dict[Outcome, Distribution[Outcome]] = cache) -> Distribution[Outcome]:
            if target in sofar.destroyed:
                return Distribution.constant(sofar)
            found = cache.get(sofar)
            if found is None:
                again = action.after(prepared, sofar)
                made = action.outcome(again) if again is not None else None
                found = cache[sofar] = (Distribution.constant(sofar) if made is None
                                        else made.map(sofar.then))
            return found

        together = together.bind(extend)
    if steps:  # what comes of it all later (cal's Damage phase), once, from the first decision's view
        first, prepared = steps[0]
        together = together.bind(lambda o: first.settle(prepared, o))
    return together
