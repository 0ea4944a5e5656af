"""RULES.md B7 timelines driven through the engine: T-LWP-13..18, the bomb subsystems, Field Defense,
infiltration and the hangar. "Turn N" in the book's timelines is the owner's own turn (`own_turn`)."""

from __future__ import annotations

import pytest
from test_lukas_fixtures import BOB, act, decide, engine, item, new, own_turn, rec, refused, rosters, ship, to_turn

from mstracker.game import Action

ANN_TURN = lambda k: own_turn(0, k)  # noqa: E731
BOB_TURN = lambda k: own_turn(1, k)  # noqa: E731


def test_t_lwp_16_beam_announced_turn_3_fires_turn_4_next_announce_5_fire_6() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(3))
    assert "announced the turn before" in refused(eng, s, "fire", (12, 6, 6), ship="Anvil", weapon="Beam", target="Titan")
    s = act(eng, s, "announce-beam", ship="Anvil", target="Titan")
    assert item(s, "1", "w1") == {"fired": False, "disabled": False, "beam": "aimed", "aim": "7"}
    assert "announced this turn" in refused(eng, s, "fire", (12, 6, 6), ship="Anvil", weapon="Beam", target="Titan")
    assert "already announced" in refused(eng, s, "announce-beam", ship="Anvil", target="Ram")
    s = act(eng, s, "fire", (1,), ship="Anvil", weapon="w2", target="Titan", in_range=True)  # other weapons may fire (INFERRED)

    s = to_turn(eng, s, BOB_TURN(3))
    assert item(s, "1", "w1")["beam"] == "aimed"  # Bob's turn changes nothing on Ann's ships
    s = to_turn(eng, s, ANN_TURN(4))
    assert item(s, "1", "w1")["beam"] == "ready"
    assert "announced at Titan (#7), not Ram (#8)" in refused(eng, s, "fire", (12, 6, 6), ship="Anvil", weapon="Beam", target="Ram")
    events = decide(eng, s, "fire", (4, 3, 5), ship="Anvil", weapon="Beam", target="Titan", in_range=True)
    assert "needs 4 or more on a d12" in events[0].text and "2d6 shows 3 + 5 = 8, +1 (Beam) = 9" in events[0].text
    s = eng.apply(s, events)
    assert rec(s, "7")["armor"] == 45 - 9 and item(s, "1", "w1") == {"fired": True, "disabled": False, "beam": "", "aim": ""}
    assert "fired this turn" in refused(eng, s, "announce-beam", ship="Anvil", target="Titan")

    s = to_turn(eng, s, ANN_TURN(5))
    assert item(s, "1", "w1")["beam"] == "" and "announced the turn before" in refused(
        eng, s, "fire", (12, 6, 6), ship="Anvil", weapon="Beam", target="Titan")
    s = act(eng, s, "announce-beam", ship="Anvil", target="Titan")
    s = to_turn(eng, s, ANN_TURN(6))
    s = act(eng, s, "fire-beam", (12, 6, 6), ship="Anvil")
    assert rec(s, "7")["armor"] == 45 - 9 - 13


def test_beam_target_behind_cover_is_announced_again_and_an_unused_beam_lapses() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "announce-beam", ship="1", target="Titan")
    s = to_turn(eng, s, ANN_TURN(2))
    events = decide(eng, s, "announce-beam", ship="1", target="Ram")
    assert "announced at Titan (#7) is cancelled" in events[0].text
    s = eng.apply(s, events)
    s = to_turn(eng, s, ANN_TURN(3))
    assert item(s, "1", "w1") == {"fired": False, "disabled": False, "beam": "ready", "aim": "8"}
    s = to_turn(eng, s, ANN_TURN(4))  # not fired in turn 3: the announcement lapses
    assert item(s, "1", "w1")["beam"] == "" and item(s, "1", "w1")["aim"] == ""


