"""Planning fire in spook: what one weapon fired at one enemy is (§3 B2: in range to attack), for the fire
planner and focus fire.

What one attack does to its target (the armor taken, the flare ammo spent, §4 Armor, §6 B1), and how a
second one goes after it, is the typed fire's outcome (fire.py), which the generic planner folds; this
module only says which action a weapon at a target is, why it is refused, and which rows share figures.

Distance only decides whether the weapon reaches (`DistanceUse.RANGE`): a measured distance beyond the
weapon's range is refused with the fire decider's own words; the odds never depend on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import DistanceUse, PlannedShot
from .combat import fire_target, fire_weapon, live_flares

if TYPE_CHECKING:
    from .plugin import Plugin

#: spook's own lines under the battle report's rules of dice luck and damage (RulesetPlugin.luck_notes).
LUCK_NOTES = (
    "spook: the accuracy d12 ranks by its table (§5 Accuracy: 12, a miss with friendly fire, is the worst "
    "face and 11 the best); the flare d8 (§6 B1) and the mine die (§7 A1) rank by how mild they are for the "
    "ship taking the damage.",
    "spook: mines deal their damage for the player who laid them (§7 A1), friendly fire is the firing "
    "player's (§5 Accuracy), and a rammer's own damage is self-inflicted.",
)
#: What spook players measure: units of 4 studs (§1 A).
UNIT = "units"


class FirePlanning:
    """The plugin's answers for planning fire (one job: reading; the deciders change nothing here)."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin
        # states are immutable: the shooter checks of the last state asked about are kept
        self._state: GameState | None = None
        self._shooters: dict[tuple[str, str], str] = {}
        self._aims: dict[tuple[int, str, str, int | None], str] = {}
        self._figures: dict[str, tuple[Any, ...]] = {}

    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        """The fire action for this weapon at this target, refused with the decider's reason when it may not
        be made now (beyond range at the measured distance, a Defense Field, a jam...): the checks of
        `prepare_fire`, the weapon's kept for the state (the planner asks about it once per target)."""
        if state is not self._state:  # the answers kept are those of one state
            self._state, self._shooters, self._aims, self._figures = state, {}, {}, {}
        item = self.plugin.item(ship, weapon)
        if item.kind != "weapon":
            return None
        args: dict[str, Any] = {"ship": ship.id, "weapon": item.id, "target": target.id}
        if distance is not None:
            args["distance"] = distance
        refused = self._shooter(state, ship, item.id) or self._aim(state, ship, item, target, distance)
        # the figures depend on the weapon, the target's class and afterburner, its armor and the ammo of
        # the launchers that answer (the typed outcome's inputs, fire.Shot): equal ones are worked out once
        figures = self._figures.get(target.id)
        if figures is None:
            ammo = tuple(int(it.record.get("ammo") or 0) for it in live_flares(self.plugin, target))
            figures = self._figures[target.id] = (target.ship_class, bool(target.record.get("afterburner")),
                                                  int(target.record.get("armor") or 0), ammo)
        return PlannedShot("fire", args, DistanceUse.RANGE, UNIT, refused, (item.name, *figures))

    def _aim(self, state: GameState, ship: ShipState, item: ShipItem, target: ShipState, distance: int | None) -> str:
        """Why this weapon may not be fired at this target ('' when it may), once per state: the checks
        depend only on the firing side, the target, the weapon's range and the distance."""
        key = (ship.owner, target.id, item.name, distance)
        found = self._aims.get(key)
        if found is None:
            try:
                fire_target(self.plugin, state, ship, item, target.id, distance)
                found = ""
            except InvalidAction as exc:
                found = str(exc)
            self._aims[key] = found
        return found

    def _shooter(self, state: GameState, ship: ShipState, item: str) -> str:
        """Why this ship may not fire this weapon now ('' when it may), once per state."""
        key = (ship.id, item)
        if key not in self._shooters:
            try:
                fire_weapon(self.plugin, state, ship.id, item)
                self._shooters[key] = ""
            except InvalidAction as exc:
                self._shooters[key] = str(exc)
        return self._shooters[key]
