"""Damage for the battle report's luck section (pure): dealt and taken from the records, and expected
against actual for every attack whose odds the ruleset gives (the rule in words: report_luck.DAMAGE_RULE).

Who caused a drop is the ruleset's answer (`Engine.damage_by` -> `RulesetPlugin.damage_by`): by default
the owner of the acting ship; spook credits friendly fire to the firing player and mines to their
layer, cal a ram's damage to the other ship's owner.

Why recompute the odds: the attack dialog showed exactly these odds before the roll (same engine, same
state), so no ruleset has to log them; an event that carries `expected_damage` (with `target`, and
`damage` or a bar change) is read as well, for logs written without their actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .errors import GameError
from .events import Action, Event
from .records import FieldSpec
from .state import GameState, ShipState

if TYPE_CHECKING:
    from .engine import Engine


def _ship(state: GameState, ref: Any) -> ShipState | None:
    if ref in (None, ""):
        return None
    try:
        return state.find_ship(str(ref))
    except GameError:
        return None


@dataclass
class Tally:
    """Attacks with odds: how many, their expected damage and the damage they dealt."""

    attacks: int = 0
    expected: Fraction = Fraction(0)
    actual: int = 0

    def add(self, expected: Fraction, actual: int) -> None:
        self.attacks += 1
        self.expected += expected
        self.actual += actual


class DamageLedger:
    """Hull damage per player: taken, dealt, self-inflicted; expected against actual for attacks with odds."""

    def __init__(self, engine: Engine, players: int) -> None:
        bars = engine.spec.bars()
        self.engine = engine
        self.bar: FieldSpec | None = bars[0] if bars else None
        self.players = players
        self.taken = [0] * players
        self.dealt = [0] * players
        self.self_inflicted = [0] * players
        self.unattributed = 0
        # per player: the attacks they made, and those made at them
        self.made = [Tally() for _ in range(players)]
        self.suffered = [Tally() for _ in range(players)]

    def _hull(self, ship: ShipState) -> int | None:
        value = ship.record.get(self.bar.key) if self.bar is not None else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def ship_changed(self, old: ShipState, new: ShipState, cause: int | None) -> None:
        """A ship's record moved; `cause` is the player who caused it (`Engine.damage_by`: the ruleset
        says), None when no player's action did."""
        before, after = self._hull(old), self._hull(new)
        if before is None or after is None or after >= before or not 0 <= old.owner < self.players:
            return
        drop, owner = before - after, old.owner
        self.taken[owner] += drop
        if cause is not None and cause != owner and 0 <= cause < self.players:
            self.dealt[cause] += drop
        elif cause is None and self.players == 2:
            self.dealt[1 - owner] += drop
        elif cause == owner:
            self.self_inflicted[owner] += drop
        else:
            self.unattributed += drop

    def attack(self, before: GameState, after: GameState, action: Action, events: Sequence[Event]) -> None:
        """Expected against actual for one rolling action, when the ruleset gives its odds."""
        if self.bar is None:
            return
        try:
            spec = self.engine.action_spec(action.kind)
            if spec.generic or not spec.rolls:
                return
            odds = self.engine.action_odds(before, action)
            args = spec.coerce(action.args)  # the log keeps args as typed ("0"): read them as the decider did
            target = self.engine.plugin.attack_target(before, action.kind, args)
        except (ValueError, KeyError, TypeError):  # GameError is a ValueError; odds a ruleset cannot give count nothing
            return
        attacker = self.engine.damage_by(before, action, target) if target is not None else None
        if odds is None or target is None or attacker is None:
            return
        now = after.ships.get(target.id)
        hull_before, hull_after = self._hull(target), self._hull(now) if now is not None else None
        if hull_before is None:
            return
        dropped = max(0, hull_before - hull_after) if hull_after is not None else 0
        recorded = _recorded(events, target.id)
        if not dropped and recorded:  # applied later by the ruleset (cal's Damage phase): what it will take
            actual = self._planned_damage(before, after, target, recorded)
        else:
            actual = dropped
        expected = odds.expected_damage  # dealt, capped at what the target has (game.damage)
        if expected is None:
            return
        self._count(attacker, target.owner, Fraction(expected), actual)

    def _planned_damage(self, before: GameState, after: GameState, target: ShipState, recorded: int) -> int:
        """Damage recorded now and applied later, as the ruleset's plan of fire counts it (cal: the SS the
        round's total will take, never past 0): the same measure as the expected damage; else as recorded."""
        plugin = self.engine.plugin
        now = after.ships.get(target.id)
        was = plugin.target_condition(before, target)
        if now is None or was is None:
            return recorded
        return plugin.condition_damage(before, target, was, plugin.target_condition(after, now))

    def logged_expectation(self, state: GameState, event: Event, dropped: int) -> None:
        """An event that carries its own `expected_damage` (logs read without their actions)."""
        data = event.data
        value = data.get("expected_damage")
        target, attacker = _ship(state, data.get("target")), _ship(state, data.get("ship"))
        if not isinstance(value, (int, float)) or target is None or attacker is None:
            return
        recorded = data.get("damage")
        actual = recorded if isinstance(recorded, int) and not dropped else dropped
        self._count(attacker.owner, target.owner, Fraction(value).limit_denominator(10**6), actual)

    def _count(self, attacker: int, defender: int, expected: Fraction, actual: int) -> None:
        for row, player in ((self.made, attacker), (self.suffered, defender)):
            if 0 <= player < self.players:
                row[player].add(expected, actual)

    def to_json(self, player: int) -> dict[str, Any]:
        made, suffered = self.made[player], self.suffered[player]
        return {
            "bar": self.bar.label if self.bar else None,
            "taken": self.taken[player],
            "dealt": self.dealt[player],
            "self_inflicted": self.self_inflicted[player],
            "attacks_made": made.attacks,
            "expected_dealt": round(float(made.expected), 2),
            "expected_dealt_exact": _exact(made.expected),
            "actual_dealt": made.actual,
            "attacks_suffered": suffered.attacks,
            "expected_taken": round(float(suffered.expected), 2),
            "expected_taken_exact": _exact(suffered.expected),
            "actual_taken": suffered.actual,
        }


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _recorded(events: Iterable[Event], target: str) -> int:
    """Damage an attack's events record for its target without moving the bar (applied later)."""
    total = 0
    for event in events:
        value = event.data.get("damage")
        if event.data.get("target") == target and isinstance(value, int) and not isinstance(value, bool):
            total += value
    return total