def test_t_lwp_17_boost_turn_2_then_refused_turn_3_allowed_turn_4() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(2))
    events = decide(eng, s, "boost", ship="Shield")
    assert "moves up to 22 studs this turn (speed 12 + 10); no weapons" in events[0].text
    s = eng.apply(s, events)
    r = rec(s, "3")
    assert (r["mode"], item(s, "3", "a2")["marker"]) == ("boost", 2)
    assert "cannot attack and use an active ability" in refused(eng, s, "fire", (12, 5), ship="Shield", weapon="w1", target="Ram")
    assert "marker is still on" in refused(eng, s, "boost", ship="Shield")
    s = to_turn(eng, s, BOB_TURN(2))
    assert (item(s, "3", "a2")["marker"], rec(s, "3")["mode"]) == (1, "")
    s = to_turn(eng, s, ANN_TURN(3))
    assert "marker is still on" in refused(eng, s, "boost", ship="Shield")
    s = act(eng, s, "fire", (1,), ship="Shield", weapon="w1", target="Ram", in_range=True)  # it may attack normally
    s = to_turn(eng, s, ANN_TURN(4))
    assert item(s, "3", "a2")["marker"] == 0
    s = act(eng, s, "boost", ship="Shield")
    assert rec(s, "3")["mode"] == "boost" and item(s, "3", "a2")["marker"] == 2


def test_t_lwp_18_frigate_docks_turn_5_immobile_turn_6_out_with_full_armor_turn_7() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), BOB_TURN(4))
    s = act(eng, s, "fire", (12, 12), ship="Titan", weapon="Heavy Turret", target="Bull", in_range=True)  # 12 - 1 + 1 (own radar)
    assert rec(s, "2")["armor"] == 13
    s = to_turn(eng, s, ANN_TURN(5))
    s = act(eng, s, "fire", (1,), ship="Bull", weapon="w1", target="Ram", in_range=True)  # attacks before docking are fine
    s = act(eng, s, "dock", ship="Bull", host="Anvil")
    assert (rec(s, "2")["docked"], rec(s, "2")["docked_in"], rec(s, "2")["immobile"]) == (2, "1", True)
    assert (item(s, "1", "a1")["bay_frig"], item(s, "1", "a1")["bay_frig_max"]) == (1, 2)
    assert "docked in Anvil (#1) and off the table" in refused(eng, s, "fire", (12, 12), ship="Bull", weapon="w2", target="Ram")
    s = to_turn(eng, s, BOB_TURN(5))
    assert "inside a hangar" in refused(eng, s, "fire", (12, 12), ship="Titan", weapon="w1", target="Bull")
    s = to_turn(eng, s, ANN_TURN(6))
    assert (rec(s, "2")["docked"], rec(s, "2")["immobile"], rec(s, "2")["armor"]) == (1, True, 13)
    assert "off the table" in refused(eng, s, "choose-mode", ship="Bull", mode="attack")
    s = to_turn(eng, s, ANN_TURN(7))
    r = rec(s, "2")
    assert (r["docked"], r["docked_in"], r["immobile"], r["armor"]) == (0, "", False, 25)
    assert item(s, "1", "a1")["bay_frig"] == 0
    s = act(eng, s, "fire", (12, 12), ship="Bull", weapon="w2", target="Ram", in_range=True)  # a full turn
    assert rec(s, "8")["armor"] == 27 - 11


def test_hangar_room_classes_and_docked_ships_lost_with_their_host() -> None:
    eng = engine()
    ann = (ship("Carrier", "C", "Capital Ship", 10, 8, ("Light Turret",), ("Hangar Bay",), (1, 0)),
           ship("Fighter 1", "F1", "Strike Craft", 9, 20, ("Laser",)), ship("Fighter 2", "F2", "Strike Craft", 9, 20, ("Laser",)),
           ship("Frig", "FR", "Frigate", 25, 12, ("Light Missiles",)))
    s = to_turn(eng, new(eng, fleets=rosters(ann=ann)), 1)
    s = act(eng, s, "dock", ship="F1", host="Carrier")
    assert "hangar is full for Strike Craft: 1/1" in refused(eng, s, "dock", ship="F2", host="Carrier")
    assert "full for Frigate: 0/0" in refused(eng, s, "dock", ship="FR", host="Carrier")
    assert "only Strike Craft and Frigate dock" in refused(eng, s, "dock", ship="Carrier", host="Carrier")
    assert "not an allied ship with a Hangar Bay" in refused(eng, s, "dock", ship="F2", host="Fighter 1")
    s = to_turn(eng, s, 2)
    events = decide(eng, s, "fire", (12, 12), ship="Titan", weapon="Heavy Turret", target="Carrier", in_range=True)  # 11 ≥ 10
    assert [e.text for e in events if e.kind == "ship-destroyed"] == [
        "Carrier (#1) is destroyed by Titan (#5).",
        "Fighter 1 (#2), docked inside Carrier (#1), is lost with it; ships docked in a hangar are lost when their "
        "host is destroyed: yes — a house default."]
    s = eng.apply(s, events)
    lost = [e for e in s.ships.values() if e.record["destroyed"]]
    assert [x.name for x in lost] == ["Carrier", "Fighter 1"]
    assert rec(s, "2")["docked"] == 0 and s.players[1].resources["kills"] == 2


