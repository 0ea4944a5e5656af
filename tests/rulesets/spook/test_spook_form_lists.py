"""The lists a spook form offers beyond its acting ship (play-test round 3): friendly fire hits one of the
attacker's *other* ships (spook §5 Accuracy), a builder offers only the classes its Build ability covers
(§7 A5-A6, the others greyed with why), hosts and transports are the acting ship's own, a built ship's name
is taken as typed; use-device starts from the step's device, ram and scuttle from nothing; and the typed
actions without dice answer their exact outcome."""

from __future__ import annotations

from typing import Any

from test_spook_support import Play, roster, ship


def fleets() -> Play:
    blue = roster(
        "Blue",
        ship("Fang", "Destroyer", ("Turreted Railgun",)),  # 1
        ship("Pike", "Frigate", ("Ion Beam",), ("Defense Field",)),  # 2
        ship("Eye", "Probe", devices=("Sensor Jammer",)),  # 3: no weapon
        ship("Haven", "Carrier", ("Mass Driver Turret",), ("Flare Launcher", "Hyperdrive")),  # 4: Build B
    )
    red = roster("Red", ship("Picket", "Frigate", ("Ion Beam",)), ship("Brute", "Destroyer", ("Heavy Railgun",)))
    g = Play([blue, red])
    g.start()
    return g


def values(g: Play, kind: str, arg: str, **args: str) -> list[tuple[str, str]]:
    return [(c.value, c.why_not) for c in g.eng.plugin.arg_choices(g.s, kind, args)[arg]]


def test_the_fire_form_s_ally_is_one_of_the_attacker_s_other_ships_on_the_board() -> None:
    g = fleets()
    assert g.eng.legal_action(g.s, "fire").actors == ("1", "2", "4")  # the weaponless probe never attacks
    assert values(g, "fire", "ally", ship="1") == [("2", ""), ("3", ""), ("4", "")]  # not Fang, no Red ship
    assert values(g, "fire", "ally", ship="4") == [("1", ""), ("2", ""), ("3", "")]


def test_the_build_form_offers_the_classes_of_the_builder_s_build_ability() -> None:
    g = fleets()
    # Build B (a Carrier, §7 A6 house default): strike craft C1-C3 and frigates D1-D3; every other buyable
    # class is listed greyed with the refusal the build gives, never a Battlecruiser to pick
    offered = values(g, "build", "ship_class", builder="4")
    assert [v for v, why in offered if not why] == [
        "Fighter", "Bomber", "Lancer", "Frigate", "Infiltrator Frigate", "Mine Layer Frigate"]
    greyed = dict((v, why) for v, why in offered if why)
    assert list(greyed) == ["Probe", "Transport", "Carrier", "Destroyer", "Battlecruiser"]
    assert greyed["Battlecruiser"] == ("Haven (#4) cannot build a Battlecruiser (class E3): its build ability covers "
                                       "C1, C2, C3, D1, D2, D3 (spook §7 A5-A6)")
    assert greyed["Battlecruiser"] in g.refused("build", builder="Haven", ship_class="Battlecruiser", name="Big")


def test_the_build_form_s_weapons_and_devices_are_the_class_s_own_offers() -> None:
    g = fleets()
    lists = g.eng.plugin.arg_choices(g.s, "build", {"builder": "4", "ship_class": "Fighter"})
    weapons = [c.value for c in lists["weapons"]]
    # a Fighter (C1) mounts only what is designated for C1 (spook §5): a Mass Driver, never a Heavy Railgun
    assert "Mass Driver" in weapons and "Heavy Railgun" not in weapons
    assert all(c.label.endswith(" RU") for c in lists["weapons"])


def test_a_built_ship_s_name_is_taken_without_the_quotes_a_command_line_needs() -> None:
    g = fleets()
    g.to_step("build")
    g.act("build", builder="Haven", ship_class="Fighter", name='"Red Wasp"', weapons="Mass Driver")
    assert [s.name for s in g.s.ships.values()][-1] == "Red Wasp"


