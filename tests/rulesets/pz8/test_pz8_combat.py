"""pz8 combat through the engine with typed faces: the worked examples of RULES.md C7 (T-PZ8-3..14),
fire-back, torpedoes, asteroids, the settings that change them, refusals and the odds."""

from __future__ import annotations

from dataclasses import replace

from fractions import Fraction

from test_pz8_support import Play, engine, texts

from mstracker.game import Action
from mstracker.rulesets.pz8.odds import attack_odds
from mstracker.rulesets.pz8.view import TurnView


def at_fire(a: int = 2, b: int = 2, **settings: object) -> Play:
    """A's first ship activated and ready to fire (A has the initiative)."""
    play = Play.sides(a, b, **settings).start(5, 2)
    play.act("activate", ship="A1")
    return play


def test_t_pz8_8_diff_two_damages_the_target() -> None:
    play = at_fire()
    events = play.act("fire", 4, 4, 5, 3, 4, ship="A1", target="B1", distance=2)
    shot = events[0]
    assert shot.kind == "shot" and shot.data["dice"] == [[6, 4], [6, 4], [6, 5], [6, 3], [6, 4]]
    assert "Alpha 1 (#1) fires at Bravo 1 (#3), 2 hexes." in shot.text
    assert "To hit: 1D6 rolls 4: hit (needs 4)" in shot.text and "The attacker rolls 2D6: 4 + 5 = 9" in shot.text
    assert "The target rolls 2D6: 3 + 4 = 7" in shot.text and "Difference 9 − 7 = +2: Damaged" in shot.text
    assert play.rec("B1", "damaged") is True and play.rec("B1", "mps") == 3 and not play.rec("B1", "destroyed")
    assert play.rec("A1", "fired") is True and play.state.current_step.id == "torpedo"
    assert play.state.extra["fire_back"] == {"ship": "3", "at": "1", "distance": 2}
    changes = [e.text for e in events if e.kind in ("value-set", "extra-set")]
    assert changes == [
        "Bravo 1 (#3) may fire back at Alpha 1 (#1) at once, at -1 to hit (pz8 §4)",
        "Alpha 1 (#1) Fired: no → yes, fired its gun (pz8 §4)",
        "Bravo 1 (#3) Damaged: no → yes, hit by Alpha 1",
        "Bravo 1 (#3) MPs: 6 → 3 (-3), Damaged: MPs down to 3 at once (pz8 §4)",
    ]


def test_t_pz8_9_diff_three_destroys() -> None:
    play = at_fire()
    play.act("fire", 5, 4, 6, 3, 4, ship="A1", target="B1", distance=3)
    assert play.rec("B1", "destroyed") is True and play.rec("B1", "damaged") is False
    assert play.state.extra["fire_back"] is None
    assert "no ship may fire back now" in play.refused("fire-back", 6, 6, 6, 6, 6)
    assert "is destroyed and cannot act" in play.refused("fire-back", 6, ship="B1")


def test_t_pz8_3_and_10_a_damaged_ship_has_3_mps_minus_1_to_hit_and_a_second_damaged_destroys() -> None:
    play = at_fire()
    play.act("fire", 4, 4, 5, 3, 4, ship="A1", target="B1", distance=2)  # B1 Damaged
    play.act("end-activation")
    play.act("activate", ship="B1")
    assert "A Damaged Spaceship has 3 MPs; this move spends 4" in play.refused("move", ship="B1", mps="FFFF")
    play.act("move", ship="B1", mps="FFF")
    assert play.rec("B1", "mps") == 0
    events = play.act("fire", 4, ship="B1", target="A1", distance=2)  # 4 - 1 = 3: miss
    assert "Modifiers to the die: Damaged −1 (total −1). To hit: 1D6 rolls 4, modified 3: miss (needs 4)" in events[0].text
    play.act("end-activation")
    play.act("activate", ship="A2")
    events = play.act("fire", 6, 3, 4, 6, ship="A2", target="B1", distance=1)  # T-PZ8-10: 7 vs Damaged 1D6 6
    assert "The target (Damaged) rolls 1D6: 6" in events[0].text
    assert "Difference 7 − 6 = +1: Damaged; the target was already Damaged, so it is Destroyed" in events[0].text
    assert play.rec("B1", "destroyed") is True


