"""The dice of cal's damage procedures, declared before they are rolled (cal §Damage and its tables).

One ship's damage can call for a table (2d6 Minor or Major), the table it chains to (Chain Reaction
→ Major; a Boarder's Demolition Charges → Minor), more Boarder rolls, and the die that picks which
battery or bay a Battery Damaged / Ordnance Bay Damaged hits. Which of those dice are rolled depends
on the faces before them, so `ShipDamageDice` lays out every die the procedure could roll, in the
order the procedure rolls them, and follows the procedure over the faces so far to say which die
comes next: each declared die is rolled exactly when that walk reaches it (`DieNeed.when`).

Every one of these dice is rolled for the damaged ship and credited to its owner, and none is "higher
is better" for them, so each says how its totals rank (`DieNeed.rank`, for dice luck): a table roll by
the row it lands on, since the book lists the Minor, Major and Boarder tables from the mildest result
to the worst (Minor 7 Sparks and Smoke … 2 or 12 Chain Reaction; Major 7 Engines Damaged … 2 or 12
Reactor Breach; Boarder 1-2 Skirmish, 3-4 Set Fire, 5-6 Demolition Charges), with the Crew modifier a
Boarder roll may carry; a pick die only chooses which battery or bay is hit, so its faces tie.

The walk reads the same tables, chains and pick rule as the procedures that roll (damage.py,
damage_record.py), and the engine checks every real roll against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...rules.base import dice_range
from ...rules.contract import Faces, PlanBuilder, ranked
from . import cite
from .damage import pick_index, pick_sides
from .model import Ruleset

BATTERY, BAY = "battery_damaged", "bay_damaged"


@dataclass(frozen=True)
class DamageTarget:
    """What a ship's damage dice depend on: its undamaged batteries and its bays (undamaged count),
    in record order."""

    ship: str
    label: str
    batteries: tuple[str, ...]
    bays: tuple[tuple[str, int], ...]


class _Need(Exception):
    def __init__(self, index: int) -> None:
        self.index = index


@dataclass
class _Roll:
    """One table roll in the layout: its dice and the rolls it may chain to."""

    table: str
    dice: tuple[int, ...]
    follows: dict[str, _Roll] = field(default_factory=dict)


class ShipDamageDice:
    """Declares the dice of one ship's damage procedure on a PlanBuilder (see the module docstring)."""

    def __init__(self, rules: Ruleset, plan: PlanBuilder, target: DamageTarget, why: str) -> None:
        self.rules, self.plan, self.target, self.why = rules, plan, target, why
        self.chains: list[tuple[str, list[_Roll], int]] = []  # (kind, rolls, modifier)
        self.picks: dict[str, list[dict[int, int]]] = {BATTERY: [], BAY: []}

    # ---- laying the dice out ------------------------------------------------------------------
    def table(self, key: str) -> ShipDamageDice:
        """The damage calls for table `key` (minor or major) and whatever it chains to."""
        self.chains.append(("table", [self._roll(key, self.why, "")], 0))
        return self

    def boarders(self, count: int, modifier: int = 0) -> ShipDamageDice:
        """`count` Boarder rolls, each at once; a Reactor Breach ends them."""
        rolls = []
        for n in range(1, count + 1):
            gate = "" if n == 1 else "unless a Reactor Breach destroyed the ship"
            rolls.append(self._roll("boarder", f"Boarder {n} of {count}", gate, modifier))
        self.chains.append(("boarders", rolls, modifier))
        return self

    def _roll(self, key: str, why: str, gate: str, modifier: int = 0) -> _Roll:
        table = self.rules.tables[key]
        span = dice_range(table.dice)
        count = span.start
        sides = (span.stop - 1) // count
        t = self.target

        def goodness(total: int) -> int:  # the table's rows run from the mildest result to the worst
            row = table.lookup(min(max(total + modifier, span.start), span.stop - 1))
            return -table.rows.index(row)

        indices = self.plan.dice(count, sides, f"{table.name}: {why} on {t.label}", ship=t.ship,
                                 table=cite.table(key, table.name), when=self._when, when_text=gate,
                                 rank=ranked(count, sides, goodness))
        roll = _Roll(key, indices)
        for row in table.rows:
            effect = self.rules.effect(row.result)
            if effect.then_roll and effect.then_roll not in roll.follows:
                faces = [r.faces for r in table.rows if self.rules.effect(r.result).then_roll == effect.then_roll]
                shown = " or ".join(str(f) for fs in faces for f in fs)
                name = next(n for n, e in self.rules.effects.items() if e.code == row.result)
                roll.follows[effect.then_roll] = self._roll(
                    effect.then_roll, f"{name} ({table.name} {shown})", f"if the {table.name} roll is {shown}")
        return roll

    def done(self) -> None:
        """Lay out the pick dice that follow the tables (one per possible Battery Damaged / Ordnance
        Bay Damaged result)."""
        slots = {code: sum(self._slots(roll, code) for _, rolls, _ in self.chains for roll in rolls) for code in (BATTERY, BAY)}
        choices = {BATTERY: len(self.target.batteries), BAY: sum(1 for _, n in self.target.bays if n > 0)}
        words = {BATTERY: ("Battery Damaged", "which battery is hit"), BAY: ("Ordnance Bay Damaged", "which bay or tube is lost")}
        for code in (BATTERY, BAY):
            name, what = words[code]
            sides = [s for s in dict.fromkeys(pick_sides(n) for n in range(choices[code], 1, -1)) if s]
            for _ in range(slots[code]):
                self.picks[code].append({s: self.plan.die(
                    s, f"{name}: {what} on {self.target.label} (d{s}, the working ones in record order)",
                    ship=self.target.ship, table=f"{name} ({cite.MINOR_TABLE}; its notes were lost: house default)",
                    when=self._when, when_text=f"on {name}, when more than one could be hit",
                    rank=(0,) * s) for s in sides})  # a pick is neither lucky nor unlucky

    def _slots(self, roll: _Roll, code: str) -> int:
        here = int(any(r.result == code for r in self.rules.tables[roll.table].rows))
        return here + sum(self._slots(f, code) for f in roll.follows.values())

    # ---- following the faces ------------------------------------------------------------------
    def _when(self, faces: Faces) -> bool:
        return self.next_index(faces) == len(faces)

    def next_index(self, faces: Faces) -> int | None:
        """The index of the die the procedure rolls next after `faces`, or None when it is done."""
        try:
            self._walk(faces)
        except _Need as need:
            return need.index
        return None

    def _walk(self, faces: Faces) -> None:
        def face(index: int) -> int:
            value = faces[index] if index < len(faces) else None
            if value is None:
                raise _Need(index)
            return value

        effects: list[str] = []
        destroyed = False

        def roll(slot: _Roll, modifier: int) -> None:
            nonlocal destroyed
            table = self.rules.tables[slot.table]
            span = dice_range(table.dice)
            total = min(max(sum(face(i) for i in slot.dice) + modifier, span.start), span.stop - 1)
            effect = self.rules.effect(table.lookup(total).result)
            effects.append(effect.code)
            destroyed = destroyed or effect.destroyed
            if effect.then_roll and not destroyed:
                roll(slot.follows[effect.then_roll], 0)

        for _, rolls, modifier in self.chains:
            for slot in rolls:
                if destroyed:
                    break
                roll(slot, modifier)
        batteries = list(self.target.batteries)
        for k in range(effects.count(BATTERY)):
            if len(batteries) > 1:
                sides = pick_sides(len(batteries))
                assert sides is not None  # more than one choice: there is a die
                batteries.pop(pick_index(face(self.picks[BATTERY][k][sides]), len(batteries)))
            elif batteries:
                batteries.pop()
        bays: list[list[Any]] = [list(b) for b in self.target.bays]
        for k in range(effects.count(BAY)):
            working = [b for b in bays if b[1] > 0]
            if len(working) > 1:
                sides = pick_sides(len(working))
                assert sides is not None  # more than one choice: there is a die
                working[pick_index(face(self.picks[BAY][k][sides]), len(working))][1] -= 1
            elif working:
                working[0][1] -= 1
