"""Exact odds of a cal gunnery attack, for `mstracker odds cal ...` and the game's fire form alike.

The chance to destroy is the chance of destruction under the book: only a Reactor Breach destroys
(cal §Damage: "Once a ship's superstructure points are reduced to 0, they cannot be reduced any
further; however, any further damage inflicted on this ship will trigger a roll on the Major Damage
table"). So it is the chance that the round's damage calls for a table times the chance that table
(and any Chain Reaction) comes up Reactor Breach; the chance of reaching SS 0 is shown apart
(p_SS_reaches_0). The house rule "SS 0 destroys" (ss_zero_destroys) turns SS 0 into destruction.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...dice import Distribution
from ...rules.outcome import AttackOdds
from .common import check_int, p_success, ship_class, signed
from .notation import plural
from .damage import MAJOR, MINOR, damage_check, damage_thresholds, destroy_chance
from .model import Ruleset
from .procedures import gunnery_distribution, shot_profile

OPTIONS = ("attacker", "weapon", "target", "distance", "crew", "shots", "ss", "sensors_offline")
REQUIRED = ("attacker", "weapon", "target", "distance")


def damage_figures(ruleset: Ruleset, ss: int, already: int, dist: Mapping[int, Fraction]) -> dict[str, Fraction]:
    """For a distribution of new damage on top of `already` recorded this round, against SS `ss` at the
    Damage phase: the chance of destruction, of each table (only one is rolled, so p_minor excludes
    p_major) and of SS 0."""
    out = {"p_destroy": Fraction(0), "p_major": Fraction(0), "p_minor": Fraction(0), "p_SS_reaches_0": Fraction(0)}
    for damage, prob in dist.items():
        total = already + damage
        check = damage_check(ruleset, ss, total)
        out["p_destroy"] += prob * destroy_chance(ruleset, ss, total)
        out["p_major"] += prob if check == MAJOR else 0
        out["p_minor"] += prob if check == MINOR else 0
        out["p_SS_reaches_0"] += prob if ss - total <= 0 else 0
    return out


def destroy_note(ruleset: Ruleset) -> str:
    if ruleset.setting("ss_zero_destroys"):
        return ("House rule: SS 0 destroys a ship (setting “Whether SS 0 alone destroys a ship”: on); a Reactor "
                "Breach still does too.")
    return ("Only a Reactor Breach destroys (Major Damage Table 2 or 12, 2/36; a Minor roll reaches it only by Chain "
            "Reaction): SS 0 alone does not, and more damage at SS 0 calls for the Major table (cal §Damage).")


def _given(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options given (None left out), checked: no unknown one, none of the required missing."""
    given = {k: v for k, v in options.items() if v is not None}
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r} for cal; the options are: {', '.join(OPTIONS)}")
    missing = [k for k in REQUIRED if k not in given]
    if missing:
        raise ValueError(f"cal odds need {', '.join(missing)} (attacker, weapon, target and distance)")
    return given


def attack_damage(ruleset: Ruleset, options: Mapping[str, Any]) -> Distribution[int]:
    """The exact damage one weapon type's shots record on the target (0 when every shot misses), for the
    options of `attack_odds`."""
    given = _given(options)
    return gunnery_distribution(ruleset, given["attacker"], given["weapon"], given["target"], given["distance"],
                                check_int(given.get("crew", 0), "crew"), given.get("shots"),
                                bool(given.get("sensors_offline", False)))


def attack_odds(ruleset: Ruleset, options: Mapping[str, Any], *, already: int = 0) -> AttackOdds:
    """Odds of one weapon type of one ship firing its shots at one target.

    options: attacker and target (class name or code), weapon (beam | projectile), distance (hexes),
    crew (attacker's Crew modifier, default 0), shots (default the attacker's rate of fire),
    ss (target's current SS, default its class SS), sensors_offline (default false).
    `already` is the damage already recorded on the target this round (and Fire that burns in the
    Damage phase): the table and destruction chances count it with this attack's damage.
    """
    given = _given(options)
    crew = check_int(given.get("crew", 0), "crew")
    profile = shot_profile(ruleset, given["attacker"], given["weapon"], given["target"],
                           given["distance"], given.get("shots"), bool(given.get("sensors_offline", False)))
    _, target_cls = ship_class(ruleset, given["target"], "target class")
    ss = check_int(given["ss"], "ss", 0) if "ss" in given else target_cls.ss
    dist = attack_damage(ruleset, given)
    damage = dict(dist.items())
    figures = damage_figures(ruleset, ss, already, damage)
    minor, major = damage_thresholds(ruleset, ss)
    notes = [
        f"{profile.attacker} {profile.weapon} {profile.strength}/{profile.max_range} at {profile.target}, "
        f"{plural(profile.distance, 'hex', 'hexes')}: {profile.band} range; a shot hits when 1d6 + Crew ({signed(crew)}) "
        f"reaches {profile.target_number}; {profile.damage} damage a hit; {profile.shots} shot(s).",
        f"Target SS {ss}{'' if 'ss' in given else ' (full)'}: Minor table from {minor} damage, Major from {major} "
        f"(SS/4 and SS/2 rounded {'up' if ruleset.setting('threshold') == 'ceil' else 'down, plus 1'}: rebuilt from the "
        f"book's Destroyer example, threshold = {ruleset.setting('threshold')}).",
        destroy_note(ruleset),
    ]
    if already:
        notes.append(f"Already recorded on the target this round: {already}; the table and destroy chances count it.")
    else:
        notes.append("Only this attack's damage is counted; other damage this round adds to the same total.")
    return AttackOdds(
        p_hit=p_success(profile.target_number, crew),
        damage=damage,
        # the SS this damage will take in the Damage phase, with what is already recorded (never past 0)
        expected_damage=sum((p * (min(already + d, ss) - min(already, ss)) for d, p in damage.items()), Fraction(0)),
        p_destroy=figures["p_destroy"],
        extra={"p_major": figures["p_major"], "p_minor": figures["p_minor"], "p_SS_reaches_0": figures["p_SS_reaches_0"]},
        notes=tuple(notes),
    )
