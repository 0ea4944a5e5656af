"""cal ordnance: the Ordnance Ready Track (ready, unready, recall), launches, tokens in play, intercepts,
ordnance attacks and the C&C limit on fighters and bombers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .model import Ordnance
from .procedures import intercept_plan, ready_delay, resolve_intercept, torpedo_course, track_label
from .game_base import UNREADIED
from .notation import counter_text, course_text, parse_counter, parse_course, parse_spend, plural, signed, sorted_track
from .tokens import TOKEN_KIND, find_token, intercepted_now, replace_token, token_label, tokens, with_tokens
from .damage_record import CalDamage
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from ...game.state import GameState, ShipState

_ORDNANCE_ALIASES = {"torp": "Torpedo", "torpedoes": "Torpedo", "fighters": "Fighter", "bombers": "Bomber",
                     "fb": "Fighter/Bomber", "f/b": "Fighter/Bomber", "fighter bomber": "Fighter/Bomber",
                     "assault": "Assault Craft", "ac": "Assault Craft", "assault craft": "Assault Craft"}
_KIND = ArgSpec("ordnance", ArgType.TEXT, "Torpedo, Fighter, Bomber, Fighter/Bomber (fb) or Assault Craft (assault)")
_TOKEN = ArgSpec("token", ArgType.TOKEN, "an ordnance token in play (o3)", tokens=(TOKEN_KIND,))


@dataclass(frozen=True)
class Intercept:
    """An intercept, checked: the fighters' token, the target token, the units on each side."""

    fighters: dict[str, Any]
    target: dict[str, Any]
    units: int
    target_units: int
    done: int  # fighter units of the token that intercepted earlier this round
    roll_under: int | None  # the d6 the winning side rolls under to stay, None: no roll


@dataclass(frozen=True)
class OrdnanceAttack:
    """An ordnance attack, checked: what it deals (damage recorded, or Boarders) to which ship."""

    token: dict[str, Any]
    units: int
    target: ShipState
    kind: str
    damage: int
    boarders: int


