"""No cal attack without the measurement the rules need (issue 15 item 7). Weapons fire (cal §Weapons): beyond
half its range a projectile needs 1 more to hit and a beam deals half, so the distance changes the result
and a fire without it is refused. Point defence (cal §Point Defenses) reaches 2 hexes and nothing else
depends on the distance, so it takes the hexes measured or an explicit "in range" the log keeps."""

from __future__ import annotations

from fractions import Fraction as F

from test_cal_actions import game, launched

from mstracker.dice import Distribution, TypedFaces
from mstracker.game import Action
from mstracker.testing import face_combinations


def at_point_defence():  # noqa: ANN201
    g = game()
    token = launched(g, "CV-1", "Bomber ready, Bomber ready, Bomber ready", "bomber")  # o1, Blue's 3 bombers
    g.next_round()
    g.to("gunnery", "point_defence")
    return g, token


def test_a_fire_without_its_distance_is_refused_for_the_range_band_it_decides() -> None:
    g = game()
    g.to("gunnery", "weapons")
    assert g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1") == (
        "distance needed: cal §Weapons (beyond half its range a projectile needs 1 more to hit and a beam deals "
        "half); type the hexes to the target, measured on the table")


def test_point_defence_needs_the_hexes_or_in_range_and_the_log_says_which() -> None:
    g, token = at_point_defence()
    assert g.refused("point-defence", 6, ship="FFAA-1", token=token) == (
        "distance needed: cal §Point Defenses (the weapon reaches 2 hexes); type the distance measured on the "
        "table, or tick “in range” when it plainly is")
    measured = g.text("point-defence", 6, ship="FFAA-1", token=token, shots=1, distance=2)
    assert ", at 2 hexes. " in measured
    plain = g.text("point-defence", 6, ship="FFAA-1", token=token, shots=1, in_range=True)
    assert ", in range (not measured). " in plain
    assert g.state.extra["ordnance"][0]["units"] == 1  # each 6 removed one bomber (cal §Point Defenses)


def test_point_defence_outcome_is_what_every_face_combination_removes_capped_at_the_units() -> None:
    """cal §Point Defenses: each shot that reaches the Point Defence target (pd_target 4, a house default) on
    d6 + Crew removes one unit at once. FFAA-1 (Crew 0) fires 3 shots at o1 (3 Bombers, after one is removed: 2)."""
    g, token = at_point_defence()
    pd = g.eng.plugin.typed_action("point-defence")
    args = {"ship": g.ship("FFAA-1").id, "token": token, "shots": 2, "in_range": True}
    p = pd.prepare(g.state, args)
    seen: dict = {}
    for faces, chance in face_combinations(pd.dice(p)):
        events = g.eng.decide(g.state, Action("point-defence", args), TypedFaces(faces))
        found = pd.observed(p, g.state, events, g.eng.apply(g.state, events))
        seen[found] = seen.get(found, F(0)) + chance
    assert pd.outcome(p) == Distribution.from_weights(seen)
    # 2 shots at 1/2 each: 0, 1, 2 units removed with 1/4, 1/2, 1/4
    odds = g.eng.action_odds(g.state, Action("point-defence", {k: v for k, v in args.items() if k != "in_range"}))
    assert odds.p_hit == F(1, 2) and odds.hit_label == "Each shot hits"  # shown before the reach is said
    assert odds.outcomes == {"0 units removed": F(1, 4), "1 unit removed": F(1, 2), "2 units removed": F(1, 4)}
    g.act("point-defence", 6, 6, ship="FFAA-1", token=token, shots=2, distance=1)  # 3 -> 1 bomber
    # another ship may shoot it as often as it had units when point defence began (3), but only 1 is left:
    # its 2 shots (Point 2 a round) remove it unless both miss (1/4); no count past the one unit
    other = next(s for s in g.state.ships.values() if s.owner == g.ship("FFAA-1").owner and s.id != g.ship("FFAA-1").id
                 and any(i.name == "Point" for i in s.items))
    last = g.eng.action_odds(g.state, Action("point-defence", {"ship": other.id, "token": token, "shots": 2}))
    assert last.outcomes == {"0 units removed": F(1, 4), f"every unit of {token} removed": F(3, 4)}
