"""Exact odds of one lukas attack (lukas §3.a, §3.b Bombs), for `mstracker odds lukas ...` and the game: the
chance to hit, the exact damage distribution (a miss is 0, kept apart from the lowest hit), the chance
to destroy, and for a bomb aimed at a subsystem the chance of each row of its d8 table."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...rules.outcome import AttackOdds, capped_damage, capped_mean
from .model import Ruleset
from ...dice import parse
from .procedures import HIT_DIE, AttackPlan, hit_distribution, outcome_distribution, plan_attack

OPTION_KEYS = ("weapon", "target", "comm_radar", "bridge_damaged", "armor", "subsystem")


def attack_odds(ruleset: Ruleset, options: dict[str, Any]) -> AttackOdds:
    """p_hit, damage distribution (0 on a miss), expected damage and, given armor, p_destroy.

    Options: weapon (name), target ("strike-craft" | "frigate" | "capital" or a class name),
    comm_radar (bool, or how many radars are in reach), bridge_damaged (bool), armor (int or None),
    subsystem (Bombs only: "engines" | "bridge" | "weapon" or None).
    """
    unknown = sorted(k for k, v in options.items() if k not in OPTION_KEYS and v not in (None, False))
    if unknown:
        raise ValueError(f"lukas odds do not take {', '.join(unknown)}; they take: {', '.join(OPTION_KEYS)}.")
    weapon = _text(options, "weapon")
    target = _text(options, "target")
    comm_radar = options.get("comm_radar") or False
    bridge = options.get("bridge_damaged") or False
    if not isinstance(bridge, bool):
        raise ValueError(f"bridge_damaged must be true or false, not {bridge!r}.")
    armor = options.get("armor")
    if armor is not None and (isinstance(armor, bool) or not isinstance(armor, int) or armor < 1):
        raise ValueError(f"armor must be a whole number of 1 or more (the target's armor left), not {armor!r}.")
    subsystem = options.get("subsystem") or None
    plan = plan_attack(ruleset, weapon, target, comm_radar=comm_radar, bridge_damaged=bridge, subsystem=subsystem)

    outcomes = outcome_distribution(plan)
    damage = outcomes.map(lambda o: o.damage)
    p_hit = outcomes.probability(lambda o: o.hit)
    extra: dict[str, Fraction] = {}
    named: dict[str, Fraction] | None = None
    if plan.subsystem is not None:
        extra["p_subsystem_destroyed"] = outcomes.probability(lambda o: o.subsystem_destroyed)
        named = subsystem_outcomes(plan)
    p_destroy = damage.probability(lambda d: d >= armor) if armor is not None else None
    # expected damage is damage dealt: past the armor left it is no damage
    expected = capped_mean(dict(damage.items()), armor) if armor is not None else damage.mean
    return AttackOdds(
        p_hit=p_hit,
        damage=dict(damage.items()) if armor is None else capped_damage(dict(damage.items()), armor),  # dealt
        expected_damage=expected,
        p_destroy=p_destroy,
        outcomes=named,
        extra=extra,
        notes=attack_notes(ruleset, plan),
    )


def subsystem_outcomes(plan: AttackPlan) -> dict[str, Fraction]:
    """A bomb aimed at a subsystem (lukas §3.b Bombs): the miss, then each row of the d8 table, by name."""
    table = plan.subsystem_table
    assert table is not None
    p_hit = hit_distribution(plan).probability(lambda hit: hit)
    out = {"miss": 1 - p_hit}
    faces = parse(table.dice).distribution()
    for row in table.rows:
        name = f"{plan.subsystem} destroyed" if row.result == "subsystem_destroyed" else row.text
        out[name] = p_hit * faces.probability(row.faces.__contains__)
    return out


def _text(options: dict[str, Any], key: str) -> str:
    value = options.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"lukas odds need a {key} name.")
    return value


def attack_notes(ruleset: Ruleset, plan: AttackPlan) -> tuple[str, ...]:
    """The notes an attack's odds list: what the d12 needs, the damage, announcing, line of sight, aim."""
    w = plan.weapon
    notes = [f"{plan.weapon_name} vs {plan.target_name}: d{HIT_DIE} needs {plan.needed}"
             + (f" ({', '.join(plan.modifier_notes)} to the roll)" if plan.modifier_notes else "")]
    if plan.needed - plan.hit_modifier > HIT_DIE and not plan.natural_rule:
        notes.append(f"{plan.weapon_name} cannot hit a {plan.target_name} without a bonus")
    dmg = f"damage {w.damage}" + (f", {', '.join(plan.damage_notes)}" if plan.damage_notes else "")
    if plan.minimum:
        dmg += f", at least {plan.minimum} after modifiers"
    notes.append(dmg)
    if w.announce_turns:
        notes.append(f"{plan.weapon_name} must be announced {w.announce_turns} turn ahead")
    if not w.los_needed:
        notes.append("no line of sight needed")
    if plan.subsystem is not None:
        notes.append(f"aimed at the {plan.subsystem}: damage shown is the hull's share")
    table = ruleset.subsystem_table(plan.weapon_name)
    if plan.subsystem is None and table is not None and plan.target_name in table[1].targets:
        notes.append("vs this target the attacker may aim at a subsystem instead (choose the subsystem)")
    return tuple(notes)
