"""Helpers for the TUI tests: one way to build the app (the factory), run it, type and read it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from mstracker.app_factory import build_app
from mstracker.paths import app_dirs
from mstracker.tui.app import MstrackerApp

SEED = 20240611
SIZE = (120, 36)


def make_app(seed: int = SEED) -> MstrackerApp:
    """The app as the CLI builds it, with the test's MSTRACKER_HOME and a seeded rng."""
    return build_app(dirs=app_dirs(), rng=random.Random(seed))


def run(app: MstrackerApp, script: Callable[[Pilot], Awaitable[Any]], notifications: bool = False) -> Any:
    """Run `script(pilot)` against the app at 120x36 and return what it returns."""

    async def main() -> Any:
        async with app.run_test(size=SIZE, notifications=notifications) as pilot:
            await pilot.pause()
            result = await script(pilot)
            await pilot.pause()
            return result

    return asyncio.run(main())


async def type_text(pilot: Pilot, text: str) -> None:
    keys = ["space" if ch == " " else ch for ch in text]
    await pilot.press(*keys)


async def settle(pilot: Pilot) -> None:
    """Let workers finish and the screen catch up."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def screen_after(pilot: Pilot, *keys: str) -> Any:
    """Press `keys`, let the app settle, and return the screen then on top (the one the keys opened)."""
    await pilot.press(*keys)
    await settle(pilot)
    return pilot.app.screen


async def palette_command(pilot: Pilot, title: str) -> None:
    """Run a command by its title through the command palette: ctrl+p, the title, enter."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await type_text(pilot, title)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await settle(pilot)


def text_of(widget: Static) -> str:
    content = widget.content
    if isinstance(content, Text):
        return content.plain
    return str(content)


def record_notifications(app: MstrackerApp) -> list[str]:
    seen: list[str] = []
    original = app.notify

    def notify(message: str, **kwargs: Any) -> None:
        seen.append(message)
        original(message, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    return seen


async def to_demo_attack(pilot: Pilot, ruleset: str) -> None:
    """The steps of the ruleset's demo up to its first attack, through the screens."""
    from mstracker.tui.screens.battle_scenes import demo_of, to_attack

    await to_attack(pilot, demo_of(ruleset))


async def spook_to_attack(pilot: Pilot) -> None:
    """The spook demo battle: turn 1 and its automatic upkeep steps, to the first attack."""
    await to_demo_attack(pilot, "spook")


async def end_the_game(pilot: Pilot, result: str = "Blue holds the field") -> None:
    """End the game from the battle screen as a player does: ctrl+e, confirm, type the result, record it,
    and close the form (back on the battle screen)."""
    from mstracker.tui.screens.battle_scenes import fill

    await pilot.press("ctrl+e")
    await settle(pilot)
    await pilot.press("y")
    await settle(pilot)
    await fill(pilot, "result", result)
    await pilot.press("ctrl+r")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
