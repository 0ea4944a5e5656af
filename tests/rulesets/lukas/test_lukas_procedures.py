"""lukas dice procedures: RULES.md B7 worked examples, rolled vs exact odds, icepool cross-checks."""

from __future__ import annotations

import random
import tomllib
from fractions import Fraction
from pathlib import Path

import icepool
import pytest

from mstracker.dice import FacesError, RngFaces, TypedFaces
from mstracker.rules import apply_house_rules
from mstracker.rulesets.lukas.model import Ruleset
from mstracker.rulesets.lukas.procedures import (
    AttackOutcome,
    attack,
    attack_distribution,
    attack_groups,
    engines_speed,
    outcome_distribution,
    plan_attack,
)

REPO = Path(__file__).resolve().parents[3]


def house(settings: dict | None = None, **overrides: object) -> Ruleset:
    book = tomllib.loads((REPO / "data" / "rulesets" / "lukas.toml").read_text(encoding="utf-8"))
    rules = dict(overrides)
    if settings:
        rules["settings"] = settings
    loaded = apply_house_rules("lukas", book, "lukas.toml", rules, "house.toml")
    assert loaded.house_rule_error is None, loaded.house_rule_error
    return loaded.ruleset  # type: ignore[return-value]


# -- RULES.md B7 worked examples ---------------------------------------------------------------


def test_t_lwp_10_heavy_turret_minimum_one(rs: Ruleset) -> None:
    # Heavy Turret vs Frigate: d12 = 3 >= 3 hits; damage d12 = 1, 1 - 1 = 0, minimum 1 -> 1.
    res = attack(rs, "Heavy Turret", "frigate", TypedFaces([3, 1]))
    assert res.outcome["hit"] is True and res.outcome["damage"] == 1
    assert [str(d) for d in res.dice] == ["d12=3", "d12=1"]
    assert "raised to the minimum of 1" in res.steps[-1].text


def test_t_lwp_11_light_missiles_with_comm_radar(rs: Ruleset) -> None:
    # d12 = 5, +1 CR = 6 >= 6 hits; damage 1d6 + 1 + 1 CR: d6 = 3 -> 5.
    res = attack(rs, "Light Missiles", "frigate", TypedFaces([5, 3]), comm_radar=True)
    assert (res.outcome["hit_total"], res.outcome["hit"], res.outcome["damage"]) == (6, True, 5)
    assert "5 +1 = 6" in res.steps[1].text


def test_t_lwp_12_melee_vs_strike_craft(rs: Ruleset) -> None:
    # Needs 13: a natural 12 misses without CR, hits with it.
    miss = attack(rs, "Melee", "strike-craft", TypedFaces([12]))
    assert miss.outcome["hit"] is False and miss.outcome["damage"] == 0
    assert "cannot be hit" in miss.steps[-1].text
    hit = attack(rs, "Melee", "strike-craft", TypedFaces([12, 4, 6]), comm_radar=True)
    assert hit.outcome["hit"] is True
    assert hit.outcome["damage"] == 4 + 6 + 2 + 1  # 2d12 + 2 + 1 CR


def test_t_lwp_13_bombs_destroy_engines(rs: Ruleset) -> None:
    # Bombs vs capital: d12 = 4 hits (needs 4); subsystem Engines, d8 = 7 -> destroyed, no hull damage.
    res = attack(rs, "Bombs", "capital", TypedFaces([4, 7]), subsystem="engines")
    assert res.outcome["subsystem"] == "Engines"
    assert res.outcome["subsystem_destroyed"] is True and res.outcome["damage"] == 0
    assert [str(d) for d in res.dice] == ["d12=4", "d8=7"]
    # Speed halves, rounded up: 10 -> 5, 9 -> 5.
    assert engines_speed(rs, 10) == 5
    assert engines_speed(rs, 9) == 5


def test_t_lwp_14_bombs_subsystem_half_damage(rs: Ruleset) -> None:
    # d8 = 2: general hull, half damage rounded up; 2d6 = 7 -> 4.
    res = attack(rs, "Bombs", "Capital Ship", TypedFaces([9, 2, 3, 4]), subsystem="bridge")
    assert res.outcome["subsystem_destroyed"] is False
    assert res.outcome["damage_roll"] == 7 and res.outcome["damage"] == 4
    assert "50% of 7, rounded up: 4" in res.steps[-1].text


