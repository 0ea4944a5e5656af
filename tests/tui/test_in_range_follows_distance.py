"""The "in range" box follows a typed distance (issue 16 item 5): a distance within the weapon's reach,
as the action's preparation checks it (spook §3 B2), shows the box ticked by that distance; one beyond it
shows the box unticked; the tick the action is sent with stays the player's own."""

from __future__ import annotations

from typing import Any

from form_support import choose, form_of
from tui_support import make_app, run, spook_to_attack, text_of

from mstracker.tui.screens.battle_scenes import create_game
from mstracker.tui.widgets.arg_fields import YesNo


async def typed_distance(pilot: Any, form: Any, text: str) -> tuple[str, Any]:
    form.query_one("#arg-distance").value = text
    await pilot.pause()
    await pilot.pause()
    box = form.query_one("#arg-in_range", YesNo)
    return text_of(box).split("   ")[0], form.args().get("in_range")


def test_the_in_range_box_reads_ticked_for_a_distance_within_reach_only() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "spook")
        await spook_to_attack(pilot)
        form = await form_of(pilot, battle, "fire")
        target = form.field("target")
        await choose(pilot, form, "target", next(v for _, v in target.options if v not in target.greyed))
        weapon = battle.state.ships[str(form.field("ship").value)].item(str(form.field("weapon").value)).name
        reach = battle.session.engine.plugin.ruleset.weapons[weapon].range
        blank = text_of(form.query_one("#arg-in_range", YesNo)).split("   ")[0]
        return {"reach": reach, "blank": blank, "within": await typed_distance(pilot, form, str(reach)),
                "beyond": await typed_distance(pilot, form, str(reach + 1)), "problem": form.problem}

    seen = run(make_app(), script)
    assert seen["reach"] == 2  # the demo's first weapon: a Mass Driver Turret, 2 units (spook §5)
    assert seen["blank"] == "☐ no"
    assert seen["within"] == ("☑ yes", False)  # shown ticked by the distance; the action's own tick unset
    assert seen["beyond"] == ("☐ no", False) and "reaches 2 units" in seen["problem"]
