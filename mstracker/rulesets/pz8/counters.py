"""pz8 plugin: counters on the table (pz8 §5 Torpedo salvos, §6 asteroids and the drift arrow) and the
end of turn that moves them: the players' own items while such counters are on the table (the drift arrow
set before the asteroids shift), the automatic prompts of older saves. Positions stay on the table; the
app keeps the counters' ids.
"""

from __future__ import annotations

from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.generic import note
from ...game.plugin import action, auto_step
from ...game.state import GameState
from ...rules.contract import Obligation
from .torpedoes import TorpedoActions
from .turn import ACTIVATIONS_LEFT
from .view import counter_label, ship_names

DRIFT = "asteroid-drift"


class CounterActions(TorpedoActions):
    """Asteroids and Torpedo counters as bookkeeping."""

    @action(
        "add-asteroid",
        ArgSpec("where", ArgType.TEXT, "its hex, for the log (e.g. C4)", required=False, default="", rest=True),
        help="Place an asteroid counter (pz8 §6: asteroids are placed at the start of the game; in play, only to "
        "put the table right): one hex; it drifts one hex each end of turn and cannot be destroyed.",
    )
    def add_asteroid(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        view = self.view(state)
        where = str(args["where"] or "").strip()
        counter = {"id": view.next_id("asteroids"), "where": where}
        batch = Batch(self, state)
        batch.extra("asteroids", [*view.counters("asteroids", all_=True), counter],
                    f"Asteroid {counter['id']} placed" + (f" at {where}" if where else "") + " (pz8 §6)")
        return batch.events

    @action(
        "remove-asteroid",
        ArgSpec("asteroid", ArgType.TOKEN, "the asteroid's counter id", tokens=("asteroid",)),
        help="Take an asteroid counter off the table (a change to the set-up: asteroids cannot be destroyed in play, "
        "pz8 §6).",
    )
    def remove_asteroid(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        view = self.view(state)
        counter = view.counter("asteroids", args["asteroid"])
        gone = f"taken off the table in turn {state.turn}" if state.started else "taken off at set-up"
        rocks = [dict(a, gone=gone) if a["id"] == counter["id"] else a for a in view.counters("asteroids", all_=True)]
        batch = Batch(self, state)
        batch.extra("asteroids", rocks, f"Asteroid {counter['id']} taken off the table")
        return batch.events

    @action(
        "asteroid-collision",
        ArgSpec("asteroid", ArgType.TOKEN, "the asteroid's counter id", tokens=("asteroid",)),
        ArgSpec("target", ArgType.TEXT, "the Spaceship (id, name or tag) or Torpedo salvo (its counter id) it hit",
                rest=True),
        help="An asteroid collides with a Spaceship or a Torpedo salvo, as the asteroids shift at the end of the "
        "turn (pz8 §6): the ship is Destroyed, the salvo is taken off. No dice.",
    )
    def asteroid_collision(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        view = self.view(state)
        asteroid = view.counter("asteroids", args["asteroid"])
        ref = str(args["target"]).strip()
        batch = Batch(self, state)
        torpedo = next((t for t in view.torpedoes() if t["id"].casefold() == ref.casefold()), None)
        if torpedo is not None:
            self.take_off(batch, torpedo, f"destroyed by asteroid {asteroid['id']} in turn {state.turn}",
                          f"Asteroid {asteroid['id']} hits {view.torpedo_label(torpedo)}: the salvo is destroyed "
                          "(pz8 §6)")
            return batch.events
        ship = state.find_ship(ref)
        if not view.alive(ship):
            raise InvalidAction(f"{ship.label} is already destroyed")
        self.damage(batch, ship, "destroyed", f"asteroid {asteroid['id']} collides with it (pz8 §6)")
        self.fleet_gone(batch, ship.owner)
        self.close_if_lost(batch, dice)
        return batch.events

    @action(
        "set-drift",
        ArgSpec("direction", ArgType.TEXT, "where the drift arrow points (e.g. NE)", rest=True),
        help="Record the direction of the drift arrow (pz8 §6): every asteroid shifts one hex that way each end of "
        "turn.",
    )
    def set_drift(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        direction = str(args["direction"]).strip()
        old = str(state.extra.get("drift") or "")
        if direction == old:
            raise InvalidAction(f"the drift arrow already points {direction}")
        batch = Batch(self, state)
        batch.extra("drift", direction, f"Asteroid drift arrow: {old or '–'} → {direction} (pz8 §6)")
        return batch.events

    @action(
        "remove-torpedo",
        ArgSpec("torpedo", ArgType.TOKEN, "the Torpedo salvo's counter id", tokens=("torpedo",)),
        ArgSpec("reason", ArgType.TEXT, "why, for the log (explodes, leaves the table...)", required=False,
                default="", rest=True),
        help="Take a Torpedo counter off the table without an attack (it explodes, leaves the table...; pz8 §5).",
    )
    def remove_torpedo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        view = self.view(state)
        torpedo = view.counter("torpedoes", args["torpedo"])
        reason = str(args["reason"] or "").strip()
        batch = Batch(self, state)
        self.take_off(batch, torpedo, (reason or "taken off") + f" in turn {state.turn}",
                      f"{view.torpedo_label(torpedo)} taken off the table" + (f": {reason}" if reason else ""))
        return batch.events

    # ---- end of turn ------------------------------------------------------------------------
    def _asteroids_first(self, state: GameState) -> bool:
        return self.setting(state, "end_of_turn_order") == "asteroids_first"

    def phase_applies(self, state: GameState, index: int) -> bool:
        """The end-of-turn phases where the players move the Torpedo salvos (pz8 §5) and shift the asteroids
        (pz8 §6) apply while such counters are on the table, the asteroids before or after the Torpedoes
        as the end-of-turn order setting says; an empty table goes on to the Activated chits."""
        phase_id = state.sequence[index].id
        view = self.view(state)
        if phase_id == "end-torpedoes":
            return bool(view.torpedoes())
        if phase_id in ("end-asteroids-first", "end-asteroids"):
            first = phase_id == "end-asteroids-first"
            return bool(view.asteroids()) and self._asteroids_first(state) == first
        return super().phase_applies(state, index)

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        """The turn's obligations (turn.py), and the drift arrow before the asteroids shift: the book's
        asteroids move in a pre-planned direction, shown by a counter with an arrow (pz8 §6)."""
        out = super().obligations(state)
        view = self.view(state)
        rocks = view.asteroids()
        if view.step_id in ("shift-asteroids", "asteroids") and rocks and not state.extra.get("drift"):
            listing = ", ".join(counter_label(a) for a in rocks)
            out += (Obligation(
                DRIFT, f"Asteroids {listing} shift one hex at the end of each turn in a pre-planned direction, "
                "shown by a counter with an arrow in one corner hex; no direction is recorded yet (set-drift "
                "DIRECTION, e.g. NE)", "pz8 §6", resolve="set-drift", blocks=frozenset({"next-step"})),)
        return out

    # Games saved before the end-of-turn items became the players' own (end-torpedoes, end-asteroids
    # phases above) keep their checklist, with these automatic prompts.
    @auto_step("torpedoes")
    def _torpedo_step(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        self._guard_activations_left(state)
        if self._asteroids_first(state):
            return self._asteroid_prompt(state, "First (house rule: asteroids shift before Torpedoes move): ")
        return self._torpedo_prompt(state, "")

    @auto_step("asteroids")
    def _asteroid_step(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        if self._asteroids_first(state):
            return self._torpedo_prompt(state, "Then (house rule: Torpedoes move after the asteroids): ")
        return self._asteroid_prompt(state, "")

    def _guard_activations_left(self, state: GameState) -> None:
        """`advance` runs on through automatic steps without asking the obligations; ships not activated
        stop it at the end of the activation steps unless the table set that aside (pz8 §2)."""
        waiting = self.view(state).anyone_waiting()
        overridden = {o.get("id") for o in state.extra.get("overrides") or () if o.get("turn") == state.turn}
        if waiting and ACTIVATIONS_LEFT not in overridden:
            raise InvalidAction(f"Every Spaceship is activated each turn; not activated yet: {ship_names(waiting)} "
                                f"(pz8 §2); do it with activate, or override {ACTIVATIONS_LEFT} REASON")

    def _torpedo_prompt(self, state: GameState, lead: str) -> list[Event]:
        view = self.view(state)
        salvos = view.torpedoes()
        if not salvos:
            return []
        listing = ", ".join(f"{view.torpedo_label(t)} launched turn {t['turn']}" for t in salvos)
        return [note(
            f"{lead}Torpedo salvos in flight: {listing}. Move each 6 hexes toward the nearest enemy Spaceship "
            "(turning is free; its owner picks between equally near enemies; pz8 §5). One that reaches an enemy: "
            "torpedo-attack T SHIP; one that meets an asteroid: asteroid-collision A T."
        )]

    def _asteroid_prompt(self, state: GameState, lead: str) -> list[Event]:
        rocks = self.view(state).asteroids()
        if not rocks:
            return []
        listing = ", ".join(a["id"] + (f" ({a['where']})" if a.get("where") else "") for a in rocks)
        drift = state.extra.get("drift") or "the drift arrow (set-drift to record it)"
        return [note(
            f"{lead}Asteroids {listing}: shift each one hex toward {drift}, re-entering from the opposite edge "
            "(pz8 §6). A Spaceship or Torpedo salvo one hits is destroyed: asteroid-collision A TARGET."
        )]
