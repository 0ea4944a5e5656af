"""Is a game state one the engine could have written? For logs that come from outside (an imported file).

`setup_problem` checks a set-up state (a log's `game-created` event) against what the ruleset sets up:
its settings, its checklist, players and the extras it starts with, and every ship as its class builds
it (the ship is built again from its own name, class and loadout, and must come out the same).
`record_problem` checks any state against the ruleset's record spec: every value a record declares has
its kind's type and lies in its range, and every index (active player, owners) points at something.
Both return why the state does not hold, in words, or None. Pure: no I/O.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..fleet import Roster
from ..fleet.roster import ShipEntry
from .errors import GameError
from .records import INT_KINDS, FieldKind, FieldSpec, RecordSpec
from .setup import resolve_settings, sequence_of
from .state import STATE_FORMAT, GameState, ShipState

if TYPE_CHECKING:
    from .engine import Engine

_AT_SETUP = {"turn": 0, "active": 0, "phase": 0, "step": 0, "ticked": (), "finished": False, "result": "", "winner": None}


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON text: 1 and 1.0, or 1 and true, are different values here (not in Python's ==)."""
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(b, sort_keys=True, ensure_ascii=False)


def setup_problem(engine: Engine, state: GameState) -> str | None:
    """Why `state` is not a set-up this ruleset makes, or None."""
    ruleset = engine.ruleset
    if state.format != STATE_FORMAT or state.ruleset != ruleset.meta.id:
        return f"it is not a {ruleset.meta.id} game of this mstracker (format {state.format}, ruleset {state.ruleset!r})"
    for key, value in _AT_SETUP.items():
        if getattr(state, key) != value or type(getattr(state, key)) is not type(value):
            return f"a game is set up at {key} {value!r}, not {getattr(state, key)!r}"
    try:
        settings = resolve_settings(ruleset, state.settings)
    except GameError as exc:
        return str(exc)
    if not same_json(settings, state.settings):
        return "its settings are not the ruleset's settings"
    if state.sequence != sequence_of(ruleset):
        return f"its checklist is not the checklist of {ruleset.meta.id}"
    problem = _players_problem(engine, state) or _extra_problem(engine, state)
    if problem:
        return problem
    for n, (key, ship) in enumerate(state.ships.items(), start=1):
        if key != str(n) or ship.id != key:
            return f"ship {key!r}: ships are numbered 1, 2, 3... in the set-up"
        problem = _ship_problem(engine, state, ship)
        if problem:
            return f"ship #{ship.id} {ship.name!r}: {problem}"
    return record_problem(engine.spec, state)


def _players_problem(engine: Engine, state: GameState) -> str | None:
    most = engine.ruleset.meta.max_players
    if not 1 <= len(state.players) <= most:
        return f"a {engine.ruleset.meta.id} game takes 1 to {most} players, not {len(state.players)}"
    names = [p.name.casefold() for p in state.players]
    if any(not n.strip() for n in names) or len(set(names)) != len(names):
        return "its players need names, each its own"
    return None


def _extra_problem(engine: Engine, state: GameState) -> str | None:
    extra = dict(state.extra)
    marked = extra.pop("non_standard", None)
    if not same_json(extra, engine.plugin.initial_extra(state.settings)):
        return "its table extras are not what the ruleset starts a game with"
    if marked is None:
        return None
    players = range(len(state.players))
    if not isinstance(marked, list) or not all(
        isinstance(m, dict) and set(m) == {"player", "fleet", "findings"} and type(m["player"]) is int
        and m["player"] in players and isinstance(m["fleet"], str) and isinstance(m["findings"], list)
        and all(isinstance(f, str) for f in m["findings"])
        for m in marked
    ):
        return "its non-standard marks are not a list of (player, fleet, findings)"
    return None


