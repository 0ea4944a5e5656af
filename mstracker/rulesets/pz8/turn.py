"""pz8 plugin: the turn. Initiative and activation quotas, activations (activate, move,
end-activation), and the automatic steps at the start and end of a turn (RULES.md C4.1, C5)."""

from __future__ import annotations

from typing import Any

from .initiative import activation_steps, roll_initiative
from .movement import check_move, parse_mps
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.generic import end_game, note, require_started, set_value
from ...game.plugin import action, auto_step, reducer
from .game_base import ACTIVATION_PHASE, Pz8Base, plural
from ...game.state import GameState, ShipState
from ...rules.contract import Obligation

MP_WORDS = {"forward": "F", "left": "L", "right": "R", "turn": "T"}


class TurnActions(Pz8Base):
    """Initiative, activations and the turn's automatic steps."""

    # ---- initiative -------------------------------------------------------------------------
    @action(
        "roll-initiative",
        help="Each side rolls 1D6, the higher has the initiative; a tie is rolled again. Dice, in order: "
        "the first player's D6, then the second's (two more for each tie). Sets each side's activations per "
        "step from the Spaceships left (1; 2 with twice the enemy's; 3 with three times...) and whose step is first.",
        rolls=True,
    )
    def roll_initiative(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        require_started(state, "roll the initiative")
        if not self.two_sides(state):
            raise InvalidAction(f"pz8 initiative is rolled between two sides; this game has {len(state.players)}")
        done = self.initiative(state)
        if done is not None:
            winner = state.players[done["winner"]].name
            raise InvalidAction(f"the initiative was already rolled this turn ({winner} has it); undo to roll again")
        if self.phase_id(state) == "end":
            raise InvalidAction(
                "this turn's activations are over; the initiative is rolled at the start of the next turn"
            )
        names = [p.name for p in state.players]
        counts = {names[p]: len(self.fleet(state, p)) for p in range(2)}
        try:
            res = roll_initiative(self.rules(state), counts, dice)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        winner = names.index(res.outcome["winner"])
        quota = [res.outcome["quota"][n] for n in names]
        data = {
            "turn": state.turn,
            "winner": winner,
            "rolls": res.outcome["rolls"],
            "quota": quota,
            "plan": [[names.index(side), n] for side, n in res.outcome["steps"]],
            "dice": dice_data(res.dice),
        }
        events = [Event("initiative-rolled", data, " ".join(step.text for step in res.steps))]
        after = self.apply(state, events)
        if after.current_step is not None and after.current_step.id == "roll":
            events += self.goto(after, "quota", dice, phase_id="initiative")
        return events

    @reducer("initiative-rolled")
    def _initiative_rolled(self, state: GameState, event: Event) -> GameState:
        d = event.data
        winner, quota = d["winner"], d["quota"]
        initiative = {"turn": d["turn"], "winner": winner, "rolls": d["rolls"], "quota": quota}
        step = {"side": winner, "left": quota[winner], "size": quota[winner]}
        return self.with_extra(state, initiative=initiative, step=step).update(active=winner)

    # ---- activations ------------------------------------------------------------------------
    @action(
        "activate",
        ArgSpec("ship", ArgType.SHIP, "the Spaceship to activate"),
        help="Start a ship's activation: a ship of the side whose step it is (the initiative side first, then "
        "each side activates its quota in turn; once one side has no ships left to activate, the other "
        "activates all it has left). Each ship once per turn. Then move, fire, launch-torpedo, end-activation.",
    )
    def activate(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        require_started(state, "activate ships")
        ship = self.acting_ship(state, args["ship"])
        if self.phase_id(state) not in ("initiative", ACTIVATION_PHASE):
            raise InvalidAction("ships are activated in the activation steps; this turn's are over")
        current = self.activation(state)
        if current is not None:
            busy = state.ships[current["ship"]]
            raise InvalidAction(f"{busy.label} is still being activated: end-activation first")
        if ship.get("activated"):
            raise InvalidAction(f"{ship.label} has already been activated this turn (each ship once per turn)")
        step: dict[str, Any] | None = None
        text = f"{state.players[ship.owner].name} activates {ship.label}"
        if self.two_sides(state):
            if self.initiative(state) is None:
                raise InvalidAction("roll the initiative first (roll-initiative)")
            side, left = self.whose_step(state) or (ship.owner, 1)
            if ship.owner != side:
                name, other = state.players[side].name, state.players[1 - side].name
                ships = self.ship_names(self.waiting(state, side))
                more = plural(left, "more ship")
                raise InvalidAction(f"it is {name}'s activation step: {name} activates {more} ({ships}) before {other}")
            stored = state.extra.get("step") or {}
            same = stored.get("side") == side and stored.get("left") == left
            size = stored.get("size", left) if same else left
            step = {"side": side, "left": left, "size": size}
            text += f": {size - left + 1} of {size} in this step"
        data = {"ship": ship.id, "side": ship.owner, "step": step}
        events = [
            Event("activation-started", data, text),
            set_value(state, ship.id, "active", True, "activated now"),
        ]
        return events + self.goto(self.apply(state, events), "move", dice)

    @reducer("activation-started")
    def _activation_started(self, state: GameState, event: Event) -> GameState:
        d = event.data
        opened = {"ship": d["ship"], "moved": False, "launched": False}
        values: dict[str, Any] = {"activation": opened, "fire_back": None}
        if d.get("step"):
            values["step"] = d["step"]
        return state.with_extra(values).update(active=d["side"])

    def open_activation(self, state: GameState, ship: ShipState, verb: str) -> dict[str, Any]:
        """The open activation, which must be `ship`'s; InvalidAction otherwise."""
        current = self.activation(state)
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
        help="Record the ship's movement (optional; the table shows where it goes): 6 MPs, 3 if Damaged; each MP "
        "is one hex forward or a 60° turn; the first must go forward; at least 1. Before it fires.",
    )
    def move(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.acting_ship(state, args["ship"])
        current = self.open_activation(state, ship, "move")
        if current["moved"]:
            raise InvalidAction(f"{ship.label} has already moved in this activation (one move per activation)")
        if ship.get("fired") or current["launched"]:
            raise InvalidAction(f"{ship.label} has already fired: movement comes before firing (§4)")
        try:
            mps = parse_mps(args["mps"])
            check = check_move(self.book, mps, damaged=bool(ship.get("damaged")))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        if not check.legal:
            raise InvalidAction(f"{ship.label}: " + " ".join(check.problems))
        left = int(ship.get("mps", check.allowed))
        if check.spent > left:
            raise InvalidAction(f"{ship.label} has {left} MPs left; this move spends {check.spent}")
        moves = " ".join(MP_WORDS[m] for m in mps)
        text = (
            f"{ship.label} moves {moves}: {plural(check.spent, 'MP')} spent ({plural(check.hexes, 'hex', 'hexes')} "
            f"forward, {plural(check.turns, 'turn')}), {plural(left - check.spent, 'MP')} left"
        )
        data = {"ship": ship.id, "mps": list(mps), "spent": check.spent, "hexes": check.hexes, "turns": check.turns}
        events = [Event("ship-moved", data, text), set_value(state, ship.id, "mps", left - check.spent, "MPs spent")]
        return events + self.goto(self.apply(state, events), "fire", dice)

    @reducer("ship-moved")
    def _moved(self, state: GameState, event: Event) -> GameState:
        current = dict(state.extra.get("activation") or {})
        if current.get("ship") == event.data["ship"]:
            current["moved"] = True
        return self.with_extra(state, activation=current or None, fire_back=None)

    @action(
        "end-activation",
        ArgSpec("ship", ArgType.SHIP, "the ship being activated (default: that one)", required=False),
        help="End the open activation: the ship gets its Activated chit and the next ship (of the side whose "
        "step it is then) may be activated. Entering the last activation step does the same.",
    )
    def end_activation(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        current = self.activation(state)
        if current is None:
            raise InvalidAction("no ship is being activated (activate one first)")
        if args["ship"]:
            ship = state.find_ship(args["ship"])
            if ship.id != current["ship"]:
                raise InvalidAction(f"{state.ships[current['ship']].label} is being activated, not {ship.label}")
        events = self.finish_activation(state)
        return events + self.after_activation(self.apply(state, events), dice, at_last_step=False)

    def finish_activation(self, state: GameState) -> list[Event]:
        """The open activation ends: Activated chit on, the next step worked out (§2)."""
        current = self.activation(state)
        assert current is not None
        ship = state.ships[current["ship"]]
        step = self.next_step(state, ship.owner)
        text = f"{ship.label}'s activation ends"
        if step is not None and step["left"]:
            name = state.players[step["side"]].name
            waiting = self.ship_names(self.waiting(state, step["side"]))
            text += f"; next: {name} activates {plural(step['left'], 'ship')} (waiting: {waiting})"
        elif not self.anyone_waiting(state):
            text += "; every Spaceship has been activated this turn"
        if not self.alive(ship):
            text = text.replace("'s activation ends", " is destroyed: its activation ends", 1)
        events = [Event("activation-ended", {"ship": ship.id, "step": step}, text)]
        if not ship.get("activated") and self.alive(ship):
            events.append(set_value(state, ship.id, "activated", True, "Activated chit"))
        if ship.get("active"):
            events.append(set_value(state, ship.id, "active", False))
        return events

    def close_if_lost(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        """The ship being activated was just destroyed: its activation ends at once."""
        current = self.activation(state)
        if current is None or self.alive(state.ships[current["ship"]]):
            return []
        events = self.finish_activation(state)
        return events + self.after_activation(self.apply(state, events), dice, at_last_step=False)

    def next_step(self, state: GameState, side: int) -> dict[str, Any] | None:
        """Whose step follows the activation of a ship of `side` that is ending now."""
        init = self.initiative(state)
        stored = state.extra.get("step")
        if init is None or not stored or not self.two_sides(state):
            return None
        left = stored["left"] - 1 if stored["side"] == side else 0
        other = 1 - side
        mine, theirs = len(self.waiting(state, side)), len(self.waiting(state, other))
        if not mine and not theirs:
            return {"side": side, "left": 0, "size": 0}
        if not theirs:
            return {"side": side, "left": mine, "size": mine}
        if not mine or left <= 0:
            n = min(init["quota"][other], theirs) if mine else theirs
            return {"side": other, "left": n, "size": n}
        return {"side": side, "left": min(left, mine), "size": stored.get("size", left)}

    def anyone_waiting(self, state: GameState) -> list[ShipState]:
        return [s for p in range(len(state.players)) for s in self.waiting(state, p)]

    def after_activation(self, state: GameState, dice: DiceRecorder, *, at_last_step: bool) -> list[Event]:
        """Checklist after an activation: back to step 1 while ships wait, else the last step, ticked."""
        if self.phase_id(state) != ACTIVATION_PHASE:
            return []
        if self.anyone_waiting(state):
            return self.goto(state, "choose", dice)
        events = [] if at_last_step else self.goto(state, "activated", dice)
        return events + self.tick_activation_steps(self.apply(state, events))

    @reducer("activation-ended")
    def _activation_ended(self, state: GameState, event: Event) -> GameState:
        step = event.data.get("step")
        state = self.with_extra(state, activation=None, fire_back=None, **({"step": step} if step else {}))
        return state.update(active=step["side"]) if step else state

    # ---- automatic steps --------------------------------------------------------------------
    @auto_step("roll")
    def _start_of_turn(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        events = self.marks_cleared(state, "Start of turn")
        if self.two_sides(state):
            counts = ", ".join(f"{p.name} {len(self.fleet(state, i))}" for i, p in enumerate(state.players))
            events.append(note(f"Turn {state.turn}, Spaceships: {counts}. Roll the initiative: roll-initiative "
                               "(each side 1D6, ties rolled again)."))
        return events

    @auto_step("quota")
    def _quota(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        if not self.two_sides(state) or not all(self.fleet(state, p) for p in range(2)):
            return []
        init = self.initiative(state)
        if init is None:  # a note, not a refusal: next-step force always gets through
            return [note("The initiative has not been rolled: roll-initiative before the first activation "
                         "(each side rolls 1D6; ties are rolled again).")]
        names = [p.name for p in state.players]
        counts = {names[p]: len(self.waiting(state, p)) for p in range(2)}
        plan = activation_steps(self.rules(state), counts, names[init["winner"]])
        quota = ", ".join(f"{names[p]} {init['quota'][p]}" for p in range(2))
        order = " → ".join(f"{side} {n}" for side, n in plan)
        return [note(f"Activations per step: {quota}. Order this turn: {order}.")]

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        """Every Spaceship is activated once a turn (pz8 §2): the activation phase is left only when
        none waits, or as a table decision."""
        step = state.current_step
        if self.phase_id(state) != ACTIVATION_PHASE or step is None or step.id != "activated":
            return ()
        waiting = self.anyone_waiting(state)
        if not waiting:
            return ()
        return (Obligation("activations-left", f"Not activated yet: {self.ship_names(waiting)}", "pz8 §2",
                           resolve="activate", blocks=frozenset({"next-step"})),)

    @auto_step("activated")
    def _activated(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        if self.activation(state) is not None:
            events = self.finish_activation(state)
            return events + self.after_activation(self.apply(state, events), dice, at_last_step=True)
        waiting = self.anyone_waiting(state)
        if not waiting:
            return []
        return [note(f"Not activated yet: {self.ship_names(waiting)}. Activate them (activate SHIP), or "
                     "end the activations as a table decision (override activations-left REASON).")]

    @auto_step("clear")
    def _clear(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return self.marks_cleared(state, "End of turn")

    @reducer("marks-cleared")
    def _marks_cleared(self, state: GameState, event: Event) -> GameState:
        state = self.with_records(state, event.data["ships"])
        return self.with_extra(state, activation=None, fire_back=None, step=None)

    @auto_step("victory")
    def _victory(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        sides = [p for p in range(len(state.players)) if self.fleet(state, p)]
        counts = ", ".join(f"{p.name} {len(self.fleet(state, i))}" for i, p in enumerate(state.players))
        if self.setting(state, "victory", "last_side_with_ships") != "last_side_with_ships":
            return [note(f"Spaceships left: {counts}. Check your agreed victory condition.")]
        if len(sides) >= 2:
            return [note(f"Victory check: Spaceships left: {counts}. The battle goes on.")]
        if len(sides) == 1:
            winner = sides[0]
            losers = " and ".join(p.name for i, p in enumerate(state.players) if i != winner)
            return [end_game(state, f"{state.players[winner].name} wins: {losers} has no Spaceships left", winner)]
        return [end_game(state, "Draw: no Spaceships left on either side")]
