"""The engine: validates actions into events (`decide`), folds events into state (`reduce`, `replay`).

It also answers the ruleset contract's questions for the screens, generic actions included: the
legal actions now and where their forms start (`legal_actions`), the dice an action will roll
(`dice_plan`, checked against what the rules really roll on every decision), the obligations that
block the game (`obligations`, enforced on every action unless the table overrides one), and which
checklist items the engine does itself (`step_role`).

Pure: randomness comes in as a FaceSource (typed faces or a seeded rng); no I/O, no clock.
"""

from __future__ import annotations

import json
from dataclasses import replace
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..dice import DiceError, FaceSource, FacesError, TypedFaces
from ..fleet import Roster
from ..rules import RulesetBase
from ..rules.contract import DicePlan, LegalAction, Obligation, feature_absent
from ..rules.outcome import AttackOdds
from .actions import GENERIC_DECIDERS, GENERIC_SPECS, StepRole
from .errors import GameError, InvalidAction
from .events import Action, ActionSpec, ArgType, DiceRecorder, Event
from . import turn_order
from .fold import fold_events, reduce_event
from .plugin import Acting, RulesetPlugin, TurnStructure, acting_ship_id, plugin_for
from .records import RecordSpec
from .setup import new_game_state
from .state import GameState, ShipState, StepInfo

ALLOWED_WHEN_FINISHED = frozenset({"note"})
#: Generic actions no obligation blocks: they fix the records, tell the story or settle obligations.
NEVER_BLOCKED = frozenset({"tick", "untick", "set", "adjust", "note", "pass-to", "add-ship", "end-game", "override"})


