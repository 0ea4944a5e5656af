"""Results of a roll: every face in order, the total and a readable account."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One physical or virtual die: how many sides it had and the face it showed."""

    sides: int
    face: int

    def __str__(self) -> str:
        return f"d{self.sides}={self.face}"


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of an expression."""

    expression: str
    """The expression's text as it was given to `parse`."""
    total: int
    dice: tuple[DieRoll, ...]
    """Every face drawn, in the order the roll consumed them."""
    detail: str
    """Human account, e.g. ``2d6[3,5] + 2 = 10``."""

    def __str__(self) -> str:
        return self.detail
