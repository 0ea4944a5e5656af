"""On the table: the markers and effects in play besides the ship records, with ids and owners (Field
Defense fields up or announced, infiltrations under way, Beams aimed, booster markers, docked craft off the
table, cargo), none of them a token a form names."""

from __future__ import annotations

from test_lukas_fixtures import act, engine, new, own_turn, to_turn

from mstracker.game.events import ArgSpec, ArgType

ANN_TURN = lambda k: own_turn(0, k)  # noqa: E731
BOB_TURN = lambda k: own_turn(1, k)  # noqa: E731


def test_what_is_in_play_with_its_owner_and_in_the_books_words() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    assert eng.plugin.on_table(s) == ()
    for kind, args in (("announce-beam", {"ship": "Anvil", "target": "Titan"}), ("announce-field-defense", {"ship": "Shield"}),
                       ("infiltrate", {"ship": "Sneak", "target": "Ram"}), ("dock", {"ship": "Bull", "host": "Anvil"}),
                       ("boost", {"ship": "Shield"})):
        s = act(eng, s, kind, **args)
    s = act(eng, to_turn(eng, s, BOB_TURN(1)), "cargo", ship="Courier", delta=2)
    assert [(t.id, t.kind, t.owner, t.ship, t.text) for t in eng.plugin.on_table(s)] == [
        ("beam1w1", "Beam aimed", 0, "1", "Beam (w1) of Anvil (#1) at Titan (#7): fires in Ann's next turn (lukas §3.b Beam)"),
        ("dock2", "Docked", 0, "2", "Bull (#2) in Anvil (#1)'s hangar, off the table: stays in through Ann's next turn, "
                                    "out the turn after, fully repaired (lukas §4.b)"),
        ("fd3", "Field Defense (announced)", 0, "3", "Shield (#3)'s field switches on at the start of Ann's next turn "
                                                     "(lukas §4.a)"),
        ("boost3", "Booster marker", 0, "3", "on Shield (#3)'s stand: it boosts again once the marker is off (lukas §4.f)"),
        ("inf5", "Infiltration", 0, "5", "Sneak (#5) infiltrating Ram (#8): neither moves; captured at the start of Ann's "
                                         "next turn unless halted (lukas §4.c)"),
        ("cargo11", "Cargo", 1, "11", "2 container(s) on Courier (#11) (lukas §4.e)"),
    ]
    s = to_turn(eng, s, ANN_TURN(2))
    shown = {t.id: (t.kind, t.text) for t in eng.plugin.on_table(s)}
    assert shown["fd3"] == ("Field Defense", "15-stud field around Shield (#3) since turn 3: nothing enters or fires in "
                                             "until Ann's next turn (lukas §4.a)")
    assert shown["beam1w1"][1].endswith("may fire this turn (lukas §3.b Beam)")
    assert "inf5" not in shown and s.ships["8"].owner == 0  # the capture ended the infiltration
    assert all(t.arg_kind == "" for t in eng.plugin.on_table(s))
    assert eng.plugin.token_choices(s, "fire", ArgSpec("token", ArgType.TOKEN), None) == []
