"""cal §1 Ordnance and the launches of §2 Gunnery as typed actions: the Ordnance Ready Track (ready, unready,
recall), launching ready ordnance as tokens in play (cal §Ordnance, §Torpedoes, §Craft), removing it from
play, and the C&C limit on fighters and bombers launched (cal §Command & Control). None rolls; each
`prepare` is the one place that refuses, in the engine's order (the turn, the time, the ship)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipItem, ShipState
from ...game.typed_action import Incomplete
from ...rules.names import possessive
from . import cite
from .action_base import CalAction
from .game_base import UNREADIED
from .model import Ordnance
from .notation import counter_text, course_text, parse_counter, parse_course, parse_spend, plural, signed, sorted_track
from .procedures import ready_delay, torpedo_course, track_label
from .tokens import TOKEN_KIND, find_token, replace_token, token_label, tokens, with_tokens

if TYPE_CHECKING:
    from .plugin import Plugin

_ORDNANCE_ALIASES = {"torp": "Torpedo", "torpedoes": "Torpedo", "fighters": "Fighter", "bombers": "Bomber",
                     "fb": "Fighter/Bomber", "f/b": "Fighter/Bomber", "fighter bomber": "Fighter/Bomber",
                     "assault": "Assault Craft", "ac": "Assault Craft", "assault craft": "Assault Craft"}
_KIND = ArgSpec("ordnance", ArgType.TEXT, "Torpedo, Fighter, Bomber, Fighter/Bomber (fb) or Assault Craft (assault)")
TOKEN_ARG = ArgSpec("token", ArgType.TOKEN, "an ordnance token in play (its id on the table)", tokens=(TOKEN_KIND,))


# ---- what the actions share -------------------------------------------------------------------------


def ordnance_kind(plugin: Plugin, text: Any) -> tuple[str, Ordnance]:
    """The ordnance named (its aliases: 'fb', 'assault', 'torp'...)."""
    key = str(text).strip().casefold().replace("-", " ").replace("_", " ")
    return plugin.ordnance(_ORDNANCE_ALIASES.get(key, key))


def bays_for(plugin: Plugin, ship: ShipState, name: str, kind: Ordnance) -> list[ShipItem]:
    """The ship's bays or tubes for the ordnance; InvalidAction when it has none."""
    bays = plugin.bay_items(ship, kind)
    if not bays:
        wanted = " or ".join(sorted({b.replace("_", " ") for b in kind.bays}))
        raise InvalidAction(f"{ship.label} has no bay for {name} (it needs {wanted}; {cite.ORDNANCE_PHASE})")
    return bays


def ready_counters(plugin: Plugin, ship: ShipState, name: str, kind: Ordnance) -> int:
    return sum(1 for it in plugin.bay_items(ship, kind) for c in it.record.get("track") or []
               if parse_counter(c) == (name, 0))


def take_ready(plugin: Plugin, ship: ShipState, name: str, kind: Ordnance, count: int) -> ShipState:
    for it in plugin.bay_items(ship, kind):
        track = list(it.record.get("track") or [])
        while count and counter_text(name, 0) in track:
            track.remove(counter_text(name, 0))
            count -= 1
        ship = ship.with_item_values(it.id, {"track": track})
    return ship


def token_units(state: GameState, ref: str, units: Any, where: str = cite.ORDNANCE_PHASE) -> tuple[dict[str, Any], int]:
    """The token named and how many of its units (default all); InvalidAction past what it has."""
    token = find_token(state, ref)
    n = int(token["units"]) if units in (None, "") else int(units)
    if not 1 <= n <= int(token["units"]):
        raise InvalidAction(f"{token_label(token)} has {plural(token['units'], 'unit')}, not {n} ({where})")
    return token, n


@dataclass(frozen=True)
class Counters:
    """Counters of one ordnance on one ship's track, checked (ready-ordnance, unready, launch)."""

    ship: ShipState
    name: str
    kind: Ordnance
    count: int
    course: str | None = None  # launch: a torpedo's course


