"""Readiness: the true state of every weapon and ability of a lukas ship, in the book's words, as the
paper record and the markers on the stands show it (issue 10 #16: every ability from the start)."""

from __future__ import annotations

from test_lukas_fixtures import act, decide, engine, new, own_turn, to_turn

from mstracker.game import Engine, GameState
from mstracker.rules.contract import Readiness

R, S, W, P, D, X, RL = (Readiness.READY, Readiness.SPENT, Readiness.WAITING, Readiness.PASSIVE, Readiness.DISABLED,
                        Readiness.DESTROYED, Readiness.RELOADING)
ANN_TURN = lambda k: own_turn(0, k)  # noqa: E731
BOB_TURN = lambda k: own_turn(1, k)  # noqa: E731


def ready(eng: Engine, s: GameState, ship_id: str) -> dict[str, tuple[Readiness, str]]:
    return {r.item: (r.status, r.detail) for r in eng.plugin.readiness(s, s.ships[ship_id])}


def test_every_ability_is_on_the_record_from_the_start() -> None:
    eng = engine()
    s = new(eng)  # set-up, before turn 1: the paper sheet lists them all
    assert ready(eng, s, "3") == {
        "w1": (R, ""),
        "a1": (R, "announce it now, up from Ann's next turn (lukas §4.a)"),
        "a2": (R, "+10 studs this turn (lukas §4.f)"),
    }
    assert ready(eng, s, "6")["a1"] == (P, "allies within 10 studs and itself: +1 to hit, +1 damage (lukas §4.d)")
    assert ready(eng, s, "5")["a1"] == (R, "an enemy frigate or capital ship within 4 studs (lukas §4.c)")
    assert ready(eng, s, "1")["a1"] == (P, "strike craft 0/4, frigates 0/2 (lukas §4.b)")
    assert ready(eng, s, "11")["a1"] == (P, "0 container(s) aboard (lukas §4.e)")
    assert [(r.name, r.glyph) for r in eng.plugin.readiness(s, s.ships["7"])] == [
        ("Heavy Turret", "✓"), ("Light Missiles", "✓"), ("Defense Turret", "✓"), ("Defense Turret", "✓"),
        ("Communication Radar", "·")]
    assert eng.plugin.readiness(s, s.ships["3"])[1].words() == "ready: announce it now, up from Ann's next turn (lukas §4.a)"


def test_the_beam_cycle_announce_then_aimed_then_ready_then_fired() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    assert ready(eng, s, "1")["w1"] == (D, "fires only when announced the turn before: announce-beam now, fire next turn "
                                           "(lukas §3.b Beam)")
    s = act(eng, s, "announce-beam", ship="Anvil", target="Titan")
    assert ready(eng, s, "1")["w1"] == (W, "aimed at Titan (#7): fires in Ann's next turn (lukas §3.b Beam)")
    assert ready(eng, s, "1")["w2"] == (R, "")  # the ship's other weapons still fire (inferred)
    s = to_turn(eng, s, BOB_TURN(1))
    assert ready(eng, s, "1")["w1"][0] is W
    s = to_turn(eng, s, ANN_TURN(2))
    assert ready(eng, s, "1")["w1"] == (R, "may fire at Titan (#7) this turn, announced last turn (lukas §3.b Beam)")
    s = act(eng, s, "fire-beam", (1,), ship="Anvil")
    assert ready(eng, s, "1")["w1"] == (S, "fired this turn: each weapon attacks once a turn (lukas §1.b)")
    s = to_turn(eng, s, ANN_TURN(3))
    assert ready(eng, s, "1")["w1"][0] is D


