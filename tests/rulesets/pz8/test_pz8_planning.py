"""Planning fire in pz8: a planned shot and its distance (pz8 §4 to-hit bands, fire-back), a target's damage
state under shots made one after another (pz8 §4), and the figures of one shot equal to `mstracker odds pz8`.

From the book (pz8 §4): 1-3 hexes hit on 4-6 (1/2), 4-6 hexes on 5-6 (1/3); on a hit, 2D6 against the target's
2D6 (1D6 if Damaged): +1 or +2 Damages (a Damaged target is Destroyed), +3 or more Destroys.
2D6 against 2D6: +3 or more in 310 of 1296 (155/648), +1 or +2 in 265/1296. 2D6 against 1D6: the attacker is
higher in 181 of 216 (for a D6 of t, 2D6 <= t in 0, 1, 3, 6, 10, 15 of 36 ways: 35 of 216 in all).
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from test_pz8_support import Play

from mstracker.cli import main
from mstracker.dice import Distribution
from mstracker.game import Action, InvalidAction
from mstracker.game.outcomes import fold
from mstracker.rules.contract import DistanceUse

KILL = F(1, 2) * F(155, 648)  # at 1-3 hexes, an Undamaged target: 155/1296
DAMAGE = F(1, 2) * F(265, 1296)  # 265/2592
FINISH = F(1, 2) * F(181, 216)  # at 1-3 hexes, a Damaged target: 181/432


def shot(play: Play, ship: str, target: str, distance: int | None = 2) -> tuple[str, dict]:
    s = play.state
    planned = play.eng.plugin.plan_shot(s, s.find_ship(ship), "w1", s.find_ship(target), distance)
    assert planned is not None and not planned.refused, planned
    return planned.kind, dict(planned.args)


def outcome(play: Play, target: str, *shots: tuple[str, dict]) -> Distribution:
    """What the shots do together, one after another (focus fire: each typed shot's outcome, folded)."""
    s, plugin = play.state, play.eng.plugin
    steps = [(plugin.typed_action(kind), plugin.typed_action(kind).plan(s, args)) for kind, args in shots]
    return fold(steps, play.ship(target).id)


def after(play: Play, target: str, *shots: tuple[str, dict]) -> Distribution:
    """The target's damage state after the shots, one after another."""
    ship = play.ship(target)
    start = "damaged" if ship.get("damaged") else "undamaged"
    return outcome(play, target, *shots).map(lambda o: o.state_of(ship.id) or start)


def kill(play: Play, target: str, *shots: tuple[str, dict]) -> F:
    ship = play.ship(target)
    return outcome(play, target, *shots).probability(lambda o: ship.id in o.destroyed)


def test_one_shot_at_an_undamaged_ship_and_at_a_damaged_one() -> None:
    play = Play.sides(3, 2).start(5, 2)
    play.act("activate", ship="A1")
    assert kill(play, "B1", shot(play, "A1", "B1")) == F(155, 1296)  # 1/2 * 310/1296
    assert after(play, "B1", shot(play, "A1", "B1")) == Distribution(
        {"destroyed": KILL, "damaged": DAMAGE, "undamaged": 1 - KILL - DAMAGE})
    play.act("set", target="B1", key="damaged", value="yes")
    assert kill(play, "B1", shot(play, "A1", "B1")) == F(181, 432)  # 1/2 * 181/216: any win destroys it
    assert kill(play, "B1", shot(play, "A1", "B1", 5)) == F(181, 648)  # 4-6 hexes: 1/3 * 181/216


def test_the_second_shot_rolls_against_the_damage_the_first_left() -> None:
    play = Play.sides(3, 2).start(5, 2)
    play.act("activate", ship="A1")
    # The first shot destroys (155/1296), Damages (265/2592) or leaves B1 as it was; a Damaged B1 rolls one D6
    # against the next shot, which then destroys it 181/432 of the time:
    # 155/1296 + 265/2592 * 181/432 + (1 - 155/1296 - 265/2592) * 155/1296 = 429145/1679616
    two = (shot(play, "A1", "B1"), shot(play, "A2", "B1"))
    assert kill(play, "B1", *two) == F(429145, 1679616)
    assert 1 - (1 - KILL) ** 2 == F(377735, 1679616)  # two independent kill chances would undercount


def test_three_shots_one_after_another() -> None:
    play = Play.sides(3, 2).start(5, 2)
    play.act("activate", ship="A1")
    # a = 155/1296 (Undamaged -> Destroyed), b = 265/2592 (-> Damaged), u = 1 - a - b, c = 181/432 (Damaged ->
    # Destroyed). Still Undamaged after three: u^3; Damaged: b(1-c)^2 + u b (1-c) + u^2 b. Destroyed: the rest,
    # 1 - u^3 - b(1-c)^2 - u b (1-c) - u^2 b = 105069205/272097792.
    three = (shot(play, "A1", "B1"), shot(play, "A2", "B1"), shot(play, "A3", "B1"))
    assert kill(play, "B1", *three) == F(105069205, 272097792)
    taken = outcome(play, "B1", *three).map(lambda o: o.damage_to(play.ship("B1").id) or 0)
    assert set(taken.outcomes) == {0, 1, 2}  # damage steps: none, Damaged, Destroyed


def test_the_distance_sets_the_to_hit_number_and_nothing_reaches_past_9_hexes() -> None:
    play = Play.sides(3, 2).start(5, 2)
    play.act("activate", ship="A1")
    s, plugin = play.state, play.eng.plugin
    a1, b1 = play.ship("A1"), play.ship("B1")
    unknown = plugin.plan_shot(s, a1, "w1", b1, None)
    assert (unknown.kind, dict(unknown.args), unknown.distance, unknown.unit, unknown.refused) == (
        "fire", {"ship": a1.id, "target": b1.id}, DistanceUse.ODDS, "hexes", "")
    with pytest.raises(InvalidAction, match="distance needed: pz8 §4"):  # unknown, not guessed
        plugin.typed_action(unknown.kind).plan(s, dict(unknown.args))
    assert play.eng.action_odds(s, Action(unknown.kind, dict(unknown.args))) is None
    assert plugin.plan_shot(s, a1, "w1", b1, 9).refused == ""
    beyond = plugin.plan_shot(s, a1, "w1", b1, 10)
    assert "out of range: Spaceships fire 1 to 9 hexes" in beyond.refused and "pz8 §4" in beyond.refused
    assert plugin.plan_shot(s, a1, "w2", b1, 3) is None  # the Torpedo salvo is launched, not fired (pz8 §5)


def test_who_may_fire_this_turn_and_the_fire_back() -> None:
    play = Play.sides(3, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("fire", 1, ship="A1", target="B1", distance=5)  # a miss; B1 may fire back at A1
    s, plugin = play.state, play.eng.plugin
    assert "already fired" in plugin.plan_shot(s, play.ship("A1"), "w1", play.ship("B2"), 2).refused
    back = plugin.plan_shot(s, play.ship("B1"), "w1", play.ship("A1"), None)
    assert (back.kind, dict(back.args), back.refused) == ("fire-back", {"ship": play.ship("B1").id, "distance": 5}, "")
    # 4-6 hexes needs 5, -1 for the fire-back: only a 6; then 2D6 against 2D6
    assert kill(play, "A1", (back.kind, dict(back.args))) == F(1, 6) * F(155, 648)
    later = plugin.plan_shot(s, play.ship("B1"), "w1", play.ship("A2"), 3)  # B1's own activation is still to come
    assert later.kind == "fire" and later.refused == ""
    play.act("end-activation")
    assert "has had its activation this turn" in plugin.plan_shot(
        play.state, play.ship("A1"), "w1", play.ship("B2"), 2).refused


@pytest.mark.parametrize(("damaged", "distance", "flags"), [(False, 2, []), (True, 5, ["--target-damaged"])])
def test_one_shot_has_the_figures_of_the_odds_command(damaged: bool, distance: int, flags: list[str],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    if damaged:
        play.act("set", target="B1", key="damaged", value="yes")
    kind, args = shot(play, "A1", "B1", distance)
    odds = play.eng.action_odds(play.state, Action(kind, args))
    assert main(["odds", "pz8", "--distance", str(distance), *flags, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    start = "damaged" if damaged else "undamaged"
    moved: dict[str, float] = {}
    for result, p in printed["outcomes"].items():
        key = start if result == "none" else result
        moved[key] = moved.get(key, 0.0) + p
    assert {c: float(p) for c, p in after(play, "B1", (kind, args)).items()} == pytest.approx(
        {k: v for k, v in moved.items() if v})
    assert kill(play, "B1", (kind, args)) == odds.p_destroy and float(odds.p_destroy) == pytest.approx(printed["p_destroy"])
    assert printed["p_hit"] == pytest.approx(float(odds.p_hit))


def test_the_fire_back_row_takes_the_distance_of_the_shot_it_answers() -> None:
    # pz8 §4: B1 answers A1's shot from 5 hexes; nobody measured again. 4-6 hexes needs 5, -1 for the
    # fire-back: only a 6 (1/6); then 2D6 against 2D6: +3 or more destroys (155/648).
    from mstracker.game.planner import Distances, Measured, fire_plan

    play = Play.sides(3, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("fire", 1, ship="A1", target="B1", distance=5)  # a miss
    rows = fire_plan(play.eng, play.state, Distances(), player=1, ship=play.ship("B1").id)
    back = next(r for r in rows if r.shot.kind == "fire-back")
    assert (back.distance, back.measured, back.known) == (5, Measured.SHOT, True)
    assert back.p_destroy == F(1, 6) * F(155, 648)
    assert back.p_hit == play.eng.action_odds(play.state, back.action()).p_hit == F(1, 6)


def test_focus_fire_plans_the_ships_still_to_activate_this_turn() -> None:
    # pz8 §2: every ship of a side fires this turn, each in its activation. A1 is activated, A2 still waits:
    # both at 1-3 hexes on an Undamaged B1. The first shot leaves it Destroyed (KILL), Damaged (DAMAGE) or
    # Undamaged; the second finishes a Damaged one with FINISH and kills an Undamaged one with KILL.
    from mstracker.game.planner import Distances, fire_plan
    from mstracker.game.planner_focus import focus_fire

    play = Play.sides(3, 2).start(5, 2)
    play.act("activate", ship="A1")
    s, a1, a2, b1 = play.state, play.ship("A1"), play.ship("A2"), play.ship("B1")
    near = Distances().with_target(b1.id, 2)
    focus = focus_fire(play.eng, s, b1.id, [(a1.id, "w1"), (a2.id, "w1")], near)
    assert focus.p_destroy == KILL + DAMAGE * FINISH + (1 - KILL - DAMAGE) * KILL
    waiting = next(r for r in fire_plan(play.eng, s, near, target=b1.id) if r.ship == a2.id)
    assert "still to come this turn (pz8 §2)" in waiting.shot.later and waiting.p_destroy == KILL
    play.act("end-activation")  # A1's activation is over: it fires no more this turn
    with pytest.raises(InvalidAction, match=r"its activation is over; fires again in its next activation \(pz8 §2\)"):
        focus_fire(play.eng, play.state, b1.id, [(a1.id, "w1"), (a2.id, "w1")], near)
