"""spook fleet bookkeeping through the engine: infiltration and capture, retire, repair, build,
transports, the RU ledger and the first-turn roll-off."""

from __future__ import annotations

from test_spook_support import Play, roster, ship

from mstracker.game import battle_report


def fleets(**settings: object) -> Play:
    blue = roster(
        "Blue",
        ship("Nest", "Carrier", ("Laser Pulse Turret",), ("Flare Launcher",)),  # 1: Retire/Repair/Build B
        ship("Shade", "Infiltrator Frigate", ("Mass Driver Turret",)),  # 2
        ship("Wasps", "Fighter", ("Mass Driver",)),  # 3
        ship("Ferry", "Transport"),  # 4
        ship("Throne", "Mothership", ("Ion Beam",), free=True),  # 5: Retire/Repair/Build A, free hull
    )
    red = roster(
        "Red",
        ship("Picket", "Frigate", ("Ion Beam",)),  # 6: crew 4
        ship("Eye", "Probe", devices=("Sensor Jammer",)),  # 7
        ship("Brute", "Destroyer", ("Heavy Railgun",)),  # 8
    )
    g = Play([blue, red], **settings)
    g.start()
    return g


def test_infiltration_counts_down_the_crew_level_and_captures() -> None:
    g = fleets()
    assert "cannot be captured" in g.refused("infiltrate", ship="Shade", target="Eye")
    assert "cannot infiltrate" in g.refused("infiltrate", ship="Wasps", target="Picket")
    g.act("infiltrate", ship="Shade", target="Picket")
    assert (g.rec("Shade", "infiltrating"), g.rec("Shade", "capture_in"), g.rec("Picket", "boarded")) == (
        "#6 Picket", 4, True)
    assert "may not attack" in g.refused("fire", ship="Shade", weapon="w1", target="Brute")
    assert "already infiltrating #6 Picket; it counts down" in g.refused("infiltrate", ship="Shade", target="Picket")
    counts = []
    for _ in range(4):
        g.to_step("countdown")
        counts.append(g.rec("Shade", "capture_in"))
        g.end_turn()  # Red's turn starts: the capture happens at a turn start once the count is 0
        if g.ship("Picket").owner == 0:
            break
        g.end_turn()
    assert counts == [3, 2, 1, 0]
    picket = g.ship("Picket")
    assert (picket.owner, picket.record["captured"], picket.record["boarded"]) == (0, True, False)
    assert g.rec("Shade", "infiltrating") == "" and "captures Picket (#6)" in g.texts(8)
    assert "belongs to Blue, not the active player" in g.refused("fire", ship="Picket", weapon="w1", target="Shade")
    g.end_turn()
    g.act("fire", ship="Picket", weapon="w1", target="Brute", in_range=True)  # Blue fires its new frigate: acc 4 >= agility 3
    g.check_replay_and_undo()


def test_infiltration_ends_when_the_infiltrator_stops_or_is_destroyed() -> None:
    g = fleets()
    g.act("infiltrate", ship="Shade", target="Picket")
    g.act("infiltrate", ship="Shade", target="Picket", stop=True)
    assert g.rec("Shade", "infiltrating") == "" and not g.rec("Picket", "boarded")
    assert "not infiltrating anything" in g.refused("infiltrate", ship="Shade", target="Picket", stop=True)
    g.act("infiltrate", ship="Shade", target="Brute")
    g.end_turn()
    g.act("fire", 11, ship="Brute", weapon="w1", target="Shade", in_range=True)  # acc 4 < agility 7: d12 11, 120 of 170
    g.act("set", target="Shade", key="armor", value="10")
    for _ in range(4):  # the Heavy Railgun reloads (1;1)
        g.end_turn()
    g.act("fire", 11, ship="Brute", weapon="w1", target="Shade", in_range=True)
    assert g.rec("Shade", "destroyed") and not g.rec("Brute", "boarded") and g.rec("Shade", "infiltrating") == ""


def test_retire_refunds_a_share_of_the_cost_at_the_next_own_turn() -> None:
    g = fleets()
    assert "host must be another of your ships" in g.refused("retire", ship="Wasps", host="Picket")
    assert "Ferry (#4) cannot retire a Frigate" not in g.refused("retire", ship="Nest", host="Ferry")
    assert "cannot retire a Carrier (class E1)" in g.refused("retire", ship="Nest", host="Ferry")
    assert "cannot retire ships" in g.refused("retire", ship="Wasps", host="Shade")
    g.act("retire", ship="Wasps", host="Ferry")  # Retire C: strike craft
    assert g.rec("Wasps", "dock") == "retire at #4 (turn 1)"
    before = g.ru(0)
    g.to_step("retire")
    assert not g.rec("Wasps", "retired")  # ordered this turn: it must end a turn in position first
    g.end_turn()
    g.end_turn()
    assert g.rec("Wasps", "retired") and g.ru(0) == before + 12  # Retire A text: all of hull 10 + weapon 2
    assert "retired and cannot act" in g.refused("fire", ship="Wasps", weapon="w1", target="Picket")
    g.check_replay_and_undo()


def test_retire_refund_at_half_rate_rounds_up() -> None:
    g = fleets(retire_refund_pct="50")
    g.act("retire", ship="Wasps", host="Ferry")
    before = g.ru(0)
    g.end_turn()
    g.end_turn()
    assert g.ru(0) == before + 6  # ceil(50% of 10 + 2)


