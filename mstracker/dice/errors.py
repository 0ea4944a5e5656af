"""Typed dice errors: each message is one sentence a player can act on."""

from __future__ import annotations


class DiceError(ValueError):
    """Base class for every error raised by the dice package."""


class DiceSyntaxError(DiceError):
    """The notation could not be read; ``position`` is the 0-based offset of the problem."""

    def __init__(self, message: str, *, text: str = "", position: int = 0) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


class DiceLimitError(DiceError):
    """The expression is readable but too big; ``limit`` names the limit that was hit."""

    def __init__(self, message: str, *, limit: str) -> None:
        super().__init__(message)
        self.limit = limit


class FacesError(DiceError):
    """Typed-in faces do not fit the dice that the roll needs."""
