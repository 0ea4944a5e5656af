"""Planning fire in cal: the shots a ship's battery fires at a ship, and what a target's record means to
attacks made one after another in a round (the fire planner and focus fire).

cal keeps "a running total of the number of points of superstructure (SS) damage inflicted on each of the
player's ships over the course of each round" (cal §Damage); gunnery only records damage (cal §Weapons),
and the Damage phase subtracts the round's total from the SS and rolls one table for it, by the thresholds
(cal §3 Damage). So a target's condition is its SS and the damage recorded on it this round (with Fire that
burns in the Damage phase, as the odds count it); one attack adds its damage to that total; and the
chance a target left so is destroyed is the chance the Damage phase brings a Reactor Breach — the one
destruction the book knows ("Reactor Breach (ship is destroyed)", cal §Major Damage Table), reached from a
Minor roll only by Chain Reaction (cal §Minor Damage Table) — or, under the house rule ss_zero_destroys,
that the total takes the SS to 0. Damage the planner counts is the SS the total will take (none past 0).
Several attacks do not add their chances: the one total crosses the thresholds, e.g. two shots that each
stay under the Minor threshold together call for a table.

What a measured distance does (cal §Weapons): the odds themselves — long range (more than half the
maximum) halves a beam's damage (rounded up) and makes a projectile 1 harder to hit — and no shot beyond
the maximum range (1 with Sensors Offline). A planned attack fires every shot the battery has left this
round (a capital ship's two at one target: the attack dialog may split them). It is planned in any phase
(the dialog checks the phase when it is made). Point defence fires at ordnance and the bays launch it
(cal §Point Defenses, §Torpedoes, §Craft): they plan no shot at a ship.

The answers are a group of the plugin, beside gunnery (plugin.py lists the groups).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, NamedTuple

from ...dice import Distribution
from ...game.errors import GameError
from ...game.state import GameState, ShipState
from ...rules.contract import DistanceUse, PlannedShot
from .damage import destroy_chance as damage_phase_destroy_chance
from .game_base import ITEM_FIELDS, WEAPON_ITEMS
from .game_odds import fire_options, recorded
from .gunnery import CalGunnery, Shot
from .odds import attack_damage

UNIT = "hexes"


class Condition(NamedTuple):
    """A target as this round's attacks see it: its SS and the damage recorded on it so far this round."""

    ss: int
    recorded: int


def _condition(value: Hashable) -> Condition:
    """A condition as the planner hands it back (a Condition, or the same pair)."""
    ss, total = value if isinstance(value, tuple) else (0, 0)
    return Condition(int(ss), int(total))


class CalPlanning(CalGunnery):
    """The fire planner's questions: a planned attack, a target's round total, its chance of a breach."""

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._planned_damage: dict[tuple[Any, ...], Distribution[int]] = {}
        self._planned_breach: dict[tuple[Any, ...], Fraction] = {}

    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        """`fire` with this battery at the target, its shots left this round, the distance filled in when
        measured; refused with the decider's reason. None for point defence and the bays."""
        item = next((it for it in ship.items if it.id == weapon), None)
        if item is None or ITEM_FIELDS.get(item.name) not in WEAPON_ITEMS:
            return None
        args: dict[str, Any] = {"ship": ship.id, "weapon": item.id, "target": target.id}
        if distance is not None:
            args["distance"] = distance
        try:
            if distance is None:
                self.aim(state, args)
            else:
                self.prepare_fire(state, args, timed=False)
        except GameError as exc:
            return PlannedShot("fire", args, DistanceUse.ODDS, UNIT, str(exc))
        return PlannedShot("fire", args, DistanceUse.ODDS, UNIT)

    def target_condition(self, state: GameState, target: ShipState) -> Hashable | None:
        """Its SS and the damage its Damage phase will take so far this round (cal §Damage)."""
        return Condition(int(target.record["ss"]), recorded(self, state, target))  # type: ignore[arg-type]  # a group of the Plugin

    def shot_conditions(self, state: GameState, kind: str, args: dict[str, Any], condition: Hashable
                        ) -> Distribution[Hashable] | None:
        """The target's round total after one `fire` on a target in `condition`: the damage of `action_odds`
        for the same attack, added to the total. None while the attack cannot be made or has no distance."""
        if kind != "fire":
            return None
        try:
            shot = self.prepare_fire(state, args, timed=False)
        except GameError:
            return None
        ss, total = _condition(condition)
        return self._gunnery_damage(state, shot).map(lambda damage: Condition(ss, total + damage))

    def _gunnery_damage(self, state: GameState, shot: Shot) -> Distribution[int]:
        p = shot.profile  # the target number, the damage a hit and the shots are all the dice depend on
        key = (tuple(sorted(state.settings.items())), p.target_number, p.damage, p.shots, shot.crew)
        found = self._planned_damage.get(key)
        if found is None:
            if len(self._planned_damage) > 1024:
                self._planned_damage.clear()
            found = self._planned_damage[key] = attack_damage(self.rules(state), fire_options(self, shot))  # type: ignore[arg-type]  # a group of the Plugin
        return found

    def destroy_chance(self, state: GameState, target: ShipState, condition: Hashable) -> Fraction:
        """The chance the Damage phase destroys a ship left in `condition`: a Reactor Breach on the table its
        round total calls for, Chain Reaction included (or SS 0 under the house rule ss_zero_destroys)."""
        ss, total = _condition(condition)
        key = (tuple(sorted(state.settings.items())), ss, total)
        found = self._planned_breach.get(key)
        if found is None:
            if len(self._planned_breach) > 4096:
                self._planned_breach.clear()
            found = self._planned_breach[key] = damage_phase_destroy_chance(self.rules(state), ss, total)
        return found

    def luck_notes(self) -> tuple[str, str]:
        """cal's own lines under the battle report's rules of dice luck and damage."""
        return (
            "cal: a die rolled for the ship taking the damage (the Minor and Major Damage Tables, the Boarder "
            "Table) ranks by how mild its result is for that ship; the Craft intercept roll is rolled under, so "
            "low is good (cal §Craft); a die that only picks which battery or bay is hit ranks as neither.",
            "cal: gunnery records damage and the Damage phase takes it off the SS (cal §Damage): an attack's "
            "actual damage is the SS its recorded damage will take; in a ram each ship's damage is the other "
            "ship's (cal §Moving Ships According To Course).",
        )

    def condition_damage(self, state: GameState, target: ShipState, before: Hashable, after: Hashable) -> int:
        """The SS the added damage will take in the Damage phase: SS stops at 0 (cal §Damage)."""
        ss, was = _condition(before)
        _, now = _condition(after)
        return max(0, min(now, ss) - min(was, ss))
