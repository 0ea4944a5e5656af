"""pz8 dice procedures: the RULES.md C7 worked examples (T-PZ8-1..14) with typed faces, and more."""

from __future__ import annotations

import itertools
import random
import tomllib
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mstracker.dice import FacesError, RngFaces, TypedFaces
from mstracker.paths import shipped_data_dir
from mstracker.rules import apply_house_rules
from mstracker.rulesets.pz8 import procedures as P
from mstracker.rulesets.pz8.model import Ruleset
from mstracker.rulesets.pz8.movement import check_move, parse_mps
from mstracker.store.catalog import book_ruleset


def house(**settings_: object) -> Ruleset:
    data = tomllib.loads((shipped_data_dir() / "rulesets" / "pz8.toml").read_text(encoding="utf-8"))
    loaded = apply_house_rules("pz8", data, "pz8.toml", {"settings": settings_}, "house.toml")
    assert loaded.house_rule_error is None
    return loaded.ruleset  # type: ignore[return-value]


# -- T-PZ8-1, T-PZ8-2: initiative and activation quota ---------------------------------------------


def test_t_pz8_1_six_against_three(pz8: Ruleset) -> None:
    res = P.roll_initiative(pz8, {"A": 6, "B": 3}, TypedFaces([5, 2]))
    assert res.outcome["winner"] == "A"
    assert res.outcome["quota"] == {"A": 2, "B": 1}
    assert res.outcome["steps"] == [["A", 2], ["B", 1], ["A", 2], ["B", 1], ["A", 2], ["B", 1]]
    assert [str(d) for d in res.dice] == ["d6=5", "d6=2"]


def test_t_pz8_2_nine_against_three_and_five_against_three(pz8: Ruleset) -> None:
    assert P.activation_quotas(pz8, {"A": 9, "B": 3}) == {"A": 3, "B": 1}
    assert P.activation_quotas(pz8, {"A": 5, "B": 3}) == {"A": 1, "B": 1}
    assert P.activation_quotas(pz8, {"A": 4, "B": 4}) == {"A": 1, "B": 1}
    # 5 vs 3: alternate one by one; once B is done, A activates its last two together.
    assert P.activation_steps(pz8, {"A": 5, "B": 3}, "B") == (("B", 1), ("A", 1), ("B", 1), ("A", 1), ("B", 1),
                                                                ("A", 3))


def test_activation_rounding_setting(pz8: Ruleset) -> None:
    assert P.activation_quota(house(activation_rounding="ceil"), 5, 3) == 2
    assert P.activation_quota(house(activation_rounding="round"), 5, 2) == 3  # 2.5 rounds up
    assert P.activation_quota(house(activation_rounding="round"), 4, 3) == 1
    assert P.activation_quota(pz8, 2, 5) == 1  # never below 1


def test_initiative_ties_are_rerolled(pz8: Ruleset) -> None:
    res = P.roll_initiative(pz8, {"Red": 3, "Blue": 3}, TypedFaces([4, 4, 1, 1, 2, 6]))
    assert res.outcome["winner"] == "Blue"
    assert res.outcome["rolls"] == [[4, 4], [1, 1], [2, 6]]
    assert "a tie, roll again" in res.steps[0].text
    assert len(res.dice) == 6


def test_initiative_odds_are_even(pz8: Ruleset) -> None:
    # Ties are rerolled, and the two sides are symmetric: 15/36 each of the 30/36 decided roll-offs.
    dist = P.initiative_distribution(pz8, {"Red": 6, "Blue": 3})
    assert dist["Red"] == dist["Blue"] == Fraction(1, 2)


def test_initiative_needs_two_sides_with_ships(pz8: Ruleset) -> None:
    with pytest.raises(ValueError, match="between two sides"):
        P.roll_initiative(pz8, {"A": 1}, TypedFaces([1]))
    with pytest.raises(ValueError, match="B has no Spaceships left"):
        P.roll_initiative(pz8, {"A": 3, "B": 0}, TypedFaces([1, 2]))


def test_typed_faces_that_run_out_say_so(pz8: Ruleset) -> None:
    with pytest.raises(FacesError, match="needed a d6"):
        P.roll_initiative(pz8, {"A": 2, "B": 2}, TypedFaces([3, 3]))


