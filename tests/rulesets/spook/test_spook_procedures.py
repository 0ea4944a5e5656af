"""spook dice procedures: RULES.md A7 worked examples, exact distributions, icepool cross-checks."""

from __future__ import annotations

import math
import random
import tomllib
from fractions import Fraction

import icepool
import pytest

from mstracker.dice import FacesError, RngFaces, TypedFaces
from mstracker.rules import apply_house_rules
from mstracker.rulesets.spook.effects import (
    engines_destroyed_speed,
    is_destroyed,
    percent_up,
    ram_damage,
    retire_refund,
    scuttle_damage,
)
from mstracker.rulesets.spook.model import Ruleset
from mstracker.rulesets.spook.procedures import AttackOutcome, attack_distribution, flares_distribution, resolve_attack
from mstracker.rulesets.spook.table_rolls import (
    mines_distribution,
    resolve_mines,
    resolve_rolloff,
    resolve_subsystem,
    rolloff_distribution,
    subsystem_distribution,
)
from mstracker.rulesets.spook.reload import ReloadState
from mstracker.paths import shipped_data_dir


def raw() -> dict:
    return tomllib.loads((shipped_data_dir() / "rulesets" / "spook.toml").read_text(encoding="utf-8"))


def house(settings: dict) -> Ruleset:
    loaded = apply_house_rules("spook", raw(), "spook.toml", {"settings": settings}, "house.toml")
    assert loaded.house_rule_error is None
    return loaded.ruleset  # type: ignore[return-value]


def attack(rs: Ruleset, weapon: str, target: str, faces: list[int], **kw):
    source = TypedFaces(faces)
    res = resolve_attack(rs, weapon, target, source, **kw)
    assert not source.remaining, "every typed face is used"
    return res


# -- RULES.md A7 worked examples ----------------------------------------------------------------


def test_t_spk_6_accuracy_at_least_agility_needs_no_roll(rs: Ruleset) -> None:
    res = attack(rs, "Mass Driver", "Fighter", [])
    assert res.outcome["damage"] == 10 and res.outcome["accuracy_roll"] is None
    assert res.dice == ()
    assert "no roll" in res.steps[1].text


@pytest.mark.parametrize(("face", "damage", "ally"), [(3, 0, 0), (7, 50, 0), (11, 100, 0), (12, 0, 100)])
def test_t_spk_7_ion_beam_against_a_frigate(rs: Ruleset, face: int, damage: int, ally: int) -> None:
    res = attack(rs, "Ion Beam", "Frigate", [face])
    assert (res.outcome["damage"], res.outcome["friendly_fire"]) == (damage, ally)
    assert [(d.sides, d.face) for d in res.dice] == [(12, face)]


def test_t_spk_7_friendly_fire_says_who_chooses(rs: Ruleset) -> None:
    res = attack(rs, "Ion Beam", "Frigate", [12])
    assert "the attacker picks one to take 100 damage" in res.steps[-1].text
    assert "within range 20" in res.steps[-1].text
    opp = attack(house({"ff_chooser": "opponent"}), "Ion Beam", "Frigate", [12])
    assert "the opponent picks one" in opp.steps[-1].text


def test_t_spk_8_torpedo_vs_afterburning_transport_with_flares(rs: Ruleset) -> None:
    # Torpedo 35, accuracy 6 vs Transport agility 6 + 2 = 8: d12 = 6 -> ceil(35/2) = 18; flare d8 = 4 -> 9.
    res = attack(rs, "Torpedo Launcher", "Transport", [6, 4], afterburner=True, flares=1)
    assert res.outcome["agility"] == 8
    assert res.outcome["damage"] == 9 and res.outcome["flare_ammo"] == 1
    assert "35 → 18" in res.steps[1].text and "18 → 9" in res.steps[2].text
    assert [(d.sides, d.face) for d in res.dice] == [(12, 6), (8, 4)]


def test_t_spk_9_missile_vs_transport_two_launchers(rs: Ruleset) -> None:
    # Missile 25, accuracy 8 vs agility 6: no roll; flares 5 then 6: 25 -> 13 -> 7; each launcher spends 1 ammo.
    res = attack(rs, "Missile Launcher", "Transport", [5, 6], flares=2)
    assert res.outcome["accuracy_roll"] is None
    assert res.outcome["flare_rolls"] == [5, 6]
    assert res.outcome["damage"] == 7 and res.outcome["flare_ammo"] == 2
    assert "25 → 13" in res.steps[2].text and "13 → 7" in res.steps[3].text


