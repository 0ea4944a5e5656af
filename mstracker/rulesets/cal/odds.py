"""Exact odds of a cal gunnery attack, for `mstracker odds cal ...`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.outcome import AttackOdds
from .common import check_int, p_success, ship_class, signed
from .damage import MAJOR, MINOR, damage_check, damage_thresholds
from .model import Ruleset
from .procedures import gunnery_distribution, shot_profile

OPTIONS = ("attacker", "weapon", "target", "distance", "crew", "shots", "ss", "sensors_offline")
REQUIRED = ("attacker", "weapon", "target", "distance")


def attack_odds(ruleset: Ruleset, options: Mapping[str, Any]) -> AttackOdds:
    """Odds of one weapon type of one ship firing its shots at one target.

    options: attacker and target (class name or code), weapon (beam | projectile), distance (hexes),
    crew (attacker's Crew modifier, default 0), shots (default the attacker's rate of fire),
    ss (target's current SS, default its class SS), sensors_offline (default false).
    p_destroy is the chance that this attack's damage reaches the target's SS (SS to 0);
    extra p_major / p_minor are the chances that it calls for the Major / the Minor table
    (only one table is rolled, so p_minor excludes p_major).
    """
    given = {k: v for k, v in options.items() if v is not None}
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r} for cal; the options are: {', '.join(OPTIONS)}")
    missing = [k for k in REQUIRED if k not in given]
    if missing:
        raise ValueError(f"cal odds need {', '.join(missing)} (attacker, weapon, target and distance)")
    crew = check_int(given.get("crew", 0), "crew")
    sensors_offline = bool(given.get("sensors_offline", False))
    profile = shot_profile(ruleset, given["attacker"], given["weapon"], given["target"],
                           given["distance"], given.get("shots"), sensors_offline)
    _, target_cls = ship_class(ruleset, given["target"], "target class")
    ss = check_int(given["ss"], "ss", 0) if "ss" in given else target_cls.ss
    dist = gunnery_distribution(ruleset, given["attacker"], given["weapon"], given["target"],
                                given["distance"], crew, profile.shots, sensors_offline)
    minor, major = damage_thresholds(ruleset, ss)
    checks = dist.map(lambda damage: damage_check(ruleset, ss, damage))
    notes = [
        f"{profile.attacker} {profile.weapon} {profile.strength}/{profile.max_range} at {profile.target}, "
        f"{profile.distance} hexes: {profile.band} range; a shot hits when 1d6 + Crew ({signed(crew)}) "
        f"reaches {profile.target_number}; {profile.damage} damage a hit; {profile.shots} shot(s).",
        f"Target SS {ss}{'' if 'ss' in given else ' (full)'}: Minor table from {minor} damage, Major from {major} "
        f"(threshold {ruleset.setting('threshold')}).",
        "Only this attack's damage is counted; other damage this round adds to the same total.",
    ]
    if not ruleset.setting("ss_zero_destroys"):
        notes.append("SS 0 alone does not destroy a ship; only a Reactor Breach does.")
    return AttackOdds(
        p_hit=p_success(profile.target_number, crew),
        damage=dict(dist.items()),
        expected_damage=dist.mean,
        p_destroy=dist.probability(lambda damage: damage >= ss),
        extra={"p_major": checks[MAJOR], "p_minor": checks[MINOR]},
        notes=tuple(notes),
    )
