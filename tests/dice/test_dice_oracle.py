"""Every distribution equals icepool's for the same dice (icepool is the test oracle only)."""

from collections.abc import Callable
from fractions import Fraction

import icepool
import pytest

from mstracker.dice import Distribution, parse


def oracle(die: icepool.Die) -> dict[int, Fraction]:
    return {o: p for o, p in zip(die.outcomes(), die.probabilities(), strict=True) if p}


def at_least(n: int) -> Callable[[int], int]:
    return lambda x: max(x, n)


d = icepool.d
CASES: list[tuple[str, icepool.Die]] = [
    ("1d12 -1 (minimum 1)", (d(12) - 1).map(at_least(1))),
    ("1d12-1 min 1", (d(12) - 1).map(at_least(1))),
    ("1d6-1 min. 1", (d(6) - 1).map(at_least(1))),
    ("1d6 - 1 (min 1)", (d(6) - 1).map(at_least(1))),
    ("2d12+2", 2 @ d(12) + 2),
    ("25 x [roll of d6]", 25 * d(6)),
    ("25 x d6", 25 * d(6)),
    ("25×d6", 25 * d(6)),
    ("30 x d6", 30 * d(6)),
    ("2d6", 2 @ d(6)),
    ("3d6 - 2d4", 3 @ d(6) - 2 @ d(4)),
    ("d6 * d8", d(6) * d(8)),
    ("-(d6 + 2) * 3", -(d(6) + 2) * 3),
    ("min(2d6, d10)", icepool.map(lambda a, b: min(a, b), 2 @ d(6), d(10))),
    ("max(d20, d20) + 1", icepool.map(lambda a, b: max(a, b), d(20), d(20)) + 1),
    ("2d10 max 12", (2 @ d(10)).map(lambda x: min(x, 12))),
    ("(d8 min 3) * (d4 - 2)", d(8).map(at_least(3)) * (d(4) - 2)),
    ("20d6", 20 @ d(6)),
    ("d1", d(1)),
    ("7", icepool.Die([7])),
]


@pytest.mark.parametrize("text,die", CASES, ids=[text for text, _ in CASES])
def test_distribution_equals_icepool(text, die):
    dist = parse(text).distribution()
    assert sum(p for _, p in dist.items()) == 1
    assert dict(dist.items()) == oracle(die)


@pytest.mark.parametrize("n,sides", [(1, 6), (2, 6), (5, 10), (12, 3), (40, 6)])
def test_dice_constructor_equals_icepool(n, sides):
    assert dict(Distribution.dice(n, sides).items()) == oracle(n @ d(sides))