def test_weapons_fired_knocked_out_or_silent_while_the_ship_uses_an_ability() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    s = act(eng, s, "fire", (1,), ship="Bull", weapon="w2", target="Ram", in_range=True)
    assert ready(eng, s, "2") == {"w1": (R, ""), "w2": (S, "fired this turn: each weapon attacks once a turn (lukas §1.b)")}
    assert eng.plugin.first_ready(s, s.ships["2"]) == "w1"
    s = act(eng, s, "fire", (6, 7), ship="Hornet", weapon="Bombs", target="Titan", subsystem="weapon", target_weapon="w3", in_range=True)
    assert ready(eng, s, "7")["w3"] == (X, "knocked out by a bomb: it can no longer attack (lukas §3.b Bombs)")
    s = act(eng, s, "boost", ship="Shield")
    shield = eng.plugin.readiness(s, s.ships["3"])
    assert [(r.status, r.detail) for r in shield] == [
        (D, "the ship boosts this turn: no attacks (lukas §1.b)"),
        (R, "announce it now, up from Ann's next turn (lukas §4.a)"),  # announcing costs nothing (house default)
        (S, "boosting this turn: +10 studs, no weapons; the marker is on (lukas §4.f)")]
    s = to_turn(eng, s, ANN_TURN(2))
    boosters = eng.plugin.readiness(s, s.ships["3"])[2]
    assert (boosters.status, boosters.glyph, boosters.detail) == (
        RL, "⟳1", "booster marker on the stand: boost again once it comes off (lukas §4.f)")
    s = to_turn(eng, s, ANN_TURN(3))
    assert ready(eng, s, "3")["a2"][0] is R


def test_field_defense_announced_then_up_then_down() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "announce-field-defense", ship="Shield")
    assert ready(eng, s, "3")["a1"] == (W, "announced: switches on at the start of Ann's next turn (lukas §4.a)")
    s = to_turn(eng, s, ANN_TURN(2))
    assert ready(eng, s, "3") == {
        "w1": (D, "the ship switches its Field Defense on this turn: no attacks (lukas §1.b)"),
        "a1": (S, "up since turn 3: nothing enters or fires into 15 studs around it until Ann's next turn; no new "
                  "announcement while it is up (lukas §4.a)"),
        "a2": (D, "the ship switches its Field Defense on this turn: one active ability a turn (lukas §1.b)"),
    }
    s = to_turn(eng, s, ANN_TURN(3))
    assert ready(eng, s, "3")["a1"] == (R, "down since the start of this turn: announce it now, up from Ann's next turn "
                                           "(lukas §4.a)")


def test_an_infiltration_declared_then_under_way() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "infiltrate", ship="Sneak", target="Ram", distance=3)
    assert ready(eng, s, "5") == {
        "w1": (D, "the ship infiltrates this turn: no attacks (lukas §1.b)"),
        "a1": (W, "declared this turn: Ram (#8) is captured at the start of Ann's next turn unless halted; neither ship "
                  "may move (lukas §4.c)"),
    }
    s = to_turn(eng, s, BOB_TURN(1))
    assert ready(eng, s, "5")["a1"][1].startswith("under way: Ram (#8) is captured at the start of Ann's next turn")


def test_a_destroyed_ship_shows_nothing_live_and_its_marker_comes_off_as_it_dies() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), BOB_TURN(1)), "boost", ship="Courier")
    s = to_turn(eng, s, ANN_TURN(2))
    assert ready(eng, s, "11")["a2"][0] is RL
    events = decide(eng, s, "fire", (12, 8), ship="Radar", weapon="w1", target="Courier", in_range=True)  # 8 +1 +1 CR = 10 >= 8
    destroyed = next(e for e in events if e.kind == "ship-destroyed")
    assert destroyed.text == "Courier (#11) is destroyed by Radar (#6). Its booster marker comes off."
    assert any(e.kind == "value-set" and e.data["key"] == "marker" and e.data["new"] == 0 for e in events)
    s = eng.apply(s, events)
    assert [(r.status, r.detail, r.turns_left) for r in eng.plugin.readiness(s, s.ships["11"])] == [
        (D, "destroyed: the ship is out of play", None)] * 3
    texts = []
    while s.turn < BOB_TURN(3):
        step_events = decide(eng, s, "next-step", force=True)
        texts += [e.text for e in step_events]
        s = eng.apply(s, step_events)
    assert not any("Courier" in t for t in texts)  # no marker comes off a wreck
    assert not any(t.ship == "11" for t in eng.plugin.on_table(s))


def test_a_docked_ship_is_off_the_table_and_its_host_lists_it() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "dock", ship="Bull", host="Anvil")
    assert ready(eng, s, "2") == {"w1": (D, "docked in Anvil (#1)'s hangar, off the table (lukas §4.b)"),
                                  "w2": (D, "docked in Anvil (#1)'s hangar, off the table (lukas §4.b)")}
    assert ready(eng, s, "1")["a1"] == (P, "strike craft 0/4, frigates 1/2; docked: Bull (#2) (lukas §4.b)")
