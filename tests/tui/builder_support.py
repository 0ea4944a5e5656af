"""Helpers for the fleet-builder tests: move the class cursor, mount an offered item, read the footer."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList
from textual.widgets._footer import FooterKey

from mstracker.tui.widgets.loadout_panel import LoadoutPanel


async def go_to_class(pilot: Pilot, name: str) -> None:
    screen = pilot.app.screen
    table = screen.query_one("#classes", DataTable)
    steps = screen.class_names.index(name) - table.cursor_row
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps))
    assert screen.class_names[table.cursor_row] == name


async def press_on_class(pilot: Pilot, name: str, key: str) -> Any:
    """Move the class cursor to `name`, press `key` there (a: add a ship, d: edit its design) and return
    the screen then on top."""
    await go_to_class(pilot, name)
    await pilot.press(key)
    await pilot.pause()
    return pilot.app.screen


async def retype(pilot: Pilot, text: str) -> None:
    """Replace what the focused input holds."""
    await pilot.press("ctrl+u", "end", "ctrl+u", *text)


async def mount(pilot: Pilot, kind: str, item: str) -> None:
    """Move the offer cursor to `item` with up/down (they skip the headers) and mount it with enter."""
    panel = pilot.app.screen.query_one(LoadoutPanel)
    offer = panel.query_one("#offer", OptionList)
    if not offer.has_focus:
        await pilot.press("l")
    key = next(k for k, v in panel.mountable.items() if v == (kind, item))
    target = offer.get_option_index(key)
    current = offer.highlighted or 0
    low, high = sorted((current, target))
    steps = sum(1 for i in range(low, high + 1) if i != current and not offer.get_option_at_index(i).disabled)
    await pilot.press(*(["down"] if target > current else ["up"]) * steps, "enter")
    await pilot.pause()


def footer_keys(pilot: Pilot) -> dict[str, Any]:
    """Footer descriptions shown in full (on screen, clear of the palette key), with their keys."""
    keys = list(pilot.app.screen.query(FooterKey))
    palette = next((k for k in keys if k.action == "app.command_palette" or k.action == "command_palette"), None)
    right = palette.region.x if palette is not None else pilot.app.screen.size.width
    return {k.description: k.key for k in keys if k is not palette and k.region.width and k.region.right <= right}
