"""Small helpers shared by the cal procedures: ship lookup, the d6 check, number formatting."""

from __future__ import annotations

from fractions import Fraction
from typing import Union

from ...dice import DieRoll, Distribution, FaceSource
from ...rules.names import find_entry
from .model import Ruleset, ShipClass

ShipRef = Union[str, ShipClass, tuple[str, ShipClass]]
"""A ship class given by name or code, as a ShipClass (a custom design), or as (display name, ShipClass)."""


def signed(value: int) -> str:
    """+0, +2, -1: how the book writes Crew modifiers and track squares."""
    return f"{value:+d}"


def article(word: str) -> str:
    """'an Escort', 'a Capital Ship'."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def ship_class(ruleset: Ruleset, ship: ShipRef, role: str = "ship class") -> tuple[str, ShipClass]:
    """(display name, class) for a ship given by name/code, as a design, or as a (name, design) pair."""
    if isinstance(ship, tuple):
        name, cls = ship
        return name, cls
    if isinstance(ship, ShipClass):
        return (ship.code or "custom design"), ship
    name, cls = find_entry(ruleset.classes, ship, role)
    return (f"{name} ({cls.code})" if cls.code else name), cls


def succeeds(face: int, crew: int, target: int) -> bool:
    """The book's roll rule: the modified roll succeeds when it is at least the target."""
    return face + crew >= target


def check_distribution(target: int, crew: int = 0) -> Distribution[bool]:
    """Exact chance that 1d6 + crew reaches target (True = success)."""
    return Distribution.die(6).map(lambda face: succeeds(face, crew, target))


def p_success(target: int, crew: int = 0) -> Fraction:
    return check_distribution(target, crew)[True]


def roll_d6(faces: FaceSource) -> tuple[int, DieRoll]:
    face = faces.next_face(6)
    return face, DieRoll(6, face)


def check_int(value: object, what: str, minimum: int | None = None) -> int:
    """A whole number from user input, or ValueError saying what was wrong."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{what} must be at least {minimum}, not {value}")
    return value