def test_settling_friendly_fire_lists_the_attacker_s_other_ships_and_none() -> None:
    g = fleets()
    # Turreted Railgun (§5 C4): accuracy 4 below a Frigate's agility 5, so a d12; a 12 is friendly fire
    g.act("fire", 12, ship="Fang", weapon="Turreted Railgun", target="Picket", distance=6)
    assert values(g, "friendly-fire", "ally") == [("2", ""), ("3", ""), ("4", ""), ("none", "")]  # not Fang, no Red


def devices() -> Play:
    blue = roster(
        "Blue",
        ship("Haven", "Carrier", ("Mass Driver Turret",), ("Flare Launcher", "Hyperdrive")),  # 1: d1 passive
        ship("Lance", "Battlecruiser", ("Ion Beam",), ("Afterburner", "Defense Field")),  # 2
        ship("Ram", "Destroyer", ("Turreted Railgun",)),  # 3
    )
    red = roster("Red", ship("Picket", "Frigate", ("Ion Beam",)))
    g = Play([blue, red])
    g.start()
    return g


def device_default(g: Play, ship: str) -> str | None:
    return g.eng.plugin.legal_action(g.s, g.eng.action_spec("use-device"), ship, None, True).prefill.get("device")


def test_use_device_starts_from_the_step_s_device_of_the_ship_picked_never_a_passive_one() -> None:
    g = devices()
    g.to_step("hyperdrive")
    assert device_default(g, "1") == "d2"  # Haven's Hyperdrive, not its Flare Launcher d1 (always on, §6 B1)
    assert device_default(g, "2") is None  # Lance has no Hyperdrive: nothing preselected in this step
    g.to_step("afterburner")
    assert (device_default(g, "1"), device_default(g, "2")) == (None, "d1")
    g.to_step("activate")
    assert (device_default(g, "1"), device_default(g, "2")) == (None, "d2")  # the Defense Field


def test_use_device_lists_the_ship_s_devices_the_passive_one_greyed_with_why() -> None:
    g = devices()
    assert values(g, "use-device", "device", ship="1") == [
        ("d1", "flare launchers are always on (spook §6 B1); refill an empty one with reload-flares"), ("d2", "")]
    assert values(g, "use-device", "device", ship="2") == [("d1", ""), ("d2", "")]


def test_ram_and_scuttle_never_start_from_a_ship_or_a_target() -> None:
    g = devices()
    for kind in ("ram", "scuttle"):
        legal = g.eng.plugin.legal_action(g.s, g.eng.action_spec(kind), "3", None, False)
        assert legal.actor is None and legal.target is None, kind
        assert legal.defaults([a.name for a in g.eng.action_spec(kind).args]) == {}
    legal = g.eng.legal_action(g.s, "ram")
    assert legal.actors == ("1", "2", "3") and legal.targets == ("4",)  # listed to pick from, not picked
    marked = g.eng.plugin.legal_action(g.s, g.eng.action_spec("ram"), "3", "4", False)
    assert marked.target == "4"  # a target the player marked is kept


