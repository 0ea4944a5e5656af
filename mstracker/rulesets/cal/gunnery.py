"""cal Gunnery: weapons fire (Targeting rolls, damage recorded for the Damage phase), point defence, odds."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import odds as cal_odds
from .damage import MAJOR, MINOR, damage_check
from .procedures import fire_damage_applies, resolve_gunnery, resolve_point_defence
from ...rules.outcome import AttackOdds
from .game_base import ITEM_FIELDS, POINT_ITEM, WEAPON_ITEMS
from .notation import plural
from .tokens import find_token, replace_token, token_label
from .damage_record import CalDamage
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from ...game.state import GameState, ShipItem, ShipState

FIRE_HELP = (
    "fire one weapon type (beam or projectile) of a ship at a ship. Dice: one d6 per shot, in order; each "
    "is a Targeting roll, d6 + the firing ship's Crew, needing 4 against an Escort or 3 against a Capital Ship "
    "(a projectile at long range needs 1 more). Long range = more than half the weapon's range; a beam at long "
    "range deals half its strength (rounded up); Sensors Offline cuts the range to 1. Each weapon fires once a "
    "round from an Escort, twice from a Capital Ship (shots defaults to all that are left). The damage is "
    "recorded on the target and applied in the Damage phase."
)
PD_HELP = (
    "fire point defence at one hostile ordnance token (range 2 hexes). Dice: one d6 per shot, in order; each "
    "needs the setting pd_target (4) on d6 + Crew and removes one unit at once. A ship fires at most Point shots "
    "a round, and at one token at most as often as it had units before point defence began."
)


@dataclass(frozen=True)
class Shot:
    ship: ShipState
    item: ShipItem
    kind: str
    target: ShipState
    shots: int
    crew: int
    sensors_offline: bool


class CalGunnery(CalDamage):
    """fire and point-defence, and the odds shown before a fire roll."""

    def gunnery_steps(self, state: GameState, step: str) -> list[str] | None:
        """Steps of the Gunnery phase where `step`'s actions are allowed (setting gunnery_order)."""
        return None if self.setting(state, "gunnery_order") == "per player" else [step]

    @staticmethod
    def plain(exc: Exception, ship: ShipState) -> str:
        """The rules package names classes ("the Corvette's beam"); here it names a ship."""
        return str(exc).replace(f"the {ship.label}", ship.label)

    def shot_plan(self, state: GameState, args: dict[str, Any]) -> Shot:
        ship = self.acting_ship(state, args["ship"])
        item = ship.item(str(args["weapon"]))
        kind = ITEM_FIELDS.get(item.name, "")
        if kind not in WEAPON_ITEMS:
            if item.name == POINT_ITEM:
                raise InvalidAction(f"{item.name} is point defence: use point-defence {ship.id} TOKEN")
            raise InvalidAction(f"{item.name} launches ordnance: use launch {ship.id} ORDNANCE")
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: it cannot fire until repaired")
        if item.record.get("damaged"):
            raise InvalidAction(f"{ship.label}'s {item.name} battery is damaged: it cannot fire until repaired")
        target = self.target_ship(state, args["target"], ship)
        rate, used = int(item.record.get("rate", 1)), int(item.record.get("shots", 0))
        left = rate - used
        if left <= 0:
            raise InvalidAction(f"{ship.label}'s {item.name} has fired its {plural(rate, 'shot')} this round "
                                f"({self.stats(ship).type}: {plural(rate, 'shot')} per weapon a round)")
        shots = args.get("shots")
        shots = left if shots is None else int(shots)
        if shots < 1:
            raise InvalidAction("shots must be 1 or more")
        if shots > left:
            raise InvalidAction(f"{ship.label}'s {item.name} has {plural(left, 'shot')} left this round, not {shots}")
        return Shot(ship, item, kind, target, shots, int(ship.record["crew"]), bool(ship.record.get("sensors_offline")))

    @action(
        "fire",
        ArgSpec("ship", ArgType.SHIP, "the firing ship (id, name or tag)"),
        ArgSpec("weapon", ArgType.ITEM, "beam or projectile (the weapon's name or item id)"),
        ArgSpec("target", ArgType.SHIP, "the target ship"),
        ArgSpec("distance", ArgType.INT, "hexes to the target, measured on the table", required=False),
        ArgSpec("shots", ArgType.INT, "shots to fire now (default: all the weapon has left this round)", required=False),
        help=FIRE_HELP,
        rolls=True,
    )
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.require_phase(state, "fire", "gunnery", self.gunnery_steps(state, "weapons"))
        if args.get("distance") is None:
            raise InvalidAction("fire needs distance (hexes to the target, measured on the table)")
        p = self.shot_plan(state, args)
        try:
            res = resolve_gunnery(self.rules(state), self.ref(p.ship), p.kind, self.ref(p.target), args["distance"],
                                  dice, p.crew, p.shots, p.sensors_offline)
        except ValueError as exc:
            raise InvalidAction(self.plain(exc, p.ship)) from None
        damage = int(res.outcome["damage"])
        total = int(p.target.record["round_damage"]) + damage
        after = state.with_ship(p.ship.with_item_values(p.item.id, {"shots": int(p.item.record["shots"]) + p.shots}))
        after = after.with_ship(after.ships[p.target.id].with_values({"round_damage": total}))
        text = " ".join(s.text for s in res.steps) + f" {res.summary} (round total {total}, applied in the Damage phase)."
        data = {"ship": p.ship.id, "item": p.item.id, "weapon": p.kind, "target": p.target.id,
                "distance": args["distance"], "band": res.outcome["band"], "shots": p.shots,
                "hits": res.outcome["hit_count"], "damage": damage, "dice": dice_data(dice.take())}
        return self.emit("shots-fired", state, after, text, **data)

    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        """Exact odds of a fire action in the current state; None while ship/weapon/target/distance
        are missing; InvalidAction when the shot is not allowed."""
        if kind != "fire" or any(args.get(k) in (None, "") for k in ("ship", "weapon", "target", "distance")):
            return None
        p = self.shot_plan(state, args)
        rules = self.rules(state)
        ss = int(p.target.record["ss"])
        options = {"attacker": self.ref(p.ship), "weapon": p.kind, "target": self.ref(p.target),
                   "distance": args["distance"], "crew": p.crew, "shots": p.shots, "ss": ss,
                   "sensors_offline": p.sensors_offline}
        try:
            odds = cal_odds.attack_odds(rules, options)
        except ValueError as exc:
            raise InvalidAction(self.plain(exc, p.ship)) from None
        recorded = int(p.target.record["round_damage"])
        fire = int(p.target.record["fire"]) if fire_damage_applies(rules, "damage") else 0
        if not recorded + fire or odds.damage is None:
            return odds
        base = recorded + fire
        checks: dict[str, Fraction] = {}
        for dmg, prob in odds.damage.items():
            check = damage_check(rules, ss, base + dmg)
            checks[check] = checks.get(check, Fraction(0)) + prob
        notes = [n for n in odds.notes if not n.startswith("Only this attack")]
        notes.append(f"Already recorded on the target this round: {recorded}" + (f", plus Fire {fire}" if fire else "")
                     + "; the destroy and table chances count it.")
        return AttackOdds(
            p_hit=odds.p_hit,
            damage=odds.damage,
            expected_damage=odds.expected_damage,
            p_destroy=sum((p for d, p in odds.damage.items() if base + d >= ss), start=Fraction(0)),
            extra={**odds.extra, "p_major": checks.get(MAJOR, Fraction(0)), "p_minor": checks.get(MINOR, Fraction(0))},
            notes=tuple(notes),
        )

    @action(
        "point-defence",
        ArgSpec("ship", ArgType.SHIP, "the ship firing point defence"),
        ArgSpec("token", ArgType.TEXT, "the hostile ordnance token in play (o3)"),
        ArgSpec("shots", ArgType.INT, "shots at this token (default 1)", required=False, default=1),
        ArgSpec("distance", ArgType.INT, "hexes to the token, if you want the range checked", required=False),
        help=PD_HELP,
        rolls=True,
    )
    def point_defence(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.require_phase(state, "fire point defence", "gunnery", self.gunnery_steps(state, "point_defence"))
        ship = self.acting_ship(state, args["ship"])
        points = self.items_named(ship, POINT_ITEM)
        if not points:
            raise InvalidAction(f"{ship.label} has no point defence")
        pd = points[0]
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: no point defence until repaired")
        if pd.record.get("damaged"):
            raise InvalidAction(f"{ship.label}'s point defences are damaged: they cannot fire until repaired")
        token = find_token(state, args["token"])
        if token["owner"] == ship.owner:
            raise InvalidAction(f"{token['id']} is {state.players[ship.owner].name}'s own ordnance")
        pd_range = int(self.ruleset.general.pd_range)
        if ship.record.get("sensors_offline") and self.setting(state, "sensors_offline_pd"):
            pd_range = min(pd_range, int(self.ruleset.general.sensors_offline_range))
        if args.get("distance") is not None and args["distance"] > pd_range:
            raise InvalidAction(f"{token['id']} is {args['distance']} hexes away; point defence reaches {pd_range}")
        shots = int(args["shots"])
        left = int(pd.record["rate"]) - int(pd.record["shots"])
        if shots < 1:
            raise InvalidAction("shots must be 1 or more")
        if shots > left:
            raise InvalidAction(f"{ship.label} has {plural(left, 'point defence shot')} left this round, not {shots}")
        cap = int(token["pd_cap"]) if token.get("pd_round") == state.turn else int(token["units"])
        fired = dict(state.extra.get("pd", {}).get(ship.id, {}))
        allowed = cap - int(fired.get(token["id"], 0))
        if shots > allowed:
            raise InvalidAction(f"{ship.label} may shoot {token['id']} ({plural(cap, 'unit')} when point defence began) "
                                f"{plural(allowed, 'more time')} this round, not {shots}")
        crew = int(ship.record["crew"])
        res = resolve_point_defence(self.rules(state), dice, crew, shots)
        removed = min(int(res.outcome["removed"]), int(token["units"]))
        units = int(token["units"]) - removed
        after = state.with_ship(ship.with_item_values(pd.id, {"shots": int(pd.record["shots"]) + shots}))
        fired[token["id"]] = int(fired.get(token["id"], 0)) + shots
        after = after.with_extra({"pd": {**state.extra.get("pd", {}), ship.id: fired}})
        after = replace_token(after, {**token, "units": units, "pd_cap": cap, "pd_round": state.turn})
        left_words = f"{token['id']} has {plural(units, 'unit')} left" if units else f"{token['id']} is gone"
        text = (f"{ship.label} fires point defence at {token_label(token)}. "
                + " ".join(s.text for s in res.steps) + f" {res.summary}; {left_words}.")
        data = {"ship": ship.id, "token": token["id"], "shots": shots, "removed": removed,
                "dice": dice_data(dice.take())}
        return self.emit("pd-fired", state, after, text, **data)
