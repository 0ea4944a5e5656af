"""The book's worked examples (the gunnery example, the Destroyer damage example) played through the cal plugin
with typed faces."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_cal_helpers import Game, roster, texts

from mstracker.game import Action

RED_DD = roster("Red Fleet", "Red", ("Lance", "DD-1", "Destroyer"))
BLUE_STRIKE = roster(
    "Blue Fleet", "Blue",
    ("Resolute", "CA-1", "Heavy Cruiser"), ("Dauntless", "CA-2", "Heavy Cruiser"), ("Harrier", "CVE-1", "Escort Carrier"),
)


def destroyer_game(**settings: object) -> Game:
    """D7.2 up to the start of example round 4 (game round 5); example round n is game round n + 1,
    because a bomber launched in round 1 first attacks in round 2."""
    g = Game(RED_DD, BLUE_STRIKE, **settings)
    g.act("set", target="CVE-1", key="d1.track", value="Bomber ready, Bomber ready")  # readied before the battle
    g.act("set", target="CA-1", key="d1.track", value="Torpedo ready")
    g.to("gunnery", "launch")
    assert "launches o1 Bomber" in g.text("launch", ship="CVE-1", ordnance="bomber", count=1)
    # example round 1: a bomber, the point defence fails
    g.next_round()
    g.to("gunnery", "point_defence")
    assert "1 → 1: miss" in g.text("point-defence", 1, ship="DD-1", token="o1", in_range=True)
    g.to("gunnery", "ordnance_attacks")
    g.act("ordnance-attack", token="o1", target="DD-1")
    assert g.rec("DD-1")["round_damage"] == 6
    done = texts(g.to("damage", "command_control"))
    assert "Round damage 6 against SS 35 (minor from 9, major from 18): SS 35 → 29" in done and "no roll" in done
    assert (g.rec("DD-1")["ss"], g.rec("DD-1")["round_damage"]) == (29, 0)
    # example round 2: two Heavy Cruisers' beams at long range, 4 each
    g.next_round()
    g.to("gunnery", "weapons")
    g.act("fire", 6, ship="CA-1", weapon="beam", target="DD-1", distance=7, shots=1)
    g.act("fire", 5, ship="CA-2", weapon="beam", target="DD-1", distance=7, shots=1)
    assert g.rec("DD-1")["round_damage"] == 8
    g.to("gunnery", "launch")
    g.act("launch", ship="CVE-1", ordnance="bomber")
    g.act("launch", ship="CA-1", ordnance="torpedo")
    done = texts(g.to("damage", "command_control", faces=(3, 4)))
    assert "Round damage 8 against SS 29 (minor from 8, major from 15)" in done
    assert "Minor Damage Table: rolled 3 + 4 = 7: Sparks and Smoke" in done
    assert (g.rec("DD-1")["ss"], g.rec("DD-1")["crew"]) == (21, -1)
    # example round 3: a torpedo and the bomber again
    g.next_round()
    g.to("gunnery", "ordnance_attacks")
    g.act("ordnance-attack", token="o3", target="DD-1")
    g.act("ordnance-attack", token="o2", target="DD-1")
    assert g.rec("DD-1")["round_damage"] == 16 and g.state.extra["ordnance"] == []
    done = texts(g.to("damage", "command_control", faces=(4, 5)))
    assert "Round damage 16 against SS 21 (minor from 6, major from 11): SS 21 → 5" in done
    assert "Major Damage Table: rolled 4 + 5 = 9: Engines Offline" in done
    rec = g.rec("DD-1")
    assert (rec["ss"], rec["engines_offline"], rec["fire"], rec["crew"]) == (5, True, 1, -1)
    g.next_round()
    return g


def test_destroyer_over_four_rounds_default_fire_timing() -> None:
    g = destroyer_game()
    # example round 4: the Interphase puts the fire out (d6 5, Crew -1 -> 4), so fire does no damage
    done = texts(g.to("gunnery", "weapons", faces=(5,)))
    assert "Fire roll: rolled 5, Crew -1 → 4 against 4: success" in done and "Fire 1 → 0" in done
    assert "Lance (#1) burns" not in done
    assert g.rec("DD-1")["fire"] == 0
    g.act("fire", 4, ship="CA-1", weapon="beam", target="DD-1", distance=7, shots=1)
    done = texts(g.to("damage", "resolve_damage", faces=(1, 1)))
    assert "Round damage 4 against SS 5 (minor from 2, major from 3): SS 5 → 1" in done
    assert "Reactor Breach" in done and "3 damage (SS 5 halved, rounded up)" in done
    rec = g.rec("DD-1")
    assert (rec["ss"], rec["destroyed"], rec["blast"]) == (1, True, 3)
    assert not g.state.finished  # the blast comes first: "the ship does immediately deal 3 points of damage"
    blast = g.eng.legal_action(g.state, "blast", prefer="CA-1")
    assert (blast.allowed, blast.actor, blast.actors) == (True, "1", ("1",))  # the exploded ship acts
    assert "Lance (#1) exploded in a Reactor Breach: its blast of 3" in g.refused("next-step", force=True)
    assert "override “blast:1”" in g.refused("cc-check")  # everything else waits for the blast
    assert "is destroyed: it cannot be targeted" in g.refused("blast", ship="DD-1", targets="DD-1")
    events = g.act("blast", ship="DD-1", targets="CA-1")
    assert "Immediate damage 3 against SS 60" in events[0].text and g.rec("CA-1")["ss"] == 57
    assert events[-1].kind == "game-ended" and g.state.winner == "Blue"
    assert "Blue (Blue Fleet) is the last side" in g.state.result
    g.check_replay()


@pytest.mark.parametrize("timing", ["interphase", "both"])
def test_destroyer_round_four_with_fire_damage_in_the_interphase(timing: str) -> None:
    g = destroyer_game(fire_damage_timing=timing)
    done = texts(g.to("gunnery", "weapons", faces=(5,)))
    assert "Fire 1 deals 1 damage at once" in done and "SS 5 → 4" in done and "Not enough for a damage table" in done
    assert (g.rec("DD-1")["ss"], g.rec("DD-1")["fire"]) == (4, 0)
    g.act("fire", 4, ship="CA-1", weapon="beam", target="DD-1", distance=7, shots=1)
    done = texts(g.to("damage", "resolve_damage", faces=(1, 1)))
    assert "Round damage 4 against SS 4 (minor from 1, major from 2): SS 4 → 0" in done
    assert "2 damage (SS 4 halved, rounded up)" in done and g.rec("DD-1")["blast"] == 2
    g.check_replay()


def gunnery_game(**settings: object) -> Game:
    red = roster("Red Fleet", "Red", ("Resolute", "CA-1", "Heavy Cruiser"))
    blue = roster("Blue Fleet", "Blue", ("Wasp", "K-1", "Corvette"))
    g = Game(red, blue, **settings)
    g.to("gunnery", "weapons")
    # G1: 7 hexes, the cruiser's beam twice at the corvette: target 4, rolls 4 and 2, long range
    odds = g.eng.action_odds(g.state, Action("fire", {"ship": "CA-1", "weapon": "beam", "target": "K-1", "distance": 7}))
    assert odds.p_hit == Fraction(1, 2) and odds.damage == {0: Fraction(1, 4), 4: Fraction(1, 2), 8: Fraction(1, 4)}
    text = g.text("fire", 4, 2, ship="CA-1", weapon="beam", target="K-1", distance=7)
    assert "long range" in text and "4 damage a hit (8 halved" in text and "1 hit of 2" in text
    assert g.rec("K-1")["round_damage"] == 4 and g.item("CA-1", "beam")["shots"] == 2
    # G2: the corvette's projectile at long range needs 4: a 3 misses
    text = g.text("fire", 3, ship="K-1", weapon="projectile", target="CA-1", distance=7)
    assert "needs 4" in text and "miss" in text and g.rec("CA-1")["round_damage"] == 0
    # G3: its beam cannot reach 7 hexes
    assert "maximum range is 6" in g.refused("fire", 5, ship="K-1", weapon="beam", target="CA-1", distance=7)
    done = texts(g.to("damage", "command_control"))
    assert "Round damage 4 against SS 20" in done and "SS 20 → 16" in done and g.rec("K-1")["ss"] == 16
    g.next_round()
    g.to("gunnery", "weapons")
    # G4: 4 hexes, short range: rolls 2 and 6, one hit for 8
    g.act("fire", 2, 6, ship="CA-1", weapon="beam", target="K-1", distance=4)
    assert g.rec("K-1")["round_damage"] == 8
    # G5 / G6: projectile at short range needs 3 (a 4 hits for 2); beam at long range needs 3 (a 5 hits for 2)
    assert "needs 3" in g.text("fire", 4, ship="K-1", weapon="projectile", target="CA-1", distance=4)
    assert "2 damage a hit (4 halved" in g.text("fire", 5, ship="K-1", weapon="beam", target="CA-1", distance=4)
    assert g.rec("CA-1")["round_damage"] == 4
    return g


def test_gunnery_example_over_two_turns_then_the_damage_phase() -> None:
    g = gunnery_game()
    done = texts(g.to("damage", "command_control", faces=(3, 4)))
    assert "Round damage 4 against SS 60 (minor from 15, major from 30): SS 60 → 56" in done
    assert "Round damage 8 against SS 16 (minor from 4, major from 8): SS 16 → 8" in done
    assert "Major Damage Table: rolled 3 + 4 = 7: Engines Damaged" in done
    k = g.rec("K-1")
    assert (k["ss"], k["engines_damaged"], k["fire"]) == (8, True, 1)
    assert g.rec("CA-1")["ss"] == 56 and g.item("CA-1", "beam")["shots"] == 0  # shot counts cleared
    g.check_replay()


def test_gunnery_example_strict_thresholds_make_it_minor() -> None:
    g = gunnery_game(threshold="strict")
    done = texts(g.to("damage", "command_control", faces=(3, 4)))
    assert "Round damage 8 against SS 16 (minor from 5, major from 9)" in done and "Sparks and Smoke" in done
    assert (g.rec("K-1")["ss"], g.rec("K-1")["crew"], g.rec("K-1")["fire"]) == (8, -1, 0)


# ---- D7.3 ------------------------------------------------------------------------------------------

CARRIERS = roster("Blue Fleet", "Blue", ("Sovereign", "CV-1", "Carrier"), ("Bulwark", "BB-1", "Battleship"))


def test_x1_crew_minus_one_readies_on_the_minus_one_squares() -> None:
    g = Game(RED_DD, CARRIERS)
    g.act("set", target="DD-1", key="crew", value="-1")
    g.act("set", target="CV-1", key="crew", value="-1")
    g.to("ordnance", "ready")
    assert "on square T/A -1 (Crew -1): ready after 4 Interphases" in g.text("ready-ordnance", ship="DD-1", ordnance="torpedo")
    assert "on square F/B -1" in g.text("ready-ordnance", ship="CV-1", ordnance="fighter", count=2)
    assert g.item("CV-1", "d1")["track"] == ["Fighter 4", "Fighter 4"]
    g.next_round()  # the Interphase moves them one square
    assert g.item("CV-1", "d1")["track"] == ["Fighter 3", "Fighter 3"] and g.item("DD-1", "d1")["track"] == ["Torpedo 3"]


def test_x2_a_destroyer_with_a_destroyed_tube_holds_three_torpedo_counters() -> None:
    g = Game(RED_DD, CARRIERS)
    g.act("set", target="DD-1", key="d1.bays", value="3")
    g.to("ordnance", "ready")
    g.act("ready-ordnance", ship="DD-1", ordnance="torpedo", count=2)
    assert "room for 1 more counter, not 2" in g.refused("ready-ordnance", ship="DD-1", ordnance="torpedo", count=2)
    g.act("ready-ordnance", ship="DD-1", ordnance="torpedo")
    assert "room for 0 more counters" in g.refused("ready-ordnance", ship="DD-1", ordnance="torpedo")
    assert len(g.item("DD-1", "Torpedoes")["track"]) == 3


def test_x3_unready_then_no_new_counters_until_next_round() -> None:
    g = Game(RED_DD, CARRIERS)
    g.act("set", target="CV-1", key="d1.track", value="Fighter ready, Fighter ready, Fighter 2")
    g.to("ordnance", "unready")
    assert "unreadies 2 Fighter counters" in g.text("unready", ship="CV-1", ordnance="fighter")
    assert g.item("CV-1", "d1")["track"] == ["Fighter 2"] and "unreadied" in g.rec("CV-1")["marks"]
    assert "unreadied ordnance this round" in g.refused("ready-ordnance", ship="CV-1", ordnance="bomber")
    g.act("ready-ordnance", ship="BB-1", ordnance="fighter")  # another ship of the same player still may
    g.next_round()
    g.to("ordnance", "ready")
    assert g.rec("CV-1")["marks"] == []
    g.act("ready-ordnance", ship="CV-1", ordnance="bomber", count=2)
    assert g.item("CV-1", "d1")["track"] == ["Fighter 1", "Bomber 3", "Bomber 3"]


@pytest.mark.parametrize(("crew", "square", "delay"), [(-1, "-1", 4), (-3, "-2", 5), (3, "+2", 1)])
def test_x4_ftl_counter_goes_on_the_crew_square_clamped(crew: int, square: str, delay: int) -> None:
    g = Game(RED_DD, CARRIERS)
    g.act("set", target="DD-1", key="crew", value=str(crew))
    g.to("movement", "ftl")
    assert f"counter on square {square}" in g.text("ftl-power-up", ship="DD-1")
    assert (g.rec("DD-1")["ftl_powered"], g.rec("DD-1")["ftl"]) == (True, delay)


def test_x5_power_down_then_up_is_refused_the_same_round() -> None:
    g = Game(RED_DD, CARRIERS)
    g.to("movement", "ftl")
    g.act("ftl-power-up", ship="DD-1")
    g.act("ftl-power-down", ship="DD-1")
    assert "powered its FTL drive down this round" in g.refused("ftl-power-up", ship="DD-1")
    g.next_round()
    g.to("movement", "ftl")
    g.act("ftl-power-up", ship="DD-1")
    assert g.rec("DD-1")["ftl"] == 3


def test_x11_carrier_and_battleship_cc_16_refuses_a_17th_craft() -> None:
    g = Game(RED_DD, CARRIERS)
    assert g.state.players[1].resources == {"cc": 16, "craft": 0}
    six, two = ", ".join(["Fighter ready"] * 6), "Fighter ready, Fighter ready"
    g.act("set", target="CV-1", key="d1.track", value=six)
    g.act("set", target="BB-1", key="d1.track", value=two)
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-1", ordnance="fighter")
    g.act("launch", ship="BB-1", ordnance="fighter")
    g.next_round()
    g.act("set", target="CV-1", key="d1.track", value=six)
    g.act("set", target="BB-1", key="d1.track", value="Fighter ready")
    g.to("ordnance", "ready")
    assert "no bay for Bomber" in g.refused("ready-ordnance", ship="BB-1", ordnance="bomber")  # fighter bays only
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-1", ordnance="fighter", count=6)
    g.act("launch", ship="BB-1", ordnance="fighter")
    assert g.state.players[1].resources == {"cc": 16, "craft": 15}
    g.act("set", target="CV-1", key="d1.track", value="Bomber ready, Bomber ready")
    g.act("launch", ship="CV-1", ordnance="bomber", count=1)
    assert g.state.players[1].resources == {"cc": 16, "craft": 16}
    assert "C&C is 16 and 16 fighters and bombers are in play: 1 more would exceed it" in g.refused(
        "launch", ship="CV-1", ordnance="bomber")
    assert g.rec("CV-1")["in_play"] == ["o1 Fighter ×6", "o3 Fighter ×6", "o5 Bomber"]


def test_x12_a_capital_ship_spending_both_mps_on_rotation_loses_one_ss() -> None:
    g = Game(roster("Red Fleet", "Red", ("Lance", "DD-1", "Destroyer"), ("Resolute", "CA-1", "Heavy Cruiser")), CARRIERS)
    g.to("movement", "alter_course")
    text = g.text("course", ship="CA-1", spend="cw cw")
    assert "Hard turn" in text and "SS 60 → 59" in text and "course stationary → cw=2" in text
    assert g.rec("CA-1")["ss"] == 59 and g.rec("CA-1")["course"] == "cw=2"
    g.act("course", ship="DD-1", spend="ccw ccw ccw")  # an escort feels no stress
    assert g.rec("DD-1")["ss"] == 35 and g.rec("DD-1")["course"] == "ccw=3"
    assert "already altered course" in g.refused("course", ship="CA-1", spend="1")
    g.next_round()
    g.to("movement", "alter_course")
    assert "has 2 movement points" in g.refused("course", ship="CA-1", spend="1 1 1")
    g.act("course", ship="CA-1", spend="1 ccw")
    assert g.rec("CA-1")["ss"] == 59 and g.rec("CA-1")["course"] == "d1=1 cw=1"


def test_x13_hostile_ram_heavy_cruiser_against_corvette() -> None:
    g = Game(roster("Red Fleet", "Red", ("Resolute", "CA-1", "Heavy Cruiser")), roster("Blue Fleet", "Blue", ("Wasp", "K-1", "Corvette")))
    g.to("movement", "move")
    text = g.text("ram", 3, 4, 2, 5, ship="CA-1", other="K-1")
    assert "Resolute (#1): Immediate damage 20 against SS 60 (minor from 15, major from 30): SS 60 → 40" in text
    assert "Wasp (#2): Immediate damage 60 against SS 20 (minor from 5, major from 10): SS 20 → 0" in text
    ca, k = g.rec("CA-1"), g.rec("K-1")
    assert (ca["ss"], ca["crew"]) == (40, -1 + 2)  # Sparks and Smoke, then +2 for surviving
    assert (k["ss"], k["crew"], k["engines_damaged"], k["fire"]) == (0, 2, True, 1)  # Major 2 + 5 = 7: Engines Damaged
    assert not g.state.finished
    g.check_replay()