def test_bombs_subsystem_full_damage_row(rs: Ruleset) -> None:
    res = attack(rs, "Bombs", "capital", TypedFaces([4, 4, 6, 6]), subsystem="weapon")
    assert res.outcome["subsystem_result"] == "hull_full" and res.outcome["damage"] == 12


def test_t_lwp_15_bridge_destroyed(rs: Ruleset) -> None:
    # Heavy Turret vs Large with bridge destroyed: 4 - 2 = 2 < 3 -> miss.
    res = attack(rs, "Heavy Turret", "large", TypedFaces([4]), bridge_damaged=True)
    assert res.outcome["hit_total"] == 2 and res.outcome["hit"] is False


def test_bridge_damage_minus_one_and_floor_zero(rs: Ruleset) -> None:
    # Light Turret 1d8 with bridge -1: face 1 -> 0 (no printed minimum; min_damage_all = 0).
    res = attack(rs, "Light Turret", "capital", TypedFaces([12, 1]), bridge_damaged=True)
    assert res.outcome["hit"] is True and res.outcome["damage"] == 0
    # Defense Turret 1d6-1 min 1, bridge -1: face 2 -> 0 -> minimum 1 after all modifiers.
    res = attack(rs, "Defense Turret", "frigate", TypedFaces([12, 2]), bridge_damaged=True)
    assert res.outcome["damage"] == 1


def test_armor_tracking_and_destruction(rs: Ruleset) -> None:
    res = attack(rs, "Beam", "capital", TypedFaces([6, 5, 6]), armor=12)
    assert res.outcome["damage"] == 12 and res.outcome["armor_after"] == 0 and res.outcome["destroyed"] is True
    assert "destroyed" in res.summary
    res = attack(rs, "Beam", "capital", TypedFaces([6, 1, 1]), armor=12)
    assert res.outcome["armor_after"] == 9 and res.outcome["destroyed"] is False


def test_names_from_the_book(rs: Ruleset) -> None:
    res = attack(rs, "Heavy Missile tubes", "CapS", TypedFaces([3, 8]))
    assert res.outcome["weapon"] == "Heavy Missiles" and res.outcome["damage"] == 9
    res = attack(rs, "ion beam", "Frig", TypedFaces([5, 1, 1]))
    assert res.outcome["weapon"] == "Beam" and res.outcome["damage"] == 3


# -- typed faces and rng give the same resolution ---------------------------------------------


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize(
    ("weapon", "target", "kw"),
    [
        ("Heavy Turret", "frigate", {}),
        ("Melee", "capital", {"comm_radar": True}),
        ("Bombs", "capital", {"subsystem": "engines"}),
        ("Defense Turret", "strike-craft", {"bridge_damaged": True}),
    ],
)
def test_typed_faces_equal_seeded_rng(rs: Ruleset, seed: int, weapon: str, target: str, kw: dict) -> None:
    source = RngFaces(random.Random(seed))
    rolled = attack(rs, weapon, target, source, armor=20, **kw)
    typed = attack(rs, weapon, target, TypedFaces([d.face for d in source.drawn]), armor=20, **kw)
    assert typed == rolled
    assert rolled.dice == tuple(source.drawn)


def test_too_few_faces_is_a_clear_error(rs: Ruleset) -> None:
    # Laser hits a frigate on 5 (needs 3), then needs a d6 for damage that was not typed.
    with pytest.raises(FacesError, match="needed a d6"):
        attack(rs, "Laser", "frigate", TypedFaces([5]))


# -- exact distributions ----------------------------------------------------------------------


@pytest.mark.parametrize("weapon", ["Autogun", "Light Turret", "Heavy Turret", "Laser", "Defense Turret",
                                    "Light Missiles", "Heavy Missiles", "Melee", "Bombs", "Beam"])
def test_every_distribution_sums_to_one(rs: Ruleset, weapon: str) -> None:
    for target in ("strike-craft", "frigate", "capital"):
        for cr in (False, True):
            for bridge in (False, True):
                dist = attack_distribution(rs, weapon, target, comm_radar=cr, bridge_damaged=bridge)
                assert sum(p for _, p in dist.items()) == 1
                assert dist.min >= 0


