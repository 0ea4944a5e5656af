"""cal §2 Gunnery: weapons fire (Targeting rolls; the damage is recorded for the Damage phase) and point
defence (cal §Point Defenses). Each action's checks are one `prepare_*` step, shared by the decider,
its declared dice and its odds, so all three refuse the same things with the same words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from ...game.reach import in_range_arg, reach_words
from ...game.state import GameState, ShipItem, ShipState
from . import cite
from .damage_record import CalDamage
from .game_base import ITEM_FIELDS, POINT_ITEM, WEAPON_ITEMS
from .notation import plural
from .procedures import ShotProfile, resolve_gunnery, resolve_point_defence, shot_profile
from .tokens import TOKEN_KIND, find_token, replace_token, token_label

FIRE_HELP = (
    "fire a beam or projectile of a ship at a hostile ship (cal §Weapons); each weapon fires once a round from "
    "an Escort, twice from a Capital Ship. Dice: a d6 Targeting roll per shot, + Crew, needing 4 against an "
    "Escort, 3 against a Capital Ship, 1 more for a projectile at long range (beyond half its range); the "
    "targets are rebuilt from the book's example. A beam at long range deals half strength (rounded up). "
    "The damage counts in the Damage phase (cal §3 Damage)."
)
PD_HELP = (
    "fire point defence at one hostile ordnance token within 2 hexes (cal §Point Defenses). Dice: one d6 per "
    "shot, in order; each needs the Point Defence target on d6 + Crew (a house default, 4: pd_target) and "
    "removes one unit at once. A ship fires at most its Point shots a round, and at one token at most as often "
    "as it had units before point defence began."
)


@dataclass(frozen=True)
class Shot:
    """A weapon firing, checked: the ship, the battery, the target, how many shots, the range band."""

    ship: ShipState
    item: ShipItem
    kind: str  # beam or projectile
    target: ShipState
    shots: int
    crew: int
    sensors_offline: bool
    distance: int
    profile: ShotProfile


@dataclass(frozen=True)
class PointDefence:
    """Point defence shots at one token, checked."""

    ship: ShipState
    item: ShipItem
    token: dict[str, Any]
    shots: int
    cap: int  # units the token had when point defence began this round
    fired: dict[str, int]  # this ship's shots at each token this round
    crew: int


class CalGunnery(CalDamage):
    """fire and point-defence."""

    @staticmethod
    def plain(exc: Exception, ship: ShipState) -> str:
        """The rules package names classes ("the Corvette's beam"); here it names a ship."""
        return str(exc).replace(f"the {ship.label}", ship.label)

    # ---- fire ------------------------------------------------------------------------------------
    def prepare_fire(self, state: GameState, args: dict[str, Any], *, timed: bool = True) -> Shot:
        """Every check of a fire action, in the decider's order; InvalidAction says what is wrong."""
        if timed:
            self.check_time(state, "fire")
        if args.get("distance") is None:
            raise InvalidAction(f"distance needed: {cite.WEAPONS} (beyond half its range a projectile needs 1 more "
                                "to hit and a beam deals half); type the hexes to the target, measured on the table")
        ship, item, kind, target, shots = self.aim(state, args)
        offline = bool(ship.record.get("sensors_offline"))
        try:
            profile = shot_profile(self.rules(state), self.ref(ship), kind, self.ref(target), args["distance"],
                                   shots, offline)
        except ValueError as exc:
            raise InvalidAction(self.plain(exc, ship)) from None
        return Shot(ship, item, kind, target, shots, int(ship.record["crew"]), offline, int(args["distance"]), profile)

    def aim(self, state: GameState, args: dict[str, Any]) -> tuple[ShipState, ShipItem, str, ShipState, int]:
        """The checks of a fire before its distance counts: a battery (beam or projectile) of a ship that may
        fire it, undamaged, with shots left this round, at a ship in play. (ship, battery, kind, target, shots)."""
        ship = self.acting_ship(state, args["ship"])
        item = ship.item(str(args["weapon"]))
        kind = ITEM_FIELDS.get(item.name, "")
        if kind not in WEAPON_ITEMS:
            if item.name == POINT_ITEM:
                raise InvalidAction(f"{item.name} is point defence, ineffective against ships ({cite.POINT_DEFENSE}): "
                                    f"use point-defence {ship.id} TOKEN at hostile ordnance")
            raise InvalidAction(f"{item.name} launches ordnance: use launch {ship.id} ORDNANCE ({cite.GUNNERY})")
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: it cannot fire until repaired "
                                "(cal §Major Damage Table)")
        if item.record.get("damaged"):
            raise InvalidAction(f"{ship.label}'s {item.name} battery is damaged: it cannot fire until repaired "
                                "(Battery Damaged, cal §Minor Damage Table)")
        target = self.target_ship(state, args["target"], ship)
        rate, used = int(item.record.get("rate", 1)), int(item.record.get("shots", 0))
        left = rate - used
        if left <= 0:
            raise InvalidAction(f"{ship.label}'s {item.name} has fired its {plural(rate, 'shot')} this round "
                                f"({self.stats(ship).type}: {plural(rate, 'shot')} per weapon a round, cal §Weapons)")
        shots = left if args.get("shots") is None else int(args["shots"])
        if shots < 1:
            raise InvalidAction(f"shots must be 1 or more ({cite.WEAPONS})")
        if shots > left:
            raise InvalidAction(f"{ship.label}'s {item.name} has {plural(left, 'shot')} left this round, not {shots} "
                                f"({cite.WEAPONS})")
        return ship, item, kind, target, shots

    @action(
        "fire",
        ArgSpec("ship", ArgType.SHIP, "the firing ship (id, name or tag)"),
        ArgSpec("weapon", ArgType.ITEM, "beam or projectile (the weapon's name or item id)", items=("weapon",)),
        ArgSpec("target", ArgType.SHIP, "the target ship"),
        ArgSpec("distance", ArgType.INT, "hexes to the target, measured on the table", required=False),
        ArgSpec("shots", ArgType.INT, "shots to fire now (default: all the weapon has left this round)", required=False),
        help=FIRE_HELP,
        rolls=True,
    )
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_fire(state, args)
        res = resolve_gunnery(self.rules(state), self.ref(p.ship), p.kind, self.ref(p.target), p.distance,
                              dice, p.crew, p.shots, p.sensors_offline)
        damage = int(res.outcome["damage"])
        total = int(p.target.record["round_damage"]) + damage
        after = state.with_ship(p.ship.with_item_values(p.item.id, {"shots": int(p.item.record["shots"]) + p.shots}))
        after = after.with_ship(after.ships[p.target.id].with_values({"round_damage": total}))
        text = " ".join(s.text for s in res.steps) + f" {res.summary} (round total {total}, applied in the Damage phase)."
        data = {"ship": p.ship.id, "item": p.item.id, "weapon": p.kind, "target": p.target.id,
                "distance": p.distance, "band": res.outcome["band"], "shots": p.shots,
                "hits": res.outcome["hit_count"], "damage": damage, "dice": dice_data(dice.take())}
        return self.emit("shots-fired", state, after, text, "gunnery", **data)

    # ---- point defence ---------------------------------------------------------------------------
    def pd_range(self, state: GameState, ship: ShipState) -> int:
        pd_range = int(self.ruleset.general.pd_range)
        if ship.record.get("sensors_offline") and self.setting(state, "sensors_offline_pd"):
            pd_range = min(pd_range, int(self.ruleset.general.sensors_offline_range))
        return pd_range

    def pd_allowance(self, state: GameState, ship: ShipState, token: dict[str, Any]) -> tuple[int, int]:
        """(units when point defence began, shots this ship may still fire at the token this round)."""
        cap = int(token["pd_cap"]) if token.get("pd_round") == state.turn else int(token["units"])
        fired = int(state.extra.get("pd", {}).get(ship.id, {}).get(token["id"], 0))
        return cap, cap - fired

    def prepare_point_defence(self, state: GameState, args: dict[str, Any], *, timed: bool = True) -> PointDefence:
        if timed:
            self.check_time(state, "point-defence")
        ship = self.acting_ship(state, args["ship"])
        points = self.items_named(ship, POINT_ITEM)
        if not points:
            raise InvalidAction(f"{ship.label} has no point defence ({cite.POINT_DEFENSE})")
        pd = points[0]
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: no point defence until repaired "
                                "(cal §Major Damage Table)")
        if pd.record.get("damaged"):
            raise InvalidAction(f"{ship.label}'s point defences are damaged: they cannot fire until repaired "
                                "(cal §Minor Damage Table)")
        token = find_token(state, args["token"])
        if token["owner"] == ship.owner:
            raise InvalidAction(f"{token['id']} is {state.players[ship.owner].name}'s own ordnance: point defence fires at "
                                f"hostile ordnance ({cite.POINT_DEFENSE})")
        reach = self.pd_range(state, ship)
        if args.get("distance") is not None and args["distance"] > reach:
            raise InvalidAction(f"{token['id']} is {args['distance']} hexes away; point defence reaches {reach} "
                                f"({cite.POINT_DEFENSE})")
        shots = int(args.get("shots") or 1)
        left = int(pd.record["rate"]) - int(pd.record["shots"])
        if shots < 1:
            raise InvalidAction(f"shots must be 1 or more ({cite.POINT_DEFENSE})")
        if shots > left:
            raise InvalidAction(f"{ship.label} has {plural(left, 'point defence shot')} left this round, not {shots} "
                                f"({cite.POINT_DEFENSE})")
        cap, allowed = self.pd_allowance(state, ship, token)
        if shots > allowed:
            raise InvalidAction(f"{ship.label} may shoot {token['id']} ({plural(cap, 'unit')} when point defence began) "
                                f"{plural(allowed, 'more time')} this round, not {shots} ({cite.POINT_DEFENSE})")
        fired = dict(state.extra.get("pd", {}).get(ship.id, {}))
        return PointDefence(ship, pd, token, shots, cap, fired, int(ship.record["crew"]))

    @action(
        "point-defence",
        ArgSpec("ship", ArgType.SHIP, "the ship firing point defence"),
        ArgSpec("token", ArgType.TOKEN, "the hostile ordnance token in play (its id on the table)", tokens=(TOKEN_KIND,)),
        ArgSpec("shots", ArgType.INT, "shots at this token (default 1)", required=False, default=1),
        ArgSpec("distance", ArgType.INT, "hexes to the token, checked against the point defence range", required=False),
        in_range_arg("hexes"),
        help=PD_HELP,
        rolls=True,
    )
    def point_defence(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_point_defence(state, args)
        # the distance only sets the reach (2 hexes): measured, or said plainly in range, never assumed
        reach = reach_words(args, self.pd_range(state, p.ship), "hexes", cite.POINT_DEFENSE)
        res = resolve_point_defence(self.rules(state), dice, p.crew, p.shots)
        token = p.token
        removed = min(int(res.outcome["removed"]), int(token["units"]))
        units = int(token["units"]) - removed
        after = state.with_ship(p.ship.with_item_values(p.item.id, {"shots": int(p.item.record["shots"]) + p.shots}))
        fired = {**p.fired, token["id"]: int(p.fired.get(token["id"], 0)) + p.shots}
        after = after.with_extra({"pd": {**state.extra.get("pd", {}), p.ship.id: fired}})
        after = replace_token(after, {**token, "units": units, "pd_cap": p.cap, "pd_round": state.turn})
        left_words = f"{token['id']} has {plural(units, 'unit')} left" if units else f"{token['id']} is gone"
        text = (f"{p.ship.label} fires point defence at {token_label(token)}, {reach}. "
                + " ".join(s.text for s in res.steps) + f" {res.summary}; {left_words}.")
        data = {"ship": p.ship.id, "token": token["id"], "shots": p.shots, "removed": removed,
                "dice": dice_data(dice.take())}
        return self.emit("pd-fired", state, after, text, "point defence", **data)
