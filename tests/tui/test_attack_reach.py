"""The spook attack dialog asks for the measurement the rules need (issue 15 item 7): it opens in the
distance; applied with the distance blank and "in range" not ticked, it is refused inline citing the book
(spook §3 B2) and nothing is rolled or changed; with "in range" ticked it fires and the log says the
distance was not measured."""

from __future__ import annotations

from typing import Any

from form_support import ready_form, until
from tui_support import make_app, run

from mstracker.tui.screens.battle_scenes import create_game, demo_of, enter_faces, open_attack, settle, to_attack


def test_a_blank_distance_is_refused_in_the_dialog_and_in_range_fires_as_not_measured() -> None:
    async def script(pilot: Any) -> dict:
        battle = await create_game(pilot, "spook")
        demo = demo_of("spook")  # Blue Fang (#2) at Red Bastion (#9), a Carrier: 450 armor
        await to_attack(pilot, demo)
        await open_attack(pilot, demo.attacker, demo.target)
        form = await ready_form(pilot)
        seen: dict[str, Any] = {"focus": form.focused.id, "weapon": form.field("weapon").value}
        await enter_faces(pilot, demo.faces)  # the Gattling Mass Driver's d6: 3
        await pilot.press("ctrl+r")
        await settle(pilot)
        seen["says"] = str(form.query_one("#form-says").render())
        seen["armor before"] = battle.state.ships["9"].record["armor"]
        form.query_one("#arg-in_range").focus()
        await pilot.press("space")  # in range: yes
        await pilot.press("ctrl+r")
        await until(pilot, lambda: form.result)
        seen["log"] = form.result[0].text
        seen["armor after"] = battle.state.ships["9"].record["armor"]
        return seen

    seen = run(make_app(), script)
    assert seen["focus"] == "arg-distance" and seen["weapon"] == "w1"
    assert seen["says"].startswith("Not done: distance needed: spook §3 B2 (the weapon reaches 8 units)")
    assert seen["armor before"] == 450
    assert "fires Gattling Mass Driver (w1) at Red Bastion (#9), in range (not measured): " in seen["log"]
    assert seen["armor after"] == 360  # 30 x d6 = 90 (§5 E5); accuracy 4 against a Carrier: no d12
