"""pz8 plugin, shared part: the game's settings in force, the state reading (view.py), and the changes
every action group makes through a Batch: damage (pz8 §4), the fire-back chance lapsing, the
checklist moves of the activation steps, the turn's marks cleared (pz8 §2).

Every change is a generic event with its exact old → new (Batch); the few stories with dice are the
narrative kinds below. Events in the shapes older saves wrote are read by legacy.py.
"""

from __future__ import annotations

from typing import Any

from ...game.batch import Batch
from ...game.events import DiceRecorder, Event
from ...game.generic import note
from ...game.plugin import Acting, RulesetPlugin, TurnStructure
from ...game.state import GameState, ShipState
from .legacy import read_legacy
from .model import Ruleset
from .view import TurnView

ACTIVATION_PHASE = "activation"
#: The stories the deciders tell (with their dice); every change is a generic event.
NARRATIVE = frozenset({"initiative", "shot", "torpedo-hit"})
_ON_OFF = {True: "on", False: "off"}


class Pz8Base(RulesetPlugin):
    """Helpers shared by the pz8 action groups (see plugin.py for the plugin)."""

    turn_structure = TurnStructure.ROUND
    narrative = NARRATIVE

    def acting(self, state: GameState) -> Acting:
        """Nobody acts before this turn's initiative is rolled (pz8 §2): it decides who starts."""
        if state.started and not state.finished and TurnView(state).initiative is None:
            return Acting(())
        return super().acting(state)

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
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
        """A setting for a player: what it means, its value here and its key ('... : off (torpedo_with_gun)')."""
        found = self.rules(state).settings[key]
        value = self.setting(state, key)
        shown = _ON_OFF.get(value, str(value)) if isinstance(value, bool) else str(value)
        return f"setting “{found.text.rstrip('.')}”: {shown} ({key})"

    @staticmethod
    def view(state: GameState) -> TurnView:
        return TurnView(state)

    # ---- older saves --------------------------------------------------------------------------
    def reduce(self, state: GameState, event: Event) -> GameState | None:
        return read_legacy(state, event)

    # ---- changes through a batch --------------------------------------------------------------
    def damage(self, batch: Batch, target: ShipState, result: str, why: str) -> None:
        """A damage result on a ship: Damaged (MPs down to 3 at once) or Destroyed (pz8 §4)."""
        if result == "destroyed":
            batch.set(target.id, "destroyed", True, why)
            batch.set(target.id, "active", False, "destroyed")
            return
        if result != "damaged" or target.get("damaged"):
            return
        batch.set(target.id, "damaged", True, why)
        cap = self.book.spaceship.damaged_mps
        if int(target.get("mps", 0)) > cap:
            batch.set(target.id, "mps", cap, f"Damaged: MPs down to {cap} at once (pz8 §4)")

    def lapse_fire_back(self, batch: Batch) -> None:
        """Any other action lets the chance to fire back go: it is taken at once or not at all (pz8 §4)."""
        pending = TurnView(batch.state).pending
        if pending is None:
            return
        ship, at = batch.state.ships[pending.ship], batch.state.ships[pending.at]
        batch.extra("fire_back", None, f"{ship.label} did not fire back at {at.label}: the chance is gone (pz8 §4)")

    def take_off(self, batch: Batch, torpedo: dict[str, Any], gone: str, text: str) -> None:
        """A Torpedo salvo's counter leaves the table; its entry stays, marked gone, so its id is not reused."""
        salvos = [dict(t, gone=gone) if t["id"] == torpedo["id"] else t
                  for t in TurnView(batch.state).counters("torpedoes", all_=True)]
        batch.extra("torpedoes", salvos, text)

    def fleet_gone(self, batch: Batch, player: int) -> None:
        """A note when a side has just lost its last Spaceship."""
        if TurnView(batch.state).fleet(player):
            return
        name = batch.state.players[player].name
        batch.add(note(f"{name} has no Spaceships left: the victory check at the end of the turn ends the game"))

    def goto(self, batch: Batch, step_id: str, dice: DiceRecorder, phase_id: str = ACTIVATION_PHASE) -> None:
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

                    batch.add(*Engine(self).enter_step(state, p, s, dice))
                    return

    def fresh_checklist(self, batch: Batch, keep: frozenset[str] = frozenset()) -> None:
        """The activation steps' ticks belong to one activation: a new one starts with them cleared (pz8 §2)."""
        state = batch.state
        phase = state.current_phase
        if phase is None or phase.id != ACTIVATION_PHASE:
            return
        for n, step in enumerate(phase.steps, start=1):
            if step.id in state.ticked and step.id not in keep:
                batch.add(Event("unticked", {"step_id": step.id, "by": "pz8"},
                                f"Checklist item {n} cleared for the next activation"))

    def clear_marks(self, batch: Batch, when: str) -> None:
        """A new turn's marks: Activated chits off, fired and fire-backs reset, MPs full (3 if Damaged),
        and no activation, step or fire-back left open (pz8 §2, §3)."""
        ship_cls = self.book.spaceship
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
