"""The Colors and Lights (cal) game plugin: the whole round as bookkeeping on Ship Records.

Every action is a typed action (game.typed_action, `rule_actions`), one flat module per part of the round:
gunnery (fire.py, point_defence.py), the ready track and launches (ready_track.py), the engagements of
ordnance in play (intercept.py, ordnance_attack.py), movement (moves.py: course, set-course, ram; ftl.py),
the Interphase rolls (damage_control.py) and the odd ones (blast.py, cc_check.py). Each `prepare` is the one
place that refuses; each that rolls declares its dice and its exact outcome. The automatic steps are
steps.py's, the record and set-up record.py's, damage on records damage_record.py's, all on the one base
(game_base.CalBase: the rules in force, stats, derived values, the time of each action, events). This class
adds the ruleset contract's answers, each worked out in its own module: readiness, legal (actors, targets,
tokens), prefill (where forms start), dice_plans and step_odds (the automatic steps' dice and odds),
obligations (what blocks the game, and what is on the table) and planning (the fire planner).
"""

from __future__ import annotations

from dataclasses import replace
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar, cast

from ...game.events import ActionSpec, ArgSpec, DiceRecorder, Event
from ...game.generic import end_game
from ...game.plugin import auto_step
from ...fleet import Roster, ShipEntry
from ...game.records import RecordSpec
from ...game.state import GameState, PlayerState, ShipState
from ...rules.contract import (ArgChoice, DicePlan, ItemReadiness, LegalAction, Obligation, PlannedShot, Readiness,
                               TableItem)
from ...rules.contract import Capabilities
from ...rules.outcome import AttackOdds
from . import dice_plans, legal, obligations
from .game_base import BAY_ITEMS, WEAPON_ITEMS, CalBase, ship_order
from .tokens import find_token
from .legacy import OLD_KINDS, read_legacy
from .blast import BlastAction
from .cc_check import CcCheck
from .ftl import FtlPowerDown, FtlPowerUp, Jump
from .moves import CourseAction, RamAction, SetCourseAction
from . import planning
from .fire import Fire
from .point_defence import PointDefenceAction
from .damage_control import DamageControlAction, RallyAction
from .intercept import InterceptAction
from .ordnance_attack import OrdnanceAttackAction
from .ready_track import TRACK_ACTIONS
from .readiness import ship_readiness
from . import record
from . import steps
from .prefill import prefill
from .step_odds import step_odds

_A = TypeVar("_A")  # what a remembered answer is

#: The story events of cal's decisions and automatic steps (their changes follow as generic events): the same
#: kinds the patch-style plugin wrote, which the one event style kept.
NARRATIVE = OLD_KINDS

#: The order of the action menu and help: gunnery first, then the round's parts, as they always stood.
ACTION_ORDER = ("fire", "point-defence", "ready-ordnance", "unready", "recall", "launch", "remove-ordnance", "intercept",
                "ordnance-attack", "course", "set-course", "ftl-power-up", "ftl-power-down", "jump", "ram",
                "damage-control", "rally", "blast", "cc-check")


