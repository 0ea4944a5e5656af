"""cal's weapons fire as a typed action (cal §Weapons, §2 Gunnery): one `Shot`, prepared once, answers the
refusals (`prepare`, the only place that refuses), the Targeting dice (`dice`), the exact outcome
(`outcome`: the damage recorded on the target and the SS it will take in the Damage phase, never past 0),
what the Damage phase makes of the round's total (`settle`: a Reactor Breach may destroy the target,
cal §Damage) and the decision (`apply`). The fire planner plans any phase (`plan`: the time is the
dialog's check), and a focus fire makes each attack after the damage the ones before recorded (`after`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game import turn_order
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.state import GameState, ShipItem, ShipState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan, PlanBuilder
from ...rules.names import possessive
from ...rules.outcome import AttackOdds
from . import cite
from .damage import destroy_chance
from .game_base import ITEM_FIELDS, POINT_ITEM, WEAPON_ITEMS
from .model import Ruleset
from .notation import plural, signed
from .odds import attack_odds
from .procedures import ShotProfile, gunnery_distribution, resolve_gunnery, shot_profile

if TYPE_CHECKING:
    from .plugin import Plugin

FIRE_HELP = (
    "fire a beam or projectile of a ship at a hostile ship (cal §Weapons); each weapon fires once a round from "
    "an Escort, twice from a Capital Ship. Dice: a d6 Targeting roll per shot, + Crew, needing 4 against an "
    "Escort, 3 against a Capital Ship, 1 more for a projectile at long range (beyond half its range); the "
    "targets are rebuilt from the book's example. A beam at long range deals half strength (rounded up). "
    "The damage counts in the Damage phase (cal §3 Damage)."
)


@dataclass(frozen=True)
class Shot:
    """A weapon firing, checked: the ship, the battery, the target, how many shots, the range band, and the
    target as the Damage phase will see it (its SS, the damage recorded on it this round so far)."""

    rules: Ruleset
    ship: ShipState
    item: ShipItem
    kind: str  # beam or projectile
    target: ShipState
    shots: int
    crew: int
    sensors_offline: bool
    distance: int
    profile: ShotProfile
    ss: int
    already: int  # recorded on the target this round, with Fire that burns in the Damage phase

    def taken(self, recorded: int) -> int:
        """The SS `recorded` more damage will take in the Damage phase: SS stops at 0 (cal §Damage)."""
        return max(0, min(self.already + recorded, self.ss) - min(self.already, self.ss))


def plain(exc: Exception, ship: ShipState) -> str:
    """The rules package names classes ("the Corvette's beam"); here it names a ship."""
    return str(exc).replace(f"the {ship.label}", ship.label)


def aim(plugin: Plugin, state: GameState, args: Mapping[str, Any]) -> tuple[ShipState, ShipItem, str, ShipState, int]:
    """The checks of a fire before its distance counts: a battery (beam or projectile) of a ship that may
    fire it, undamaged, with shots left this round, at a ship in play. (ship, battery, kind, target, shots)."""
    for name in ("ship", "weapon", "target"):
        if args.get(name) in (None, ""):
            raise Incomplete(name)
    ship = plugin.acting_ship(state, str(args["ship"]))
    item = ship.item(str(args["weapon"]))
    kind = ITEM_FIELDS.get(item.name, "")
    if kind not in WEAPON_ITEMS:
        if item.name == POINT_ITEM:
            raise InvalidAction(f"{item.name} is point defence, ineffective against ships ({cite.POINT_DEFENSE}): "
                                "fire it at hostile ordnance with point-defence")
        raise InvalidAction(f"{item.name} launches ordnance: launch it with launch ({cite.GUNNERY})")
    if ship.record.get("weapons_offline"):
        raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: it cannot fire until repaired "
                            "(cal §Major Damage Table)")
    if item.record.get("damaged"):
        raise InvalidAction(f"{possessive(ship.label)} {item.name} battery is damaged: it cannot fire until repaired "
                            "(Battery Damaged, cal §Minor Damage Table)")
    target = plugin.target_ship(state, str(args["target"]), ship)
    if target.owner == ship.owner:  # the legality answer lists hostile ships only: the engine refuses the rest
        raise InvalidAction(f"{target.label} is one of {possessive(state.players[ship.owner].name)} own ships: "
                            f"batteries fire at hostile ships ({cite.WEAPONS})")
    rate, used = int(item.record.get("rate", 1)), int(item.record.get("shots", 0))
    left = rate - used
    if left <= 0:
        raise InvalidAction(f"{possessive(ship.label)} {item.name} has fired its {plural(rate, 'shot')} this round "
                            f"({plugin.stats(ship).type}: {plural(rate, 'shot')} per weapon a round, cal §Weapons)")
    shots = left if args.get("shots") is None else int(args["shots"])
    if shots < 1:
        raise InvalidAction(f"shots must be 1 or more ({cite.WEAPONS})")
    if shots > left:
        raise InvalidAction(f"{possessive(ship.label)} {item.name} has {plural(left, 'shot')} left this round, not {shots} "
                            f"({cite.WEAPONS})")
    return ship, item, kind, target, shots


def recorded(plugin: Plugin, state: GameState, ship: ShipState) -> int:
    """Damage the ship will take in this round's Damage phase so far: recorded, and Fire if it burns then."""
    from .procedures import fire_damage_applies

    fire = int(ship.record.get("fire", 0)) if fire_damage_applies(plugin.rules(state), "damage") else 0
    return int(ship.record.get("round_damage", 0)) + fire


