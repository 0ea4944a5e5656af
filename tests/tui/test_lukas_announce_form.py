"""The lukas announce-beam form lists the ship's Beams only, one already announced greyed with why (lukas
§3.b; play-test round 3: the form showed its weapon as 'disabled' and every weapon of the ship)."""

from __future__ import annotations

from typing import Any

from form_support import form_of, offered, open_battle, until
from tui_support import make_app, run

from mstracker.dice import TypedFaces
from mstracker.fleet import Roster, ShipEntry
from mstracker.game import Action


def lukas_ship(name: str, cls: str, armor: int, speed: int, weapons: tuple[str, ...]) -> ShipEntry:
    return ShipEntry(name=name, armor=armor, speed=speed, weapons=weapons, **{"class": cls})


FLEETS = [
    Roster(ruleset="lukas", name="Ann fleet", player="Ann", ships=(
        lukas_ship("Anvil", "Capital Ship", 45, 10, ("Beam", "Heavy Missiles", "Beam")),
        lukas_ship("Bull", "Frigate", 25, 14, ("Light Missiles", "Heavy Turret")))),
    Roster(ruleset="lukas", name="Bob fleet", player="Bob", ships=(
        lukas_ship("Titan", "Capital Ship", 45, 10, ("Heavy Turret",)),)),
]


def test_announce_beam_offers_the_ships_beams_and_greys_the_one_announced() -> None:
    async def script(pilot: Any) -> dict:
        battle = await open_battle(pilot, "lukas", FLEETS)
        battle.perform_action(Action("roll-order", {"first": "Ann"}), TypedFaces([]))
        engine = battle.session.engine
        for _ in range(12):  # on to Ann's ship actions
            if engine.legal_action(battle.state, "announce-beam").allowed:
                break
            battle.perform_action(Action("next-step", {}), TypedFaces([]))
            await pilot.pause()
        form = await form_of(pilot, battle, "announce-beam", ship="1")
        first = {"offered": offered(form, "weapon"), "value": form.field("weapon").value}
        form.dismiss(None)
        await pilot.pause()
        battle.perform_action(Action("announce-beam", {"ship": "1", "weapon": "w1", "target": "3"}), TypedFaces([]))
        await until(pilot, lambda: battle.state.ships["1"].items[0].record.get("beam") == "aimed")
        form = await form_of(pilot, battle, "announce-beam", ship="1")
        field = form.field("weapon")
        labels = {v: str(getattr(label, "plain", label)) for label, v in field.options}
        return {"first": first, "offered": offered(form, "weapon"), "greyed": sorted(field.greyed),
                "value": field.value, "labels": labels}

    seen = run(make_app(), script)
    assert seen["first"] == {"offered": ["w1", "w3"], "value": "w1"}  # w2 Heavy Missiles is no Beam
    assert (seen["offered"], seen["greyed"], seen["value"]) == (["w3"], ["w1"], "w3")
    assert seen["labels"]["w1"] == "w1 Beam  ✗ is already announced this turn (undo to change it)"
    assert seen["labels"]["w3"].startswith("w3 Beam · ")