def test_docked_ships_survive_their_host_when_the_setting_says_so() -> None:
    eng = engine()
    ann = (ship("Carrier", "C", "Capital Ship", 10, 8, ("Light Turret",), ("Hangar Bay",), (1, 0)),
           ship("Fighter", "F1", "Strike Craft", 9, 20, ("Laser",)))
    s = to_turn(eng, new(eng, {"docked_die_with_host": "false"}, rosters(ann=ann)), 1)
    s = act(eng, act(eng, s, "set", target="F1", key="armor", value="3"), "dock", ship="F1", host="C")
    s = act(eng, to_turn(eng, s, 2), "fire", (12, 12), ship="Titan", weapon="w1", target="Carrier", in_range=True)
    r = rec(s, "2")
    assert (r["destroyed"], r["docked"], r["armor"]) == (False, 0, 3)
    assert s.players[1].resources["kills"] == 1


def test_release_puts_a_docked_ship_out_early_unrepaired() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    s = act(eng, act(eng, s, "set", target="Bull", key="armor", value="5"), "dock", ship="Bull", host="Anvil")
    assert "is not docked" in refused(eng, s, "release", ship="Shield")
    s = act(eng, s, "release", ship="Bull")
    assert (rec(s, "2")["docked"], rec(s, "2")["armor"], item(s, "1", "a1")["bay_frig"]) == (0, 5, 0)


@pytest.mark.parametrize(("speed", "halved"), [(10, 5), (9, 5)])
def test_t_lwp_13_bombs_destroy_the_engines_and_the_record_shows_half_speed(speed: int, halved: int) -> None:
    eng = engine()
    bob = (ship("Titan", "B-C1", "Capital Ship", 45, speed, ("Heavy Turret",)), *BOB[1:])
    s = to_turn(eng, new(eng, fleets=rosters(bob=bob)), 1)
    events = decide(eng, s, "fire", (4, 7), ship="Hornet", weapon="Bombs", target="Titan", subsystem="engines", in_range=True)
    assert "d8 shows 7" in events[0].text and f"speed {speed} → {halved}" in events[0].text
    s = eng.apply(s, events)
    r = rec(s, "7")
    assert (r["engines_out"], r["speed"], r["speed_max"], r["armor"]) == (True, halved, speed, 45)


def test_t_lwp_14_bomb_subsystem_roll_of_2_hits_the_hull_for_half() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    s = act(eng, s, "fire", (4, 2, 3, 4), ship="Hornet", weapon="Bombs", target="Titan", subsystem="bridge", in_range=True)
    assert rec(s, "7")["armor"] == 45 - 4 and rec(s, "7")["bridge_out"] is False


def test_bridge_destroyed_gives_minus_2_hit_and_minus_1_damage_to_later_attacks() -> None:
    eng = engine()
    s = to_turn(eng, new(eng, {"cr_includes_self": "false"}), 1)  # Titan's own radar does not help it here
    before = eng.action_odds(s, Action("fire", {"ship": "Titan", "weapon": "w1", "target": "Anvil", "in_range": True}))
    s = act(eng, s, "fire", (4, 6), ship="Hornet", weapon="Bombs", target="Titan", subsystem="bridge", in_range=True)
    assert rec(s, "7")["bridge_out"] is True and rec(s, "7")["armor"] == 45
    s = to_turn(eng, s, 2)
    after = eng.action_odds(s, Action("fire", {"ship": "Titan", "weapon": "w1", "target": "Anvil", "in_range": True}))
    assert (before.p_hit * 12, after.p_hit * 12) == (10, 8)
    events = decide(eng, s, "fire", (4,), ship="Titan", weapon="Heavy Turret", target="Anvil", in_range=True)  # T-LWP-15
    assert "4 -2 = 2; 2 < 3: miss" in events[0].text and "-2 Bridge/Sensors destroyed" in events[0].text
    s = act(eng, s, "fire", (6, 6), ship="Titan", weapon="w3", target="Bull", in_range=True)  # Defense Turret: 6-2 = 4 ≥ 4
    assert rec(s, "2")["armor"] == 25 - (6 - 1 - 1)


