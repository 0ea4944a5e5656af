"""pz8 as flat typed actions (issue 15): every action a RuleAction whose `prepare` is the one place that
refuses, the initiative's and a collision's odds from their own exact outcome, the plugin one class; and the
forms' lists from trying `prepare` (issue 16): `activate` in a side's step lists only that side's ships."""

from __future__ import annotations

from fractions import Fraction as F

from test_pz8_support import Play, engine

from mstracker.game import Action
from mstracker.game.errors import InvalidAction
from mstracker.game.planner import Distances
from mstracker.game.plugin import RulesetPlugin
from mstracker.game.typed_action import Incomplete, RuleAction
from mstracker.tui.screens.planner import measured_words


def test_every_pz8_action_is_a_typed_action_of_a_one_class_plugin() -> None:
    plugin = engine().plugin
    kinds = [s.kind for s in plugin.action_specs()]
    assert kinds == ["activate", "move", "end-activation", "roll-initiative", "launch-torpedo", "add-asteroid",
                     "remove-asteroid", "asteroid-collision", "set-drift", "remove-torpedo", "fire", "fire-back",
                     "shoot-torpedo", "torpedo-attack"]  # the order the forms and `help` always listed
    assert all(isinstance(plugin.typed_action(k), RuleAction) for k in kinds)
    assert type(plugin).__mro__[1:] == (RulesetPlugin, *RulesetPlugin.__mro__[1:])  # no mixin groups


def test_prepare_refuses_what_the_engine_refuses() -> None:
    play = Play.sides(2, 2).start(5, 2)  # A has the initiative (5 against 2, pz8 §2)
    plugin, s = play.eng.plugin, play.state
    move = plugin.typed_action("move")
    try:
        move.prepare(s, {"ship": "A1", "mps": "F"})
    except InvalidAction as exc:
        refusal = str(exc)
    assert refusal == "Alpha 1 (#1) is not being activated: activate it first (activate 1)"
    assert play.refused("move", ship="A1", mps="F") == refusal
    again = plugin.typed_action("roll-initiative")
    assert play.refused("roll-initiative") == ("the initiative was already rolled this turn (A has it); undo to "
                                               "roll again")
    assert again.outcome(again.plan(s, {})) is not None  # its odds leave the "not now" out
    play.act("activate", ship="A1")
    assert isinstance(_raised(move, play.state, {"ship": "A1"}), Incomplete)  # the MPs are not typed yet
    assert "The first MP must move the ship forward" in str(_raised(move, play.state, {"ship": "A1", "mps": "L"}))


def _raised(action: RuleAction, state: object, args: dict) -> InvalidAction:
    try:
        action.prepare(state, args)  # type: ignore[arg-type]
    except InvalidAction as exc:
        return exc
    raise AssertionError("prepare did not refuse")


def test_the_initiative_and_a_collision_have_exact_typed_outcomes() -> None:
    play = Play.sides(3, 1, asteroids="1")
    play.act("next-step")
    roll = play.eng.plugin.typed_action("roll-initiative")
    dist = roll.outcome(roll.prepare(play.state, {}))
    # ties are rolled again: of the 30 pairs of D6 that are not a tie, each side is higher in 15 (pz8 §2)
    assert sorted((o.states, p) for o, p in dist.items()) == [
        ((("game", "A has the initiative"),), F(1, 2)), ((("game", "B has the initiative"),), F(1, 2))]
    play.act("roll-initiative", 5, 2)
    hit = play.eng.plugin.typed_action("asteroid-collision")
    (only, chance), = hit.outcome(hit.prepare(play.state, {"asteroid": "a1", "target": "B1"})).items()
    assert chance == 1 and only.destroyed == frozenset({play.ship("B1").id})  # no dice: destroyed (pz8 §6)
    odds = play.eng.action_odds(play.state, Action("asteroid-collision", {"asteroid": "a1", "target": "B1"}))
    assert (odds.p_hit, odds.outcomes, odds.p_destroy) == (None, {"destroyed": 1}, 1)


def test_activate_in_a_side_s_step_lists_only_that_side_s_ships() -> None:
    # pz8 §2: the sides alternate by their quota; in Bravo's step only Bravo's ships may be activated
    play = Play.sides(2, 2).start(5, 2)
    assert play.eng.legal_action(play.state, "activate").actors == (play.ship("A1").id, play.ship("A2").id)
    play.act("activate", ship="A1")
    play.act("move", ship="A1", mps="F")
    play.act("end-activation")
    legal = play.eng.legal_action(play.state, "activate", prefer=play.ship("A2").id)
    assert legal.allowed and legal.actors == (play.ship("B1").id, play.ship("B2").id)
    assert legal.actor == play.ship("B1").id  # A2 is not preselected: it is not Alpha's step


def test_the_planner_headline_lists_the_side_being_planned() -> None:
    play = Play.sides(2, 2).start(5, 2)
    s = play.state
    a1, b1, b2 = play.ship("A1"), play.ship("B1"), play.ship("B2")
    d = Distances().with_pair(a1.id, b1.id, 3).with_pair(b2.id, a1.id, 6).with_target(b1.id, 4)
    assert measured_words(s, d, 0) == f"Measured this turn: {a1.name} → {b1.name} 3 · all → {b1.name} 4"
    assert measured_words(s, d, 1) == f"Measured this turn: {b2.name} → {a1.name} 6"  # after `p`: Bravo's own
    assert measured_words(s, Distances().with_pair(a1.id, b1.id, 3), 1).startswith("Measured: nothing yet")
    # the ruleset's own word for a turn (cal plays rounds)
    assert measured_words(s, d, 1, "round") == f"Measured this round: {b2.name} → {a1.name} 6"