# -- T-PZ8-3: the Damaged state ---------------------------------------------------------------------


def test_t_pz8_3_damaged_ship(pz8: Ruleset) -> None:
    ship = pz8.spaceship
    assert ship.damaged_mps == 3
    assert check_move(pz8, "FFF", damaged=True).legal
    assert not check_move(pz8, "FFFF", damaged=True).legal
    assert P.to_hit_need(pz8, 2, damaged=True).modifier == -1
    # Attacker 9 (4+5) vs target 7 (3+4): +2 -> Damaged; the same against a Damaged target destroys it.
    first = P.roll_opposed_damage(pz8, TypedFaces([4, 5, 3, 4]))
    assert first.outcome["result"] == "damaged" and first.outcome["target_damaged"]
    second = P.roll_opposed_damage(pz8, TypedFaces([4, 5, 6]), target_damaged=True)
    assert second.outcome["diff"] == 3 and second.outcome["result"] == "destroyed"
    again = P.roll_opposed_damage(pz8, TypedFaces([4, 4, 6]), target_damaged=True)
    assert again.outcome["row"] == "Damaged" and again.outcome["result"] == "destroyed"
    assert "already Damaged" in again.steps[-1].text


# -- T-PZ8-4 .. 7: to-hit ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "face", "hit"),
    [(2, 4, True), (5, 4, False), (8, 6, True)],
)
def test_t_pz8_4_to_hit_bands(pz8: Ruleset, distance: int, face: int, hit: bool) -> None:
    res = P.roll_to_hit(pz8, TypedFaces([face]), distance=distance)
    assert res.outcome["hit"] is hit


def test_t_pz8_5_damaged_firer_at_8_rolls_6_and_misses(pz8: Ruleset) -> None:
    res = P.roll_to_hit(pz8, TypedFaces([6]), distance=8, damaged=True)
    assert (res.outcome["modified"], res.outcome["hit"]) == (5, False)
    assert "rolls 6, modified 5: miss (needs 6)" in res.steps[-1].text


def test_t_pz8_6_fire_back_at_3_rolls_4_and_misses(pz8: Ruleset) -> None:
    res = P.roll_to_hit(pz8, TypedFaces([4]), distance=3, fire_back=True)
    assert (res.outcome["modified"], res.outcome["hit"]) == (3, False)


def test_t_pz8_7_shooting_torpedoes_at_4(pz8: Ruleset) -> None:
    hit = P.resolve_shot_at_torpedoes(pz8, TypedFaces([6]), distance=4)
    assert hit.outcome["hit"] and hit.outcome["result"] == "exploded"
    assert not hit.outcome["fire_back_allowed"]
    assert len(hit.dice) == 1  # no damage roll
    miss = P.resolve_shot_at_torpedoes(pz8, TypedFaces([5]), distance=4)
    assert not miss.outcome["hit"] and miss.outcome["result"] == "none"
    # 4-6 hexes needs 5; -1 at torpedoes leaves only a 6: 1/6.
    dist = P.shot_at_torpedoes_distribution(pz8, distance=4)
    assert dict(dist.items()) == {"exploded": Fraction(1, 6), "none": Fraction(5, 6)}


def test_natural_six_setting(pz8: Ruleset) -> None:
    assert not P.roll_to_hit(pz8, TypedFaces([6]), distance=8, damaged=True).outcome["hit"]
    res = P.roll_to_hit(house(natural6_hits=True), TypedFaces([6]), distance=8, damaged=True)
    assert res.outcome["hit"] and "natural 6" in res.steps[-1].text


def test_distance_beyond_the_table_is_refused(pz8: Ruleset) -> None:
    with pytest.raises(ValueError, match="out of range: Spaceships fire 1 to 9 hexes"):
        P.roll_to_hit(pz8, TypedFaces([6]), distance=10)
    with pytest.raises(ValueError, match="whole number"):
        P.roll_to_hit(pz8, TypedFaces([6]), distance="far")  # type: ignore[arg-type]


