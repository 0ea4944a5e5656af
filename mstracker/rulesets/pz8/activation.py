"""pz8's activations as typed actions (pz8 §2, §3): `activate` a ship of the side whose step it is, `move`
it, `end-activation`. Each prepares its decision once (`prepare`, the only place that refuses) and writes
it through one Batch (`apply`); the end of an activation, however it comes, is changes.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.generic import require_started
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, RuleAction
from ...rules.names import possessive
from .changes import after_activation, finish_activation, fresh_checklist, goto, lapse_fire_back
from .movement import MoveCheck, check_move, parse_mps
from .view import ACTIVATION_PHASE, TurnView, plural, ship_names

if TYPE_CHECKING:
    from .plugin import Plugin

MP_WORDS = {"forward": "F", "left": "L", "right": "R", "turn": "T"}
NOBODY_ACTIVATED = "no ship is being activated: activate one first (pz8 §2)"


def open_activation(state: GameState, ship: ShipState, verb: str) -> dict[str, Any]:
    """The open activation, which must be `ship`'s; InvalidAction otherwise."""
    current = TurnView(state).activation
    if current is None:
        raise InvalidAction(f"{ship.label} is not being activated: activate it first (activate {ship.id})")
    if current["ship"] != ship.id:
        busy = state.ships[current["ship"]]
        raise InvalidAction(f"{busy.label} is being activated, not {ship.label}: only it may {verb} now")
    return current


def activated_ship(plugin: Plugin, state: GameState, args: Mapping[str, Any]) -> ShipState:
    """The ship an activated ship's action names; blank: the one being activated, refused when none is."""
    ref = args.get("ship")
    if ref:
        return plugin.acting_ship(state, str(ref))
    busy = TurnView(state).active_ship
    if busy is None:
        raise InvalidAction(NOBODY_ACTIVATED)
    return busy


@dataclass(frozen=True, slots=True)
class Activation:
    """A ship to activate, with the activation step it opens or goes on with (pz8 §2)."""

    ship: ShipState
    step: dict[str, Any] | None  # the stored step after it (None: two sides' steps do not apply)
    done: int  # ships of the step activated before it


