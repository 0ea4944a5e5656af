"""The game half of the ruleset contract: how a ruleset plays a game through the generic engine.

A ruleset package (`mstracker.rules.contract.RulesetPackage`) hands the engine a `RulesetPlugin`
for the ruleset in force (`package.plugin(ruleset)`; `plugin_for(ruleset)` finds it through the
registry). What a plugin declares and does. Required (abstract, or checked once by game.plugin_check
when the plugin is first built for a registered ruleset): `turn_structure`, `build_record_spec`,
`initial_ship`, `readiness`, its actions and `step_actions`, the dice of every rolling action. The rest has
a default that is right for a ruleset that does not override it; the optional features (exact odds, the
fire planner, on-table items) are declared by its `capabilities` and hidden, with the reason
said, where not declared.

* `record_spec()` -> `RecordSpec` (from `build_record_spec`): the fields of a ship record (armor bar, fire counter, damaged
  flag, FTL track, timers...), of every weapon/device/ability item and of a player (RU). The TUI and
  `game show` render any ship from it; `set`/`adjust` check values against it.
* `initial_ship(...)` (required), `initial_player(...)`, `initial_extra(settings)`: the state at the start.
* Actions: the typed actions listed in `rule_actions`, one `RuleAction[P]` per action kind
  (game.typed_action): `prepare(state, args) -> P` refuses (InvalidAction with the reason), `dice(P)`
  declares the dice before the roll, `outcome(P)` gives the exact odds, `apply(P, dice, batch)` decides.
  A decision builds a `Batch` (mstracker.game.batch): narrative events that tell the story and its dice
  (`batch.story`, kinds listed in `narrative`), and every change as a generic event with its exact
  old → new (`set`, `resource`, `extra`, `owner`, `active`, or `absorb` of a worked-out state). The
  engine reduces them all; a plugin has no reducers of its own (`reduce` only reads events in the
  shapes older saves wrote). A subclass replaces an action by listing another of the same kind after it.
* Automatic steps: `@auto_step(step_id)` methods, `method(state, dice) -> list[Event]`, run when
  `next-step` enters that step. `step_actions` maps the other steps to the actions that do them:
  the engine ticks such a step when one is done, and never asks the players about it.
* The contract's answers, for any state: `legal_actions` (from trying each action's `prepare` over the
  candidates `available`, `actors` and `targets` give, and `readiness`: the ship that must act, its first
  ready weapon, the marked or only target), `readiness(state, ship)`, `step_dice` (the dice an automatic
  step declares before rolling, as an action's `dice`: the engine checks every roll against them; a die
  may say how its totals rank for the player it is credited to, `DieNeed.rank`, for dice luck),
  `obligations(state)` (what blocks the game, enforced by the engine), `damage_by` (who caused the
  damage an action does to a ship, for the battle report).
* Hooks: `phase_applies(state, index)` (cal skips its Interphase in round 1), `next_turn(state)`.
* Who acts: `acting(state)` (the banner's "▶"; pz8 names nobody before its initiative). A PHASE_BY_PLAYER
  round (cal) says how each phase is shared with `phase_play` (in turn, step by step in turn, together
  with a pass each, or once for all; see game.turn_order), `any_side` the actions any side may do then.

The README's "Adding a ruleset" walks through a whole one (the tests' duel ruleset): a typed action that
rolls (fire), one that does not (strike), an automatic step and an obligation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from ..fleet import FleetReport, Roster, ShipEntry
from ..rules import RulesetBase
from ..rules.contract_check import ContractError
from ..rules.names import possessive
from ..rules.outcome import AttackOdds
from .errors import InvalidAction
from .events import Action, ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from .generic import change_resource, end_game, note, set_value
from .records import FieldKind, RecordSpec
from .state import GameState, PlayerState, ShipState
from .typed_action import RuleAction
from ..rules.contract import ArgChoice, Capabilities, DicePlan, ItemReadiness, LegalAction, Obligation, PlannedShot, Readiness, TableItem

__all__ = [
    "Acting",
    "PhasePlay",
    "RulesetPlugin",
    "TurnStructure",
    "auto_step",
    "change_resource",
    "end_game",
    "note",
    "plugin_for",
    "set_value",
]


class TurnStructure(StrEnum):
    """What one pass through the checklist is."""

    ALTERNATING = "alternating"  # one player's turn; the next player is active after it (spook, lukas)
    ROUND = "round"  # every player acts within it (pz8 turn); the first player leads again
    #: A round whose phases each player does in play order, or together (cal §Sequence of Play): how each
    #: phase is played is the plugin's `phase_play`.
    PHASE_BY_PLAYER = "phase by player"


class PhasePlay(StrEnum):
    """How the players share one phase of a PHASE_BY_PLAYER round."""

    ONCE = "once"  # one pass for everybody, whoever presses next-step (older saves play so)
    IN_TURN = "in turn"  # each player does the whole phase, in play order
    STEPS_IN_TURN = "steps in turn"  # each step is done by each player in play order, then the next step
    TOGETHER = "together"  # every player at once; each passes each step, which moves on once all have


@dataclass(frozen=True, slots=True)
class Acting:
    """Who acts now: `players` in play order (empty: nobody yet, e.g. before an initiative roll); in a
    phase played together, every player, and those who have passed the current step."""

    players: tuple[int, ...]
    together: bool = False
    passed: tuple[int, ...] = ()

    def waiting(self) -> tuple[int, ...]:
        """The players who still act in this step (in a shared step: those who have not passed)."""
        return tuple(p for p in self.players if p not in self.passed)


def auto_step(step_id: str) -> Callable[[Callable], Callable]:
    """Mark a plugin method as the handler of automatic step `step_id`: `method(state, dice) -> list[Event]`."""

    def mark(fn: Callable) -> Callable:
        fn.__game_auto_step__ = step_id  # type: ignore[attr-defined]
        return fn

    return mark


class RulesetPlugin(ABC):
    """Base of every ruleset plugin: its actions are typed actions (`rule_actions`, game.typed_action).

    Required (abstract, or checked once when the plugin is first built for a registered ruleset, by
    game.plugin_check, with one message naming the ruleset and every missing part): `turn_structure`,
    `build_record_spec`, `initial_ship`, `readiness`, at least one action, `step_actions`, the dice of
    every rolling action. The optional features (odds, planner, on-table items) are its declared
    `capabilities`; what it declares is checked to be answered, what it does not is hidden with a reason."""

    #: The optional features it offers: absent ones are hidden, with the reason said (rules.contract).
    capabilities: ClassVar[Capabilities] = Capabilities()
    #: The parts every ruleset plugin must have (see game.plugin_check).
    required_parts: ClassVar[tuple[str, ...]] = (
        "turn_structure", "build_record_spec", "initial_ship", "readiness", "actions", "step_actions")

    turn_structure: ClassVar[TurnStructure | None] = None
    #: The kinds of the narrative events its actions tell the story with (Batch.story).
    narrative: ClassVar[frozenset[str]] = frozenset()
    #: Checklist step id -> the actions that do that step: the engine ticks the step when one is done.
    step_actions: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: The typed actions of the ruleset, one class per action kind (built once per plugin); a later one of
    #: a kind replaces an earlier one (a subclass's own version of an inherited action).
    rule_actions: ClassVar[tuple[type[RuleAction[Any]], ...]] = ()
    _auto_methods: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._auto_methods = {member.__game_auto_step__: name for klass in reversed(cls.__mro__)
                             for name, member in vars(klass).items() if hasattr(member, "__game_auto_step__")}

    def __init__(self, ruleset: RulesetBase) -> None:
        self.ruleset = ruleset
        self._spec: RecordSpec | None = None
        self._typed: dict[str, RuleAction[Any]] = {a.spec.kind: a(self) for a in self.rule_actions}
        self._standing_now: tuple[GameState, tuple[Obligation, ...]] | None = None

    @property
    def ruleset_id(self) -> str:
        return self.ruleset.meta.id

    # ---- declarations --------------------------------------------------------------------------
    def turns(self) -> TurnStructure:
        """Alternating player turns, whole rounds, or phases by player: the declared `turn_structure`
        (required, checked by game.plugin_check: never guessed from the data's turn word)."""
        if self.turn_structure is None:
            raise ContractError(f"ruleset {self.ruleset_id!r}: {type(self).__name__} declares no turn_structure")
        return self.turn_structure

    def record_spec(self) -> RecordSpec:
        """What a ship record holds (cached; the ruleset's `build_record_spec`)."""
        if self._spec is None:
            self._spec = self.build_record_spec()
        return self._spec

    @abstractmethod
    def build_record_spec(self) -> RecordSpec:
        """The fields of a ship record, of its items and of a player (required: nothing is guessed from
        the data's field names)."""

    def action_specs(self) -> tuple[ActionSpec, ...]:
        """The typed actions' specs, in the order declared."""
        return tuple(a.spec for a in self._typed.values())

    def typed_action(self, kind: str) -> RuleAction[Any] | None:
        """The typed action of `kind`; None for a generic action (or no such kind)."""
        return self._typed.get(kind)

    def rule_action(self, kind: str) -> RuleAction[Any]:
        """The typed action of `kind`, one of the ruleset's own (KeyError for any other kind)."""
        return self._typed[kind]

    def auto_step_ids(self) -> frozenset[str]:
        return frozenset(self._auto_methods)

    # ---- game set-up ---------------------------------------------------------------------------
    @abstractmethod
    def initial_ship(
        self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None, settings: Mapping[str, Any]
    ) -> ShipState:
        """A ship at the start of the game (or when built during it): every bar and counter at the value
        the ruleset's class table gives it (required: no bar starts at a guessed 0/0)."""

    def initial_player(self, index: int, roster: Roster, settings: Mapping[str, Any]) -> PlayerState:
        """A player at the start: name and fleet from the roster, resources from its budget."""
        resources: dict[str, int] = {}
        spec = self.record_spec()
        if spec.player_field("cap") is not None:
            cap = roster.cap
            if cap is None and roster.preset and roster.preset in self.ruleset.budgets:
                cap = self.ruleset.budgets[roster.preset].cap
            if cap is not None:
                report = self.fleet_report(roster)
                resources = {"cap": cap, "left": cap - ((report.cost if report else None) or 0)}
        name = roster.player or roster.name or f"Player {index + 1}"
        return PlayerState(name=name, fleet=roster.name, resources=resources)

    def fleet_report(self, roster: Roster) -> FleetReport | None:
        """The roster checked against the ruleset's fleet rules (its registered package's checks);
        None for a ruleset the registry does not know (a plugin built by hand, as in tests)."""
        from ..rules.registry import UnknownRuleset, package

        try:
            pkg = package(self.ruleset_id)
        except UnknownRuleset:
            return None
        return pkg.validate_fleet(roster, self.ruleset)

    def initial_extra(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Game-level plugin state at the start (mines, torpedo counters, initiative...)."""
        return {}

    # ---- play ----------------------------------------------------------------------------------
    def reduce(self, state: GameState, event: Event) -> GameState | None:
        """Events of older saves only: the state after an event in a shape this ruleset once wrote
        (recognise it by its data), else None. New events are generic changes and narrative kinds,
        which the engine reduces itself."""
        return None

    def run_auto_step(self, state: GameState, step_id: str, dice: DiceRecorder) -> list[Event]:
        return list(getattr(self, self._auto_methods[step_id])(state, dice))

    def phase_applies(self, state: GameState, index: int) -> bool:
        """False to skip phase `index` this turn (cal: the Interphase is skipped in round 1)."""
        return True

    #: Actions any side may do whoever's phase it is (PHASE_BY_PLAYER): the book lets them happen then.
    any_side: ClassVar[frozenset[str]] = frozenset()
    #: The rulebook section that orders the players within a round, for refusals (PHASE_BY_PLAYER).
    order_cite: ClassVar[str] = ""

    def phase_play(self, state: GameState, index: int) -> PhasePlay:
        """How the players share phase `index` of a PHASE_BY_PLAYER round (default: once for all)."""
        return PhasePlay.ONCE

    def acting(self, state: GameState) -> Acting:
        """Who acts now. Default: the active player; in a PHASE_BY_PLAYER round, from how the current
        phase is played (every player in a phase played once or together)."""
        if not state.players:
            return Acting(())
        if self.turns() is not TurnStructure.PHASE_BY_PLAYER or not state.started:
            return Acting((state.active,))
        everyone = tuple(range(len(state.players)))
        play = self.phase_play(state, state.phase) if state.current_phase is not None else PhasePlay.ONCE
        if play is PhasePlay.ONCE:
            return Acting(everyone, together=True)
        if play is PhasePlay.TOGETHER:
            passed = tuple(p for p in state.extra.get("passed") or () if p in everyone)
            return Acting(everyone, together=True, passed=passed)
        return Acting((state.active,))

    def phase_players(self, state: GameState) -> tuple[int, ...]:
        """The players whose part of the current phase is being done now (the ships an automatic step
        works through): the acting player in a phase done in turn, else every player."""
        if self.turns() is TurnStructure.PHASE_BY_PLAYER and state.started and state.current_phase is not None:
            if self.phase_play(state, state.phase) in (PhasePlay.IN_TURN, PhasePlay.STEPS_IN_TURN):
                return (state.active,)
        return tuple(range(len(state.players)))

    def next_turn(self, state: GameState) -> tuple[int, int]:
        """(turn number, active player index) when the checklist wraps past its last step."""
        if self.turns() is TurnStructure.ALTERNATING and state.players:
            return state.turn + 1, (state.active + 1) % len(state.players)
        return state.turn + 1, 0

    def step_odds(self, state: GameState, step_id: str) -> AttackOdds | None:
        """Exact odds of what automatic step `step_id` (just entered in `state`) decides with its dice;
        None when it rolls nothing there."""
        return None

    # ---- the contract: what the screens ask instead of guessing ---------------------------------
    def narrative_kinds(self) -> frozenset[str]:
        return self.narrative

    def acting_player(self, state: GameState, kind: str, args: dict[str, Any]) -> int | None:
        """The player doing an action that names no acting ship (a token's owner for a token's
        action), for obligations that hold one player back; None: the acting ship's owner, else the
        active player."""
        return None

    def damage_by(self, state: GameState, kind: str, args: dict[str, Any], ship: ShipState) -> int | None:
        """Who caused the damage action `kind` (its checked `args`, in `state` before the action) does to
        `ship` (as it was when hit), for the battle report's dealt, taken and self-inflicted damage: a
        player index, or None when no player's action did (automatic steps, hand adjustments: the report
        credits the opponent in a two-player game). Damage to a player's own ship that they caused is
        self-inflicted. Default: the owner of the acting ship (its `ship` argument, else its first ship
        argument, else the ship the rules say must act); None for the generic actions. A ruleset
        overrides it where the acting ship is not the cause (spook: friendly fire settled later, mines
        crossed; cal: a ram, where each ship deals its SS to the other)."""
        spec = next((s for s in self.action_specs() if s.kind == kind), None)
        if spec is None:  # a generic action (set, adjust, note...): no player's attack
            return None
        actor = acting_ship_id(self, state, spec, args)
        return state.ships[actor].owner if actor in state.ships else None

    def attack_target(self, state: GameState, kind: str, args: dict[str, Any]) -> ShipState | None:
        """The ship action `kind` (its checked `args`) attacks, for expected damage and the report's
        expected-against-actual; None when it attacks no ship. Default: the ship its typed action's odds
        count the results of (`odds_words(plan(state, args)).ship`) unless that is the ship doing it (spook's
        mines crossed: no attack on anybody); None when it names none, or a token, or for a generic action."""
        typed = self.typed_action(kind)
        if typed is None:
            return None
        try:
            words = typed.odds_words(typed.plan(state, args))
        except InvalidAction:
            return None
        aimed = state.ships.get(words.ship) if words is not None and words.ship is not None else None
        if aimed is None or aimed.id == acting_ship_id(self, state, typed.spec, args):
            return None
        return aimed

    def luck_notes(self) -> tuple[str, str]:
        """The ruleset's own sentences after the battle report's generic rules of dice luck and of damage
        (which dice rank otherwise and why, who causes which damage), citing its book; ('', '') for none."""
        return "", ""

    def available(self, state: GameState, kind: str) -> str | None:
        """Why action `kind` cannot be done now (wrong phase, nobody may), or None when it can."""
        return None

    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        """The candidate ships to do `kind` now, the one that must act first, before its typed action's
        `prepare` says which may (game.typed_legal: it refuses another player's ship, a wreck...). Default:
        every ship in play, the active player's first, in id order."""
        ships = [s for s in _in_id_order(state) if not self.record_spec().lost(s.record)]
        return sorted(ships, key=lambda s: s.owner != state.active)

    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        """The ships `actor` may aim `kind` at. Default: enemy ships in play."""
        spec = self.record_spec()
        return [s for s in _in_id_order(state)
                if not spec.lost(s.record) and (actor is None or s.owner != actor.owner)]

    @abstractmethod
    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        """Every item of a ship: ready, spent, reloading (N left), out, destroyed, disabled... (required:
        no guess from field names; `record_readiness` reads a record's flags and timers for a ruleset
        whose fields mean that)."""

    def first_ready(self, state: GameState, ship: ShipState | None, kind: str = "weapon") -> str | None:
        """The id of the ship's first ready item of a kind (weapon by default)."""
        if ship is None:
            return None
        for r in self.readiness(state, ship):
            if r.kind == kind and r.usable:
                return r.item
        return None

    def legal_actions(self, state: GameState, prefer: str | None = None, marked: str | None = None) -> tuple[LegalAction, ...]:
        """Every action of the ruleset with whether it is allowed now and where its form starts:
        `prefer` (the selected ship) is the actor when it may act, `marked` the target when legal."""
        expected = self.expected_actions(state)
        self._standing_now = (state, self.standing_obligations(state))  # worked out once for every action here
        try:
            return tuple(self.legal_action(state, spec, prefer, marked, spec.kind in expected)
                         for spec in self.action_specs())
        finally:
            self._standing_now = None

    def standing_now(self, state: GameState) -> tuple[Obligation, ...]:
        """`standing_obligations(state)`, worked out once while `legal_actions` answers for every action."""
        found = self._standing_now
        return found[1] if found is not None and found[0] is state else self.standing_obligations(state)

    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        """Whether one action may be done now and where its form starts: availability, actors, targets and
        refusals from trying its `prepare` (game.typed_legal)."""
        from .typed_legal import typed_legal

        return typed_legal(self, state, self.rule_action(spec.kind), prefer, marked, expected)

    def phase_actors(self, state: GameState, kind: str, reason: str | None) -> tuple[list[ShipState], str | None]:
        """The candidate actors of `kind` (`actors`) and, in a PHASE_BY_PLAYER phase done in turn, only the
        acting player's, with why the other side's may not act yet (None: no such reason)."""
        actors = self.actors(state, kind)
        turn = None
        if reason is None and self.turns() is TurnStructure.PHASE_BY_PLAYER and kind not in self.any_side:
            acting = self.acting(state).players  # a phase done in turn: the acting player's ships only
            if actors and not any(s.owner in acting for s in actors):
                turn = (f"it is {possessive(' and '.join(state.players[p].name for p in acting))} part of this phase; "
                        "the other side does it in turn, after next-step")
            actors = [s for s in actors if s.owner in acting] or actors
        return actors, turn

    def already_done(self, state: GameState, step_id: str) -> str:
        """Why a players' step is done already as it is entered ('' when it is not): the engine ticks it
        then, so the checklist never shows open what the game already did (an order of turns decided in
        set-up)."""
        return ""

    def does_step(self, state: GameState, step_id: str, action: Action) -> bool:
        """Whether this action does checklist step `step_id` (the engine ticks it then): by default any
        action of its `step_actions` kinds; a ruleset whose steps share an action kind tells them apart by
        the action's arguments (one device used is not the other)."""
        return action.kind in self.step_actions.get(step_id, ())

    def expected_actions(self, state: GameState) -> frozenset[str]:
        """The actions the current checklist step asks for (from `step_actions`)."""
        step = state.current_step
        return frozenset(self.step_actions.get(step.id, ())) if step is not None else frozenset()

    def step_dice(self, state: GameState, step_id: str) -> DicePlan | None:
        """The dice automatic step `step_id` will roll from `state` (the step just entered)."""
        return None

    # ---- planning fire: what a target's record means to attacks made one after another --------------
    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        """The attack that fires `weapon` (an item id of `ship`, ready now) at `target`, with the
        measured `distance` if the players typed one. None: this weapon never attacks ships this way
        (ordnance launched rather than fired, a device); a PlannedShot with `refused` when it cannot
        now (out of arc, beyond range at that distance)."""
        return None

    def target_condition(self, state: GameState, target: ShipState) -> Hashable | None:
        """A target's condition as attacks see it, as a hashable value: what one attack changes and the
        next one's outcome depends on (cal: the damage recorded this round and its SS). Read for equal shots at targets in equal
        conditions (the planner works their figures out once) and with `condition_damage` for damage recorded
        now and taken later (the report). None: the ruleset gives none (each shot is worked out on its own)."""
        return None

    def condition_damage(self, state: GameState, target: ShipState, before: Hashable, after: Hashable) -> int:
        """The damage the change from `before` to `after` is (armor or SS taken), for the report's damage
        recorded now and taken later; read only where `target_condition` gives conditions (a ruleset that
        answers one answers both: game.plugin_check)."""
        return 0

    def on_table(self, state: GameState) -> tuple[TableItem, ...]:
        """What is in play besides ships: tokens, counters, fields and effects in force."""
        return ()

    def token_choices(self, state: GameState, kind: str, arg: ArgSpec, actor: ShipState | None) -> list[TableItem]:
        """The tokens a TOKEN argument of action `kind` may name now (default: those of its kinds)."""
        return [t for t in self.on_table(state) if t.arg_kind and (not arg.tokens or t.arg_kind in arg.tokens)]

    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> Mapping[str, tuple[ArgChoice, ...]]:
        """The values the arguments of action `kind` may take now, given the ones filled in so far
        (`args`: a form's current values), for the arguments whose list depends on more than the acting
        ship (a builder's classes, a token's targets). A form lists exactly these, those with `why_not`
        greyed. Arguments left out are listed from `legal_action` (actors, targets) and the argument's
        own choices. Default: none."""
        return {}

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        """What the rules require before the game may go on (see rules.contract.Obligation)."""
        return ()

    def standing_obligations(self, state: GameState) -> tuple[Obligation, ...]:
        """The obligations standing now: `obligations` less those the table overrode this turn (the
        engine enforces these; a ruleset's own refusals read them too)."""
        overridden = {o.get("id") for o in state.extra.get("overrides") or () if o.get("turn") == state.turn}
        return tuple(o for o in self.obligations(state) if o.id not in overridden)

    # ---- helpers for plugin authors ------------------------------------------------------------
    def acting_ship(self, state: GameState, ref: str, *, own: bool = False) -> ShipState:
        """The ship doing something: refused when lost (destroyed...) or, with own=True, not the
        active player's."""
        ship = state.find_ship(ref)
        spec = self.record_spec()
        if spec.lost(ship.record):
            flags = [f for f in spec.loss_flags if ship.record.get(f)]
            raise InvalidAction(f"{ship.label} is {', '.join(flags)} and cannot act")
        if own and ship.owner != state.active:
            raise InvalidAction(f"{ship.label} belongs to {state.players[ship.owner].name}, not the active player")
        return ship

    def apply(self, state: GameState, events: list[Event]) -> GameState:
        """Fold events into state with the engine's reducers (for decisions that chain steps; game.fold)."""
        from .fold import fold_events

        return fold_events(self, state, events)


def record_readiness(spec: RecordSpec, ship: ShipState) -> tuple[ItemReadiness, ...]:
    """Readiness read from an item record's own fields, for a `readiness` that means them so: a flag named
    destroyed, disabled or damaged knocks the item out, another set flag spends it, a timer reloads it;
    every item of a lost ship is disabled."""
    lost = spec.lost(ship.record)
    out = []
    for item in ship.items:
        status, detail, left = Readiness.READY, "", None
        for f in spec.item_fields:
            value = item.record.get(f.key, f.start_value())
            if not value:
                continue
            if f.kind is FieldKind.FLAG and f.key in ("destroyed", "disabled", "damaged"):
                status, detail = Readiness.DESTROYED, f.label.lower()
                break
            if f.kind is FieldKind.TIMER:
                status, detail, left = Readiness.RELOADING, f"{f.label.lower()} {value}", int(value)
            elif f.kind is FieldKind.FLAG and status is Readiness.READY:
                status, detail = Readiness.SPENT, f.label.lower()
        if lost:
            status, detail = Readiness.DISABLED, "the ship is out of play"
        out.append(ItemReadiness(item.id, item.name, item.kind, status, detail, turns_left=left))
    return tuple(out)


def acting_ship_id(plugin: RulesetPlugin, state: GameState, spec: ActionSpec, args: Mapping[str, Any]) -> str | None:
    """The ship doing an action: its ship argument, or when that is left out (an optional ship: the one
    the rules pick), the ship the contract says must act; None when no ship does it."""
    ship_args = [a.name for a in spec.args if a.type is ArgType.SHIP]
    name = "ship" if "ship" in ship_args else (ship_args[0] if ship_args else None)
    if name is None:
        return None
    ref = args.get(name)
    if not ref:
        return None if spec.generic else plugin.legal_action(state, spec, None, None, False).actor
    try:
        return state.find_ship(str(ref)).id
    except InvalidAction:
        return None


def plugin_for(ruleset: RulesetBase) -> RulesetPlugin:
    """The plugin of a ruleset, from its registered package (`RulesetPackage.plugin`); ContractError
    naming what it lacks the first time a plugin that does not meet the contract is built."""
    from ..rules.registry import package
    from .plugin_check import check_plugin

    pkg = package(ruleset.meta.id)
    plugin = pkg.plugin(ruleset)
    check_plugin(pkg, plugin)
    return plugin


def _in_id_order(state: GameState) -> list[ShipState]:
    return sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))
