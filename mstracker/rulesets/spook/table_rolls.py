"""The book's other table rolls: mines (§7 A1), a bomber's subsystem targeting (§7 A11, whose text is lost:
a house default table) and the first-turn roll-off (house default; the book is silent). Each is rolled step
by step and as an exact distribution from the same table rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...dice import DieRoll, Distribution, FaceSource
from ...rules.base import TableRow
from ...rules.outcome import Resolution, Step
from .effects import percent_up
from .model import Ruleset
from .tables import faces_text, roll_table, table_odds

MAX_MINES = 50
#: Rounds of the roll-off declared before rolling (every tie rolls again; ten ties in a row are a
#: (1/6)^10 chance with two players, and then the players roll off again).
ROLLOFF_ROUNDS = 10

# -- mines (§7 A1) ----------------------------------------------------------------------------


def _check_mines(count: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_MINES:
        raise ValueError(f"mines must be a whole number from 1 to {MAX_MINES}, not {count!r}")


def mines_distribution(ruleset: Ruleset, count: int = 1, *, own: bool = False) -> Distribution[int]:
    """Total damage from moving through `count` mines (one d8 each)."""
    _check_mines(count)
    if own and not ruleset.setting("mines_hit_owner"):
        return Distribution.constant(0)
    table = ruleset.tables["mines"]
    one = table_odds(table).map(lambda i: table.rows[i].value or 0)
    total = one
    for _ in range(count - 1):
        total = total + one
    return total


def resolve_mines(ruleset: Ruleset, faces: FaceSource, count: int = 1, *, own: bool = False) -> Resolution:
    """A ship moves through `count` mines: one d8 per mine on the mines table."""
    _check_mines(count)
    if own and not ruleset.setting("mines_hit_owner"):
        text = "Own mines do not harm their owner's ships (house default, setting “Own mines can damage their owner's ships”: no)."
        return Resolution((Step(text),), "No damage.", {"damage": 0, "rolls": [], "removed": 0, "left": count})
    table = ruleset.tables["mines"]
    persist = bool(ruleset.setting("mine_persist_on_avoid"))
    steps: list[Step] = []
    rolls: list[int] = []
    damage = removed = 0
    for n in range(1, count + 1):
        total, dice, row = roll_table(table, faces)
        rolls.append(total)
        hit = row.value or 0
        damage += hit
        gone = hit > 0 or not persist
        removed += gone
        where = "is removed" if gone else "stays on the field"
        shown = f"{table.dice} shows {faces_text(dice)}: {row.text}"
        text = f"Mine {n} of {count}: {shown}: {hit} damage; the mine {where}."
        steps.append(Step(text, dice))
    summary = f"The ship takes {damage} damage from mines."
    outcome = {"damage": damage, "rolls": rolls, "removed": removed, "left": count - removed}
    return Resolution(tuple(steps), summary, outcome)


# -- subsystem targeting (§7 A11, house default) ---------------------------------------------------


class SubsystemOutcome(NamedTuple):
    armor_damage: int
    destroyed: bool


def _apply_subsystem(row: TableRow, damage: int) -> SubsystemOutcome:
    return SubsystemOutcome(percent_up(damage, row.value or 0), row.result == "subsystem")


def _check_bomb_damage(damage: int) -> None:
    if isinstance(damage, bool) or not isinstance(damage, int) or damage < 1:
        raise ValueError(f"subsystem targeting needs a bomb attack that dealt damage (1 or more), not {damage!r}")


def subsystem_distribution(ruleset: Ruleset, damage: int) -> Distribution[SubsystemOutcome]:
    """Exact distribution of `resolve_subsystem` for a bomb attack that dealt `damage`."""
    _check_bomb_damage(damage)
    table = ruleset.tables["subsystem"]
    return table_odds(table).map(lambda i: _apply_subsystem(table.rows[i], damage))


def resolve_subsystem(ruleset: Ruleset, damage: int, subsystem: str, faces: FaceSource) -> Resolution:
    """A bomber aims its `damage` at one named weapon, device or the engines: d8 subsystem table."""
    _check_bomb_damage(damage)
    if not subsystem.strip():
        raise ValueError("name the weapon, device or engines the bomber aims at")
    table = ruleset.tables["subsystem"]
    total, dice, row = roll_table(table, faces)
    result = _apply_subsystem(row, damage)
    text = f"Subsystem targeting on {subsystem}: {table.dice} shows {faces_text(dice)}: {row.text}"
    if result.destroyed:
        text += f"; {subsystem} is destroyed."
        if subsystem.strip().casefold() == "engines":
            pct = ruleset.setting("engines_destroyed_speed_pct")
            text += f" The ship keeps {pct}% of its speed, rounded up."
    else:
        text += f": {result.armor_damage} armor damage."
    summary = f"{subsystem} destroyed." if result.destroyed else f"{result.armor_damage} armor damage."
    return Resolution(
        (Step(text, dice),),
        summary,
        {"roll": total, "result": row.result, "armor_damage": result.armor_damage,
         "destroyed": subsystem if result.destroyed else None},
    )


# -- first player (house default) ------------------------------------------------------------------


def resolve_rolloff(players: Sequence[str], faces: FaceSource, max_rounds: int = ROLLOFF_ROUNDS) -> Resolution:
    """d6 roll-off for the first turn; the players tied for highest roll again."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise ValueError("a roll-off needs two or more players with different names")
    steps: list[Step] = []
    left = list(players)
    for _ in range(max_rounds):
        dice = {p: DieRoll(6, faces.next_face(6)) for p in left}
        best = max(d.face for d in dice.values())
        shown = ", ".join(f"{p} {d.face}" for p, d in dice.items())
        left = [p for p, d in dice.items() if d.face == best]
        tail = f"{left[0]} goes first." if len(left) == 1 else f"tie at {best}: {', '.join(left)} roll again."
        steps.append(Step(f"d6 roll-off: {shown}; {tail}", tuple(dice.values())))
        if len(left) == 1:
            return Resolution(tuple(steps), f"{left[0]} takes the first turn.", {"first": left[0]})
    raise ValueError(f"the roll-off was still tied after {max_rounds} rounds")


def rolloff_distribution(players: Sequence[str]) -> Distribution[str]:
    """Each player is equally likely to go first."""
    return Distribution.from_weights(dict.fromkeys(players, 1))
