"""Immediate damage (a ram, a hard turn, a Reactor Breach blast), resolved at once with the thresholds
(cal §Damage): its odds as the attack dialog shows them, and its exact outcome (the SS taken, never past
0; destroyed by a Reactor Breach on the table it calls for, or at SS 0 under ss_zero_destroys)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from .damage_record import immediate_table, own_roll_spent
from ...dice import Distribution
from ...game.state import GameState, ShipState
from ...game.typed_action import Outcome
from ...rules.outcome import AttackOdds
from .damage import NONE, destroy_chance
from .odds import destroy_note

if TYPE_CHECKING:
    from .plugin import Plugin


def destroys(plugin: Plugin, state: GameState, ship: ShipState, amount: int) -> Fraction:
    """The chance `amount` of immediate damage destroys `ship` now."""
    rules = plugin.rules(state)
    ss = int(ship.record["ss"])
    if own_roll_spent(plugin, state, ship):  # no table of its own: only SS 0 under ss_zero_destroys
        return Fraction(int(bool(plugin.setting(state, "ss_zero_destroys")) and amount > 0 and ss - amount <= 0))
    return destroy_chance(rules, ss, amount)


def hit_outcome(plugin: Plugin, state: GameState, hits: Sequence[tuple[ShipState, int]]) -> Distribution[Outcome]:
    """What the hits do together: each ship takes its SS (never past 0) and is destroyed or not, independently."""
    together: Distribution[Outcome] = Distribution.constant(Outcome())
    for ship, amount in hits:
        taken = min(amount, int(ship.record["ss"]))
        chance = destroys(plugin, state, ship, amount)
        alive = Outcome(dealt=((ship.id, taken),))
        dead = Outcome(dealt=((ship.id, taken),), destroyed=frozenset({ship.id}))
        one = (Distribution.constant(alive) if chance == 0 else Distribution.constant(dead) if chance == 1
               else Distribution({alive: 1 - chance, dead: chance}))
        together = together.bind(_followed_by(one))
    return together


def _followed_by(later: Distribution[Outcome]) -> Callable[[Outcome], Distribution[Outcome]]:
    return lambda sofar: later.map(sofar.then)


def hit_odds(plugin: Plugin, state: GameState, hits: Sequence[tuple[ShipState, int]]) -> AttackOdds:
    """Immediate damage to some ships, each resolved at once (cal §Damage), as the dialog lists it."""
    rules = plugin.rules(state)
    outcomes: dict[str, Fraction] = {}
    survive = Fraction(1)
    for ship, amount in hits:
        table = immediate_table(plugin, state, ship, amount)
        outcomes[f"{ship.label}: {amount} damage, " + ("no table" if table == NONE else f"the {table.title()} table")] = Fraction(1)
        chance = destroys(plugin, state, ship, amount)
        outcomes[f"{ship.label} destroyed"] = chance
        survive *= 1 - chance
    damage = {hits[0][1]: Fraction(1)} if len(hits) == 1 else None
    return AttackOdds(p_hit=None, damage=damage, expected_damage=Fraction(hits[0][1]) if damage else None,
                      outcomes=outcomes, p_destroy=1 - survive if hits else Fraction(0), notes=(destroy_note(rules),))
