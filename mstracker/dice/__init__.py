"""Dice: notation parser, rolls from a seeded rng or typed-in faces, exact distributions.

Pure: standard library only, no I/O, no global random state, never ``eval``.
"""

from mstracker.dice.distribution import Distribution
from mstracker.dice.errors import DiceError, DiceLimitError, DiceSyntaxError, FacesError
from mstracker.dice.expression import Expression, parse
from mstracker.dice.faces import FaceSource, RngFaces, TypedFaces
from mstracker.dice.rolls import DieRoll, Roll

__all__ = [
    "DiceError",
    "DiceLimitError",
    "DiceSyntaxError",
    "DieRoll",
    "Distribution",
    "Expression",
    "FaceSource",
    "FacesError",
    "Roll",
    "RngFaces",
    "TypedFaces",
    "parse",
]
