"""The fixes and the choices the book leaves open (issue 10 #16, #19), each from the book's text:

* §4.c: a capture hands the ship over; what it had in play (an announced Field Defense) is lost, and the log
  says so.
* §3.b Bombs + §4.f: destroyed engines halve the speed, boosters add 10 studs: which comes first is a
  house default (boost_with_engines_out).
* §4.b: the book has no early release from a hangar: the `release` action is a house default
  (hangar_early_release).
* §4.b, §4.f: "the next turn" of the hangar and of the booster marker counts the owner's turns (INFERRED;
  hangar_turns, booster_turns), as RULES.md reads it, while infiltration's "next turn" is the opponent's.
"""

from __future__ import annotations

from test_lukas_fixtures import ANN, BOB, act, decide, engine, new, own_turn, refused, rosters, ship, to_turn

from mstracker.rules.base import Provenance
from mstracker.store.catalog import book_ruleset

ANN_TURN = lambda k: own_turn(0, k)  # noqa: E731
BOB_TURN = lambda k: own_turn(1, k)  # noqa: E731


def test_an_announced_field_defense_is_lost_with_the_capture_and_the_log_says_so() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), BOB_TURN(1)), "infiltrate", ship="Mole", target="Shield", distance=3)
    s = act(eng, to_turn(eng, s, ANN_TURN(2)), "announce-field-defense", ship="Shield")
    s = to_turn(eng, s, BOB_TURN(2), "ship_upkeep")
    events = []
    while s.current_phase.id == "ship_upkeep":
        step = decide(eng, s, "next-step")
        events += step
        s = eng.apply(s, step)
    texts = [(e.kind, e.text) for e in events if e.kind not in ("step-entered", "ticked")]
    assert ("ship-captured", "Mole (#10) captures Shield (#3): it now flies for Bob (was Ann); a flag goes on Mole "
                             "(#10)'s stand (lukas §4.c).") in texts
    assert ("effects-lost", "Shield (#3) loses what it had in play with the capture: Its announced Field Defense is "
                            "lost.") in texts
    assert ("value-set", "Shield (#3) Field Defense (a1) Announced: yes → no, lost with the capture") in texts
    assert not any(kind == "field-on" for kind, _ in texts)  # it never switches on for its new owner
    assert s.ships["3"].owner == 1 and s.ships["3"].items[1].record["announced"] is False


def capital_with_boosters() -> list:
    titan = ship("Titan", "B-C1", "Capital Ship", 45, 10, ("Heavy Turret",), ("Boosters",))
    return rosters(ANN, (titan, *BOB[1:]))


def test_destroyed_engines_then_boosters_by_the_house_default_and_the_other_reading() -> None:
    for setting, studs, how in (
        ("halve_then_add", 15, "engines out: half speed 5, then + 10"),  # ceil(10 / 2) = 5, + 10 = 15
        ("add_then_halve", 10, "engines out: half of speed 10 + 10, rounded up"),  # ceil((10 + 10) / 2) = 10
    ):
        eng = engine()
        s = to_turn(eng, new(eng, {"boost_with_engines_out": setting}, capital_with_boosters()), ANN_TURN(1))
        s = act(eng, s, "fire", (4, 7), ship="Hornet", weapon="Bombs", target="Titan", subsystem="engines", in_range=True)
        assert s.ships["7"].record["speed"] == 5
        boost = decide(eng, to_turn(eng, s, BOB_TURN(1)), "boost", ship="Titan")[0]
        assert boost.data["studs"] == studs
        assert boost.text.startswith(f"Titan (#7) boosts: moves up to {studs} studs this turn ({how}; how far a ship "
                                     "with destroyed engines moves when it boosts")
    assert book_ruleset("lukas").settings["boost_with_engines_out"].status is Provenance.HOUSE_DEFAULT


def test_the_early_release_from_a_hangar_is_a_house_default_the_table_can_turn_off() -> None:
    rules = book_ruleset("lukas")
    assert rules.settings["hangar_early_release"].status is Provenance.HOUSE_DEFAULT
    assert rules.settings["hangar_early_release"].source == "§4.b"
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "dock", ship="Bull", host="Anvil")
    text = decide(eng, to_turn(eng, s, ANN_TURN(2)), "release", ship="Bull")[0].text
    assert text == ("Bull (#2) leaves Anvil (#1) early, not repaired (armor 25); a docked ship may leave its hangar "
                    "before its time is up, not repaired (the release action; the book has no such move): yes — a "
                    "house default.")
    strict = new(eng, {"hangar_early_release": False})
    s = act(eng, to_turn(eng, strict, ANN_TURN(1)), "dock", ship="Bull", host="Anvil")
    assert refused(eng, to_turn(eng, s, ANN_TURN(2)), "release", ship="Bull").startswith(
        "docked ships leave only when their hangar time is up (lukas §4.b); ")


def test_the_hangar_counts_the_owners_turns_or_every_turn() -> None:
    rules = book_ruleset("lukas")
    assert rules.settings["hangar_turns"].status is Provenance.INFERRED and rules.setting("hangar_turns") == "owner"
    # docked in Ann's turn 1 (game turn 1); the turns left in the hangar at game turns 2, 3, 4, 5:
    # owner: Bob's turn does not count; Ann's next turn (3) is "the next turn", out in Ann's turn after (5)
    # every: Bob's turn (2) is "the next turn", out in Ann's next turn (3)
    for setting, left in (("owner", [2, 1, 1, 0]), ("every", [1, 0, 0, 0])):
        eng = engine()
        s = act(eng, to_turn(eng, new(eng, {"hangar_turns": setting}), ANN_TURN(1)), "dock", ship="Bull", host="Anvil")
        seen = []
        for turn in (2, 3, 4, 5):
            s = to_turn(eng, s, turn)
            seen.append(s.ships["2"].record["docked"])
        assert seen == left, setting


def test_the_booster_marker_stays_on_through_the_owners_next_turn_or_the_very_next_turn() -> None:
    rules = book_ruleset("lukas")
    assert rules.settings["booster_turns"].status is Provenance.INFERRED and rules.setting("booster_turns") == "owner"
    eng = engine()
    owner = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "boost", ship="Shield")
    assert "marker is still on" in refused(eng, to_turn(eng, owner, ANN_TURN(2)), "boost", ship="Shield")
    every = act(eng, to_turn(eng, new(eng, {"booster_turns": "every"}), ANN_TURN(1)), "boost", ship="Shield")
    s = to_turn(eng, every, BOB_TURN(1))
    texts = []
    while s.turn == BOB_TURN(1):  # the end of Bob's turn, the very next turn: the marker comes off
        step = decide(eng, s, "next-step", force=True)
        texts += [e.text for e in step]
        s = eng.apply(s, step)
    assert "Booster markers come off: Shield (#3) may boost again (lukas §4.f)." in texts
    assert act(eng, to_turn(eng, s, ANN_TURN(2)), "boost", ship="Shield").ships["3"].record["mode"] == "boost"
