"""A key in the battle redraws only what it changes (issue 16: key → frame slowed down with 2 x 25
ships): moving the selection repaints the two cards it leaves and reaches, and lays nothing out again."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widget import Widget
from tui_support import make_app, run, screen_after, settle

from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.widgets.ship_card import ShipCard


def test_a_selection_move_repaints_two_cards_and_asks_for_no_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Widget, bool]] = []
    original = Widget.refresh

    def counting(self: Widget, *regions: Any, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Any:
        calls.append((self, layout))
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    monkeypatch.setattr(Widget, "refresh", counting)

    async def script(pilot: Any) -> tuple:
        screen = await screen_after(pilot, "b")
        assert isinstance(screen, BattleScreen)
        await settle(pilot)
        before = screen.selected
        calls.clear()
        await pilot.press("down")
        await settle(pilot)
        cards = {w.ship.id for w, _ in calls if isinstance(w, ShipCard)}
        layouts = [type(w).__name__ for w, layout in calls if layout]
        return before, screen.selected, cards, layouts, screen.cards[screen.selected].has_class("-selected"), \
            screen.cards[before].has_class("-selected")

    before, after, cards, layouts, now_selected, was_selected = run(make_app(), script)
    assert before != after
    assert cards == {before, after}  # the card left and the card reached; no other card is redrawn
    assert layouts == []  # an outline drawn over the card takes no room: no layout pass
    assert now_selected and not was_selected
