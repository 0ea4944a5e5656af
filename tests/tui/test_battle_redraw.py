"""A key in the battle redraws only what it changes (issue 16: key → frame slowed down with 2 x 25
ships): moving the selection repaints the two cards it leaves and reaches, and lays nothing out again."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets._footer import FooterKey
from tui_support import make_app, run, screen_after, settle

from mstracker.game import Action
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


def layouts_after(monkeypatch: pytest.MonkeyPatch, keys: tuple[str, ...], prepare: Any = None) -> Any:
    """The widgets that asked for a layout pass while `keys` were pressed in the battle, and the screen."""
    asked: list[str] = []
    original = Widget.refresh

    def counting(self: Widget, *regions: Any, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Any:
        if layout or recompose:
            asked.append(type(self).__name__)
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    monkeypatch.setattr(Widget, "refresh", counting)

    async def script(pilot: Any) -> tuple:
        screen = await screen_after(pilot, "b")
        assert isinstance(screen, BattleScreen)
        if prepare is not None:
            prepare(screen)
        await settle(pilot)
        seen = []
        for key in keys:
            asked.clear()
            await pilot.press(key)
            await settle(pilot)
            dim = {k.action: k.has_class("-disabled") for k in screen.query(FooterKey) if k.action in ("undo", "redo")}
            seen.append((key, asked[:], dim))
        return seen

    return run(make_app(), script)


def test_undo_and_redo_restyle_their_footer_keys_and_lay_nothing_out(monkeypatch: pytest.MonkeyPatch) -> None:
    def adjust(screen: BattleScreen) -> None:
        screen.perform_action(Action("adjust", {"target": screen.selected, "key": "armor", "delta": -1}), None)

    seen = layouts_after(monkeypatch, ("u", "r", "u"), adjust)
    assert [asked for _, asked, _ in seen] == [[], [], []]  # the log, the cards and the footer: repaints only
    # after an undo there is something to redo (and, here, nothing left to undo); after the redo the other way
    assert [dim for _, _, dim in seen] == [{"undo": True, "redo": False}, {"undo": False, "redo": True},
                                          {"undo": True, "redo": False}]


def test_a_tick_rebuilds_the_checklist_and_writes_the_log_without_a_layout_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    def to_manual_step(screen: BattleScreen) -> None:
        if not screen.state.started:  # who starts is rolled first (a refusal, where none is rolled, is harmless)
            screen.perform_action(Action("roll-off", {}), screen.app_faces())
        for _ in range(20):
            state = screen.state
            if state.started and state.current_step is not None and not screen.session.engine.is_auto(state.current_step):
                return
            screen.perform_action(Action("next-step", {"force": True}), screen.app_faces())
        raise AssertionError("no manual step to tick")

    seen = layouts_after(monkeypatch, ("space", "space"), to_manual_step)
    assert [asked for _, asked, _ in seen] == [[], []]
