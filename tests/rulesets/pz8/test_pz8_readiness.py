"""The honest state of a pz8 ship's gun and Torpedo salvo (pz8 §2, §4, §5), and what is on the table
besides the ships: Torpedo salvos, asteroids from the set-up on, the drift arrow, a shot to answer."""

from __future__ import annotations

from test_pz8_support import Play

from mstracker.rules.contract import Readiness


def states(play: Play, ship: str) -> list[tuple[str, Readiness, str]]:
    return [(r.item, r.status, r.detail) for r in play.eng.plugin.readiness(play.state, play.ship(ship))]


def test_the_gun_waits_for_the_ship_s_activation_then_is_ready_then_spent() -> None:
    play = Play.sides(2, 2).start(5, 2)
    assert states(play, "A1") == [
        ("w1", Readiness.WAITING, "fires in its activation (pz8 §2)"),
        ("w2", Readiness.WAITING, "launched in the ship's activation, once per game (pz8 §5)"),
    ]
    play.act("activate", ship="A1")
    assert states(play, "A1") == [
        ("w1", Readiness.READY, "fires straight ahead after moving (pz8 §4)"),
        ("w2", Readiness.READY, "may launch into the hex in front, once per game (pz8 §5)"),
    ]
    assert play.eng.plugin.first_ready(play.state, play.ship("A1")) == "w1"
    play.act("fire", 4, 6, 6, 1, 2, ship="A1", target="B1", distance=2)  # 12 - 3: Bravo 1 destroyed
    assert states(play, "A1")[0] == ("w1", Readiness.SPENT, "fired in this activation (one shot, pz8 §4)")
    play.act("end-activation")
    assert states(play, "A1") == [
        ("w1", Readiness.SPENT, "fired this turn; fires again in its next activation (pz8 §2)"),
        ("w2", Readiness.SPENT, "not launched this turn: its activation is over (pz8 §5)"),
    ]


def test_a_destroyed_ship_shows_nothing_usable_and_no_live_counters() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("fire", 4, 6, 6, 1, 2, ship="A1", target="B1", distance=2)
    found = play.eng.plugin.readiness(play.state, play.ship("B1"))
    assert [(r.status, r.detail, r.uses_left, r.usable) for r in found] == [
        (Readiness.DISABLED, "the ship is Destroyed (pz8 §4)", None, False),
        (Readiness.DISABLED, "the ship is Destroyed (pz8 §4)", None, False),
    ]


def test_the_salvo_is_out_once_launched_and_the_damaged_penalty_is_shown() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("launch-torpedo", ship="A1")
    salvo = play.eng.plugin.readiness(play.state, play.ship("A1"))[1]
    assert (salvo.status, salvo.detail, salvo.uses_left, salvo.glyph) == (
        Readiness.OUT, "salvo launched (t1, turn 1): one per game (pz8 §5)", 0, "∅")
    play.act("fire", 1, ship="A1", target="B1", distance=3)  # a miss: B1 may fire back
    play.act("set", target="B1", key="damaged", value="yes")
    assert states(play, "B1")[0] == (
        "w1", Readiness.READY, "may fire back at Alpha 1 (#1) now, at -1 to hit (pz8 §4); Damaged: -1 to hit")


def test_one_or_the_other_when_the_game_says_so() -> None:
    play = Play.sides(2, 2, torpedo_with_gun="false").start(5, 2)
    play.act("activate", ship="A1")
    play.act("fire", 1, ship="A1", target="B1", distance=3)
    assert states(play, "A1")[1] == (
        "w2", Readiness.SPENT, "fired its gun instead (one or the other, by this game's settings)")


def test_asteroids_of_the_set_up_are_on_the_table_from_the_start() -> None:
    play = Play.sides(1, 1, asteroids="2", drift="NE")
    table = play.eng.plugin.on_table(play.state)
    assert [(t.id, t.kind, t.owner, t.arg_kind) for t in table] == [
        ("a1", "Asteroid", None, "asteroid"), ("a2", "Asteroid", None, "asteroid"), ("drift", "Drift arrow", None, "")]
    assert table[2].text == "points NE: every asteroid shifts one hex that way (pz8 §6)"


def test_torpedo_salvos_and_a_shot_to_answer_are_listed_and_leave_the_list_when_gone() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("launch-torpedo", ship="A1", where="D5")
    play.act("fire", 1, ship="A1", target="B2", distance=4)
    table = play.eng.plugin.on_table(play.state)
    assert [(t.id, t.kind, t.owner, t.ship) for t in table] == [
        ("t1", "Torpedo salvo", 0, "1"), ("fire-back", "Fire-back chance", 1, "4")]
    assert table[0].text == ("launched by Alpha 1 (#1) in turn 1 · placed at D5 · moves 6 MPs toward the nearest enemy "
                             "at each end of turn (pz8 §5)")
    assert table[1].text == "Bravo 2 (#4) may fire back at Alpha 1 (#1), 4 hexes, at -1 to hit, at once (pz8 §4)"
    play.act("end-activation")  # the chance to fire back is gone
    play.act("activate", ship="B1")
    play.act("shoot-torpedo", 6, ship="B1", torpedo="t1", distance=3)  # 6 - 1 = 5 hits at 1-3 hexes
    assert play.eng.plugin.on_table(play.state) == ()