def test_t_pz8_11_equal_or_higher_target_rolls_do_nothing() -> None:
    play = at_fire()
    events = play.act("fire", 6, 3, 3, 2, 4, ship="A1", target="B1", distance=2)
    assert "Difference 6 − 6 = 0: No damage" in events[0].text
    # a hit without damage: B1 may still fire back; A1's gun is spent; the checklist moves on to Torpedoes
    assert [e.kind for e in events] == ["shot", "extra-set", "value-set", "step-entered", "dice-rolled", "ticked"]
    play = at_fire()
    play.act("fire", 6, 2, 3, 4, 5, ship="A1", target="B1", distance=2)
    assert not play.rec("B1", "damaged") and not play.rec("B1", "destroyed")


def test_t_pz8_4_5_to_hit_bands_and_a_damaged_firer_at_long_range() -> None:
    for distance, face, hit in ((2, 4, True), (5, 4, False), (8, 6, True)):
        play = at_fire()
        faces = (face, 1, 1, 1, 1) if hit else (face,)
        assert play.act("fire", *faces, ship="A1", target="B1", distance=distance)[0].data["hit"] is hit
    play = at_fire()
    play.act("set", target="A1", key="damaged", value="yes")
    # 7-9 hexes need a 6; Damaged -1: a 6 makes 5, so no face hits and the shot is refused (pz8 §4)
    assert "the 7-9 hex band needs 6 on 1D6 and with Damaged −1 no face reaches it (pz8 §4)" in play.refused(
        "fire", 6, ship="A1", target="B1", distance=8)
    assert not play.rec("A1", "fired")


def test_t_pz8_6_fire_back_at_minus_1_once_and_not_answered() -> None:
    play = at_fire()
    play.act("fire", 2, ship="A1", target="B1", distance=3)  # a miss: B1 may still fire back
    assert play.state.extra["fire_back"] == {"ship": "3", "at": "1", "distance": 3}
    assert "may only fire back at Alpha 1 (#1)" in play.refused("fire", 6, ship="B1", target="A2", distance=3, fire_back=True)
    assert "Bravo 2 (#4) has no shot to answer" in play.refused("fire-back", 6, ship="B2")
    # the battle report credits a fire-back to the ship firing back (B1's owner), also when it is not named
    a1 = play.state.find_ship("A1")
    assert play.eng.damage_by(play.state, Action("fire-back", {}), a1) == play.state.find_ship("B1").owner == 1
    events = play.act("fire-back", 4)
    assert "Bravo 1 (#3) fires back at Alpha 1 (#1), 3 hexes" in events[0].text
    assert "Fire back −1 (total −1). To hit: 1D6 rolls 4, modified 3: miss (needs 4)" in events[0].text
    assert play.rec("B1", "fire_backs") == 1 and not play.rec("B1", "activated") and not play.rec("B1", "fired")
    assert "no ship may fire back now" in play.refused("fire-back", 6)  # no chains, no second fire-back
    assert "Alpha 1 (#1) has no shot to answer" in play.refused("fire-back", 6, ship="A1")


def test_fire_back_hits_with_fire_syntax_and_can_destroy_the_active_ship() -> None:
    play = at_fire()
    play.act("fire", 1, ship="A1", target="B1", distance=2)
    events = play.act("fire", 6, 6, 6, 1, 1, ship="B1", target="A1", fire_back=True)  # distance of the shot
    assert "Bravo 1 (#3) fires back at Alpha 1 (#1), 2 hexes" in events[0].text
    assert play.rec("A1", "destroyed") and not play.rec("A1", "active")
    assert "Alpha 1 (#1) is destroyed: its activation ends" in texts(events)
    assert play.state.extra["activation"] is None and play.state.current_step.id == "choose"
    assert play.state.active == 1 and not play.rec("A1", "activated")


