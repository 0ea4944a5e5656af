"""pz8 plugin: activations (pz8 §2, §3). A ship of the side whose step it is is activated, moves,
fires and may launch its Torpedo salvo, then gets its Activated chit; the sides alternate by their
quota, and a side with no ship left to activate hands the rest of the turn to the other.
"""

from __future__ import annotations

from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.generic import require_started
from ...game.plugin import action
from ...game.state import GameState, ShipState
from .game_base import ACTIVATION_PHASE, Pz8Base
from .movement import MoveCheck, check_move, parse_mps
from .view import TurnView, plural, ship_names

MP_WORDS = {"forward": "F", "left": "L", "right": "R", "turn": "T"}


def step_after(view: TurnView, side: int) -> dict[str, Any] | None:
    """Whose step follows the activation of a ship of `side` that is ending now, as the stored step:
    side, ships left in the step, and its size (those done in it plus those left)."""
    init, stored = view.initiative, view.stored_step
    if init is None or not stored or not view.two_sides:
        return None
    same = stored["side"] == side
    done = int(stored.get("size", stored["left"])) - int(stored["left"]) + 1 if same else 0
    left = int(stored["left"]) - 1 if same else 0
    other = 1 - side
    mine, theirs = len(view.waiting(side)), len(view.waiting(other))
    if not mine and not theirs:
        return {"side": side, "left": 0, "size": 0}
    if not theirs:  # the other side has no ship left to activate: this side activates all it has left
        return {"side": side, "left": mine, "size": (done if left > 0 else 0) + mine}
    if not mine or left <= 0:
        n = min(init["quota"][other], theirs) if mine else theirs
        return {"side": other, "left": n, "size": n}
    left = min(left, mine)
    return {"side": side, "left": left, "size": done + left}


