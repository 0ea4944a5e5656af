"""The dice of every pz8 roll, declared before rolling (pz8 §2, §4, §5): what each die decides, for which
ship, on which table, which dice only follow a hit or a tie; the plan refuses what the engine refuses."""

from __future__ import annotations

import pytest
from test_pz8_support import Play

from mstracker.dice import TypedFaces
from mstracker.game import Action, InvalidAction
from mstracker.rulesets.pz8.initiative import MAX_INITIATIVE_ROLLS


def needs(play: Play, kind: str, **args: object) -> list[tuple[int, str, str | None, str, str]]:
    plan = play.eng.dice_plan(play.state, Action(kind, args))
    return [(n.sides, n.purpose, n.ship, n.table, n.when_text) for n in plan.needs]


def at_fire(**settings: object) -> Play:
    play = Play.sides(2, 2, **settings).start(5, 2)
    play.act("activate", ship="A1")
    return play


def test_a_shot_declares_the_to_hit_die_then_both_damage_rolls_on_a_hit() -> None:
    play = at_fire()
    # pz8 §4: 4-6 hexes needs 5+; on a hit the attacker rolls 2D6, then the target 2D6
    to_hit = (6, "to hit (5+ at 4-6 hex)", "1", "To-hit table (pz8 §4), 4-6 hex", "")
    attack = (6, "Alpha 1's damage roll (2D6)", "1", "Opposed damage roll (pz8 §4)", "on a hit")
    defence = (6, "Bravo 1's defence roll (2D6)", "3", "Opposed damage roll (pz8 §4)", "on a hit")
    assert needs(play, "fire", ship="A1", target="B1", distance=5) == [to_hit, attack, attack, defence, defence]
    plan = play.eng.dice_plan(play.state, Action("fire", {"ship": "A1", "target": "B1", "distance": 5}))
    assert plan.walk([4]).complete and plan.walk([4]).faces == (4, None, None, None, None)  # a miss: one die
    assert plan.walk([5]).next is plan.needs[1]  # a hit: the damage roll follows
    assert plan.walk([5, 6, 6, 1, 1]).complete and plan.most() == 5
    events = play.act("fire", 5, 6, 6, 1, 1, ship="A1", target="B1", distance=5)
    rolled = next(e for e in events if e.kind == "dice-rolled")
    assert [(r["purpose"], r["player"], r["faces"]) for r in rolled.data["rolls"]] == [
        ("to hit (5+ at 4-6 hex)", 0, [5]), ("Alpha 1's damage roll (2D6)", 0, [6, 6]),
        ("Bravo 1's defence roll (2D6)", 1, [1, 1])]


def test_a_damaged_ship_rolls_one_die_and_its_penalties_are_named() -> None:
    play = at_fire()
    play.act("set", target="A1", key="damaged", value="yes")
    play.act("set", target="B1", key="damaged", value="yes")
    # 1-3 hexes needs 4+, -1 for the Damaged firer: 5+; 1D6 against the Damaged target's 1D6 (pz8 §4)
    assert needs(play, "fire", ship="A1", target="B1", distance=2) == [
        (6, "to hit (5+ at 1-3 hex, Damaged -1)", "1", "To-hit table (pz8 §4), 1-3 hex", ""),
        (6, "Alpha 1's damage roll (1D6)", "1", "Opposed damage roll (pz8 §4)", "on a hit"),
        (6, "Bravo 1's defence roll (1D6)", "3", "Opposed damage roll (pz8 §4)", "on a hit"),
    ]
    # 7-9 hexes needs 6, -1 Damaged: no face hits, so no dice are declared: the shot is refused (pz8 §4)
    with pytest.raises(InvalidAction, match=r"no face reaches it \(pz8 §4\)"):
        needs(play, "fire", ship="A1", target="B1", distance=8)


def test_a_fire_back_declares_its_dice_against_the_attacker() -> None:
    play = at_fire()
    play.act("fire", 1, ship="A1", target="B1", distance=3)  # a miss: B1 may fire back (house default)
    # 1-3 hexes 4+, -1 for a fire-back: 5+; B1 2D6 against A1 2D6
    assert needs(play, "fire-back") == [
        (6, "to hit (5+ at 1-3 hex, Fire back -1)", "3", "To-hit table (pz8 §4), 1-3 hex", ""),
        (6, "Bravo 1's damage roll (2D6)", "3", "Opposed damage roll (pz8 §4)", "on a hit"),
        (6, "Bravo 1's damage roll (2D6)", "3", "Opposed damage roll (pz8 §4)", "on a hit"),
        (6, "Alpha 1's defence roll (2D6)", "1", "Opposed damage roll (pz8 §4)", "on a hit"),
        (6, "Alpha 1's defence roll (2D6)", "1", "Opposed damage roll (pz8 §4)", "on a hit"),
    ]
    assert needs(play, "fire-back") == needs(play, "fire", ship="B1", target="A1", fire_back=True)