def test_fire_back_settings_on_miss_chain_and_activation() -> None:
    play = at_fire(fireback_on_miss="false")
    play.act("fire", 2, ship="A1", target="B1", distance=3)
    assert play.state.extra["fire_back"] is None
    play = at_fire(fireback_chain="true", fireback_uses_activation="true")
    play.act("fire", 1, ship="A1", target="B1", distance=3)
    play.act("fire-back", 1)
    assert play.rec("B1", "activated") is True  # its fire-back used its activation
    assert play.state.extra["fire_back"] == {"ship": "1", "at": "3", "distance": 3}
    events = play.act("fire-back", 6, 1, 1, 6, 6)  # A1 answers the fire-back: hit, no damage
    assert "Alpha 1 (#1) fires back at Bravo 1 (#3)" in events[0].text and play.rec("A1", "fire_backs") == 1
    assert play.rec("A1", "activated") is False  # the active ship keeps its activation


def test_natural_6_setting_from_the_game_not_the_book() -> None:
    play = at_fire(natural6_hits="true")
    play.act("set", target="A1", key="damaged", value="yes")
    events = play.act("fire", 6, 1, 1, 1, ship="A1", target="B1", distance=8)
    assert events[0].data["hit"] is True and "a natural 6 always hits: hit." in events[0].text


def test_t_pz8_14_torpedo_launch_attack_and_a_second_salvo_refused() -> None:
    play = at_fire()
    events = play.act("launch-torpedo", ship="A1", where="D5")
    assert "counter t1 placed in the hex in front (D5)" in events[0].text
    assert play.rec("A1", "torpedo") == 0 and play.state.current_step.id == "torpedo"
    assert play.state.extra["torpedoes"] == [{"id": "t1", "owner": 0, "ship": "1", "turn": 1, "where": "D5"}]
    assert "no Torpedo salvo left (each ship launches 1 per game, pz8 §5)" in play.refused("launch-torpedo", ship="A1")
    play.act("fire", 4, 5, 4, 3, 4, ship="A1", target="B1", distance=2)  # torpedo_with_gun: both allowed; B1 Damaged
    play.act("end-activation")
    assert "own salvo" in play.refused("torpedo-attack", 5, 6, 6, torpedo="t1", target="A2")
    # the battle report credits the salvo's attack to its owner (A), not to the target's (B)
    b1 = play.state.find_ship("B1")
    assert play.eng.damage_by(play.state, Action("torpedo-attack", {"torpedo": "t1", "target": "B1"}), b1) == 0
    events = play.act("torpedo-attack", 5, 6, 6, torpedo="t1", target="B1")
    assert "Torpedoes t1 (A, from Alpha 1) reaches Bravo 1 (#3). The Torpedo salvo reaches the enemy ship: an " \
           "automatic hit." in events[0].text
    assert "The Torpedo salvo rolls 2D6: 5 + 6 = 11. The target (Damaged) rolls 1D6: 6." in events[0].text
    assert "Difference 11 − 6 = +5: Destroyed." in events[0].text
    assert play.rec("B1", "destroyed") and TurnView(play.state).torpedoes() == []
    assert play.state.extra["torpedoes"][0]["gone"] == "hit Bravo 1 (#3) in turn 1"  # its id is not used again
    assert play.refused("torpedo-attack", 5, 6, 6, torpedo="t1", target="B2") == (
        "t1 is no longer on the table: hit Bravo 1 (#3) in turn 1")
    # next turn: the salvo is still spent
    play.activation("B2")
    play.activation("A2")
    for _ in range(3):
        play.act("next-step")  # no counter on the table: Activated chits, victory check, turn 2
    play.act("roll-initiative", 6, 1)
    play.act("activate", ship="A1")
    assert "no Torpedo salvo left" in play.refused("launch-torpedo", ship="A1")