class CalOrdnance(CalDamage):
    """ready-ordnance, unready, recall, launch, intercept, ordnance-attack, remove-ordnance, cc-check."""

    def ordnance_kind(self, text: str) -> tuple[str, Ordnance]:
        key = str(text).strip().casefold().replace("-", " ").replace("_", " ")
        return self.ordnance(_ORDNANCE_ALIASES.get(key, key))

    def _bays_for(self, ship: ShipState, name: str, kind: Ordnance) -> list[Any]:
        bays = self.bay_items(ship, kind)
        if not bays:
            wanted = " or ".join(sorted({b.replace("_", " ") for b in kind.bays}))
            raise InvalidAction(f"{ship.label} has no bay for {name} (it needs {wanted})")
        return bays

    # ---- the Ordnance Ready Track ---------------------------------------------------------------
    @action(
        "ready-ordnance",
        ArgSpec("ship", ArgType.SHIP, "the ship whose track gets the counters"),
        _KIND,
        ArgSpec("count", ArgType.INT, "how many counters (default 1)", required=False, default=1),
        help="ready ordnance: place counters on the Ordnance Ready Track square of the ship's Crew (F/B or T/A, "
        "Crew clamped to -2..+2). Counters of a bay type never exceed its undamaged bays or tubes. Not after "
        "this ship unreadied, nor after its player recalled ordnance, this round.",
    )
    def ready(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "ready-ordnance")
        ship = self.acting_ship(state, args["ship"])
        name, kind = self.ordnance_kind(args["ordnance"])
        count = int(args["count"])
        if count < 1:
            raise InvalidAction("count must be 1 or more")
        player = state.players[ship.owner]
        if player.extra.get("recalled") == state.turn:
            raise InvalidAction(f"{player.name} recalled ordnance this round: no new counters on any ship until next round")
        if UNREADIED in self.marks(ship):
            raise InvalidAction(f"{ship.label} unreadied ordnance this round: no new counters on its track until next round")
        bays = self._bays_for(ship, name, kind)
        room = {it.id: int(it.record["bays"]) - len(it.record.get("track") or []) for it in bays}
        if sum(room.values()) < count:
            have = "; ".join(f"{it.name}: {it.record['bays']} undamaged of {it.record['bays_max']}, "
                             f"{plural(len(it.record.get('track') or []), 'counter')} on the track" for it in bays)
            raise InvalidAction(f"{ship.label} has room for {plural(sum(room.values()), 'more counter')}, "
                                f"not {count} ({have})")
        rules = self.rules(state)
        crew = int(ship.record["crew"])
        square, delay = track_label(rules, name, crew), ready_delay(rules, name, crew)
        new = ship
        todo = count
        for it in bays:
            put = min(todo, room[it.id])
            if put:
                track = sorted_track([*(it.record.get("track") or []), *[counter_text(name, delay)] * put])
                new = new.with_item_values(it.id, {"track": track})
                todo -= put
        when = "ready at once" if delay <= 0 else f"ready after {plural(delay, 'Interphase')}"
        text = (f"{ship.label} readies {plural(count, name + ' counter')} on square {square} "
                f"(Crew {signed(crew)}): {when}.")
        return self.emit("ordnance-readied", state, state.with_ship(new), text,
                           ship=ship.id, ordnance=name, count=count, square=square, delay=delay)

    def _ready_counters(self, ship: ShipState, name: str, kind: Ordnance) -> int:
        return sum(1 for it in self.bay_items(ship, kind) for c in it.record.get("track") or []
                   if parse_counter(c) == (name, 0))

    def _take_ready(self, ship: ShipState, name: str, kind: Ordnance, count: int) -> ShipState:
        for it in self.bay_items(ship, kind):
            track = list(it.record.get("track") or [])
            while count and counter_text(name, 0) in track:
                track.remove(counter_text(name, 0))
                count -= 1
            ship = ship.with_item_values(it.id, {"track": track})
        return ship

    @action(
        "unready",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        _KIND,
        ArgSpec("count", ArgType.INT, "how many ready counters (default all of that kind)", required=False),
        help="take ready counters off the ready square (e.g. fighters off a carrier to ready bombers); "
        "that ship places no new counters this round.",
    )
    def unready(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "unready")
        ship = self.acting_ship(state, args["ship"])
        name, kind = self.ordnance_kind(args["ordnance"])
        self._bays_for(ship, name, kind)
        ready = self._ready_counters(ship, name, kind)
        count = ready if args.get("count") is None else int(args["count"])
        if ready == 0:
            raise InvalidAction(f"{ship.label} has no {name} counter on the ready square")
        if not 1 <= count <= ready:
            raise InvalidAction(f"{ship.label} has {plural(ready, 'ready ' + name + ' counter')}, not {count}")
        new = self.with_mark(self._take_ready(ship, name, kind, count), UNREADIED)
        text = f"{ship.label} unreadies {plural(count, name + ' counter')}; it places no new counters this round."
        return self.emit("ordnance-unreadied", state, state.with_ship(new), text, ship=ship.id, ordnance=name, count=count)

    @action(
        "recall",
        _TOKEN,
        ArgSpec("units", ArgType.INT, "how many units of the token (default all)", required=False),
        help="remove friendly ordnance from play (craft recalled, torpedoes disabled); it does not go back "
        "to the ready square, and its player readies nothing more on any ship this round.",
    )
    def recall(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "recall")
        token, units = self._token_units(state, args["token"], args.get("units"))
        after = replace_token(state, {**token, "units": token["units"] - units})
        owner = token["owner"]
        player = after.players[owner]
        after = after.with_player(owner, player.model_copy(update={"extra": {**player.extra, "recalled": state.turn}}))
        text = (f"{player.name} recalls {plural(units, 'unit')} of {token_label(token)}; "
                "no more readying on any of their ships this round.")
        return self.emit("ordnance-recalled", state, after, text, token=token["id"], units=units)

    def _token_units(self, state: GameState, ref: str, units: Any) -> tuple[dict[str, Any], int]:
        token = find_token(state, ref)
        n = int(token["units"]) if units is None else int(units)
        if not 1 <= n <= int(token["units"]):
            raise InvalidAction(f"{token_label(token)} has {plural(token['units'], 'unit')}, not {n}")
        return token, n

    # ---- launching ------------------------------------------------------------------------------
    @action(
        "launch",
        ArgSpec("ship", ArgType.SHIP, "the launching ship"),
        _KIND,
        ArgSpec("count", ArgType.INT, "how many ready counters to launch as one token (default all of that kind)",
                required=False),
        ArgSpec("facing", ArgType.INT, "torpedoes: the ship's facing (hex side 1-6), to add course MPs", required=False),
        ArgSpec("course", ArgType.TEXT, "torpedoes: up to 3 extra MPs, e.g. '1 1 2' (half or more forward)",
                required=False, default=""),
        help="launch ready ordnance from the ready square as one token in play, placed next to the ship; "
        "fighters and bombers in play never exceed the fleet's C&C. A torpedo takes the ship's course "
        "(without rotation) plus up to 3 MPs forward or to either side of forward.",
    )
    def launch(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "launch")
        ship = self.acting_ship(state, args["ship"])
        name, kind = self.ordnance_kind(args["ordnance"])
        self._bays_for(ship, name, kind)
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: it cannot launch until repaired")
        ready = self._ready_counters(ship, name, kind)
        if ready == 0:
            raise InvalidAction(f"{ship.label} has no {name} counter on the ready square")
        count = ready if args.get("count") is None else int(args["count"])
        if not 1 <= count <= ready:
            raise InvalidAction(f"{ship.label} has {plural(ready, 'ready ' + name + ' counter')}, not {count}")
        player = state.players[ship.owner]
        if kind.cc:
            cc, craft = self.fleet_cc(state, ship.owner), self.craft_in_play(state, ship.owner)
            if craft + count * kind.cc > cc:
                raise InvalidAction(f"{player.name}'s fleet C&C is {cc} and {plural(craft, 'fighter or bomber', 'fighters and bombers')} "
                                    f"are in play: {count} more would exceed it")
        course = None
        if name == "Torpedo" or kind.movement is None:
            course = self._torpedo_course(state, ship, args)
        elif args.get("facing") is not None or args.get("course"):
            raise InvalidAction("only torpedoes take a facing and course")
        number = int(state.extra.get("next_token", 1))
        token = {"id": f"o{number}", "kind": name, "owner": ship.owner, "ship": ship.id, "units": count,
                 "round": state.turn, "course": course, "intercepted": 0, "intercepted_round": 0}
        after = state.with_ship(self._take_ready(ship, name, kind, count))
        after = with_tokens(after, [*tokens(after), token]).with_extra({"next_token": number + 1})
        where = f" on course {course}" if course else ""
        text = f"{ship.label} launches {token_label(token)}{where}, placed next to it; it moves from the next Ordnance phase."
        return self.emit("ordnance-launched", state, after, text, ship=ship.id, token=token["id"], ordnance=name, units=count)

    def _torpedo_course(self, state: GameState, ship: ShipState, args: dict[str, Any]) -> str:
        base = parse_course(ship.record.get("course", ""))
        extra = parse_spend(args.get("course") or "")
        if extra and args.get("facing") is None:
            raise InvalidAction("adding MPs to a torpedo's course needs the ship's facing (hex side 1-6)")
        facing = args.get("facing") or 1
        try:
            return course_text(torpedo_course(self.rules(state), base, int(facing), extra))  # type: ignore[arg-type]
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None

    @action(
        "remove-ordnance",
        _TOKEN,
        ArgSpec("units", ArgType.INT, "how many units (default all)", required=False),
        ArgSpec("reason", ArgType.TEXT, "why, for the log (C&C, off the board, blast...)", required=False, default="", rest=True),
        help="take ordnance out of play without a recall: fighters and bombers above C&C (owner's choice), "
        "ordnance cleared by a capital ship's Reactor Breach, craft leaving the board.",
    )
    def remove_ordnance(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        if not state.started:
            raise InvalidAction("no ordnance is in play during set-up")
        token, units = self._token_units(state, args["token"], args.get("units"))
        after = replace_token(state, {**token, "units": token["units"] - units})
        why = f" ({args['reason'].strip()})" if args.get("reason") else ""
        text = f"{plural(units, 'unit')} of {token_label(token)} removed from play{why}."
        return self.emit("ordnance-removed", state, after, text, token=token["id"], units=units)

    # ---- engagements ----------------------------------------------------------------------------
    def prepare_intercept(self, state: GameState, args: dict[str, Any], *, timed: bool = True) -> Intercept:
        """Every check of an intercept, in the decider's order; InvalidAction says what is wrong."""
        if timed:
            self.check_time(state, "intercept")
        fighters, target = find_token(state, args["token"]), find_token(state, args["target"])
        if fighters["owner"] == target["owner"]:
            raise InvalidAction(f"{fighters['id']} and {target['id']} are on the same side")
        _, f_kind = self.ordnance(fighters["kind"])
        if not f_kind.ata:
            raise InvalidAction(f"{fighters['kind']} cannot intercept (ATA 0); only fighters and fighter/bombers do")
        self.refuse_over_cc(state, fighters["owner"], "intercept")
        done = intercepted_now(fighters, state.turn)
        free = int(fighters["units"]) - done
        units = free if args.get("units") is None else int(args["units"])
        if free <= 0:
            raise InvalidAction(f"every unit of {token_label(fighters)} has intercepted this round (cal §Craft)")
        if not 1 <= units <= free:
            raise InvalidAction(f"{token_label(fighters)} has {plural(free, 'unit')} free to intercept, not {units}")
        t_units = min(units, int(target["units"])) if args.get("target_units") is None else int(args["target_units"])
        if not 1 <= t_units <= min(units, int(target["units"])):
            raise InvalidAction(f"{units} fighter unit(s) intercept at most {min(units, int(target['units']))} "
                                f"unit(s) of {token_label(target)}, not {t_units}")
        try:
            plan = intercept_plan(self.rules(state), [fighters["kind"]] * units, [target["kind"]] * t_units)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        return Intercept(fighters, target, units, t_units, done, plan[3])

    @action(
        "intercept",
        ArgSpec("token", ArgType.TOKEN, "the intercepting fighters' token (o3)", tokens=(TOKEN_KIND,)),
        ArgSpec("target", ArgType.TOKEN, "the hostile ordnance token it intercepts", tokens=(TOKEN_KIND,)),
        ArgSpec("units", ArgType.INT, "fighter units taking part (default all that have not intercepted this round)",
                required=False),
        ArgSpec("target_units", ArgType.INT, "target units intercepted (default as many as fighters, at most its units)",
                required=False),
        help="resolve an intercept (cal §Craft): total ATA against total ATA; the lower side is removed; the higher "
        "side stays only on an unmodified d6 under the difference (dice: that one d6, when it is needed); equal "
        "totals remove both. Against 0-ATA ordnance (torpedoes, bombers, assault craft) the book says both that the "
        "fighter remains and that it rolls: the house default rolls (intercept_zero_ata_roll). Each fighter unit "
        "intercepts at most one unit a round.",
        rolls=True,
    )
    def intercept(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_intercept(state, args)
        fighters, target, units, t_units = p.fighters, p.target, p.units, p.target_units
        res = resolve_intercept(self.rules(state), [fighters["kind"]] * units, [target["kind"]] * t_units, dice)
        out = res.outcome
        lost_a = units if out["removed_a"] else 0
        lost_b = t_units if out["removed_b"] else 0
        new_f = {**fighters, "units": int(fighters["units"]) - lost_a}
        if not out["removed_a"]:
            new_f.update(intercepted=p.done + units, intercepted_round=state.turn)
        new_t = {**target, "units": int(target["units"]) - lost_b}
        _, t_kind = self.ordnance(target["kind"])
        if not out["removed_b"] and t_kind.ata:
            new_t.update(intercepted=intercepted_now(target, state.turn) + t_units, intercepted_round=state.turn)
        after = replace_token(replace_token(state, new_f), new_t)
        text = (f"{token_label(fighters)} intercepts {token_label(target)}" + " (side a: the fighters, side b: the target). "
                + " ".join(s.text for s in res.steps) + f" {res.summary}.")
        data = {"token": fighters["id"], "target": target["id"], "units": units, "target_units": t_units,
                "removed_a": lost_a, "removed_b": lost_b, "dice": dice_data(dice.take())}
        return self.emit("intercepted", state, after, text, "intercept", **data)

    def prepare_ordnance_attack(self, state: GameState, args: dict[str, Any], *, timed: bool = True) -> OrdnanceAttack:
        """Every check of an ordnance attack, in the decider's order."""
        if timed:
            self.check_time(state, "ordnance-attack")
        token, units = self._token_units(state, args["token"], args.get("units"))
        target = self.target_ship(state, args["target"])
        if target.owner == token["owner"]:
            raise InvalidAction(f"{target.label} is on {token['id']}'s own side")
        if token["round"] == state.turn:
            raise InvalidAction(f"{token['id']} was launched this round: it moves and attacks from the next round "
                                "(cal §Ordnance)")
        name, kind = self.ordnance(token["kind"])
        damage = kind.damage if kind.damage is not None else (kind.atg or 0)
        if not damage and not kind.boarders:
            raise InvalidAction(f"{name} does not attack ships (no ATG, damage or boarders)")
        if kind.cc:
            self.refuse_over_cc(state, token["owner"], "attack")
        return OrdnanceAttack(token, units, target, name, damage * units, kind.boarders * units)

    @action(
        "ordnance-attack",
        _TOKEN,
        ArgSpec("target", ArgType.SHIP, "the hostile ship it attacks (adjacent on the table)"),
        ArgSpec("units", ArgType.INT, "how many units attack (default all)", required=False),
        help="resolve an ordnance attack after point defence (cal §Torpedoes, §Craft): a torpedo deals 10 a unit, "
        "a bomber its ATG (6; fighter/bomber 3), an assault craft adds 1 Boarder; the damage is recorded for the "
        "Damage phase and the attacking units leave play. No dice: a torpedo next to a hostile ship always hits.",
    )
    def ordnance_attack(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_ordnance_attack(state, args)
        token, units, target = p.token, p.units, p.target
        after = replace_token(state, {**token, "units": token["units"] - units})
        if p.damage:
            total = int(target.record["round_damage"]) + p.damage
            after = after.with_ship(target.with_values({"round_damage": total}))
            result = f"{p.damage} damage recorded on {target.label} (round total {total})"
        else:
            boarders = int(target.record["boarders"]) + p.boarders
            after = after.with_ship(target.with_values({"boarders": boarders}))
            result = f"{target.label} Boarders {target.record['boarders']} → {boarders}"
        verb = "attacks" if units == 1 else "attack"
        text = f"{plural(units, 'unit')} of {token_label(token)} {verb} {target.label}: {result}; {'it leaves' if units == 1 else 'they leave'} play."
        return self.emit("ordnance-attacked", state, after, text, "ordnance attack", token=token["id"], target=target.id,
                         units=units)
