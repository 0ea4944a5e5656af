"""Form descriptions wrap and are read in full (issue 16, play-test round 3: at 120x36 the attack dialog's
description lost its last line, "ALLY now, or settle it afterwards with friendly-fire", and a yes/no
field's description was cut at the edge)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from form_support import open_battle, ready_form, roster, ship
from textual.widget import Widget
from tui_support import make_app

from mstracker.dice import TypedFaces
from mstracker.game import Action

FLEETS = [
    roster("spook", "Blue", ship("Pike", "Frigate", ("Ion Beam",))),  # 1
    roster("spook", "Red", ship("Lance", "Lancer")),  # 2
]


def lines_shown(widget: Widget) -> list[str]:
    """The widget's lines as drawn on the screen (its visible part)."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def whole(widget: Widget) -> bool:
    """Every wrapped line of the widget is in view: none scrolled away or cut at the bottom."""
    return widget.max_scroll_y == 0 and widget.size.height == widget.get_content_height(
        widget.size, widget.size, widget.size.width)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_the_attack_dialog_s_descriptions_wrap_and_show_in_full(size: tuple[int, int]) -> None:
    async def main() -> dict[str, Any]:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            battle = await open_battle(pilot, "spook", FLEETS, roll_off=(6, 1))  # Blue starts (spook §3 A)
            for _ in range(3):  # the turn's upkeep steps, to the attacks
                battle.perform_action(Action("next-step", {}), TypedFaces([]))
            await pilot.pause()
            battle.open_form("fire", {"ship": "1", "weapon": "w1", "target": "2"})
            form = await ready_form(pilot)
            await pilot.pause()
            description = form.query_one("#action-help")
            in_range = form.query_one("#arg-in_range")
            return {"help": " ".join(" ".join(lines_shown(description)).split()), "help whole": whole(description),
                    "in range": " ".join(" ".join(lines_shown(in_range)).split()), "yes/no whole": whole(in_range),
                    "help lines": description.size.height}

    seen = asyncio.run(main())
    assert seen["in range"] == ("☐ no not measured: the target is plainly within reach (else type the distance in "
                                "units); the log says 'in range (not measured)'")
    assert seen["yes/no whole"]
    if size == (120, 36):
        assert seen["help whole"]
        assert seen["help"].startswith("fire one weapon at an enemy ship (spook §3 B2, §5).")
        assert seen["help"].endswith("name it as “ally” now, or settle it afterwards with Friendly fire (x, the Actions list)")
        assert seen["help lines"] == 6
    else:  # 80x24: two lines, the rest a scroll away, so the fields and the buttons stay in view
        assert seen["help lines"] == 2