def test_a_bombed_weapon_is_knocked_out_and_refused() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    assert "aimed at a weapon: name the target weapon to knock out (w1 Heavy Turret, w2 Light Missiles, w3" in refused(
        eng, s, "fire", (4, 8), ship="Hornet", weapon="Bombs", target="Titan",
                                                     subsystem="weapon")
    s = act(eng, s, "fire", (4, 8), ship="Hornet", weapon="Bombs", target="Titan", subsystem="weapon",
            target_weapon="Heavy Turret", in_range=True)
    assert item(s, "7", "w1")["disabled"] is True
    s = to_turn(eng, s, 2)
    assert "knocked out by a bomb" in refused(eng, s, "fire", (12, 12), ship="Titan", weapon="w1", target="Anvil")
    assert "only Bombs can aim at a subsystem" in refused(eng, s, "fire", (12, 12), ship="Titan", weapon="w2", target="Anvil",
                                                           subsystem="engines")


def test_field_defense_announce_active_off_cycle() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    s = act(eng, s, "announce-field-defense", ship="Shield")
    assert item(s, "3", "a1")["announced"] is True
    s = act(eng, s, "fire", (1,), ship="Shield", weapon="w1", target="Ram", in_range=True)  # announcing does not forgo the attack
    assert "already announced" in refused(eng, s, "announce-field-defense", ship="Shield")
    s = to_turn(eng, s, ANN_TURN(2))
    r = rec(s, "3")
    assert (item(s, "3", "a1")["announced"], r["fd_active"], r["mode"]) == (False, True, "field defense")
    assert "cannot attack" in refused(eng, s, "fire", (12, 12), ship="Shield", weapon="w1", target="Ram")
    assert "is up" in refused(eng, s, "announce-field-defense", ship="Shield")
    s = to_turn(eng, s, BOB_TURN(2))
    assert rec(s, "3")["fd_active"] is True
    assert "Field Defense up" in refused(eng, s, "fire", (12, 12), ship="Ram", weapon="w2", target="Shield")
    s = act(eng, s, "fire", (12, 12), ship="Ram", weapon="w2", target="Shield", inside_field=True, in_range=True)
    s = to_turn(eng, s, ANN_TURN(3))
    assert rec(s, "3")["fd_active"] is False and rec(s, "3")["mode"] == ""
    s = act(eng, s, "announce-field-defense", ship="Shield")
    s = to_turn(eng, s, ANN_TURN(4))
    assert rec(s, "3")["fd_active"] is True


def test_field_defense_forgoes_the_attack_on_announcement_with_that_setting() -> None:
    eng = engine()
    s = to_turn(eng, new(eng, {"fd_forgo_on": "announce"}), 1)
    s = act(eng, s, "announce-field-defense", ship="Shield")
    assert rec(s, "3")["mode"] == "field defense"
    assert "cannot attack" in refused(eng, s, "fire", (12, 12), ship="Shield", weapon="w1", target="Ram")
    s = to_turn(eng, s, 3)
    assert rec(s, "3")["fd_active"] is True and rec(s, "3")["mode"] == ""
    s = act(eng, s, "fire", (1,), ship="Shield", weapon="w1", target="Ram", in_range=True)  # its own fire leaves the field
    sealed = to_turn(eng, act(eng, to_turn(eng, new(eng, {"fd_forgo_on": "announce", "fd_own_fire_leaves": "no"}), 1),
                              "announce-field-defense", ship="Shield"), 3)
    assert refused(eng, sealed, "fire", (1,), ship="Shield", weapon="w1", target="Ram").endswith(
        "its fire may not leave it; the shielded ship's own fire may leave its field: no — your house rule")


