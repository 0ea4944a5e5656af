"""The spook plugin (Lego Microspacewars, Spook's Version v0.2.2): a whole game through the engine.

What it adds to the generic engine:

* a ship record with armor, agility, speed, device-effect timers, dock / infiltration / cargo links
  and lost subsystems; per item the used flag, X;Y reload (uses left, own turns to wait), flare
  ammo; per player RU cap, RU left and mines (`record`);
* every action a typed action (`rule_actions`, game.typed_action), each prepared once and answering its
  refusals (`prepare`, the only place that refuses), its dice, its exact outcome where it deals damage,
  and its decision from that one value: fire (`fire`), cross-mines (`mines`), roll-off (`rolloff`);
  friendly-fire, ram, scuttle (`hazard_actions`); use-device, reload-flares, lay-mines, probe-move
  (`device_actions`); infiltrate, retire, repair, undock, build, embark, disembark, spend, refund
  (`fleet_actions`); the checks they share are module functions taking the plugin (`combat`, `hazards`,
  `devices`, `first_turn`);
* the automatic steps of data/rulesets/spook.toml: upkeep (timers, reloads, flare refills, captures),
  retire, repair, infiltration countdown, victory check (`turn`); none of them rolls;
* the contract's answers: readiness of every item (`readiness`), legal actions with their defaults
  (`legal`), the dice of every rolling action declared before the roll (`plans`), obligations
  (`obligations`), what is on the table (`on_table`), which shot a weapon at a target is, for the fire
  planner (`planning`; its figures and focus fire are the typed fire's outcome), and readers for older
  saves (`legacy`).

Every house default it depends on is read from the game's settings (`rules(state)`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ...fleet import Roster, ShipEntry, validate_roster
from ...game.errors import InvalidAction
from ...game.events import Action, ActionSpec, ArgType, DiceRecorder, Event
from ...game.plugin import auto_step
from ...game.records import RecordSpec
from ...game.state import GameState, PlayerState, ShipState
from ...rules.contract import ArgChoice, ItemReadiness, LegalAction, Obligation, PlannedShot, TableItem
from ...rules.contract import Capabilities
from . import legacy, obligations, turn
from .fire import Fire
from .mines import CrossMines
from .rolloff import RollOff
from .device_actions import LayMines, ProbeMove, ReloadFlares, UseDevice
from .fleet_actions import Build, Disembark, Embark, Infiltrate, Refund, Repair, Retire, Spend, Undock
from .game_base import NARRATIVE, SpookBase
from .hazard_actions import FriendlyFire, Ram, Scuttle
from .hazards import mine_owner
from .legal import Legality
from .on_table import on_table
from .planning import LUCK_NOTES, FirePlanning
from .readiness import ItemStates
from .record import new_ship, record_spec
from .texts import render_help


#: The order the actions are listed in (help, the action menu), the battle's own order: fire first.
ACTION_ORDER = ("fire", "friendly-fire", "ram", "scuttle", "cross-mines", "use-device", "reload-flares", "lay-mines",
                "probe-move", "infiltrate", "retire", "repair", "undock", "build", "embark", "disembark", "spend",
                "refund", "roll-off")


class Plugin(SpookBase):
    """Spook's bookkeeping for the generic engine (actions listed fire first: the last base comes first)."""

    #: What it offers beyond the required parts (mstracker.rules.contract.Capabilities).
    capabilities = Capabilities(exact_odds=True, planner=True, on_table=True)

    narrative = NARRATIVE
    rule_actions = (Fire, FriendlyFire, Ram, Scuttle, CrossMines, UseDevice, ReloadFlares, LayMines, ProbeMove,
                    Infiltrate, Retire, Repair, Undock, Build, Embark, Disembark, Spend, Refund, RollOff)
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

    # ---- the automatic steps of data/rulesets/spook.toml (turn.py) ---------------------------------------
    @auto_step("expire")
    def _expire(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.expire(self, state)

    @auto_step("reload")
    def _reload(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.reload(self, state)

    @auto_step("flares")
    def _flares(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.flares(self, state)

    @auto_step("infiltration")
    def _infiltration(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.infiltration(self, state)

    @auto_step("retire")
    def _retire(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.retire(self, state)

    @auto_step("repair")
    def _repair(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.repair(self, state)

    @auto_step("countdown")
    def _countdown(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.countdown(self, state)

    @auto_step("check")
    def _victory(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.victory(self, state)

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
            # the lists (help, the action menu) keep the order they always had, typed actions among the rest
            order = {kind: n for n, kind in enumerate(ACTION_ORDER)}
            for spec in sorted(super().action_specs(), key=lambda s: order.get(s.kind, len(order))):
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

    def available(self, state: GameState, kind: str) -> str | None:
        return self._legal.available(state, kind)

    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        return self._legal.actors(state, kind)

    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        return self._legal.targets(state, kind, actor)

    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        return self._items.ship(state, ship)

    def first_ready(self, state: GameState, ship: ShipState | None, kind: str = "weapon") -> str | None:
        return self._legal.first_ready(state, ship, kind)

    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        return self._legal.legal_action(state, spec, prefer, marked, expected)

    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> Mapping[str, tuple[ArgChoice, ...]]:
        return self._legal.arg_choices(state, kind, args)

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
            return mine_owner(self, state, state.find_ship(str(args["ship"])), args.get("owner"))
        return super().damage_by(state, kind, args, ship)

    def on_table(self, state: GameState) -> tuple[TableItem, ...]:
        return on_table(self, state)

    # ---- planning fire: which action a weapon at a target is (its figures are fire.Fire's outcome) -------
    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        return self._planning.plan_shot(state, ship, weapon, target, distance)
