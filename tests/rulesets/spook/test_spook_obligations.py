"""What the spook rules require before the game goes on, enforced by the engine: the first player decided
before turn 1 is played; a d12 of 12 settled (§5 Accuracy); ships in position to retire or be repaired
handled by the start-of-turn step before they may act (§3 B, §7 A2; issue 10 #13)."""

from __future__ import annotations

from test_spook_support import Play, roster, ship


def fleets(**settings: object) -> Play:
    blue = roster(
        "Blue",
        ship("Haven", "Carrier", ("Mass Driver Turret",), ("Hyperdrive",)),  # 1: Retire B, Repair B
        ship("Sower", "Mine Layer Frigate", ("Missile Launcher",)),  # 2
        ship("Pike", "Frigate", ("Ion Beam",), ("Defense Field",)),  # 3
    )
    red = roster("Red", ship("Picket", "Frigate", ("Ion Beam",)), ship("Brute", "Destroyer", ("Heavy Railgun",)))
    return Play([blue, red], **settings)


def ids(g: Play) -> list[str]:
    return [o.id for o in g.eng.obligations(g.s)]


def pike_docked_for_repair() -> Play:
    """Pike (#3), down to 50 armor, docked with Haven (#1) for repair; two turns ended, the new turn's upkeep not yet run."""
    g = fleets()
    g.start()
    g.act("set", target="Pike", key="armor", value="50")
    g.act("repair", ship="Pike", host="Haven")
    g.end_turn(upkeep=False)
    g.end_turn(upkeep=False)
    return g


def test_the_roll_off_comes_before_turn_1_and_hands_the_turn_to_its_winner() -> None:
    g = fleets()
    assert ids(g) == ["first-player"]
    assert not g.eng.legal_action(g.s, "next-step").allowed
    refusal = g.refused("next-step")  # turn 1 does not begin before the roll-off
    assert refusal.startswith("Who takes the first turn is still to be decided: each player rolls a d6, the highest "
                              "goes first, ties roll again (spook §3 A, set-up; the book does not say who starts: "
                              "house default, setting “Who takes the first turn”: a d6 roll-off); do it with roll-off.")
    events = g.act("roll-off", 2, 5)  # Red wins: Red plays turn 1
    assert (g.s.active, g.s.extra["first_player"]) == (1, 1) and ids(g) == []
    assert [e.text for e in events[1:3]] == ["Red takes the first turn", "Red is the active player"]
    g.act("next-step")
    g.to_step("repair")
    g.act("fire", 11, ship="Brute", weapon="w1", target="Pike", in_range=True)


def test_the_table_may_set_the_roll_off_aside_and_players_may_choose_instead() -> None:
    g = fleets()
    g.act("override", obligation="first-player", reason="Blue's birthday")
    g.act("next-step")
    assert ids(g) == []  # set aside in set-up, it stays aside for the first turn
    h = fleets(first_player="players_choose")
    assert ids(h) == [] and "make that player active with pass-to" in h.refused("roll-off", 1, 2)


def test_a_twelve_must_be_settled_before_the_game_goes_on() -> None:
    g = fleets()
    g.start()
    g.act("fire", 12, ship="Pike", weapon="w1", target="Picket", in_range=True)
    assert ids(g) == ["friendly-fire:3"]
    assert "is not settled" in g.refused("use-device", ship="Haven", device="Hyperdrive")
    assert "is not settled" in g.refused("next-step")
    g.act("friendly-fire", ally="Sower")
    assert ids(g) == [] and g.rec("Sower", "armor") == 150


def test_t_issue_13_a_ship_waiting_to_retire_cannot_fire_before_the_retire_step() -> None:
    g = fleets()
    g.start()
    g.act("retire", ship="Sower", host="Haven")
    g.act("fire", ship="Sower", weapon="w1", target="Picket", in_range=True)  # ordered this turn: it may still fire this turn
    g.end_turn(upkeep=False)
    g.end_turn(upkeep=False)  # Blue's turn 3 begins; the retire step comes after the upkeep and the confirmation
    g.to_step("confirm")
    assert ids(g) == ["retire-pending:2"]
    refusal = g.refused("fire", ship="Sower", weapon="w1", target="Picket")
    assert refusal.startswith("Sower (#2) ended its last turn in position to retire at Haven (#1): the start-of-turn "
                              "retire step handles it, and it may not fire, use devices or act before (undock it if it "
                              "moved away) (spook §3 B, §7 A2-A4); do it with next-step.")
    assert "retire-pending:2" in g.refused("lay-mines", ship="Sower", count=1)
    g.act("fire", 11, ship="Pike", weapon="w1", target="Picket", in_range=True)  # the other ships are free
    before = g.ru(0)
    g.act("next-step")  # the retire step: removed, refunded (hull 40 + missile launcher 10)
    assert g.rec("Sower", "retired") and g.ru(0) == before + 50 and ids(g) == []


def test_t_issue_13_a_ship_waiting_for_repair_cannot_use_devices_and_undock_releases_it() -> None:
    g = pike_docked_for_repair()
    g.to_step("confirm")
    assert ids(g) == ["repair-pending:3"]
    assert "repair-pending:3" in g.refused("use-device", ship="Pike", device="Defense Field")
    g.act("undock", ship="Pike")  # it moved away from the carrier: no repair, free to act
    assert ids(g) == []
    g.act("use-device", ship="Pike", device="Defense Field")
    g.to_step("hyperdrive")
    assert g.rec("Pike", "armor") == 50


def test_the_repair_step_settles_the_waiting_ship() -> None:
    g = pike_docked_for_repair()
    g.to_step("retire")
    assert ids(g) == ["repair-pending:3"]  # the retire step has run; the repair step has not
    g.act("next-step")
    assert ids(g) == [] and g.rec("Pike", "armor") == 200 and g.rec("Pike", "hold") == 1
