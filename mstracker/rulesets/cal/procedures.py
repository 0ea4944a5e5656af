"""The dice procedures of cal, each as a rolled Resolution and as an exact Distribution.

Gunnery (cal §Weapons), point defence (cal §Point Defenses) and intercepts (cal §Craft) live here; the
Interphase rolls and track squares in `rolls`, damage tables, boarders and rams in `damage`, course
bookkeeping in `course` (all re-exported below so one import serves all).
Every roll reads its targets from the ruleset, so house rules change both paths alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...dice import Distribution, FaceSource
from ...rules.names import UnknownName, find_entry, possessive
from ...rules.outcome import Resolution, Step
from . import cite
from .common import ShipRef, article, check_distribution, check_int, roll_d6, ship_class, signed, succeeds
from .notation import plural
from .course import Course, alter_course, moving_backwards, opposite, reduce_course, torpedo_course
from .damage import (
    boarder_distribution,
    breach_blast,
    damage_check,
    damage_distribution,
    damage_thresholds,
    resolve_boarders,
    resolve_damage,
    table_distribution,
)
from .model import Ruleset
from .ram import ram_happens, resolve_ram
from .rolls import (
    crew_cap,
    damage_control_distribution,
    damage_phase_total,
    fire_damage_applies,
    fire_roll_distribution,
    rally_distribution,
    ready_delay,
    resolve_damage_control,
    resolve_fire_roll,
    resolve_rally,
    track_label,
    track_square,
)

WEAPONS = ("beam", "projectile")

__all__ = [
    "WEAPONS", "Course", "ShotProfile", "alter_course", "boarder_distribution", "breach_blast", "crew_cap",
    "damage_check", "damage_control_distribution", "damage_distribution", "damage_phase_total",
    "damage_thresholds", "fire_damage_applies", "fire_roll_distribution", "gunnery_distribution",
    "intercept_distribution", "intercept_plan", "moving_backwards", "opposite", "point_defence_distribution",
    "rally_distribution", "ram_happens", "ready_delay", "reduce_course", "resolve_boarders",
    "resolve_damage", "resolve_damage_control", "resolve_fire_roll", "resolve_gunnery",
    "resolve_intercept", "resolve_point_defence", "resolve_rally", "resolve_ram", "shot_profile",
    "table_distribution", "torpedo_course", "track_label", "track_square",
]


# -- gunnery ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShotProfile:
    """Everything fixed about one weapon firing at one target before the dice: band, target, damage."""

    attacker: str
    target: str
    weapon: str
    strength: int
    max_range: int
    distance: int
    band: str
    target_number: int
    damage: int
    shots: int
    rate: int

    def describe(self) -> str:
        half = "at most" if self.band == "short" else "more than"
        dmg = f"{self.damage} damage a hit"
        if self.damage != self.strength:
            dmg += f" ({self.strength} halved at long range, rounded up)"
        return (f"{self.attacker} {self.weapon.capitalize()} {self.strength}/{self.max_range} at {self.target}, "
                f"{plural(self.distance, 'hex', 'hexes')}: {self.band} range ({half} half of {self.max_range}); "
                f"needs {self.target_number} on 1d6 + Crew; {dmg}; {self.shots} shot{'s' if self.shots > 1 else ''}.")


def shot_profile(
    ruleset: Ruleset,
    attacker: ShipRef,
    weapon: str,
    target: ShipRef,
    distance: int,
    shots: int | None = None,
    sensors_offline: bool = False,
) -> ShotProfile:
    """Range band, Targeting target and damage of a weapon at a distance; ValueError if it cannot fire."""
    a_name, a_cls = ship_class(ruleset, attacker, "attacker class")
    t_name, t_cls = ship_class(ruleset, target, "target class")
    kind = str(weapon).strip().casefold()
    if kind not in WEAPONS:
        raise UnknownName(f"unknown weapon {weapon!r}; choose one of: {', '.join(WEAPONS)}")
    battery = getattr(a_cls, kind)
    if battery is None:
        has = [w for w in WEAPONS if getattr(a_cls, w) is not None]
        raise ValueError(f"the {a_name} has no {kind} weapon; it has {' and '.join(has) if has else 'no weapons'} "
                         f"({cite.WEAPONS}).")
    check_int(distance, "distance", 0)
    max_range = min(battery.range, ruleset.general.sensors_offline_range) if sensors_offline else battery.range
    if distance > max_range:
        why = " (Sensors Offline)" if sensors_offline else ""
        raise ValueError(f"the {possessive(a_name)} {kind} ({battery}) cannot fire at {plural(distance, 'hex', 'hexes')}: "
                         f"its maximum range is {max_range}{why} (cal §Weapons).")
    band = "short" if 2 * distance <= max_range else "long"
    row = ruleset.targeting[t_cls.type]
    target_number = getattr(row, f"{kind}_{band}")
    damage = battery.strength
    if kind == "beam" and band == "long":
        damage = math.ceil(battery.strength / ruleset.general.beam_long_divisor)
    rate = ruleset.rate_of_fire[a_cls.type].shots
    if shots is None:
        shots = rate
    check_int(shots, "shots", 1)
    if shots > rate:
        raise ValueError(f"{article(a_cls.type)} fires each weapon at most {rate} time{'s' if rate > 1 else ''} a round, "
                         f"not {shots} ({cite.WEAPONS}).")
    return ShotProfile(a_name, t_name, kind, battery.strength, max_range, distance, band, target_number,
                       damage, shots, rate)


def resolve_gunnery(
    ruleset: Ruleset,
    attacker: ShipRef,
    weapon: str,
    target: ShipRef,
    distance: int,
    faces: FaceSource,
    crew: int = 0,
    shots: int | None = None,
    sensors_offline: bool = False,
) -> Resolution:
    """Targeting rolls for one weapon type's shots at one target; the damage is recorded, not applied."""
    p = shot_profile(ruleset, attacker, weapon, target, distance, shots, sensors_offline)
    check_int(crew, "crew")
    steps = [Step(p.describe())]
    rolls, hits = [], []
    for n in range(1, p.shots + 1):
        face, die = roll_d6(faces)
        hit = succeeds(face, crew, p.target_number)
        rolls.append(face)
        hits.append(hit)
        result = f"hit, {p.damage} damage" if hit else "miss"
        steps.append(Step(f"Shot {n}: rolled {face}, Crew {signed(crew)} → {face + crew} against {p.target_number}: {result}.", (die,)))
    total = p.damage * sum(hits)
    summary = f"{sum(hits)} hit{'s' if sum(hits) != 1 else ''} of {p.shots}: {p.target} records {total} damage"
    outcome = {"band": p.band, "target_number": p.target_number, "damage_per_hit": p.damage, "rolls": rolls,
               "hits": hits, "hit_count": sum(hits), "damage": total}
    return Resolution(tuple(steps), summary, outcome)