def test_retire_refund_follows_the_setting_and_free_hulls() -> None:
    g = fleets(retire_refund_devices="true")
    g.act("retire", ship="Nest", host="Throne")  # Retire A: any class
    before = g.ru(0)
    g.end_turn()
    g.end_turn()
    assert g.ru(0) == before + 100 + 15 + 20  # hull, Laser Pulse Turret and (with the setting) Flare Launcher
    g.act("retire", ship="Ferry", host="Throne")
    g.act("undock", ship="Ferry")
    assert g.rec("Ferry", "dock") == ""


def test_repair_restores_full_armor_and_holds_the_ship_for_that_turn() -> None:
    g = fleets(repair_cost_ru="3")
    assert "nothing to repair" in g.refused("repair", ship="Shade", host="Nest")
    g.end_turn()
    g.act("fire", 11, ship="Brute", weapon="w1", target="Shade", in_range=True)  # 170 -> 50
    g.end_turn()
    assert "cannot repair ships" in g.refused("repair", ship="Shade", host="Wasps")
    g.act("repair", ship="Shade", host="Nest")
    before = g.ru(0)
    g.end_turn()
    g.end_turn()
    assert (g.rec("Shade", "armor"), g.rec("Shade", "hold")) == (170, 1)
    assert g.ru(0) == before - 3 and g.rec("Shade", "dock") == ""
    assert "may not move, rotate or attack" in g.refused("fire", ship="Shade", weapon="w1", target="Brute")


def test_build_pays_full_cost_and_the_new_ship_acts_from_the_next_turn() -> None:
    g = fleets()
    before = g.ru(0)
    assert "cannot build a Destroyer (class E2)" in g.refused("build", builder="Nest", ship_class="Destroyer",
                                                            name="Big")
    assert "cannot build ships" in g.refused("build", builder="Shade", ship_class="Fighter", name="X")
    assert "cannot be mounted" in g.refused("build", builder="Nest", ship_class="Frigate", name="F",
                                            weapons="Heavy Railgun")
    assert "already in the game" in g.refused("build", builder="Nest", ship_class="Fighter", name="wasps")
    g.act("build", builder="Nest", ship_class="Frigate", name="Nova", weapons="Ion Beam, Missile Launcher",
          devices="Afterburner", tag="B9")
    nova = g.ship("Nova")
    assert (nova.id, nova.owner, nova.tag, nova.record["armor"], nova.record["hold"]) == ("9", 0, "B9", 200, 1)
    assert g.ru(0) == before - (30 + 35 + 10 + 10)
    assert "may not move" in g.refused("fire", ship="Nova", weapon="w1", target="Brute")
    g.act("build", builder="Throne", ship_class="Destroyer", name="Big", weapons="Ion Beam")  # Build A
    g.act("set", target="Blue", key="ru", value="5")
    assert "Blue has 5 RU; a Fighter with this loadout costs 12" in g.refused(
        "build", builder="Nest", ship_class="Fighter", name="Late", weapons="Mass Driver")
    g.end_turn()
    g.end_turn()
    g.act("fire", ship="Nova", weapon="w1", target="Brute", in_range=True)
    g.check_replay_and_undo()


def test_transport_carries_strike_craft_off_the_board() -> None:
    g = fleets(transport_capacity="1")
    assert "only strike craft" in g.refused("embark", craft="Shade", transport="Ferry")
    g.act("embark", craft="Wasps", transport="Ferry")
    assert g.rec("Wasps", "aboard") == "#4 Ferry" and g.rec("Ferry", "cargo") == ["#3 Wasps"]
    assert "aboard #4 Ferry" in g.refused("fire", ship="Wasps", weapon="w1", target="Picket")
    g.end_turn()
    assert "off the board and immune" in g.refused("fire", 11, ship="Picket", weapon="w1", target="Wasps")
    g.end_turn()
    g.act("disembark", craft="Wasps")
    assert g.rec("Wasps", "aboard") == "" and g.rec("Ferry", "cargo") == []


def test_ru_ledger_spend_refund_and_the_report() -> None:
    g = fleets()
    start = g.ru(0)
    g.act("spend", amount=20, reason="tractor beam (house rule)")
    g.act("refund", amount=5, reason="miscounted")
    g.act("spend", amount=3, player="Red")
    assert (g.ru(0), g.ru(1)) == (start - 15, g.states[0].players[1].resources["ru"] - 3)
    assert f"Blue has {start - 15} RU; spent costs {start}" in g.refused("spend", amount=start)
    assert "1 RU or more" in g.refused("refund", amount=0)
    report = battle_report(g.eng, [e for events in g.log for e in events])
    ledger = report["players"][0]["ledger"]
    assert [(e["delta"], e["reason"]) for e in ledger] == [(-20, "tractor beam (house rule)"), (5, "miscounted")]
    assert report["players"][0]["resource_flows"]["ru"] == {"spent": 20, "gained": 5}


def test_roll_off_picks_the_first_player() -> None:
    g = Play([roster("Blue", ship("A", "Frigate")), roster("Red", ship("B", "Frigate"))])
    events = g.act("roll-off", 3, 3, 2, 5)
    assert events[0].data["dice"] == [[6, 3], [6, 3], [6, 2], [6, 5]] and g.s.active == 1
    assert "tie at 3" in events[0].text
    g.start()
    assert (g.s.turn, g.s.active_player.name) == (1, "Red")
    assert g.refused("roll-off", 1, 2) == ("who takes the first turn is already decided (Red goes first); the "
                                          "roll-off is made once, in set-up or at the start of turn 1")
    h = Play([roster("Blue", ship("A", "Frigate")), roster("Red", ship("B", "Frigate"))], first_player="players_choose")
    assert "pass-to" in h.refused("roll-off", 1, 2)
