"""Odds of every cal roll in a game, before it is made, against hand calculations; gunnery odds equal
`mstracker odds cal` for the same single attack."""

from __future__ import annotations

from fractions import Fraction as F

from test_cal_actions import BLUE, game, launched
from test_cal_helpers import RULESET, Game, roster

from mstracker.game import Action
from mstracker.rules.registry import package

BREACH = F(2, 36)  # Reactor Breach: 2 or 12 on the Major Damage Table's 2d6


def odds(g, kind: str, **args: object):  # noqa: ANN001, ANN201
    return g.eng.action_odds(g.state, Action(kind, args))


def test_game_gunnery_odds_equal_the_odds_command_for_the_same_single_attack() -> None:
    g = game()
    g.to("gunnery", "weapons")
    in_game = odds(g, "fire", ship="CA-1", weapon="beam", target="K-1", distance=4)
    alone = package("cal").odds(RULESET, {"attacker": "Heavy Cruiser", "weapon": "beam", "target": "Corvette",
                                          "distance": 4, "crew": None, "shots": None, "ss": None,
                                          "sensors_offline": False})
    assert (in_game.p_hit, in_game.damage, in_game.p_destroy, in_game.extra) == (
        alone.p_hit, alone.damage, alone.p_destroy, alone.extra)
    # 8 a hit at short range, twice at 1/2; SS 20: minor from 5, major from 10: Major 1/4, Minor 1/2.
    assert in_game.p_destroy == F(1, 4) * BREACH + F(1, 2) * BREACH * BREACH


def test_point_defence_odds_per_shot_and_units_removed() -> None:
    g = game()
    launched(g, "CV-1", "Bomber ready, Bomber ready", "bomber")
    g.next_round()
    g.to("gunnery", "point_defence")
    # PD target 4 (house default) with Crew +0: 3/6 a shot; two shots at a token of 2: 0, 1, 2 with 1/4, 1/2, 1/4.
    pd = odds(g, "point-defence", ship="FFAA-1", token="o1", shots=2)
    assert pd.p_hit == F(1, 2)
    assert pd.outcomes == {"0 units removed": F(1, 4), "1 unit removed": F(1, 2), "every unit of o1 removed": F(1, 4)}
    assert odds(g, "point-defence", ship="FFAA-1") is None  # no token yet


def test_intercept_odds_a_fighter_stays_half_the_time_against_a_torpedo() -> None:
    g = game()
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.act("set", target="CV-1", key="d1.track", value="Fighter ready")
    g.act("set", target="CA-1", key="d1.track", value="Torpedo ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-1", ordnance="fighter")  # o1, ATA 4
    g.act("launch", ship="DD-1", ordnance="torpedo")  # o2, ATA 0
    g.next_round()
    g.to("ordnance", "move_fighters")
    # ATA 4 against 0: the torpedo is removed; the fighter stays on an unmodified d6 under 4: 3/6.
    icp = odds(g, "intercept", token="o1", target="o2")
    assert icp.outcomes == {"o1 stays, o2 removed": F(1, 2), "both removed": F(1, 2)}
    # The headline is the fighter's own survival, from those same outcomes: "both removed" is not staying.
    assert (icp.hit_label, icp.p_hit) == ("Fighters stay", F(1, 2))


def test_intercept_headline_a_fighter_against_a_bomber_stays_half_the_time() -> None:
    carriers = roster("Red Fleet", "Red", ("Harrier", "CVE-1", "Escort Carrier"))
    g = Game(carriers, BLUE)
    g.act("set", target="CVE-1", key="d1.track", value="Bomber ready")
    launched(g, "CV-1", "Fighter ready", "fighter")  # o1, Blue's fighter, ATA 4
    g.act("launch", ship="CVE-1", ordnance="bomber")  # o2, Red's bomber, ATA 0
    g.next_round()
    g.to("ordnance", "move_fighters")
    # The book's numbers (cal §Craft): 1 fighter, ATA 4 against 0, rolls under the difference: d6 1-3.
    icp = odds(g, "intercept", token="o1", target="o2")
    assert icp.outcomes == {"o1 stays, o2 removed": F(1, 2), "both removed": F(1, 2)}
    assert icp.p_hit == F(1, 2)
    # The bomber's side can never stay, so its own headline would be 0 -- the same distribution read from o2.
    assert icp.p_hit + icp.outcomes["both removed"] == 1