def test_t_spk_3_every_launcher_spends_ammo_even_after_an_intercept(rs: Ruleset) -> None:
    res = attack(rs, "Missile Launcher", "Transport", [2], flares=2)
    assert res.outcome["damage"] == 0 and res.outcome["flare_ammo"] == 2
    assert "no roll needed" in res.steps[-1].text


def test_t_spk_10_cluster_torpedo_vs_carrier(rs: Ruleset) -> None:
    res = attack(rs, "Cluster Torpedo Launcher", "Carrier", [4])
    assert res.outcome["multiplier"] == 4 and res.outcome["damage"] == 100
    assert res.outcome["accuracy_roll"] is None


def test_t_spk_11_gattling_vs_fighter(rs: Ruleset) -> None:
    res = attack(rs, "Gattling Mass Driver", "Fighter", [3, 10])
    assert res.outcome["base_damage"] == 90 and res.outcome["damage"] == 45
    assert [(d.sides, d.face) for d in res.dice] == [(6, 3), (12, 10)]


def test_friendly_fire_of_a_times_d6_weapon_uses_the_rolled_product(rs: Ruleset) -> None:
    res = attack(rs, "E5", "C1", [5, 12])
    assert (res.outcome["damage"], res.outcome["friendly_fire"]) == (0, 150)


@pytest.mark.parametrize(("face", "damage"), [(2, 0), (5, 100), (8, 200)])
def test_t_spk_12_mines(rs: Ruleset, face: int, damage: int) -> None:
    res = resolve_mines(rs, TypedFaces([face]))
    assert res.outcome["damage"] == damage
    assert res.outcome["removed"] == (0 if face <= 3 else 1)


def test_t_spk_18_rounding_up(rs: Ruleset) -> None:
    assert percent_up(35, 50) == 18
    assert percent_up(18, 50) == 9 and percent_up(13, 50) == 7
    assert all(percent_up(percent_up(n, 50), 50) == math.ceil(n / 4) for n in range(1, 2000))


# -- more procedure behaviour --------------------------------------------------------------------


def test_flares_do_not_answer_guns_or_torpedoes_when_missiles_only(rs: Ruleset) -> None:
    gun = attack(rs, "Ion Beam", "Carrier", [], flares=2)  # accuracy 4 >= agility 2
    assert gun.outcome["damage"] == 100 and gun.outcome["flare_ammo"] == 0
    only = house({"flares_vs": "missiles_only"})
    torpedo = attack(only, "Torpedo Launcher", "Carrier", [], flares=1)
    assert torpedo.outcome["damage"] == 35 and torpedo.outcome["flare_ammo"] == 0
    assert "(setting “Flares against torpedoes”: missiles only)" in torpedo.steps[-1].text
    gravimetric = attack(only, "Gravimetric Charge Launcher", "Carrier", [8], flares=1)
    assert gravimetric.outcome["damage"] == 80 and gravimetric.outcome["flare_ammo"] == 1


def test_own_mines_are_harmless_by_default(rs: Ruleset) -> None:
    res = resolve_mines(rs, TypedFaces([]), 2, own=True)
    assert res.outcome["damage"] == 0 and res.dice == ()
    hit = resolve_mines(house({"mines_hit_owner": True}), TypedFaces([8]), own=True)
    assert hit.outcome["damage"] == 200


def test_several_mines_and_avoided_mines_that_vanish(rs: Ruleset) -> None:
    res = resolve_mines(rs, TypedFaces([1, 4, 8]), 3)
    assert res.outcome == {"damage": 300, "rolls": [1, 4, 8], "removed": 2, "left": 1}
    gone = resolve_mines(house({"mine_persist_on_avoid": False}), TypedFaces([1]))
    assert gone.outcome["removed"] == 1


def test_subsystem_targeting(rs: Ruleset) -> None:
    assert resolve_subsystem(rs, 15, "Ion Beam", TypedFaces([2])).outcome["armor_damage"] == 8
    assert resolve_subsystem(rs, 15, "Ion Beam", TypedFaces([5])).outcome["armor_damage"] == 15
    hit = resolve_subsystem(rs, 15, "engines", TypedFaces([6]))
    assert hit.outcome["destroyed"] == "engines" and hit.outcome["armor_damage"] == 0
    assert "keeps 50% of its speed" in hit.steps[0].text
    assert engines_destroyed_speed(rs, 3) == 2
    dist = subsystem_distribution(rs, 15)
    assert dist[(8, False)] == Fraction(2, 8) and dist[(15, False)] == Fraction(3, 8)
    assert dist[(0, True)] == Fraction(3, 8)
    with pytest.raises(ValueError, match="dealt damage"):
        resolve_subsystem(rs, 0, "engines", TypedFaces([1]))


