"""Expression tree: each node knows its exact distribution, how to roll, its bounds and its text."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import reduce
from typing import ClassVar

from mstracker.dice.distribution import Distribution
from mstracker.dice.errors import DiceLimitError
from mstracker.dice.limits import MAX_SUPPORT

Draw = Callable[[int], int]
"""Returns the face of one die with the given number of sides."""

_OPERATORS: dict[str, Callable[[int, int], int]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "min": min, "max": max,
}


@dataclass(frozen=True, slots=True)
class Measure:
    """What is known before computing: exact min and max, a bound on the support, estimated work."""

    lo: int
    hi: int
    support: int
    work: int


def _checked(node: Node, lo: int, hi: int, support: int, work: int) -> Measure:
    support = min(support, hi - lo + 1)
    if support > MAX_SUPPORT:
        raise DiceLimitError(
            f'"{node}" could have up to {support:,} different results; '
            f"the limit is {MAX_SUPPORT:,} different results",
            limit="different results",
        )
    return Measure(lo, hi, support, work)


def _wrap(text: str, child: Node, parent_precedence: int, strict: bool = False) -> str:
    weaker = child.precedence <= parent_precedence if strict else child.precedence < parent_precedence
    return f"({text})" if weaker else text


class Node:
    """Base of the expression tree; `precedence` decides where brackets are needed in text."""

    precedence: ClassVar[int] = 4

    def distribution(self) -> Distribution[int]:
        """The exact distribution of this node's value."""
        raise NotImplementedError

    def roll(self, draw: Draw) -> tuple[int, str]:
        """Roll the node: its value and its text with the faces shown."""
        raise NotImplementedError

    def measure(self) -> Measure:
        """Bounds and cost, raising DiceLimitError if the support could be too large."""
        raise NotImplementedError

    def die_sides(self) -> Iterator[int]:
        """The sides of each die a roll consumes, in order."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Const(Node):
    """A whole number (never negative: a minus sign is a `Neg`)."""

    value: int

    def distribution(self) -> Distribution[int]:
        return Distribution.constant(self.value)

    def roll(self, draw: Draw) -> tuple[int, str]:
        return self.value, str(self)

    def measure(self) -> Measure:
        return Measure(self.value, self.value, 1, 1)

    def die_sides(self) -> Iterator[int]:
        return iter(())

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Dice(Node):
    """NdX: the sum of `count` dice with `sides` sides."""

    count: int
    sides: int

    def distribution(self) -> Distribution[int]:
        return Distribution.dice(self.count, self.sides)

    def roll(self, draw: Draw) -> tuple[int, str]:
        faces = [draw(self.sides) for _ in range(self.count)]
        return sum(faces), f"{self}[{','.join(map(str, faces))}]"

    def measure(self) -> Measure:
        support = self.count * (self.sides - 1) + 1
        return _checked(self, self.count, self.count * self.sides, support, self.count * support)

    def die_sides(self) -> Iterator[int]:
        return iter([self.sides] * self.count)

    def __str__(self) -> str:
        return f"{self.count if self.count != 1 else ''}d{self.sides}"


@dataclass(frozen=True, slots=True)
class Neg(Node):
    """Unary minus."""

    operand: Node
    precedence: ClassVar[int] = 3

    def distribution(self) -> Distribution[int]:
        return -self.operand.distribution()

    def roll(self, draw: Draw) -> tuple[int, str]:
        value, text = self.operand.roll(draw)
        return -value, "-" + _wrap(text, self.operand, self.precedence, strict=True)

    def measure(self) -> Measure:
        m = self.operand.measure()
        return Measure(-m.hi, -m.lo, m.support, m.work + m.support)

    def die_sides(self) -> Iterator[int]:
        return self.operand.die_sides()

    def __str__(self) -> str:
        return "-" + _wrap(str(self.operand), self.operand, self.precedence, strict=True)


@dataclass(frozen=True, slots=True)
class BinOp(Node):
    """`left op right` for op in + - *; the two sides are rolled independently."""

    op: str
    left: Node
    right: Node

    @property
    def precedence(self) -> int:  # type: ignore[override]
        return 2 if self.op == "*" else 1

    def distribution(self) -> Distribution[int]:
        return self.left.distribution().combine(self.right.distribution(), _OPERATORS[self.op])

    def roll(self, draw: Draw) -> tuple[int, str]:
        left, left_text = self.left.roll(draw)
        right, right_text = self.right.roll(draw)
        return _OPERATORS[self.op](left, right), self._join(left_text, right_text)

    def measure(self) -> Measure:
        a, b = self.left.measure(), self.right.measure()
        fn = _OPERATORS[self.op]
        corners = [fn(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        work = a.work + b.work + a.support * b.support
        return _checked(self, min(corners), max(corners), a.support * b.support, work)

    def die_sides(self) -> Iterator[int]:
        yield from self.left.die_sides()
        yield from self.right.die_sides()

    def _join(self, left: str, right: str) -> str:
        return (f"{_wrap(left, self.left, self.precedence)} {self.op} "
                f"{_wrap(right, self.right, self.precedence, strict=True)}")

    def __str__(self) -> str:
        return self._join(str(self.left), str(self.right))


@dataclass(frozen=True, slots=True)
class Call(Node):
    """`min(a, b, ...)` or `max(a, b, ...)`: the smallest or largest of independent values."""

    name: str
    args: tuple[Node, ...]

    def distribution(self) -> Distribution[int]:
        fn = _OPERATORS[self.name]
        return reduce(lambda acc, arg: acc.combine(arg.distribution(), fn),
                      self.args[1:], self.args[0].distribution())

    def roll(self, draw: Draw) -> tuple[int, str]:
        rolled = [arg.roll(draw) for arg in self.args]
        values = [v for v, _ in rolled]
        value = min(values) if self.name == "min" else max(values)
        return value, f"{self.name}({', '.join(t for _, t in rolled)})"

    def measure(self) -> Measure:
        fn = _OPERATORS[self.name]
        acc = self.args[0].measure()
        for arg in self.args[1:]:
            m = arg.measure()
            work = acc.work + m.work + acc.support * m.support
            acc = _checked(self, fn(acc.lo, m.lo), fn(acc.hi, m.hi), acc.support + m.support, work)
        return acc

    def die_sides(self) -> Iterator[int]:
        for arg in self.args:
            yield from arg.die_sides()

    def __str__(self) -> str:
        return f"{self.name}({', '.join(map(str, self.args))})"


@dataclass(frozen=True, slots=True)
class Clamp(Node):
    """A rulebook clamp: `x min N` means at least N, `x max N` means at most N."""

    operand: Node
    kind: str
    bound: int
    precedence: ClassVar[int] = 0

    def _apply(self, value: int) -> int:
        return max(value, self.bound) if self.kind == "min" else min(value, self.bound)

    def distribution(self) -> Distribution[int]:
        return self.operand.distribution().map(self._apply)

    def roll(self, draw: Draw) -> tuple[int, str]:
        value, text = self.operand.roll(draw)
        return self._apply(value), f"{text} {self.kind} {self.bound}"

    def measure(self) -> Measure:
        m = self.operand.measure()
        return _checked(self, self._apply(m.lo), self._apply(m.hi), m.support, m.work + m.support)

    def die_sides(self) -> Iterator[int]:
        return self.operand.die_sides()

    def __str__(self) -> str:
        return f"{self.operand} {self.kind} {self.bound}"
