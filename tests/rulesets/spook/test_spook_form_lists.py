"""The lists a spook form offers beyond its acting ship (play-test round 3): friendly fire hits one of the
attacker's *other* ships (spook §5 Accuracy), a builder offers only the classes its Build ability covers
(§7 A5-A6), hosts and transports are the acting ship's own, and a built ship's name is taken as typed."""

from __future__ import annotations

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
    # Build B (a Carrier, §7 A6 house default): strike craft C1-C3 and frigates D1-D3, never a Battlecruiser
    assert [v for v, _ in values(g, "build", "ship_class", builder="4")] == [
        "Fighter", "Bomber", "Lancer", "Frigate", "Infiltrator Frigate", "Mine Layer Frigate"]


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
