"""Dice procedures of lukas (§3.a attack, §3.b bombs subsystem option), rolled or as exact odds.

Both paths go through one `AttackPlan` built from the ruleset data (hit numbers, damage dice,
Comm Radar and bridge modifiers, minimum damage, the bombs d8 table), so house rules change the
rolled result and the odds alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ...dice import DieRoll, Distribution, FaceSource, parse
from ...rules.base import TableRow
from ...rules.outcome import Resolution, Step
from .lookup import find_subsystem, find_target, find_weapon
from .model import DamageDice, Ruleset, ShipClass, SubsystemTable, Weapon

HIT_DIE = 12
NATURAL_RULE = "natural_12_hits_1_misses"


class AttackOutcome(NamedTuple):
    """One possible result of an attack: hit or not, hull damage dealt, subsystem destroyed."""

    hit: bool
    damage: int
    subsystem_destroyed: bool = False


@dataclass(frozen=True)
class AttackPlan:
    """Everything an attack needs, read from the ruleset once."""

    weapon_name: str
    weapon: Weapon
    dice: DamageDice
    target_name: str
    target: ShipClass
    needed: int
    hit_modifier: int
    damage_modifier: int
    minimum: int
    natural_rule: bool
    modifier_notes: tuple[str, ...]
    damage_notes: tuple[str, ...]
    subsystem: str | None = None
    subsystem_table: SubsystemTable | None = None

    def hit_total(self, face: int) -> int:
        return face + self.hit_modifier

    def is_hit(self, face: int) -> bool:
        if self.natural_rule and face == HIT_DIE:
            return True
        if self.natural_rule and face == 1:
            return False
        return self.hit_total(face) >= self.needed

    def damage_from(self, dice_sum: int) -> int:
        """Damage dealt for a sum of the weapon's damage dice, after modifiers and the minimum."""
        raw = dice_sum + self.dice.bonus + self.damage_modifier
        return max(raw, self.minimum)

    def hull_share(self, damage: int, row: TableRow) -> int:
        """Hull damage for a subsystem-table row: its value is a percentage, rounded up."""
        percent = 100 if row.value is None else row.value
        return -(-damage * percent // 100)


def plan_attack(
    ruleset: Ruleset,
    weapon: str,
    target: str,
    *,
    comm_radar: bool | int = False,
    bridge_damaged: bool = False,
    subsystem: str | None = None,
) -> AttackPlan:
    """Resolve names and read every number the attack uses. Raises UnknownName / ValueError."""
    weapon_name, w = find_weapon(ruleset, weapon)
    target_name, t = find_target(ruleset, target)
    radars = _radar_count(comm_radar)
    if not ruleset.setting("cr_stack"):
        radars = min(radars, 1)
    mods: list[tuple[int, int, str]] = []  # (to the hit roll, to the damage, what gives it)
    if radars:
        cr_name, cr = next((n, a) for n, a in ruleset.abilities.items() if a.code == "CR")
        times = f" x{radars}" if radars > 1 else ""
        mods.append((cr.hit_bonus * radars, cr.damage_bonus * radars, f"{cr_name}{times}"))
    if bridge_damaged:
        bridge_name, bridge = find_subsystem(ruleset, "bridge")
        mods.append((bridge.hit_modifier, bridge.damage_modifier, f"{bridge_name} destroyed"))
    own_min = w.damage_dice.minimum or 0  # the book's "minimum 1" applies after all modifiers
    minimum = max(own_min, int(ruleset.setting("min_damage_all")))
    sub_name: str | None = None
    table: SubsystemTable | None = None
    if subsystem:
        found = ruleset.subsystem_table(weapon_name)
        if found is None:
            able = ", ".join(tab.weapon for tab in ruleset.tables.values() if tab.weapon) or "none"
            raise ValueError(f"only {able} can aim at a subsystem, not {weapon_name}.")
        table = found[1]
        if target_name not in table.targets:
            raise ValueError(
                f"{weapon_name} can aim at a subsystem only against a {', '.join(table.targets)}, not a {target_name}."
            )
        sub_name, _ = find_subsystem(ruleset, subsystem)
    return AttackPlan(
        weapon_name=weapon_name,
        weapon=w,
        dice=w.damage_dice,
        target_name=target_name,
        target=t,
        needed=w.hit_numbers.for_size(t.size),
        hit_modifier=sum(hit for hit, _, _ in mods),
        damage_modifier=sum(dmg for _, dmg, _ in mods),
        minimum=minimum,
        natural_rule=ruleset.setting("natural_rules") == NATURAL_RULE,
        modifier_notes=tuple(f"{hit:+d} {why}" for hit, _, why in mods),
        damage_notes=tuple(f"{dmg:+d} {why}" for _, dmg, why in mods),
        subsystem=sub_name,
        subsystem_table=table,
    )


def _radar_count(comm_radar: bool | int) -> int:
    if isinstance(comm_radar, bool):
        return int(comm_radar)
    if isinstance(comm_radar, int) and comm_radar >= 0:
        return comm_radar
    raise ValueError(f"comm_radar must be yes/no or a number of radars in reach, not {comm_radar!r}.")


# -- exact odds --------------------------------------------------------------------------------


def hit_distribution(plan: AttackPlan) -> Distribution[bool]:
    """Hit (True) or miss on the d12 with the plan's modifiers."""
    return Distribution.die(HIT_DIE).map(plan.is_hit)


def damage_distribution(plan: AttackPlan) -> Distribution[int]:
    """Damage of a hit on the hull: the weapon's dice, modifiers, minimum."""
    dd = plan.dice
    return Distribution.dice(dd.count, dd.sides).map(plan.damage_from)


def outcome_distribution(plan: AttackPlan) -> Distribution[AttackOutcome]:
    """Every outcome of the attack (including the bombs subsystem roll when one is aimed at)."""
    damage = damage_distribution(plan)
    table = plan.subsystem_table

    def after_hit(hit: bool) -> Distribution[AttackOutcome]:
        if not hit:
            return Distribution.constant(AttackOutcome(False, 0))
        if table is None:
            return damage.map(lambda d: AttackOutcome(True, d))
        return parse(table.dice).distribution().bind(lambda face: _row_outcome(plan, table.lookup(face), damage))

    return hit_distribution(plan).bind(after_hit)


def _row_outcome(plan: AttackPlan, row: TableRow, damage: Distribution[int]) -> Distribution[AttackOutcome]:
    destroyed = row.result == "subsystem_destroyed"
    if row.value == 0:
        return Distribution.constant(AttackOutcome(True, 0, destroyed))
    return damage.map(lambda d: AttackOutcome(True, plan.hull_share(d, row), destroyed))


def attack_distribution(
    ruleset: Ruleset,
    weapon: str,
    target: str,
    *,
    comm_radar: bool | int = False,
    bridge_damaged: bool = False,
    subsystem: str | None = None,
) -> Distribution[int]:
    """Exact distribution of the hull damage one attack deals (0 on a miss)."""
    plan = plan_attack(
        ruleset, weapon, target, comm_radar=comm_radar, bridge_damaged=bridge_damaged, subsystem=subsystem
    )
    return outcome_distribution(plan).map(lambda o: o.damage)


# -- rolling -----------------------------------------------------------------------------------


def attack(
    ruleset: Ruleset,
    weapon: str,
    target: str,
    faces: FaceSource,
    *,
    comm_radar: bool | int = False,
    bridge_damaged: bool = False,
    subsystem: str | None = None,
    armor: int | None = None,
) -> Resolution:
    """Roll one attack (§3.a): d12 to hit, then damage; with `subsystem`, the bombs d8 option.

    Faces are drawn in table order: the d12, then (aiming at a subsystem) the d8, then the damage
    dice if any hull damage is due.
    """
    plan = plan_attack(
        ruleset, weapon, target, comm_radar=comm_radar, bridge_damaged=bridge_damaged, subsystem=subsystem
    )
    t = plan.target
    steps = [
        Step(
            f"{plan.weapon_name} attacks a {plan.target_name} ({t.size} target): "
            f"needs {plan.needed} or more on a d{HIT_DIE}"
            + (f", modifiers {', '.join(plan.modifier_notes)}" if plan.modifier_notes else "")
            + "."
        )
    ]
    outcome: dict[str, object] = {
        "weapon": plan.weapon_name,
        "target": plan.target_name,
        "needed": plan.needed,
        "subsystem": plan.subsystem,
        "subsystem_destroyed": False,
        "damage": 0,
    }
    face = faces.next_face(HIT_DIE)
    total = plan.hit_total(face)
    hit = plan.is_hit(face)
    shown = f"{face}" if not plan.hit_modifier else f"{face} {plan.hit_modifier:+d} = {total}"
    why = f"{total} {'≥' if total >= plan.needed else '<'} {plan.needed}"
    if plan.natural_rule and face in (1, HIT_DIE):
        why = f"natural {face} always {'hits' if face == HIT_DIE else 'misses'}"
    steps.append(Step(f"Hit roll: d{HIT_DIE} shows {shown}; {why}: {'hit' if hit else 'miss'}.", (DieRoll(HIT_DIE, face),)))
    outcome.update(roll=face, hit_total=total, hit=hit)
    if not hit:
        summary = f"Miss: {plan.weapon_name} rolled {shown}, needed {plan.needed}."
        if plan.needed - plan.hit_modifier > HIT_DIE and not plan.natural_rule:
            steps.append(Step(f"(A {plan.target_name} cannot be hit by {plan.weapon_name} without a bonus.)"))
        return _finish(steps, summary, outcome, armor)
    damage = _roll_damage(plan, faces, steps, outcome)
    outcome["damage"] = damage
    summary = f"Hit: {damage} damage to the {plan.target_name}."
    if plan.subsystem is not None:
        summary = _subsystem_summary(plan, outcome)
    return _finish(steps, summary, outcome, armor)


def _roll_damage(plan: AttackPlan, faces: FaceSource, steps: list[Step], outcome: dict[str, object]) -> int:
    row: TableRow | None = None
    table = plan.subsystem_table
    if table is not None:
        roll = parse(table.dice).roll(faces)
        row = table.lookup(roll.total)
        steps.append(Step(f"{plan.subsystem} targeted: {table.dice} shows {roll.total}: {row.text}.", roll.dice))
        outcome["subsystem_roll"] = roll.total
        outcome["subsystem_result"] = row.result
        outcome["subsystem_destroyed"] = row.result == "subsystem_destroyed"
        if row.value == 0:
            return 0
    dd = plan.dice
    rolled = [faces.next_face(dd.sides) for _ in range(dd.count)]
    dice_sum = sum(rolled)
    raw = dice_sum + dd.bonus + plan.damage_modifier
    damage = plan.damage_from(dice_sum)
    text = f"Damage: {dd.count}d{dd.sides} shows {' + '.join(map(str, rolled))}"
    if dd.count > 1:
        text += f" = {dice_sum}"
    adds = ([f"{dd.bonus:+d} ({plan.weapon_name})"] if dd.bonus else []) + list(plan.damage_notes)
    if adds:
        text += ", " + ", ".join(adds) + f" = {raw}"
    if damage != raw:
        text += f"; raised to the minimum of {plan.minimum}"
    if adds or damage != raw:
        text += f": {damage} damage"
    steps.append(Step(text + ".", tuple(DieRoll(dd.sides, f) for f in rolled)))
    outcome["damage_roll"] = dice_sum
    if row is not None:
        share = plan.hull_share(damage, row)
        if share != damage:
            steps.append(Step(f"Hull takes {row.value}% of {damage}, rounded up: {share}."))
        return share
    return damage


def _subsystem_summary(plan: AttackPlan, outcome: dict[str, object]) -> str:
    if outcome["subsystem_destroyed"]:
        text = f"Hit: {plan.subsystem} of the {plan.target_name} destroyed"
        if outcome["damage"]:
            text += f" and the hull takes {outcome['damage']} damage"
        return text + "."
    return f"Hit: the bomb misses the {plan.subsystem} and the hull takes {outcome['damage']} damage."


def _finish(steps: list[Step], summary: str, outcome: dict[str, object], armor: int | None) -> Resolution:
    if armor is not None:
        left = armor - int(outcome["damage"])  # type: ignore[call-overload]
        destroyed = left <= 0
        outcome.update(armor_before=armor, armor_after=left, destroyed=destroyed)
        steps.append(Step(f"Armor {armor} - {outcome['damage']} = {left}" + (": destroyed." if destroyed else ".")))
        if destroyed:
            summary += " The target is destroyed."
    return Resolution(steps=tuple(steps), summary=summary, outcome=outcome)


# -- other numbers -----------------------------------------------------------------------------


def engines_speed(ruleset: Ruleset, speed: int) -> int:
    """Speed of a ship whose engines a bomb destroyed: speed / divisor, rounded up (§3.b)."""
    _, engines = find_subsystem(ruleset, "engines")
    divisor = engines.speed_divisor or 1
    return -(-speed // divisor)


def attack_groups(ruleset: Ruleset, weapons: Sequence[str]) -> list[tuple[str, int]]:
    """The attacks a ship's weapons make in a turn: (weapon, tubes fired together).

    Each weapon attacks once; with the setting missile_sets_merge_same_type, all missile weapons
    of one kind fire as a single attack (one hit roll, one damage roll).
    """
    merge = bool(ruleset.setting("missile_sets_merge_same_type"))
    groups: list[tuple[str, int]] = []
    index: dict[str, int] = {}
    for query in weapons:
        name, weapon = find_weapon(ruleset, query)
        if merge and weapon.type == "Missile" and name in index:
            i = index[name]
            groups[i] = (name, groups[i][1] + 1)
            continue
        index[name] = len(groups)
        groups.append((name, 1))
    return groups