@dataclass(frozen=True)
class Units:
    """Units of one token in play, checked (recall, remove-ordnance)."""

    token: dict[str, Any]
    units: int
    reason: str = ""


class TrackAction(CalAction[Counters]):
    """An action on a ship's Ordnance Ready Track: the ship and the ordnance named."""

    def counters_of(self, state: GameState, args: Mapping[str, Any]) -> tuple[ShipState, str, Ordnance]:
        ship = self.acting(state, args)
        if args.get("ordnance") in (None, ""):
            raise Incomplete("ordnance")
        name, kind = ordnance_kind(self.plugin, args["ordnance"])
        return ship, name, kind


# ---- the Ordnance Ready Track ---------------------------------------------------------------------


class ReadyOrdnance(TrackAction):
    """ready-ordnance: counters on the square of the ship's Crew."""

    spec = ActionSpec(
        "ready-ordnance",
        "ready ordnance (cal §1 Ordnance): place counters on the Ordnance Ready Track square of the ship's Crew (F/B "
        "or T/A, Crew clamped to -2..+2). Counters of a bay type never exceed its undamaged bays or tubes. Not after "
        "this ship unreadied, nor after its player recalled ordnance, this round.",
        (
            ArgSpec("ship", ArgType.SHIP, "the ship whose track gets the counters"),
            _KIND,
            ArgSpec("count", ArgType.INT, "how many counters (default 1)", required=False, default=1),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Counters:
        plugin = self.plugin
        ship, name, kind = self.counters_of(state, args)
        count = 1 if args.get("count") in (None, "") else int(args["count"])
        if count < 1:
            raise InvalidAction(f"count must be 1 or more ({cite.ORDNANCE_PHASE})")
        player = state.players[ship.owner]
        if player.extra.get("recalled") == state.turn:
            raise InvalidAction(f"{player.name} recalled ordnance this round: no new counters on any ship until next "
                                f"round ({cite.ORDNANCE_PHASE})")
        if UNREADIED in plugin.marks(ship):
            raise InvalidAction(f"{ship.label} unreadied ordnance this round: no new counters on its track until next "
                                f"round ({cite.ORDNANCE_PHASE})")
        bays = bays_for(plugin, ship, name, kind)
        room = sum(int(it.record["bays"]) - len(it.record.get("track") or []) for it in bays)
        if room < count:
            have = "; ".join(f"{it.name}: {it.record['bays']} undamaged of {it.record['bays_max']}, "
                             f"{plural(len(it.record.get('track') or []), 'counter')} on the track" for it in bays)
            raise InvalidAction(f"{ship.label} has room for {plural(room, 'more counter')}, "
                                f"not {count} ({have}; {cite.ORDNANCE_PHASE})")
        return Counters(ship, name, kind, count)

    def apply(self, p: Counters, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, ship, name, count = self.plugin, batch.state, p.ship, p.name, p.count
        bays = bays_for(plugin, ship, name, p.kind)
        room = {it.id: int(it.record["bays"]) - len(it.record.get("track") or []) for it in bays}
        rules = plugin.rules(state)
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
        self.finish(batch, plugin.emit("ordnance-readied", state, state.with_ship(new), text,
                                       ship=ship.id, ordnance=name, count=count, square=square, delay=delay))


class Unready(TrackAction):
    """unready: ready counters off the ready square; no new counters on that ship this round."""

    spec = ActionSpec(
        "unready",
        "unready (cal §1 Ordnance): take ready counters off the ready square (e.g. fighters off a carrier to ready "
        "bombers); that ship places no new counters this round.",
        (
            ArgSpec("ship", ArgType.SHIP, "the ship"),
            _KIND,
            ArgSpec("count", ArgType.INT, "how many ready counters (default all of that kind)", required=False),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Counters:
        plugin = self.plugin
        ship, name, kind = self.counters_of(state, args)
        bays_for(plugin, ship, name, kind)
        ready = ready_counters(plugin, ship, name, kind)
        count = ready if args.get("count") in (None, "") else int(args["count"])
        if ready == 0:
            raise InvalidAction(f"{ship.label} has no {name} counter on the ready square ({cite.ORDNANCE_PHASE})")
        if not 1 <= count <= ready:
            raise InvalidAction(f"{ship.label} has {plural(ready, 'ready ' + name + ' counter')}, not {count} "
                                f"({cite.ORDNANCE_PHASE})")
        return Counters(ship, name, kind, count)

    def apply(self, p: Counters, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, ship = self.plugin, batch.state, p.ship
        new = plugin.with_mark(take_ready(plugin, ship, p.name, p.kind, p.count), UNREADIED)
        text = f"{ship.label} unreadies {plural(p.count, p.name + ' counter')}; it places no new counters this round."
        self.finish(batch, plugin.emit("ordnance-unreadied", state, state.with_ship(new), text, ship=ship.id,
                                       ordnance=p.name, count=p.count))


class Recall(CalAction[Units]):
    """recall: friendly ordnance out of play; its player readies nothing more this round."""

    spec = ActionSpec(
        "recall",
        "recall (cal §1 Ordnance): remove friendly ordnance from play (craft recalled, torpedoes disabled); it does not "
        "go back to the ready square, and its player readies nothing more on any ship this round.",
        (TOKEN_ARG, ArgSpec("units", ArgType.INT, "how many units of the token (default all)", required=False)),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Units:
        self.token_turn(state, args)
        self.plugin.check_time(state, self.kind)
        self.need(args, "token")
        return Units(*token_units(state, str(args["token"]), args.get("units")))

    def apply(self, p: Units, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, token, units = self.plugin, batch.state, p.token, p.units
        after = replace_token(state, {**token, "units": token["units"] - units})
        owner = token["owner"]
        player = after.players[owner]
        after = after.with_player(owner, player.model_copy(update={"extra": {**player.extra, "recalled": state.turn}}))
        text = (f"{player.name} recalls {plural(units, 'unit')} of {token_label(token)}; "
                "no more readying on any of their ships this round.")
        self.finish(batch, plugin.emit("ordnance-recalled", state, after, text, token=token["id"], units=units))


# ---- launching --------------------------------------------------------------------------------------


class Launch(TrackAction):
    """launch: ready counters of one ordnance as one token in play."""

    spec = ActionSpec(
        "launch",
        "launch ready ordnance from the ready square as one token in play, placed next to the ship (cal §2 Gunnery); "
        "fighters and bombers in play never exceed the fleet's C&C (cal §Command & Control). A torpedo takes the "
        "ship's course (without rotation) plus up to 3 MPs forward or to either side of forward.",
        (
            ArgSpec("ship", ArgType.SHIP, "the launching ship"),
            _KIND,
            ArgSpec("count", ArgType.INT, "how many ready counters to launch as one token (default all of that kind)",
                    required=False),
            ArgSpec("facing", ArgType.INT, "torpedoes: the ship's facing (hex side 1-6), to add course MPs",
                    required=False),
            ArgSpec("course", ArgType.TEXT, "torpedoes: up to 3 extra MPs, e.g. '1 1 2' (half or more forward)",
                    required=False, default=""),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Counters:
        plugin = self.plugin
        ship, name, kind = self.counters_of(state, args)
        bays_for(plugin, ship, name, kind)
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: it cannot launch until repaired "
                                f"({cite.MAJOR_TABLE})")
        ready = ready_counters(plugin, ship, name, kind)
        if ready == 0:
            raise InvalidAction(f"{ship.label} has no {name} counter on the ready square ({cite.GUNNERY})")
        count = ready if args.get("count") in (None, "") else int(args["count"])
        if not 1 <= count <= ready:
            raise InvalidAction(f"{ship.label} has {plural(ready, 'ready ' + name + ' counter')}, not {count} "
                                f"({cite.GUNNERY})")
        player = state.players[ship.owner]
        if kind.cc:
            cc, craft = plugin.fleet_cc(state, ship.owner), plugin.craft_in_play(state, ship.owner)
            if craft + count * kind.cc > cc:
                raise InvalidAction(f"{possessive(player.name)} fleet C&C is {cc} and "
                                    f"{plural(craft, 'fighter or bomber', 'fighters and bombers')} "
                                    f"are in play: {count} more would exceed it ({cite.COMMAND})")
        course = None
        if name == "Torpedo" or kind.movement is None:
            course = self.torpedo_course(state, ship, args)
        elif args.get("facing") not in (None, "") or args.get("course"):
            raise InvalidAction(f"only torpedoes take a facing and course ({cite.TORPEDOES})")
        return Counters(ship, name, kind, count, course)

    def torpedo_course(self, state: GameState, ship: ShipState, args: Mapping[str, Any]) -> str:
        base = parse_course(ship.record.get("course", ""))
        extra = parse_spend(args.get("course") or "")
        if extra and args.get("facing") in (None, ""):
            raise InvalidAction(f"adding MPs to a torpedo's course needs the ship's facing (hex side 1-6; "
                                f"{cite.TORPEDOES})")
        facing = args.get("facing") or 1
        try:
            return course_text(torpedo_course(self.plugin.rules(state), base, int(facing), extra))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None

    def apply(self, p: Counters, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, ship, name, count, course = self.plugin, batch.state, p.ship, p.name, p.count, p.course
        number = int(state.extra.get("next_token", 1))
        token = {"id": f"o{number}", "kind": name, "owner": ship.owner, "ship": ship.id, "units": count,
                 "round": state.turn, "course": course, "intercepted": 0, "intercepted_round": 0}
        after = state.with_ship(take_ready(plugin, ship, name, p.kind, count))
        after = with_tokens(after, [*tokens(after), token]).with_extra({"next_token": number + 1})
        where = f" on course {course}" if course else ""
        text = f"{ship.label} launches {token_label(token)}{where}, placed next to it; it moves from the next Ordnance phase."
        self.finish(batch, plugin.emit("ordnance-launched", state, after, text, ship=ship.id, token=token["id"],
                                       ordnance=name, units=count))


class RemoveOrdnance(CalAction[Units]):
    """remove-ordnance: units out of play without a recall (above C&C, a blast, off the board)."""

    spec = ActionSpec(
        "remove-ordnance",
        "take ordnance out of play without a recall: fighters and bombers above C&C (owner's choice, cal §Command & "
        "Control), ordnance cleared by a capital ship's Reactor Breach, craft leaving the board.",
        (
            TOKEN_ARG,
            ArgSpec("units", ArgType.INT, "how many units (default all)", required=False),
            ArgSpec("reason", ArgType.TEXT, "why, for the log (C&C, off the board, blast...)", required=False,
                    default="", rest=True),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Units:
        if not state.started:
            raise InvalidAction(f"no ordnance is in play during set-up ({cite.ORDNANCE_PHASE})")
        self.need(args, "token")
        token, units = token_units(state, str(args["token"]), args.get("units"))
        return Units(token, units, str(args.get("reason") or ""))

    def apply(self, p: Units, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, token, units = self.plugin, batch.state, p.token, p.units
        after = replace_token(state, {**token, "units": token["units"] - units})
        why = f" ({p.reason.strip()})" if p.reason else ""
        text = f"{plural(units, 'unit')} of {token_label(token)} removed from play{why}."
        self.finish(batch, plugin.emit("ordnance-removed", state, after, text, token=token["id"], units=units))


TRACK_ACTIONS = (ReadyOrdnance, Unready, Recall, Launch, RemoveOrdnance)
