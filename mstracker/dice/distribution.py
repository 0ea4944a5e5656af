"""Exact, immutable probability distributions over hashable outcomes.

Internally a distribution is a dict of positive integer counts whose gcd is 1; the probability of an
outcome is its count over the sum of all counts, so probabilities are exact and always sum to 1.
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Callable, Hashable, Iterator, Mapping
from fractions import Fraction
from itertools import accumulate
from typing import Any, Generic, TypeVar, overload

from mstracker.dice.errors import DiceError

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

_Weight = int | Fraction


def _sorted_counts(counts: Mapping[Any, int]) -> dict[Any, int]:
    """Drop zero counts, divide by the common gcd, order by outcome when outcomes are sortable."""
    positive = {o: c for o, c in counts.items() if c}
    divisor = math.gcd(*positive.values()) if positive else 1
    if divisor > 1:
        positive = {o: c // divisor for o, c in positive.items()}
    try:
        return dict(sorted(positive.items(), key=operator.itemgetter(0)))
    except TypeError:
        return positive


class Distribution(Generic[T]):
    """An exact probability distribution; every operation returns a new one."""

    __slots__ = ("_counts", "_total")

    _counts: dict[T, int]
    _total: int

    def __init__(self, weights: Mapping[T, _Weight]) -> None:
        """Same as `Distribution.from_weights`."""
        made = Distribution.from_weights(weights)
        self._counts, self._total = made._counts, made._total

    @classmethod
    def _from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        self = object.__new__(cls)
        self._counts = _sorted_counts(counts)
        self._total = sum(self._counts.values())
        if not self._total:
            raise DiceError("a distribution needs at least one outcome with a positive weight")
        return self

    # -- constructors -----------------------------------------------------------------------------

    @classmethod
    def from_weights(cls, weights: Mapping[T, _Weight]) -> Distribution[T]:
        """Normalise non-negative int or Fraction weights into probabilities."""
        fractions = {o: Fraction(w) for o, w in weights.items()}
        if any(w < 0 for w in fractions.values()):
            raise DiceError("a distribution cannot have a negative weight")
        scale = math.lcm(*(w.denominator for w in fractions.values())) if fractions else 1
        return cls._from_counts({o: int(w * scale) for o, w in fractions.items()})

    @classmethod
    def constant(cls, value: T) -> Distribution[T]:
        """The outcome `value` with certainty."""
        return cls._from_counts({value: 1})

    @classmethod
    def die(cls, sides: int) -> Distribution[int]:
        """One fair die numbered 1..sides."""
        if not isinstance(sides, int) or sides < 1:
            raise DiceError(f"a die needs at least 1 side, not {sides!r}")
        return Distribution._from_counts(dict.fromkeys(range(1, sides + 1), 1))

    @classmethod
    def dice(cls, count: int, sides: int) -> Distribution[int]:
        """The sum of `count` fair dice with `sides` sides (0 dice sum to 0)."""
        if not isinstance(count, int) or count < 0:
            raise DiceError(f"cannot roll {count!r} dice")
        cls.die(sides)  # validates sides
        ways = [1]  # ways[i] = ways to total `dice rolled so far + i`
        for _ in range(count):
            prefix = [0, *accumulate(ways)]
            size = len(ways)
            ways = [prefix[min(i + 1, size)] - prefix[max(0, i - sides + 1)]
                    for i in range(size + sides - 1)]
        return Distribution._from_counts({count + i: w for i, w in enumerate(ways)})

    # -- reading ----------------------------------------------------------------------------------

    def items(self) -> list[tuple[T, Fraction]]:
        """(outcome, probability) pairs, sorted by outcome where outcomes are sortable."""
        return [(o, Fraction(c, self._total)) for o, c in self._counts.items()]

    def __getitem__(self, outcome: T) -> Fraction:
        return Fraction(self._counts.get(outcome, 0), self._total)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._counts

    def __iter__(self) -> Iterator[T]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    @property
    def outcomes(self) -> tuple[T, ...]:
        """Every possible outcome, in `items()` order."""
        return tuple(self._counts)

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        """Chance that `predicate(outcome)` is true."""
        return Fraction(sum(c for o, c in self._counts.items() if predicate(o)), self._total)

    @property
    def mean(self) -> Fraction:
        """Exact expected value (numeric outcomes only)."""
        counts: dict[Any, int] = self._counts
        return Fraction(sum(o * c for o, c in counts.items()), self._total)

    @property
    def min(self) -> T:
        """Smallest possible outcome."""
        return min(self._counts)  # type: ignore[type-var]

    @property
    def max(self) -> T:
        """Largest possible outcome."""
        return max(self._counts)  # type: ignore[type-var]

    def to_float_dict(self) -> dict[T, float]:
        """Probabilities as floats, for display."""
        return {o: c / self._total for o, c in self._counts.items()}

    # -- transforming -----------------------------------------------------------------------------

    def map(self, fn: Callable[[T], U]) -> Distribution[U]:
        """Distribution of `fn(outcome)`."""
        counts: dict[U, int] = {}
        for o, c in self._counts.items():
            key = fn(o)
            counts[key] = counts.get(key, 0) + c
        return Distribution._from_counts(counts)

    def combine(self, other: Distribution[U], fn: Callable[[T, U], Any]) -> Distribution[Any]:
        """Distribution of `fn(a, b)` for independent a from self and b from other."""
        counts: dict[Any, int] = {}
        other_items = list(other._counts.items())
        for a, ca in self._counts.items():
            for b, cb in other_items:
                key = fn(a, b)
                counts[key] = counts.get(key, 0) + ca * cb
        return Distribution._from_counts(counts)

    @overload
    def bind(self, fn: Callable[[T], Distribution[U]]) -> Distribution[U]: ...

    @overload
    def bind(self, fn: Callable[[T], U]) -> Distribution[U]: ...

    def bind(self, fn: Callable[[T], Any]) -> Distribution[Any]:
        """Mixture: each outcome leads to a further distribution (a plain value means certainty)."""
        branches: list[tuple[int, Distribution[Any]]] = []
        for o, c in self._counts.items():
            result = fn(o)
            branches.append((c, result if isinstance(result, Distribution)
                             else Distribution.constant(result)))
        scale = math.lcm(*(d._total for _, d in branches))
        counts: dict[Any, int] = {}
        for c, branch in branches:
            factor = c * (scale // branch._total)
            for value, w in branch._counts.items():
                counts[value] = counts.get(value, 0) + factor * w
        return Distribution._from_counts(counts)

    def clamp(self, lo: Any = None, hi: Any = None) -> Distribution[T]:
        """Raise outcomes below `lo` to `lo` and lower those above `hi` to `hi`."""
        if lo is not None and hi is not None and lo > hi:
            raise DiceError(f"cannot clamp to at least {lo} and at most {hi}")

        def clamp_one(o: Any) -> Any:
            if lo is not None and o < lo:
                return lo
            if hi is not None and o > hi:
                return hi
            return o

        return self.map(clamp_one)

    def _arith(self, other: object, op: Callable[[Any, Any], Any], swap: bool = False) -> Distribution[Any]:
        """Combine with another distribution, or apply a number to every outcome; NotImplemented otherwise
        (so Python tries the other operand)."""
        if isinstance(other, Distribution):
            return other.combine(self, op) if swap else self.combine(other, op)
        if isinstance(other, numbers.Number):
            return self.map(lambda o: op(other, o) if swap else op(o, other))
        return NotImplemented

    def __add__(self, other: object) -> Distribution[Any]:
        return self._arith(other, operator.add)

    def __radd__(self, other: object) -> Distribution[Any]:
        return self._arith(other, operator.add, swap=True)

    def __sub__(self, other: object) -> Distribution[Any]:
        return self._arith(other, operator.sub)

    def __rsub__(self, other: object) -> Distribution[Any]:
        return self._arith(other, operator.sub, swap=True)

    def __mul__(self, other: object) -> Distribution[Any]:
        return self._arith(other, operator.mul)

    def __rmul__(self, other: object) -> Distribution[Any]:
        return self._arith(other, operator.mul, swap=True)

    def __neg__(self) -> Distribution[Any]:
        return self.map(lambda o: -o)  # type: ignore[operator]

    # -- identity ---------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._counts == other._counts

    def __hash__(self) -> int:
        return hash(frozenset(self._counts.items()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{o!r}: {p}" for o, p in self.items()[:12])
        more = ", ..." if len(self) > 12 else ""
        return f"Distribution({{{shown}{more}}})"
