"""The ship's choice for the turn and the active abilities used at once (lukas §1.b, §4.c, §4.e, §4.f).

A ship attacks with its weapons or uses one active ability, never both (§1.b). Boosters and
Infiltration are active; Cargo Transport is passive bookkeeping. Their state lives on the ability's
item (the booster marker, the infiltration target and its flags, the cargo), as the markers sit on the
model. Field Defense is announced a turn ahead (`announce`); the hangar is in `hangar`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipItem, ShipState
from ...game.typed_action import Incomplete, RuleAction
from ...rules.names import possessive
from .acting import DISTANCE_ARG, SHIP_ARG, free_for_ability, needs, ship_on_table
from .legal import blank_ship
from .game_base import cite, setting_words, ship_name
from .model import Ruleset
from .procedures import engines_speed
from .record import ABILITY, ABILITY_MODES, ATTACK, BOOST, BOOSTER_TURNS, BOOSTERS, CARGO, HALT, INFILTRATE, INFILTRATION

if TYPE_CHECKING:
    from .plugin import Plugin

MODE_ARGS = (SHIP_ARG, ArgSpec("mode", ArgType.CHOICE, "attack (every weapon) or ability (an active ability)",
                               choices=(ATTACK, ABILITY)))
MODE_HELP = ("choose what a ship does this turn: attack with its weapons, or use an active ability (Field Defense, "
             "Infiltration, Boosters); never both (lukas §1.b). Firing or using an ability chooses it too.")
BOOST_HELP = ("fire the Boosters (lukas §4.f): +10 studs this turn, no weapons this turn; the marker stays on through "
              "the next turn, so boost again the turn after it comes off.")
INFILTRATE_ARGS = (SHIP_ARG, ArgSpec("target", ArgType.SHIP, "the enemy frigate or capital ship"), DISTANCE_ARG)
INFILTRATE_HELP = ("an infiltration frigate within 4 studs declares an infiltration instead of attacking (lukas §4.c): "
                   "neither ship may move in the next turn; at the start of the owner's next turn the target is "
                   "captured unless its team halted it (halt-infiltration) or the infiltrator was destroyed.")
HALT_ARGS = (SHIP_ARG, ArgSpec("target", ArgType.SHIP, "your own ship being infiltrated"), DISTANCE_ARG)
HALT_HELP = ("your own infiltration frigate infiltrates your ship to halt the enemy's infiltration (lukas §4.c), "
             "using its active ability for this turn.")
CARGO_ARGS = (SHIP_ARG, ArgSpec("delta", ArgType.INT, "containers loaded (+) or unloaded (-)"))
CARGO_HELP = "load or unload cargo containers on a ship with Cargo Transport (lukas §4.e)"


class _ShipAction(Protocol):
    """What the helpers below read of a lukas ship action: its kind and its plugin (lukas's own)."""

    @property
    def kind(self) -> str: ...

    @property
    def plugin(self) -> Plugin: ...


@dataclass(frozen=True, slots=True)
class ModeChoice:
    ship: ShipState
    mode: str


class ChooseMode(RuleAction[ModeChoice]):
    """choose-mode: attack with the weapons or use an active ability this turn, never both (lukas §1.b)."""

    spec = ActionSpec("choose-mode", MODE_HELP, MODE_ARGS)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> ModeChoice:
        ship = acting_ship(self, state, args)
        if not args.get("mode"):
            raise Incomplete("mode")
        mode, now = str(args["mode"]), ship.get("mode") or ""
        if now == mode:
            raise InvalidAction(f"{ship.label} is already in {mode} mode this turn")
        if mode == ABILITY:
            free_for_ability(ship, "an ability")
        elif now in ABILITY_MODES - {ABILITY}:
            raise InvalidAction(f"{ship.label} used {now} this turn, so it cannot attack ({cite('§1.b')})")
        return ModeChoice(ship, mode)

    def apply(self, p: ModeChoice, dice: DiceRecorder, batch: Batch) -> None:
        word = "attacks with its weapons" if p.mode == ATTACK else "uses an active ability"
        batch.story("mode-chosen", f"{p.ship.label} {word} this turn ({cite('§1.b')}).", ship=p.ship.id, mode=p.mode)
        batch.set(p.ship.id, "mode", p.mode, "chosen for this turn")


def acting_ship(action: _ShipAction, state: GameState, args: Mapping[str, Any]) -> ShipState:
    """The acting ship of a ship action: a blank one is refused when no ship may act, else not filled in."""
    plugin = action.plugin
    if not args.get("ship"):
        raise blank_ship(plugin, state, action.kind)
    return ship_on_table(plugin, state, str(args["ship"]))


def boost_move(rules: Ruleset, ship: ShipState) -> tuple[int, str]:
    """Studs a boosting ship may move this turn, and how that is worked out (engines out: setting)."""
    bonus = rules.abilities[BOOSTERS].speed_bonus
    speed = int(ship.get("speed") or 0)
    if not ship.get("engines_out"):
        return speed + bonus, f"speed {speed} + {bonus}"
    full = int(ship.get("speed_max") or 0)
    how = setting_words(rules, "boost_with_engines_out")
    if rules.setting("boost_with_engines_out") == "add_then_halve":
        studs = engines_speed(rules, full + bonus)
        return studs, f"engines out: half of speed {full} + {bonus}, rounded up; {how}"
    return speed + bonus, f"engines out: half speed {speed}, then + {bonus}; {how}"


@dataclass(frozen=True, slots=True)
class Boosting:
    ship: ShipState
    boosters: ShipItem
    studs: int
    how: str


class Boost(RuleAction[Boosting]):
    """boost: +10 studs this turn, no weapons this turn (lukas §4.f)."""

    spec = ActionSpec("boost", BOOST_HELP, (SHIP_ARG,))
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Boosting:
        ship = acting_ship(self, state, args)
        boosters = needs(ship, BOOSTERS)
        if boosters.record.get("marker"):
            raise InvalidAction(f"{possessive(ship.label)} booster marker is still on: boost again once it comes off "
                                f"({cite('§4.f')})")
        if ship.get("immobile"):
            raise InvalidAction(f"{ship.label} cannot move this turn")
        free_for_ability(ship, BOOSTERS)
        studs, how = boost_move(self.plugin.rules(state), ship)
        return Boosting(ship, boosters, studs, how)

    def apply(self, p: Boosting, dice: DiceRecorder, batch: Batch) -> None:
        ship = p.ship
        text = (f"{ship.label} boosts: moves up to {p.studs} studs this turn ({p.how}); no weapons this turn; the "
                f"booster marker goes on its stand ({cite('§4.f')}).")
        batch.story("boosted", text, ship=ship.id, studs=p.studs)
        batch.set(ship.id, "mode", BOOST, "boosts instead of attacking")
        batch.set(ship.id, f"{p.boosters.id}.marker", BOOSTER_TURNS, "booster marker on")


@dataclass(frozen=True, slots=True)
class Infiltration:
    """An infiltration (or a halt of one) checked: the frigate, its pods, the target, the enemy infiltrator."""

    ship: ShipState
    pods: ShipItem
    target: ShipState
    enemy: str = ""


def _pair(action: _ShipAction, state: GameState, args: Mapping[str, Any]) -> tuple[ShipState, ShipState, ShipItem]:
    ship = acting_ship(action, state, args)
    if not args.get("target"):
        raise Incomplete("target")
    target = state.find_ship(str(args["target"]))
    distance = args.get("distance")
    pods = check_infiltration(action.plugin, state, ship, target,
                              int(distance) if distance is not None else None)
    return ship, target, pods


class Infiltrate(RuleAction[Infiltration]):
    """infiltrate: declared within 4 studs; captured at the start of the owner's next turn unless halted (§4.c)."""

    spec = ActionSpec("infiltrate", INFILTRATE_HELP, INFILTRATE_ARGS)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Infiltration:
        ship, target, pods = _pair(self, state, args)
        if target.owner == ship.owner:
            if target.get("infiltrated_by"):
                raise InvalidAction(f"{target.label} is your own ship: use halt-infiltration to stop the enemy's "
                                    "infiltration")
            raise InvalidAction(f"{target.label} is one of your own ships")
        if target.get("infiltrated_by"):
            raise InvalidAction(f"{target.label} is already being infiltrated")
        if pods.record.get("target"):
            raise InvalidAction(f"{ship.label} is already infiltrating {ship_name(state, pods.record['target'])}")
        free_for_ability(ship, INFILTRATION)
        return Infiltration(ship, pods, target)

    def apply(self, p: Infiltration, dice: DiceRecorder, batch: Batch) -> None:
        ship, target = p.ship, p.target
        owner = batch.state.players[ship.owner].name
        text = (f"{ship.label} infiltrates {target.label}: neither may move in the next turn; captured at the start "
                f"of {possessive(owner)} next turn unless halted or {ship.label} is destroyed ({cite('§4.c')}).")
        batch.story("infiltration-declared", text, ship=ship.id, target=target.id)
        batch.set(ship.id, "mode", INFILTRATE, "infiltrates instead of attacking")
        batch.set(ship.id, f"{p.pods.id}.target", target.id, f"infiltrating {target.label}")
        batch.set(ship.id, "immobile", True, "held by its infiltration")
        batch.set(target.id, "infiltrated_by", ship.id, f"infiltrated by {ship.label}")
        batch.set(target.id, "immobile", True, "held by the infiltration")


class HaltInfiltration(RuleAction[Infiltration]):
    """halt-infiltration: your own infiltration frigate stops the enemy's infiltration of your ship (§4.c)."""

    spec = ActionSpec("halt-infiltration", HALT_HELP, HALT_ARGS)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Infiltration:
        ship, target, pods = _pair(self, state, args)
        enemy = target.get("infiltrated_by") or ""
        if target.owner != ship.owner or not enemy:
            raise InvalidAction(f"{target.label} is not one of your ships being infiltrated")
        free_for_ability(ship, INFILTRATION)
        return Infiltration(ship, pods, target, enemy)

    def apply(self, p: Infiltration, dice: DiceRecorder, batch: Batch) -> None:
        ship, target = p.ship, p.target
        text = (f"{ship.label} halts the infiltration of {target.label} by {ship_name(batch.state, p.enemy)}; both "
                f"stay put until that team's next turn ({cite('§4.c')}).")
        batch.story("infiltration-halted", text, ship=ship.id, target=target.id, infiltrator=p.enemy)
        batch.set(ship.id, "mode", HALT, "halts an infiltration instead of attacking")
        batch.set(target.id, "infiltrated_by", "", f"halted by {ship.label}")


def check_infiltration(plugin: Plugin, state: GameState, ship: ShipState, target: ShipState,
                       distance: int | None) -> ShipItem:
    ability = plugin.rules(state).abilities[INFILTRATION]
    pods = needs(ship, INFILTRATION)
    if ship.ship_class not in ability.classes:
        raise InvalidAction(f"only a {' or '.join(ability.classes)} can infiltrate ({cite('§4.c')})")
    if target.ship_class not in ability.targets:
        raise InvalidAction(f"{target.label} is a {target.ship_class}; infiltration takes a "
                            f"{' or '.join(ability.targets)} ({cite('§4.c')})")
    if target.get("destroyed") or target.get("docked"):
        raise InvalidAction(f"{target.label} is not on the table")
    if distance is not None and ability.range is not None and distance > ability.range:
        raise InvalidAction(f"{target.label} is {distance} studs away; infiltration needs {ability.range} or less "
                            f"({cite('§4.c')})")
    return pods


@dataclass(frozen=True, slots=True)
class CargoMove:
    ship: ShipState
    hold: ShipItem
    have: int
    delta: int


class Cargo(RuleAction[CargoMove]):
    """cargo: containers loaded or unloaded on a ship with Cargo Transport (lukas §4.e)."""

    spec = ActionSpec("cargo", CARGO_HELP, CARGO_ARGS)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> CargoMove:
        ship = acting_ship(self, state, args)
        hold = needs(ship, CARGO)
        if args.get("delta") is None or args.get("delta") == "":
            raise Incomplete("delta")
        have, delta = int(hold.record.get("cargo") or 0), int(args["delta"])
        if delta == 0:
            raise InvalidAction("loading 0 containers changes nothing")
        if have + delta < 0:
            raise InvalidAction(f"{ship.label} carries {have} container(s); cannot unload {-delta}")
        return CargoMove(ship, hold, have, delta)

    def apply(self, p: CargoMove, dice: DiceRecorder, batch: Batch) -> None:
        ship, have, delta = p.ship, p.have, p.delta
        word = f"loads {delta}" if delta > 0 else f"unloads {-delta}"
        batch.story("cargo-moved", f"{ship.label} {word} cargo container(s): {have} → {have + delta} ({cite('§4.e')}).",
                    ship=ship.id, delta=delta)
        batch.set(ship.id, f"{p.hold.id}.cargo", have + delta, "cargo moved")


ABILITY_ACTIONS = (ChooseMode, Boost, Infiltrate, HaltInfiltration, Cargo)
