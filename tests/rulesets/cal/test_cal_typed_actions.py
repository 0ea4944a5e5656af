"""Every cal action is a typed action (issue 15): one prepared value answers its refusals, its dice and its
exact outcome. The outcomes checked here against the book's numbers (cal §Damage, §Moving Ships According
To Course, §0 Interphase step 6)."""

from __future__ import annotations

from fractions import Fraction as F

from test_cal_actions import game
from test_cal_record_failed import at_damage_control

from mstracker.game import Action, RuleAction

BREACH = F(2, 36)  # Reactor Breach: 2 or 12 on the Major Damage Table's 2d6


def test_every_cal_action_is_a_typed_action_and_no_decider_is_left() -> None:
    plugin = game().eng.plugin
    kinds = [s.kind for s in plugin.action_specs()]
    assert len(kinds) == 19 and all(isinstance(plugin.typed_action(k), RuleAction) for k in kinds)


def test_a_ram_s_outcome_is_each_ship_s_ss_taken_and_its_breach() -> None:
    g = game()
    g.to("movement", "move")
    ram = g.eng.plugin.typed_action("ram")
    p = ram.prepare(g.state, {"ship": "FFAA-1", "other": "K-1"})
    outcome = ram.outcome(p)
    # Aegis (SS 30) takes Wasp's 20: the Major table; Wasp (SS 20) takes Aegis's 30, capped at its SS 20: Major.
    assert {o.damage_to("3") for o in outcome.outcomes} == {20} and {o.damage_to("5") for o in outcome.outcomes} == {20}
    assert outcome.probability(lambda o: "3" in o.destroyed) == outcome.probability(lambda o: "5" in o.destroyed) == BREACH
    assert outcome.probability(lambda o: bool(o.destroyed)) == 1 - (1 - BREACH) ** 2
    odds = g.eng.action_odds(g.state, Action("ram", {"ship": "FFAA-1", "other": "K-1"}))
    assert odds.p_destroy == outcome.probability(lambda o: bool(o.destroyed))


def test_a_roll_no_face_can_win_has_the_certain_outcome_failure_and_says_to_record_it() -> None:
    g = at_damage_control(-4)  # 6 - 4 = 2 < 4 (damage_control_target)
    dc = g.eng.plugin.typed_action("damage-control")
    p = dc.prepare(g.state, {"ship": "K-1", "choice": "fire"})
    [(outcome, chance)] = dc.outcome(p).items()
    assert chance == 1 and outcome.hit is False and outcome.state_of(p.ship.id) == "failure: nothing changes"
    odds = g.eng.action_odds(g.state, Action("damage-control", {"ship": "K-1", "choice": "fire"}))
    assert (odds.hit_label, odds.p_hit) == ("Success", 0)
    assert any("record the roll as failed" in note for note in odds.notes)
    assert dc.dice(dc.prepare(g.state, {"ship": "K-1", "choice": "fire", "failed": True})) is None


def test_a_hard_turn_s_outcome_is_the_ss_it_costs() -> None:
    g = game()
    g.to("movement", "alter_course")
    course = g.eng.plugin.typed_action("course")
    p = course.prepare(g.state, {"ship": "CA-1", "spend": "cw cw"})  # a Capital Ship, every MP on rotation
    assert p.hard_turn == 1
    [(outcome, chance)] = course.outcome(p).items()
    assert chance == 1 and outcome.damage_to("2") == 1 and not outcome.destroyed  # 1 against SS 60: no table