def test_ram_and_scuttle_outcomes_are_the_armor_taken_capped() -> None:
    g = devices()
    g.to_step("ram")
    ram = g.eng.plugin.typed_action("ram")
    p = ram.prepare(g.s, {"ship": "3", "target": "4"})
    # 25% of the other's current armor each, rounded up (§8 A1 text lost: house default, the ram damage setting)
    mine, theirs = int(g.s.ships["3"].record["armor"]), int(g.s.ships["4"].record["armor"])
    [(o, _)] = ram.outcome(p).items()
    assert dict(o.dealt) == {"4": min(-(-mine // 4), theirs), "3": min(-(-theirs // 4), mine)}
    events = g.act("ram", ship="3", target="4")
    assert int(g.s.ships["4"].record["armor"]) == theirs - dict(o.dealt)["4"]
    assert events[0].kind == "rammed"


def test_ships_named_with_quotes_are_taken_without_them() -> None:
    g = fleets()
    # Turreted Railgun (§5 C4): accuracy 4 below a Frigate's agility 5, so a d12; a 12 is friendly fire
    g.act("fire", 12, ship="Fang", weapon="Turreted Railgun", target="Picket", distance=6)
    g.act("friendly-fire", ally='"Pike"')
    assert g.log[-1][0].data["ally"] == "2"
    g.to_step("scuttle")
    g.act("scuttle", ship="Pike", victims="\"Eye\", 'Haven'")
    assert g.log[-1][0].data["victims"] == ["3", "4"]


def test_every_actor_the_legal_answer_lists_is_one_prepare_accepts() -> None:
    from mstracker.game.typed_legal import refusal
    from mstracker.rulesets.spook.legal import ACTOR_ARGS

    g = devices()
    checked = 0
    for step in ("hyperdrive", "ram", "fire", "activate", "build"):
        g.to_step(step)
        for legal in g.eng.legal_actions(g.s):
            action = g.eng.plugin.typed_action(legal.kind)
            if action is None:
                continue
            arg = next((a.name for a in action.spec.args if a.name in ACTOR_ARGS), None)
            for actor in legal.actors if arg else ():
                assert refusal(action, g.s, {arg: actor}) is None, (step, legal.kind, actor)
                checked += 1
    assert checked > 20


def lost_armor(before: Any, after: Any, ids: list[str]) -> dict[str, int]:
    return {i: int(before.ships[i].record["armor"]) - int(after.ships[i].record["armor"]) for i in ids
            if int(before.ships[i].record["armor"]) != int(after.ships[i].record["armor"])}


def test_ram_scuttle_and_friendly_fire_outcomes_are_what_they_do_capped_at_the_armor_left() -> None:
    blue = roster("Blue", ship("Colossus", "Battlecruiser", ("Ion Beam",)),  # 1
                  ship("Pike", "Frigate", ("Ion Beam",)), ship("Eye", "Probe"))  # 2, 3
    red = roster("Red", ship("Gnat", "Fighter", ("Mass Driver",)), ship("Picket", "Frigate", ("Ion Beam",)))  # 4, 5
    cases = [("ram", {"ship": "1", "target": "4"}), ("scuttle", {"ship": "2", "victims": "1, 3"})]
    for kind, args in cases:
        g = Play([blue, red])
        g.start()
        g.to_step(kind)
        action = g.eng.plugin.typed_action(kind)
        [(o, chance)] = action.outcome(action.prepare(g.s, args)).items()
        before = g.s
        g.act(kind, **args)
        assert chance == 1
        assert dict(o.dealt) == lost_armor(before, g.s, list(before.ships)), kind
        assert o.destroyed == {i for i in before.ships if g.eng.plugin.lost(g.s.ships[i])}, kind
    # a Battlecruiser's ram (25% of its armor, the ram damage setting) is more than a Fighter's 70: capped
    g = Play([blue, red])
    g.start()
    ram = g.eng.plugin.typed_action("ram")
    [(o, _)] = ram.outcome(ram.prepare(g.s, {"ship": "1", "target": "4"})).items()
    assert o.damage_to("4") == int(g.s.ships["4"].record["armor"]) and "4" in o.destroyed
    # friendly fire settled on Eye, a Probe: the full damage, capped at its armor (spook §5 Accuracy, §4 Armor)
    g.to_step("fire")
    g.act("fire", 12, ship="Pike", weapon="Ion Beam", target="Picket", in_range=True)
    ff = g.eng.plugin.typed_action("friendly-fire")
    [(o, _)] = ff.outcome(ff.prepare(g.s, {"ally": "Eye"})).items()
    before = g.s
    g.act("friendly-fire", ally="Eye")
    assert dict(o.dealt) == lost_armor(before, g.s, list(before.ships)) == {"3": o.damage_to("3")}
    assert o.destroyed == ({"3"} if g.eng.plugin.lost(g.s.ships["3"]) else set())