def test_rolloff_rerolls_ties() -> None:
    res = resolve_rolloff(["Red", "Blue"], TypedFaces([4, 4, 2, 5]))
    assert res.outcome == {"first": "Blue"}
    assert len(res.steps) == 2 and "tie at 4" in res.steps[0].text
    assert rolloff_distribution(["Red", "Blue"])["Red"] == Fraction(1, 2)


def test_bad_inputs_are_clear(rs: Ruleset) -> None:
    with pytest.raises(ValueError, match="unknown weapon 'Phaser'; choose one of: Mass Driver"):
        resolve_attack(rs, "Phaser", "Frigate", TypedFaces([]))
    with pytest.raises(ValueError, match="flares must be a whole number"):
        resolve_attack(rs, "Ion Beam", "Frigate", TypedFaces([]), flares=-1)
    with pytest.raises(FacesError, match="not possible on a d12"):
        resolve_attack(rs, "Ion Beam", "Frigate", TypedFaces([13]))
    with pytest.raises(ValueError, match="mines must be"):
        resolve_mines(rs, TypedFaces([]), 0)


# -- typed faces and seeded rolls agree ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_a_typed_roll_equals_a_seeded_roll_with_the_same_faces(rs: Ruleset, seed: int) -> None:
    rng = RngFaces(random.Random(seed))
    kw = {"afterburner": True, "flares": 2}
    rolled = resolve_attack(rs, "Cluster Torpedo Launcher", "Transport", rng, **kw)
    faces = [d.face for d in rng.drawn]
    typed = resolve_attack(rs, "Cluster Torpedo Launcher", "Transport", TypedFaces(faces), **kw)
    assert typed == rolled
    assert [d.face for d in rolled.dice] == faces


# -- exact distributions ------------------------------------------------------------------------

CASES = [
    ("Ion Beam", "Frigate", {}),
    ("Gattling Mass Driver", "Fighter", {}),
    ("Torpedo Launcher", "Transport", {"afterburner": True, "flares": 1}),
    ("Missile Launcher", "Transport", {"flares": 2}),
    ("Cluster Torpedo Launcher", "Battlecruiser", {"flares": 2, "afterburner": True}),
    ("Mass Driver", "Lancer", {}),
]


@pytest.mark.parametrize(("weapon", "target", "kw"), CASES)
def test_distributions_sum_to_one(rs: Ruleset, weapon: str, target: str, kw: dict) -> None:
    dist = attack_distribution(rs, weapon, target, **kw)
    assert sum(p for _, p in dist.items()) == 1


def _ceil_half(x: int) -> int:
    return math.ceil(x / 2)


def _book_accuracy(face: int, damage: int) -> tuple[int, int]:
    """The §5 d12 table written out independently: (target damage, ally damage)."""
    if face <= 5:
        return 0, 0
    if face <= 10:
        return _ceil_half(damage), 0
    if face == 11:
        return damage, 0
    return 0, damage


def _book_flare(face: int, damage: int) -> int:
    if face <= 3:
        return 0
    return _ceil_half(damage) if face <= 7 else damage


def _icepool_probs(die: icepool.Die) -> dict:
    total = die.denominator()
    return {outcome: Fraction(q, total) for outcome, q in die.items()}


def _ours(dist) -> dict:
    return {(o.damage, o.friendly_fire): p for o, p in dist.items()}


def test_ion_beam_vs_frigate_matches_icepool(rs: Ruleset) -> None:
    ref = icepool.d12.map(lambda f: _book_accuracy(f, 100))
    assert _ours(attack_distribution(rs, "Ion Beam", "Frigate")) == _icepool_probs(ref)


def test_gattling_vs_fighter_matches_icepool(rs: Ruleset) -> None:
    ref = icepool.map(lambda m, f: _book_accuracy(f, 30 * m), icepool.d6, icepool.d12)
    assert _ours(attack_distribution(rs, "Gattling Mass Driver", "Fighter")) == _icepool_probs(ref)


def test_torpedo_vs_afterburning_transport_with_one_flare_matches_icepool(rs: Ruleset) -> None:
    def book(f12: int, f8: int) -> tuple[int, int]:
        dmg, ally = _book_accuracy(f12, 35)
        return _book_flare(f8, dmg), ally

    ref = icepool.map(book, icepool.d12, icepool.d8)
    dist = attack_distribution(rs, "Torpedo Launcher", "Transport", afterburner=True, flares=1)
    assert _ours(dist) == _icepool_probs(ref)
    assert all(o.flare_ammo == 1 for o in dist.outcomes)


