"""The engine: validates actions into events (`decide`), folds events into state (`reduce`, `replay`).

Pure: randomness comes in as a FaceSource (typed faces or a seeded rng); no I/O, no clock.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..dice import DiceError, FaceSource
from ..fleet import Roster
from ..rules import RulesetBase
from ..rules.outcome import AttackOdds
from .actions import GENERIC_DECIDERS, GENERIC_SPECS
from .errors import GameError, InvalidAction
from .events import Action, ActionSpec, DiceRecorder, Event
from .generic import GENERIC_REDUCERS
from .plugin import RulesetPlugin, TurnStructure, plugin_for
from .records import RecordSpec
from .setup import new_game_state
from .state import GameState, StepInfo

ALLOWED_WHEN_FINISHED = frozenset({"note"})


class Engine:
    """Generic game engine for one ruleset, extended by that ruleset's plugin."""

    def __init__(self, plugin: RulesetPlugin) -> None:
        self.plugin = plugin
        plugin.engine = self
        self.spec: RecordSpec = plugin.record_spec()
        specs = {s.kind: s for s in GENERIC_SPECS}
        for spec in plugin.action_specs():
            if spec.kind in specs:
                raise GameError(f"plugin {type(plugin).__name__} redefines the generic action {spec.kind!r}")
            specs[spec.kind] = spec
        self._specs = specs
        clash = plugin.event_kinds() & GENERIC_REDUCERS.keys()
        if clash:
            raise GameError(f"plugin {type(plugin).__name__} redefines generic events: {', '.join(sorted(clash))}")

    @property
    def ruleset(self) -> RulesetBase:
        return self.plugin.ruleset

    # ---- actions -------------------------------------------------------------------------------
    def action_specs(self) -> tuple[ActionSpec, ...]:
        """Every action of this ruleset: the generic ones first, then the plugin's."""
        return tuple(self._specs.values())

    def action_spec(self, kind: str) -> ActionSpec:
        spec = self._specs.get(kind)
        if spec is None:
            raise InvalidAction(f"unknown action {kind!r} for {self.ruleset.meta.id}; actions: {', '.join(self._specs)}")
        return spec

    def new_game(
        self, name: str, rosters: Sequence[Roster], settings: Mapping[str, Any] | None = None
    ) -> GameState:
        """The state at set-up (turn 0): players, ships and the settings in force for this game."""
        return new_game_state(self.plugin, name, rosters, settings or {})

    def created_event(self, state: GameState) -> Event:
        """The first event of every game's log: the whole set-up state."""
        ships = len(state.ships)
        players = " vs ".join(f"{p.name} ({p.fleet})" if p.fleet else p.name for p in state.players)
        text = f"Game {state.name!r} set up for {state.ruleset}: {players}; {ships} ships"
        return Event("game-created", {"state": state.to_json()}, text)

    def decide(self, state: GameState, action: Action, faces: FaceSource) -> list[Event]:
        """Validate `action` against `state` and return its events; InvalidAction changes nothing."""
        spec = self.action_spec(action.kind)
        if state.finished and action.kind not in ALLOWED_WHEN_FINISHED:
            raise InvalidAction(f"the game has ended ({state.result}); undo the end to play on")
        args = spec.coerce(action.args)
        dice = DiceRecorder(faces)
        try:
            if spec.generic:
                events = GENERIC_DECIDERS[action.kind](self, state, args, dice)
            else:
                events = self.plugin.decide(state, action.kind, args, dice)
        except DiceError as exc:
            raise InvalidAction(str(exc)) from None
        left = tuple(getattr(faces, "remaining", ()))
        if left:
            used = tuple(getattr(faces, "used", ()))
            spent = ", ".join(map(str, used)) if used else "none"
            raise InvalidAction(
                f"{len(left)} typed face(s) left over ({', '.join(map(str, left))}): {action.kind} used {spent}"
            )
        if not events:
            raise InvalidAction(f"{action.kind} would change nothing")
        return [_normalised(e) for e in events]

    def attack_odds(self, state: GameState, action: Action) -> AttackOdds | None:
        """Exact odds of an attack before its roll; None while the form is incomplete or invalid."""
        spec = self.action_spec(action.kind)
        if spec.generic:
            return None
        try:
            args = spec.coerce(action.args)
        except InvalidAction:
            return None
        return self.plugin.attack_odds(state, action.kind, args)

    # ---- folding -------------------------------------------------------------------------------
    def reduce(self, state: GameState | None, event: Event) -> GameState:
        """The state after one event (pure)."""
        if event.kind == "game-created":
            return GENERIC_REDUCERS["game-created"](state, event)  # type: ignore[arg-type]
        if state is None:
            raise GameError(f"the log must start with game-created, not {event.kind!r}")
        generic = GENERIC_REDUCERS.get(event.kind)
        if generic is not None:
            return generic(state, event)
        new = self.plugin.reduce(state, event)
        if new is None:
            raise GameError(f"no reducer for event {event.kind!r} in {self.ruleset.meta.id}")
        return new

    def apply(self, state: GameState | None, events: Iterable[Event]) -> GameState:
        for event in events:
            state = self.reduce(state, event)
        if state is None:
            raise GameError("no events to fold")
        return state

    def replay(self, events: Iterable[Event]) -> GameState:
        """The state a whole log leads to, from its game-created event."""
        return self.apply(None, events)

    # ---- the checklist -------------------------------------------------------------------------
    def is_auto(self, step: StepInfo) -> bool:
        """Auto steps run by the plugin; an auto step without a handler is a manual item."""
        return step.kind == "auto" and step.id in self.plugin.auto_step_ids()

    def unticked(self, state: GameState) -> list[tuple[int, StepInfo]]:
        """(number, step) of the current phase's manual items not yet ticked."""
        phase = state.current_phase
        if phase is None:
            return []
        return [
            (n, s) for n, s in enumerate(phase.steps, start=1) if not self.is_auto(s) and s.id not in state.ticked
        ]

    def next_phase(self, state: GameState, start: int) -> int | None:
        """The first phase from `start` that applies this turn, or None past the last one."""
        for index in range(start, len(state.sequence)):
            if self.plugin.phase_applies(state, index):
                return index
        return None

    def start_turn(self, state: GameState, turn: int, active: int, dice: DiceRecorder) -> list[Event]:
        word = self.ruleset.meta.turn_word.capitalize()
        player = state.players[active].name if state.players else ""
        if self.plugin.turns() is TurnStructure.ALTERNATING:
            text = f"{word} {turn}: {player} to play"
        else:
            text = f"{word} {turn} begins"
        events = [Event("turn-started", {"turn": turn, "active": active}, text)]
        after = self.apply(state, events)
        first = self.next_phase(after, 0)
        return events + self.enter_step(after, len(after.sequence) if first is None else first, 0, dice)

    def enter_step(self, state: GameState, phase: int, step: int, dice: DiceRecorder) -> list[Event]:
        """Move to (phase, step); an automatic step's bookkeeping follows as events."""
        info = state.sequence[phase] if phase < len(state.sequence) else None
        step_info = info.steps[step] if info is not None and step < len(info.steps) else None
        word = self.ruleset.meta.turn_word
        if info is None:
            text = f"No checklist for this {word}: play it, then next-step"
        elif step_info is None:
            text = f"{info.name}"
        else:
            auto = " (automatic)" if self.is_auto(step_info) else ""
            text = f"{info.name} · {step + 1}/{len(info.steps)}: {step_info.text}{auto}"
        data = {
            "phase": phase,
            "step": step,
            "phase_id": info.id if info else None,
            "step_id": step_info.id if step_info else None,
        }
        events = [Event("step-entered", data, text)]
        if step_info is not None and self.is_auto(step_info):
            after = self.apply(state, events)
            events += self.plugin.run_auto_step(after, step_info.id, dice)
        return events


def engine_for(ruleset: RulesetBase) -> Engine:
    """The engine of a ruleset, with its plugin (or the default plugin)."""
    return Engine(plugin_for(ruleset))


def _normalised(event: Event) -> Event:
    """The event as it will read back from the store: data through JSON, so replay == live."""
    if not isinstance(event, Event):
        raise GameError(f"a decider returned {type(event).__name__}, not an Event")
    try:
        data = json.loads(json.dumps(event.data, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise GameError(f"event {event.kind!r} carries data that is not JSON: {exc}") from None
    return Event(event.kind, data, str(event.text))
