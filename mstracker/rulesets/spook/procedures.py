"""Spook gunnery dice (§5 Accuracy, §6 B1 Flares): rolled step by step, as an exact distribution, and
worked out from faces already known (`attack_damage`, for the conditions of declared dice).

All three paths read the same table rows from the ruleset (house rules apply) and share the small
`_apply_*` functions below, so what the app rolls, the dice it declares and what the odds show can
never drift apart. The book's other rolls (mines, subsystem targeting, the roll-off) are in
`table_rolls`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ...dice import DieRoll, Distribution, FaceSource
from ...rules.base import TableRow
from ...rules.outcome import Resolution, Step
from .effects import percent_up
from .model import Ruleset, ShipClass, Weapon
from .tables import faces_text, roll_table, table_odds

MAX_FLARE_LAUNCHERS = 16

# -- attack (§5: damage, accuracy) ---------------------------------------------------------------


class AttackOutcome(NamedTuple):
    """What one attack did: damage to the target, damage to an ally (d12 = 12), flare ammo spent."""

    damage: int
    friendly_fire: int = 0
    flare_ammo: int = 0


@dataclass(frozen=True)
class AttackSetup:
    """The inputs of one attack, looked up and checked once."""

    weapon_name: str
    weapon: Weapon
    target_name: str
    target: ShipClass
    agility: int
    agility_bonus: int
    roll_needed: bool
    flares: int
    flares_answer: bool

    @property
    def flare_ammo(self) -> int:
        """Ammo the target's launchers spend on this attack (each launcher fires once)."""
        return self.flares if self.flares_answer else 0


def attack_setup(
    ruleset: Ruleset, weapon: str, target: str, *, afterburner: bool = False, flares: int = 0
) -> AttackSetup:
    """Look up weapon and target class (names or codes) and work out what the attack needs."""
    weapon_name, weapon_entry = ruleset.weapon(weapon)
    target_name, target_class = ruleset.ship_class(target)
    if isinstance(flares, bool) or not isinstance(flares, int) or not 0 <= flares <= MAX_FLARE_LAUNCHERS:
        limit = f"from 0 to {MAX_FLARE_LAUNCHERS}"
        raise ValueError(f"flares must be a whole number of launchers {limit}, not {flares!r}")
    bonus = 0
    if afterburner:
        bonus = ruleset.device("Afterburner")[1].agility_bonus or 0
    agility = target_class.agility + bonus
    if ruleset.setting("flares_vs") == "missiles_only":
        answers = weapon_entry.ordnance == "missile"
    else:
        answers = weapon_entry.ordnance is not None
    return AttackSetup(
        weapon_name=weapon_name,
        weapon=weapon_entry,
        target_name=target_name,
        target=target_class,
        agility=agility,
        agility_bonus=bonus,
        roll_needed=weapon_entry.accuracy < agility,
        flares=flares,
        flares_answer=answers and flares > 0,
    )


def _apply_accuracy(row: TableRow, damage: int) -> tuple[int, int]:
    """(damage to the target, damage to an ally) for an accuracy row."""
    assert row.value is not None
    ally = damage if row.result == "friendly_fire" else 0
    return percent_up(damage, row.value), ally


def _apply_flare(row: TableRow, damage: int) -> int:
    assert row.value is not None
    return percent_up(damage, row.value)


def _base_damage_odds(weapon: Weapon) -> Distribution[int]:
    die = weapon.damage_die
    if die is None:
        return Distribution.constant(weapon.damage_base)
    return Distribution.die(die) * weapon.damage_base


def attack_distribution(
    ruleset: Ruleset, weapon: str, target: str, *, afterburner: bool = False, flares: int = 0
) -> Distribution[AttackOutcome]:
    """Exact distribution of `resolve_attack` for the same inputs."""
    setup = attack_setup(ruleset, weapon, target, afterburner=afterburner, flares=flares)
    base = _base_damage_odds(setup.weapon)
    if setup.roll_needed:
        rows = ruleset.tables["accuracy"].rows
        hit = base.combine(table_odds(ruleset.tables["accuracy"]), lambda b, i: _apply_accuracy(rows[i], b))
    else:
        no_roll_pct = int(ruleset.setting("no_roll_damage_pct"))
        hit = base.map(lambda b: (percent_up(b, no_roll_pct), 0))
    ammo = setup.flare_ammo
    if not setup.flares_answer:
        return hit.map(lambda t: AttackOutcome(t[0], t[1], ammo))
    cache: dict[int, Distribution[int]] = {}

    def after_flares(t: tuple[int, int]) -> Distribution[AttackOutcome]:
        if t[0] not in cache:
            cache[t[0]] = flares_distribution(ruleset, t[0], setup.flares)
        return cache[t[0]].map(lambda left: AttackOutcome(left, t[1], ammo))

    return hit.bind(after_flares)


def _roll_base(w: Weapon, faces: FaceSource, steps: list[Step]) -> tuple[int, int | None]:
    if w.damage_die is None:
        return w.damage_base, None
    face = faces.next_face(w.damage_die)
    base = w.damage_base * face
    text = f"Damage {w.damage}: d{w.damage_die} shows {face}, so {w.damage_base} × {face} = {base}."
    steps.append(Step(text, (DieRoll(w.damage_die, face),)))
    return base, face


