"""Movement legality of one activation (the part of it that is bookkeeping, not geometry).

The player says what each MP bought: forward one hex, or a 60° turn left or right. Whether a hex is
free of asteroids or other ships is for the table to show (DESIGN.md: the table is the board).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .model import Ruleset

_WORDS = {
    "f": "forward", "forward": "forward", "fwd": "forward",
    "l": "left", "left": "left",
    "r": "right", "right": "right",
    "t": "turn", "turn": "turn",
}


@dataclass(frozen=True)
class MoveCheck:
    """Whether one activation's MPs are legal, with a sentence for each problem."""

    legal: bool
    problems: tuple[str, ...]
    spent: int
    hexes: int
    turns: int
    allowed: int


def parse_mps(mp_sequence: str | Iterable[str]) -> tuple[str, ...]:
    """MPs as 'forward' / 'left' / 'right' / 'turn' from 'FFLF', 'F F L F', 'forward, left' or a list."""
    if isinstance(mp_sequence, str):
        tokens = [t for t in re.split(r"[\s,;]+", mp_sequence.strip()) if t]
        if len(tokens) == 1 and tokens[0].casefold() not in _WORDS and set(tokens[0].casefold()) <= set("flrt"):
            tokens = list(tokens[0])
    else:
        tokens = list(mp_sequence)
    out = []
    for token in tokens:
        word = _WORDS.get(str(token).strip().casefold())
        if word is None:
            raise ValueError(f"{token!r} is not a move: each MP is F (forward one hex), L or R (turn 60°).")
        out.append(word)
    return tuple(out)


def check_move(ruleset: Ruleset, mp_sequence: str | Iterable[str], *, damaged: bool = False) -> MoveCheck:
    """Check one activation's MPs: at least the minimum, the first one forward, no more than the ship has."""
    ship = ruleset.spaceship
    mps = parse_mps(mp_sequence)
    allowed = ship.damaged_mps if damaged else ship.mps
    problems: list[str] = []
    if len(mps) < ship.min_mps:
        problems.append(f"A Spaceship must spend at least {ship.min_mps} MP when it is activated.")
    if mps and mps[0] != ship.first_mp:
        problems.append(f"The first MP must move the ship {ship.first_mp} one hex, not turn it.")
    if len(mps) > allowed:
        who = "A Damaged Spaceship" if damaged else "A Spaceship"
        problems.append(f"{who} has {allowed} MPs; this move spends {len(mps)}.")
    hexes = sum(1 for m in mps if m == "forward")
    return MoveCheck(not problems, tuple(problems), len(mps), hexes, len(mps) - hexes, allowed)
