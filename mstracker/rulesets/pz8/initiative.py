"""Initiative and activation steps of a pz8 turn.

Each side rolls 1D6, the higher has the initiative (ties rolled again). A side activates one ship per
step, two if it has twice the enemy's ships, three with three times, and so on.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from mstracker.dice import DieRoll, Distribution, FaceSource

from ...rules.outcome import Resolution, Step
from .model import Ruleset

SIDES = 6
MAX_INITIATIVE_ROLLS = 10
"""Tied initiative rolls are rolled again (pz8 §2); the roll declares this many roll-offs and gives up
after this many ties in a row (a chance of 1 in 6**10, about 1 in 60 million, with fair dice)."""


def _roll(faces: FaceSource, count: int) -> tuple[DieRoll, ...]:
    return tuple(DieRoll(SIDES, faces.next_face(SIDES)) for _ in range(count))


def _check_sides(sides: Mapping[str, int]) -> list[str]:
    names = list(sides)
    if len(names) != 2:
        raise ValueError(f"pz8 initiative is between two sides, not {len(names)}.")
    for name in names:
        count = sides[name]
        if not name.strip():
            raise ValueError("Each side needs a name.")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"{name} must have a whole number of ships, not {count!r}.")
    return names


def activation_quota(ruleset: Ruleset, own: int, enemy: int) -> int:
    """Ships a side activates per step: 1, or 2 with double the enemy's ships, 3 with triple, ...

    Rounds by the `activation_rounding` setting (floor by default) and never goes below 1. A side
    whose enemy has no ships left activates all of its ships at once; a side with none has 0.
    """
    if own <= 0:
        return 0
    if enemy <= 0:
        return own
    mode = ruleset.setting("activation_rounding")
    if mode == "ceil":
        k = -(-own // enemy)
    elif mode == "round":
        k = int(Fraction(own, enemy) + Fraction(1, 2))
    else:
        k = own // enemy
    return max(1, k)


def activation_quotas(ruleset: Ruleset, sides: Mapping[str, int]) -> dict[str, int]:
    """Each side's activations per step, from the surviving ship counts of both sides."""
    a, b = _check_sides(sides)
    return {a: activation_quota(ruleset, sides[a], sides[b]), b: activation_quota(ruleset, sides[b], sides[a])}


def activation_steps(ruleset: Ruleset, sides: Mapping[str, int], first: str) -> tuple[tuple[str, int], ...]:
    """The turn's activation steps as (side, ships): alternating from `first`, each side activating
    its quota; once one side has activated every ship, the other activates all it has left."""
    names = _check_sides(sides)
    if first not in names:
        raise ValueError(f"{first!r} is not one of the sides ({', '.join(names)}).")
    quota = activation_quotas(ruleset, sides)
    order = [first, names[1] if first == names[0] else names[0]]
    left = dict(sides)
    steps: list[tuple[str, int]] = []
    turn = 0
    while any(left.values()):
        side, other = order[turn % 2], order[(turn + 1) % 2]
        turn += 1
        if not left[side]:
            continue
        n = left[side] if not left[other] else min(quota[side], left[side])
        steps.append((side, n))
        left[side] -= n
    return tuple(steps)


def roll_initiative(ruleset: Ruleset, sides: Mapping[str, int], faces: FaceSource) -> Resolution:
    """Each side rolls 1D6 (first side first); the higher wins, ties are rolled again.

    Outcome: winner, rolls (one [a, b] pair per roll-off), quota per side, steps (activation steps).
    """
    a, b = _check_sides(sides)
    for name in (a, b):
        if sides[name] == 0:
            raise ValueError(f"{name} has no Spaceships left: the game is over.")
    steps: list[Step] = []
    rolls: list[list[int]] = []
    winner = ""
    while not winner:
        if len(rolls) >= MAX_INITIATIVE_ROLLS:
            raise ValueError(f"The initiative tied {MAX_INITIATIVE_ROLLS} times in a row (ties are rolled again, "
                             "pz8 §2): roll the initiative again.")
        da, db = _roll(faces, 1), _roll(faces, 1)
        fa, fb = da[0].face, db[0].face
        rolls.append([fa, fb])
        if fa == fb:
            steps.append(Step(f"Initiative: {a} rolls {fa}, {b} rolls {fb}: a tie, roll again.", da + db))
            continue
        winner = a if fa > fb else b
        steps.append(Step(f"Initiative: {a} rolls {fa}, {b} rolls {fb}: {winner} has the initiative.", da + db))
    quota = activation_quotas(ruleset, sides)
    steps.append(
        Step(
            f"Activations per step: {a} {quota[a]} ({sides[a]} ships against {sides[b]}), "
            f"{b} {quota[b]} ({sides[b]} against {sides[a]})."
        )
    )
    order = activation_steps(ruleset, sides, winner)
    return Resolution(
        steps=tuple(steps),
        summary=f"{winner} has the initiative; {a} activates {quota[a]} per step, {b} {quota[b]}.",
        outcome={"winner": winner, "rolls": rolls, "quota": quota, "steps": [list(s) for s in order]},
    )


def initiative_distribution(ruleset: Ruleset, sides: Mapping[str, int]) -> Distribution[str]:
    """Chance of each side winning the initiative (ties rerolled, so each roll-off that is not a tie)."""
    a, b = _check_sides(sides)
    die = Distribution.die(SIDES)
    pair = die.combine(die, lambda x, y: a if x > y else b if y > x else "")
    return Distribution.from_weights({a: pair[a], b: pair[b]})