def test_cluster_torpedo_with_two_flares_matches_icepool(rs: Ruleset) -> None:
    # Accuracy 5 < Battlecruiser agility 2 + 2 afterburner? No: 5 >= 4, so no d12; two launchers roll in turn.
    def book(m: int, a: int, b: int) -> tuple[int, int]:
        return _book_flare(b, _book_flare(a, 25 * m)), 0

    ref = icepool.map(book, icepool.d6, icepool.d8, icepool.d8)
    dist = attack_distribution(rs, "Cluster Torpedo Launcher", "Battlecruiser", afterburner=True, flares=2)
    assert _ours(dist) == _icepool_probs(ref)


def test_flares_alone_and_mines_match_icepool(rs: Ruleset) -> None:
    ref = icepool.map(lambda a, b, c: _book_flare(c, _book_flare(b, _book_flare(a, 80))), icepool.d8, icepool.d8,
                      icepool.d8)
    assert dict(flares_distribution(rs, 80, 3).items()) == _icepool_probs(ref)
    mine = icepool.d8.map(lambda f: 0 if f <= 3 else 100 if f <= 7 else 200)
    assert dict(mines_distribution(rs, 3).items()) == _icepool_probs(3 @ mine)
    assert mines_distribution(rs, 1, own=True)[0] == 1


def test_distribution_and_rolls_agree_on_every_face(rs: Ruleset) -> None:
    # Rolling every d6 x d12 face combination by hand reproduces the distribution exactly.
    counts: dict[AttackOutcome, int] = {}
    for m in range(1, 7):
        for f in range(1, 13):
            res = resolve_attack(rs, "Gattling Mass Driver", "Fighter", TypedFaces([m, f]))
            key = AttackOutcome(res.outcome["damage"], res.outcome["friendly_fire"], 0)
            counts[key] = counts.get(key, 0) + 1
    dist = attack_distribution(rs, "Gattling Mass Driver", "Fighter")
    assert {k: Fraction(v, 72) for k, v in counts.items()} == dict(dist.items())


def test_house_rule_tables_drive_both_paths() -> None:
    data = raw()
    data["tables"]["accuracy"]["rows"][2]["faces"] = [10, 11]
    data["tables"]["accuracy"]["rows"][1]["faces"] = [6, 7, 8, 9]
    loaded = apply_house_rules("spook", raw(), "spook.toml", {"tables": {"accuracy": data["tables"]["accuracy"]}},
                               "house.toml")
    assert loaded.house_rule_error is None
    hr = loaded.ruleset
    assert resolve_attack(hr, "Ion Beam", "Frigate", TypedFaces([10])).outcome["damage"] == 100
    assert attack_distribution(hr, "Ion Beam", "Frigate")[AttackOutcome(100, 0, 0)] == Fraction(2, 12)


# -- reload cycles and effects (RULES.md A4.4, A6) ----------------------------------------------


def test_t_spk_13_ion_beam_reload(rs: Ruleset) -> None:
    state = ReloadState.fresh(rs.weapons["Ion Beam"].reload_cycle).use(1)
    assert [state.available(t) for t in (2, 3)] == [False, True]
    assert state.use(3).available(5)


def test_t_spk_14_afterburner_reload(rs: Ruleset) -> None:
    state = ReloadState.fresh(rs.devices["Afterburner"].reload).use(1)
    assert [state.available(t) for t in (2, 3, 4)] == [False, False, True]
    with pytest.raises(ValueError, match="usable again in 1 own turn"):
        state.use(3)


def test_turreted_railgun_and_missile_cycles() -> None:
    rail = ReloadState.fresh("2;1").use(1).use(2)
    assert [rail.available(t) for t in (3, 4)] == [False, True]
    missile = ReloadState.fresh("8;1")
    for turn in range(1, 9):
        missile = missile.use(turn)
    assert not missile.available(9) and missile.available(10)
    assert not ReloadState.fresh("8;1").use(1).available(1), "once per turn"


def test_consecutive_uses_setting_ends_a_broken_cycle() -> None:
    state = ReloadState.fresh("3;2").use(1)
    assert state.available(3)  # default: the 3 uses need not be consecutive
    assert state.available(2, consecutive=True)
    # with the setting, skipping turn 2 ends the cycle after turn 1: wait turns 2-3, usable from turn 4
    assert not state.available(3, consecutive=True)
    assert state.available(4, consecutive=True)


def test_effects(rs: Ruleset) -> None:
    assert retire_refund(rs, 100, 35, 20) == 135  # Retire A: the ship and its weapons, devices not counted
    assert retire_refund(rs, 0, 35, 0, free=True) == 35
    assert scuttle_damage(rs, 175) == 88
    assert ram_damage(rs, 450, 201) == (113, 51)
    assert is_destroyed(rs, 0) and not is_destroyed(rs, 1)
