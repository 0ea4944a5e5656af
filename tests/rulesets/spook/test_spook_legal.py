"""Where spook forms start: the ship that may act (never an enemy's), its first ready weapon or device, the
marked or only legal target, the enemy targets the rules allow, and why an action is not allowed now."""

from __future__ import annotations

from test_spook_support import Play, roster, ship

from mstracker.game import ArgType, InvalidAction


def fleets(**settings: object) -> Play:
    blue = roster(
        "Blue",
        ship("Fang", "Destroyer", ("Turreted Railgun", "Mass Driver Turret"), ("Afterburner",)),  # 1
        ship("Pike", "Frigate", ("Ion Beam",), ("Defense Field",)),  # 2
        ship("Shade", "Infiltrator Frigate", ("Mass Driver Turret",)),  # 3
        ship("Haven", "Carrier", ("Mass Driver Turret",), ("Flare Launcher", "Hyperdrive")),  # 4
        ship("Wasps", "Fighter", ("Mass Driver",)),  # 5
    )
    red = roster(
        "Red",
        ship("Picket", "Frigate", ("Ion Beam",), ("Defense Field",)),  # 6
        ship("Eye", "Probe", devices=("Sensor Jammer",)),  # 7
        ship("Brute", "Destroyer", ("Heavy Railgun",)),  # 8
    )
    g = Play([blue, red], **settings)
    g.start()
    return g


def legal(g: Play, kind: str, prefer: str | None = None, marked: str | None = None):  # noqa: ANN201
    return g.eng.legal_action(g.s, kind, prefer=prefer, marked=marked)


def test_fire_never_starts_from_an_enemy_ship_and_picks_the_first_ready_weapon() -> None:
    g = fleets()
    fire = legal(g, "fire", prefer="8", marked="6")  # the highlighted ship is Red's: not Blue's to fire
    assert (fire.allowed, fire.actor, fire.weapon, fire.target) == (True, "1", "w1", "6")
    assert fire.actors == ("1", "2", "3", "4", "5")
    assert fire.targets == ("6", "7", "8")
    g.act("fire", ship="Fang", weapon="w1", target="Brute", in_range=True)  # Railgun 2;1: acc 4 >= agility 3
    g.act("fire", ship="Fang", weapon="w2", target="Brute", in_range=True)  # turret: acc 10 >= 3
    assert legal(g, "fire", prefer="1").actor == "2"  # Fang has nothing ready now
    g.act("use-device", ship="Pike", device="Defense Field")
    assert legal(g, "fire", prefer="2").weapon == "w1"  # its Ion Beam stays ready after the device
    g.end_turn()
    fire = legal(g, "fire", prefer="8", marked="2")  # Pike is inside a Defense Field: not a legal target
    assert (fire.actor, fire.target) == ("8", None)
    assert fire.targets == ("1", "3", "4", "5")


def test_changing_the_ship_gives_that_ships_first_ready_weapon() -> None:
    g = fleets()
    g.act("fire", ship="Fang", weapon="w1", target="Brute", in_range=True)
    assert legal(g, "fire", prefer="1").weapon == "w2"  # the railgun was just used: the turret is next
    assert legal(g, "fire", prefer="4").weapon == "w1"


def test_use_device_offers_devices_only_and_starts_from_a_ready_one() -> None:
    g = fleets()
    spec = g.eng.action_spec("use-device")
    assert [(a.name, a.type, a.items) for a in spec.args[:2]] == [("ship", ArgType.SHIP, ()),
                                                                  ("device", ArgType.ITEM, ("device",))]
    use = legal(g, "use-device", prefer="4")
    assert (use.actor, use.prefill["device"]) == ("4", "d2")  # d1 is the always-on Flare Launcher
    assert use.actors == ("1", "2", "4")  # ships with a device ready (not Shade, Wasps)
    assert use.defaults([a.name for a in spec.args]) == {"ship": "4", "device": "d2"}
    assert "is a weapon, not a device; pick one of Haven (#4)'s devices" in g.refused(
        "use-device", ship="Haven", device="w1")


def test_friendly_fire_is_allowed_only_when_a_twelve_waits_and_offers_the_attackers_other_ships() -> None:
    g = fleets()
    assert legal(g, "friendly-fire").reason == "no friendly fire is waiting to be settled"
    g.act("fire", 12, ship="Pike", weapon="Ion Beam", target="Picket", in_range=True)
    settle = legal(g, "friendly-fire")
    assert settle.allowed and settle.targets == ("1", "3", "4", "5")
    assert not legal(g, "fire").allowed and "is not settled" in legal(g, "fire").reason


def test_infiltration_targets_only_ships_with_a_crew() -> None:
    g = fleets()
    infiltrate = legal(g, "infiltrate", marked="7")  # a probe has no crew level (§4 B1)
    assert (infiltrate.actor, infiltrate.targets, infiltrate.target) == ("3", ("6", "8"), None)


def test_hosts_transports_and_builders_are_prefilled() -> None:
    g = fleets()
    retire = legal(g, "retire", prefer="5")
    assert (retire.actor, retire.prefill["host"]) == ("5", "4")  # Retire B of the Carrier takes strike craft
    build = legal(g, "build")
    assert (build.actor, build.prefill["builder"]) == ("4", "4")
    spec = g.eng.action_spec("build")
    klass = next(a for a in spec.args if a.name == "ship_class")
    assert klass.type is ArgType.CHOICE and "Fighter" in klass.choices and "Mothership" not in klass.choices
    try:
        spec.coerce({"builder": "4", "ship_class": "Mothership", "name": "X"})
    except InvalidAction as exc:
        assert "ship_class: 'Mothership' is not one of: Probe, Transport, Fighter" in str(exc)
    else:
        raise AssertionError("a Mothership cannot be built")


def test_actions_say_why_nobody_may_do_them() -> None:
    g = fleets()
    assert legal(g, "probe-move").reason == ("no ship of Blue is a probe that has not made its one move "
                                             "(spook §4 B1)")
    assert legal(g, "cross-mines").reason.startswith("no ship of Blue may move through mines")
    g.end_turn()
    assert legal(g, "probe-move").actor == "7"


def test_the_menu_opens_on_the_actions_the_step_asks_for_and_the_engine_ticks_them() -> None:
    g = fleets()
    g.to_step("fire")
    assert [a.kind for a in g.eng.legal_actions(g.s) if a.expected] == ["fire", "friendly-fire"]
    events = g.act("fire", ship="Fang", weapon="w1", target="Brute", in_range=True)
    # a plain shot does the fire step; the bombers' subsystem step only a fire that names one (spook §7 A11)
    assert [e.data["step_id"] for e in events if e.kind == "ticked"] == ["fire"]
    assert [s.id for _, s in g.eng.unticked(g.s)] == []  # the phase's items are all done or tracked


def test_in_set_up_only_the_roll_off_is_open() -> None:
    g = Play([roster("Blue", ship("A", "Frigate")), roster("Red", ship("B", "Frigate"))])
    assert legal(g, "roll-off").allowed
    assert legal(g, "fire").reason == ("the game is in set-up (spook §3 A: placing the fleets is not a turn); roll off "
                                       "for the first turn, then next-step starts turn 1")