def _roll_accuracy(
    ruleset: Ruleset, s: AttackSetup, base: int, faces: FaceSource, steps: list[Step]
) -> tuple[int, int, int | None, str]:
    """(damage, ally damage, d12 total or None, row result) of the accuracy check."""
    w = s.weapon
    if not s.roll_needed:
        pct = int(ruleset.setting("no_roll_damage_pct"))
        damage = percent_up(base, pct)
        extra = "" if pct == 100 else f" ({pct}% = {damage})"
        text = f"Accuracy {w.accuracy} is not below agility {s.agility}: no roll, the hit lands in full{extra}."
        steps.append(Step(text))
        return damage, 0, None, "no_roll"
    table = ruleset.tables["accuracy"]
    total, dice, row = roll_table(table, faces)
    damage, ally = _apply_accuracy(row, base)
    text = f"Accuracy {w.accuracy} is below agility {s.agility}: {table.dice} shows {faces_text(dice)}: {row.text}"
    if row.result == "friendly_fire":
        chooser = "the attacker" if ruleset.setting("ff_chooser") == "attacker" else "the opponent"
        text += (f". If any of the attacker's own ships are within range {w.range} of it, {chooser} picks one"
                 f" to take {ally} damage.")
    elif damage not in (0, base):
        text += f": {base} → {damage} (rounded up)."
    else:
        text += f": {damage} damage."
    steps.append(Step(text, dice))
    return damage, ally, total, row.result


def _roll_flares(
    ruleset: Ruleset, s: AttackSetup, damage: int, faces: FaceSource, steps: list[Step]
) -> tuple[int, list[int]]:
    """Damage left after the target's flare launchers, and their d8 totals."""
    if s.flares and not s.flares_answer and s.weapon.ordnance is not None:
        steps.append(Step("The target's flares answer missiles only in this game (setting “Flares against torpedoes”: "
                          "missiles only), "
                          f"not a {s.weapon_name}."))
    if not s.flares_answer:
        return damage, []
    table = ruleset.tables["flares"]
    rolls: list[int] = []
    for n in range(1, s.flares + 1):
        label = f"Flare launcher {n} of {s.flares} spends 1 ammo"
        if damage == 0:
            steps.append(Step(f"{label}; no roll needed, the damage is already 0."))
            continue
        total, dice, row = roll_table(table, faces)
        rolls.append(total)
        before, damage = damage, _apply_flare(row, damage)
        steps.append(Step(f"{label}: {table.dice} shows {faces_text(dice)}: {row.text}: {before} → {damage}.", dice))
    return damage, rolls


def resolve_attack(
    ruleset: Ruleset,
    weapon: str,
    target: str,
    faces: FaceSource,
    *,
    afterburner: bool = False,
    flares: int = 0,
) -> Resolution:
    """One weapon fired at one ship: damage die, accuracy d12, flares, with every face shown."""
    s = attack_setup(ruleset, weapon, target, afterburner=afterburner, flares=flares)
    w = s.weapon
    agility = f"agility {s.target.agility}"
    if s.agility_bonus:
        agility += f" +{s.agility_bonus} afterburner = {s.agility}"
    opening = f"{s.weapon_name} (damage {w.damage}, accuracy {w.accuracy}) fires at the {s.target_name} ({agility})."
    steps = [Step(opening)]
    base, multiplier = _roll_base(w, faces, steps)
    damage, ally, accuracy_roll, accuracy_result = _roll_accuracy(ruleset, s, base, faces, steps)
    damage, flare_rolls = _roll_flares(ruleset, s, damage, faces, steps)

    summary = f"{s.target_name} takes {damage} damage."
    if ally:
        summary += f" Friendly fire: one of the attacker's ships in range may take {ally}."
    if s.flare_ammo:
        summary += f" Flare ammo spent: {s.flare_ammo}."
    outcome = {
        "weapon": s.weapon_name,
        "target": s.target_name,
        "agility": s.agility,
        "base_damage": base,
        "multiplier": multiplier,
        "accuracy_roll": accuracy_roll,
        "accuracy_result": accuracy_result,
        "flare_rolls": flare_rolls,
        "flare_ammo": s.flare_ammo,
        "damage": damage,
        "friendly_fire": ally,
    }
    return Resolution(tuple(steps), summary, outcome)


# -- flares alone (§6 B1) -----------------------------------------------------------------------


def flares_distribution(ruleset: Ruleset, damage: int, launchers: int) -> Distribution[int]:
    """Damage left after `launchers` flare rolls in a row (a 0 needs no further roll)."""
    table = ruleset.tables["flares"]
    rows = table_odds(table)
    dist = Distribution.constant(damage)
    for _ in range(launchers):
        dist = dist.bind(lambda cur: Distribution.constant(cur) if cur == 0 else rows.map(lambda i: _apply_flare(table.rows[i], cur)))
    return dist


def attack_damage(
    ruleset: Ruleset, s: AttackSetup, multiplier: int | None, accuracy: int | None, flares: Sequence[int | None]
) -> int:
    """The damage left after the faces known so far: the ×d6 face (None: fixed damage), the d12 (None: no
    roll needed) and the flare d8s in order (None: no roll, the damage was already 0)."""
    base = s.weapon.damage_base * (multiplier if multiplier is not None else 1)
    if accuracy is None:
        damage = percent_up(base, int(ruleset.setting("no_roll_damage_pct")))
    else:
        damage = _apply_accuracy(ruleset.tables["accuracy"].lookup(accuracy), base)[0]
    table = ruleset.tables["flares"]
    for face in flares:
        if face is not None and damage:
            damage = _apply_flare(table.lookup(face), damage)
    return damage
