"""Rolling a ruleset's dice tables, and the exact odds of landing on each row."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...dice import DieRoll, Distribution, FaceSource
from ...rules.base import DiceTable, TableRow

_DICE_RE = re.compile(r"^\s*(\d*)\s*d\s*(\d+)\s*$", re.IGNORECASE)


def table_dice(table: DiceTable) -> tuple[int, int]:
    """(number of dice, sides) of a table: 'd12' -> (1, 12), '2d6' -> (2, 6)."""
    m = _DICE_RE.match(table.dice)
    if not m:  # the DiceTable model already refuses anything else
        raise ValueError(f"{table.name}: cannot roll {table.dice!r}")
    return int(m.group(1) or 1), int(m.group(2))


def roll_table(table: DiceTable, faces: FaceSource) -> tuple[int, tuple[DieRoll, ...], TableRow]:
    """Roll a table's dice: the total, every die, and the row it lands on."""
    count, sides = table_dice(table)
    dice = tuple(DieRoll(sides, faces.next_face(sides)) for _ in range(count))
    total = sum(d.face for d in dice)
    return total, dice, table.lookup(total)


def table_odds(table: DiceTable) -> Distribution[int]:
    """Distribution over the index of the row a roll lands on."""
    count, sides = table_dice(table)
    return Distribution.dice(count, sides).map(lambda total: table.rows.index(table.lookup(total)))


def faces_text(dice: Sequence[DieRoll]) -> str:
    """'7' for one die, '3 + 4' for several."""
    return " + ".join(str(d.face) for d in dice)
