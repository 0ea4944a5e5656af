"""Exact odds of one pz8 attack, for `mstracker odds pz8 ...` and the battle screen."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ...rules.names import UnknownName
from ...rules.outcome import AttackOdds
from .procedures import (
    fire_back_can_hit,
    gun_attack_joint,
    may_fire_back,
    no_fire_back_note,
    to_hit_need,
    torpedo_attack_distribution,
)
from .model import Ruleset

FLAGS = ("damaged", "target_damaged", "fire_back", "at_torpedo", "torpedo")
OPTIONS = ("distance", *FLAGS)
"""distance: hexes (1-9); damaged: the firer is Damaged; target_damaged; fire_back: this shot is a
fire-back; at_torpedo: shooting at a Torpedo salvo; torpedo: the attacker is a Torpedo salvo."""


def _result_is(result: str, hit_result: tuple[bool, str]) -> bool:
    return hit_result[1] == result


def _flag(name: str, value: Any) -> bool:
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    raise ValueError(f"{name} must be true or false, not {value!r}.")


def _distance(value: Any, last: int) -> int:
    if value is None:
        raise ValueError(f"Give the distance in hexes from the firer to the target (1 to {last}).")
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"The distance must be a whole number of hexes (1 to {last}), not {value!r}.")
    return value


def _read(options: Mapping[str, Any]) -> dict[str, Any]:
    for key in options:
        if key not in OPTIONS:
            raise UnknownName(f"unknown option {key!r}; choose one of: {', '.join(OPTIONS)}")
    return {name: _flag(name, options.get(name)) for name in FLAGS} | {"distance": options.get("distance")}


def attack_odds(ruleset: Ruleset, options: Mapping[str, Any]) -> AttackOdds:
    """Chance to hit and of each result (none / damaged / destroyed, or none / exploded when
    shooting at torpedoes); p_destroy is the chance the target is Destroyed (or explodes)."""
    opts = _read(options)
    if opts["torpedo"]:
        return _torpedo_odds(ruleset, opts)
    last = max(b.max_distance for b in ruleset.to_hit.values())
    distance = _distance(opts["distance"], last)
    if opts["at_torpedo"] and opts["target_damaged"]:
        raise ValueError("Torpedo salvos are never Damaged; drop target_damaged when shooting at torpedoes.")
    flags = {k: opts[k] for k in ("damaged", "fire_back", "at_torpedo")}
    need = to_hit_need(ruleset, distance, **flags)
    joint = gun_attack_joint(ruleset, distance=distance, target_damaged=opts["target_damaged"], **flags)
    p_hit = joint.probability(lambda hr: hr[0])
    keys = ("none", "exploded") if opts["at_torpedo"] else ("none", "damaged", "destroyed")
    outcomes = {k: joint.probability(partial(_result_is, k)) for k in keys}
    answerable = not opts["at_torpedo"] and (not opts["fire_back"] or bool(ruleset.setting("fireback_chain")))
    extra: dict[str, Fraction] = {}
    notes = shot_notes(ruleset, need, opts)
    if answerable and not fire_back_can_hit(ruleset, distance, damaged=opts["target_damaged"]):
        answerable, notes = False, (*notes, no_fire_back_note(distance))  # said, not a silent 0%
    if answerable:  # a shot at Torpedoes, or a fire-back nobody may answer, leaves nothing to show
        extra["p_target_may_fire_back"] = joint.probability(
            lambda hr: may_fire_back(ruleset, hit=hr[0], result=hr[1], fire_back=opts["fire_back"],
                                     at_torpedo=opts["at_torpedo"], distance=distance,
                                     target_damaged=opts["target_damaged"])
        )
    return AttackOdds(
        p_hit=p_hit,
        outcomes=outcomes,
        p_destroy=outcomes["exploded" if opts["at_torpedo"] else "destroyed"],
        extra=extra,
        notes=notes,
    )


def shot_notes(ruleset: Ruleset, need: Any, opts: Mapping[str, Any]) -> tuple[str, ...]:
    """The notes of a shot's odds: the band, its modifiers, the faces that hit, the dice of the opposed roll."""
    notes = [f"{need.band}: needs {need.number}+ on 1D6 (pz8 §4)"]
    if need.modifiers:
        notes[0] += " with " + ", ".join(f"{n} {v:+d}" for n, v in need.modifiers)
    lowest = need.lowest_face
    if lowest is None:
        notes.append("no face can hit (a natural 6 does not hit automatically: house default, setting "
                     "“A natural 6 always hits, whatever the modifiers”: off)")
    elif lowest == 6:
        notes.append("only a 6 hits")
    else:
        notes.append(f"a face of {lowest} or more hits")
    if lowest == 6 and need.number - need.modifier > 6:
        notes.append("only because a natural 6 always hits (house rule, setting “A natural 6 always hits, whatever the modifiers”: on)")
    if not opts["at_torpedo"]:
        ship = ruleset.spaceship
        att = ship.attack_damaged if opts["damaged"] else ship.attack
        tgt = ship.defence_damaged if opts["target_damaged"] else ship.defence
        notes.append(f"on a hit: attacker {att} against target {tgt}")
        if opts["target_damaged"]:
            notes.append("the target is already Damaged: a Damaged result destroys it")
    return tuple(notes)


def _torpedo_odds(ruleset: Ruleset, opts: dict[str, Any]) -> AttackOdds:
    for name in ("damaged", "fire_back", "at_torpedo"):
        if opts[name]:
            raise ValueError(f"A Torpedo attack hits automatically; {name} does not apply to it.")
    dist = torpedo_attack_distribution(ruleset, target_damaged=opts["target_damaged"])
    outcomes = {k: dist[k] for k in ("none", "damaged", "destroyed")}
    ship = ruleset.spaceship
    tgt = ship.defence_damaged if opts["target_damaged"] else ship.defence
    return AttackOdds(
        p_hit=Fraction(1),
        outcomes=outcomes,
        p_destroy=outcomes["destroyed"],
        notes=(f"Torpedoes hit automatically (pz8 §5): {ship.torpedo_attack} against target {tgt}",),
    )