class Engine:
    """Generic game engine for one ruleset, extended by that ruleset's plugin."""

    def __init__(self, plugin: RulesetPlugin) -> None:
        self.plugin = plugin  # the plugin holds no reference back: what its deciders need is theirs (game.fold)
        self.spec: RecordSpec = plugin.record_spec()
        specs = {s.kind: s for s in GENERIC_SPECS}
        for spec in plugin.action_specs():
            if spec.kind in specs:
                raise GameError(f"plugin {type(plugin).__name__} redefines the generic action {spec.kind!r}")
            specs[spec.kind] = spec
        self._specs = specs

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
        self, name: str, rosters: Sequence[Roster], settings: Mapping[str, Any] | None = None,
        allow_illegal: bool = False,
    ) -> GameState:
        """The state at set-up (turn 0): players, ships and the settings in force for this game.
        IllegalRoster when a fleet breaks the fleet rules, unless `allow_illegal` (a non-standard game)."""
        return new_game_state(self.plugin, name, rosters, settings or {}, allow_illegal)

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
        self.check_obligations(state, spec, args)
        planned: PlannedFaces | None = None
        if not spec.generic:  # the ruleset's typed action: prepare → dice → apply
            rule = self.plugin.rule_action(action.kind)
            prepared = rule.prepare(state, args)
            plan = rule.dice(prepared)
            if plan is not None:
                planned = PlannedFaces(faces, plan, action.kind)
        dice = DiceRecorder(planned or faces)
        try:
            if spec.generic:
                events = GENERIC_DECIDERS[action.kind](self, state, args, dice)
            else:
                events = rule.events(state, prepared, dice)
                if planned is not None:
                    planned.finish()
                    events += planned.record(state)
                events += self.tracked_ticks(state, action, events)
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

    def acting(self, state: GameState) -> Acting:
        """Who acts now (the banner's "▶"): one player, every player of a shared step (and who has
        passed it), or nobody yet (pz8 before its initiative roll)."""
        return self.plugin.acting(state)

    def action_odds(self, state: GameState, action: Action) -> AttackOdds | None:
        """Exact odds of a rolling action before its roll; None while the form is incomplete or invalid."""
        spec = self.action_spec(action.kind)
        if action.kind in ("next-step", "advance"):
            return self.step_odds(state)
        if spec.generic or not self.plugin.capabilities.exact_odds:  # odds not declared: none (`absent`)
            return None
        try:
            args = spec.coerce(action.args)
        except InvalidAction:
            return None
        # expected damage has one meaning on every screen: dealt, capped at what the target has (game.damage);
        # a typed action's odds are its outcome's (game.outcomes)
        return self.plugin.rule_action(action.kind).odds(state, args)

    def absent(self, feature: str) -> str:
        """Why an optional feature (rules.contract.Capabilities: exact_odds, planner, on_table) is not
        offered, for the screen that would show it; '' when the ruleset declares it."""
        if self.plugin.capabilities.offers(feature):
            return ""
        return feature_absent(self.ruleset.meta.title, feature)

    def step_odds(self, state: GameState) -> AttackOdds | None:
        """The odds of what the automatic step next-step enters decides with its dice (None: it rolls none)."""
        try:
            entered = self.step_after_next(state)
        except InvalidAction:
            return None
        if entered is None or not self.is_auto(entered[1]):
            return None
        return self.plugin.step_odds(*entered[:1], entered[1].id)

    # ---- the contract's answers ------------------------------------------------------------------
    def legal_actions(self, state: GameState, prefer: str | None = None, marked: str | None = None) -> tuple[LegalAction, ...]:
        """Every action, generic ones first, with whether it may be done now and where its form starts."""
        blocked = self.next_step_blocker(state)
        out: list[LegalAction] = []
        for spec in GENERIC_SPECS:
            reason = ""
            if spec.kind in ("next-step", "advance") and blocked is not None:
                reason = blocked.message()
            if state.finished and spec.kind not in ALLOWED_WHEN_FINISHED:
                reason = f"the game has ended ({state.result})"
            out.append(LegalAction(spec.kind, allowed=not reason, reason=reason))
        settles = {o.resolve for o in self.obligations(state) if o.resolve}
        for legal in self.plugin.legal_actions(state, prefer, marked):
            if state.finished:
                legal = LegalAction(legal.kind, allowed=False, reason=f"the game has ended ({state.result})")
            elif legal.kind in settles and not legal.expected:
                legal = replace(legal, expected=True)  # what the rules require now comes first
            out.append(legal)
        return tuple(out)

    def legal_action(self, state: GameState, kind: str, prefer: str | None = None, marked: str | None = None) -> LegalAction:
        for legal in self.legal_actions(state, prefer, marked):
            if legal.kind == kind:
                return legal
        raise InvalidAction(f"unknown action {kind!r}")

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        """The obligations standing now, less those the table overrode this turn."""
        return self.plugin.standing_obligations(state)

    def next_step_blocker(self, state: GameState) -> Obligation | None:
        return next((o for o in self.obligations(state) if o.refuses("next-step", None, None)), None)

    def check_obligations(self, state: GameState, spec: ActionSpec, args: dict[str, Any]) -> None:
        """InvalidAction naming the first obligation that stops this action (see Obligation.refuses).
        It holds in set-up too (who goes first is settled before turn 1 begins)."""
        if spec.kind in NEVER_BLOCKED or state.finished:
            return
        kind = "next-step" if spec.kind in ("next-step", "advance") else spec.kind
        actor = self._actor(state, spec, args)
        player = self.plugin.acting_player(state, spec.kind, args)
        if player is None:
            player = state.ships[actor].owner if actor in state.ships else state.active
        if not spec.generic and state.started:
            turn_order.refuse_out_of_turn(self, state, spec.kind, player)
        passing = None
        if kind == "next-step" and turn_order.shared_step(self, state):
            who = turn_order.passer(self, state, args)
            if len(self.plugin.acting(state).waiting()) > 1:
                passing = who  # a pass that does not move on: only what holds that player back stops it
        for obligation in self.obligations(state):
            if passing is not None and obligation.player is not None and obligation.player != passing:
                continue
            if obligation.refuses(kind, actor, player):
                raise InvalidAction(obligation.message())

    def damage_by(self, state: GameState, action: Action, ship: ShipState) -> int | None:
        """Who caused the damage `action` (done in `state`) does to `ship`: the plugin's `damage_by`;
        None when no player's action did, or the action no longer reads against `state`."""
        try:
            spec = self.action_spec(action.kind)
            args = spec.coerce(action.args)
            return self.plugin.damage_by(state, action.kind, args, ship)
        except (ValueError, KeyError, TypeError):  # GameError / InvalidAction are ValueErrors
            return None

    def acting_ship_id(self, state: GameState, spec: ActionSpec, args: dict[str, Any]) -> str | None:
        """The id of the ship doing an action (see `_actor`), None when no ship does it."""
        return self._actor(state, spec, args)

    def _actor(self, state: GameState, spec: ActionSpec, args: dict[str, Any]) -> str | None:
        return acting_ship_id(self.plugin, state, spec, args)

    def dice_plan(self, state: GameState, action: Action) -> DicePlan | None:
        """The dice an action will roll, declared before rolling (next-step: the automatic step it
        enters). InvalidAction says why the action cannot be done as filled in."""
        spec = self.action_spec(action.kind)
        args = spec.coerce(action.args)
        self.check_obligations(state, spec, args)
        if not spec.generic:
            rule = self.plugin.rule_action(action.kind)
            return rule.dice(rule.prepare(state, args))
        if action.kind in ("next-step", "advance"):
            entered = self.step_after_next(state)
            if entered is None:
                return None
            at, step = entered
            return self.plugin.step_dice(at, step.id) if self.is_auto(step) else None
        return None

    def step_after_next(self, state: GameState) -> tuple[GameState, StepInfo] | None:
        """The state in which the step next-step enters starts, and that step (None: no step)."""
        from .actions import next_step

        events = next_step(self, state, {"force": True}, DiceRecorder(TypedFaces([])), run_auto=False)
        after = self.apply(state, events)
        step = after.current_step
        return None if step is None else (after, step)

    def step_role(self, step: StepInfo) -> StepRole:
        """Automatic (the engine runs it), tracked (an action does it and ticks it) or the players' own."""
        if self.is_auto(step):
            return StepRole.AUTO
        if step.id in self.plugin.step_actions:
            return StepRole.TRACKED
        return StepRole.MANUAL

    def tracked_ticks(self, state: GameState, action: Action, events: list[Event]) -> list[Event]:
        """`ticked` events for the current phase's tracked items that this action did."""
        phase = state.current_phase
        if phase is None or not events:
            return []
        after = self.apply(state, events)
        if after.phase != state.phase or after.turn != state.turn:
            return []
        out = []
        for step in phase.steps:
            if step.id not in after.ticked and self.plugin.does_step(state, step.id, action):
                out.append(Event("ticked", {"step_id": step.id, "by": "engine"}, f"Ticked by {action.kind}: {step.text}"))
        return out

    # ---- folding -------------------------------------------------------------------------------
    def reduce(self, state: GameState | None, event: Event) -> GameState:
        """The state after one event (pure; see game.fold)."""
        return reduce_event(self.plugin, state, event)

    def apply(self, state: GameState | None, events: Iterable[Event]) -> GameState:
        return fold_events(self.plugin, state, events)

    def replay(self, events: Iterable[Event]) -> GameState:
        """The state a whole log leads to, from its game-created event."""
        return self.apply(None, events)

    # ---- the checklist -------------------------------------------------------------------------
    def is_auto(self, step: StepInfo) -> bool:
        """Auto steps run by the plugin; an auto step without a handler is a manual item."""
        return step.kind == "auto" and step.id in self.plugin.auto_step_ids()

    def unticked(self, state: GameState) -> list[tuple[int, StepInfo]]:
        """(number, step) of the current phase's items that are the players' own and not yet ticked."""
        phase = state.current_phase
        if phase is None:
            return []
        return [
            (n, s) for n, s in enumerate(phase.steps, start=1)
            if self.step_role(s) is StepRole.MANUAL and s.id not in state.ticked
        ]

    def next_phase(self, state: GameState, start: int) -> int | None:
        """The first phase from `start` that applies this turn, or None past the last one."""
        for index in range(start, len(state.sequence)):
            if self.plugin.phase_applies(state, index):
                return index
        return None

    def start_turn(self, state: GameState, turn: int, active: int, dice: DiceRecorder, run_auto: bool = True) -> list[Event]:
        word = self.ruleset.meta.turn_word.capitalize()
        player = state.players[active].name if state.players else ""
        if self.plugin.turns() is TurnStructure.ALTERNATING:
            text = f"{word} {turn}: {player} to play"
        else:
            text = f"{word} {turn} begins"
        events = [Event("turn-started", {"turn": turn, "active": active}, text)]
        after = self.apply(state, events)
        first = self.next_phase(after, 0)
        return events + self.enter_step(after, len(after.sequence) if first is None else first, 0, dice, run_auto)

    def enter_step(self, state: GameState, phase: int, step: int, dice: DiceRecorder, run_auto: bool = True,
                   active: int | None = None, again: bool = False) -> list[Event]:
        """Move to (phase, step); an automatic step's bookkeeping follows as events. In a phase-by-player
        round `active` is who does it now and `again` a phase done again by the next player."""
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
        data: dict[str, Any] = {
            "phase": phase,
            "step": step,
            "phase_id": info.id if info else None,
            "step_id": step_info.id if step_info else None,
        }
        data.update(turn_order.entering(self, state, phase, step, active, again))
        if "active" in data and state.players and info is not None and data["active"] != state.active:
            text = f"{state.players[data['active']].name}: {text}"
        events = [Event("step-entered", data, text)]
        if step_info is not None and not self.is_auto(step_info):
            done = self.plugin.already_done(self.apply(state, events), step_info.id)
            if done:
                events.append(Event("ticked", {"step_id": step_info.id, "by": "engine"}, f"Done already: {done}"))
        if run_auto and step_info is not None and self.is_auto(step_info):
            after = self.apply(state, events)
            plan = self.plugin.step_dice(after, step_info.id)
            if plan is None:
                return events + self.plugin.run_auto_step(after, step_info.id, dice)
            planned = PlannedFaces(dice.source, plan, step_info.text)
            events += self.plugin.run_auto_step(after, step_info.id, DiceRecorder(planned))
            planned.finish()
            events += planned.record(after)
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


