"""How cal bookkeeping is written on a Ship Record: ready-track counters, course records, movement
points typed at the table, and small words (signed numbers, plurals)."""

from __future__ import annotations

from collections.abc import Iterable

from ...game.errors import InvalidAction
from . import cite
from .course import Course

READY = "ready"


def signed(value: int) -> str:
    return f"{value:+d}"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


# ---- Ordnance Ready Track counters --------------------------------------------------------------


def counter_text(kind: str, left: int) -> str:
    """A counter on an Ordnance Ready Track: 'Torpedo 3' (Interphases to go) or 'Torpedo ready'."""
    return f"{kind} {READY if left <= 0 else left}"


def parse_counter(text: str) -> tuple[str, int]:
    kind, _, left = str(text).rpartition(" ")
    return kind, 0 if left == READY else int(left)


def sorted_track(counters: Iterable[str]) -> list[str]:
    """Ready counters first, then by Interphases to go; stable within each."""
    return sorted(counters, key=lambda c: parse_counter(c)[1])


# ---- courses -------------------------------------------------------------------------------------


def course_text(course: Course) -> str:
    """The course record: 'd3=2 d4=1 cw=1' (hexes per round by direction, rotation), or 'stationary'."""
    parts = [f"d{side}={n}" for side, n in course.moves().items()]
    parts += [f"{turn}={n}" for turn, n in (("cw", course.cw), ("ccw", course.ccw)) if n]
    return " ".join(parts) or "stationary"


def parse_course(text: str) -> Course:
    """A course record typed or stored as 'd3=2 d4=1 cw=1' ('3=2' and '3:2' work too)."""
    words = str(text).replace(",", " ").split()
    if not words or words == ["stationary"]:
        return Course()
    sides = [0] * 6
    turns = {"cw": 0, "ccw": 0}
    for word in words:
        key, sep, value = word.replace(":", "=").partition("=")
        key = key.strip().casefold()
        try:
            n = int(value) if sep else 1
        except ValueError:
            raise InvalidAction(f"course: {word!r} is not like d3=2 or cw=1 ({cite.COURSE})") from None
        if n < 0:
            raise InvalidAction(f"course: {word!r} is negative ({cite.COURSE})")
        if key in turns:
            turns[key] += n
            continue
        side = key[1:] if key.startswith("d") else key
        if not side.isdigit() or not 1 <= int(side) <= 6:
            raise InvalidAction(f"course: {word!r} names no direction 1 to 6 (d1..d6) nor cw / ccw ({cite.COURSE})")
        sides[int(side) - 1] += n
    return Course(sides=tuple(sides), cw=turns["cw"], ccw=turns["ccw"])


def parse_spend(text: str) -> dict[int | str, int]:
    """Movement points: '2 2 3' (one MP each), '2=2 cw', 'ccw=2' -> {2: 2, 3: 1, 'cw': 1}."""
    spend: dict[int | str, int] = {}
    for word in str(text).replace(",", " ").split():
        key, sep, value = word.replace(":", "=").replace("x", "=").partition("=")
        key = key.strip().casefold()
        key = key[1:] if key.startswith("d") and key[1:].isdigit() else key
        try:
            n = int(value) if sep else 1
        except ValueError:
            raise InvalidAction(f"course: {word!r} is not like 3, 3=2, cw or cw=2 ({cite.ALTERING})") from None
        slot: int | str = int(key) if key.isdigit() else key
        spend[slot] = spend.get(slot, 0) + n
    return spend
