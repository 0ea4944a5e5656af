"""The spook plugin (Lego Microspacewars, Spook's Version v0.2.2): a whole game through the engine.

What it adds to the generic engine:

* a ship record with armor, agility, speed, device-effect timers, dock / infiltration / cargo links
  and lost subsystems; per item the used flag, X;Y reload (uses left, own turns to wait), flare
  ammo; per player RU cap, RU left and mines (`record`);
* actions, each a `Batch` of narrative events and exact generic changes: fire, friendly-fire (`combat`);
  ram, scuttle, cross-mines (`hazards`); use-device, reload-flares, lay-mines, probe-move (`devices`);
  infiltrate, retire, repair, undock, build, embark, disembark, spend, refund (`fleet_actions`);
  roll-off (`first_turn`);
* the automatic steps of data/rulesets/spook.toml: upkeep (timers, reloads, flare refills, captures),
  retire, repair, infiltration countdown, victory check (`turn`); none of them rolls;
* the contract's answers: readiness of every item (`readiness`), legal actions with their defaults
  (`legal`), the dice of every rolling action declared before the roll (`plans`), obligations
  (`obligations`), what is on the table (`on_table`), odds for every roll (`game_odds`), planned shots
  and a target's condition under attacks made one after another, for the fire planner (`planning`), and
  readers for older saves (`legacy`).

Every house default it depends on is read from the game's settings (`rules(state)`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any

from ...fleet import Roster, ShipEntry, validate_roster
from ...game.errors import InvalidAction
from ...game.plugin import LegalityHelper, PlanningHelper
from ...game.events import Action, ActionSpec, ArgType, Event
from ...game.records import RecordSpec
from ...game.state import GameState, PlayerState, ShipState
from ...dice import Distribution
from ...rules.contract import ArgChoice, DicePlan, ItemReadiness, LegalAction, Obligation, TableItem
from ...rules.contract import Capabilities
from ...rules.outcome import AttackOdds
from . import legacy, obligations, plans
from .first_turn import FirstTurnActions
from .fleet_actions import FleetActions
from .devices import DeviceActions
from .game_base import NARRATIVE
from .game_odds import GameOdds
from .hazards import HazardActions
from .legal import Legality
from .on_table import on_table
from .planning import LUCK_NOTES, FirePlanning
from .procedures import AttackOutcome
from .readiness import ItemStates
from .record import new_ship, record_spec
from .texts import render_help
from .turn import TurnSteps


class Plugin(LegalityHelper, PlanningHelper, TurnSteps, FirstTurnActions, FleetActions, DeviceActions, HazardActions):
    """Spook's bookkeeping for the generic engine (actions listed fire first: the last base comes first)."""

    #: What it offers beyond the required parts (mstracker.rules.contract.Capabilities).
    capabilities = Capabilities(exact_odds=True, planner=True, on_table=True)

    narrative = NARRATIVE
    step_actions = {
        "hyperdrive": ("use-device",),
        "afterburner": ("use-device",),
        "special": ("probe-move",),
        "mines": ("lay-mines",),
        "mine_rolls": ("cross-mines",),
        "ram": ("ram",),
        "infiltrate": ("infiltrate",),
        "fire": ("fire", "friendly-fire"),
        "scuttle": ("scuttle",),
        "subsystem": ("fire",),
        "activate": ("use-device",),
        "flare_reload": ("reload-flares",),
        "build": ("build",),
    }

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._items = ItemStates(self)
        self._legal = Legality(self)
        self._odds = GameOdds(self)
        self._planning = FirePlanning(self)
        self._specs: tuple[ActionSpec, ...] | None = None

    # ---- the checklist ---------------------------------------------------------------------------
    #: use-device steps by the device they are for; every other device is the "activate" step
    DEVICE_STEPS: Mapping[str, str] = {"hyperdrive": "Hyperdrive", "afterburner": "Afterburner"}

    def does_step(self, state: GameState, step_id: str, action: Action) -> bool:
        """Steps that share an action are told apart by its arguments: the device used (a Hyperdrive jump
        is not the Afterburner), a fire that names a subsystem (spook §7 A11)."""
        if not super().does_step(state, step_id, action):
            return False
        if action.kind == "use-device":
            try:
                name = self.item(state.find_ship(str(action.args["ship"])), str(action.args["device"])).name
            except (KeyError, InvalidAction):
                return True
            wanted = self.DEVICE_STEPS.get(step_id)
            return name == wanted if wanted is not None else name not in self.DEVICE_STEPS.values()
        if step_id == "subsystem":
            return bool(action.args.get("subsystem"))
        return True

    # ---- set-up ----------------------------------------------------------------------------------
    def build_record_spec(self) -> RecordSpec:
        return record_spec()

    def initial_ship(
        self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None, settings: Mapping[str, Any]
    ) -> ShipState:
        return new_ship(self, ship_id, owner, entry)

    def initial_player(self, index: int, roster: Roster, settings: Mapping[str, Any]) -> PlayerState:
        """RU cap from the roster (or its preset), RU left = cap - fleet cost, no mines yet."""
        cap = roster.cap
        if cap is None and roster.preset and roster.preset in self.ruleset.budgets:
            cap = self.ruleset.budgets[roster.preset].cap
        cost = validate_roster(roster, self.ruleset).cost or 0
        resources = {"cap": cap or 0, "ru": max(0, (cap or 0) - cost), "mines": 0}
        name = roster.player or roster.name or f"Player {index + 1}"
        return PlayerState(name=name, fleet=roster.name, resources=resources)

    def initial_extra(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"pending_ff": None, "first_player": None}

    def action_specs(self) -> tuple[ActionSpec, ...]:
        """The actions, their help saying the settings in force (house rules applied), and the build form's
        classes offered as choices (the buyable classes of the data)."""
        if self._specs is None:
            values = {key: s.value for key, s in self.ruleset.settings.items()}
            buyable = tuple(name for name, cls in self.ruleset.classes.items() if cls.rus is not None)
            specs = []
            for spec in super().action_specs():
                args = tuple(dataclasses.replace(a, choices=buyable) if a.type is ArgType.CHOICE and a.name ==
                             "ship_class" else a for a in spec.args)
                specs.append(dataclasses.replace(spec, args=args, help=render_help(spec.help, values)))
            self._specs = tuple(specs)
        return self._specs

    # ---- older saves -----------------------------------------------------------------------------
    def reduce(self, state: GameState, event: Event) -> GameState | None:
        return legacy.read(state, event)

    # ---- the contract's answers --------------------------------------------------------------------
    def luck_notes(self) -> tuple[str, str]:
        return LUCK_NOTES

    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        return self._items.ship(state, ship)

    def first_ready(self, state: GameState, ship: ShipState | None, kind: str = "weapon") -> str | None:
        return self._legal.first_ready(state, ship, kind)

    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        return self._legal.legal_action(state, spec, prefer, marked, expected)

    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> Mapping[str, tuple[ArgChoice, ...]]:
        return self._legal.arg_choices(state, kind, args)

    def action_dice(self, state: GameState, kind: str, args: dict[str, Any]) -> DicePlan | None:
        """The dice of fire, cross-mines and roll-off, checked the way their deciders check them."""
        if kind == "fire":
            return plans.fire_plan(self.rules(state), self.prepare_fire(state, args))
        if kind == "cross-mines":
            return plans.mines_plan(self.prepare_mines(state, args), self.rules(state))
        if kind == "roll-off":
            return plans.rolloff_plan(self.prepare_rolloff(state))
        return None

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        return obligations.standing(self, state)

    def damage_by(self, state: GameState, kind: str, args: dict[str, Any], ship: ShipState) -> int | None:
        """Who caused the damage, for the battle report. Friendly fire settled with friendly-fire is the
        firing player's own doing (spook §5 Accuracy: on a 12 one of the attacker's ships takes the full
        damage), so it is self-inflicted; mines deal their damage for the player who laid them (spook §7
        A1: the owner of the mines crossed, who may be the crossing ship's own under mines_hit_owner).
        Otherwise the acting ship's owner: a rammer's own damage (spook §8 A1, house default) and a
        scuttle's blast on the scuttler's own ships (spook §7 A10, house default) are self-inflicted."""
        if kind == "friendly-fire":
            pending = state.extra.get("pending_ff") or {}
            attacker = state.ships.get(str(pending.get("attacker", "")))
            return attacker.owner if attacker is not None else ship.owner  # the ally is always the attacker's
        if kind == "cross-mines":
            return self.mine_owner(state, state.find_ship(str(args["ship"])), args.get("owner"))
        return super().damage_by(state, kind, args, ship)

    def on_table(self, state: GameState) -> tuple[TableItem, ...]:
        return on_table(self, state)

    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        return self._odds.of(state, kind, args)

    # ---- planning fire (the fire planner, focus fire; the rest by PlanningHelper) -----------------
    def destroy_chance(self, state: GameState, target: ShipState, condition: Hashable) -> Fraction:
        return self._planning.destroy_chance(state, condition)

    def shot_distribution(self, state: GameState, weapon: str, target_class: str, afterburner: bool, flares: int
                          ) -> Distribution[AttackOutcome]:
        """One shot's exact outcomes (§5, §6 B1) under the game's settings, kept for the odds and the planner."""
        return self._planning.distribution(state, weapon, target_class, afterburner, flares)
