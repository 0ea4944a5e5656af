"""The dice of every cal roll, declared before rolling: what each die decides, for which ship, on which table;
conditional dice (Chain Reaction, Demolition Charges, the battery and bay picks, Boarders after a breach)
follow the faces before them; a plan is refused for exactly the reasons its action is."""

from __future__ import annotations

import pytest
from test_cal_actions import BLUE, RED, game, launched
from test_cal_helpers import Game, roster

from mstracker.game import Action, InvalidAction


def plan(g: Game, kind: str, **args: object):  # noqa: ANN201 - a DicePlan
    return g.eng.dice_plan(g.state, Action(kind, args))


def test_fire_declares_one_targeting_die_per_shot_and_refuses_as_the_action_does() -> None:
    g = game()
    g.to("gunnery", "weapons")
    p = plan(g, "fire", ship="CA-1", weapon="beam", target="K-1", distance=7)
    assert [(n.sides, n.ship, n.table) for n in p.needs] == [(6, "2", "Targeting roll (cal §Weapons)")] * 2
    assert p.needs[1].purpose == "shot 2 of 2 of Resolute (#2)'s Beam at Wasp (#5): hits on 4+ with Crew +0, 4 damage"
    g.act("fire", 6, 6, ship="CA-1", weapon="beam", target="K-1", distance=7)
    with pytest.raises(InvalidAction) as planned:
        plan(g, "fire", ship="CA-1", weapon="beam", target="K-1", distance=7)
    assert str(planned.value) == g.refused("fire", 6, ship="CA-1", weapon="beam", target="K-1", distance=7)
    assert "maximum range is 6" in g.refused("fire", 6, ship="K-1", weapon="beam", target="CA-1", distance=7)


def test_a_minor_roll_declares_its_chain_reaction_and_the_battery_pick() -> None:
    # Corvette: Beam and Projectile (a Battery Damaged picks one: 1d6, 1-3 / 4-6), one Assault Bay (no pick).
    g = game()
    g.act("set", target="K-1", key="round_damage", value="6")  # SS 20: minor from 5, major from 10
    g.to("damage", "add_fire")
    p = plan(g, "next-step", force=True)
    assert [(n.sides, n.purpose) for n in p.needs] == [
        (6, "Minor Damage Table: 6 damage this round on Wasp (#5)")] * 2 + [
        (6, "Major Damage Table: Chain Reaction (Minor Damage Table 2 or 12) on Wasp (#5)")] * 2 + [
        (6, "Battery Damaged: which battery is hit on Wasp (#5) (d6, the working ones in record order)")]
    assert p.needs[2].when_text == "if the Minor Damage Table roll is 2 or 12"
    assert p.walk([3, 4]).complete  # 7: Sparks and Smoke, nothing more
    assert p.walk([1, 1]).next_index == 2  # 2: Chain Reaction -> the Major roll
    assert p.walk([2, 2]).next_index == 4  # 4: Battery Damaged -> which battery
    assert p.walk([5, 6]).complete  # 11: Ordnance Bay Damaged, and the only bay needs no die
    g.act("next-step", 6, 4, 2, force=True)  # 10: Battery Damaged; 2 -> Beam
    assert g.item("K-1", "Beam")["damaged"] and not g.item("K-1", "Projectile")["damaged"]


def test_boarders_declare_demolition_charges_and_the_bay_pick_after_all_boarder_rolls() -> None:
    # Heavy Cruiser: Torpedoes and an Assault Bay. Boarder 1: 5 Demolition Charges -> Minor 5 + 6 = 11 Ordnance
    # Bay Damaged; boarder 2: 1 Skirmish; then the bay pick, 1d6 (1-3 Torpedoes, 4-6 Assault Bay): 4.
    g = game()
    g.act("set", target="CA-1", key="boarders", value="2")
    g.next_round()
    g.next_round()
    g.to("interphase", "fire_roll")
    p = plan(g, "next-step")
    assert [n.purpose.split(" on ")[0] for n in p.needs][:6] == [
        "Boarder Table: Boarder 1 of 2", "Minor Damage Table: Demolition Charges (Boarder Table 5 or 6)",
        "Minor Damage Table: Demolition Charges (Boarder Table 5 or 6)",
        "Major Damage Table: Chain Reaction (Minor Damage Table 2 or 12)",
        "Major Damage Table: Chain Reaction (Minor Damage Table 2 or 12)", "Boarder Table: Boarder 2 of 2"]
    assert p.needs[0].table == "Boarder Table (cal §Boarder Table)"
    assert p.walk([5, 5, 6, 1]).next.purpose.startswith("Ordnance Bay Damaged: which bay or tube is lost on Resolute")
    assert p.walk([5, 5, 6, 1, 4]).complete
    assert p.walk([5, 1, 1, 1, 1]).complete  # Chain Reaction -> Reactor Breach: the second Boarder never rolls
    events = g.act("next-step", 5, 5, 6, 1, 4)
    assert g.item("CA-1", "Assault Bay")["bays"] == 0 and g.item("CA-1", "Torpedoes")["bays"] == 2
    [rolled] = [e for e in events if e.kind == "dice-rolled"]
    assert [(r["purpose"].split(" on ")[0], r["faces"]) for r in rolled.data["rolls"]] == [
        ("Boarder Table: Boarder 1 of 2", [5]), ("Minor Damage Table: Demolition Charges (Boarder Table 5 or 6)", [5, 6]),
        ("Boarder Table: Boarder 2 of 2", [1]), ("Ordnance Bay Damaged: which bay or tube is lost", [4])]


