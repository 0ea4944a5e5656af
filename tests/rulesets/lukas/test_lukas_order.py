"""The order of turns, decided before anything else (lukas §1.b: "When starting the game, the first thing
you should do is decide on an order of people to take their turns in. Roll of dice is good.")

Each player rolls a d6 (the house default order_die), the highest goes first, tied players roll again;
or the table names who goes first. Until then turn 1 holds: an obligation blocks leaving the step and
every ship action."""

from __future__ import annotations

from fractions import Fraction

from test_lukas_fixtures import act, decide, engine, new, refused, rosters, ship, to_turn

from mstracker.dice import TypedFaces
from mstracker.fleet import Roster
from mstracker.game import Action

ORDER_REFUSAL = ("Decide the order of turns before anything else: each player rolls a d6, the highest goes first "
                 "(or the table names who goes first) (lukas §1.b); do it with roll-order. The table may set it "
                 "aside as a logged decision: override “order-of-turns”, giving the reason")


def three_players() -> list[Roster]:
    cara = Roster(ruleset="lukas", name="Cara's fleet", player="Cara",
                  ships=(ship("Lance", "C-S1", "Strike Craft", 9, 20, ("Laser",)),))
    return [*rosters(), cara]


def test_turn_1_waits_for_the_order_of_turns_and_says_how_to_decide_it() -> None:
    eng = engine()
    s = act(eng, new(eng, first=None), "next-step")
    assert (s.turn, s.current_phase.id, s.current_step.id) == (1, "setup", "order")
    assert [o.id for o in eng.obligations(s)] == ["order-of-turns"]
    assert refused(eng, s, "next-step") == ORDER_REFUSAL
    assert refused(eng, s, "fire", (12, 6), ship="Bull", weapon="w1", target="Ram") == ORDER_REFUSAL
    order = eng.legal_action(s, "roll-order")
    assert (order.allowed, order.expected) == (True, True)
    fire = eng.legal_action(s, "fire")
    assert (fire.allowed, fire.reason) == (False, "decide the order of turns first (lukas §1.b): roll-order")
    assert eng.legal_action(s, "next-step").reason == ORDER_REFUSAL


def test_tied_players_roll_again_and_the_highest_goes_first() -> None:
    eng = engine()
    s = act(eng, new(eng, first=None), "next-step")
    events = decide(eng, s, "roll-order", (3, 3, 2, 5))
    assert [e.kind for e in events] == ["order-decided", "extra-set", "active-changed", "dice-rolled", "ticked"]
    assert events[0].text == ("Order of turns (lukas §1.b), d6: Ann 3, Bob 3; tied, roll again: Ann 2, Bob 5: Bob goes "
                              "first, then Ann (the book says only that a roll of dice is good; a d6 is the die in "
                              "force, a house default).")
    assert events[0].data == {"order": [1, 0], "rolls": [[3, 2], [3, 5]]}
    assert [(g["purpose"], g["player"], g["faces"]) for g in events[3].data["rolls"]] == [
        ("Ann's roll for the order of turns", 0, [3]), ("Bob's roll for the order of turns", 1, [3]),
        ("Ann rolls again (round 2)", 0, [2]), ("Bob rolls again (round 2)", 1, [5])]
    s = eng.apply(s, events)
    assert (s.active, s.extra["order"], eng.obligations(s)) == (1, [1, 0], ())
    s = to_turn(eng, s, 1)
    assert s.active == 1  # turn 1 is Bob's
    s = to_turn(eng, s, 2, "ship_upkeep")
    assert s.active == 0


def test_the_declared_dice_ask_for_a_second_round_only_after_a_tie() -> None:
    eng = engine()
    s = new(eng, first=None)
    plan = eng.dice_plan(s, Action("roll-order", {}))
    assert [(n.sides, n.player) for n in plan.needs] == [(6, 0), (6, 1)] * 4  # four rounds at most
    assert plan.walk([4, 2]).complete  # no tie: two dice
    tie = plan.walk([4, 4])
    assert tie.next.purpose == "Ann rolls again (round 2)" and tie.next.when_text == "if Ann is still tied with another player"
    assert plan.walk([4, 4, 1, 6]).complete
    events = decide(eng, s, "roll-order", (2, 2, 3, 3, 4, 4, 5, 5))  # four ties: the seating order decides
    assert "still tied after 4 rolls, seating order decides: Ann goes first, then Bob" in events[0].text