def test_subsystem_distribution_sums_to_one(rs: Ruleset) -> None:
    plan = plan_attack(rs, "Bombs", "capital", subsystem="bridge", comm_radar=True)
    assert sum(p for _, p in outcome_distribution(plan).items()) == 1


def _icepool_fractions(die: icepool.Die) -> dict[int, Fraction]:
    return {int(o): Fraction(q, die.denominator()) for o, q in die.items() if q}


def _ours(rs: Ruleset, *args: str, **kw: object) -> dict[int, Fraction]:
    return dict(attack_distribution(rs, *args, **kw).items())  # type: ignore[arg-type]


def test_icepool_heavy_turret_vs_frigate_with_radar(rs: Ruleset) -> None:
    hit = icepool.d12 + 1 >= 3
    damage = (icepool.d12 - 1 + 1).map(lambda x: max(x, 1))
    assert _ours(rs, "Heavy Turret", "frigate", comm_radar=True) == _icepool_fractions(hit.if_else(damage, 0))


def test_icepool_beam_with_bridge_destroyed(rs: Ruleset) -> None:
    hit = icepool.d12 - 2 >= 4
    damage = (2 @ icepool.d6 + 1 - 1).map(lambda x: max(x, 0))
    assert _ours(rs, "Beam", "capital", bridge_damaged=True) == _icepool_fractions(hit.if_else(damage, 0))


def test_icepool_defense_turret_bridge_and_radar(rs: Ruleset) -> None:
    hit = icepool.d12 + 1 - 2 >= 4
    damage = (icepool.d6 - 1 + 1 - 1).map(lambda x: max(x, 1))
    got = _ours(rs, "Defense Turret", "strike-craft", comm_radar=True, bridge_damaged=True)
    assert got == _icepool_fractions(hit.if_else(damage, 0))


def test_icepool_melee_vs_strike_craft_with_radar(rs: Ruleset) -> None:
    hit = icepool.d12 + 1 >= 13
    damage = 2 @ icepool.d12 + 2 + 1
    assert _ours(rs, "Melee", "strike-craft", comm_radar=True) == _icepool_fractions(hit.if_else(damage, 0))


