"""cal §1 Ordnance and the launches of §2 Gunnery: the Ordnance Ready Track (ready, unready, recall), launching
ready ordnance as tokens in play (cal §Ordnance, §Torpedoes, §Craft), removing it from play, and the C&C
limit on fighters and bombers launched (cal §Command & Control)."""

from __future__ import annotations

from typing import Any

from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.plugin import action
from ...game.state import GameState, ShipState
from . import cite
from .damage_record import CalDamage
from .game_base import UNREADIED
from .model import Ordnance
from .notation import counter_text, course_text, parse_counter, parse_course, parse_spend, plural, signed, sorted_track
from .procedures import ready_delay, torpedo_course, track_label
from .tokens import TOKEN_KIND, find_token, replace_token, token_label, tokens, with_tokens

_ORDNANCE_ALIASES = {"torp": "Torpedo", "torpedoes": "Torpedo", "fighters": "Fighter", "bombers": "Bomber",
                     "fb": "Fighter/Bomber", "f/b": "Fighter/Bomber", "fighter bomber": "Fighter/Bomber",
                     "assault": "Assault Craft", "ac": "Assault Craft", "assault craft": "Assault Craft"}
_KIND = ArgSpec("ordnance", ArgType.TEXT, "Torpedo, Fighter, Bomber, Fighter/Bomber (fb) or Assault Craft (assault)")
TOKEN_ARG = ArgSpec("token", ArgType.TOKEN, "an ordnance token in play (its id on the table)", tokens=(TOKEN_KIND,))


