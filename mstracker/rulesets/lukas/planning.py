"""Planning fire in lukas: the attack a weapon-at-target shot is, and what a target's record means to
attacks made one after another (the fire planner and focus fire).

The book (lukas §2.b): "Every attack against a ship does a certain amount of damage towards the target's
armor ... When the armor reaches 0 or below ... the ship is 'destroyed'". So a target's condition is the
armor it has left, one attack's effect is its damage off that armor (lukas §3.a step 5), and a target is
destroyed when its armor is 0 (the record keeps no negative armor). A bomb that knocks out a subsystem
(lukas §3.b Bombs) changes what the target's own attacks do, never the next attack on it, so the armor is
all a following attack depends on.

What a measured distance does (lukas §3.a step 2): only whether the weapon reaches; the hit numbers and
the damage are the same at any range. Two things the planner cannot see are settled here, as a player
expects (the book is silent on how a tracker should guess them):
* Comm Radar (lukas §4.d): the ship's own radar counts (setting cr_includes_self); an ally's radar within
  10 studs is a second measurement, so the planned attack counts none (comm_radar 0; the attack dialog
  takes them).
* Field Defense (lukas §4.a): "no weapons can pass through a 15-stud radius around the ship. Weapons and
  ships may exit the field". A target whose field is up can be fired at only from inside it; with a
  measured distance within the field's radius the attacker is inside (no ship may enter, so it was there
  when the field went up) and the attack is planned with inside_field; beyond it, or unmeasured, it is
  refused with the book's words.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.errors import GameError
from ...game.state import GameState, ShipState
from ...rules.contract import DistanceUse, PlannedShot
from ...rules.outcome import AttackOdds
from .fire_check import prepare_fire
from .game_base import cite, max_range, weapon_data
from .record import FIELD_DEFENSE

if TYPE_CHECKING:
    from .plugin import Plugin

ATTACKS = ("fire", "fire-beam")
UNIT = "studs"


class FirePlanning:
    """The planning answers of one plugin, with the damage of each attack's odds kept as a distribution."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin
        self._damage: dict[int, tuple[AttackOdds, Distribution[int]]] = {}  # by the identity of cached odds

    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        """`fire` with this weapon at the target (the distance filled in when measured); refused with the
        decider's own reason when the attack cannot be made (out of range, a Beam announced at another ship,
        a Field Defense in the way). None for an item that is no weapon (abilities attack nothing)."""
        item = next((it for it in ship.items if it.id == weapon), None)
        if item is None or item.kind != "weapon":
            return None
        args: dict[str, Any] = {"ship": ship.id, "weapon": item.id, "target": target.id}
        if distance is not None:
            args["distance"] = distance
        rules = self.plugin.rules(state)
        try:
            _, data = weapon_data(rules, item)
        except GameError as exc:
            return PlannedShot("fire", args, DistanceUse.NONE, UNIT, str(exc))
        use = DistanceUse.RANGE if max_range(data) is not None else DistanceUse.NONE
        if target.get("fd_active"):
            use = DistanceUse.RANGE  # inside the field or not: only a measurement tells
            radius = rules.abilities[FIELD_DEFENSE].radius or 0
            if distance is None:
                return PlannedShot("fire", args, use, UNIT, (
                    f"{target.label} has its Field Defense up: no weapon passes into its {radius}-stud field "
                    f"({cite('§4.a')}); measure the distance: a ship within {radius} studs is inside it and may fire"))
            if distance <= radius:
                args["inside_field"] = True
        try:
            prepare_fire(self.plugin, state, args)
        except GameError as exc:
            return PlannedShot("fire", args, use, UNIT, str(exc))
        return PlannedShot("fire", args, use, UNIT)

    @staticmethod
    def target_condition(state: GameState, target: ShipState) -> int:
        """The armor the target has left (0: destroyed, lukas §2.b)."""
        return 0 if target.get("destroyed") else max(0, int(target.get("armor") or 0))

    def shot_conditions(self, state: GameState, kind: str, args: dict[str, Any], condition: Any
                        ) -> Distribution[int] | None:
        """The armor left after one attack on a target with `condition` armor: the damage distribution of
        `action_odds` for the same attack (a miss deals 0), off the armor, never below 0 (lukas §3.a step 5).
        None while the attack has no odds (a blank or refused argument)."""
        if kind not in ATTACKS:
            return None
        odds = self.plugin.action_odds(state, kind, args)
        if odds is None or odds.damage is None:
            return None
        armor = int(condition)
        if armor <= 0:
            return Distribution.constant(0)  # a destroyed ship takes no more attacks
        return self._damage_of(odds).map(lambda damage: max(0, armor - damage))

    def _damage_of(self, odds: AttackOdds) -> Distribution[int]:
        found = self._damage.get(id(odds))
        if found is None or found[0] is not odds:
            if len(self._damage) > 4096:
                self._damage.clear()
            found = self._damage[id(odds)] = (odds, Distribution.from_weights(odds.damage or {0: 1}))
        return found[1]

    @staticmethod
    def destroy_chance(condition: Any) -> Fraction:
        """Armor 0 or below is destroyed (lukas §2.b); no dice are left to roll."""
        return Fraction(1) if int(condition) <= 0 else Fraction(0)

    @staticmethod
    def condition_damage(before: Any, after: Any) -> int:
        """The armor taken: damage past 0 is not counted (the record stops at 0)."""
        return max(0, int(before) - int(after))
