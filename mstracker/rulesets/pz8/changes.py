"""pz8: the changes several actions make through a Batch: damage (pz8 §4), the fire-back chance lapsing,
a Torpedo counter taken off, the checklist moves of the activation steps, an activation ending and the
turn's marks cleared (pz8 §2, §3).

Every change is a generic event with its exact old → new (Batch); `batch.plugin` is the pz8 plugin (its
book and this game's settings). Events in the shapes older saves wrote are read by legacy.py. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.events import DiceRecorder, Event
from ...game.generic import note
from ...rules.names import possessive
from .view import ACTIVATION_PHASE, TurnView, plural, ship_names

if TYPE_CHECKING:
    from .model import Ruleset


def _book(batch: Batch) -> Ruleset:
    from .model import Ruleset

    book = batch.plugin.ruleset
    assert isinstance(book, Ruleset), "the pz8 changes need the pz8 ruleset"
    return book


def damage(batch: Batch, target: Any, result: str, why: str) -> None:
    """A damage result on a ship: Damaged (MPs down to 3 at once) or Destroyed (pz8 §4)."""
    if result == "destroyed":
        batch.set(target.id, "destroyed", True, why)
        batch.set(target.id, "active", False, "destroyed")
        return
    if result != "damaged" or target.get("damaged"):
        return
    batch.set(target.id, "damaged", True, why)
    cap = _book(batch).spaceship.damaged_mps
    if int(target.get("mps", 0)) > cap:
        batch.set(target.id, "mps", cap, f"Damaged: MPs down to {cap} at once (pz8 §4)")


def lapse_fire_back(batch: Batch) -> None:
    """Any other action lets the chance to fire back go: it is taken at once or not at all (pz8 §4)."""
    pending = TurnView(batch.state).pending
    if pending is None:
        return
    ship, at = batch.state.ships[pending.ship], batch.state.ships[pending.at]
    batch.extra("fire_back", None, f"{ship.label} did not fire back at {at.label}: the chance is gone (pz8 §4)")


def take_off(batch: Batch, torpedo: dict[str, Any], gone: str, text: str) -> None:
    """A Torpedo salvo's counter leaves the table; its entry stays, marked gone, so its id is not reused."""
    salvos = [dict(t, gone=gone) if t["id"] == torpedo["id"] else t
              for t in TurnView(batch.state).counters("torpedoes", all_=True)]
    batch.extra("torpedoes", salvos, text)


def fleet_gone(batch: Batch, player: int) -> None:
    """A note when a side has just lost its last Spaceship."""
    if TurnView(batch.state).fleet(player):
        return
    name = batch.state.players[player].name
    batch.add(note(f"{name} has no Spaceships left: the victory check at the end of the turn ends the game"))


def goto(batch: Batch, step_id: str, dice: DiceRecorder, phase_id: str = ACTIVATION_PHASE) -> None:
    """Move the checklist to a step of the activation phase (or `phase_id`) while in the initiative or
    activation phase, running it if it is automatic; nothing when already there."""
    state = batch.state
    if TurnView(state).phase_id not in ("initiative", ACTIVATION_PHASE):
        return
    for p, phase in enumerate(state.sequence):
        if phase.id != phase_id:
            continue
        for s, step in enumerate(phase.steps):
            if step.id == step_id and (state.phase, state.step) != (p, s):
                from ...game.engine import Engine  # the engine enters the step (runs it if automatic)

                batch.add(*Engine(batch.plugin).enter_step(state, p, s, dice))
                return


def fresh_checklist(batch: Batch, keep: frozenset[str] = frozenset()) -> None:
    """The activation steps' ticks belong to one activation: a new one starts with them cleared (pz8 §2)."""
    state = batch.state
    phase = state.current_phase
    if phase is None or phase.id != ACTIVATION_PHASE:
        return
    for n, step in enumerate(phase.steps, start=1):
        if step.id in state.ticked and step.id not in keep:
            batch.add(Event("unticked", {"step_id": step.id, "by": "pz8"},
                            f"Checklist item {n} cleared for the next activation"))


def clear_marks(batch: Batch, when: str) -> None:
    """A new turn's marks: Activated chits off, fired and fire-backs reset, MPs full (3 if Damaged),
    and no activation, step or fire-back left open (pz8 §2, §3)."""
    ship_cls = _book(batch).spaceship
    for ship in list(batch.state.ships.values()):
        fresh: dict[str, Any] = {"activated": False, "active": False}
        if TurnView.alive(ship):
            mps = ship_cls.damaged_mps if ship.get("damaged") else ship_cls.mps
            fresh.update({"fired": False, "fire_backs": 0, "mps": mps})
        for key, value in fresh.items():
            batch.set(ship.id, key, value, when)
    extra = batch.state.extra
    if extra.get("activation"):
        batch.extra("activation", None, f"{when}: no ship is being activated")
    if extra.get("fire_back"):
        batch.extra("fire_back", None, f"{when}: no shot is left to answer")
    if extra.get("step"):
        batch.extra("step", None, f"{when}: the next activation steps follow the initiative (pz8 §2)")


# ---- the end of an activation, however it comes (pz8 §2) --------------------------------------------
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


def finish_activation(batch: Batch) -> None:
    """The open activation ends: Activated chit on, the next step worked out (pz8 §2)."""
    view = TurnView(batch.state)
    ship = view.active_ship
    assert ship is not None
    step = step_after(view, ship.owner)
    text = f"{possessive(ship.label)} activation ends"
    if not view.alive(ship):
        text = f"{ship.label} is destroyed: its activation ends"
    if step is not None and step["left"]:
        name = batch.state.players[step["side"]].name
        waiting = ship_names(view.waiting(step["side"]))
        text += f"; next: {name} activates {plural(step['left'], 'ship')} (waiting: {waiting})"
    elif not view.anyone_waiting():
        text += "; every Spaceship has been activated this turn"
    lapse_fire_back(batch)
    batch.extra("activation", None, text)
    if view.alive(ship):
        batch.set(ship.id, "activated", True, "Activated chit (pz8 §2)")
    batch.set(ship.id, "active", False, "activation over")
    if step is not None:
        if step != view.stored_step:
            batch.extra("step", step, _step_words(batch, step))
        batch.active(step["side"], f"The active player is now {batch.state.players[step['side']].name}")


def _step_words(batch: Batch, step: dict[str, Any]) -> str:
    if not step["left"]:
        return "The activation steps are over for this turn (pz8 §2)"
    name = batch.state.players[step["side"]].name
    return f"{possessive(name)} activation step: {step['size'] - step['left'] + 1} of {step['size']} next (pz8 §2)"


def close_if_lost(batch: Batch, dice: DiceRecorder) -> None:
    """The ship being activated was just destroyed: its activation ends at once."""
    view = TurnView(batch.state)
    ship = view.active_ship
    if ship is None or view.alive(ship):
        return
    finish_activation(batch)
    after_activation(batch, dice, at_last_step=False)


def after_activation(batch: Batch, dice: DiceRecorder, *, at_last_step: bool) -> None:
    """Checklist after an activation: back to step 1 while ships wait, else on to the last step."""
    view = TurnView(batch.state)
    if view.phase_id != ACTIVATION_PHASE:
        return
    if view.anyone_waiting():
        fresh_checklist(batch)
        goto(batch, "choose", dice)
    elif not at_last_step:
        goto(batch, "activated", dice)
