"""Damage in cal (cal §Damage): thresholds, the Minor / Major / Boarder tables, damage resolution, the
chance of destruction, and the pick die for Battery / Ordnance Bay Damaged (their notes were lost).

Every function reads its numbers from the ruleset (tables, effects, general, settings), so house
rules apply to the rolled path and to the exact distributions alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from ...dice import DieRoll, Distribution, FaceSource
from ...rules.base import dice_range
from ...rules.outcome import Resolution, Step
from .common import check_int, signed
from .model import CAPITAL, Ruleset, unit_type

NONE, MINOR, MAJOR = "none", "minor", "major"


def damage_thresholds(ruleset: Ruleset, ss: int) -> tuple[int, int]:
    """(minor, major): the least round damage that calls for each table, given the SS at the start.

    ceil (default): minor = SS/4 and major = SS/2 rounded up; strict: each rounded down, plus 1.
    At SS 0 any damage at all calls for the Major table.
    """
    check_int(ss, "SS", 0)
    if ss == 0:
        return 1, 1
    g = ruleset.general
    if ruleset.setting("threshold") == "strict":
        return ss // g.minor_divisor + 1, ss // g.major_divisor + 1
    return math.ceil(ss / g.minor_divisor), math.ceil(ss / g.major_divisor)


def damage_check(ruleset: Ruleset, ss: int, damage: int) -> str:
    """Which table a damage total calls for: 'major', 'minor' or 'none' (only one table a round)."""
    if damage <= 0:
        return NONE
    minor, major = damage_thresholds(ruleset, ss)
    if damage >= major:
        return MAJOR
    if damage >= minor:
        return MINOR
    return NONE


def table_called(ruleset: Ruleset, ss: int, damage: int) -> str:
    """The table one damage event rolls on: none for too little damage, and none when the house rule
    "SS 0 destroys" (ss_zero_destroys) takes the ship out without a roll."""
    check = damage_check(ruleset, ss, damage)
    if check != NONE and ruleset.setting("ss_zero_destroys") and ss - damage <= 0:
        return NONE
    return check


def destroy_chance(ruleset: Ruleset, ss: int, damage: int) -> Fraction:
    """The chance that one damage event destroys the ship: a Reactor Breach on the table it calls
    for (cal §Damage: SS 0 alone is no destruction), or 1 under the house rule ss_zero_destroys."""
    if damage_check(ruleset, ss, damage) == NONE:
        return Fraction(0)
    if ruleset.setting("ss_zero_destroys") and ss - damage <= 0:
        return Fraction(1)
    chains = table_distribution(ruleset, damage_check(ruleset, ss, damage))
    return chains.probability(lambda chain: any(ruleset.effect(code).destroyed for code in chain))


def pick_sides(choices: int) -> int | None:
    """The die that picks among `choices` (which battery a Battery Damaged hits, which bay an
    Ordnance Bay Damaged destroys; the book's notes were lost): a d6 split evenly when the choices
    divide 6, else a die with one face per choice; no die for one choice or none."""
    if choices <= 1:
        return None
    return 6 if 6 % choices == 0 else choices


def pick_index(face: int, choices: int) -> int:
    """The choice (0-based) a face of the `pick_sides` die picks."""
    sides = pick_sides(choices)
    return (face - 1) // (6 // choices) if sides == 6 else face - 1


def breach_blast(ruleset: Ruleset, ss_before: int) -> int:
    """Reactor Breach blast: the SS before the damage that caused the roll, halved, rounded up."""
    return math.ceil(ss_before / ruleset.general.breach_blast_divisor)


@dataclass
class Tally:
    """What a chain of table results did to one ship."""

    effects: list[str] = field(default_factory=list)
    crew: int = 0
    crew_permanent: int = 0
    fire: int = 0
    statuses: list[str] = field(default_factory=list)
    destroyed: bool = False

    def add(self, ruleset: Ruleset, code: str) -> None:
        effect = ruleset.effect(code)
        self.effects.append(code)
        if effect.crew_permanent:
            self.crew_permanent += effect.crew
        else:
            self.crew += effect.crew
        self.fire += effect.fire
        if effect.status and effect.status not in self.statuses:
            self.statuses.append(effect.status)
        self.destroyed = self.destroyed or effect.destroyed

    def outcome(self) -> dict[str, object]:
        return {
            "effects": list(self.effects),
            "crew": self.crew,
            "crew_permanent": self.crew_permanent,
            "fire": self.fire,
            "statuses": list(self.statuses),
            "destroyed": self.destroyed,
        }


def _table_dice(dice: str) -> tuple[int, int]:
    span = dice_range(dice)
    count = span.start
    return count, (span.stop - 1) // count


def _effect_words(ruleset: Ruleset, code: str) -> str:
    effect = ruleset.effect(code)
    parts = []
    if effect.crew:
        parts.append(f"Crew {signed(effect.crew)}" + (" for good" if effect.crew_permanent else ""))
    if effect.fire:
        parts.append(f"Fire {signed(effect.fire)}")
    if effect.notes and not effect.destroyed:
        parts.append(effect.notes[:1].lower() + effect.notes[1:].rstrip("."))
    if effect.then_roll:
        parts.append(f"roll on the {ruleset.tables[effect.then_roll].name}")
    if effect.destroyed:
        parts.append("the ship is destroyed")
    name = next(n for n, e in ruleset.effects.items() if e.code == code)
    return f"{name}" + (f" ({'; '.join(parts)})" if parts else "")


def roll_table(
    ruleset: Ruleset, table_key: str, faces: FaceSource, tally: Tally, modifier: int = 0
) -> list[Step]:
    """Roll one table, apply the result to `tally`, and follow any roll it calls for."""
    table = ruleset.tables[table_key]
    count, sides = _table_dice(table.dice)
    drawn = tuple(DieRoll(sides, faces.next_face(sides)) for _ in range(count))
    raw = sum(d.face for d in drawn)
    span = dice_range(table.dice)
    total = min(max(raw + modifier, span.start), span.stop - 1)
    shown = " + ".join(str(d.face) for d in drawn)
    if count > 1:
        shown += f" = {raw}"
    if modifier:
        shown += f", Crew {signed(modifier)} → {total}"
    row = table.lookup(total)
    steps = [Step(f"{table.name}: rolled {shown}: {_effect_words(ruleset, row.result)}.", drawn)]
    tally.add(ruleset, row.result)
    follow = ruleset.effect(row.result).then_roll
    if follow and not tally.destroyed:
        steps += roll_table(ruleset, follow, faces, tally)
    return steps


def table_distribution(ruleset: Ruleset, table_key: str, modifier: int = 0) -> Distribution[tuple[str, ...]]:
    """Exact chance of each chain of results (effect codes) from one roll of a table."""
    table = ruleset.tables[table_key]
    count, sides = _table_dice(table.dice)
    span = dice_range(table.dice)

    def chain(total: int) -> Distribution[tuple[str, ...]]:
        row = table.lookup(min(max(total + modifier, span.start), span.stop - 1))
        effect = ruleset.effect(row.result)
        if effect.then_roll and not effect.destroyed:
            return table_distribution(ruleset, effect.then_roll).map(lambda rest: (row.result, *rest))
        return Distribution.constant((row.result,))

    return Distribution.dice(count, sides).bind(chain)


def damage_distribution(ruleset: Ruleset, ss: int, damage: int) -> Distribution[tuple[str, ...]]:
    """Exact chance of each chain of table results for one damage event (() = no roll)."""
    check = table_called(ruleset, ss, damage)
    if check == NONE:
        return Distribution.constant(())
    return table_distribution(ruleset, check)


def _blast_steps(ruleset: Ruleset, tally: Tally, ss_before: int, kind: str) -> tuple[list[Step], dict[str, object]]:
    if not tally.destroyed:
        return [], {"blast": None, "clears_ordnance_radius": None}
    blast = breach_blast(ruleset, ss_before)
    radius = int(ruleset.setting("capital_breach_clears_ordnance_radius")) if kind == CAPITAL else 0
    how = "resolved at once against each" if ruleset.setting("breach_blast") == "immediate" else "added to their round totals"
    words = (f"The ship explodes: {blast} damage (SS {ss_before} halved, rounded up) to every ship in its hex "
             f"and the adjacent hexes, {how}. ")
    if radius:
        words += f"A capital ship's blast also removes all ordnance within {radius} hex{'es' if radius > 1 else ''}."
    else:
        words += "Ordnance nearby stays in play."
    return [Step(words)], {"blast": blast, "clears_ordnance_radius": radius}


def resolve_damage(
    ruleset: Ruleset, ss: int, damage: int, faces: FaceSource, *, unit: str, immediate: bool = False
) -> Resolution:
    """Subtract a damage total from SS and roll the table it calls for (Damage phase step 2-3).

    `ss` is the SS before this damage, `unit` the ship's type (Escort / Capital Ship). With
    `immediate` (ram, Interphase fire, hard turn, blast) the words say so; the rules are the same.
    """
    check_int(ss, "SS", 0)
    check_int(damage, "damage", 0)
    kind = unit_type(unit)
    minor, major = damage_thresholds(ruleset, ss)
    after = max(ss - damage, 0)
    what = "Immediate damage" if immediate else "Round damage"
    if ss == 0:
        rule = "the ship is at SS 0, so any damage calls for the Major table"
    else:
        rule = f"minor from {minor}, major from {major}"
    steps = [Step(f"{what} {damage} against SS {ss} ({rule}): SS {ss} → {after}.")]
    check = damage_check(ruleset, ss, damage)
    tally = Tally()
    if check != NONE and ruleset.setting("ss_zero_destroys") and after == 0:
        tally.destroyed = True
        steps.append(Step("SS 0 destroys the ship: the house rule 'SS 0 destroys' is on (setting “Whether SS 0 "
                          "alone destroys a ship”: on)."))
        check = NONE
    elif check == NONE:
        steps.append(Step("Not enough for a damage table: no roll."))
    else:
        steps += roll_table(ruleset, check, faces, tally)
    blast_steps, blast = _blast_steps(ruleset, tally, ss, kind) if check != NONE else ([], {})
    steps += blast_steps
    outcome = {"ss_before": ss, "damage": damage, "ss_after": after, "minor_threshold": minor,
               "major_threshold": major, "check": check, **tally.outcome(),
               "blast": None, "clears_ordnance_radius": None, **blast}
    return Resolution(tuple(steps), _summary(check, after, tally), outcome)


def _summary(check: str, after: int, tally: Tally) -> str:
    if tally.destroyed:
        return f"destroyed ({', '.join(tally.effects) or 'SS 0'})"
    if check == NONE:
        return f"SS {after}, no damage table"
    return f"SS {after}, {check} damage: {', '.join(tally.effects)}"


def resolve_boarders(
    ruleset: Ruleset, boarders: int, ss: int, faces: FaceSource, *, unit: str, crew: int = 0
) -> Resolution:
    """Interphase step 5: one Boarder table roll per boarder, each applied at once."""
    check_int(boarders, "boarders", 0)
    check_int(ss, "SS", 0)
    kind = unit_type(unit)
    modifier = crew if ruleset.setting("boarder_roll_modified") else 0
    tally = Tally()
    steps: list[Step] = []
    if boarders == 0:
        steps.append(Step("No boarders aboard: no Boarder roll."))
    for n in range(1, boarders + 1):
        sub = roll_table(ruleset, "boarder", faces, tally, modifier)
        steps += [Step(f"Boarder {n}: {s.text}", s.dice) if i == 0 else s for i, s in enumerate(sub)]
        if tally.destroyed:
            if n < boarders:
                steps.append(Step(f"The ship is destroyed; the other {boarders - n} Boarder roll(s) are not made."))
            break
    blast_steps, blast = _blast_steps(ruleset, tally, ss, kind)
    steps += blast_steps
    summary = "destroyed" if tally.destroyed else (", ".join(tally.effects) or "no effect")
    return Resolution(tuple(steps), summary, {"boarders": boarders, **tally.outcome(),
                                              "blast": None, "clears_ordnance_radius": None, **blast})


def boarder_distribution(ruleset: Ruleset, crew: int = 0) -> Distribution[tuple[str, ...]]:
    """Exact chance of each chain of results from one Boarder roll."""
    modifier = crew if ruleset.setting("boarder_roll_modified") else 0
    return table_distribution(ruleset, "boarder", modifier)
