"""Odds for every lukas roll in a game, before it is made: the attack (a miss kept apart from the lowest
hit), a bomb aimed at a subsystem (each row of its d8), a ready Beam, and the same figures as
`mstracker odds lukas` for the same single attack. (The order of turns: test_lukas_order.)"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from test_lukas_fixtures import act, engine, new, own_turn, to_turn

from mstracker.cli import main
from mstracker.game import Action

ANN_TURN = lambda k: own_turn(0, k)  # noqa: E731


def test_a_miss_is_kept_apart_from_the_lowest_hit() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    odds = eng.action_odds(s, Action("fire", {"ship": "Bull", "weapon": "Heavy Turret", "target": "Ram", "in_range": True}))
    # Heavy Turret vs a Frigate needs 3 on the d12: 10/12 hit, 2/12 miss. 1d12 -1 (minimum 1): faces 1 and 2
    # both deal 1, faces 3..12 deal 2..11. So 0: 2/12 = 24/144; 1: 10/12 * 2/12 = 20/144; 2..11: 10/144 each.
    assert odds.p_hit == Fraction(10, 12)
    assert odds.damage == {0: Fraction(24, 144), 1: Fraction(20, 144), **{d: Fraction(10, 144) for d in range(2, 12)}}
    assert odds.p_destroy == Fraction(0)  # 27 armor: 11 at most


def test_a_bomb_aimed_at_a_subsystem_shows_each_row_of_the_d8() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    odds = eng.action_odds(s, Action("fire", {"ship": "Hornet", "weapon": "w1", "target": "Titan", "subsystem": "engines", "in_range": True}))
    # Bombs vs a capital ship need 4 on the d12: 9/12 = 3/4 hit. Then the d8: 1-2 (2/8) half damage to the hull,
    # 3-5 (3/8) full damage, 6-8 (3/8) the engines destroyed and no hull damage.
    assert odds.outcomes == {"miss": Fraction(1, 4), "general hull, half damage rounded up": Fraction(3, 4) * Fraction(2, 8),
                             "general hull, full damage": Fraction(3, 4) * Fraction(3, 8),
                             "Engines destroyed": Fraction(3, 4) * Fraction(3, 8)}
    assert odds.damage[0] == Fraction(1, 4) + Fraction(9, 32)  # a miss, or a destroyed subsystem: no hull damage
    assert odds.extra == {"p_subsystem_destroyed": Fraction(9, 32)}


def test_a_ready_beam_has_the_odds_of_its_announced_attack() -> None:
    eng = engine()
    s = to_turn(eng, act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "announce-beam", ship="Anvil", target="Ram"),
                ANN_TURN(2))
    beam = eng.action_odds(s, Action("fire-beam", {"ship": "Anvil"}))
    fire = eng.action_odds(s, Action("fire", {"ship": "Anvil", "weapon": "w1", "target": "Ram", "in_range": True}))
    assert beam == fire and beam.p_hit == Fraction(8, 12)  # Beam vs a Frigate needs 5: faces 5..12


@pytest.mark.parametrize(("ship", "weapon", "target", "argv"), [
    ("Radar", "w1", "Guard", ["--weapon", "Heavy Missiles", "--target", "frigate", "--comm-radar", "--armor", "25"]),
    ("Hornet", "w1", "Titan", ["--weapon", "Bombs", "--target", "capital", "--subsystem", "bridge", "--armor", "45"]),
    ("Bull", "w1", "Wasp", ["--weapon", "Light Missiles", "--target", "strike-craft", "--armor", "9"]),
])
def test_the_game_gives_the_figures_of_the_odds_command(ship: str, weapon: str, target: str, argv: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    args = {"ship": ship, "weapon": weapon, "target": target}
    if "--subsystem" in argv:
        args["subsystem"] = argv[argv.index("--subsystem") + 1]
    in_game = eng.action_odds(s, Action("fire", args))
    assert main(["odds", "lukas", *argv, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    figures = json.loads(json.dumps(in_game.to_json()))
    # the game also says whose radar gives the bonus (the odds command is told only --comm-radar): issue 16
    whose = [n for n in figures["notes"] if n.startswith("Communication Radar +")]
    assert whose == (["Communication Radar +1 to hit and +1 damage: Radar (#6)'s own radar (other radars 0) (lukas §4.d)"]
                     if ship == "Radar" else [])
    figures["notes"] = [n for n in figures["notes"] if n not in whose]
    assert {key: printed[key] for key in figures} == figures