def _ship_problem(engine: Engine, state: GameState, ship: ShipState) -> str | None:
    if type(ship.owner) is not int or not 0 <= ship.owner < len(state.players):
        return f"owner {ship.owner!r} is not a player of this game"
    try:
        entry, roster = _roster_line(engine, ship)
        built = engine.plugin.initial_ship(ship.id, ship.owner, entry, roster, state.settings)
    except (GameError, ValidationError, TypeError) as exc:
        return f"its class does not build it ({str(exc).splitlines()[0][:160]})"
    if built.ship_class != ship.ship_class or not same_json(built.record, ship.record):
        return f"its record is not what a {ship.ship_class} starts with"
    if not same_json([i.model_dump(mode="json") for i in built.items], [i.model_dump(mode="json") for i in ship.items]):
        have = ", ".join(i.name for i in ship.items) or "none"
        need = ", ".join(i.name for i in built.items) or "none"
        return f"its weapons, devices and abilities ({have}) are not what a {ship.ship_class} has ({need})"
    return None


def _roster_line(engine: Engine, ship: ShipState) -> tuple[ShipEntry, Roster]:
    """The fleet-file line (and a one-ship roster) the ship was set up from, read back from the ship:
    its loadout by item kind, the armor and speed it started with, its hangar room, a custom design."""
    record = ship.record
    by_kind = {kind: tuple(i.name for i in ship.items if i.kind == kind) for kind in ("weapon", "device", "ability")}
    hangar = next(((i.record["bay_sc_max"], i.record["bay_frig_max"]) for i in ship.items
                   if {"bay_sc_max", "bay_frig_max"} <= i.record.keys()), None)
    entry = ShipEntry.model_validate({
        "name": ship.name, "tag": ship.tag, "class": ship.ship_class,
        "weapons": by_kind["weapon"], "devices": by_kind["device"], "abilities": by_kind["ability"],
        "armor": _whole(record.get("armor_max")), "speed": _whole(record.get("speed_max")),
        "hangar": hangar, "free": record.get("free") is True,
    })
    stats = record.get("stats")
    designs = {ship.ship_class: stats} if isinstance(stats, dict) else {}
    return entry, Roster(ruleset=engine.ruleset.meta.id, ships=(entry,), designs=designs, permissive=True)


def _whole(value: Any) -> int | None:
    return value if type(value) is int else None


def record_problem(spec: RecordSpec, state: GameState) -> str | None:
    """Why `state` breaks the ruleset's record spec (a value of the wrong kind or out of its range,
    an owner or active player that is no player), or None."""
    players = len(state.players)
    if players and not 0 <= state.active < players:
        return f"the active player {state.active!r} is not a player of this game"
    if state.winner is not None and state.winner not in {p.name for p in state.players}:
        return f"the winner {state.winner!r} is not a player of this game"
    for p in state.players:
        for key, value in p.resources.items():
            problem = _value_problem(spec.player_field(key), value, p.resources)
            if problem:
                return f"{p.name!r} {key}: {problem}"
    for ship in state.ships.values():
        if not 0 <= ship.owner < players:
            return f"ship #{ship.id}: owner {ship.owner!r} is not a player of this game"
        for field in spec.fields:
            if field.key in ship.record:
                problem = _value_problem(field, ship.record[field.key], ship.record)
                if problem:
                    return f"ship #{ship.id} {field.key}: {problem}"
        for item in ship.items:
            for key, value in item.record.items():
                problem = _value_problem(spec.item_field(key), value, item.record)
                if problem:
                    return f"ship #{ship.id} {item.id} {key}: {problem}"
    return None


def _value_problem(field: FieldSpec | None, value: Any, record: dict[str, Any]) -> str | None:
    if field is None:
        return None
    if field.kind in INT_KINDS:
        if value is None:
            return None  # a count the ruleset does not keep for this item (spook: unlimited ammo)
        if type(value) is not int:
            return f"expected a whole number, found {value!r}"[:120]
        try:
            field.check_range(value, record)
        except ValueError as exc:
            return str(exc)
        return None
    wanted = {FieldKind.FLAG: bool, FieldKind.TEXT: str, FieldKind.LIST: list}[field.kind]
    if type(value) is not wanted or (isinstance(value, list) and not all(isinstance(v, str) for v in value)):
        return f"expected {field.kind.value}, found {value!r}"[:120]
    return None
