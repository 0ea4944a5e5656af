"""Helpers for the form tests: a battle of chosen fleets, a form opened on it, waiting until it is ready."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

from textual.pilot import Pilot

from mstracker.dice import TypedFaces
from mstracker.fleet import Roster, ShipEntry
from mstracker.game import Action
from mstracker.paths import app_dirs
from mstracker.store.games import GameStore
from mstracker.tui.games import open_game
from mstracker.tui.modals.action_form import ActionFormModal


def ship(name: str, cls: str, weapons: tuple[str, ...] = (), devices: tuple[str, ...] = ()) -> ShipEntry:
    return ShipEntry(name=name, weapons=weapons, devices=devices, **{"class": cls})


def roster(ruleset: str, player: str, *ships: ShipEntry) -> Roster:
    return Roster(ruleset=ruleset, name=f"{player} fleet", player=player, cap=2000, ships=ships)


async def until(pilot: Pilot, test: Callable[[], Any], seconds: float = 60.0) -> Any:
    """Let the app run until `test()` holds (a busy machine may take long), then return what it gave."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        value = test()
        if value:
            return value
        await asyncio.sleep(0.02)
    raise AssertionError("the app never got there")


async def open_battle(pilot: Pilot, ruleset: str, rosters: Sequence[Roster], roll_off: Sequence[int] = ()) -> Any:
    """A new game of these fleets on the battle screen; with `roll_off` faces, who starts, then turn 1."""
    from mstracker.tui.screens.battle import BattleScreen

    with GameStore.default(app_dirs()) as store:
        game_id = store.create_game("Form test", ruleset, list(rosters))
    open_game(pilot.app, game_id)
    battle = await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, BattleScreen) else None)
    if roll_off:
        battle.perform_action(Action("roll-off", {}), TypedFaces(list(roll_off)))
        battle.perform_action(Action("next-step", {}), TypedFaces([]))
        await pilot.pause()
    return battle


async def form_of(pilot: Pilot, battle: Any, kind: str, **extra: Any) -> ActionFormModal:
    """The form of `kind`, opened as the battle opens it, once it is ready for keys."""
    battle.open_form(kind, extra or None)
    return await ready_form(pilot)


async def ready_form(pilot: Pilot) -> ActionFormModal:
    return await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, ActionFormModal)
                       and pilot.app.screen._ready_at is not None and pilot.app.screen.focused is not None else None)


def offered(form: ActionFormModal, name: str) -> list[str]:
    """The values a field's picker lets the player choose (greyed ones left out)."""
    field = form.field(name)
    assert field is not None, name
    return [v for _, v in field.options if v not in field.greyed]


async def choose(pilot: Pilot, form: ActionFormModal, name: str, value: str) -> None:
    """Pick a value in a field's list, as the player does (the form follows it)."""
    from textual.widgets import Select

    form.query_one(f"#arg-{name}", Select).value = value
    await pilot.pause()
    await pilot.pause()
