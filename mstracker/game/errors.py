"""Typed errors of the game core. Each message is one sentence a player can act on."""

from __future__ import annotations


class GameError(ValueError):
    """Base class of every game-core error."""


class InvalidAction(GameError):
    """The action is not allowed now; nothing was changed. The message says why."""


class InvalidSetting(GameError):
    """A game setting key or value is not allowed; the message names the valid choices."""


class IllegalRoster(GameError):
    """A fleet breaks the ruleset's fleet rules; `findings` lists (fleet, message) for every error.
    The players may still agree to play it as a non-standard game (new_game allow_illegal)."""

    def __init__(self, message: str, findings: list[tuple[str, str]]) -> None:
        super().__init__(message)
        self.findings = findings
