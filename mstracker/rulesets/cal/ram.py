"""Rams (cal §Moving Ships According To Course): whether a ram happens (the book's three wordings, a house
default) and the two ships' damage, each resolved at once."""

from __future__ import annotations

from ...dice import FaceSource
from ...rules.outcome import Resolution, Step
from .common import signed
from .damage import resolve_damage
from .model import Ruleset


def ram_happens(ruleset: Ruleset, first_wants: bool, second_wants: bool) -> bool:
    """Whether a ram occurs, by setting ram_consent (either / both / mandatory)."""
    consent = ruleset.setting("ram_consent")
    if consent == "mandatory":
        return True
    if consent == "both":
        return first_wants and second_wants
    return first_wants or second_wants


def resolve_ram(
    ruleset: Ruleset,
    first: tuple[str, int, str],
    second: tuple[str, int, str],
    faces: FaceSource,
    *,
    hostile: bool = True,
) -> Resolution:
    """A two-ship ram: each ship, given as (name, current SS, type), deals its current SS to the other.

    Each side's damage is resolved at once against its current SS (first ship first); every
    survivor of a hostile ram gains the Crew bonus (which may pass its starting Crew).
    """
    (name_a, ss_a, unit_a), (name_b, ss_b, unit_b) = first, second
    hit_a = resolve_damage(ruleset, ss_a, ss_b, faces, unit=unit_a, immediate=True)
    hit_b = resolve_damage(ruleset, ss_b, ss_a, faces, unit=unit_b, immediate=True)
    steps = [Step(f"Ram: {name_a} (SS {ss_a}) and {name_b} (SS {ss_b}) each deal their current SS to the other.")]
    steps += [Step(f"{name_a}: {s.text}", s.dice) for s in hit_a.steps]
    steps += [Step(f"{name_b}: {s.text}", s.dice) for s in hit_b.steps]
    bonus = ruleset.general.ram_crew_bonus if hostile else 0
    gains = {}
    for key, name, hit in (("first", name_a, hit_a), ("second", name_b, hit_b)):
        gains[key] = 0 if hit.outcome["destroyed"] else bonus
        if gains[key]:
            steps.append(Step(f"{name} survives a hostile ram: Crew {signed(bonus)} (may pass its starting Crew)."))
    return Resolution(
        tuple(steps),
        f"{name_a}: {hit_a.summary}; {name_b}: {hit_b.summary}",
        {"first": hit_a.outcome, "second": hit_b.outcome, "crew_bonus": gains},
    )
