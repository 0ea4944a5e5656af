"""Where faces come from: a seeded rng, or faces the player typed in from physical dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from mstracker.dice.errors import FacesError
from mstracker.dice.rolls import DieRoll

if TYPE_CHECKING:
    import random


@runtime_checkable
class FaceSource(Protocol):
    """Anything that can hand out the face of one die at a time."""

    def next_face(self, sides: int) -> int:
        """The face (1..sides) shown by the next die with `sides` sides."""
        ...


def _check_sides(sides: int) -> None:
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
        raise FacesError(f"a die needs at least 1 side, not {sides!r}")


class RngFaces:
    """Faces drawn from an injected `random.Random`; every draw is recorded in `drawn`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.drawn: list[DieRoll] = []

    def next_face(self, sides: int) -> int:
        """Draw `rng.randint(1, sides)`."""
        _check_sides(sides)
        face = self.rng.randint(1, sides)
        self.drawn.append(DieRoll(sides, face))
        return face


class TypedFaces:
    """Faces the player typed in, handed out in order and checked against the die asked for."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = tuple(faces)
        for face in self._faces:
            if not isinstance(face, int) or isinstance(face, bool):
                raise FacesError(f"face {face!r} is not a whole number")
        self._next = 0
        self.drawn: list[DieRoll] = []

    @property
    def used(self) -> tuple[int, ...]:
        """The typed faces handed out so far, in order."""
        return self._faces[: self._next]

    @property
    def remaining(self) -> tuple[int, ...]:
        """The typed faces not yet handed out (empty when every face was needed)."""
        return self._faces[self._next :]

    def next_face(self, sides: int) -> int:
        """The next typed face; FacesError if it is impossible on this die or none are left."""
        _check_sides(sides)
        if self._next >= len(self._faces):
            raise FacesError(_ran_out_message(sides, len(self._faces)))
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise FacesError(f"face {face} is not possible on a d{sides} (it shows 1 to {sides})")
        self._next += 1
        self.drawn.append(DieRoll(sides, face))
        return face


def _ran_out_message(sides: int, typed: int) -> str:
    if typed == 0:
        return f"needed a d{sides}, but no faces were typed"
    if typed == 1:
        return f"needed a d{sides} after 1 face, but only 1 was typed"
    return f"needed a d{sides} after {typed} faces, but only {typed} were typed"
