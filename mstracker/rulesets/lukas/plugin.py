"""The lukas plugin (Micro Space Wars by Lukas W.P. v1.8): a game as actions, automatic steps and the
contract's answers.

Players take turns in the order decided before the game (§1.b, `order`); in a turn each ship either
attacks with every weapon or uses one active ability (§1.b). The book's timelines count the owner's
turns: a Beam is announced in turn N and fires in N+1 (§3.b); a Field Defense is announced in N and is
up from N+1 until N+2 (§4.a); an infiltration declared in N holds both ships through the opponent's
turn and captures at the start of N+1 unless halted (§4.c). The hangar's and the boosters' "next turn"
is a setting (the owner's turns by default, INFERRED).

Every decision is one Batch (mstracker.game.batch): narrative events (`NARRATIVE`) tell the story and its
dice, every change is a generic event with its exact old → new. `legacy` reads the event shape older
saves wrote. Modules: `acting` (when a ship may act), `fire_check` and `attack` (the attack, its dice and
odds), `announce`, `abilities`, `hangar`, `order` (the actions), `turn` and `objectives` (automatic
steps), `readiness`, `legal` and `table` (the contract's answers), `record` (the ship record).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from ...fleet import Roster, ShipEntry
from ...game.errors import GameError
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from ...game.plugin import Acting, PlanningHelper, RulesetPlugin, TurnStructure, action, auto_step
from ...game.reach import in_range_arg, reach_words
from ...game.records import RecordSpec
from ...game.state import GameState, PlayerState, ShipState
from ...rules.contract import ArgChoice, DicePlan, ItemReadiness, LegalAction, Obligation, TableItem
from ...rules.contract import Capabilities
from ...rules.outcome import AttackOdds
from . import abilities, announce, hangar, legal, objectives, order, readiness, table, turn
from .acting import SHIP_ARG, order_decided
from .attack import beam_odds, decide_fire, fire_odds
from .fire_check import SUBSYSTEM_CHOICES, fire_dice, prepare_beam, prepare_fire
from .game_base import RulesWithSettings, cite, max_range, weapon_data
from .legacy import read_old_event
from .planning import FirePlanning
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

FIRE_HELP = (
    "attack with one weapon (lukas §3.a): range and line of sight, d12 to hit (+1 Comm Radar, -2 bridge out), "
    "damage off the target's armor; armor 0 or less destroys it. Each weapon once a turn, not in a turn the ship "
    "uses an active ability (lukas §1.b); a Beam only at the target announced in the owner's previous turn. Dice, "
    "in order: the d12 to hit; then, for a bomb aimed at a subsystem that hits, the d8; then the weapon's damage "
    "dice (its Damage stat: 1d8 is one d8, 2d6 two d6) if the hull takes damage."
)
FIRE_ARGS = (
    SHIP_ARG,
    ArgSpec("weapon", ArgType.ITEM, "its weapon: id (w2) or name; of several alike, the first not yet fired",
            items=("weapon",)),
    ArgSpec("target", ArgType.SHIP, "the enemy ship attacked"),
    ArgSpec("distance", ArgType.INT, "studs measured on the table (checked against the range)", required=False),
    ArgSpec("comm_radar", ArgType.INT, "allied Comm Radar ships within 10 studs of the attacker, not itself (its own "
            "radar counts by itself; +1 hit, +1 damage)", required=False, default=0, label="other radars"),
    ArgSpec("subsystem", ArgType.CHOICE, "Bombs that hit a capital ship: hull (normal damage) or aim at engines, "
            "bridge or a weapon (rolls a d8)", required=False, choices=SUBSYSTEM_CHOICES),
    ArgSpec("target_weapon", ArgType.TEXT, "with subsystem=weapon: the target's weapon to knock out (id or name)",
            required=False),
    ArgSpec("los", ArgType.BOOL, "clear line of sight (no: weapons that need it cannot fire)", required=False,
            default=True),
    ArgSpec("inside_field", ArgType.BOOL, "the attacker is already inside the target's active Field Defense",
            required=False, default=False),
    in_range_arg("studs"),  # last: the words typed in order keep their places
)
BEAM_ARGS = (
    SHIP_ARG,
    ArgSpec("weapon", ArgType.ITEM, "the Beam (when the ship has several)", required=False, items=("weapon",)),
    ArgSpec("comm_radar", ArgType.INT, "allied Comm Radar ships within 10 studs (see fire)", required=False, default=0),
    ArgSpec("inside_field", ArgType.BOOL, "inside the target's active Field Defense", required=False, default=False),
)
BEAM_HELP = ("fire a Beam announced in the owner's previous turn at its announced target (lukas §3.b Beam): fire with "
             "the target filled in. Dice: d12 to hit, then 2d6 damage. If the target went behind cover, announce-beam "
             "again instead.")
#: Checklist items the actions do: the engine ticks them then and never asks about them.
STEP_ACTIONS = {
    "order": ("roll-order",),
    "mode": ("choose-mode", "fire", "fire-beam", "boost", "infiltrate", "halt-infiltration"),
    "attack": ("fire", "fire-beam"),
    "announce": ("announce-beam", "announce-field-defense"),
}


class Plugin(PlanningHelper, RulesetPlugin):
    """lukas: the record, set-up, the actions, the automatic steps and the contract's answers."""

    #: What it offers beyond the required parts (mstracker.rules.contract.Capabilities).
    capabilities = Capabilities(exact_odds=True, planner=True, on_table=True)

    turn_structure = TurnStructure.ALTERNATING
    narrative: ClassVar[frozenset[str]] = NARRATIVE
    step_actions: ClassVar[dict[str, tuple[str, ...]]] = STEP_ACTIONS
    ruleset: Ruleset

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.rules_with = RulesWithSettings(ruleset)
        self.odds_cache: dict[tuple, AttackOdds | None] = {}
        self._planning = FirePlanning(self)

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
    @action("roll-order", *order.ORDER_ARGS, help=order.ORDER_HELP, rolls=True)
    def roll_order(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return order.decide_order(self, state, order.prepare_order(self, state, args), dice)

    @action("choose-mode", *abilities.MODE_ARGS, help=abilities.MODE_HELP)
    def choose_mode(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return abilities.choose_mode(self, state, args)

    @action("fire", *FIRE_ARGS, help=FIRE_HELP, rolls=True)
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        checked = prepare_fire(self, state, args)
        # the distance only sets the reach (§3.a step 2): measured, or said plainly in range, never assumed
        reach = reach_words(args, max_range(weapon_data(checked.rules, checked.weapon)[1]), "studs", cite("§3.a"))
        return decide_fire(self, state, checked, dice, reach)

    @action("fire-beam", *BEAM_ARGS, help=BEAM_HELP, rolls=True)
    def fire_beam(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return decide_fire(self, state, prepare_beam(self, state, args), dice)

    @action("announce-beam", *announce.BEAM_ARGS, help=announce.BEAM_HELP)
    def announce_beam(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return announce.announce_beam(self, state, args)

    @action("announce-field-defense", *announce.FIELD_ARGS, help=announce.FIELD_HELP)
    def announce_field_defense(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return announce.announce_field_defense(self, state, args)

    @action("boost", SHIP_ARG, help=abilities.BOOST_HELP)
    def boost(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return abilities.boost(self, state, args)

    @action("infiltrate", *abilities.INFILTRATE_ARGS, help=abilities.INFILTRATE_HELP)
    def infiltrate(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return abilities.infiltrate(self, state, args)

    @action("halt-infiltration", *abilities.HALT_ARGS, help=abilities.HALT_HELP)
    def halt_infiltration(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return abilities.halt_infiltration(self, state, args)

    @action("dock", *hangar.DOCK_ARGS, help=hangar.DOCK_HELP)
    def dock(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return hangar.dock(self, state, args)

    @action("release", SHIP_ARG, help=hangar.RELEASE_HELP)
    def release(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return hangar.release(self, state, args)

    @action("cargo", *abilities.CARGO_ARGS, help=abilities.CARGO_HELP)
    def cargo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return abilities.cargo(self, state, args)

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
        return legal.arg_choices(state, kind, args)

    def action_dice(self, state: GameState, kind: str, args: dict[str, Any]) -> DicePlan | None:
        """The dice of every rolling action, checked as its decider checks it."""
        if kind == "fire":
            return fire_dice(prepare_fire(self, state, args))
        if kind == "fire-beam":
            return fire_dice(prepare_beam(self, state, args))
        if kind == "roll-order":
            return order.order_dice(order.prepare_order(self, state, args))
        return None

    def attack_target(self, state: GameState, kind: str, args: dict[str, Any]) -> ShipState | None:
        """A Beam fires at the target announced for it (lukas §3.b Beam), which `fire-beam` does not name."""
        if kind != "fire-beam":
            return super().attack_target(state, kind, args)
        try:
            return prepare_beam(self, state, args).target
        except GameError:
            return None

    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        if kind == "fire":
            return fire_odds(self, state, args)
        if kind == "fire-beam" and args.get("ship"):
            return beam_odds(self, state, args)
        if kind == "roll-order":
            try:
                return order.order_odds(order.prepare_order(self, state, args))
            except GameError:  # a form not yet valid has no odds
                return None
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

    # ---- planning fire: the fire planner and focus fire (planning.py; the rest by PlanningHelper) -
    def destroy_chance(self, state: GameState, target: ShipState, condition: Hashable) -> Fraction:
        return self._planning.destroy_chance(condition)


__all__ = ["Plugin"]
