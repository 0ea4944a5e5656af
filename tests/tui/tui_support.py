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


async def play_scene_steps(pilot: Pilot, ruleset: str) -> None:
    """The ruleset's own way to its first attack (its DemoSpec.to_attack), through the screens."""
    from mstracker.rules.registry import package
    from mstracker.tui.screens import battle_scenes as play

    demo = package(ruleset).demo
    assert demo is not None
    for step in demo.to_attack:
        if step.kind == "next-step":
            await play.next_steps(pilot, 1)
        else:
            if step.ship:
                await play.select_ship(pilot, step.ship)
            await play.other_action(pilot, step.kind, faces=step.faces or None, **dict(step.args))