def test_torpedo_with_gun_off_allows_only_one_of_the_two() -> None:
    play = at_fire(torpedo_with_gun="false")
    play.act("launch-torpedo", ship="A1")
    setting = "setting “A ship may both fire and launch its Torpedo salvo in the same activation”: off"
    assert play.refused("fire", 6, ship="A1", target="B1", distance=2) == (
        f"Alpha 1 (#1) launched its Torpedo salvo in this activation, so it may not fire as well: {setting}")
    play = at_fire(torpedo_with_gun="false")
    play.act("fire", 1, ship="A1", target="B1", distance=2)
    assert play.refused("launch-torpedo", ship="A1") == (
        f"Alpha 1 (#1) has fired in this activation, so it may not launch Torpedoes as well: {setting}")


def test_t_pz8_7_shooting_torpedoes() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))
    play.act("activate", ship="B1")
    events = play.act("shoot-torpedo", 5, ship="B1", torpedo="t1", distance=4)
    assert "Bravo 1 (#3) fires at Torpedoes t1 (A, from Alpha 1), 4 hexes" in events[0].text
    assert "At Torpedoes −1 (total −1). To hit: 1D6 rolls 5, modified 4: miss" in events[0].text
    assert play.state.extra["torpedoes"] and play.state.extra["fire_back"] is None
    assert "already fired this turn" in play.refused("shoot-torpedo", 6, ship="B1", torpedo="t1", distance=4)
    play.act("end-activation")
    play.act("activate", ship="A2")
    assert "own Torpedo salvo" in play.refused("fire", 6, ship="A2", target="t1", distance=4, at_torpedo=True)
    play.act("end-activation")
    play.act("activate", ship="B2")
    events = play.act("fire", 6, ship="B2", target="t1", distance=4, at_torpedo=True)
    assert "The Torpedo salvo explodes: remove its counter." in events[0].text
    assert TurnView(play.state).torpedoes() == [] and play.rec("B2", "fired")
    assert events[1].text == "Torpedoes t1 (A, from Alpha 1) explodes: its counter is taken off the table (pz8 §5)"


def test_t_pz8_12_13_movement_checks() -> None:
    play = at_fire()
    assert "The first MP must move the ship forward" in play.refused("move", ship="A1", mps="LFF")
    assert "move needs mps" in play.refused("move", ship="A1", mps="")
    assert "is not a move" in play.refused("move", ship="A1", mps="FXF")
    assert "has 6 MPs; this move spends 7" in play.refused("move", ship="A1", mps="FFFFFFF")
    assert "Alpha 1 (#1) is being activated, not Alpha 2 (#2): only it may move now" in play.refused("move", ship="A2", mps="F")
    play.act("move", ship="A1", mps="F, F, right, F")
    assert play.rec("A1", "mps") == 2 and play.state.current_step.id == "fire"
    assert "already moved in this activation" in play.refused("move", ship="A1", mps="F")
    play = at_fire()
    play.act("fire", 1, ship="A1", target="B1", distance=2)
    assert "movement comes before firing" in play.refused("move", ship="A1", mps="F")


def test_asteroids_and_the_drift_arrow() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("add-asteroid", where="C4")
    play.act("add-asteroid")
    play.act("set-drift", direction="north east")
    assert play.state.extra["asteroids"] == [{"id": "a1", "where": "C4"}, {"id": "a2", "where": ""}]
    assert "already points north east" in play.refused("set-drift", direction="north east")
    play.act("remove-asteroid", asteroid="a2")
    play.act("add-asteroid", where="F1")
    assert [a["id"] for a in TurnView(play.state).asteroids()] == ["a1", "a3"]  # a2 is not used again
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))
    events = play.act("asteroid-collision", asteroid="a3", target="t1")
    assert "Asteroid a3 hits Torpedoes t1 (A, from Alpha 1): the salvo is destroyed" in events[0].text
    assert TurnView(play.state).torpedoes() == []
    play.act("activate", ship="B1")
    events = play.act("asteroid-collision", asteroid="a1", target="B1")  # the active ship is lost
    assert play.rec("B1", "destroyed") and "its activation ends" in texts(events)
    assert play.state.extra["activation"] is None
    assert "already destroyed" in play.refused("asteroid-collision", asteroid="a1", target="B1")
    assert play.refused("remove-asteroid", asteroid="a9") == "no asteroid 'a9'; on the table: a1 at C4, a3 at F1"