def test_three_players_go_from_the_highest_roll_down_and_only_the_tied_roll_again() -> None:
    eng = engine()
    s = new(eng, fleets=three_players(), first=None)
    plan = eng.dice_plan(s, Action("roll-order", {}))
    walked = plan.walk([5, 2, 5, 1, 4])  # Ann 5, Bob 2, Cara 5; then Ann 1, Cara 4 (Bob does not roll)
    assert walked.complete and walked.faces[:6] == (5, 2, 5, 1, None, 4)
    s = act(eng, s, "roll-order", (5, 2, 5, 1, 4))
    assert (s.extra["order"], s.active) == ([2, 0, 1], 2)
    players = []
    for turn in (1, 2, 3, 4):
        s = to_turn(eng, s, turn)
        players.append(s.active)
    assert players == [2, 0, 1, 2]  # Cara, Ann, Bob, Cara


def test_the_odds_of_going_first() -> None:
    eng = engine()
    odds = eng.action_odds(new(eng, first=None), Action("roll-order", {}))
    # a tie on 2d6 is 6/36 = 1/6; after four ties (1/6)^4 = 1/1296 the seat decides for Ann:
    # Ann 1/2 + 1/2 * 1/1296 = 1297/2592, Bob 1/2 - 1/2 * 1/1296 = 1295/2592
    assert odds.outcomes == {"Ann goes first": Fraction(1297, 2592), "Bob goes first": Fraction(1295, 2592)}
    three = eng.action_odds(new(eng, fleets=three_players(), first=None), Action("roll-order", {}))
    assert sum(three.outcomes.values()) == 1
    ann, bob, cara = three.outcomes.values()
    assert ann > bob > cara and ann - cara < Fraction(1, 1000)
    assert eng.action_odds(new(eng, first=None), Action("roll-order", {"first": "Bob"})) is None  # no roll


def test_the_table_may_name_who_goes_first_before_turn_1() -> None:
    eng = engine()
    s = new(eng, first=None)
    assert eng.dice_plan(s, Action("roll-order", {"first": "Bob"})).needs == ()
    events = decide(eng, s, "roll-order", first="Bob")
    assert events[0].text == ("Order of turns decided at the table (lukas §1.b): Bob goes first, then Ann (seating order "
                              "after the first).")
    assert "dice-rolled" not in [e.kind for e in events]
    s = eng.apply(s, events)
    events = eng.decide(s, Action("next-step"), TypedFaces([]))
    assert events[0].text == "Turn 1: Bob to play"
    s = eng.apply(s, events)
    assert eng.obligations(s) == ()
    assert refused(eng, s, "roll-order", first="Ann") == ("the order of turns is decided: Bob, then Ann (undo "
                                                          "roll-order to decide again)")


def test_a_table_that_overrides_the_roll_plays_in_seating_order() -> None:
    eng = engine()
    s = act(eng, new(eng, first=None), "next-step")
    s = act(eng, s, "override", obligation="order-of-turns", reason="we always play in seating order")
    s = to_turn(eng, s, 2, "ship_upkeep")
    assert s.active == 1
    assert refused(eng, s, "roll-order") == "the order of turns is decided before the game (lukas §1.b); turn 2 is under way"


def test_an_order_rolled_before_turn_1_leaves_turn_1_s_order_step_done() -> None:
    eng = engine()
    s = new(eng, first=None)
    s = eng.apply(s, decide(eng, s, "roll-order", (2, 5)))  # in set-up, before next-step starts turn 1
    events = decide(eng, s, "next-step")
    s = eng.apply(s, events)
    assert (s.turn, s.current_step.id) == (1, "order")
    assert "order" in s.ticked
    assert events[-1].text == "Done already: the order of turns was decided in set-up (lukas §1.b)"
