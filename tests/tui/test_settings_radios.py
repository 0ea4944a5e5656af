"""The Settings dice-mode radios read as chosen or not without colour (NO_COLOR): the chosen one "▐●▌",
the other "▐○▌" (Textual draws "▐●▌" for both and tells them apart by colour only)."""

from __future__ import annotations

from typing import Any

import pytest
from tui_support import SIZE, make_app, run, settle

from mstracker.tui.screens.settings import SettingsScreen
from mstracker.tui.widgets.choice_radio import ChoiceRadio


async def to_settings(pilot: Any) -> None:
    await pilot.press("s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SettingsScreen)


def marks(pilot: Any) -> dict[str, str]:
    return {r.id: r.render().plain.strip() for r in pilot.app.screen.query(ChoiceRadio)}


def test_the_chosen_dice_mode_reads_as_chosen_in_plain_text_and_m_moves_the_mark() -> None:
    async def script(pilot: Any) -> tuple[dict, dict]:
        await to_settings(pilot)
        before = marks(pilot)
        await pilot.press("m")
        await settle(pilot)
        return before, marks(pilot)

    before, after = run(make_app(), script)
    assert before == {"mode-app": "▐●▌ the app rolls", "mode-physical": "▐○▌ I roll physical dice"}
    assert after == {"mode-app": "▐○▌ the app rolls", "mode-physical": "▐●▌ I roll physical dice"}


def test_settings_without_colour_snapshot(snap_compare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # read (and dropped) by the app when it is made
    assert snap_compare(make_app(), run_before=to_settings, terminal_size=SIZE)
