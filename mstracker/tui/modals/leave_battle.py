"""Esc in the battle asks before going Home, in one line that says the game is kept: every action is saved
as it is applied, so leaving loses nothing, and `c` on Home resumes it where it was left."""

from __future__ import annotations

from collections.abc import Callable

from .confirm import ConfirmModal


def leave_question(game_name: str) -> str:
    return f"Leave {game_name!r} for Home? It is saved as played: c on Home resumes it."


def leave_modal(game_name: str) -> ConfirmModal:
    """y leaves; n, Esc or Enter (the cursor starts on Stay) stays in the battle."""
    return ConfirmModal(leave_question(game_name), yes="Home", no="Stay", yes_keys="y", no_keys="n")


def ask_to_leave(screen: object, game_name: str, leave: Callable[[], None]) -> None:
    """Push the question on `screen`'s app; `leave` runs only on yes."""

    def answered(yes: bool | None) -> None:
        if yes:
            leave()

    screen.app.push_screen(leave_modal(game_name), answered)  # type: ignore[attr-defined]