def test_immediate_damage_of_blasts_rams_and_hard_turns() -> None:
    g = game()
    g.act("set", target="CA-1", key="round_damage", value="60")
    g.act("set", target="DD-1", key="ss", value="10")
    g.to("damage", "resolve_damage", faces=(6, 6))  # the cruiser breaches: blast 30
    p = plan(g, "blast", ship="CA-1", targets="DD-1, K-1")
    assert [(n.ship, n.purpose.split(":")[0]) for n in p.needs if n.purpose.startswith("Major")] == [
        ("1", "Major Damage Table"), ("1", "Major Damage Table"), ("5", "Major Damage Table"), ("5", "Major Damage Table")]
    assert p.needs[0].purpose == "Major Damage Table: Resolute (#2)'s blast (30) on Lance (#1)"
    with pytest.raises(InvalidAction, match="Lance \\(#1\\) has no blast due \\(due: Resolute \\(#2\\)\\)"):
        plan(g, "blast", ship="DD-1", targets="none")
    g.act("blast", ship="CA-1", targets="none")
    g.to("movement", "move")
    ram = plan(g, "ram", ship="FFAA-1", other="K-1")  # 20 against SS 30 (major from 15), 30 against SS 20: Major both
    assert [(n.ship, n.purpose.split(" on ")[0]) for n in ram.needs] == [
        ("3", "Major Damage Table: the ram (20 from Wasp (#5))")] * 2 + [("5", "Major Damage Table: the ram (30 from Aegis (#3))")] * 2
    freighter = Game(RED, roster("Blue Fleet", "Blue", ("Hauler", "NCF-1", "Bulk Freighter")))
    freighter.act("set", target="NCF-1", key="ss", value="4")  # minor from 1: the hard turn's 1 SS calls for it
    freighter.to("movement", "alter_course")
    turn = freighter.eng.dice_plan(freighter.state, Action("course", {"ship": "NCF-1", "spend": "cw cw"}))
    assert [n.purpose for n in turn.needs if not n.when_text] == ["Minor Damage Table: the hard turn (1 SS) on Hauler (#4)"] * 2
    assert freighter.eng.dice_plan(freighter.state, Action("course", {"ship": "NCF-1", "spend": "1 cw"})).needs == ()


def test_intercepts_declare_their_die_only_when_the_winner_rolls() -> None:
    g = game()
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.act("set", target="CV-1", key="d1.track", value="Fighter ready, Fighter/Bomber ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-1", ordnance="fighter")  # o1
    g.act("launch", ship="CV-1", ordnance="fb")  # o2
    g.act("launch", ship="DD-1", ordnance="torpedo")  # o3
    g.next_round()
    g.to("ordnance", "move_fighters")
    [die] = plan(g, "intercept", token="o1", target="o3").needs
    assert (die.purpose, die.ship, die.player) == ("whether the winner of o1 against o3 stays: unmodified, under 4", "4", 1)
    assert die.table == "Intercept roll (cal §Craft)"
    no_roll = Game(RED, BLUE, intercept_zero_ata_roll=False)
    no_roll.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    launched(no_roll, "CV-1", "Fighter ready", "fighter")
    no_roll.act("launch", ship="DD-1", ordnance="torpedo")
    no_roll.next_round()
    no_roll.to("ordnance", "move_fighters")
    assert no_roll.eng.dice_plan(no_roll.state, Action("intercept", {"token": "o1", "target": "o2"})).needs == ()


def test_steps_that_roll_nothing_declare_no_dice() -> None:
    g = game()
    g.next_round()
    for _ in range(3):
        assert not plan(g, "next-step")  # marks and tracks, the FTL track, Fire damage (Damage phase timing)
        g.act("next-step")


def test_the_intercept_die_is_the_winners_and_low_is_good_for_them() -> None:
    red = roster("Red Fleet", "Red", ("Lance", "DD-1", "Destroyer"), ("Haven", "CV-9", "Carrier"))
    g = Game(red, BLUE)
    g.act("set", target="CV-9", key="d1.track", value="Fighter ready")
    g.act("set", target="CV-1", key="d1.track", value="Fighter/Bomber ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-9", ordnance="fighter")  # o1, Red's, ATA 4
    g.act("launch", ship="CV-1", ordnance="fb")  # o2, Blue's, ATA 3
    g.next_round()
    g.to("ordnance", "move_fighters")
    # Blue's Fighter/Bomber intercepts Red's Fighter: Red's side has the higher ATA and rolls to stay (cal §Craft),
    # so the die is Red's (player 0, rolled for Haven), and a low face is the good one for Red
    [die] = plan(g, "intercept", token="o2", target="o1").needs
    haven = g.state.find_ship("CV-9").id
    assert (die.purpose, die.ship, die.player) == ("whether the winner of o2 against o1 stays: unmodified, under 1",
                                                   haven, 0)
    assert die.rank == (-1, -2, -3, -4, -5, -6)