class CalReadyTrack(CalDamage):
    """ready-ordnance, unready, recall, launch, remove-ordnance."""

    def ordnance_kind(self, text: str) -> tuple[str, Ordnance]:
        key = str(text).strip().casefold().replace("-", " ").replace("_", " ")
        return self.ordnance(_ORDNANCE_ALIASES.get(key, key))

    def _bays_for(self, ship: ShipState, name: str, kind: Ordnance) -> list[Any]:
        bays = self.bay_items(ship, kind)
        if not bays:
            wanted = " or ".join(sorted({b.replace("_", " ") for b in kind.bays}))
            raise InvalidAction(f"{ship.label} has no bay for {name} (it needs {wanted}; {cite.ORDNANCE_PHASE})")
        return bays

    # ---- the Ordnance Ready Track ---------------------------------------------------------------
    @action(
        "ready-ordnance",
        ArgSpec("ship", ArgType.SHIP, "the ship whose track gets the counters"),
        _KIND,
        ArgSpec("count", ArgType.INT, "how many counters (default 1)", required=False, default=1),
        help="ready ordnance (cal §1 Ordnance): place counters on the Ordnance Ready Track square of the ship's Crew (F/B or T/A, "
        "Crew clamped to -2..+2). Counters of a bay type never exceed its undamaged bays or tubes. Not after "
        "this ship unreadied, nor after its player recalled ordnance, this round.",
    )
    def ready(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "ready-ordnance")
        ship = self.acting_ship(state, args["ship"])
        name, kind = self.ordnance_kind(args["ordnance"])
        count = int(args["count"])
        if count < 1:
            raise InvalidAction(f"count must be 1 or more ({cite.ORDNANCE_PHASE})")
        player = state.players[ship.owner]
        if player.extra.get("recalled") == state.turn:
            raise InvalidAction(f"{player.name} recalled ordnance this round: no new counters on any ship until next round "
                                f"({cite.ORDNANCE_PHASE})")
        if UNREADIED in self.marks(ship):
            raise InvalidAction(f"{ship.label} unreadied ordnance this round: no new counters on its track until next round "
                                f"({cite.ORDNANCE_PHASE})")
        bays = self._bays_for(ship, name, kind)
        room = {it.id: int(it.record["bays"]) - len(it.record.get("track") or []) for it in bays}
        if sum(room.values()) < count:
            have = "; ".join(f"{it.name}: {it.record['bays']} undamaged of {it.record['bays_max']}, "
                             f"{plural(len(it.record.get('track') or []), 'counter')} on the track" for it in bays)
            raise InvalidAction(f"{ship.label} has room for {plural(sum(room.values()), 'more counter')}, "
                                f"not {count} ({have}; {cite.ORDNANCE_PHASE})")
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
        help="unready (cal §1 Ordnance): take ready counters off the ready square (e.g. fighters off a carrier to ready bombers); "
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
            raise InvalidAction(f"{ship.label} has no {name} counter on the ready square ({cite.ORDNANCE_PHASE})")
        if not 1 <= count <= ready:
            raise InvalidAction(f"{ship.label} has {plural(ready, 'ready ' + name + ' counter')}, not {count} "
                                f"({cite.ORDNANCE_PHASE})")
        new = self.with_mark(self._take_ready(ship, name, kind, count), UNREADIED)
        text = f"{ship.label} unreadies {plural(count, name + ' counter')}; it places no new counters this round."
        return self.emit("ordnance-unreadied", state, state.with_ship(new), text, ship=ship.id, ordnance=name, count=count)

    @action(
        "recall",
        TOKEN_ARG,
        ArgSpec("units", ArgType.INT, "how many units of the token (default all)", required=False),
        help="recall (cal §1 Ordnance): remove friendly ordnance from play (craft recalled, torpedoes disabled); it does not go back "
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

    def _token_units(self, state: GameState, ref: str, units: Any, where: str = cite.ORDNANCE_PHASE
                     ) -> tuple[dict[str, Any], int]:
        token = find_token(state, ref)
        n = int(token["units"]) if units is None else int(units)
        if not 1 <= n <= int(token["units"]):
            raise InvalidAction(f"{token_label(token)} has {plural(token['units'], 'unit')}, not {n} ({where})")
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
        help="launch ready ordnance from the ready square as one token in play, placed next to the ship (cal §2 "
        "Gunnery); fighters and bombers in play never exceed the fleet's C&C (cal §Command & Control). A torpedo takes the ship's course "
        "(without rotation) plus up to 3 MPs forward or to either side of forward.",
    )
    def launch(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "launch")
        ship = self.acting_ship(state, args["ship"])
        name, kind = self.ordnance_kind(args["ordnance"])
        self._bays_for(ship, name, kind)
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: it cannot launch until repaired "
                                f"({cite.MAJOR_TABLE})")
        ready = self._ready_counters(ship, name, kind)
        if ready == 0:
            raise InvalidAction(f"{ship.label} has no {name} counter on the ready square ({cite.GUNNERY})")
        count = ready if args.get("count") is None else int(args["count"])
        if not 1 <= count <= ready:
            raise InvalidAction(f"{ship.label} has {plural(ready, 'ready ' + name + ' counter')}, not {count} "
                                f"({cite.GUNNERY})")
        player = state.players[ship.owner]
        if kind.cc:
            cc, craft = self.fleet_cc(state, ship.owner), self.craft_in_play(state, ship.owner)
            if craft + count * kind.cc > cc:
                raise InvalidAction(f"{player.name}'s fleet C&C is {cc} and {plural(craft, 'fighter or bomber', 'fighters and bombers')} "
                                    f"are in play: {count} more would exceed it ({cite.COMMAND})")
        course = None
        if name == "Torpedo" or kind.movement is None:
            course = self._torpedo_course(state, ship, args)
        elif args.get("facing") is not None or args.get("course"):
            raise InvalidAction(f"only torpedoes take a facing and course ({cite.TORPEDOES})")
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
            raise InvalidAction(f"adding MPs to a torpedo's course needs the ship's facing (hex side 1-6; {cite.TORPEDOES})")
        facing = args.get("facing") or 1
        try:
            return course_text(torpedo_course(self.rules(state), base, int(facing), extra))  # type: ignore[arg-type]
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None

    @action(
        "remove-ordnance",
        TOKEN_ARG,
        ArgSpec("units", ArgType.INT, "how many units (default all)", required=False),
        ArgSpec("reason", ArgType.TEXT, "why, for the log (C&C, off the board, blast...)", required=False, default="", rest=True),
        help="take ordnance out of play without a recall: fighters and bombers above C&C (owner's choice, cal §Command & "
        "Control), "
        "ordnance cleared by a capital ship's Reactor Breach, craft leaving the board.",
    )
    def remove_ordnance(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        if not state.started:
            raise InvalidAction(f"no ordnance is in play during set-up ({cite.ORDNANCE_PHASE})")
        token, units = self._token_units(state, args["token"], args.get("units"))
        after = replace_token(state, {**token, "units": token["units"] - units})
        why = f" ({args['reason'].strip()})" if args.get("reason") else ""
        text = f"{plural(units, 'unit')} of {token_label(token)} removed from play{why}."
        return self.emit("ordnance-removed", state, after, text, token=token["id"], units=units)