def gunnery_distribution(
    ruleset: Ruleset,
    attacker: ShipRef,
    weapon: str,
    target: ShipRef,
    distance: int,
    crew: int = 0,
    shots: int | None = None,
    sensors_offline: bool = False,
) -> Distribution[int]:
    """Exact distribution of the damage the shots record (each shot rolled independently)."""
    p = shot_profile(ruleset, attacker, weapon, target, distance, shots, sensors_offline)
    one = check_distribution(p.target_number, crew).map(lambda hit: p.damage if hit else 0)
    total = one
    for _ in range(p.shots - 1):
        total = total + one
    return total


# -- point defence ----------------------------------------------------------------------------------


def resolve_point_defence(
    ruleset: Ruleset, faces: FaceSource, crew: int = 0, shots: int = 1, units: int | None = None
) -> Resolution:
    """Point Defence rolls at one ordnance token; each success removes one unit at once.

    `units` is the token's unit count before PD fire: one ship may shoot it at most that often.
    """
    check_int(shots, "shots", 1)
    if units is not None and shots > check_int(units, "units", 1):
        raise ValueError(f"a token of {units} unit{'s' if units > 1 else ''} can take at most {units} PD shots from one ship, "
                         f"not {shots} ({cite.POINT_DEFENSE}).")
    target = int(ruleset.setting("pd_target"))
    steps = [Step(f"Point defence: {shots} shot{'s' if shots > 1 else ''}, each needs {target} on 1d6 + Crew ({signed(crew)}).")]
    removed = 0
    rolls = []
    for n in range(1, shots + 1):
        face, die = roll_d6(faces)
        hit = succeeds(face, crew, target)
        removed += hit
        rolls.append(face)
        steps.append(Step(f"PD shot {n}: rolled {face} → {face + crew}: {'one unit removed' if hit else 'miss'}.", (die,)))
    return Resolution(tuple(steps), f"{removed} unit{'s' if removed != 1 else ''} removed",
                      {"target_number": target, "rolls": rolls, "removed": removed})


