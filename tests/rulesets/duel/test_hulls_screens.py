"""The hulls test ruleset on the screens (issue 15 item 2): a class table named `hulls` gives a working
builder, and each optional feature it does not declare is hidden with the reason the player reads — the
odds panel, the fire planner and the builder's custom designs — never shown as a silent 0."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from builder_support import go_to_class
from hulls_ruleset import RULESET as HULLS
from textual.widgets import DataTable, Static
from tui_support import make_app, run, settle, text_of

from mstracker.rules import registry
from mstracker.tui.screens.battle_scenes import create_game, demo_of, open_attack, to_attack
from mstracker.tui.screens.planner import PlannerScreen
from mstracker.tui.widgets.fleet_meters import BudgetBar

TITLE = "Hulls (a test ruleset)"


@pytest.fixture(autouse=True)
def hulls_registered() -> Iterator[None]:
    from mstracker.store.catalog import book_ruleset

    registry.register(HULLS)
    book_ruleset.cache_clear()
    yield
    registry.unregister(HULLS.id)
    book_ruleset.cache_clear()


def test_a_class_table_named_hulls_fills_the_builder_and_designs_say_why_there_are_none() -> None:
    async def script(pilot: Any) -> dict[str, Any]:
        await pilot.press("f")
        await settle(pilot)
        screen = pilot.app.screen
        assert screen.load_ruleset("hulls", None)
        table = screen.query_one("#classes", DataTable)
        table.focus()
        await pilot.pause()
        out: dict[str, Any] = {"classes": list(screen.class_names),
                               "rows": [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]}
        await go_to_class(pilot, "Brick")
        out["detail"] = text_of(screen.query_one("#class-text", Static))
        await pilot.press("a")
        await pilot.pause()
        out["budget"] = text_of(screen.query_one(BudgetBar))
        return out

    out = run(make_app(), script)
    assert out["classes"] == ["Cutter", "Brick"]  # duel §1, read from the declared `hulls` table
    assert out["rows"] == [["Cutter", "10", "20"], ["Brick", "20", "40"]]  # cost, then the first stat (armor)
    assert out["detail"].splitlines()[1] == "no custom designs in hulls"
    assert "20 / 60" in out["budget"] and "1 ship" in out["budget"], out["budget"]  # a bare Brick: 20


def test_the_odds_panel_and_the_fire_planner_say_why_they_show_nothing() -> None:
    async def script(pilot: Any) -> dict[str, Any]:
        screen = await create_game(pilot, "hulls")
        await to_attack(pilot, demo_of("hulls"))
        form = await open_attack(pilot, "1", "3")  # Blue Brick at Red Brick: a complete attack
        out: dict[str, Any] = {"odds": text_of(form.query_one("#odds-figures", Static)),
                               "plan": form.query_one("#dice-plan").content.plain}
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen
        await pilot.press("f")
        await settle(pilot)
        planner = pilot.app.screen
        out["planner"] = isinstance(planner, PlannerScreen)
        out["head"] = text_of(planner.query_one("#plan-head", Static))
        out["rows"] = planner.query_one("#plan-table", DataTable).row_count
        return out

    out = run(make_app(), script)
    assert out["odds"] == f"No odds: no exact odds before a roll: {TITLE} declares none"
    assert out["plan"].startswith("1. d6 to hit (3+, a 6 doubles)")  # its dice are still declared (duel §2)
    assert out["planner"] and out["rows"] == 0
    assert out["head"] == f"Fire plan · not offered: no fire planner: {TITLE} declares none"
