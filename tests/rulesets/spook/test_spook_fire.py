"""spook fire as a typed action (fire.py): its outcome is the one answer the dialog's odds, the planner's row
and focus fire read, capped at the armor left (spook §4 Armor), and the reach is asked before the roll
(spook §3 B2). Figures from the book: Ion Beam (§5 E3) 100 damage, accuracy 4; Torpedo Launcher (§5 D2)
35, accuracy 6; a Frigate has agility 5 and 200 armor; Accuracy d12 (§5): 1-5 miss, 6-10 half, 11 full,
12 a miss with friendly fire."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from test_spook_combat import battle as combat_battle
from test_spook_support import Play, roster, ship

from mstracker.game import Action
from mstracker.game.outcomes import odds_of
from mstracker.game.planner import Distances
from mstracker.game.planner_focus import focus_fire
from mstracker.game.typed_action import Incomplete
from mstracker.testing import Offered, Situation, typed_outcomes


def battle() -> Play:
    blue = roster("Blue", ship("Lance", "Frigate", ("Ion Beam", "Torpedo Launcher")),  # 1
                  ship("Pike", "Frigate", ("Ion Beam",)))  # 2
    red = roster("Red", ship("Picket", "Frigate", ("Mass Driver Turret",), ("Flare Launcher",)),  # 3
                 ship("Hulk", "Frigate", ("Mass Driver Turret",)))  # 4
    g = Play([blue, red])
    g.start()
    g.to_step("fire")
    return g


def test_the_dialog_s_figures_are_the_outcome_s() -> None:
    g = battle()
    fire = g.eng.plugin.typed_action("fire")
    g.act("set", target="Hulk", key="armor", value="40")
    for weapon, target in (("w1", "3"), ("w2", "3"), ("w1", "4"), ("w2", "4")):
        args = {"ship": "1", "weapon": weapon, "target": target}
        p = fire.plan(g.s, args)
        generic = odds_of(fire.outcome(p), fire.odds_words(p))
        shown = g.eng.action_odds(g.s, Action("fire", args))
        assert (shown.p_hit, shown.expected_damage, shown.p_destroy) == (
            generic.p_hit, generic.expected_damage, generic.p_destroy), (weapon, target)
        assert shown.extra["p_friendly_fire"] == generic.extra["p_friendly_fire"]
    # Ion Beam at Hulk's 40 armor: half (50) and full (100) both take the 40 left: 6/12 x 40 = 20, not 350/12
    beam = g.eng.action_odds(g.s, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}))
    assert (beam.expected_damage, beam.p_destroy) == (F(20), F(1, 2))


def test_a_named_ally_takes_the_d12_of_12_in_the_outcome() -> None:
    g = battle()
    fire = g.eng.plugin.typed_action("fire")
    p = fire.plan(g.s, {"ship": "1", "weapon": "w1", "target": "4", "ally": "2"})
    twelve = fire.outcome(p).probability(lambda o: o.damage_to("2") == 100)  # the full 100 on a 12 (§5 Accuracy)
    assert twelve == F(1, 12)
    assert fire.outcome(p).probability(lambda o: "friendly_fire" in o.marks) == 0  # settled: no friendly-fire left
    unnamed = fire.plan(g.s, {"ship": "1", "weapon": "w1", "target": "4"})
    assert fire.outcome(unnamed).probability(lambda o: "friendly_fire" in o.marks) == F(1, 12)


def test_two_beams_on_a_damaged_frigate_never_deal_more_than_it_has() -> None:
    # Hulk at 60 armor: each beam deals 0 (6/12), 50 (5/12) or 100 (1/12); together min(a + b, 60)
    g = battle()
    g.act("set", target="Hulk", key="armor", value="60")
    focus = focus_fire(g.eng, g.s, "4", [("1", "w1"), ("2", "w1")], Distances().with_target("4", 5))
    beam = {0: F(6, 12), 50: F(5, 12), 100: F(1, 12)}
    together: dict[int, F] = {}
    for a, pa in beam.items():
        for b, pb in beam.items():
            together[min(a + b, 60)] = together.get(min(a + b, 60), F(0)) + pa * pb
    assert dict(focus.damage.items()) == together
    assert focus.damage.max == 60 and focus.p_destroy == together[60]


def test_prepare_asks_for_the_reach_the_plan_does_not() -> None:
    g = battle()
    fire = g.eng.plugin.typed_action("fire")
    args = {"ship": "1", "weapon": "w1", "target": "3"}
    with pytest.raises(Incomplete) as blank:
        fire.prepare(g.s, args)
    assert blank.value.arg == "distance" and "spook §3 B2" in str(blank.value)
    assert fire.plan(g.s, args).reach is None  # the planner's row and the odds need no distance
    assert fire.prepare(g.s, {**args, "in_range": True}).reach == "in range (not measured)"
    assert fire.prepare(g.s, {**args, "distance": 7}).reach == "at 7 units"
    with pytest.raises(Incomplete) as nothing:
        fire.prepare(g.s, {"ship": "1", "weapon": "w1"})
    assert nothing.value.arg == "target"


def test_the_engine_refuses_a_fire_with_no_measurement_and_logs_the_reach_said() -> None:
    # issue 15: `fire ship=1 weapon=w1 target=3` with the distance blank was once applied; the range decides
    # the reach (spook §3 B2), so the order is refused until a distance or an explicit "in range" is given
    g = battle()
    why = g.refused("fire", ship="1", weapon="w1", target="3")
    assert "spook §3 B2" in why and "distance" in why
    events = g.act("fire", 11, ship="1", weapon="w1", target="3", in_range=True)
    assert "in range (not measured)" in events[0].text and events[0].data["reach"] == "in range (not measured)"


def test_a_fire_logs_what_it_always_logged() -> None:
    # Ion Beam at Picket, d12 11: full damage 100; Picket's flare launcher answers missiles only (§6 B1)
    g = battle()
    events = g.act("fire", 11, ship="Lance", weapon="w1", target="Picket", distance=6)
    story = events[0]
    assert (story.kind, story.data["ship"], story.data["item"], story.data["target"], story.data["reach"]) == (
        "fired", "1", "w1", "3", "at 6 units")
    assert story.data["outcome"]["damage"] == 100 and g.rec("Picket", "armor") == 100
    assert set(story.data) == {"ship", "item", "target", "reach", "dice", "outcome"}


def every_face(g: Play, kind: str, **args: object) -> tuple[object, object]:
    """(the typed outcome, what deciding every face combination of its declared dice did), by the kit."""
    action = Action(kind, args)
    pair = typed_outcomes(Situation("spook", g.eng, g.s, {}), Offered(action, g.eng.action_spec(kind)))
    assert pair is not None, action
    return pair


def test_fire_s_outcome_is_what_every_face_does_with_flares_and_a_named_ally() -> None:
    g = combat_battle()
    # Cluster Torpedo Launcher of Maul at Ox, two flare launchers answering (§6 B1); Gattling at Hawk with
    # Lance named for a d12 of 12 (§5 Accuracy); Ion Beam at Gnats' 70 armor, capped
    for args in ({"ship": "Maul", "weapon": "w2", "target": "Ox"},
                 {"ship": "Maul", "weapon": "w1", "target": "Hawk", "ally": "Lance"},
                 {"ship": "Lance", "weapon": "w1", "target": "Gnats"}):
        promised, decided = every_face(g, "fire", in_range=True, **args)
        assert promised == decided, args


def test_cross_mines_outcome_is_what_every_face_does_and_is_capped() -> None:
    g = combat_battle()
    g.act("lay-mines", ship="Sower", count=6)
    g.end_turn()
    promised, decided = every_face(g, "cross-mines", ship="Hawk", count=3)
    assert promised == decided
    # §7 A1: a d8 each, 1-3 avoided (the mine stays), 4-7 half of 200, 8 the full 200; Gnats has 70 armor
    promised, decided = every_face(g, "cross-mines", ship="Gnats", count=1)
    assert promised == decided
    assert dict(promised.map(lambda o: o.damage_to("11")).items()) == {0: F(3, 8), 70: F(5, 8)}
    odds = g.eng.action_odds(g.s, Action("cross-mines", {"ship": "Gnats", "count": 1}))
    assert (odds.expected_damage, odds.p_destroy) == (F(350, 8), F(5, 8))
