"""Engine.attack_odds: None while an attack form is incomplete, exact odds once it is complete."""

from __future__ import annotations

from fractions import Fraction

from test_pz8_support import Play

from mstracker.game import Action


def test_incomplete_attack_form_gives_no_odds_instead_of_an_error() -> None:
    play = Play.sides(2, 2).start()
    assert play.eng.action_odds(play.state, Action("fire", {})) is None
    assert play.eng.action_odds(play.state, Action("fire", {"ship": "1"})) is None


def test_complete_attack_form_gives_the_exact_hit_chance() -> None:
    play = Play.sides(2, 2).start()
    odds = play.eng.action_odds(play.state, Action("fire", {"ship": "1", "target": "3", "distance": 5}))
    assert odds is not None
    assert odds.p_hit == Fraction(2, 6)  # 4-6 hexes: 5 or 6 on a D6


def test_generic_actions_have_no_odds() -> None:
    play = Play.sides(2, 2)
    assert play.eng.action_odds(play.state, Action("note", {"text": "hello"})) is None