def fire_options(plugin: Plugin, shot: Shot) -> dict[str, Any]:
    """The `mstracker odds cal` options of a checked `fire`: the ships' classes, the battery, the distance, the
    firing ship's Crew, the shots, the target's SS now and the attacker's sensors."""
    return {"attacker": plugin.ref(shot.ship), "weapon": shot.kind, "target": plugin.ref(shot.target),
            "distance": shot.distance, "crew": shot.crew, "shots": shot.shots, "ss": shot.ss,
            "sensors_offline": shot.sensors_offline}


@dataclass(frozen=True)
class _Seat:
    """What the turn order reads of an engine: its plugin (game.turn_order)."""

    plugin: Plugin


def in_turn(plugin: Plugin, state: GameState, kind: str, args: Mapping[str, Any]) -> None:
    """Refused while the other side does its part of the phase (cal §Sequence of Play), in the engine's words:
    the one turn-order refusal, so a ship's action refused by the engine is refused by its prepare too."""
    if args.get("ship") not in (None, "") and state.started:
        owner = state.find_ship(str(args["ship"])).owner
        turn_order.refuse_out_of_turn(_Seat(plugin), state, kind, owner)  # type: ignore[arg-type]  # reads .plugin only


class Fire(RuleAction[Shot]):
    """fire: a weapon's Targeting rolls; the damage is recorded for the Damage phase (cal §Weapons)."""

    plugin: Plugin
    spec = ActionSpec(
        "fire",
        FIRE_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the firing ship (id, name or tag)"),
            ArgSpec("weapon", ArgType.ITEM, "beam or projectile (the weapon's name or item id)", items=("weapon",)),
            ArgSpec("target", ArgType.SHIP, "the target ship"),
            ArgSpec("distance", ArgType.INT, "hexes to the target, measured on the table", required=False),
            ArgSpec("shots", ArgType.INT, "shots to fire now (default: all the weapon has left this round)",
                    required=False),
        ),
        rolls=True,
    )

    def __init__(self, plugin: Plugin) -> None:
        super().__init__(plugin)
        # the planner asks for many equal shots and breach chances: each worked out once per settings
        self._damage: dict[tuple[Any, ...], Distribution[int]] = {}
        self._breach: dict[tuple[Any, ...], Fraction] = {}

    # ---- preparing -------------------------------------------------------------------------------
    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        """The shot now: the firing ship's side does its part of the phase (cal §Sequence of Play, in the
        engine's words: the one turn-order refusal), in the weapons step (cal §2 Gunnery)."""
        in_turn(self.plugin, state, self.kind, args)
        self.plugin.check_time(state, "fire")
        return self.plan(state, args)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        """The shot in any phase (the fire planner plans ahead; the dialog checks the time when it is made)."""
        plugin = self.plugin
        if args.get("distance") is None:
            raise Incomplete("distance", f"distance needed: {cite.WEAPONS} (beyond half its range a projectile "
                                         "needs 1 more to hit and a beam deals half); type the hexes to the target, "
                                         "measured on the table")
        ship, item, kind, target, shots = aim(plugin, state, args)
        offline = bool(ship.record.get("sensors_offline"))
        rules = plugin.rules(state)
        distance = args["distance"]
        try:
            distance = int(distance) if isinstance(distance, str) and distance.strip().isdigit() else distance
            profile = shot_profile(rules, plugin.ref(ship), kind, plugin.ref(target), distance, shots, offline)
        except ValueError as exc:
            raise InvalidAction(plain(exc, ship)) from None
        return Shot(rules, ship, item, kind, target, shots, int(ship.record["crew"]), offline, profile.distance,
                    profile, int(target.record["ss"]), recorded(plugin, state, target))

    # ---- before the roll ---------------------------------------------------------------------------
    def dice(self, p: Shot) -> DicePlan:
        plan = PlanBuilder()
        prof = p.profile
        for n in range(1, p.shots + 1):
            plan.die(6, f"shot {n} of {p.shots} of {possessive(p.ship.label)} {p.item.name} at {p.target.label}: "
                        f"hits on {prof.target_number}+ with Crew {signed(p.crew)}, {prof.damage} damage",
                     ship=p.ship.id, table=f"Targeting roll ({cite.WEAPONS})")
        return plan.build()

    def recorded_damage(self, p: Shot) -> Distribution[int]:
        """The exact damage the shots record (the target number, the damage a hit, the shots and Crew are all
        the dice depend on)."""
        prof = p.profile
        key = (id(p.rules), prof.target_number, prof.damage, prof.shots, p.crew)
        found = self._damage.get(key)
        if found is None:
            if len(self._damage) > 1024:
                self._damage.clear()
            found = self._damage[key] = gunnery_distribution(
                p.rules, self.plugin.ref(p.ship), p.kind, self.plugin.ref(p.target), p.distance, p.crew, p.shots,
                p.sensors_offline)
        return found

    def outcome(self, p: Shot) -> Distribution[Outcome]:
        return self.recorded_damage(p).map(lambda d: self.result(p, d))

    def result(self, p: Shot, damage: int) -> Outcome:
        """What recording `damage` does: the SS the Damage phase will take (dealt), the damage recorded, the
        battery's shots spent, a hit when any damage is recorded."""
        aim_id = p.target.id
        return Outcome(dealt=((aim_id, p.taken(damage)),), spent=frozenset({f"{p.ship.id}.{p.item.id}"}),
                       hit=damage > 0, recorded=((aim_id, damage),) if damage else ())

    def settle(self, p: Shot, outcome: Outcome) -> Distribution[Outcome]:
        """The Damage phase of the round's total: a Reactor Breach on the table it calls for (Chain Reaction
        included) destroys the target; SS 0 alone does not, unless the house rule ss_zero_destroys (cal §Damage)."""
        chance = self.breach(p, p.already + outcome.recorded_on(p.target.id))
        if chance == 0:
            return Distribution.constant(outcome)
        gone = dataclasses.replace(outcome, destroyed=outcome.destroyed | {p.target.id})
        if chance == 1:
            return Distribution.constant(gone)
        return Distribution.from_weights({gone: chance, outcome: 1 - chance})

    def breach(self, p: Shot, total: int) -> Fraction:
        key = (id(p.rules), p.ss, total)  # one Ruleset per settings (plugin.rules keeps them)
        found = self._breach.get(key)
        if found is None:
            if len(self._breach) > 4096:
                self._breach.clear()
            found = self._breach[key] = destroy_chance(p.rules, p.ss, total)
        return found

    def after(self, p: Shot, earlier: Outcome) -> Shot:
        """The same shot after earlier attacks this round: their damage is recorded on the target too."""
        more = earlier.recorded_on(p.target.id)
        return dataclasses.replace(p, already=p.already + more) if more else p

    def odds_words(self, p: Shot) -> OddsWords:
        return OddsWords(ship=p.target.id)

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """The figures of `mstracker odds cal` for this shot (the hit chance of one shot, the damage recorded,
        the tables' chances, the notes), its expected damage and chance to destroy those of its outcome."""
        found = super().odds(state, args)
        if found is None:
            return None
        p = self.plan(state, args)
        book = attack_odds(p.rules, fire_options(self.plugin, p), already=p.already)
        return dataclasses.replace(book, expected_damage=found.expected_damage, p_destroy=found.p_destroy)

    def observed(self, p: Shot, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        """What the records say: the damage recorded on the target, and the battery's shots spent."""
        damage = int(after.ships[p.target.id].record["round_damage"]) - int(p.target.record["round_damage"])
        used = int(after.ships[p.ship.id].item(p.item.id).record["shots"]) > int(p.item.record["shots"])
        return Outcome(dealt=((p.target.id, p.taken(damage)),),
                       spent=frozenset({f"{p.ship.id}.{p.item.id}"}) if used else frozenset(),
                       hit=damage > 0, recorded=((p.target.id, damage),) if damage else ())

    # ---- the decision ------------------------------------------------------------------------------
    def apply(self, p: Shot, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state = self.plugin, batch.state
        res = resolve_gunnery(p.rules, plugin.ref(p.ship), p.kind, plugin.ref(p.target), p.distance, dice, p.crew,
                              p.shots, p.sensors_offline)
        damage = int(res.outcome["damage"])
        total = int(p.target.record["round_damage"]) + damage
        after = state.with_ship(p.ship.with_item_values(p.item.id, {"shots": int(p.item.record["shots"]) + p.shots}))
        after = after.with_ship(after.ships[p.target.id].with_values({"round_damage": total}))
        text = " ".join(s.text for s in res.steps) + f" {res.summary} (round total {total}, applied in the Damage phase)."
        data = {"ship": p.ship.id, "item": p.item.id, "weapon": p.kind, "target": p.target.id,
                "distance": p.distance, "band": res.outcome["band"], "shots": p.shots,
                "hits": res.outcome["hit_count"], "damage": damage, "dice": dice_data(dice.take())}
        events = plugin.emit("shots-fired", state, after, text, "gunnery", **data)
        batch.add(*events)
        batch.add(*plugin.game_over(state, events))
