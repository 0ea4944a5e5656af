"""Odds for every spook roll, hand-derived: a bomber's subsystem d8 (§7 A11, house default table; issue 10 #14),
mines (§7 A1), the roll-off; and the battle screen's figures equal `mstracker odds spook` for the same roll."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from test_spook_support import RULESET, Play, roster, ship

from mstracker.cli import main
from mstracker.game import Action
from mstracker.rulesets.spook.odds import attack_odds, mines_odds


def battle(**settings: object) -> Play:
    blue = roster("Blue", ship("Hammers", "Bomber", ("Bomb Launcher",)),  # 1
                  ship("Anvils", "Bomber", ("Plasma Bomb Launcher",)),  # 2
                  ship("Sower", "Mine Layer Frigate", ("Mass Driver Turret",)))  # 3
    red = roster("Red", ship("Nest", "Carrier", ("Mass Driver Turret",), ("Flare Launcher",)),  # 4
                 ship("Lances", "Lancer", ("Particle Lance",)),  # 5
                 ship("Picket", "Frigate", ("Mass Driver Turret",)))  # 6
    g = Play([blue, red], **settings)
    g.start()
    return g


def odds(g: Play, kind: str, **args: object):  # noqa: ANN201
    return g.eng.action_odds(g.s, Action(kind, args))


def cli_odds(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["odds", "spook", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_bombs_aimed_at_a_subsystem_show_the_d8_table(capsys: pytest.CaptureFixture[str]) -> None:
    g = battle()
    aimed = odds(g, "fire", ship="Hammers", weapon="w1", target="Nest", subsystem="Flare Launcher")
    # Bomb Launcher 15, accuracy 8 >= agility 2: always 15, then the d8: 1-2 half to armor (8), 3-5 full (15),
    # 6-8 the named subsystem is destroyed and the armor takes nothing
    assert aimed.damage == {0: F(3, 8), 8: F(2, 8), 15: F(3, 8)}
    assert aimed.outcomes == {"half damage to armor": F(2, 8), "full damage to armor": F(3, 8),
                              "named subsystem destroyed, no armor damage": F(3, 8)}
    assert aimed.p_hit == 1 and aimed.extra["p_subsystem_destroyed"] == F(3, 8)
    assert aimed.expected_damage == F(8 * 2 + 15 * 3, 8)
    plain = odds(g, "fire", ship="Hammers", weapon="w1", target="Nest")
    assert plain.damage == {15: F(1)} and plain.outcomes is None
    cli = cli_odds(capsys, "--weapon", "Bomb Launcher", "--target", "Carrier", "--subsystem", "--armor", "450")
    assert cli["damage"] == {k: float(v) for k, v in sorted((str(d), p) for d, p in aimed.damage.items())}
    assert cli["outcomes"] == {k: float(v) for k, v in aimed.outcomes.items()}
    assert cli["p_subsystem_destroyed"] == 0.375


def test_plasma_bombs_with_an_accuracy_roll_before_the_subsystem_d8() -> None:
    g = battle()
    aimed = odds(g, "fire", ship="Anvils", weapon="w1", target="Lances", subsystem="engines")
    # accuracy 7 < agility 10: d12 1-5 miss, 6-10 half (10), 11 full (20), 12 friendly fire (0 to the target);
    # a hit (6/12) rolls the d8: 2/8 half, 3/8 full, 3/8 engines destroyed
    assert aimed.outcomes == {"miss (no subsystem roll)": F(6, 12), "half damage to armor": F(6, 12) * F(2, 8),
                              "full damage to armor": F(6, 12) * F(3, 8),
                              "named subsystem destroyed, no armor damage": F(6, 12) * F(3, 8)}
    assert aimed.damage == {0: F(6, 12) + F(6, 12) * F(3, 8),  # misses and destroyed subsystems
                            5: F(5, 12) * F(2, 8),  # half of the half
                            10: F(5, 12) * F(3, 8) + F(1, 12) * F(2, 8),
                            20: F(1, 12) * F(3, 8)}
    assert aimed.p_hit == F(6, 12) and aimed.extra["p_friendly_fire"] == F(1, 12)


def test_mines_odds_equal_the_command_for_the_same_crossing(capsys: pytest.CaptureFixture[str]) -> None:
    g = battle()
    g.act("lay-mines", ship="Sower", count=3)
    g.end_turn()
    crossing = odds(g, "cross-mines", ship="Picket", count=2)  # a Frigate at its full 200 armor
    # each d8: 1-3 nothing (3/8), 4-7 100 (4/8), 8 200 (1/8); two mines add up to 0 (9/64), 100 (24/64),
    # 200 (16 + 6), 300 (8), 400 (1); past the 200 armor left is no damage, so 200 holds 22 + 8 + 1
    assert crossing.damage == {0: F(9, 64), 100: F(24, 64), 200: F(22 + 8 + 1, 64)}
    assert crossing.expected_damage == F(24 * 100 + 31 * 200, 64)
    assert crossing.p_hit == F(55, 64) and crossing.p_destroy == F(22 + 8 + 1, 64)
    assert crossing.extra["p_each_mine_detonates"] == F(5, 8)
    assert crossing == mines_odds(RULESET, 2, armor=200)
    cli = cli_odds(capsys, "--mines", "2", "--armor", "200")
    assert cli["damage"] == {str(k): float(v) for k, v in crossing.damage.items()}
    assert cli["p_destroy"] == pytest.approx(31 / 64)


def test_mines_odds_follow_the_settings() -> None:
    g = battle(mine_rolls="per_crossing")
    g.act("lay-mines", ship="Sower", count=3)
    assert odds(g, "cross-mines", ship="Sower", count=2, owner="Blue").damage == {0: F(1)}  # own mines: harmless
    g.end_turn()
    assert odds(g, "cross-mines", ship="Picket", count=3).damage == {0: F(3, 8), 100: F(4, 8), 200: F(1, 8)}


def test_roll_off_odds_name_who_goes_first() -> None:
    g = Play([roster("Blue", ship("A", "Frigate")), roster("Red", ship("B", "Frigate"))])
    first = odds(g, "roll-off")
    assert first.outcomes == {"Blue goes first": F(1, 2), "Red goes first": F(1, 2)}
    assert first.p_hit == F(30, 36) and first.extra["p_tie_first_round"] == F(6, 36)  # 6 ties among 36 pairs


def test_the_shot_odds_of_the_game_equal_the_book_odds() -> None:
    g = battle()
    shot = odds(g, "fire", ship="Anvils", weapon="w1", target="Nest")
    assert shot == attack_odds(RULESET, {"weapon": "Plasma Bomb Launcher", "target": "Carrier", "flares": 1,
                                         "armor": 450})
