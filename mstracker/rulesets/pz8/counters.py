"""pz8 plugin: counters on the table (asteroids, the drift arrow, removing Torpedo salvos) and the
end-of-turn prompts for moving them (RULES.md C4.4, C4.5, C5)."""

from __future__ import annotations

from typing import Any

from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.generic import note, set_value
from ...game.plugin import action, auto_step, reducer
from .combat import CombatActions
from ...game.state import GameState


class CounterActions(CombatActions):
    """Asteroids and Torpedo counters as bookkeeping; their positions stay on the table."""

    @action(
        "add-asteroid",
        ArgSpec("where", ArgType.TEXT, "its hex, for the log (e.g. C4)", required=False, default="", rest=True),
        help="Place an asteroid counter (one hex; it drifts one hex each end of turn and cannot be destroyed).",
    )
    def add_asteroid(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        number = int((state.extra.get("seq") or {}).get("a", 0)) + 1
        where = str(args["where"] or "").strip()
        counter = {"id": f"a{number}", "where": where}
        text = f"Asteroid {counter['id']} placed" + (f" at {where}" if where else "")
        return [Event("asteroid-added", {"asteroid": counter}, text)]

    @reducer("asteroid-added")
    def _asteroid_added(self, state: GameState, event: Event) -> GameState:
        counter = dict(event.data["asteroid"])
        seq = {**(state.extra.get("seq") or {}), "a": int(counter["id"][1:])}
        return state.with_extra({"asteroids": [*state.extra.get("asteroids", []), counter], "seq": seq})

    @action(
        "remove-asteroid",
        ArgSpec("asteroid", ArgType.TEXT, "the asteroid counter (a1)"),
        help="Take an asteroid counter off the table (set-up changes; asteroids cannot be destroyed in play).",
    )
    def remove_asteroid(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        counter = self.asteroid(state, args["asteroid"])
        return [Event("asteroid-removed", {"asteroid": counter["id"]}, f"Asteroid {counter['id']} removed")]

    @reducer("asteroid-removed")
    def _asteroid_removed(self, state: GameState, event: Event) -> GameState:
        left = [a for a in state.extra.get("asteroids", []) if a["id"] != event.data["asteroid"]]
        return state.with_extra({"asteroids": left})

    @action(
        "asteroid-collision",
        ArgSpec("asteroid", ArgType.TEXT, "the asteroid counter (a1)"),
        ArgSpec("target", ArgType.TEXT, "the Spaceship (id, name or tag) or Torpedo counter (t1) it hit", rest=True),
        help="An asteroid collides with a Spaceship or a Torpedo salvo (when the asteroids shift at the end of the "
        "turn): the ship is Destroyed, the salvo is removed. No dice.",
    )
    def asteroid_collision(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        asteroid = self.asteroid(state, args["asteroid"])
        ref = str(args["target"]).strip()
        torpedo = next((t for t in state.extra.get("torpedoes", []) if t["id"].casefold() == ref.casefold()), None)
        if torpedo is not None:
            text = f"Asteroid {asteroid['id']} hits {self.torpedo_label(state, torpedo)}: the salvo is destroyed"
            return [Event("asteroid-collided", {"asteroid": asteroid["id"], "torpedo": torpedo["id"]}, text)]
        ship = state.find_ship(ref)
        if not self.alive(ship):
            raise InvalidAction(f"{ship.label} is already destroyed")
        text = f"Asteroid {asteroid['id']} collides with {ship.label}: it is Destroyed"
        events = [
            Event("asteroid-collided", {"asteroid": asteroid["id"], "ship": ship.id}, text),
            set_value(state, ship.id, "destroyed", True, f"asteroid {asteroid['id']}"),
        ]
        if ship.get("active"):
            events.append(set_value(state, ship.id, "active", False, "destroyed"))
        events += self.fleet_gone(self.apply(state, events), ship.owner)
        return events + self.close_if_lost(self.apply(state, events), dice)

    @reducer("asteroid-collided")
    def _asteroid_collided(self, state: GameState, event: Event) -> GameState:
        gone = event.data.get("torpedo")
        if not gone:
            return state
        return state.with_extra({"torpedoes": [t for t in state.extra.get("torpedoes", []) if t["id"] != gone]})

    @action(
        "set-drift",
        ArgSpec("direction", ArgType.TEXT, "where the drift arrow points (e.g. NE)", rest=True),
        help="Record the direction of the drift arrow: every asteroid shifts one hex that way each end of turn.",
    )
    def set_drift(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        direction = str(args["direction"]).strip()
        old = state.extra.get("drift", "")
        if direction == old:
            raise InvalidAction(f"the drift arrow already points {direction}")
        return [Event("drift-set", {"old": old, "new": direction}, f"Asteroid drift: {old or '–'} → {direction}")]

    @reducer("drift-set")
    def _drift_set(self, state: GameState, event: Event) -> GameState:
        return state.with_extra({"drift": event.data["new"]})

    @action(
        "remove-torpedo",
        ArgSpec("torpedo", ArgType.TEXT, "the Torpedo counter (t1)"),
        ArgSpec("reason", ArgType.TEXT, "why, for the log (explodes, leaves the table...)", required=False,
                default="", rest=True),
        help="Take a Torpedo counter off the table without an attack (it explodes, leaves the table...).",
    )
    def remove_torpedo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        torpedo = self.torpedo(state, args["torpedo"])
        reason = str(args["reason"] or "").strip()
        text = f"{self.torpedo_label(state, torpedo)} removed" + (f": {reason}" if reason else "")
        return [Event("torpedo-removed", {"torpedo": torpedo["id"], "reason": reason}, text)]

    @reducer("torpedo-removed")
    def _torpedo_removed(self, state: GameState, event: Event) -> GameState:
        left = [t for t in state.extra.get("torpedoes", []) if t["id"] != event.data["torpedo"]]
        return state.with_extra({"torpedoes": left})

    # ---- end of turn ------------------------------------------------------------------------
    def _asteroids_first(self, state: GameState) -> bool:
        return self.setting(state, "end_of_turn_order", "torpedoes_first") == "asteroids_first"

    @auto_step("torpedoes")
    def _torpedo_step(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        if self._asteroids_first(state):
            return self._asteroid_prompt(state, "First, by setting end_of_turn_order: ")
        return self._torpedo_prompt(state, "")

    @auto_step("asteroids")
    def _asteroid_step(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        if self._asteroids_first(state):
            return self._torpedo_prompt(state, "Then, by setting end_of_turn_order: ")
        return self._asteroid_prompt(state, "")

    def _torpedo_prompt(self, state: GameState, lead: str) -> list[Event]:
        salvos = state.extra.get("torpedoes") or []
        if not salvos:
            return []
        listing = ", ".join(f"{self.torpedo_label(state, t)} launched turn {t['turn']}" for t in salvos)
        return [note(
            f"{lead}Torpedo salvos in flight: {listing}. Move each 6 hexes toward the nearest enemy Spaceship "
            "(turning is free; its owner picks between equally near enemies). One that reaches an enemy: "
            "torpedo-attack T SHIP; one that meets an asteroid: asteroid-collision A T."
        )]

    def _asteroid_prompt(self, state: GameState, lead: str) -> list[Event]:
        rocks = state.extra.get("asteroids") or []
        if not rocks:
            return []
        listing = ", ".join(a["id"] + (f" ({a['where']})" if a.get("where") else "") for a in rocks)
        drift = state.extra.get("drift") or "the drift arrow (set-drift to record it)"
        return [note(
            f"{lead}Asteroids {listing}: shift each one hex toward {drift}, re-entering from the opposite edge. "
            "A Spaceship or Torpedo salvo one hits is destroyed: asteroid-collision A TARGET."
        )]
