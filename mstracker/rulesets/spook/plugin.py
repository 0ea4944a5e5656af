"""The spook plugin (Lego Microspacewars, Spook's Version v0.2.2): a whole game through the engine.

What it adds to the generic engine (RULES.md PART A):

* a ship record with armor, agility, speed, device-effect timers, dock / infiltration / cargo links
  and lost subsystems; per item the used flag, X;Y reload (uses left, own turns to wait), flare
  ammo; per player RU cap, RU left and mines (`record`);
* actions: fire (+ friendly-fire), ram, scuttle, cross-mines (`combat`); use-device,
  reload-flares, lay-mines, probe-move (`devices`); infiltrate, retire, repair, undock, build,
  embark, disembark, spend, refund, roll-off (`fleet_actions`);
* the automatic steps of data/rulesets/spook.toml: upkeep (timers, reloads, flare refills,
  captures), retire, repair, infiltration countdown, victory check (`turn`).

Every house default it depends on is read from the game's settings (`state.settings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...fleet import Roster, ShipEntry, validate_roster
from ...game.events import Event
from ...game.records import RecordSpec
from .game_base import NARRATIVE
from .combat import CombatActions
from .devices import DeviceActions
from .fleet_actions import FleetActions
from .record import new_ship, record_spec
from .turn import TurnSteps
from ...game.state import GameState, PlayerState, ShipState

PLUGIN_EVENTS = NARRATIVE | {"ff-pending"}


class Plugin(TurnSteps, FleetActions, DeviceActions, CombatActions):
    """Spook's bookkeeping for the generic engine (actions listed fire first: the last base comes first)."""

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
        return {"pending_ff": None}

    def event_kinds(self) -> frozenset[str]:
        return PLUGIN_EVENTS

    def reduce(self, state: GameState, event: Event) -> GameState | None:
        if event.kind in NARRATIVE:
            return state
        if event.kind == "ff-pending":
            return state.with_extra({"pending_ff": event.data.get("pending")})
        return None