def test_remove_torpedo_by_hand() -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))
    events = play.act("remove-torpedo", torpedo="1", reason="left the table")
    assert events[0].text == "Torpedoes t1 (A, from Alpha 1) taken off the table: left the table"
    assert TurnView(play.state).torpedoes() == []
    assert TurnView(play.state).next_id("torpedoes") == "t2"


def test_illegal_actions_are_refused_with_their_reason_and_change_nothing() -> None:
    play = at_fire(3, 3)
    assert "Alpha 2 (#2) is not being activated" not in play.refused("fire", 6, ship="A2", target="B1", distance=2)
    assert "is being activated, not Alpha 2 (#2): only it may fire now" in play.refused("fire", 6, ship="A2", target="B1", distance=2)
    assert "distance needed: pz8 §4" in play.refused("fire", 6, ship="A1", target="B1")
    assert "out of range: Spaceships fire 1 to 9 hexes" in play.refused("fire", 6, ship="A1", target="B1", distance=10)
    assert "on A's own side" in play.refused("fire", 6, ship="A1", target="A2", distance=2)
    assert "cannot fire at itself" in play.refused("fire", 6, ship="A1", target="A1", distance=2)
    assert "no ship 'Z9'" in play.refused("fire", 6, ship="A1", target="Z9", distance=2)
    assert "no Torpedo salvo 't1'" in play.refused("fire", 6, ship="A1", target="t1", distance=2, at_torpedo=True)
    assert "no faces were typed" in play.refused("fire", ship="A1", target="B1", distance=2)
    assert "left over" in play.refused("fire", 1, 2, ship="A1", target="B1", distance=2)
    assert "not possible on a d6" in play.refused("fire", 7, ship="A1", target="B1", distance=2)
    assert "fire takes ship, target, distance, fire_back, at_torpedo; not weapon" in play.refused(
        "fire", 6, ship="A1", weapon="w1", target="B1", distance=2)
    assert "no shot to answer" in play.refused("fire", 6, ship="A1", target="B1", distance=2, fire_back=True)
    play.act("set", target="B2", key="destroyed", value="yes")
    assert "Bravo 2 (#5) is already destroyed" in play.refused("fire", 6, ship="A1", target="B2", distance=2)
    assert "Bravo 2 (#5) is destroyed and cannot act" in play.refused("activate", ship="B2")
    play.act("fire", 1, ship="A1", target="B1", distance=2)
    assert "already fired this turn (one shot per activation, pz8 §4)" in play.refused("fire", 6, ship="A1", target="B3", distance=2)
    assert "only it may launch Torpedoes now" in play.refused("launch-torpedo", ship="A2")
    assert "no asteroid 'a1'; on the table: none in play" in play.refused("asteroid-collision", asteroid="a1", target="A1")


