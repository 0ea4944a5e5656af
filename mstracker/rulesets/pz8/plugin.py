"""The pz8 ruleset plugin: a whole pz8 game through the engine (pz8 §2 to §6).

Every action is a typed action (game.typed_action, `rule_actions`), one flat module per part of the turn:
`turn` (roll-initiative, the turn's automatic steps and obligations), `activation` (activate, move,
end-activation), `shots` (fire, fire-back, shoot-torpedo), `torpedoes` (launch-torpedo), `torpedo_attack`,
`counters` (asteroids, the drift arrow, remove-torpedo, the end-of-turn prompts). Each prepares its decision
once: `prepare` is the only place that refuses, `dice` declares the roll, `outcome` gives the exact odds,
`apply` writes one Batch; `changes` holds the changes several of them make. The contract's other answers
come from their own modules: `legal` (what may be done now, by whom, at what), `planning` (which shot a
weapon at a target is), `readiness`, `dice_plans`, `table`; `legacy` reads older saves.

A turn: start (marks cleared) → roll-initiative → activations, each `activate` → `move` → `fire`
(→ the target's `fire-back`) → `launch-torpedo` → `end-activation`, alternating by quota → end of
turn: Torpedoes, asteroids (prompts; hits are `torpedo-attack` / `asteroid-collision`), Activated
chits cleared, victory check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...fleet import Roster, ShipEntry
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, DiceRecorder, Event
from ...game.plugin import Acting, RulesetPlugin, TurnStructure, auto_step
from ...game.records import RecordSpec
from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import (ArgChoice, Capabilities, DicePlan, ItemReadiness, LegalAction, Obligation, PlannedShot,
                               TableItem)
from ...rules.names import UnknownName, find_entry
from . import counters, turn
from .activation import ACTIVATION_ACTIONS
from .counters import COUNTER_ACTIONS
from .legacy import read_legacy
from .legal import LegalAnswers
from .model import Ruleset
from .planning import plan_shot
from .readiness import ship_readiness
from .record import record_spec
from .shots import SHOT_ACTIONS
from .table import table_items
from .torpedo_attack import TorpedoStrike
from .torpedoes import LaunchTorpedo
from .view import TurnView

#: The stories the actions tell (with their dice); every change is a generic event.
NARRATIVE = frozenset({"initiative", "shot", "torpedo-hit"})
_ON_OFF = {True: "on", False: "off"}


class Plugin(RulesetPlugin):
    """pz8: initiative and quotas, one activation per ship per turn, damage states, one Torpedo salvo
    per ship per game, Torpedo and asteroid counters, fire-back, the end of turn."""

    #: What it offers beyond the required parts (mstracker.rules.contract.Capabilities).
    capabilities = Capabilities(exact_odds=True, planner=True, on_table=True)

    step_actions = {
        "roll": ("roll-initiative",),
        "quota": ("activate",),
        "choose": ("activate",),
        "move": ("move",),
        "fire": ("fire", "fire-back", "shoot-torpedo"),
        "torpedo": ("launch-torpedo",),  # not end-activation: the next activation's checklist starts clear
    }
    #: The players' own end-of-turn items (pz8 §5, §6): what they record there; next-step ticks the item.
    end_of_turn_actions = {
        "move-torpedoes": ("torpedo-attack", "remove-torpedo", "asteroid-collision"),
        "shift-asteroids": ("asteroid-collision", "set-drift"),
    }

    turn_structure = TurnStructure.ROUND
    narrative = NARRATIVE
    #: In the order the actions have always been listed (the forms, `help`).
    rule_actions = (*ACTIVATION_ACTIONS, turn.RollInitiative, LaunchTorpedo, *COUNTER_ACTIONS, *SHOT_ACTIONS,
                    TorpedoStrike)

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._legal = LegalAnswers(self)
        self._rules_cache: dict[tuple[tuple[str, Any], ...], Ruleset] = {}

    # ---- the ruleset with this game's settings ----------------------------------------------
    @property
    def book(self) -> Ruleset:
        assert isinstance(self.ruleset, Ruleset), "the pz8 plugin needs the pz8 ruleset"
        return self.ruleset

    def rules(self, state: GameState) -> Ruleset:
        """The ruleset with the settings chosen for this game (the procedures read settings from it)."""
        key = tuple(sorted(state.settings.items()))
        found = self._rules_cache.get(key)
        if found is None:
            book = self.book
            settings = {
                k: (s.model_copy(update={"value": state.settings[k]}) if k in state.settings else s)
                for k, s in book.settings.items()
            }
            found = self._rules_cache[key] = book.model_copy(update={"settings": settings})
        return found

    def setting(self, state: GameState, key: str) -> Any:
        """A setting's value in this game (the book's default when the game predates the setting)."""
        return self.rules(state).setting(key)

    def setting_words(self, state: GameState, key: str) -> str:
        """A setting for a player: what it means, in the settings screen's words, and its value here ('setting “A
        ship may both fire and launch its Torpedo salvo in the same activation”: off'); players never see its key."""
        found = self.rules(state).settings[key]
        value = self.setting(state, key)
        shown = _ON_OFF.get(value, str(value)) if isinstance(value, bool) else str(value)
        return f"setting “{found.text.rstrip('.')}”: {shown}"

    def acting(self, state: GameState) -> Acting:
        """Nobody acts before this turn's initiative is rolled (pz8 §2): it decides who starts; every side
        acts in the end-of-turn phases."""
        if state.started and not state.finished and TurnView(state).initiative is None:
            return Acting(())
        phase = state.current_phase
        if state.started and not state.finished and phase is not None and phase.id.startswith("end"):
            # the end of turn is nobody's activation: every side's Torpedoes move and hit, the asteroids
            # shift for all (pz8 §5, §6), so the banner names both sides, not the one whose step came last
            return Acting(tuple(range(len(state.players))), together=True)
        return super().acting(state)

    # ---- older saves --------------------------------------------------------------------------
    def reduce(self, state: GameState, event: Event) -> GameState | None:
        return read_legacy(state, event)

    # ---- declarations -----------------------------------------------------------------------
    def build_record_spec(self) -> RecordSpec:
        return record_spec(self.book.spaceship)

    # ---- set-up -----------------------------------------------------------------------------
    def initial_ship(
        self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None, settings: Mapping[str, Any]
    ) -> ShipState:
        """Every Spaceship is the same: the class's armament whatever the roster lists."""
        try:
            name, cls = find_entry(self.book.classes, entry.ship_class, "ship class")
        except UnknownName as exc:
            raise InvalidAction(str(exc)) from None
        items = tuple(ShipItem(id=f"w{n}", kind="weapon", name=w) for n, w in enumerate(cls.armament, start=1))
        record = self.record_spec().fresh_record({"mps": cls.mps, "torpedo": cls.torpedo_salvos})
        return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=name, record=record,
                         items=items)

    def initial_extra(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The table at set-up: the asteroids of the asteroids setting are on it from the start (pz8 §6)."""
        count = int(settings.get("asteroids", 0) or 0)
        return {
            "torpedoes": [],
            "asteroids": [{"id": f"a{n}", "where": ""} for n in range(1, count + 1)],
            "drift": str(settings.get("drift", "") or ""),
            "initiative": None,
            "step": None,
            "activation": None,
            "fire_back": None,
        }

    # ---- the contract -----------------------------------------------------------------------
    def available(self, state: GameState, kind: str) -> str | None:
        return self._legal.available(state, kind)

    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        return self._legal.actors(state, kind)

    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        return self._legal.targets(state, kind, actor)

    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        return plan_shot(self, state, ship, weapon, target, distance)

    def token_choices(self, state: GameState, kind: str, arg: ArgSpec, actor: ShipState | None) -> list[TableItem]:
        return self._legal.token_choices(state, kind, arg, actor)

    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        return self._legal.refine(state, super().legal_action(state, spec, prefer, marked, expected), marked)

    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> Mapping[str, tuple[ArgChoice, ...]]:
        return self._legal.arg_choices(state, kind, args)

    def expected_actions(self, state: GameState) -> frozenset[str]:
        """The current step's actions; a fire-back while one may be made (it comes at once, pz8 §4); an
        activation while ships wait at the last activation step (pz8 §2); at the end of the turn, what the
        players record as they move the Torpedo salvos and shift the asteroids (pz8 §5, §6)."""
        expected = set(super().expected_actions(state))
        view = TurnView(state)
        if view.pending is not None:
            expected.add("fire-back")
        if view.step_id == "activated" and view.anyone_waiting():
            expected.add("activate")
        expected.update(self.end_of_turn_actions.get(view.step_id or "", ()))
        return frozenset(expected)

    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        return ship_readiness(self.book, state, ship, gun_and_torpedo=bool(self.setting(state, "torpedo_with_gun")))

    def on_table(self, state: GameState) -> tuple[TableItem, ...]:
        return table_items(state)

    def damage_by(self, state: GameState, kind: str, args: dict[str, Any], ship: ShipState) -> int | None:
        """Who caused the damage, for the battle report: a Torpedo salvo's attack is its owner's (pz8 §5;
        the action names no firing ship, only the target); a fire-back is the firing-back ship's (the
        default: its ship argument, else the ship that may fire back). pz8 keeps no damage bar, so the
        report counts no damage figures for it today; the answer is right for when it does."""
        if kind == "torpedo-attack":
            return int(TurnView(state).counter("torpedoes", str(args["torpedo"]))["owner"])
        return super().damage_by(state, kind, args, ship)

    # ---- the turn and its end ------------------------------------------------------------------
    def phase_applies(self, state: GameState, index: int) -> bool:
        """The end-of-turn counters phases apply while such counters are on the table (counters.py)."""
        found = counters.end_phase_applies(self, state, state.sequence[index].id)
        return super().phase_applies(state, index) if found is None else found

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        """The turn's obligations (turn.py), and the drift arrow before the asteroids shift (counters.py)."""
        return turn.obligations(self, state) + counters.drift_obligation(state)

    @auto_step("roll")
    def _start_of_turn(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.start_of_turn(self, state)

    @auto_step("quota")
    def _quota(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.quota(self, state, dice)

    def step_dice(self, state: GameState, step_id: str) -> DicePlan | None:
        """The initiative's dice when next-step enters the quota step with it still to roll (pz8 §2)."""
        return turn.initiative_dice(self, state) if step_id == "quota" else None

    @auto_step("activated")
    def _activated(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.activated(self, state, dice)

    @auto_step("torpedoes")
    def _torpedo_step(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return counters.torpedo_step(self, state)

    @auto_step("asteroids")
    def _asteroid_step(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return counters.asteroid_step(self, state)

    @auto_step("clear")
    def _clear(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.clear(self, state)

    @auto_step("victory")
    def _victory(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.victory(self, state)
