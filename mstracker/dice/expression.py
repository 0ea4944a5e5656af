"""A parsed dice expression: exact odds, the dice a roll needs, and rolling from any face source."""

from __future__ import annotations

from mstracker.dice.distribution import Distribution
from mstracker.dice.errors import FacesError
from mstracker.dice.faces import FaceSource
from mstracker.dice.parser import parse_tree
from mstracker.dice.rolls import DieRoll, Roll


class Expression:
    """Dice notation, parsed and checked against the limits; `Expression(text)` equals `parse(text)`."""

    __slots__ = ("text", "_root", "_measure", "_distribution")

    def __init__(self, text: str) -> None:
        self._root, self._measure = parse_tree(text)
        self.text = text
        self._distribution: Distribution[int] | None = None

    @property
    def min(self) -> int:
        """Smallest possible total (exact, known without computing the distribution)."""
        return self._measure.lo

    @property
    def max(self) -> int:
        """Largest possible total (exact, known without computing the distribution)."""
        return self._measure.hi

    def distribution(self) -> Distribution[int]:
        """Exact distribution of the total, computed once."""
        if self._distribution is None:
            self._distribution = self._root.distribution()
        return self._distribution

    def dice_needed(self) -> list[int]:
        """Sides of every die a roll consumes, in order (for asking the player for faces)."""
        return list(self._root.die_sides())

    def roll(self, source: FaceSource) -> Roll:
        """Roll once, taking faces from `source` in `dice_needed()` order."""
        drawn: list[DieRoll] = []

        def draw(sides: int) -> int:
            face = source.next_face(sides)
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
                raise FacesError(f"face {face!r} is not possible on a d{sides}")
            drawn.append(DieRoll(sides, face))
            return face

        total, text = self._root.roll(draw)
        return Roll(expression=self.text, total=total, dice=tuple(drawn), detail=f"{text} = {total}")

    def __str__(self) -> str:
        return str(self._root)

    def __repr__(self) -> str:
        return f"parse({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expression):
            return NotImplemented
        return self._root == other._root

    def __hash__(self) -> int:
        return hash(self._root)


def parse(text: str) -> Expression:
    """Parse dice notation such as ``2d6+2``, ``25 x d6`` or ``1d12-1 (minimum 1)``."""
    return Expression(text)
