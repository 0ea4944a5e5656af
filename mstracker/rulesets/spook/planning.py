"""Planning fire in spook: what one weapon fired at one enemy is (§3 B2: in range to attack), a target's
condition as attacks see it, and how one attack changes it, for the fire planner and focus fire.

A target's condition is its armor (§4 Armor) and the ammo of each flare launcher that still answers
(§6 B1: not destroyed, ammo left). One attack, in the book's order: the d6 of 'N x d6' damage (§5), the
accuracy d12 when the weapon's accuracy is below the target's agility (§5 Accuracy; an afterburner adds
to the agility, §6 A2), then a d8 for each answering flare launcher, each spending 1 ammo (§6 B1). The
distribution comes from `procedures.attack_distribution`, the one the attack dialog's odds and
`mstracker odds spook` use, so a planned shot's figures are theirs.

Distance only decides whether the weapon reaches (`DistanceUse.RANGE`): a measured distance beyond the
weapon's range is refused with the fire decider's own words; the odds never depend on it.

In a plan the armor may fall below 0 (the condition keeps the whole damage a shot deals), but the damage
counted is the armor taken, never past 0: expected damage is damage dealt, capped at what the target has
(mstracker.game.damage). A target at the destruction threshold or below is destroyed (setting
destroyed_at_armor, §4 Armor) and takes no more attacks.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from ...dice import Distribution
from ...game.errors import InvalidAction
from ...game.state import GameState, ShipState
from ...rules.contract import DistanceUse, PlannedShot
from .effects import is_destroyed
from .procedures import AttackOutcome, attack_distribution, attack_setup

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
CACHE_LIMIT = 4096


class Condition(NamedTuple):
    """A target as attacks see it: armor (below 0 in a plan after a killing shot) and the ammo of each
    flare launcher that answers missiles, in item order."""

    armor: int
    flares: tuple[int, ...] = ()

    def after(self, damage: int, flares_fired: bool) -> Condition:
        """The condition after an attack dealt `damage`; each answering launcher spent 1 ammo when they fired."""
        if not flares_fired:
            return Condition(self.armor - damage, self.flares)
        return Condition(self.armor - damage, tuple(a - 1 for a in self.flares if a > 1))


class FirePlanning:
    """The plugin's answers for planning fire (one job: reading; the deciders change nothing here)."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin
        self._outcomes: dict[tuple, Distribution[Condition]] = {}
        self._shots: dict[tuple, Distribution[AttackOutcome]] = {}
        # states are immutable: the shooter checks of the last state asked about are kept
        self._state: GameState | None = None
        self._shooters: dict[tuple[str, str], str] = {}

    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        """The fire action for this weapon at this target, refused with the decider's reason when it may not
        be made now (beyond range at the measured distance, a Defense Field, a jam...): the checks of
        `prepare_fire`, the weapon's kept for the state (the planner asks about it once per target)."""
        item = self.plugin.item(ship, weapon)
        if item.kind != "weapon":
            return None
        args: dict[str, Any] = {"ship": ship.id, "weapon": item.id, "target": target.id}
        if distance is not None:
            args["distance"] = distance
        refused = self._shooter(state, ship, item.id)
        if not refused:
            try:
                self.plugin.fire_target(state, ship, item, target.id, distance)
            except InvalidAction as exc:
                refused = str(exc)
        # the figures depend on the weapon, the target's class and afterburner (and its condition)
        same = (item.name, target.ship_class, bool(target.record.get("afterburner")))
        return PlannedShot("fire", args, DistanceUse.RANGE, UNIT, refused, same)

    def _shooter(self, state: GameState, ship: ShipState, item: str) -> str:
        """Why this ship may not fire this weapon now ('' when it may), once per state."""
        if state is not self._state:
            self._state, self._shooters = state, {}
        key = (ship.id, item)
        if key not in self._shooters:
            try:
                self.plugin.fire_weapon(state, ship.id, item)
                self._shooters[key] = ""
            except InvalidAction as exc:
                self._shooters[key] = str(exc)
        return self._shooters[key]

    def distribution(self, state: GameState, weapon: str, target_class: str, afterburner: bool, flares: int
                     ) -> Distribution[AttackOutcome]:
        """`attack_distribution` under the game's settings, worked out once per weapon, whether the d12 is
        rolled and how many flare launchers answer: the target's class matters only through those."""
        rules = self.plugin.rules(state)
        setup = attack_setup(rules, weapon, target_class, afterburner=afterburner, flares=flares)
        key = (id(rules), setup.weapon_name, setup.roll_needed, setup.flares if setup.flares_answer else 0)
        found = self._shots.get(key)
        if found is None:
            if len(self._shots) > CACHE_LIMIT:
                self._shots.clear()
            found = self._shots[key] = attack_distribution(rules, weapon, target_class, afterburner=afterburner,
                                                           flares=flares)
        return found

    def target_condition(self, state: GameState, target: ShipState) -> Condition:
        armor = int(target.record.get("armor") or 0)
        return Condition(armor, tuple(int(it.record.get("ammo") or 0) for it in self.plugin.live_flares(target)))

    def shot_conditions(self, state: GameState, kind: str, args: Mapping[str, Any], condition: Hashable
                        ) -> Distribution[Hashable] | None:
        """The target's condition after one shot, exactly; a destroyed target stays as it is."""
        if kind != "fire" or not all(args.get(k) for k in ("ship", "weapon", "target")):
            return None
        if args.get("subsystem"):  # bombs aimed at a subsystem roll the d8 table (§7 A11): the odds' own case
            return None
        if not isinstance(condition, Condition):
            condition = Condition(*condition)  # type: ignore[misc]
        rules = self.plugin.rules(state)
        if is_destroyed(rules, condition.armor):
            return Distribution.constant(condition)
        ship = state.find_ship(str(args["ship"]))
        item = self.plugin.item(ship, str(args["weapon"]))
        if item.kind != "weapon":
            return None
        target = state.find_ship(str(args["target"]))
        afterburner = bool(target.record.get("afterburner"))
        # the ruleset under this game's settings is kept by the plugin for good, so its id names them
        key = (id(rules), item.name, target.ship_class, afterburner, condition)
        found = self._outcomes.get(key)
        if found is None:
            shot = self.distribution(state, item.name, target.ship_class, afterburner, len(condition.flares))
            found = shot.map(lambda o: condition.after(o.damage, o.flare_ammo > 0))
            if len(self._outcomes) > CACHE_LIMIT:
                self._outcomes.clear()
            self._outcomes[key] = found
        return found  # type: ignore[return-value]

    def destroy_chance(self, state: GameState, condition: Hashable) -> Fraction:
        armor = condition.armor if isinstance(condition, Condition) else condition[0]  # type: ignore[index]
        return Fraction(1) if is_destroyed(self.plugin.rules(state), armor) else Fraction(0)

    @staticmethod
    def condition_damage(before: Hashable, after: Hashable) -> int:
        """The armor taken: damage past the armor left is no damage (§4 Armor), though the plan's armor
        goes below 0 to tell a destroyed target."""
        return max(0, int(before[0])) - max(0, int(after[0]))  # type: ignore[index]
