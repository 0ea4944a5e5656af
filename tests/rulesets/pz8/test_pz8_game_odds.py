"""Odds before every pz8 roll in a game (pz8 §2, §4, §5, §6), equal to `mstracker odds pz8` for the same
single attack."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from test_pz8_support import Play

from mstracker.cli import main
from mstracker.game import Action


def cli_odds(capsys: pytest.CaptureFixture[str], *options: str) -> dict:
    assert main(["odds", "pz8", *options, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_initiative_is_even_and_a_first_tie_is_one_in_six() -> None:
    play = Play.sides(6, 3)
    play.act("next-step")
    odds = play.eng.action_odds(play.state, Action("roll-initiative", {}))
    # 6 of the 36 pairs of D6 tie and are rolled again; of the other 30, each side is higher in 15: 1/2 each,
    # whatever the fleets (the ship counts set the quotas, not the roll)
    assert odds.outcomes == {"A has the initiative": F(1, 2), "B has the initiative": F(1, 2)}
    assert odds.extra == {"p_first_roll_tied": F(1, 6)}
    assert odds.p_destroy is None and odds.p_hit is None  # an initiative destroys nothing: no "0.0%" line
    assert odds.notes[0] == "each side rolls 1D6, the higher has the initiative; a tie is rolled again (pz8 §2)"


def test_a_torpedo_attack_against_2d6_matches_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))
    odds = play.eng.action_odds(play.state, Action("torpedo-attack", {"torpedo": "t1", "target": "B1"}))
    # 2D6 against 2D6: equal totals 146 of 1296, the salvo higher by 1 in 140 and by 2 in 125 (Damaged, 265),
    # higher by 3 or more in 575 - 265 = 310 (Destroyed), lower or equal 721 (pz8 §4, §5)
    assert odds.p_hit == 1
    assert odds.outcomes == {"none": F(721, 1296), "damaged": F(265, 1296), "destroyed": F(310, 1296)}
    shown = cli_odds(capsys, "--torpedo")
    assert shown["p_hit"] == 1 and shown["outcomes"] == {k: float(v) for k, v in odds.outcomes.items()}
    assert shown["p_destroy"] == pytest.approx(310 / 1296)


def test_a_shot_in_the_game_matches_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("set", target="B1", key="damaged", value="yes")
    odds = play.eng.action_odds(play.state, Action("fire", {"ship": "A1", "target": "B1", "distance": 5}))
    shown = cli_odds(capsys, "--distance", "5", "--target-damaged")
    # 4-6 hexes: 5+ (1/3); 2D6 against the Damaged target's 1D6, any win destroys it
    assert shown["p_hit"] == pytest.approx(1 / 3) == float(odds.p_hit)
    assert shown["outcomes"] == {k: float(v) for k, v in odds.outcomes.items()}
    # the Damaged target's fire-back needs 5 with -1 Damaged and -1 fire-back: no face hits (pz8 §4 to-hit
    # table), so neither shows a "may fire back" chance (the old 100% counted a fire-back that cannot hit)
    assert "p_target_may_fire_back" not in shown and "p_target_may_fire_back" not in odds.extra
    note = "the target cannot fire back: at 5 hexes no face hits with the fire-back's −1 (pz8 §4 to-hit table)"
    assert note in odds.notes and note in shown["notes"]


def test_at_7_to_9_hexes_no_fire_back_can_hit_and_the_form_and_log_say_so() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    near = play.eng.action_odds(play.state, Action("fire", {"ship": "A1", "target": "B1", "distance": 3}))
    assert near.extra["p_target_may_fire_back"] == 1 - F(155, 1296)  # 1-3 hexes: a fire-back hits on 5+ (pz8 §4)
    far = play.eng.action_odds(play.state, Action("fire", {"ship": "A1", "target": "B1", "distance": 8}))
    # 7-9 hexes needs 6 and the fire-back's -1 puts a 6 at 5: no face hits (pz8 §4 to-hit table); was 96.0%
    assert "p_target_may_fire_back" not in far.extra
    assert far.notes[-1] == ("the target cannot fire back: at 8 hexes no face hits with the fire-back's −1 "
                             "(pz8 §4 to-hit table)")
    play.act("fire", 1, ship="A1", target="B1", distance=8)  # a miss (fire-back on a miss: house default)
    text = "\n".join(e.text for e in play.log[-1])
    assert "may fire back at once" not in text
    assert "The target cannot fire back: at 8 hexes no face hits with the fire-back's −1 (pz8 §4 to-hit table)." in text
    assert ("Bravo 1 (#3) may answer Alpha 1 (#1), but at 8 hexes no face hits with the fire-back's "
            "−1 (pz8 §4 to-hit table); the chance lapses with the next action") in text


def test_a_fire_back_takes_the_pending_shot_s_distance_and_has_no_answer_line() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("fire", 2, ship="A1", target="B1", distance=5)
    odds = play.eng.action_odds(play.state, Action("fire-back", {}))
    # 4-6 hexes needs 5, -1 for the fire-back: only a 6, 1/6; a fire-back is not answered (house default):
    # no "may fire back" figure at all, rather than a misleading 0%
    assert odds.p_hit == F(1, 6) and odds.extra == {}


def test_an_asteroid_collision_rolls_nothing_and_destroys() -> None:
    play = Play.sides(1, 1, asteroids="1").start(5, 2)
    odds = play.eng.action_odds(play.state, Action("asteroid-collision", {"asteroid": "a1", "target": "B1"}))
    assert (odds.p_hit, odds.outcomes, odds.p_destroy) == (None, {"destroyed": 1}, 1)  # no roll: no hit chance
    assert odds.notes == ("no dice: an asteroid destroys the Spaceship or Torpedo salvo it collides with (pz8 §6)",)
    assert play.eng.action_odds(play.state, Action("asteroid-collision", {"asteroid": "a1"})) is None


def test_every_rolling_pz8_action_has_odds() -> None:
    play = Play.sides(2, 2).start(5, 2)
    rolling = {s.kind for s in play.eng.action_specs() if s.rolls}
    assert rolling == {"roll-initiative", "fire", "fire-back", "shoot-torpedo", "torpedo-attack"}
    play.act("activate", ship="A1")
    play.act("launch-torpedo", ship="A1")
    play.act("fire", 1, ship="A1", target="B1", distance=3)
    forms = {
        "roll-initiative": {},
        "fire": {"ship": "A1", "target": "B2", "distance": 2},
        "fire-back": {},
        "shoot-torpedo": {"ship": "B1", "torpedo": "t1", "distance": 2},
        "torpedo-attack": {"torpedo": "t1", "target": "B1"},
    }
    assert all(play.eng.action_odds(play.state, Action(k, a)) is not None for k, a in forms.items())
