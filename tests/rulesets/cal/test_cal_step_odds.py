"""The odds of what cal's automatic steps decide with their dice, before next-step rolls them (the
next-step dice form shows them): Fire rolls, Boarder rolls and damage tables, against hand counts."""

from __future__ import annotations

from fractions import Fraction as F

from test_cal_actions import game

from mstracker.game import Action


def next_odds(g):  # noqa: ANN001, ANN201
    return g.eng.action_odds(g.state, Action("next-step", {}))


def test_the_fire_roll_puts_out_a_fire_on_4_or_more_with_crew() -> None:
    g = game()
    g.act("set", target="K-1", key="fire", value="2")
    g.act("set", target="DD-1", key="fire", value="1")
    g.act("set", target="DD-1", key="crew", value="-1")
    g.next_round()  # round 1 begins
    g.next_round()  # round 2: the Interphase
    assert g.state.current_step.id == "ordnance_track"
    g.to("interphase", "fire_damage")  # no dice: Fire burns in the Damage phase (fire_damage_timing)
    odds = next_odds(g)
    # house target 4 on d6 + Crew: Crew 0 -> 4, 5, 6 = 1/2; Crew -1 -> 5, 6 = 1/3 (Lance rolls first: ship order)
    assert odds.outcomes == {"Lance (#1): one Fire put out": F(1, 3), "Lance (#1): Fire 1 burns on": F(2, 3),
                             "Wasp (#5): one Fire put out": F(1, 2), "Wasp (#5): Fire 2 burns on": F(1, 2)}
    assert odds.p_hit is None  # two ships roll: no single headline


def test_the_damage_table_odds_name_each_result_and_the_breach() -> None:
    g = game()
    g.act("set", target="DD-1", key="round_damage", value="9")  # SS 35: the Minor table from 9, Major from 18
    g.to("damage", "add_fire")
    odds = next_odds(g)
    minor = {k.split(": ", 1)[1]: p for k, p in odds.outcomes.items()}
    assert all(k.startswith("Lance (#1) (9 damage, Minor table): ") for k in odds.outcomes)
    # 2d6: 7 Sparks and Smoke 6/36; 6 or 8 Fire! 10/36; 2 or 12 Chain Reaction, then the Major table
    assert minor["Sparks and Smoke"] == F(6, 36) and minor["Fire!"] == F(10, 36)
    assert minor["Chain Reaction → Reactor Breach"] == F(2, 36) * F(2, 36)
    assert sum(odds.outcomes.values()) == 1 and odds.p_destroy == F(1, 324)


def test_each_boarder_rolls_the_boarder_table_and_demolition_rolls_the_minor_table() -> None:
    g = game()
    g.act("set", target="K-1", key="boarders", value="2")
    g.next_round()
    g.next_round()
    g.to("interphase", "fire_roll")  # nobody burns: no dice
    odds = next_odds(g)
    each = {k.split(": ", 1)[1]: p for k, p in odds.outcomes.items()}
    # 1d6: 1-2 Skirmish, 3-4 Set Fire, 5-6 Demolition Charges, which rolls the Minor table (2d6)
    assert each["Skirmish"] == each["Set Fire"] == F(1, 3)
    assert each["Demolition Charges → Sparks and Smoke"] == F(1, 3) * F(6, 36)
    breach = F(1, 3) * F(2, 36) * F(2, 36)  # Demolition, Chain Reaction, Reactor Breach
    assert odds.p_destroy == 1 - (1 - breach) ** 2


def test_a_step_that_rolls_nothing_has_no_odds() -> None:
    g = game()
    g.act("next-step")  # round 1, the Ordnance phase: next-step enters a players' step
    assert next_odds(g) is None
