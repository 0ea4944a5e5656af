"""Course bookkeeping of cal (Movement): the eight course numbers, their reduction, MPs, torpedo courses.

Hex sides are numbered 1..6 from the index arrow; sides s and s+3 are opposite, s and s+2 are
"separated by one hex side" with s+1 between them.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import Field, field_validator

from ...rules.base import Frozen
from . import cite
from .common import article, check_int
from .model import Ruleset, unit_type

SIDES = (1, 2, 3, 4, 5, 6)
ROTATIONS = ("cw", "ccw")


def _index(side: int) -> int:
    if isinstance(side, bool) or side not in SIDES:
        raise ValueError(f"a hex side is 1 to 6, not {side!r} ({cite.COURSE})")
    return side - 1


def opposite(side: int) -> int:
    """The hex side opposite `side` (1 <-> 4, 2 <-> 5, 3 <-> 6)."""
    return (_index(side) + 3) % 6 + 1


def moving_backwards(facing: int, direction: int) -> bool:
    """True when a ship moves in the direction opposite its facing (facing 5, moving 2)."""
    return opposite(facing) == direction


class Course(Frozen):
    """A course: hexes per round in directions 1..6 plus hex sides of rotation per round."""

    sides: tuple[int, int, int, int, int, int] = Field(default=(0, 0, 0, 0, 0, 0))
    cw: int = Field(default=0, ge=0, le=1000)
    ccw: int = Field(default=0, ge=0, le=1000)

    @field_validator("sides")
    @classmethod
    def _non_negative(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(v < 0 or v > 1000 for v in value):
            raise ValueError(f"course numbers are 0 to 1000 ({cite.COURSE})")
        return value

    @classmethod
    def of(cls, moves: Mapping[int, int] | None = None, *, cw: int = 0, ccw: int = 0) -> Course:
        """A course from {direction: hexes}, e.g. Course.of({3: 2, 4: 1})."""
        sides = [0] * 6
        for side, value in (moves or {}).items():
            sides[_index(side)] = check_int(value, f"course in direction {side}", 0)
        return cls(sides=tuple(sides), cw=cw, ccw=ccw)

    def side(self, side: int) -> int:
        return self.sides[_index(side)]

    def moves(self) -> dict[int, int]:
        """The non-zero directions, {direction: hexes}."""
        return {s: v for s, v in zip(SIDES, self.sides) if v}

    def is_reduced(self) -> bool:
        """At most two adjacent directions and one rotation: nothing left to reduce."""
        for s in SIDES:
            if self.side(s) and (self.side(opposite(s)) or self.side((s + 1) % 6 + 1)):
                return False
        return not (self.cw and self.ccw)

    def __str__(self) -> str:
        parts = [f"{v} in direction {s}" for s, v in self.moves().items()]
        parts += [f"rotate {v} {r}" for r, v in (("cw", self.cw), ("ccw", self.ccw)) if v]
        return ", ".join(parts) or "stationary"


def reduce_course(course: Course, rule2: str = "vector") -> Course:
    """Apply the three reduction rules in order until nothing changes.

    Rule 2 ("vector", the default) keeps the ship's movement: a in side s and b in side s+2 become
    a more in s+1 and b-a in the larger side. "literal" follows the book's words: the middle side is
    set to b-a and both outer sides to 0, which loses movement.
    """
    if rule2 not in ("vector", "literal"):
        raise ValueError(f"rule2 must be vector or literal, not {rule2!r} ({cite.COURSE})")
    sides = list(course.sides)
    while True:
        for i in range(3):  # rule 1: opposite sides
            low = min(sides[i], sides[i + 3])
            sides[i] -= low
            sides[i + 3] -= low
        for i in range(6):  # rule 2: sides separated by one side, lowest side number first
            k, mid = (i + 2) % 6, (i + 1) % 6
            if sides[i] and sides[k]:
                small, large = (i, k) if sides[i] <= sides[k] else (k, i)
                a, b = sides[small], sides[large]
                sides[small] = 0
                if rule2 == "vector":
                    sides[mid] += a
                    sides[large] = b - a
                else:
                    sides[mid] = b - a
                    sides[large] = 0
                break
        else:
            break
    low = min(course.cw, course.ccw)  # rule 3: rotations
    return Course(sides=tuple(sides), cw=course.cw - low, ccw=course.ccw - low)


def _parse_spend(spend: Mapping[int, int] | Mapping[int | str, int]) -> tuple[dict[int, int], dict[str, int]]:
    moves: dict[int, int] = {}
    turns: dict[str, int] = {}
    for key, value in spend.items():
        n = check_int(value, f"movement points on {key!r}", 0)
        if isinstance(key, str) and key.strip().casefold() in ROTATIONS:
            turns[key.strip().casefold()] = turns.get(key.strip().casefold(), 0) + n
            continue
        side = int(key) if isinstance(key, str) and key.strip().isdigit() else key
        if isinstance(side, bool) or side not in SIDES:
            raise ValueError(f"movement points go to a direction 1 to 6 or to cw / ccw, not {key!r} ({cite.ALTERING})")
        moves[side] = moves.get(side, 0) + n
    return moves, turns


def alter_course(
    ruleset: Ruleset,
    course: Course,
    spend: Mapping[int | str, int],
    unit: str,
    *,
    engines_damaged: bool = False,
    engines_offline: bool = False,
    ftl_powered: bool = False,
) -> tuple[Course, int]:
    """Spend movement points (+1 per MP to a course number), reduce the course.

    Returns the reduced course and the SS a hard turn costs (a capital ship spending every MP on
    rotation). ValueError when the ship may not alter course or spends too many MPs.
    """
    kind = unit_type(unit)
    if engines_offline:
        raise ValueError(f"the ship's engines are offline: it cannot change course or heading (Engines Offline, {cite.MAJOR_TABLE}).")
    if ftl_powered:
        raise ValueError(f"the ship's FTL drive is powered up: it cannot change course ({cite.FTL}).")
    allowance = ruleset.course[kind]
    mp = min(allowance.mp, ruleset.general.engines_damaged_mp) if engines_damaged else allowance.mp
    moves, turns = _parse_spend(spend)
    spent = sum(moves.values()) + sum(turns.values())
    if spent > mp:
        why = " (Engines Damaged)" if engines_damaged else ""
        raise ValueError(f"{article(kind)} has {mp} movement point{'s' if mp != 1 else ''}{why}, not {spent} ({cite.ALTERING}).")
    sides = list(course.sides)
    for side, n in moves.items():
        sides[side - 1] += n
    new = Course(sides=tuple(sides), cw=course.cw + turns.get("cw", 0), ccw=course.ccw + turns.get("ccw", 0))
    rotated = sum(turns.values())
    hard_turn = allowance.hard_turn_damage if mp >= 2 and rotated == spent == mp else 0
    return reduce_course(new, str(ruleset.setting("course_rule2"))), hard_turn


def torpedo_course(ruleset: Ruleset, ship_course: Course, facing: int,
                   extra: Mapping[int, int] | Mapping[int | str, int]) -> Course:
    """A torpedo's course at launch: the ship's course without rotation plus up to 3 MPs forward or
    to the two sides next to forward, at least half of them forward."""
    fwd = _index(facing) + 1
    allowed = {fwd, fwd % 6 + 1, (fwd - 2) % 6 + 1}
    moves, turns = _parse_spend(extra)
    if turns:
        raise ValueError(f"a torpedo's course has no rotation ({cite.TORPEDOES}).")
    for side in moves:
        if side not in allowed:
            raise ValueError(f"a torpedo launched facing {fwd} may add movement in directions "
                             f"{', '.join(str(s) for s in sorted(allowed))} only, not {side} ({cite.TORPEDOES}).")
    spent = sum(moves.values())
    limit = ruleset.general.torpedo_course_mp
    if spent > limit:
        raise ValueError(f"at most {limit} movement points go to a torpedo's course, not {spent} ({cite.TORPEDOES}).")
    if 2 * moves.get(fwd, 0) < spent:
        raise ValueError(f"at least half of the torpedo's {spent} movement points must go forward (direction {fwd}; "
                         f"{cite.TORPEDOES}).")
    sides = [v + moves.get(s, 0) for s, v in zip(SIDES, ship_course.sides)]
    return reduce_course(Course(sides=tuple(sides)), str(ruleset.setting("course_rule2")))