# -- T-PZ8-8 .. 11, 14: the opposed damage roll ----------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "target_damaged", "diff", "result"),
    [
        ([4, 5, 3, 4], False, 2, "damaged"),  # T-PZ8-8: 9 vs 7
        ([5, 5, 3, 4], False, 3, "destroyed"),  # T-PZ8-9: 10 vs 7
        ([3, 4, 6], True, 1, "destroyed"),  # T-PZ8-10: 7 vs Damaged 6
        ([3, 3, 2, 4], False, 0, "none"),  # T-PZ8-11: 6 vs 6
        ([1, 4, 4, 5], False, -4, "none"),  # T-PZ8-11: 5 vs 9
    ],
)
def test_t_pz8_8_to_11_opposed_roll(pz8: Ruleset, faces: list[int], target_damaged: bool, diff: int,
                                    result: str) -> None:
    res = P.roll_opposed_damage(pz8, TypedFaces(faces), target_damaged=target_damaged)
    assert res.outcome["diff"] == diff
    assert res.outcome["result"] == result
    assert [d.face for d in res.dice] == faces


def test_damaged_attacker_rolls_one_die(pz8: Ruleset) -> None:
    res = P.roll_opposed_damage(pz8, TypedFaces([6, 1, 2]), attacker_damaged=True)
    assert (res.outcome["attacker_total"], res.outcome["target_total"], res.outcome["result"]) == (6, 3, "destroyed")


def test_t_pz8_14_torpedo_11_against_damaged_6(pz8: Ruleset) -> None:
    res = P.resolve_torpedo_attack(pz8, TypedFaces([5, 6, 6]), target_damaged=True)
    assert res.outcome["diff"] == 5 and res.outcome["result"] == "destroyed"
    assert res.outcome["hit"] and res.outcome["torpedo_removed"]
    texts = [s.text for s in res.steps]
    assert texts[0].endswith("an automatic hit.")
    assert "Torpedo salvo rolls 2D6: 5 + 6 = 11" in texts[1]
    assert "target (Damaged) rolls 1D6: 6" in texts[2]


# -- T-PZ8-12, 13: movement --------------------------------------------------------------------------


def test_t_pz8_12_first_mp_turning_is_illegal(pz8: Ruleset) -> None:
    check = check_move(pz8, ["left", "forward"])
    assert not check.legal
    assert check.problems == ("The first MP must move the ship forward one hex, not turn it.",)


def test_t_pz8_13_no_mp_is_illegal(pz8: Ruleset) -> None:
    check = check_move(pz8, "")
    assert not check.legal and "at least 1 MP" in check.problems[0]


def test_legal_moves_and_mp_limits(pz8: Ruleset) -> None:
    assert check_move(pz8, "F").legal
    ok = check_move(pz8, "F L F R F F")
    assert (ok.legal, ok.spent, ok.hexes, ok.turns, ok.allowed) == (True, 6, 4, 2, 6)
    too_many = check_move(pz8, "FFFFFFF")
    assert too_many.problems == ("A Spaceship has 6 MPs; this move spends 7.",)
    assert parse_mps("forward, right") == ("forward", "right")
    with pytest.raises(ValueError, match="'X' is not a move"):
        check_move(pz8, ["X"])


# -- full gun attacks and fire-back ----------------------------------------------------------------


def test_full_gun_attack_reads_every_face_in_order(pz8: Ruleset) -> None:
    res = P.resolve_gun_attack(pz8, TypedFaces([4, 4, 5, 3, 4]), distance=2)
    assert [d.face for d in res.dice] == [4, 4, 5, 3, 4]
    assert res.outcome["result"] == "damaged" and res.outcome["fire_back_allowed"]
    texts = [s.text for s in res.steps]
    assert texts == [
        "Distance 2 hexes (1-3 hex): the shot needs 4 or more on 1D6.",
        "To hit: 1D6 rolls 4: hit (needs 4).",
        "The attacker rolls 2D6: 4 + 5 = 9.",
        "The target rolls 2D6: 3 + 4 = 7.",
        "Difference 9 − 7 = +2: Damaged (MPs down to 3, to-hit penalty from now on).",
        "The target may fire back at once, at −1 to hit.",
    ]
    assert res.summary == "Hit: Damaged. The target may fire back."