def point_defence_distribution(ruleset: Ruleset, crew: int = 0, shots: int = 1) -> Distribution[int]:
    """Exact distribution of the units removed by `shots` PD shots."""
    one = check_distribution(int(ruleset.setting("pd_target")), crew).map(int)
    total = one
    for _ in range(check_int(shots, "shots", 1) - 1):
        total = total + one
    return total


# -- intercept --------------------------------------------------------------------------------------


def _ata(ruleset: Ruleset, side: Sequence[str], label: str) -> tuple[int, list[str]]:
    if not side:
        raise ValueError(f"side {label} of the intercept has no ordnance ({cite.CRAFT}).")
    names = []
    total = 0
    for query in side:
        name, kind = find_entry(ruleset.ordnance, query, "ordnance")
        names.append(name)
        total += kind.ata or 0
    return total, names


def intercept_plan(ruleset: Ruleset, side_a: Sequence[str], side_b: Sequence[str]) -> tuple[int, int, str | None, int | None]:
    """(ATA a, ATA b, higher side or None if equal, the face to roll under or None for no roll)."""
    ata_a, _ = _ata(ruleset, side_a, "a")
    ata_b, _ = _ata(ruleset, side_b, "b")
    if ata_a == ata_b == 0:
        raise ValueError(f"an intercept needs a fighter or fighter/bomber (ATA above 0) on one side ({cite.CRAFT}).")
    if ata_a == ata_b:
        return ata_a, ata_b, None, None
    high = "a" if ata_a > ata_b else "b"
    if min(ata_a, ata_b) == 0 and not ruleset.setting("intercept_zero_ata_roll"):
        return ata_a, ata_b, high, None
    return ata_a, ata_b, high, abs(ata_a - ata_b)


def resolve_intercept(ruleset: Ruleset, side_a: Sequence[str], side_b: Sequence[str], faces: FaceSource) -> Resolution:
    """An intercept between two sides of ordnance (names of ordnance types, one per unit).

    The lower total ATA is removed; the higher side stays only on an unmodified 1d6 under the
    difference; equal totals remove both.
    """
    ata_a, names_a = _ata(ruleset, side_a, "a")
    ata_b, names_b = _ata(ruleset, side_b, "b")
    _, _, high, under = intercept_plan(ruleset, side_a, side_b)
    steps = [Step(f"Intercept: side a ({', '.join(names_a)}) ATA {ata_a} against side b ({', '.join(names_b)}) ATA {ata_b}.")]
    removed = {"a": True, "b": True}
    roll = None
    if high is None:
        steps.append(Step("Equal ATA: both sides are removed."))
    else:
        low = "b" if high == "a" else "a"
        steps.append(Step(f"Side {low} has the lower ATA and is removed."))
        if under is None:
            removed[high] = False
            steps.append(Step(f"Side {high} beat 0-ATA ordnance and remains without a roll (the house setting “A "
                              "fighter that beats 0-ATA ordnance” is off)."))
        else:
            roll, die = roll_d6(faces)
            removed[high] = roll >= under
            verdict = "stays" if not removed[high] else "is removed too"
            steps.append(Step(f"Side {high} rolls 1d6 (unmodified) under {under}: rolled {roll}, it {verdict}.", (die,)))
    survivor = next((s for s in "ab" if not removed[s]), "none")
    summary = "both removed" if survivor == "none" else f"side {survivor} stays"
    return Resolution(tuple(steps), summary, {"ata_a": ata_a, "ata_b": ata_b, "removed_a": removed["a"],
                                              "removed_b": removed["b"], "roll": roll, "roll_under": under,
                                              "survivor": survivor})


def intercept_distribution(ruleset: Ruleset, side_a: Sequence[str], side_b: Sequence[str]) -> Distribution[str]:
    """Exact chance of each result: 'a' stays, 'b' stays, or 'none' (both removed)."""
    _, _, high, under = intercept_plan(ruleset, side_a, side_b)
    if high is None:
        return Distribution.constant("none")
    if under is None:
        return Distribution.constant(high)
    return Distribution.die(6).map(lambda face: high if face < under else "none")
