"""The attack dialog at 80x24, played as typed at the table (issue 16): keys typed after ctrl+t go in
the faces box, the dialog fits the screen with its buttons in view."""

from __future__ import annotations

import asyncio
from typing import Any

from form_support import choose, until
from textual import events
from tui_support import make_app, settle

from mstracker.tui.modals.attack import AttackModal
from mstracker.tui.screens.battle_scenes import create_game, demo_of, fill, open_attack, to_attack


def type_at_once(pilot: Any, *keys: str) -> None:
    """The keys queued together, as a fast typist's reach the app (`pilot.press` waits after each)."""
    chars = {"space": " ", "enter": "\r", "tab": "\t"}
    for key in keys:
        event = events.Key(key, chars.get(key, key if len(key) == 1 else None))
        event.set_sender(pilot.app)
        pilot.app._driver.send_message(event)


def run_at(size: tuple[int, int], script: Any) -> Any:
    async def main() -> Any:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            return await script(pilot)

    return asyncio.run(main())


async def attack_dialog(pilot: Any, ruleset: str, demo_ships: bool = False) -> AttackModal:
    """`a` after the ruleset's demo reached its first attack; `demo_ships`: its attacker and target."""
    await create_game(pilot, ruleset)
    demo = demo_of(ruleset)
    await to_attack(pilot, demo)
    if demo_ships:
        await open_attack(pilot, demo.attacker, demo.target)
    else:
        await pilot.press("a")
    return await until(pilot, lambda: pilot.app.screen if isinstance(pilot.app.screen, AttackModal)
                       and pilot.app.screen.focused is not None else None)


def test_keys_typed_after_ctrl_t_go_in_the_faces_box_not_the_distance() -> None:
    async def script(pilot: Any) -> tuple:
        form = await attack_dialog(pilot, "lukas")
        physical = form.physical
        await pilot.press("enter", "down", "down", "enter", "tab", "8")  # the target picked, the distance typed
        type_at_once(pilot, "ctrl+t", "1", "2", "space", "8")  # the switch and the faces right after it
        await settle(pilot)
        return physical, form.physical, form.field("distance").value, form.query_one("#faces").value, \
            type(form.focused).__name__, form.focused.id

    before, after, distance, faces, focused, fid = run_at((80, 24), script)
    assert (before, after) == (False, True)
    assert str(distance) == "8", (distance, faces, focused, fid)
    assert faces == "12 8"
    assert fid == "faces"


def fits(form: AttackModal, size: tuple[int, int]) -> dict[str, bool]:
    """Each part on the screen, inside the box; the faces inside the body's visible part."""
    width, height = size
    body = form.query_one("#action-body").region
    shown = {}
    for name in ("#go", "#cancel", "#form-says", "#faces"):
        region = form.query_one(name).region
        inside = body.contains_region(region) if name == "#faces" else True
        shown[name] = inside and region.height > 0 and region.y >= 1 and region.bottom <= height - 1 and region.right <= width
    return shown


import pytest  # noqa: E402


@pytest.mark.parametrize(("ruleset", "weapon"), [("pz8", None), ("spook", "Gattling")])
def test_the_attack_dialog_with_typed_dice_fits_80x24_with_its_buttons_in_view(ruleset: str, weapon: str | None) -> None:
    async def script(pilot: Any) -> dict[str, bool]:
        form = await attack_dialog(pilot, ruleset, demo_ships=True)
        if weapon is not None:  # spook: Fang's Gattling Mass Driver
            field = form.field("weapon")
            await choose(pilot, form, "weapon", next(v for label, v in field.options if weapon in str(label)))
        target = form.field("target")
        if target is not None and target.value is None:
            await choose(pilot, form, "target", target.options[0][1])
        if form.field("distance") is not None:
            await fill(pilot, "distance", "3")
        if not form.physical:
            await pilot.press("ctrl+t")
        await settle(pilot)
        assert form.query_one("#dice-plan").display  # the listed dice take their room
        return fits(form, (80, 24))

    assert run_at((80, 24), script) == {"#go": True, "#cancel": True, "#form-says": True, "#faces": True}