def test_fire_back_rules(pz8: Ruleset) -> None:
    destroyed = P.resolve_gun_attack(pz8, TypedFaces([6, 6, 6, 1, 1]), distance=1)
    assert destroyed.outcome["result"] == "destroyed" and not destroyed.outcome["fire_back_allowed"]
    missed = P.resolve_gun_attack(pz8, TypedFaces([1]), distance=1)
    assert missed.outcome["fire_back_allowed"]  # fireback_on_miss = true
    assert not P.resolve_gun_attack(house(fireback_on_miss=False), TypedFaces([1]), distance=1).outcome[
        "fire_back_allowed"
    ]
    answer = P.resolve_gun_attack(pz8, TypedFaces([1]), distance=1, fire_back=True)
    assert not answer.outcome["fire_back_allowed"]  # fireback_chain = false
    chain = P.resolve_gun_attack(house(fireback_chain=True), TypedFaces([1]), distance=1, fire_back=True)
    assert chain.outcome["fire_back_allowed"]


def test_torpedoes_are_never_damaged(pz8: Ruleset) -> None:
    with pytest.raises(ValueError, match="never Damaged"):
        P.resolve_gun_attack(pz8, TypedFaces([6]), distance=1, at_torpedo=True, target_damaged=True)


# -- the rolled path and the distribution agree --------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"distance": 2},
        {"distance": 5, "damaged": True, "target_damaged": True},
        {"distance": 3, "fire_back": True, "target_damaged": True},
    ],
)
def test_every_face_combination_matches_the_distribution(pz8: Ruleset, kwargs: dict) -> None:
    """Resolve the attack for every sequence of faces (unused trailing faces are ignored, so each
    sequence is equally likely); the counts divided by 6**n are the distribution."""
    n_att = 1 if kwargs.get("damaged") else 2
    n_tgt = 1 if kwargs.get("target_damaged") else 2
    counts: Counter[str] = Counter()
    for faces in itertools.product(range(1, 7), repeat=1 + n_att + n_tgt):
        counts[P.resolve_gun_attack(pz8, TypedFaces(faces), **kwargs).outcome["result"]] += 1
    dist = P.gun_attack_distribution(pz8, **kwargs)
    total = sum(counts.values())
    assert {k: Fraction(v, total) for k, v in counts.items()} == dict(dist.items())


def test_typed_faces_give_the_same_resolution_as_a_seeded_rng(pz8: Ruleset) -> None:
    for seed in range(20):
        rng_faces = RngFaces(random.Random(seed))
        rolled = P.resolve_gun_attack(pz8, rng_faces, distance=4, target_damaged=seed % 2 == 0)
        typed = P.resolve_gun_attack(pz8, TypedFaces([d.face for d in rng_faces.drawn]), distance=4,
                                     target_damaged=seed % 2 == 0)
        assert typed == rolled
    rng_faces = RngFaces(random.Random(7))
    ini = P.roll_initiative(pz8, {"A": 6, "B": 3}, rng_faces)
    assert P.roll_initiative(pz8, {"A": 6, "B": 3}, TypedFaces([d.face for d in rng_faces.drawn])) == ini


@settings(max_examples=60, deadline=None)
@given(
    distance=st.integers(1, 9),
    damaged=st.booleans(),
    target_damaged=st.booleans(),
    fire_back=st.booleans(),
    seed=st.integers(0, 10_000),
)
def test_rolled_results_are_possible_outcomes(distance: int, damaged: bool, target_damaged: bool, fire_back: bool,
                                              seed: int) -> None:
    pz8 = book_ruleset("pz8")
    kwargs = {"distance": distance, "damaged": damaged, "target_damaged": target_damaged, "fire_back": fire_back}
    res = P.resolve_gun_attack(pz8, RngFaces(random.Random(seed)), **kwargs)  # type: ignore[arg-type]
    dist = P.gun_attack_distribution(pz8, **kwargs)  # type: ignore[arg-type]
    assert res.outcome["result"] in dist
    assert sum(p for _, p in dist.items()) == 1
    assert all(step.text for step in res.steps)