def test_damage_control_and_rally_odds() -> None:
    g = game()
    g.act("set", target="DD-1", key="fire", value="1")
    g.act("set", target="K-1", key="crew", value="1")
    g.next_round()
    g.to("interphase", "damage_control", faces=(1,))  # the fire stays
    # d6 + Crew 0 against 4 (house default): 3/6.
    dc = odds(g, "damage-control", ship="DD-1", choice="fire")
    assert dc.p_hit == F(1, 2) and dc.outcomes == {"success: one Fire put out": F(1, 2), "failure: nothing changes": F(1, 2)}
    # Crew +1: 3, 4, 5, 6 reach 4: 4/6; the Crew is above its start, so a success changes nothing.
    rally = odds(g, "rally", ship="K-1")
    assert rally.p_hit == F(2, 3) and "success: no change: Crew is at its cap" in rally.outcomes
    # the house-default targets are named as the settings screen names them, never by their keys
    assert dc.notes[0] == ("Succeeds on 4+ on d6 + Crew +0 (the target is a house default: setting “Damage Control "
                           "roll”; the book's was lost).")
    assert "setting “Rally the crew”" in rally.notes[0] and "rally_target" not in rally.notes[0]


def test_blast_ram_and_ordnance_attack_odds_of_destruction() -> None:
    g = game()
    g.act("set", target="CA-1", key="round_damage", value="60")
    g.act("set", target="DD-1", key="ss", value="10")
    g.to("damage", "resolve_damage", faces=(6, 6))
    # 30 against SS 10 and against SS 20: both Major; each breaches on 2/36; either: 1 - (34/36)^2 = 35/324.
    blast = odds(g, "blast", ship="CA-1", targets="DD-1, K-1")
    assert blast.outcomes["Lance (#1): 30 damage, the Major table"] == 1
    assert blast.outcomes["Lance (#1) destroyed"] == blast.outcomes["Wasp (#5) destroyed"] == BREACH
    assert blast.p_destroy == 1 - (1 - BREACH) ** 2 == F(35, 324)
    g.act("blast", ship="CA-1", targets="none")
    g.to("movement", "move")
    # Aegis (SS 30) takes Wasp's 20: Major from 15; Wasp (SS 20) takes 30: Major.
    ram = odds(g, "ram", ship="FFAA-1", other="K-1")
    assert ram.outcomes["Aegis (#3) destroyed"] == ram.outcomes["Wasp (#5) destroyed"] == BREACH


def test_an_ordnance_attack_rolls_nothing_but_shows_its_damage_and_chance_to_destroy() -> None:
    g = game()
    g.act("set", target="CA-1", key="d1.track", value="Torpedo ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="CA-1", ordnance="torpedo")
    g.next_round()
    g.to("gunnery", "ordnance_attacks")
    # 10 against the carrier's SS 80: minor from 20, so no table and no risk; against the corvette (SS 20):
    assert odds(g, "ordnance-attack", token="o1", target="CV-1").p_destroy == 0
    torpedo = odds(g, "ordnance-attack", token="o1", target="K-1")
    assert torpedo.p_hit is None and torpedo.damage == {10: 1} and torpedo.extra["p_major"] == 1  # no roll
    assert torpedo.p_destroy == BREACH  # 10 >= ceil(20/2): the Major table
    assert g.eng.dice_plan(g.state, Action("ordnance-attack", {"token": "o1", "target": "K-1"})) is None


def test_intercept_headline_is_read_from_the_intercept_s_own_outcome() -> None:
    carriers = roster("Red Fleet", "Red", ("Harrier", "CVE-1", "Escort Carrier"))
    g = Game(carriers, BLUE)
    g.act("set", target="CVE-1", key="d1.track", value="Fighter ready")
    launched(g, "CV-1", "Fighter ready", "fighter")  # o1, Blue's fighter, ATA 4
    g.act("launch", ship="CVE-1", ordnance="fighter")  # o2, Red's fighter, ATA 4
    g.next_round()
    g.to("ordnance", "move_fighters")
    # cal §Craft: equal totals remove both -- no die, and the fighters never stay.
    icp = odds(g, "intercept", token="o1", target="o2")
    assert icp.outcomes == {"both removed": 1} and (icp.hit_label, icp.p_hit) == ("Fighters stay", 0)
    action = g.eng.plugin.typed_action("intercept")
    assert "odds" not in vars(type(action))  # the generic odds give the headline, from its OddsWords
    p = action.plan(g.state, {"token": "o1", "target": "o2"})
    [(outcome, chance)] = action.outcome(p).items()
    assert chance == 1 and outcome.destroyed == {"o1", "o2"} and outcome.hit is False
    assert action.dice(p).needs == ()