def test_a_shot_at_torpedoes_is_one_die_and_a_torpedo_attack_two_rolls() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))
    play.act("activate", ship="B1")
    # 4-6 hexes needs 5+, -1 at Torpedoes: only a 6 (pz8 §5); no damage roll, a hit explodes the salvo
    assert needs(play, "shoot-torpedo", ship="B1", torpedo="t1", distance=4) == [
        (6, "to hit (6 at 4-6 hex, At Torpedoes -1)", "3", "To-hit table (pz8 §4), 4-6 hex", "")]
    play.act("end-activation")
    play.act("set", target="B2", key="damaged", value="yes")
    # the salvo's 2D6 (rolled by its owner, A) against the Damaged target's 1D6 (pz8 §5)
    assert needs(play, "torpedo-attack", torpedo="t1", target="B2") == [
        (6, "salvo t1's attack roll (2D6)", None, "Torpedo attack (pz8 §5)", ""),
        (6, "salvo t1's attack roll (2D6)", None, "Torpedo attack (pz8 §5)", ""),
        (6, "Bravo 2's defence roll (1D6)", "4", "Torpedo attack (pz8 §5)", ""),
    ]
    plan = play.eng.dice_plan(play.state, Action("torpedo-attack", {"torpedo": "t1", "target": "B2"}))
    assert [n.player for n in plan.needs] == [0, 0, None]  # None: the target ship's owner rolls


def test_the_initiative_declares_a_die_a_side_and_again_after_each_tie_up_to_the_bound() -> None:
    play = Play.sides(2, 2)
    play.act("next-step")
    plan = play.eng.dice_plan(play.state, Action("roll-initiative", {}))
    assert plan.most() == 2 * MAX_INITIATIVE_ROLLS == 20
    first = [(n.purpose, n.player, n.table, n.when_text) for n in plan.needs[:4]]
    assert first == [
        ("A's initiative D6", 0, "Initiative roll (pz8 §2)", ""),
        ("B's initiative D6", 1, "Initiative roll (pz8 §2)", ""),
        ("A's initiative D6 (roll-off 2)", 0, "Initiative roll (pz8 §2)", "if the roll-off before was a tie"),
        ("B's initiative D6 (roll-off 2)", 1, "Initiative roll (pz8 §2)", "if the roll-off before was a tie"),
    ]
    assert plan.needs[-1].when_text == ("if the roll-off before was a tie (after 10 ties in a row the roll is "
                                        "refused: roll it again)")
    assert plan.walk([5, 2]).complete  # decided at once: the other 18 dice are skipped
    assert plan.walk([3, 3]).next is plan.needs[2]
    assert plan.walk([3, 3, 2, 5]).complete
    ties = [4] * (2 * MAX_INITIATIVE_ROLLS)
    assert play.refused("roll-initiative", *ties) == ("The initiative tied 10 times in a row (ties are rolled "
                                                       "again, pz8 §2): roll the initiative again.")


@pytest.mark.parametrize(("kind", "args"), [
    ("fire", {"ship": "A2", "target": "B1", "distance": 2}),  # not the activated ship
    ("fire", {"ship": "A1", "target": "A2", "distance": 2}),  # own side
    ("fire", {"ship": "A1", "target": "B1", "distance": 10}),  # out of range
    ("fire", {"ship": "A1", "target": "B1"}),  # no distance
    ("fire-back", {}),  # nothing to answer
    ("shoot-torpedo", {"ship": "A1", "torpedo": "t9", "distance": 2}),
    ("torpedo-attack", {"torpedo": "t9", "target": "B1"}),
    ("roll-initiative", {}),  # already rolled
])
def test_the_plan_refuses_what_the_engine_refuses_with_the_same_words(kind: str, args: dict) -> None:
    play = at_fire()
    with pytest.raises(InvalidAction) as planned:
        play.eng.dice_plan(play.state, Action(kind, args))
    with pytest.raises(InvalidAction) as decided:
        play.eng.decide(play.state, Action(kind, args), TypedFaces([6, 6, 6, 6, 6]))
    assert str(planned.value) == str(decided.value)