class PlannedFaces:
    """Faces handed to a decision through its declared DicePlan: every die the rules roll must be the
    next die declared, and every declared die must be rolled, so the plan a screen shows before the
    roll is the roll. A mismatch is a GameError (a defect in the ruleset), never a silent one."""

    def __init__(self, source: FaceSource, plan: DicePlan, what: str) -> None:
        self.source = source
        self.plan = plan
        self.what = what
        self.faces: list[int] = []

    def next_face(self, sides: int) -> int:
        progress = self.plan.walk(self.faces)
        need = progress.next
        if need is None:
            raise GameError(f"{self.what} rolled a d{sides} beyond the dice it declared")
        if need.sides != sides:
            raise GameError(f"{self.what} rolled a d{sides} where it declared a d{need.sides} ({need.purpose})")
        try:
            face = self.source.next_face(sides)
        except FacesError as exc:
            for_whom = f" for {need.purpose}" if need.purpose else ""
            raise FacesError(f"{exc}{for_whom}") from None
        self.faces.append(face)
        return face

    def finish(self) -> None:
        progress = self.plan.walk(self.faces)
        if progress.next is not None:
            raise GameError(f"{self.what} declared a d{progress.next.sides} ({progress.next.purpose}) that it did not roll")

    def record(self, state: GameState) -> list[Event]:
        """A `dice-rolled` event: each roll with what it decided and who rolled it (for dice luck)."""
        groups: list[dict[str, Any]] = []
        last = None
        for need, face in self.plan.rolled(self.faces):
            if last is not None and need.group == last:
                groups[-1]["faces"].append(face)
                continue
            last = need.group
            player = need.player
            if player is None and need.ship in state.ships:
                player = state.ships[need.ship].owner
            group: dict[str, Any] = {"purpose": need.purpose, "table": need.table, "ship": need.ship, "player": player,
                                     "sides": need.sides, "faces": [face]}
            if need.rank is not None:  # how its totals rank for that player (report_luck); absent: higher is better
                group["rank"] = list(need.rank)
            groups.append(group)
        if not groups:
            return []
        words = "; ".join(f"{g['purpose']}: {len(g['faces'])}d{g['sides']} = {'+'.join(map(str, g['faces']))}" for g in groups)
        return [Event("dice-rolled", {"rolls": groups}, f"Dice: {words}")]