class ActivationActions(Pz8Base):
    """activate, move, end-activation, and the end of an activation however it comes."""

    @action(
        "activate",
        ArgSpec("ship", ArgType.SHIP, "the Spaceship to activate (a ship of the side whose step it is)"),
        help="Start a ship's activation (pz8 §2): a ship of the side whose step it is. The initiative side "
        "first, then each side activates its quota in turn; once one side has no ships left to activate, the "
        "other activates all it has left. Each ship once per turn. Then move, fire, launch-torpedo, "
        "end-activation.",
    )
    def activate(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.prepare_activation(state, args["ship"])
        view = self.view(state)
        text = f"{state.players[ship.owner].name} activates {ship.label}"
        step = None
        turn = view.whose_step()
        if view.two_sides and turn is not None:
            stored = view.stored_step or {}
            done = int(stored.get("size", stored.get("left", 0))) - int(stored.get("left", 0)) \
                if stored.get("side") == turn.side else 0
            step = {"side": turn.side, "left": turn.left, "size": done + turn.left}
            text += f": {done + 1} of {done + turn.left} in this step"
        batch = Batch(self, state)
        self.fresh_checklist(batch, keep=frozenset({"quota", "choose"}))
        self.lapse_fire_back(batch)
        batch.extra("activation", {"ship": ship.id, "moved": False, "launched": False}, text)
        if step is not None and step != view.stored_step:
            name = state.players[step["side"]].name
            batch.extra("step", step, f"{name}'s activation step: {plural(step['size'], 'ship')} (pz8 §2)")
        batch.set(ship.id, "active", True, "being activated (pz8 §2)")
        batch.active(ship.owner, f"{state.players[ship.owner].name} is now the active player")
        self.goto(batch, "move", dice)
        return batch.events

    def prepare_activation(self, state: GameState, ref: str) -> ShipState:
        """The ship to activate, or InvalidAction saying what comes first."""
        require_started(state, "activate ships")
        ship = self.acting_ship(state, ref)
        view = self.view(state)
        if view.phase_id not in ("initiative", ACTIVATION_PHASE):
            raise InvalidAction("ships are activated in the activation steps; this turn's are over (pz8 §2)")
        busy = view.active_ship
        if busy is not None:
            raise InvalidAction(f"{busy.label} is still being activated: end-activation first")
        if ship.get("activated"):
            raise InvalidAction(f"{ship.label} has already been activated this turn (each ship once per turn, pz8 §3)")
        turn = view.whose_step()
        if view.two_sides and turn is not None and ship.owner != turn.side:
            name, other = state.players[turn.side].name, state.players[1 - turn.side].name
            ships = ship_names(view.waiting(turn.side))
            raise InvalidAction(f"it is {name}'s activation step: {name} activates {plural(turn.left, 'more ship')} "
                                f"({ships}) before {other} (pz8 §2)")
        return ship

    def open_activation(self, state: GameState, ship: ShipState, verb: str) -> dict[str, Any]:
        """The open activation, which must be `ship`'s; InvalidAction otherwise."""
        view = self.view(state)
        current = view.activation
        if current is None:
            raise InvalidAction(f"{ship.label} is not being activated: activate it first (activate {ship.id})")
        if current["ship"] != ship.id:
            busy = state.ships[current["ship"]]
            raise InvalidAction(f"{busy.label} is being activated, not {ship.label}: only it may {verb} now")
        return current

    @action(
        "move",
        ArgSpec("ship", ArgType.SHIP, "the ship being activated"),
        ArgSpec("mps", ArgType.TEXT, "what each MP buys, in order: F one hex forward, L or R a 60° turn (e.g. FFLF)",
                rest=True),
        help="Record the ship's movement (pz8 §3): 6 MPs, 3 if Damaged; each MP is one hex forward or a 60° turn; "
        "the first goes forward; at least 1. Before it fires (pz8 §4).",
    )
    def move(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship, current, mps, check, left = self.prepare_move(state, args)
        moves = " ".join(MP_WORDS[m] for m in mps)
        text = (f"{ship.label} moves {moves}: {plural(check.spent, 'MP')} spent "
                f"({plural(check.hexes, 'hex', 'hexes')} forward, {plural(check.turns, 'turn')}), "
                f"{plural(left - check.spent, 'MP')} left")
        batch = Batch(self, state)
        self.lapse_fire_back(batch)
        batch.extra("activation", {**current, "moved": True}, text)
        batch.set(ship.id, "mps", left - check.spent, "spent moving (pz8 §3)")
        self.goto(batch, "fire", dice)
        return batch.events

    def prepare_move(self, state: GameState, args: dict[str, Any]) -> tuple[ShipState, dict[str, Any],
                                                                           tuple[str, ...], MoveCheck, int]:
        """The ship, its open activation, the MPs, their check and the MPs it has, or InvalidAction."""
        ship = self.acting_ship(state, args["ship"])
        current = self.open_activation(state, ship, "move")
        if current.get("moved"):
            raise InvalidAction(f"{ship.label} has already moved in this activation (one move per activation)")
        if ship.get("fired") or self.view(state).launched_now(ship):
            raise InvalidAction(f"{ship.label} has already fired: movement comes before firing (pz8 §4)")
        try:
            mps = parse_mps(args["mps"])
            check = check_move(self.book, mps, damaged=bool(ship.get("damaged")))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        if not check.legal:
            raise InvalidAction(f"{ship.label}: " + " ".join(check.problems) + " (pz8 §3)")
        left = int(ship.get("mps", check.allowed))
        if check.spent > left:
            raise InvalidAction(f"{ship.label} has {left} MPs left; this move spends {check.spent} (pz8 §3)")
        return ship, current, mps, check, left

    @action(
        "end-activation",
        ArgSpec("ship", ArgType.SHIP, "the ship being activated (default: that one)", required=False),
        help="End the open activation (pz8 §2): the ship gets its Activated chit and the next ship (of the side "
        "whose step it is then) may be activated. Entering the last activation step does the same.",
    )
    def end_activation(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        view = self.view(state)
        busy = view.active_ship
        if busy is None:
            raise InvalidAction("no ship is being activated (activate one first)")
        if args["ship"]:
            ship = state.find_ship(args["ship"])
            if ship.id != busy.id:
                raise InvalidAction(f"{busy.label} is being activated, not {ship.label}")
        batch = Batch(self, state)
        self.finish_activation(batch)
        self.after_activation(batch, dice, at_last_step=False)
        return batch.events

    def finish_activation(self, batch: Batch) -> None:
        """The open activation ends: Activated chit on, the next step worked out (pz8 §2)."""
        view = self.view(batch.state)
        ship = view.active_ship
        assert ship is not None
        step = step_after(view, ship.owner)
        text = f"{ship.label}'s activation ends"
        if not view.alive(ship):
            text = f"{ship.label} is destroyed: its activation ends"
        if step is not None and step["left"]:
            name = batch.state.players[step["side"]].name
            waiting = ship_names(view.waiting(step["side"]))
            text += f"; next: {name} activates {plural(step['left'], 'ship')} (waiting: {waiting})"
        elif not view.anyone_waiting():
            text += "; every Spaceship has been activated this turn"
        self.lapse_fire_back(batch)
        batch.extra("activation", None, text)
        if view.alive(ship):
            batch.set(ship.id, "activated", True, "Activated chit (pz8 §2)")
        batch.set(ship.id, "active", False, "activation over")
        if step is not None:
            if step != view.stored_step:
                batch.extra("step", step, self._step_words(batch.state, step))
            batch.active(step["side"], f"{batch.state.players[step['side']].name} is now the active player")

    @staticmethod
    def _step_words(state: GameState, step: dict[str, Any]) -> str:
        if not step["left"]:
            return "The activation steps are over for this turn (pz8 §2)"
        name = state.players[step["side"]].name
        return f"{name}'s activation step: {step['size'] - step['left'] + 1} of {step['size']} next (pz8 §2)"

    def close_if_lost(self, batch: Batch, dice: DiceRecorder) -> None:
        """The ship being activated was just destroyed: its activation ends at once."""
        view = self.view(batch.state)
        ship = view.active_ship
        if ship is None or view.alive(ship):
            return
        self.finish_activation(batch)
        self.after_activation(batch, dice, at_last_step=False)

    def after_activation(self, batch: Batch, dice: DiceRecorder, *, at_last_step: bool) -> None:
        """Checklist after an activation: back to step 1 while ships wait, else on to the last step."""
        view = self.view(batch.state)
        if view.phase_id != ACTIVATION_PHASE:
            return
        if view.anyone_waiting():
            self.fresh_checklist(batch)
            self.goto(batch, "choose", dice)
        elif not at_last_step:
            self.goto(batch, "activated", dice)
