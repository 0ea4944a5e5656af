"""The generic actions every ruleset has: the checklist, manual record adjustments, notes, the result."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..dice import TypedFaces
from ..fleet import ShipEntry
from ..rules.names import possessive
from .errors import InvalidAction
from .events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from . import turn_order
from .generic import change_resource, end_game, note, require_started, set_value
from .records import INT_KINDS, FieldKind, FieldSpec, parse_int
from .state import GameState, ShipState, StepInfo

if TYPE_CHECKING:
    from .engine import Engine

Decider = Callable[["Engine", GameState, dict[str, Any], DiceRecorder], list[Event]]


class StepRole(StrEnum):
    """Who does a checklist item."""

    AUTO = "auto"  # the engine runs it when the step is entered
    TRACKED = "tracked"  # an action does it; the engine ticks it then (never asked about)
    MANUAL = "manual"  # the players' own: ticked when they move past it (next-step) or by hand

_TARGET = ArgSpec("target", ArgType.TARGET, "a ship (id, name or tag) or a player (name)")
_KEY = ArgSpec("key", ArgType.KEY, "record key (armor, fire...), item path (w1.reload), resource, or owner")

GENERIC_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "next-step",
        "go to the next checklist step (automatic steps run as they are entered), ticking the players' own "
        "item being left; past the last step the next turn begins. Leaving a phase with one of the players' "
        "items unticked needs force.",
        (ArgSpec("player", ArgType.PLAYER, "in a step played together: the player who passes (default: the first "
                 "yet to pass)", required=False),
         ArgSpec("force", ArgType.BOOL, "leave the phase even with unticked items", required=False, default=False)),
        generic=True,
    ),
    ActionSpec(
        "advance",
        "go forward through the checklist: automatic steps run one after another, and it stops at the "
        "next item the players do themselves (or when the game ends)",
        (),
        generic=True,
    ),
    ActionSpec(
        "tick",
        "tick a manual checklist item of the current phase (default: the current step)",
        (ArgSpec("step", ArgType.STEP, "step id or its number in the phase", required=False),),
        generic=True,
    ),
    ActionSpec(
        "untick",
        "untick a checklist item of the current phase",
        (ArgSpec("step", ArgType.STEP, "step id or its number in the phase", required=False),),
        generic=True,
    ),
    ActionSpec(
        "set",
        "set a value on a ship record or a player's resource (the table's manual adjustments)",
        (_TARGET, _KEY, ArgSpec("value", ArgType.TEXT, "the new value (number, yes/no, text, a,b,c)")),
        generic=True,
    ),
    ActionSpec(
        "adjust",
        "add to or subtract from a number on a ship record or a resource (fire +1, left -5)",
        (
            _TARGET,
            _KEY,
            ArgSpec("delta", ArgType.INT, "how much to add (negative to subtract)"),
            ArgSpec("reason", ArgType.TEXT, "why, for the log", required=False, default="", rest=True),
        ),
        generic=True,
    ),
    ActionSpec("note", "write a line in the game log", (ArgSpec("text", ArgType.TEXT, "the note", rest=True),), generic=True),
    ActionSpec(
        "pass-to",
        "make another player the active player (initiative, alternating activations)",
        (ArgSpec("player", ArgType.PLAYER, "player name"),),
        generic=True,
    ),
    ActionSpec(
        "add-ship",
        "put a new ship into play for a player (builds, reinforcements)",
        (
            ArgSpec("player", ArgType.PLAYER, "owner"),
            ArgSpec("ship_class", ArgType.TEXT, "class name or code"),
            ArgSpec("name", ArgType.TEXT, "ship name", rest=True),
            ArgSpec("tag", ArgType.TEXT, "label on the model", required=False, default=""),
        ),
        generic=True,
    ),
    ActionSpec(
        "override",
        "a table decision: set aside one obligation of the rules for the rest of this turn (logged with the reason)",
        (
            ArgSpec("obligation", ArgType.TEXT, "the obligation's id, as its refusal names it"),
            ArgSpec("reason", ArgType.TEXT, "why the table decides so", rest=True),
        ),
        generic=True,
    ),
    ActionSpec(
        "end-game",
        "record the result and end the game",
        (
            ArgSpec("result", ArgType.TEXT, "the result in words", rest=True),
            ArgSpec("winner", ArgType.PLAYER, "the winning player", required=False),
        ),
        generic=True,
    ),
)


# ---- the checklist ------------------------------------------------------------------------------


def next_step(
    engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder, run_auto: bool = True
) -> list[Event]:
    if not state.started:
        return engine.start_turn(state, 1, state.active, dice, run_auto)
    events: list[Event] = []
    passing = turn_order.pass_event(engine, state, args)
    if passing is not None:  # one player's pass of a step played together: the last pass moves on
        events.append(passing)
        state = engine.apply(state, events)
        if not turn_order.everyone_passed(engine, state):
            return events
    step = state.current_step
    if step is not None and engine.step_role(step) is StepRole.MANUAL and step.id not in state.ticked:
        events.append(Event("ticked", {"step_id": step.id, "by": "next-step"}, f"Done: {step.text}"))
        state = engine.apply(state, events)
    phase = state.current_phase
    again = turn_order.next_in_phase(engine, state)
    if again is not None and not again[2]:  # the same step, for the next player
        return events + engine.enter_step(state, state.phase, again[0], dice, run_auto, active=again[1])
    if phase is not None and state.step + 1 < len(phase.steps):
        return events + engine.enter_step(state, state.phase, state.step + 1, dice, run_auto)
    unticked = engine.unticked(state)
    if unticked:
        listing = "; ".join(f"{n}. {s.text}" for n, s in unticked)
        if not args["force"]:
            raise InvalidAction(
                f"{phase.name if phase else 'this phase'} has unticked items: {listing} "
                "(tick them, or use next-step force to leave anyway)"
            )
        assert phase is not None
        events.append(
            Event(
                "phase-left",
                {"phase_id": phase.id, "unticked": [s.id for _, s in unticked], "forced": True},
                f"Left {phase.name} with {len(unticked)} item(s) unticked: {listing}",
            )
        )
    if again is not None:  # the whole phase again, for the next player
        return events + engine.enter_step(state, state.phase, 0, dice, run_auto, active=again[1], again=True)
    following = engine.next_phase(state, state.phase + 1)
    if following is None:
        turn, active = engine.plugin.next_turn(state)
        return events + engine.start_turn(state, turn, active, dice, run_auto)
    return events + engine.enter_step(state, following, 0, dice, run_auto)


MAX_ADVANCE = 100


def advance(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    """next-step, repeated while it lands on automatic steps: one undoable action for the whole run.

    With physical dice (typed faces) it stops before a second automatic step that rolls, so the dice
    typed are the declared dice of one step (engine.dice_plan)."""
    events: list[Event] = []
    current = state
    typed = isinstance(dice.source, TypedFaces)
    for _ in range(MAX_ADVANCE):
        if events and typed:
            entered = engine.step_after_next(current)
            if entered is not None and engine.is_auto(entered[1]) and engine.plugin.step_dice(*_at(entered)):
                break
        try:
            step_events = next_step(engine, current, {"force": False}, dice)
        except InvalidAction:
            if events:
                break  # stopped by unticked items further on: keep what was done
            raise
        events.extend(step_events)
        current = engine.apply(current, step_events)
        step = current.current_step
        if current.finished or step is None or not engine.is_auto(step):
            break
        if engine.next_step_blocker(current) is not None:
            break  # what the rules require now comes first (it says so when next-step is tried)
    return events


def _at(entered: tuple[GameState, StepInfo]) -> tuple[GameState, str]:
    return entered[0], entered[1].id


def _step_ref(state: GameState, ref: Any) -> tuple[int, StepInfo]:
    require_started(state, "tick items")
    phase = state.current_phase
    if phase is None or not phase.steps:
        raise InvalidAction("there is no checklist item here")
    if ref is None:
        if state.current_step is None:
            raise InvalidAction("there is no current step; name one")
        return state.step, state.current_step
    text = str(ref).strip()
    if text.isascii() and text.isdigit() and len(text) < 6 and 1 <= int(text) <= len(phase.steps):
        return int(text) - 1, phase.steps[int(text) - 1]
    for i, s in enumerate(phase.steps):
        if s.id == text or s.text.casefold() == text.casefold():
            return i, s
    listing = ", ".join(f"{i}. {s.id}" for i, s in enumerate(phase.steps, start=1))
    raise InvalidAction(f"{phase.name} has no step {text!r}; steps: {listing}")


def tick(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    _, step = _step_ref(state, args["step"])
    if engine.is_auto(step):
        raise InvalidAction(f"{step.text!r} is done automatically; nothing to tick")
    if step.id in state.ticked:
        raise InvalidAction(f"{step.text!r} is already ticked")
    return [Event("ticked", {"step_id": step.id}, f"Ticked: {step.text}")]


def untick(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    _, step = _step_ref(state, args["step"])
    if step.id not in state.ticked:
        raise InvalidAction(f"{step.text!r} is not ticked")
    return [Event("unticked", {"step_id": step.id}, f"Unticked: {step.text}")]


# ---- manual adjustments -------------------------------------------------------------------------


def _target(state: GameState, ref: str) -> ShipState | int:
    """A ship, or a player index; InvalidAction when neither or both match."""
    try:
        ship: ShipState | None = state.find_ship(ref)
    except InvalidAction as ship_problem:
        ship, ship_error = None, ship_problem
    try:
        player: int | None = state.find_player(ref)
    except InvalidAction:
        player = None
    if ship is not None and player is not None:
        raise InvalidAction(f"{ref!r} is both a ship ({ship.label}) and a player; use the ship id or p<number>")
    if ship is not None:
        return ship
    if player is not None:
        return player
    players = ", ".join(p.name for p in state.players)
    raise InvalidAction(f"{ship_error} (or a player: {players})")


def _ship_field(engine: Engine, ship: ShipState, key: str) -> tuple[str, FieldSpec, dict[str, Any]]:
    """(canonical key or item path, its spec, the record it lives in)."""
    spec = engine.spec
    item_ref, dot, field_key = key.rpartition(".")
    if dot:
        item = ship.item(item_ref)
        f = spec.item_field(field_key)
        if f is None:
            keys = ", ".join(x.key for x in spec.item_fields) or "none"
            raise InvalidAction(f"items have no {field_key!r}; item keys: {keys}")
        return f"{item.id}.{f.key}", f, item.record
    f = spec.field(key)
    if f is None:
        keys = ", ".join([*spec.ship_keys(), "owner"])
        hint = f"; item values as <item>.<key> ({ship.items[0].id}.{spec.item_fields[0].key})" if ship.items and spec.item_fields else ""
        raise InvalidAction(f"ship records have no {key!r}; keys: {keys}{hint}")
    return f.key, f, ship.record


def _player_field(engine: Engine, state: GameState, player: int, key: str) -> str:
    f = engine.spec.player_field(key)
    if f is not None:
        return f.key
    if key in state.players[player].resources:
        return key
    keys = sorted({*(x.key for x in engine.spec.player_fields), *state.players[player].resources}) or ["none"]
    raise InvalidAction(f"{state.players[player].name} has no resource {key!r}; resources: {', '.join(keys)}")


def set_action(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    target = _target(state, args["target"])
    key, raw = args["key"].strip(), args["value"]
    if isinstance(target, int):
        resource = _player_field(engine, state, target, key)
        f = engine.spec.player_field(resource)
        try:
            value = f.coerce(raw, {}) if f is not None else parse_int(raw)
        except ValueError as exc:
            raise InvalidAction(f"{resource}: {exc}") from None
        if state.players[target].resources.get(resource) == value:
            raise InvalidAction(f"{state.players[target].name} {resource} is already {value}")
        return [change_resource(state, target, resource, value, "set by hand")]
    ship = target
    if key.casefold() == "owner":
        owner = state.find_player(raw)
        if owner == ship.owner:
            raise InvalidAction(f"{ship.label} already belongs to {state.players[owner].name}")
        text = f"{ship.label} now belongs to {state.players[owner].name} (was {state.players[ship.owner].name})"
        return [Event("owner-changed", {"ship": ship.id, "old": ship.owner, "new": owner}, text)]
    path, f, record = _ship_field(engine, ship, key)
    try:
        value = f.coerce(raw, record)
    except ValueError as exc:
        raise InvalidAction(f"{ship.label}: {exc}") from None
    if record.get(path.rpartition(".")[2]) == value:
        raise InvalidAction(f"{ship.label} {path} is already {value}")
    return [set_value(state, ship.id, path, value)]


def adjust(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    target = _target(state, args["target"])
    key, delta, reason = args["key"].strip(), args["delta"], args["reason"] or ""
    if delta == 0:
        raise InvalidAction("adjusting by 0 changes nothing")
    if isinstance(target, int):
        resource = _player_field(engine, state, target, key)
        old = state.players[target].resources.get(resource, 0)
        f = engine.spec.player_field(resource)
        low = f.minimum if f else 0
        if old + delta < low:
            raise InvalidAction(f"{state.players[target].name} has {old} {resource}; cannot take away {-delta}")
        return [change_resource(state, target, resource, old + delta, reason)]
    ship = target
    path, f, record = _ship_field(engine, ship, key)
    if f.kind not in INT_KINDS:
        raise InvalidAction(f"{f.label} is not a number; use set")
    old = record.get(path.rpartition(".")[2], f.start_value())
    if f.kind is FieldKind.BAR:
        new = f.clamp(old + delta, record)
        if new == old:
            raise InvalidAction(f"{ship.label} {f.label} is already {old}")
        if new != old + delta:
            reason = (reason + ", " if reason else "") + f"kept within 0..{f.upper(record)}"
    else:
        new = old + delta
        try:
            f.check_range(new, record)
        except ValueError as exc:
            raise InvalidAction(f"{ship.label}: {exc}") from None
    return [set_value(state, ship.id, path, new, reason)]


def note_action(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    return [note(args["text"].strip())]


def pass_to(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    player = state.find_player(args["player"])
    if player == state.active:
        raise InvalidAction(f"{state.players[player].name} is already the active player")
    name = state.players[player].name
    return [Event("active-changed", {"player": player}, f"The active player is now {name}")]


def add_ship(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    owner = state.find_player(args["player"])
    next_id = str(max((int(i) for i in state.ships if i.isdigit()), default=0) + 1)
    try:
        entry = ShipEntry(name=args["name"].strip(), tag=args["tag"], **{"class": args["ship_class"].strip()})
    except ValidationError as exc:
        problem = exc.errors()[0]
        raise InvalidAction(f"{'.'.join(str(x) for x in problem['loc'])}: {problem['msg']}") from None
    ship = engine.plugin.initial_ship(next_id, owner, entry, None, state.settings)
    text = f"{ship.label}, a {ship.ship_class}, joins {possessive(state.players[owner].name)} fleet"
    return [Event("ship-added", {"ship": ship.model_dump(mode="json")}, text)]


def override(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    """Set an obligation aside for this turn, as a logged table decision."""
    from .batch import extra_set

    wanted = args["obligation"].strip()
    standing = engine.obligations(state)
    found = next((o for o in standing if o.id == wanted), None)
    if found is None:
        listing = "; ".join(f"{o.id}: {o.text}" for o in standing) or "none stands now"
        raise InvalidAction(f"no obligation {wanted!r} stands now ({listing})")
    reason = args["reason"].strip()
    if not reason:
        raise InvalidAction("a table decision needs its reason")
    entries = [o for o in state.extra.get("overrides") or () if o.get("turn") == state.turn]
    entries.append({"id": found.id, "turn": state.turn, "reason": reason})
    text = f"Table decision: set aside for this {engine.ruleset.meta.turn_word} — {found.text} ({found.cite}); because {reason}"
    return [extra_set(state, "overrides", entries, text)]


def end_game_action(engine: Engine, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    winner = state.find_player(args["winner"]) if args["winner"] else None
    return [end_game(state, args["result"].strip(), winner)]


GENERIC_DECIDERS: dict[str, Decider] = {
    "next-step": next_step,
    "advance": advance,
    "tick": tick,
    "untick": untick,
    "set": set_action,
    "adjust": adjust,
    "note": note_action,
    "pass-to": pass_to,
    "add-ship": add_ship,
    "override": override,
    "end-game": end_game_action,
}
