"""Exact odds of one spook attack, for `mstracker odds spook ...` and the battle screen."""

from __future__ import annotations

from typing import Any

from ...rules.outcome import AttackOdds
from .model import Ruleset
from .procedures import MAX_FLARE_LAUNCHERS, attack_distribution, attack_setup

OPTION_KEYS = ("weapon", "target", "afterburner", "flares", "armor")


def _flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def _options(options: dict[str, Any]) -> dict[str, Any]:
    # Flags the CLI leaves unset arrive as None/False; only set ones must belong to spook.
    given = {k: v for k, v in options.items() if v is not None and v is not False}
    unknown = [k for k in given if k not in OPTION_KEYS]
    if unknown:
        used = ", ".join(_flag(k) for k in OPTION_KEYS)
        raise ValueError(f"spook odds do not use {', '.join(_flag(k) for k in unknown)}; they take {used}.")
    for key in ("weapon", "target"):
        if not isinstance(given.get(key), str) or not given[key].strip():
            example = "'Ion Beam' or E3" if key == "weapon" else "'Frigate' or D1"
            raise ValueError(f"name the {key} with {_flag(key)}, e.g. {example}.")
    if not isinstance(given.get("afterburner", False), bool):
        raise ValueError(f"--afterburner is a yes/no switch, not {given['afterburner']!r}.")
    flares = given.get("flares", 0)
    if isinstance(flares, bool) or not isinstance(flares, int) or not 0 <= flares <= MAX_FLARE_LAUNCHERS:
        limit = f"from 0 to {MAX_FLARE_LAUNCHERS}"
        raise ValueError(f"--flares must be a whole number of launchers {limit}, not {flares!r}.")
    armor = given.get("armor")
    if armor is not None and (isinstance(armor, bool) or not isinstance(armor, int) or armor < 1):
        raise ValueError(f"--armor must be the target's current armor, a whole number of 1 or more, not {armor!r}.")
    return given


def attack_odds(ruleset: Ruleset, options: dict[str, Any]) -> AttackOdds:
    """Odds of one weapon against one class.

    Options: weapon (name or code), target (class name or code), afterburner (target has +2
    agility), flares (flare launchers with ammo on the target), armor (target's current armor, for
    p_destroy). Unknown names raise UnknownName listing the choices; other bad input ValueError.
    """
    opts = _options(options)
    afterburner = bool(opts.get("afterburner", False))
    flares = int(opts.get("flares", 0))
    setup = attack_setup(ruleset, opts["weapon"], opts["target"], afterburner=afterburner, flares=flares)
    dist = attack_distribution(ruleset, opts["weapon"], opts["target"], afterburner=afterburner, flares=flares)
    damage = dist.map(lambda o: o.damage)

    notes: list[str] = []
    w, t = setup.weapon, setup.target
    if setup.roll_needed:
        notes.append(f"accuracy {w.accuracy} < agility {setup.agility}: a d12 decides the hit")
    else:
        notes.append(f"accuracy {w.accuracy} ≥ agility {setup.agility}: no roll, the hit lands")
    if w.damage_die:
        notes.append(f"damage {w.damage}: the d{w.damage_die} is rolled first")
    if setup.flares_answer:
        notes.append(f"{flares} flare launcher(s) roll in turn against it; each spends 1 ammo")
    elif flares and w.ordnance is not None:
        notes.append(f"flares do not answer a {setup.weapon_name} (setting flares_vs = {ruleset.setting('flares_vs')})")
    if afterburner and t.code not in ruleset.device("Afterburner")[1].designation:
        notes.append(f"a {setup.target_name} cannot normally mount an Afterburner")
    flare_device = ruleset.device("Flare Launcher")[1]
    if flares and (t.code not in flare_device.designation or flares > t.device_slots):
        notes.append(f"a {setup.target_name} cannot normally carry {flares} Flare Launcher(s)")
    p_ff = dist.probability(lambda o: o.friendly_fire > 0)
    if p_ff:
        notes.append(f"friendly fire hits only if an own ship is within range {w.range} of the attacker")

    p_destroy = None
    if "armor" in opts:
        armor = int(opts["armor"])
        threshold = int(ruleset.setting("destroyed_at_armor"))
        p_destroy = damage.probability(lambda d: armor - d <= threshold)
        if armor > t.armor:
            notes.append(f"armor {armor} is above a {setup.target_name}'s full armor {t.armor}")

    return AttackOdds(
        p_hit=damage.probability(lambda d: d > 0),
        damage=dict(damage.items()),
        expected_damage=damage.mean,
        p_destroy=p_destroy,
        extra={"p_friendly_fire": p_ff},
        notes=tuple(notes),
    )