class Plugin(CalBase):
    """Colors and Lights: the whole round as bookkeeping on Ship Records."""

    #: What it offers beyond the required parts (mstracker.rules.contract.Capabilities).
    capabilities = Capabilities(exact_odds=True, planner=True, on_table=True)

    narrative = NARRATIVE
    step_actions = {
        "damage_control": ("damage-control", "rally"),
        "ready": ("ready-ordnance",),
        "unready": ("unready",),
        "recall": ("recall",),
        "weapons": ("fire",),
        "point_defence": ("point-defence",),
        "ordnance_attacks": ("ordnance-attack",),
        "launch": ("launch",),
        "ftl": ("ftl-power-up", "ftl-power-down", "jump"),
        "alter_course": ("course",),
    }

    rule_actions = (Fire, PointDefenceAction, *TRACK_ACTIONS, InterceptAction, OrdnanceAttackAction, CourseAction,
                    SetCourseAction, FtlPowerUp, FtlPowerDown, Jump, RamAction, DamageControlAction, RallyAction,
                    BlastAction, CcCheck)

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._memo: tuple[GameState | None, dict[tuple[Any, ...], Any]] = (None, {})

    def action_specs(self) -> tuple[ActionSpec, ...]:
        """In the order cal's actions always had (ACTION_ORDER): the action menu, the attack dialog and help
        list them so whichever are typed actions."""
        specs = super().action_specs()
        last = len(ACTION_ORDER)
        return tuple(sorted(specs, key=lambda s: ACTION_ORDER.index(s.kind) if s.kind in ACTION_ORDER else last))

    # ---- the record and set-up (record.py) ----------------------------------------------------------
    def build_record_spec(self) -> RecordSpec:
        return record.RECORD_SPEC

    def initial_ship(self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None,
                     settings: Mapping[str, Any]) -> ShipState:
        return record.initial_ship(self, ship_id, owner, entry, roster)

    def initial_player(self, index: int, roster: Roster, settings: Mapping[str, Any]) -> PlayerState:
        return record.initial_player(self, index, roster)

    def initial_extra(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return record.initial_extra()

    # ---- the automatic steps (steps.py) ---------------------------------------------------------------
    @auto_step("ordnance_track")
    def _ordnance_track(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.ordnance_track(self, state, dice)

    @auto_step("ftl_track")
    def _ftl_track(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.ftl_track(self, state, dice)

    @auto_step("fire_damage")
    def _fire_damage(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.fire_damage(self, state, dice)

    @auto_step("fire_roll")
    def _fire_roll(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.fire_roll(self, state, dice)

    @auto_step("boarders")
    def _boarders(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.roll_boarders(self, state, dice)

    @auto_step("command_control")
    def _command_control(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.command_control(self, state, dice)

    @auto_step("assault_craft")
    def _assault_craft(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.assault_craft(self, state, dice)

    @auto_step("add_fire")
    def _add_fire(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.add_fire(self, state, dice)

    @auto_step("resolve_damage")
    def _resolve_damage(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return steps.resolve_round_damage(self, state, dice)

    def alive(self, state: GameState) -> list[ShipState]:
        """The ships in play whose part of the phase this is (steps.alive)."""
        return steps.alive(self, state)

    # ---- the round ------------------------------------------------------------------------------
    def phase_applies(self, state: GameState, index: int) -> bool:
        """The Interphase is skipped in round 1 (cal §0 Interphase)."""
        return not (state.sequence[index].id == "interphase" and state.turn <= 1)

    def reduce(self, state: GameState, event: Event) -> GameState | None:
        """Only the events of saves written before the one event style (see legacy)."""
        return read_legacy(state, event)

    def run_auto_step(self, state: GameState, step_id: str, dice: DiceRecorder) -> list[Event]:
        events = super().run_auto_step(state, step_id, dice)
        return events + self.game_over(state, events)

    def game_over(self, before: GameState, events: list[Event]) -> list[Event]:
        """The end of the game when only one side has ships on the board (a house default: victory)."""
        if not events or before.finished or self.setting(before, "victory") != "last_side" or len(before.players) < 2:
            return []
        after = self.apply(before, events)
        pending = any(int(s.record.get("blast", 0)) for s in after.ships.values())
        was_pending = any(int(s.record.get("blast", 0)) for s in before.ships.values())
        sides_after = {s.owner for s in ship_order(after) if not self.lost(s)}
        sides_before = {s.owner for s in ship_order(before) if not self.lost(s)}
        if pending or len(sides_after) > 1 or (len(sides_before) <= 1 and not was_pending):
            return []
        if not sides_after:
            return [end_game(after, "no ships are left on the board: a draw")]
        winner = sides_after.pop()
        p = after.players[winner]
        return [end_game(after, f"{p.name} ({p.fleet}) is the last side with ships on the board", winner)]

    # ---- the contract's answers -----------------------------------------------------------------
    def remember(self, state: GameState, key: tuple[Any, ...], work: Callable[[], _A]) -> _A:
        """An answer about `state`, worked out once: a screen asks for every ship's readiness and every
        action's actors of the same state at once. Only the last state asked about is kept."""
        cached_state, answers = self._memo
        if cached_state is not state:
            answers = {}
            self._memo = (state, answers)
        if key not in answers:
            answers[key] = work()
        return cast(_A, answers[key])  # stored by this key's own `work`

    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        if state.ships.get(ship.id) is not ship:  # a ship worked out apart from the state
            return ship_readiness(self, state, ship)
        return self.remember(state, ("readiness", ship.id), lambda: ship_readiness(self, state, ship))

    def first_ready(self, state: GameState, ship: ShipState | None, kind: str = "weapon") -> str | None:
        """The first ready battery (Beam, Projectile) for weapons; point defence fires by its own action."""
        if ship is None:
            return None
        names = tuple(WEAPON_ITEMS.values()) if kind == "weapon" else tuple(BAY_ITEMS.values())
        return next((r.item for r in self.readiness(state, ship) if r.status is Readiness.READY and r.name in names), None)

    def available(self, state: GameState, kind: str) -> str | None:
        return legal.available(self, state, kind)

    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        return list(self.remember(state, ("actors", kind), lambda: legal.actors(self, state, kind)))

    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        return legal.targets(self, state, kind, actor)

    def token_choices(self, state: GameState, kind: str, arg: ArgSpec, actor: ShipState | None) -> list[TableItem]:
        return legal.token_items(self, state, kind, arg, actor)

    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        found = super().legal_action(state, spec, prefer, marked, expected)
        if spec.kind == "ram":  # its target is `other`: any other ship in play, friendly rams included
            actor = state.ships.get(found.actor) if found.actor else None
            others = tuple(s.id for s in self.targets(state, "ram", actor))
            other = marked if marked in others else (others[0] if len(others) == 1 else None)
            found = replace(found, targets=others, target=other, prefill={"other": other} if other else {})
        extra = prefill(self, state, spec, found)
        return replace(found, prefill={**found.prefill, **extra}) if extra else found

    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> Mapping[str, tuple[ArgChoice, ...]]:
        return legal.arg_choices(self, state, kind, args)

    def step_dice(self, state: GameState, step_id: str) -> DicePlan | None:
        return dice_plans.step_dice(self, state, step_id)

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        return obligations.standing(self, state)

    def damage_by(self, state: GameState, kind: str, args: dict[str, Any], ship: ShipState) -> int | None:
        """Who caused the damage, for the battle report. In a ram each ship deals its current SS to the
        other (cal §Moving Ships According To Course), so a ship's damage is the other ship's owner's doing
        whichever ship the action names first (a friendly ram: self-inflicted). An ordnance attack is the
        token's owner's. Otherwise the acting ship's owner: a hard turn's stress is self-inflicted, and a
        Reactor Breach blast (cal §Damage) is the exploded ship's owner's, self-inflicted on their own
        ships nearby. Damage applied by the automatic steps (the Damage phase, Interphase fire, Boarders)
        has no acting ship: None."""
        if kind == "ordnance-attack":  # it names no firing ship, only the target
            return int(find_token(state, str(args["token"]))["owner"])
        if kind == "ram":
            first, other = state.find_ship(str(args["ship"])), state.find_ship(str(args["other"]))
            if ship.id == first.id:
                return other.owner
            if ship.id == other.id:
                return first.owner
        return super().damage_by(state, kind, args, ship)

    def acting_player(self, state: GameState, kind: str, args: dict[str, Any]) -> int | None:
        """The token's owner for what a token does without a ship of its own (an ordnance attack, a recall)."""
        if args.get("token") and not args.get("ship") and kind not in self.any_side:
            try:
                return int(find_token(state, str(args["token"]))["owner"])
            except ValueError:  # no such token: the action refuses it itself
                return None
        return None

    def on_table(self, state: GameState) -> tuple[TableItem, ...]:
        return obligations.on_table(self, state)

    def step_odds(self, state: GameState, step_id: str) -> AttackOdds | None:
        return step_odds(self, state, step_id)

    # ---- planning fire (the figures are the fire action's outcome: fire.py) -----------------------
    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        return planning.plan_shot(self, state, ship, weapon, target, distance)

    def target_condition(self, state: GameState, target: ShipState) -> Hashable | None:
        """Its SS and round total so far: the battle report's measure of damage recorded now, taken later."""
        return planning.target_condition(self, state, target)

    def condition_damage(self, state: GameState, target: ShipState, before: Hashable, after: Hashable) -> int:
        return planning.condition_damage(before, after)

    def luck_notes(self) -> tuple[str, str]:
        return planning.LUCK_NOTES
