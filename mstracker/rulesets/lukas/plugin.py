"""The lukas plugin (Micro Space Wars by Lukas W.P. v1.8): a game as actions, automatic steps and the
contract's answers.

Players take turns in the order decided before the game (§1.b, `order`); in a turn each ship either
attacks with every weapon or uses one active ability (§1.b). The book's timelines count the owner's
turns: a Beam is announced in turn N and fires in N+1 (§3.b); a Field Defense is announced in N and is
up from N+1 until N+2 (§4.a); an infiltration declared in N holds both ships through the opponent's
turn and captures at the start of N+1 unless halted (§4.c). The hangar's and the boosters' "next turn"
is a setting (the owner's turns by default, INFERRED).

Every action is a typed action (game.typed_action, `rule_actions`): its `prepare` is the one place that
refuses, its `apply` writes one Batch (mstracker.game.batch): narrative events (`NARRATIVE`) tell the story
and its dice, every change is a generic event with its exact old → new. `legacy` reads the event shape
older saves wrote. Modules: `acting` (when a ship may act), `fire_action` (fire and fire-beam: their dice
and exact outcome, from `fire_check`'s checked attack, written by `attack`), `announce`, `abilities`,
`hangar`, `order` (the other actions), `turn` and `objectives` (automatic steps), `readiness`, `legal`,
`planning` and `table` (the contract's answers), `record` (the ship record).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...fleet import Roster, ShipEntry
from ...game.errors import GameError
from ...game.events import ActionSpec, DiceRecorder, Event
from ...game.plugin import Acting, RulesetPlugin, TurnStructure, auto_step
from ...game.records import RecordSpec
from ...game.state import GameState, PlayerState, ShipState
from ...rules.contract import ArgChoice, ItemReadiness, LegalAction, Obligation, PlannedShot, TableItem
from ...rules.contract import Capabilities
from . import abilities, announce, hangar, legal, objectives, order, readiness, table, turn
from .acting import order_decided
from .fire_action import FIRE_ACTIONS, FireAction
from .game_base import RulesWithSettings
from .legacy import read_old_event
from .planning import plan_shot
from .model import Ruleset
from .record import RECORD_SPEC, build_ship, initial_extra

ACTION_ORDER = ("roll-order", "choose-mode", "fire", "fire-beam", "announce-beam", "announce-field-defense", "boost",
                "infiltrate", "halt-infiltration", "dock", "release", "cargo")

NARRATIVE = frozenset({
    "order-decided", "mode-chosen", "ship-attacked", "ship-destroyed", "beam-announced", "beam-ready", "beam-lapsed",
    "field-announced", "field-on", "field-off", "boosted", "booster-markers", "docked", "left-hangar",
    "infiltration-declared", "infiltration-halted", "infiltration-failed", "ship-captured", "effects-lost",
    "cargo-moved", "turn-cleared",
})

#: Checklist items the actions do: the engine ticks them then and never asks about them.
STEP_ACTIONS = {
    "order": ("roll-order",),
    "mode": ("choose-mode", "fire", "fire-beam", "boost", "infiltrate", "halt-infiltration"),
    "attack": ("fire", "fire-beam"),
    "announce": ("announce-beam", "announce-field-defense"),
}


class Plugin(RulesetPlugin):
    """lukas: the record, set-up, the actions, the automatic steps and the contract's answers."""

    #: What it offers beyond the required parts (mstracker.rules.contract.Capabilities).
    capabilities = Capabilities(exact_odds=True, planner=True, on_table=True)

    turn_structure = TurnStructure.ALTERNATING
    narrative: ClassVar[frozenset[str]] = NARRATIVE
    step_actions: ClassVar[dict[str, tuple[str, ...]]] = STEP_ACTIONS
    ruleset: Ruleset
    rule_actions = (order.RollOrder, *FIRE_ACTIONS, *announce.ANNOUNCE_ACTIONS, *abilities.ABILITY_ACTIONS,
                    hangar.Dock, hangar.Release)

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.rules_with = RulesWithSettings(ruleset)

    def rules(self, state: GameState) -> Ruleset:
        """The ruleset with this game's settings in force."""
        return self.rules_with(state.settings)

    # ---- declarations and set-up ---------------------------------------------------------------
    def action_specs(self) -> tuple[ActionSpec, ...]:
        """In the order a game goes: the order of turns, the attack, announcements, abilities, the hangar."""
        specs = super().action_specs()
        last = len(ACTION_ORDER)
        return tuple(sorted(specs, key=lambda s: ACTION_ORDER.index(s.kind) if s.kind in ACTION_ORDER else last))

    def build_record_spec(self) -> RecordSpec:
        return RECORD_SPEC

    def initial_ship(self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None,
                     settings: Any) -> ShipState:
        return build_ship(self.rules_with(settings), ship_id, owner, entry)

    def initial_player(self, index: int, roster: Roster, settings: Any) -> PlayerState:
        name = roster.player or roster.name or f"Player {index + 1}"
        return PlayerState(name=name, fleet=roster.name, resources={"kills": 0})

    def initial_extra(self, settings: Any) -> dict[str, Any]:
        return initial_extra(settings)

    def reduce(self, state: GameState, event: Event) -> GameState | None:
        """Events in the shape older saves wrote (a `changes` list); today's are generic or narrative."""
        return read_old_event(state, event)

    # ---- the turn ------------------------------------------------------------------------------
    def phase_applies(self, state: GameState, index: int) -> bool:
        """'Before the game' is walked once, in the first turn."""
        return state.sequence[index].id != "setup" or state.turn <= 1

    def next_turn(self, state: GameState) -> tuple[int, int]:
        """The next player in the order of turns who still has a ship in the game."""
        seats = list(state.extra.get("order") or range(len(state.players)))
        at = seats.index(state.active) if state.active in seats else -1
        for step in range(1, len(seats) + 1):
            p = seats[(at + step) % len(seats)]
            if any(not s.get("destroyed") for s in state.ships_of(p)):
                return state.turn + 1, p
        return super().next_turn(state)

    # ---- actions -------------------------------------------------------------------------------
    # ---- automatic steps -----------------------------------------------------------------------
    @auto_step("release_docked")
    def _release_docked(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return hangar.release_docked(self, state)

    @auto_step("resolve_infiltration")
    def _resolve_infiltration(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.resolve_infiltration(self, state)

    @auto_step("fd_activate")
    def _fd_activate(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.fd_activate(self, state)

    @auto_step("fd_expire")
    def _fd_expire(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.fd_expire(self, state)

    @auto_step("beam_ready")
    def _beam_ready(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.beam_ready(self, state)

    @auto_step("booster_markers")
    def _booster_markers(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.booster_markers(self, state)

    @auto_step("clear_turn")
    def _clear_turn(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.clear_turn(self, state)

    @auto_step("objectives")
    def _objectives(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return objectives.objectives(self, state)

    # ---- the contract's answers ------------------------------------------------------------------
    def available(self, state: GameState, kind: str) -> str | None:
        return legal.available(self, state, kind)

    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        return legal.actors(self, state, kind)

    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        return legal.targets(self, state, kind, actor)

    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        return readiness.ship_readiness(self, state, ship)

    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        found = super().legal_action(state, spec, prefer, marked, expected)
        return legal.with_reason(legal.refine(self, state, spec, found, marked))

    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> Mapping[str, tuple[ArgChoice, ...]]:
        return legal.arg_choices(self, state, kind, args)

    def attack_target(self, state: GameState, kind: str, args: dict[str, Any]) -> ShipState | None:
        """The ship an attack hits, as its typed action prepares it: a Beam fires at the target announced
        for it (lukas §3.b Beam), which `fire-beam` does not name."""
        typed = self.typed_action(kind)
        if not isinstance(typed, FireAction):
            return super().attack_target(state, kind, args)
        try:
            return typed.plan(state, args).order.target
        except GameError:
            return None

    def acting(self, state: GameState) -> Acting:
        """Nobody acts before the order of turns is rolled (lukas §1.b): the roll decides who starts."""
        if not state.finished and not order_decided(state):
            return Acting(())
        return super().acting(state)

    def already_done(self, state: GameState, step_id: str) -> str:
        """The order of turns rolled in set-up (lukas §1.b) is the turn's "order" step done."""
        if step_id == "order" and order_decided(state):
            return "the order of turns was decided in set-up (lukas §1.b)"
        return ""

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        return table.obligations(self, state)

    def on_table(self, state: GameState) -> tuple[TableItem, ...]:
        return table.on_table(self, state)

    # ---- planning fire: which attack a weapon at a target is (planning.py); the odds are the attack's outcome -
    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        return plan_shot(self, state, ship, weapon, target, distance)


__all__ = ["Plugin"]