def test_icepool_bombs_subsystem(rs: Ruleset) -> None:
    hit = icepool.d12 >= 4
    bomb = 2 @ icepool.d6
    half = bomb.map(lambda s: -(-s // 2))
    d8 = icepool.d8
    after_hit = d8.map(lambda f: 0 if f >= 6 else (1 if f <= 2 else 2))  # 0 destroyed, 1 half, 2 full
    hull = after_hit.map(lambda k: {0: icepool.Die([0]), 1: half, 2: bomb}[k])
    assert _ours(rs, "Bombs", "capital", subsystem="engines") == _icepool_fractions(hit.if_else(hull, 0))


# -- hand calculations --------------------------------------------------------------------------


def test_hand_calculation_heavy_turret_vs_frigate(rs: Ruleset) -> None:
    # p_hit = P(d12 >= 3) = 10/12. Damage max(d12 - 1, 1): 1 on faces 1-2, else 2..11,
    # mean (1*2 + (2+...+11)) / 12 = (2 + 65) / 12 = 67/12. E = 10/12 * 67/12 = 335/72.
    dist = attack_distribution(rs, "Heavy Turret", "frigate")
    assert dist[0] == Fraction(2, 12)
    assert dist.mean == Fraction(335, 72)


def test_hand_calculation_light_missiles_with_radar(rs: Ruleset) -> None:
    # p_hit = P(d12 + 1 >= 6) = 8/12; damage d6 + 2, mean 5.5; E = 2/3 * 11/2 = 11/3.
    dist = attack_distribution(rs, "Light Missiles", "frigate", comm_radar=True)
    assert 1 - dist[0] == Fraction(2, 3)
    assert dist.mean == Fraction(11, 3)


def test_hand_calculation_bombs_subsystem(rs: Ruleset) -> None:
    # p_hit = 9/12. d8: 2/8 half (mean of ceil(2d6/2) = 135/36 = 15/4), 3/8 full (mean 7), 3/8 destroyed.
    # E = 3/4 * (2/8 * 15/4 + 3/8 * 7) = 3/4 * 57/16 = 171/64; P(destroyed) = 3/4 * 3/8 = 9/32.
    plan = plan_attack(rs, "Bombs", "capital", subsystem="engines")
    dist = outcome_distribution(plan)
    assert dist.map(lambda o: o.damage).mean == Fraction(171, 64)
    assert dist.probability(lambda o: o.subsystem_destroyed) == Fraction(9, 32)
    assert dist[AttackOutcome(False, 0)] == Fraction(1, 4)


# -- settings and house rules change rolls and odds alike ---------------------------------------


def test_min_damage_all_setting() -> None:
    ruleset = house({"min_damage_all": 1})
    res = attack(ruleset, "Light Turret", "capital", TypedFaces([12, 1]), bridge_damaged=True)
    assert res.outcome["damage"] == 1
    assert attack_distribution(ruleset, "Light Turret", "capital", bridge_damaged=True).probability(
        lambda d: d == 0
    ) == Fraction(4, 12)  # only misses do 0: needs 3, d12 - 2 bridge, so faces 1-4 miss


def test_radar_stacking_setting(rs: Ruleset) -> None:
    assert plan_attack(rs, "Laser", "frigate", comm_radar=2).hit_modifier == 1
    assert plan_attack(house({"cr_stack": True}), "Laser", "frigate", comm_radar=2).hit_modifier == 2


def test_natural_rules_setting() -> None:
    ruleset = house({"natural_rules": "natural_12_hits_1_misses"})
    res = attack(ruleset, "Melee", "strike-craft", TypedFaces([12, 1, 1]))
    assert res.outcome["hit"] is True and "natural 12" in res.steps[1].text
    assert attack(ruleset, "Melee", "capital", TypedFaces([1]), comm_radar=True).outcome["hit"] is False
    assert 1 - attack_distribution(ruleset, "Melee", "strike-craft")[0] == Fraction(1, 12)


def test_house_rule_table_changes_roll_and_odds() -> None:
    rows = [
        {"faces": [1, 2, 3], "result": "hull_half", "text": "half", "value": 50},
        {"faces": [4, 5], "result": "hull_full", "text": "full", "value": 100},
        {"faces": [6, 7, 8], "result": "subsystem_destroyed", "text": "gone", "value": 0},
    ]
    ruleset = house(tables={"bombs_subsystem": {"rows": rows}})
    res = attack(ruleset, "Bombs", "capital", TypedFaces([4, 3, 6, 6]), subsystem="engines")
    assert res.outcome["subsystem_result"] == "hull_half" and res.outcome["damage"] == 6
    plan = plan_attack(ruleset, "Bombs", "capital", subsystem="engines")
    assert outcome_distribution(plan).probability(lambda o: o.subsystem_destroyed) == Fraction(9, 32)


def test_subsystem_needs_bombs_and_a_capital_ship(rs: Ruleset) -> None:
    with pytest.raises(ValueError, match="only Bombs can aim at a subsystem"):
        attack(rs, "Laser", "capital", TypedFaces([12, 1]), subsystem="engines")
    with pytest.raises(ValueError, match="only against a Capital Ship, not a Frigate"):
        attack(rs, "Bombs", "frigate", TypedFaces([12, 1, 1]), subsystem="engines")


# -- missile tubes -------------------------------------------------------------------------------


def test_attack_groups_each_weapon_attacks(rs: Ruleset) -> None:
    # Rakanda Destroyer: Beam, Heavy Missile tubes x2 -> three attacks by default.
    assert attack_groups(rs, ["Beam", "Heavy Missiles", "Heavy Missile Tubes"]) == [
        ("Beam", 1), ("Heavy Missiles", 1), ("Heavy Missiles", 1),
    ]
    merged = house({"missile_sets_merge_same_type": True})
    assert attack_groups(merged, ["Beam", "Heavy Missiles", "Heavy Missiles", "Light Turret", "Light Turret"]) == [
        ("Beam", 1), ("Heavy Missiles", 2), ("Light Turret", 1), ("Light Turret", 1),
    ]
