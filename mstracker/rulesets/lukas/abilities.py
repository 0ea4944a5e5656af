"""The lukas active abilities (§4) and the hangar as actions: the base class of the lukas Plugin.

Field Defense, Boosters and Infiltration are active: a ship using one gives up attacking that turn
(§1.b). Their state lives on the ability's item (the announced field, the booster marker, the
infiltration target and its flags, the hangar's room, the cargo), as the markers sit on the model.
"""

from __future__ import annotations

from typing import Any

from .model import Ruleset
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.generic import require_started
from .record import (
    ABILITY,
    ATTACK,
    BOOST,
    BOOSTER_TURNS,
    BOOSTERS,
    CARGO,
    DOCK_TURNS,
    FIELD,
    FIELD_DEFENSE,
    HALT,
    HANGAR,
    INFILTRATE,
    INFILTRATION,
)
from .game_base import RulesWithSettings, ability_item, bay_changes, bay_key, update
from ...game.plugin import RulesetPlugin, action
from ...game.state import GameState, ShipItem, ShipState

SHIP_ARG = ArgSpec("ship", ArgType.SHIP, "the ship (id, name or tag)")
DISTANCE_ARG = ArgSpec("distance", ArgType.INT, "studs measured on the table (checked against the range)", required=False)


class AbilityActions(RulesetPlugin):
    """Ability and hangar actions, and the checks every lukas action shares."""

    ruleset: Ruleset

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.rules_with = RulesWithSettings(ruleset)

    def rules(self, state: GameState) -> Ruleset:
        """The ruleset with this game's settings in force."""
        return self.rules_with(state.settings)

    def ship_on_table(self, state: GameState, ref: str) -> ShipState:
        """The active player's ship, not destroyed and not inside a hangar."""
        require_started(state, "act")
        ship = self.acting_ship(state, ref, own=True)
        if ship.get("docked"):
            host = state.ships.get(ship.get("docked_in") or "")
            raise InvalidAction(f"{ship.label} is docked in {host.label if host else 'a hangar'} and off the table")
        return ship

    def _free_for_ability(self, ship: ShipState, what: str) -> None:
        """Refused once the ship has fired, or used an active ability, this turn (§1.b)."""
        mode = ship.get("mode") or ""
        if any(it.record.get("fired") for it in ship.items):
            raise InvalidAction(f"{ship.label} attacked this turn, so it cannot use {what} (§1.b: attack or ability, not both)")
        if mode not in ("", ABILITY, ATTACK):
            raise InvalidAction(f"{ship.label} already used {mode} this turn; one active ability a turn")

    def _needs(self, ship: ShipState, ability: str) -> ShipItem:
        found = ability_item(ship, ability)
        if found is None:
            raise InvalidAction(f"{ship.label} has no {ability}")
        return found

    # ---- actions -------------------------------------------------------------------------------
    @action(
        "announce-field-defense", SHIP_ARG,
        help="announce Field Defense: it switches on at the start of the owner's next turn and stays up until the "
             "owner's turn after (§4.a). Not while it is up. The ship gives up attacking in the activation turn "
             "(setting fd_forgo_on).",
    )
    def announce_field_defense(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        field = self._needs(ship, FIELD_DEFENSE)
        if ship.get("fd_active"):
            raise InvalidAction(f"{ship.label}'s Field Defense is up; announce it again once it is down")
        if field.record.get("announced"):
            raise InvalidAction(f"{ship.label}'s Field Defense is already announced")
        changes: list[tuple[str, str, Any]] = [(ship.id, f"{field.id}.announced", True)]
        text = f"{ship.label} announces its Field Defense: it switches on at the start of the owner's next turn."
        if self.rules(state).setting("fd_forgo_on") == "announce":
            self._free_for_ability(ship, FIELD_DEFENSE)
            changes.append((ship.id, "mode", FIELD))
            text += " It gives up attacking this turn (setting fd_forgo_on = announce)."
        return [update("field-announced", text, changes, ship=ship.id)]

    @action("boost", SHIP_ARG, help="fire the Boosters (§4.f): +10 studs this turn, no weapons this turn; the marker "
            "stays on through the owner's next turn, so boost again the turn after.")
    def boost(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        boosters = self._needs(ship, BOOSTERS)
        if boosters.record.get("marker"):
            raise InvalidAction(f"{ship.label}'s booster marker is still on (comes off at the end of its owner's next turn)")
        if ship.get("immobile"):
            raise InvalidAction(f"{ship.label} cannot move this turn")
        self._free_for_ability(ship, BOOSTERS)
        bonus = self.rules(state).abilities[BOOSTERS].speed_bonus
        speed = int(ship.get("speed") or 0)
        text = f"{ship.label} boosts: moves up to {speed + bonus} studs this turn (speed {speed} + {bonus}); no weapons this turn."
        changes = [(ship.id, "mode", BOOST), (ship.id, f"{boosters.id}.marker", BOOSTER_TURNS)]
        return [update("boosted", text, changes, ship=ship.id, studs=speed + bonus)]

    @action(
        "dock", SHIP_ARG, ArgSpec("host", ArgType.SHIP, "the allied capital ship with a Hangar Bay"),
        help="fly into an allied capital ship's Hangar Bay (§4.b): off the table now, cannot move next turn, placed "
             "beside the bay fully repaired the turn after. Room: x strike craft / y frigates.",
    )
    def dock(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        host = state.find_ship(args["host"])
        hangar = self.rules(state).abilities[HANGAR]
        if ship.ship_class not in hangar.targets:
            raise InvalidAction(f"{ship.label} is a {ship.ship_class}; only {' and '.join(hangar.targets)} dock")
        if ship.get("immobile"):
            raise InvalidAction(f"{ship.label} cannot move this turn")
        bay = ability_item(host, HANGAR)
        if host.owner != ship.owner or host.get("destroyed") or bay is None:
            raise InvalidAction(f"{host.label} is not an allied ship with a Hangar Bay")
        key = bay_key(ship)
        used, room = int(bay.record.get(key) or 0), int(bay.record.get(f"{key}_max") or 0)
        if used >= room:
            raise InvalidAction(f"{host.label}'s hangar is full for {ship.ship_class}: {used}/{room}")
        changes = [(ship.id, "docked", DOCK_TURNS), (ship.id, "docked_in", host.id), (ship.id, "immobile", True),
                   *bay_changes(state, host.id, ship, +1)]
        text = (f"{ship.label} docks in {host.label} ({used + 1}/{room} {ship.ship_class} docked): off the table, "
                "immobile next turn, out fully repaired the turn after.")
        return [update("docked", text, changes, ship=ship.id, host=host.id)]

    @action("release", SHIP_ARG, help="put a docked ship back on the table now, before its hangar time is up: not "
            "repaired (the upkeep releases it fully repaired on time by itself).")
    def release(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        require_started(state, "act")
        ship = self.acting_ship(state, args["ship"], own=True)
        if not ship.get("docked"):
            raise InvalidAction(f"{ship.label} is not docked")
        host = state.ships.get(ship.get("docked_in") or "")
        changes = [(ship.id, "docked", 0), (ship.id, "docked_in", ""), (ship.id, "immobile", False),
                   *bay_changes(state, ship.get("docked_in") or "", ship, -1)]
        text = f"{ship.label} leaves {host.label if host else 'the hangar'} early, not repaired (armor {ship.get('armor')})."
        return [update("left-hangar", text, changes, host=host.id if host else None, ships=[ship.id])]

    @action(
        "infiltrate", SHIP_ARG, ArgSpec("target", ArgType.SHIP, "the enemy frigate or capital ship"), DISTANCE_ARG,
        help="an infiltration frigate within 4 studs declares an infiltration instead of attacking (§4.c): neither "
             "ship may move in the next turn; at the start of the owner's next turn the target is captured unless "
             "its team halted it (halt-infiltration) or the infiltrator was destroyed.",
    )
    def infiltrate(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        target = state.find_ship(args["target"])
        pods = self._check_infiltration(state, ship, target, args["distance"])
        if target.owner == ship.owner:
            if target.get("infiltrated_by"):
                raise InvalidAction(f"{target.label} is your own ship: use halt-infiltration to stop the enemy's infiltration")
            raise InvalidAction(f"{target.label} is one of your own ships")
        if target.get("infiltrated_by"):
            raise InvalidAction(f"{target.label} is already being infiltrated")
        if pods.record.get("target"):
            raise InvalidAction(f"{ship.label} is already infiltrating a ship")
        self._free_for_ability(ship, INFILTRATION)
        changes = [(ship.id, "mode", INFILTRATE), (ship.id, f"{pods.id}.target", target.id), (ship.id, "immobile", True),
                   (target.id, "infiltrated_by", ship.id), (target.id, "immobile", True)]
        text = (f"{ship.label} infiltrates {target.label}: neither may move in the next turn; captured at the start of "
                f"{state.players[ship.owner].name}'s next turn unless halted or {ship.label} is destroyed.")
        return [update("infiltration-declared", text, changes, ship=ship.id, target=target.id)]

    @action(
        "halt-infiltration", SHIP_ARG, ArgSpec("target", ArgType.SHIP, "your own ship being infiltrated"), DISTANCE_ARG,
        help="your own infiltration frigate infiltrates your ship to halt the enemy's infiltration (§4.c), "
             "using its active ability for this turn.",
    )
    def halt_infiltration(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        target = state.find_ship(args["target"])
        self._check_infiltration(state, ship, target, args["distance"])
        enemy = target.get("infiltrated_by") or ""
        if target.owner != ship.owner or not enemy:
            raise InvalidAction(f"{target.label} is not one of your ships being infiltrated")
        self._free_for_ability(ship, INFILTRATION)
        by = state.ships[enemy].label if enemy in state.ships else enemy
        changes = [(ship.id, "mode", HALT), (target.id, "infiltrated_by", "")]
        text = f"{ship.label} halts the infiltration of {target.label} by {by}; both stay put until that team's next turn."
        return [update("infiltration-halted", text, changes, ship=ship.id, target=target.id, infiltrator=enemy)]

    def _check_infiltration(self, state: GameState, ship: ShipState, target: ShipState, distance: int | None) -> ShipItem:
        ability = self.rules(state).abilities[INFILTRATION]
        pods = self._needs(ship, INFILTRATION)
        if ship.ship_class not in ability.classes:
            raise InvalidAction(f"only a {' or '.join(ability.classes)} can infiltrate")
        if target.ship_class not in ability.targets:
            raise InvalidAction(f"{target.label} is a {target.ship_class}; infiltration takes a {' or '.join(ability.targets)}")
        if target.get("destroyed") or target.get("docked"):
            raise InvalidAction(f"{target.label} is not on the table")
        if distance is not None and ability.range is not None and distance > ability.range:
            raise InvalidAction(f"{target.label} is {distance} studs away; infiltration needs {ability.range} or less")
        return pods

    @action(
        "cargo", SHIP_ARG, ArgSpec("delta", ArgType.INT, "containers loaded (+) or unloaded (-)"),
        help="load or unload cargo containers on a ship with Cargo Transport (§4.e)",
    )
    def cargo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        hold = self._needs(ship, CARGO)
        have, delta = int(hold.record.get("cargo") or 0), args["delta"]
        if delta == 0:
            raise InvalidAction("loading 0 containers changes nothing")
        if have + delta < 0:
            raise InvalidAction(f"{ship.label} carries {have} container(s); cannot unload {-delta}")
        word = f"loads {delta}" if delta > 0 else f"unloads {-delta}"
        text = f"{ship.label} {word} cargo container(s): {have} → {have + delta}."
        return [update("cargo-moved", text, [(ship.id, f"{hold.id}.cargo", have + delta)], ship=ship.id, delta=delta)]