def test_attack_odds_follow_the_records_and_the_settings() -> None:
    play = at_fire()
    eng, s = engine(), play.state
    assert eng.action_odds(s, Action("fire", {"ship": "A1", "target": "B1"})) is None  # no distance yet
    assert eng.plugin.rule_action("fire").odds(s, {"ship": "A1"}) is None
    assert eng.plugin.rule_action("fire").odds(s, {"ship": "A1", "target": "B1", "distance": 12}) is None
    odds = eng.action_odds(s, Action("fire", {"ship": "A1", "target": "B1", "distance": 5}))
    assert odds.p_hit == Fraction(1, 3) and odds.outcomes == attack_odds(eng.ruleset, {"distance": 5}).outcomes
    play.act("set", target="A1", key="damaged", value="yes")
    play.act("set", target="B1", key="damaged", value="yes")
    s = play.state
    odds = eng.action_odds(s, Action("fire", {"ship": "A1", "target": "B1", "distance": 2}))
    # the game adds the expected damage in damage steps (Damaged -> Destroyed is one step: its chance)
    assert replace(odds, expected_damage=None) == attack_odds(eng.ruleset, {"distance": 2, "damaged": True,
                                                                            "target_damaged": True})
    assert odds.expected_damage == odds.outcomes["destroyed"]
    assert odds.p_hit == Fraction(1, 3) and odds.outcomes["damaged"] == 0  # a Damaged target is Destroyed or not
    # a salvo's attack and a shot at a salvo have odds once the salvo is on the table (A1's, at the Damaged B1)
    assert eng.action_odds(s, Action("torpedo-attack", {"torpedo": "t1", "target": "B1"})) is None
    assert eng.action_odds(s, Action("shoot-torpedo", {"ship": "B1", "torpedo": "t1", "distance": 2})) is None
    salvo = at_fire()
    salvo.act("launch-torpedo", ship="A1")
    salvo.act("set", target="B1", key="damaged", value="yes")
    torp = eng.action_odds(salvo.state, Action("torpedo-attack", {"torpedo": "t1", "target": "B1"}))
    assert torp.p_hit == 1
    assert replace(torp, expected_damage=None) == attack_odds(eng.ruleset, {"torpedo": True, "target_damaged": True})
    assert torp.expected_damage == torp.outcomes["destroyed"]  # one damage step: Damaged -> Destroyed
    at_t = eng.action_odds(salvo.state, Action("fire", {"ship": "B1", "target": "t1", "distance": 2, "at_torpedo": True}))
    assert at_t.p_hit == Fraction(1, 6)  # 4+ at 1-3, -1 Damaged, -1 at Torpedoes: only a 6
    assert at_t.expected_damage is None and at_t.p_destroy == Fraction(1, 6)  # a salvo explodes; no damage
    far_t = eng.action_odds(salvo.state, Action("shoot-torpedo", {"ship": "B1", "torpedo": "t1", "distance": 4}))
    assert far_t.p_hit == 0 and far_t.outcomes == {"none": 1, "exploded": 0}
    play.act("fire", 1, ship="A1", target="B1", distance=3)
    back = eng.action_odds(play.state, Action("fire-back", {}))
    assert replace(back, expected_damage=None) == attack_odds(
        eng.ruleset, {"distance": 3, "damaged": True, "target_damaged": True, "fire_back": True})
    assert back.expected_damage == back.outcomes["destroyed"]  # a fire-back's damage steps, as the fire row's
    # by hand: 4+ at 1-3, -1 Damaged firer, -1 fire-back -> only a 6 (1/6); 1D6 vs 1D6 against a Damaged
    # target, any win destroys: P(a > t) = 15/36 = 5/12 -> destroyed 1/6 * 5/12 = 5/72
    assert back.p_hit == Fraction(1, 6)
    assert back.outcomes == {"none": Fraction(67, 72), "damaged": 0, "destroyed": Fraction(5, 72)}
    n6 = at_fire(natural6_hits="true")
    far = eng.action_odds(n6.state, Action("fire", {"ship": "A1", "target": "B1", "distance": 9, "fire_back": False}))
    assert far.p_hit == Fraction(1, 6)
    # C4.2: 7-9 hexes needs a 6, -1 for the Damaged firer: no face hits without natural6_hits.
    long = eng.action_odds(s, Action("fire", {"ship": "A1", "target": "B1", "distance": 7}))
    assert long.p_hit == 0 and long.outcomes == {"none": 1, "damaged": 0, "destroyed": 0}