class Activate(RuleAction[Activation]):
    plugin: Plugin
    spec = ActionSpec(
        "activate",
        "Start a ship's activation (pz8 §2): a ship of the side whose step it is. The initiative side "
        "first, then each side activates its quota in turn; once one side has no ships left to activate, the "
        "other activates all it has left. Each ship once per turn. Then move, fire, launch-torpedo, "
        "end-activation.",
        (ArgSpec("ship", ArgType.SHIP, "the Spaceship to activate (a ship of the side whose step it is)"),),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Activation:
        """The ship to activate, or InvalidAction saying what comes first."""
        require_started(state, "activate ships")
        ref = args.get("ship")
        ship = self.plugin.acting_ship(state, str(ref)) if ref else None
        view = TurnView(state)
        busy = view.active_ship
        if ship is None and busy is None and not view.anyone_waiting():
            raise InvalidAction("every Spaceship has been activated this turn (pz8 §2)")
        if view.phase_id not in ("initiative", ACTIVATION_PHASE):
            raise InvalidAction("ships are activated in the activation steps; this turn's are over (pz8 §2)")
        if busy is not None:
            raise InvalidAction(f"{busy.label} is still being activated: end-activation first")
        if ship is None:
            raise Incomplete("ship")
        if ship.get("activated"):
            raise InvalidAction(f"{ship.label} has already been activated this turn (each ship once per turn, pz8 §3)")
        turn = view.whose_step()
        if view.two_sides and turn is not None and ship.owner != turn.side:
            name, other = state.players[turn.side].name, state.players[1 - turn.side].name
            ships = ship_names(view.waiting(turn.side))
            raise InvalidAction(f"it is {possessive(name)} activation step: {name} activates {plural(turn.left, 'more ship')} "
                                f"({ships}) before {other} (pz8 §2)")
        step, done = None, 0
        if view.two_sides and turn is not None:
            stored = view.stored_step or {}
            done = int(stored.get("size", stored.get("left", 0))) - int(stored.get("left", 0)) \
                if stored.get("side") == turn.side else 0
            step = {"side": turn.side, "left": turn.left, "size": done + turn.left}
        return Activation(ship, step, done)

    def apply(self, p: Activation, dice: DiceRecorder, batch: Batch) -> None:
        state, ship, step = batch.state, p.ship, p.step
        view = TurnView(state)
        text = f"{state.players[ship.owner].name} activates {ship.label}"
        if step is not None:
            text += f": {p.done + 1} of {step['size']} in this step"
        fresh_checklist(batch, keep=frozenset({"quota", "choose"}))
        lapse_fire_back(batch)
        batch.extra("activation", {"ship": ship.id, "moved": False, "launched": False}, text)
        if step is not None and step != view.stored_step:
            name = state.players[step["side"]].name
            batch.extra("step", step, f"{possessive(name)} activation step: {plural(step['size'], 'ship')} (pz8 §2)")
        batch.set(ship.id, "active", True, "being activated (pz8 §2)")
        batch.active(ship.owner, f"The active player is now {state.players[ship.owner].name}")
        goto(batch, "move", dice)


@dataclass(frozen=True, slots=True)
class Movement:
    """One activation's move, checked (pz8 §3): the ship, its open activation, the MPs and what it has."""

    ship: ShipState
    current: Mapping[str, Any]
    mps: tuple[str, ...]
    check: MoveCheck
    left: int


class Move(RuleAction[Movement]):
    plugin: Plugin
    spec = ActionSpec(
        "move",
        "Record the ship's movement (pz8 §3): 6 MPs, 3 if Damaged; each MP is one hex forward or a 60° turn; "
        "the first goes forward; at least 1. Before it fires (pz8 §4).",
        (
            ArgSpec("ship", ArgType.SHIP, "the ship being activated"),
            ArgSpec("mps", ArgType.TEXT, "what each MP buys, in order: F one hex forward, L or R a 60° turn (e.g. FFLF)",
                    rest=True, label="MP spent"),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Movement:
        """The ship, its open activation, the MPs, their check and the MPs it has, or InvalidAction."""
        ship = activated_ship(self.plugin, state, args)
        current = open_activation(state, ship, "move")
        if current.get("moved"):
            raise InvalidAction(f"{ship.label} has already moved in this activation (one move per activation)")
        if ship.get("fired") or TurnView(state).launched_now(ship):
            raise InvalidAction(f"{ship.label} has already fired: movement comes before firing (pz8 §4)")
        if args.get("mps") is None:
            raise Incomplete("mps", "give the MP spent: what each MP buys, in order (pz8 §3)")
        try:
            mps = parse_mps(args["mps"])
            check = check_move(self.plugin.book, mps, damaged=bool(ship.get("damaged")))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        if not check.legal:
            raise InvalidAction(f"{ship.label}: " + " ".join(check.problems) + " (pz8 §3)")
        left = int(ship.get("mps", check.allowed))
        if check.spent > left:
            raise InvalidAction(f"{ship.label} has {left} MPs left; this move spends {check.spent} (pz8 §3)")
        return Movement(ship, current, mps, check, left)

    def apply(self, p: Movement, dice: DiceRecorder, batch: Batch) -> None:
        ship, check, left = p.ship, p.check, p.left
        moves = " ".join(MP_WORDS[m] for m in p.mps)
        text = (f"{ship.label} moves {moves}: {plural(check.spent, 'MP')} spent "
                f"({plural(check.hexes, 'hex', 'hexes')} forward, {plural(check.turns, 'turn')}), "
                f"{plural(left - check.spent, 'MP')} left")
        lapse_fire_back(batch)
        batch.extra("activation", {**p.current, "moved": True}, text)
        batch.set(ship.id, "mps", left - check.spent, "spent moving (pz8 §3)")
        goto(batch, "fire", dice)


class EndActivation(RuleAction[ShipState]):
    plugin: Plugin
    spec = ActionSpec(
        "end-activation",
        "End the open activation (pz8 §2): the ship gets its Activated chit and the next ship (of the side "
        "whose step it is then) may be activated. Entering the last activation step does the same.",
        (ArgSpec("ship", ArgType.SHIP, "the ship being activated (default: that one)", required=False),),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> ShipState:
        """The ship being activated; refused when none is, or another ship is named."""
        busy = TurnView(state).active_ship
        if busy is None:
            raise InvalidAction(NOBODY_ACTIVATED)
        if args.get("ship"):
            ship = state.find_ship(str(args["ship"]))
            if ship.id != busy.id:
                raise InvalidAction(f"{busy.label} is being activated, not {ship.label}")
        return busy

    def apply(self, p: ShipState, dice: DiceRecorder, batch: Batch) -> None:
        finish_activation(batch)
        after_activation(batch, dice, at_last_step=False)


ACTIVATION_ACTIONS = (Activate, Move, EndActivation)