def test_infiltration_holds_both_ships_and_captures_at_the_owners_next_turn() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    assert "needs 4 or less" in refused(eng, s, "infiltrate", ship="Sneak", target="Ram", distance=5)
    assert "infiltration takes a Capital Ship or Frigate" in refused(eng, s, "infiltrate", ship="Sneak", target="Wasp")
    assert "has no Infiltration" in refused(eng, s, "infiltrate", ship="Bull", target="Ram")
    s = act(eng, s, "infiltrate", ship="Sneak", target="Ram", distance=3)
    assert (item(s, "5", "a1")["target"], rec(s, "5")["immobile"], rec(s, "5")["mode"]) == ("8", True, "infiltrate")
    assert (rec(s, "8")["infiltrated_by"], rec(s, "8")["immobile"]) == ("5", True)
    assert "cannot attack" in refused(eng, s, "fire", (12, 6), ship="Sneak", weapon="w1", target="Ram")
    s = to_turn(eng, s, BOB_TURN(1))
    assert "cannot move this turn" in refused(eng, s, "dock", ship="Ram", host="Titan")
    s = act(eng, s, "fire", (12, 12, 12), ship="Ram", weapon="Melee", target="Bull", in_range=True)  # it may still attack
    s = to_turn(eng, s, ANN_TURN(2))
    ram = s.ships["8"]
    assert ram.owner == 0 and ram.record["captured"] is True and ram.record["immobile"] is False
    assert item(s, "5", "a1") == {"target": "", "flags": 1} and s.extra["home"] == {"8": 1}
    s = act(eng, s, "fire", (12, 12), ship="Ram", weapon="w2", target="Titan", in_range=True)  # fights for Ann now
    # Bob takes it back with his own infiltration frigate: the flag comes off
    s = to_turn(eng, s, BOB_TURN(2))
    s = act(eng, s, "infiltrate", ship="Mole", target="Ram")
    s = to_turn(eng, s, BOB_TURN(3))
    assert s.ships["8"].owner == 1 and rec(s, "8")["captured"] is False and item(s, "10", "a1")["flags"] == 1


def test_an_infiltration_halted_by_the_targets_team_fails() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "infiltrate", ship="Sneak", target="Ram")
    s = to_turn(eng, s, BOB_TURN(1))
    assert "use halt-infiltration" in refused(eng, s, "infiltrate", ship="Guard", target="Ram")
    s = act(eng, s, "halt-infiltration", ship="Guard", target="Ram", distance=2)
    assert rec(s, "8")["infiltrated_by"] == "" and rec(s, "8")["immobile"] is True  # still held this turn
    s = to_turn(eng, s, ANN_TURN(2))
    assert s.ships["8"].owner == 1 and rec(s, "8")["immobile"] is False and rec(s, "5")["immobile"] is False
    assert item(s, "5", "a1")["flags"] == 0


@pytest.mark.parametrize(("needs_survival", "captured"), [("true", False), ("false", True)])
def test_a_destroyed_infiltrator_captures_nothing_unless_the_book_is_read_literally(needs_survival: str, captured: bool) -> None:
    eng = engine()
    s = to_turn(eng, new(eng, {"infiltration_needs_survival": needs_survival}), ANN_TURN(1))
    s = act(eng, s, "infiltrate", ship="Sneak", target="Ram")
    s = act(eng, to_turn(eng, s, BOB_TURN(1)), "fire", (12, 12, 12), ship="Ram", weapon="Melee", target="Sneak",
            distance=1)
    assert rec(s, "5")["destroyed"] is True and s.players[1].resources["kills"] == 1
    s = to_turn(eng, s, ANN_TURN(2))
    assert (s.ships["8"].owner == 0) is captured


def test_a_captured_infiltrator_drops_its_own_infiltration() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "infiltrate", ship="Sneak", target="Mole")
    s = act(eng, to_turn(eng, s, BOB_TURN(1)), "infiltrate", ship="Mole", target="Bull")
    assert rec(s, "2")["infiltrated_by"] == "10" and rec(s, "10")["immobile"] is True
    s = to_turn(eng, s, ANN_TURN(2))
    assert s.ships["10"].owner == 0 and item(s, "10", "a1")["target"] == ""
    assert (rec(s, "2")["infiltrated_by"], rec(s, "2")["immobile"], rec(s, "10")["immobile"]) == ("", False, False)


def test_a_beam_aimed_at_a_ship_its_own_side_captures_lapses() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "announce-beam", ship="Anvil", target="Ram")
    s = act(eng, s, "infiltrate", ship="Sneak", target="Ram", distance=2)
    s = to_turn(eng, s, ANN_TURN(2), "ship_upkeep")
    texts = []
    while s.current_phase.id == "ship_upkeep":
        events = decide(eng, s, "next-step")
        texts += [e.text for e in events]
        s = eng.apply(s, events)
    assert s.ships["8"].owner == 0  # captured at the start of Ann's turn, before the Beam's upkeep step
    assert ("The Beam attack announced for Beam (w1) of Anvil (#1) has no target any more: it is gone from the table "
            "or no longer an enemy; it lapses.") in texts
    assert item(s, "1", "w1")["beam"] == "" and item(s, "1", "w1")["aim"] == ""
