"""Keys typed right after `a`, faster than the dialog can open, land in it in order (issue: a tab 3 lost)."""

from __future__ import annotations

from typing import Any

from textual import events
from tui_support import make_app, run, settle

from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_scenes import create_game, demo_of, to_attack

KEYS = [("a", "a"), ("tab", None), ("2", "2"), ("tab", None), ("3", "3")]


def post(app: Any, keys: list[tuple[str, str | None]]) -> None:
    """All at once, as a fast typist's keys reach the app: nothing runs between them."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


def test_keys_typed_while_the_attack_dialog_opens_land_in_its_fields_in_order() -> None:
    async def script(pilot: Any) -> list[Any]:
        screen = await create_game(pilot, "pz8")
        await to_attack(pilot, demo_of("pz8"))  # Green's ship 1 is activated: it must fire, its target is open
        seen = []
        for _ in range(2):  # the first time the dialog is built; then it is kept and refilled
            post(pilot.app, KEYS)
            await settle(pilot)
            form = pilot.app.screen
            assert isinstance(form, AttackModal)
            seen.append(({f.arg.name: f.value for f in form.fields()}, type(form.focused).__name__))
            await pilot.press("escape")
            await settle(pilot)
        assert screen.state.ships["1"].record["active"]
        return seen

    first, second = run(make_app(), script)
    # the cursor starts in the first blank field (target); tab goes to distance, where 2 lands; tab moves on
    # to the fire-back box, where a 3 means nothing: it is not typed anywhere else
    expected = {"ship": "1", "target": None, "distance": "2", "fire_back": False, "at_torpedo": False}
    assert first == second == (expected, "YesNo")
