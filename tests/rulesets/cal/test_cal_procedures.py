"""cal dice procedures against the book's worked examples (RULES.md D7), with faces fixed."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import icepool
import pytest

from mstracker.dice import FacesError, RngFaces, TypedFaces
from mstracker.rulesets.cal.model import CAPITAL, ESCORT, Ruleset
from mstracker.rulesets.cal.procedures import (
    boarder_distribution,
    damage_check,
    damage_control_distribution,
    damage_distribution,
    damage_phase_total,
    damage_thresholds,
    fire_damage_applies,
    fire_roll_distribution,
    gunnery_distribution,
    intercept_distribution,
    point_defence_distribution,
    ram_happens,
    rally_distribution,
    ready_delay,
    resolve_boarders,
    resolve_damage,
    resolve_damage_control,
    resolve_fire_roll,
    resolve_gunnery,
    resolve_intercept,
    resolve_point_defence,
    resolve_rally,
    resolve_ram,
    table_distribution,
    track_label,
    track_square,
)
from test_cal_helpers import with_setting


# -- D7.1 gunnery example: Heavy Cruiser (Capital, SS 60, Beam 8/8) vs Corvette (Escort, SS 20) ------


def test_g1_cruiser_beams_at_7_hexes_long_range_one_hit_of_two(cal: Ruleset) -> None:
    res = resolve_gunnery(cal, "Heavy Cruiser", "beam", "Corvette", 7, TypedFaces([4, 2]))
    assert res.outcome["band"] == "long" and res.outcome["target_number"] == 4
    assert res.outcome["hits"] == [True, False] and res.outcome["damage"] == 4
    assert [d.face for d in res.dice] == [4, 2]
    assert "8 halved" in res.steps[0].text and "records 4 damage" in res.summary


def test_g2_corvette_projectile_at_7_hexes_needs_4_and_misses_on_3(cal: Ruleset) -> None:
    res = resolve_gunnery(cal, "K", "projectile", "CA", 7, TypedFaces([3]))
    assert (res.outcome["band"], res.outcome["target_number"], res.outcome["damage"]) == ("long", 4, 0)
    assert res.outcome["rolls"] == [3]  # an escort fires once


def test_g3_corvette_beam_out_of_range_cannot_fire(cal: Ruleset) -> None:
    with pytest.raises(ValueError, match="cannot fire at 7 hexes: its maximum range is 6"):
        resolve_gunnery(cal, "Corvette", "beam", "Heavy Cruiser", 7, TypedFaces([6]))


def test_g4_cruiser_beams_at_4_hexes_short_range_full_damage(cal: Ruleset) -> None:
    res = resolve_gunnery(cal, "CA", "beam", "K", 4, TypedFaces([2, 6]))
    assert (res.outcome["band"], res.outcome["target_number"]) == ("short", 4)
    assert res.outcome["hits"] == [False, True] and res.outcome["damage"] == 8


def test_g5_g6_corvette_hits_cruiser_twice_for_4(cal: Ruleset) -> None:
    g5 = resolve_gunnery(cal, "K", "projectile", "CA", 4, TypedFaces([4]))
    g6 = resolve_gunnery(cal, "K", "beam", "CA", 4, TypedFaces([5]))
    assert (g5.outcome["band"], g5.outcome["target_number"], g5.outcome["damage"]) == ("short", 3, 2)
    assert (g6.outcome["band"], g6.outcome["target_number"], g6.outcome["damage"]) == ("long", 3, 2)
    assert g5.outcome["damage"] + g6.outcome["damage"] == 4


def test_gunnery_example_damage_phases(cal: Ruleset) -> None:
    # Turn 1: K takes 4 from SS 20 (minor from 5): nothing. Turn 2: 8 from SS 16.
    assert damage_check(cal, 20, 4) == "none"
    assert damage_thresholds(cal, 16) == (4, 8) and damage_check(cal, 16, 8) == "major"
    strict = with_setting(cal, "threshold", "strict")
    assert damage_thresholds(strict, 16) == (5, 9) and damage_check(strict, 16, 8) == "minor"
    assert damage_check(cal, 60, 4) == "none"  # the cruiser's 4 against minor 15


def test_crew_modifies_targeting_and_too_many_shots_are_refused(cal: Ruleset) -> None:
    res = resolve_gunnery(cal, "CA", "beam", "K", 4, TypedFaces([3, 3]), crew=1)
    assert res.outcome["hits"] == [True, True]
    with pytest.raises(ValueError, match="at most 1 time a round"):
        resolve_gunnery(cal, "K", "beam", "CA", 2, TypedFaces([3, 3]), shots=2)
    with pytest.raises(ValueError, match="has no beam weapon"):
        resolve_gunnery(cal, "BB", "beam", "K", 2, TypedFaces([3]))


def test_sensors_offline_cuts_range_to_one(cal: Ruleset) -> None:
    with pytest.raises(ValueError, match="maximum range is 1 \\(Sensors Offline\\)"):
        resolve_gunnery(cal, "CA", "beam", "K", 2, TypedFaces([6, 6]), sensors_offline=True)
    res = resolve_gunnery(cal, "CA", "beam", "K", 1, TypedFaces([6, 6]), sensors_offline=True)
    assert res.outcome["band"] == "long" and res.outcome["damage"] == 8


# -- D7.2 Destroyer damage example (SS 35) ------------------------------------------------------------


def test_destroyer_round_1_bomber_6_no_roll(cal: Ruleset) -> None:
    res = resolve_damage(cal, 35, 6, TypedFaces([]), unit=ESCORT)
    assert (res.outcome["minor_threshold"], res.outcome["major_threshold"]) == (9, 18)
    assert res.outcome["ss_after"] == 29 and res.outcome["check"] == "none" and res.dice == ()


def test_destroyer_round_2_minor_roll_7_is_sparks_and_smoke(cal: Ruleset) -> None:
    # The book's text says "a roll of 6 (Sparks and Smoke)", but its table gives 7; the table rules.
    res = resolve_damage(cal, 29, 8, TypedFaces([3, 4]), unit=ESCORT)
    assert (res.outcome["minor_threshold"], res.outcome["major_threshold"]) == (8, 15)
    assert res.outcome["ss_after"] == 21 and res.outcome["check"] == "minor"
    assert res.outcome["effects"] == ["sparks_and_smoke"] and res.outcome["crew"] == -1
    assert resolve_damage(cal, 29, 8, TypedFaces([3, 3]), unit=ESCORT).outcome["effects"] == ["fire"]


def test_destroyer_round_3_major_roll_9_engines_offline(cal: Ruleset) -> None:
    res = resolve_damage(cal, 21, 16, TypedFaces([4, 5]), unit=ESCORT)
    assert (res.outcome["minor_threshold"], res.outcome["major_threshold"]) == (6, 11)
    assert res.outcome["ss_after"] == 5 and res.outcome["check"] == "major"
    assert res.outcome["effects"] == ["engines_offline"] and res.outcome["fire"] == 1
    assert res.outcome["statuses"] == ["engines_offline"] and not res.outcome["destroyed"]


def test_destroyer_round_4_reactor_breach_blast_3_no_ordnance_clearing(cal: Ruleset) -> None:
    res = resolve_damage(cal, 5, 4, TypedFaces([1, 1]), unit=ESCORT)
    assert (res.outcome["minor_threshold"], res.outcome["major_threshold"]) == (2, 3)
    assert res.outcome["ss_after"] == 1 and res.outcome["effects"] == ["reactor_breach"]
    assert res.outcome["destroyed"] and res.outcome["blast"] == 3
    assert res.outcome["clears_ordnance_radius"] == 0
    capital = resolve_damage(cal, 5, 4, TypedFaces([6, 6]), unit=CAPITAL)
    assert capital.outcome["blast"] == 3 and capital.outcome["clears_ordnance_radius"] == 1


def test_destroyer_round_4_under_both_fire_timings(cal: Ruleset) -> None:
    # Round 3 left Fire 1 and Crew -1. Default timing: no Interphase fire damage; the Fire roll
    # (5 - 1 = 4 >= 4) puts the fire out, so the Damage phase total is the cruiser's 4: SS 5 -> 1.
    assert not fire_damage_applies(cal, "interphase")
    fire = resolve_fire_roll(cal, 1, TypedFaces([5]), crew=-1)
    assert fire.outcome == {"rolled": True, "success": True, "fire": 0}
    total = damage_phase_total(cal, 4, fire.outcome["fire"])
    assert resolve_damage(cal, 5, total, TypedFaces([1, 1]), unit=ESCORT).outcome["ss_after"] == 1
    # Had the fire kept burning, it would add to the Damage phase total.
    assert damage_phase_total(cal, 4, 1) == 5
    # Interphase timing: the fire burns first (1 damage, under the minor threshold 2: SS 5 -> 4), so the
    # example's 5 -> 1 cannot happen.
    early = with_setting(cal, "fire_damage_timing", "interphase")
    assert fire_damage_applies(early, "interphase") and not fire_damage_applies(early, "damage")
    burn = resolve_damage(early, 5, 1, TypedFaces([]), unit=ESCORT, immediate=True)
    assert burn.outcome["ss_after"] == 4 and burn.outcome["check"] == "none"
    assert damage_phase_total(early, 4, 1) == 4
    later = resolve_damage(early, 4, 4, TypedFaces([1, 1]), unit=ESCORT)
    assert later.outcome["ss_after"] == 0
    both = with_setting(cal, "fire_damage_timing", "both")
    assert fire_damage_applies(both, "interphase") and damage_phase_total(both, 4, 1) == 5


def test_thresholds_at_ss_zero_and_small_ss(cal: Ruleset) -> None:
    assert damage_check(cal, 0, 1) == "major" and damage_check(cal, 0, 0) == "none"
    assert damage_thresholds(cal, 1) == (1, 1) and damage_thresholds(cal, 5) == (2, 3)
    res = resolve_damage(cal, 0, 2, TypedFaces([3, 4]), unit=ESCORT)
    assert res.outcome["check"] == "major" and res.outcome["ss_after"] == 0


def test_ss_zero_destroys_setting(cal: Ruleset) -> None:
    harsh = with_setting(cal, "ss_zero_destroys", True)
    res = resolve_damage(harsh, 5, 6, TypedFaces([]), unit=ESCORT)
    assert res.outcome["destroyed"] and res.outcome["blast"] is None and res.dice == ()
    assert damage_distribution(harsh, 5, 6)[()] == 1


def test_chain_reaction_rolls_the_major_table(cal: Ruleset) -> None:
    res = resolve_damage(cal, 40, 10, TypedFaces([6, 6, 3, 3]), unit=CAPITAL)
    assert res.outcome["check"] == "minor"
    assert res.outcome["effects"] == ["chain_reaction", "sensors_offline"] and res.outcome["fire"] == 1
    assert [d.face for d in res.dice] == [6, 6, 3, 3]


# -- X13 ram ------------------------------------------------------------------------------------------


def test_x13_hostile_ram_cruiser_vs_corvette(cal: Ruleset) -> None:
    res = resolve_ram(cal, ("Heavy Cruiser", 60, CAPITAL), ("Corvette", 20, ESCORT), TypedFaces([3, 3, 3, 4]))
    cruiser, corvette = res.outcome["first"], res.outcome["second"]
    assert (cruiser["damage"], cruiser["ss_after"], cruiser["check"]) == (20, 40, "minor")
    assert (corvette["damage"], corvette["ss_after"], corvette["check"]) == (60, 0, "major")
    assert res.outcome["crew_bonus"] == {"first": 2, "second": 2}
    friendly = resolve_ram(cal, ("A", 60, CAPITAL), ("B", 20, ESCORT), TypedFaces([3, 3, 3, 4]), hostile=False)
    assert friendly.outcome["crew_bonus"] == {"first": 0, "second": 0}
    breach = resolve_ram(cal, ("A", 60, CAPITAL), ("B", 20, ESCORT), TypedFaces([3, 3, 1, 1]))
    assert breach.outcome["crew_bonus"] == {"first": 2, "second": 0}
    assert breach.outcome["second"]["blast"] == 10  # half of its SS before the ram


def test_ram_consent_setting(cal: Ruleset) -> None:
    assert ram_happens(cal, True, False) and not ram_happens(cal, False, False)
    assert not ram_happens(with_setting(cal, "ram_consent", "both"), True, False)
    assert ram_happens(with_setting(cal, "ram_consent", "mandatory"), False, False)


# -- boarders, point defence, intercepts, Interphase rolls ---------------------------------------------


def test_boarders_each_roll_applies_and_demolition_rolls_minor(cal: Ruleset) -> None:
    res = resolve_boarders(cal, 3, 30, TypedFaces([1, 3, 6, 3, 4]), unit=ESCORT, crew=-3)
    assert res.outcome["effects"] == ["skirmish", "set_fire", "demolition_charges", "sparks_and_smoke"]
    assert (res.outcome["crew"], res.outcome["fire"]) == (-2, 1)
    assert resolve_boarders(cal, 0, 30, TypedFaces([]), unit=ESCORT).dice == ()


def test_boarder_breach_stops_further_rolls(cal: Ruleset) -> None:
    res = resolve_boarders(cal, 3, 9, TypedFaces([5, 1, 1, 6, 6]), unit=CAPITAL)
    assert res.outcome["effects"] == ["demolition_charges", "chain_reaction", "reactor_breach"]
    assert res.outcome["destroyed"] and res.outcome["blast"] == 5 and res.outcome["clears_ordnance_radius"] == 1
    assert len(res.dice) == 5


def test_boarder_rolls_are_unmodified_unless_the_setting_says_so(cal: Ruleset) -> None:
    assert resolve_boarders(cal, 1, 30, TypedFaces([2]), unit=ESCORT, crew=3).outcome["effects"] == ["skirmish"]
    modified = with_setting(cal, "boarder_roll_modified", True)
    assert resolve_boarders(modified, 1, 30, TypedFaces([2]), unit=ESCORT, crew=1).outcome["effects"] == ["set_fire"]
    assert boarder_distribution(modified, crew=9)[("skirmish",)] == 0


def test_x10_point_defence_at_a_token_of_three(cal: Ruleset) -> None:
    with pytest.raises(ValueError, match="at most 3 PD shots"):
        resolve_point_defence(cal, TypedFaces([4, 4, 4, 4]), shots=4, units=3)
    res = resolve_point_defence(cal, TypedFaces([4, 1, 6]), shots=3, units=3)
    assert res.outcome["removed"] == 2 and res.outcome["target_number"] == 4
    assert point_defence_distribution(cal, crew=0, shots=3)[2] == Fraction(3, 8)  # 3 * (1/2)^3


def test_x8_equal_ata_both_removed(cal: Ruleset) -> None:
    res = resolve_intercept(cal, ["Fighter"], ["Fighter"], TypedFaces([]))
    assert res.outcome["removed_a"] and res.outcome["removed_b"] and res.dice == ()
    assert intercept_distribution(cal, ["Fighter"], ["Fighter"])["none"] == 1


def test_x9_fighter_vs_bomber_stays_under_4(cal: Ruleset) -> None:
    stay = resolve_intercept(cal, ["Fighter"], ["Bomber"], TypedFaces([3]))
    assert stay.outcome["removed_b"] and not stay.outcome["removed_a"] and stay.outcome["roll_under"] == 4
    gone = resolve_intercept(cal, ["Fighter"], ["Bomber"], TypedFaces([4]))
    assert gone.outcome["removed_a"] and gone.outcome["survivor"] == "none"
    assert intercept_distribution(cal, ["Fighter"], ["Bomber"])["a"] == Fraction(1, 2)
    no_roll = with_setting(cal, "intercept_zero_ata_roll", False)
    assert resolve_intercept(no_roll, ["Bomber"], ["Fighter"], TypedFaces([])).outcome["survivor"] == "b"


def test_fighter_vs_fighter_bomber_both_removed(cal: Ruleset) -> None:
    # 4 vs 3: the F/B is removed; the fighter needs a roll under 1, which no d6 shows.
    assert intercept_distribution(cal, ["Fighter"], ["Fighter/Bomber"])["none"] == 1
    res = resolve_intercept(cal, ["Fighter", "Fighter"], ["Fighter/Bomber"], TypedFaces([4]))
    assert res.outcome["ata_a"] == 8 and res.outcome["survivor"] == "a"  # 4 < 8 - 3
    with pytest.raises(ValueError, match="ATA above 0"):
        resolve_intercept(cal, ["Bomber"], ["Torpedo"], TypedFaces([]))


def test_fire_damage_control_and_rally(cal: Ruleset) -> None:
    assert resolve_fire_roll(cal, 0, TypedFaces([])).outcome == {"rolled": False, "success": False, "fire": 0}
    assert resolve_fire_roll(cal, 2, TypedFaces([3])).outcome["fire"] == 2
    assert resolve_damage_control(cal, TypedFaces([4])).outcome == {"success": True}
    assert resolve_damage_control(cal, TypedFaces([4]), crew=-1).outcome == {"success": False}
    assert resolve_rally(cal, TypedFaces([6]), crew=-1).outcome == {"success": True, "crew": 0}
    assert resolve_rally(cal, TypedFaces([6]), crew=0).outcome["crew"] == 0  # capped at the start
    assert resolve_rally(cal, TypedFaces([6]), crew=-2, permanent=-1).outcome["crew"] == -1
    assert resolve_rally(cal, TypedFaces([5]), crew=-2, permanent=-1).outcome == {"success": False, "crew": -2}
    assert resolve_rally(cal, TypedFaces([6]), crew=-2, permanent=-2).outcome["crew"] == -2
    uncapped = with_setting(cal, "crew_recovery_cap", "none")
    assert resolve_rally(uncapped, TypedFaces([6]), crew=0).outcome["crew"] == 1
    target = with_setting(cal, "fire_roll_target", 6)
    assert fire_roll_distribution(target, 1)[0] == Fraction(1, 6)
    assert damage_control_distribution(cal, crew=1)[True] == Fraction(2, 3)
    assert rally_distribution(cal, crew=-2)[True] == Fraction(1, 6)


def test_x1_x4_track_squares_clamp(cal: Ruleset) -> None:
    assert track_label(cal, "Fighter", -1) == "F/B -1" and track_label(cal, "Torpedo", -1) == "T/A -1"
    assert track_label(cal, "assault craft", 0) == "T/A 0" and track_label(cal, "F/B", 3) == "F/B +2"
    assert [track_square(cal, c) for c in (-1, -3, 3)] == [-1, -2, 2]
    assert ready_delay(cal, "FTL", -5) == 5 and ready_delay(cal, "Bomber", 1) == 2


# -- rolled path == typed faces; distributions exact ---------------------------------------------------

PROCEDURES = {
    "gunnery": lambda r, f: resolve_gunnery(r, "Dreadnought", "projectile", "Corvette", 9, f, crew=-1),
    "damage": lambda r, f: resolve_damage(r, 30, 20, f, unit=CAPITAL),
    "boarders": lambda r, f: resolve_boarders(r, 4, 30, f, unit=ESCORT),
    "ram": lambda r, f: resolve_ram(r, ("A", 30, CAPITAL), ("B", 25, ESCORT), f),
    "pd": lambda r, f: resolve_point_defence(r, f, crew=1, shots=3),
    "intercept": lambda r, f: resolve_intercept(r, ["Fighter", "Fighter"], ["Fighter/Bomber"], f),
    "rally": lambda r, f: resolve_rally(r, f, crew=-2),
}


@pytest.mark.parametrize("name", list(PROCEDURES))
@pytest.mark.parametrize("seed", range(8))
def test_typed_faces_reproduce_a_seeded_roll(cal: Ruleset, name: str, seed: int) -> None:
    source = RngFaces(random.Random(seed))
    rolled = PROCEDURES[name](cal, source)
    typed = PROCEDURES[name](cal, TypedFaces([d.face for d in source.drawn]))
    assert typed == rolled
    assert list(rolled.dice) == source.drawn


def test_too_few_typed_faces_fail_clearly(cal: Ruleset) -> None:
    with pytest.raises(FacesError):
        resolve_gunnery(cal, "CA", "beam", "K", 4, TypedFaces([6]))


def _total(dist: Any) -> Fraction:
    return sum((p for _, p in dist.items()), Fraction(0))


def test_every_distribution_sums_to_one(cal: Ruleset) -> None:
    for table in cal.tables:
        assert _total(table_distribution(cal, table)) == 1
    for attacker, ship in cal.classes.items():
        for weapon in ("beam", "projectile"):
            battery = getattr(ship, weapon)
            if battery is None:
                continue
            for target in ("Corvette", "Battleship"):
                for distance in (0, battery.range // 2, battery.range):
                    assert _total(gunnery_distribution(cal, attacker, weapon, target, distance, crew=-1)) == 1
    for ss, damage in ((35, 6), (29, 8), (5, 4), (0, 3)):
        assert _total(damage_distribution(cal, ss, damage)) == 1
    assert _total(point_defence_distribution(cal, 2, 4)) == 1
    assert _total(intercept_distribution(cal, ["Fighter"], ["Bomber", "Bomber"])) == 1
    assert _total(fire_roll_distribution(cal, 3, -1)) == 1


def _icepool_dict(die: icepool.Die) -> dict[Any, Fraction]:
    return dict(zip(die.outcomes(), die.probabilities()))


@pytest.mark.parametrize(
    ("attacker", "weapon", "target", "distance", "crew", "hit_on", "damage", "shots"),
    [
        ("Heavy Cruiser", "beam", "Corvette", 7, 0, 4, 4, 2),  # long range beam halved, escort target 4
        ("Battleship", "projectile", "Heavy Cruiser", 10, -1, 5, 10, 2),  # capital long 4, crew -1 -> face 5
        ("Corvette", "projectile", "Destroyer", 8, 1, 4, 2, 1),  # escort long 5, crew +1 -> face 4
        ("Dreadnought", "beam", "Carrier", 3, 2, 1, 6, 2),  # capital short 3, crew +2 -> face 1 (always)
    ],
)
def test_gunnery_distribution_equals_icepool(
    cal: Ruleset, attacker: str, weapon: str, target: str, distance: int, crew: int, hit_on: int, damage: int, shots: int
) -> None:
    ours = gunnery_distribution(cal, attacker, weapon, target, distance, crew=crew)
    one = icepool.d6.map(lambda face: damage if face >= hit_on else 0)
    theirs = shots @ one
    assert dict(ours.items()) == _icepool_dict(theirs)


def test_damage_table_chains_equal_icepool(cal: Ruleset) -> None:
    minor_rows = {7: "sparks_and_smoke", 6: "fire", 8: "fire", 5: "pd_damaged", 9: "pd_damaged",
                  4: "battery_damaged", 10: "battery_damaged", 3: "bay_damaged", 11: "bay_damaged"}
    major_rows = {7: "engines_damaged", 6: "sensors_offline", 8: "sensors_offline", 5: "engines_offline",
                  9: "engines_offline", 4: "weapons_offline", 10: "weapons_offline", 3: "life_support",
                  11: "life_support", 2: "reactor_breach", 12: "reactor_breach"}
    major = (2 @ icepool.d6).map(lambda t: (major_rows[t],))
    minor = (2 @ icepool.d6).map(
        lambda t: (minor_rows[t],) if t in minor_rows else major.map(lambda rest: ("chain_reaction", *rest))
    )
    assert dict(table_distribution(cal, "minor").items()) == _icepool_dict(minor)
    assert table_distribution(cal, "minor")[("chain_reaction", "reactor_breach")] == Fraction(1, 324)
    boarder = icepool.d6.map(lambda f: ("skirmish",) if f <= 2 else ("set_fire",) if f <= 4 else
                             minor.map(lambda rest: ("demolition_charges", *rest)))
    assert dict(boarder_distribution(cal).items()) == _icepool_dict(boarder)


def test_house_rule_changes_the_rolled_path_and_the_distribution_alike(cal: Ruleset) -> None:
    pd6 = with_setting(cal, "pd_target", 6)
    assert resolve_point_defence(pd6, TypedFaces([5])).outcome["removed"] == 0
    assert point_defence_distribution(pd6)[1] == Fraction(1, 6)


def test_a_distance_of_one_reads_one_hex_in_the_profile_and_the_odds() -> None:
    from mstracker.rulesets.cal.procedures import shot_profile
    from mstracker.store.catalog import book_ruleset

    rules = book_ruleset("cal")
    profile = shot_profile(rules, "Heavy Cruiser", "beam", "Corvette", 1)
    assert "Corvette (K), 1 hex: short range" in profile.describe()
    assert "2 shots." in profile.describe()
    with pytest.raises(ValueError, match="cannot fire at 9 hexes"):
        shot_profile(rules, "Corvette", "beam", "Corvette", 9)
