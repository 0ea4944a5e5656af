"""pz8: counters on the table (pz8 §5 Torpedo salvos, §6 asteroids and the drift arrow) as typed actions,
and the end of turn that moves them: the players' own items while such counters are on the table (the
drift arrow set before the asteroids shift), the automatic prompts of older saves. Positions stay on the
table; the app keeps the counters' ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from ...game.generic import note
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import Obligation
from .changes import close_if_lost, damage, fleet_gone, take_off
from .turn import ACTIVATIONS_LEFT
from .view import TurnView, counter_label, ship_names

if TYPE_CHECKING:
    from .plugin import Plugin

DRIFT = "asteroid-drift"
NO_ASTEROID = "no asteroid is on the table (add-asteroid places one)"
NO_TORPEDO = "no Torpedo salvo is on the table"


def _asteroid(state: GameState, args: Mapping[str, Any]) -> dict[str, Any]:
    """The asteroid counter `args` names; refused with none on the table, Incomplete while blank."""
    view = TurnView(state)
    if not args.get("asteroid"):
        raise InvalidAction(NO_ASTEROID) if not view.asteroids() else Incomplete("asteroid")
    return view.counter("asteroids", str(args["asteroid"]))


class AddAsteroid(RuleAction[str]):
    plugin: Plugin
    spec = ActionSpec(
        "add-asteroid",
        "Place an asteroid counter (pz8 §6: asteroids are placed at the start of the game; in play, only to "
        "put the table right): one hex; it drifts one hex each end of turn and cannot be destroyed.",
        (ArgSpec("where", ArgType.TEXT, "its hex, for the log (e.g. C4)", required=False, default="", rest=True),),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> str:
        return str(args.get("where") or "").strip()

    def apply(self, p: str, dice: DiceRecorder, batch: Batch) -> None:
        view = TurnView(batch.state)
        counter = {"id": view.next_id("asteroids"), "where": p}
        batch.extra("asteroids", [*view.counters("asteroids", all_=True), counter],
                    f"Asteroid {counter['id']} placed" + (f" at {p}" if p else "") + " (pz8 §6)")


class RemoveAsteroid(RuleAction[Mapping[str, Any]]):
    plugin: Plugin
    spec = ActionSpec(
        "remove-asteroid",
        "Take an asteroid counter off the table (a change to the set-up: asteroids cannot be destroyed in play, "
        "pz8 §6).",
        (ArgSpec("asteroid", ArgType.TOKEN, "the asteroid's counter id", tokens=("asteroid",)),),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Mapping[str, Any]:
        return _asteroid(state, args)

    def apply(self, p: Mapping[str, Any], dice: DiceRecorder, batch: Batch) -> None:
        state = batch.state
        gone = f"taken off the table in turn {state.turn}" if state.started else "taken off at set-up"
        rocks = [dict(a, gone=gone) if a["id"] == p["id"] else a for a in TurnView(state).counters("asteroids", all_=True)]
        batch.extra("asteroids", rocks, f"Asteroid {p['id']} taken off the table")


@dataclass(frozen=True, slots=True)
class Collision:
    """An asteroid colliding with a Spaceship (`ship`) or a Torpedo salvo (`torpedo`) (pz8 §6)."""

    asteroid: Mapping[str, Any]
    ship: ShipState | None
    torpedo: Mapping[str, Any] | None

    @property
    def hit(self) -> str:
        """The id of what it hits: the ship, or the salvo's counter."""
        return self.ship.id if self.ship is not None else str((self.torpedo or {}).get("id", ""))


class AsteroidCollision(RuleAction[Collision]):
    plugin: Plugin
    spec = ActionSpec(
        "asteroid-collision",
        "An asteroid collides with a Spaceship or a Torpedo salvo, as the asteroids shift at the end of the "
        "turn (pz8 §6): the ship is Destroyed, the salvo is taken off. No dice.",
        (
            ArgSpec("asteroid", ArgType.TOKEN, "the asteroid's counter id", tokens=("asteroid",)),
            ArgSpec("target", ArgType.TEXT, "the Spaceship (id, name or tag) or Torpedo salvo (its counter id) it hit",
                    rest=True),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Collision:
        asteroid = _asteroid(state, args)
        ref = str(args.get("target") or "").strip()
        if not ref:
            raise Incomplete("target")
        view = TurnView(state)
        torpedo = next((t for t in view.torpedoes() if t["id"].casefold() == ref.casefold()), None)
        if torpedo is not None:
            return Collision(asteroid, None, torpedo)
        ship = state.find_ship(ref)
        if not view.alive(ship):
            raise InvalidAction(f"{ship.label} is already destroyed")
        return Collision(asteroid, ship, None)

    def outcome(self, p: Collision) -> Distribution[Outcome]:
        """No dice: what the asteroid hits is destroyed, a Spaceship or a Torpedo salvo alike (pz8 §6)."""
        return Distribution.constant(Outcome(states=((p.hit, "destroyed"),), destroyed=frozenset({p.hit})))

    def odds_words(self, p: Collision) -> OddsWords:
        return OddsWords(ship=p.hit, results=("destroyed",), damage_table=False,
                         notes=("no dice: an asteroid destroys the Spaceship or Torpedo salvo it collides with (pz8 §6)",))

    def observed(self, p: Collision, state: GameState, events: Sequence[Event], after: GameState) -> Outcome | None:
        view = TurnView(after)
        gone = (not view.alive(after.ships[p.hit]) if p.ship is not None
                else all(t["id"] != p.hit for t in view.torpedoes()))
        return self.outcome(p).outcomes[0] if gone else Outcome()

    def apply(self, p: Collision, dice: DiceRecorder, batch: Batch) -> None:
        state, rock = batch.state, p.asteroid
        if p.torpedo is not None:
            take_off(batch, dict(p.torpedo), f"destroyed by asteroid {rock['id']} in turn {state.turn}",
                     f"Asteroid {rock['id']} hits {TurnView(state).torpedo_label(dict(p.torpedo))}: the salvo is "
                     "destroyed (pz8 §6)")
            return
        assert p.ship is not None
        damage(batch, p.ship, "destroyed", f"asteroid {rock['id']} collides with it (pz8 §6)")
        fleet_gone(batch, p.ship.owner)
        close_if_lost(batch, dice)


class SetDrift(RuleAction[str]):
    plugin: Plugin
    spec = ActionSpec(
        "set-drift",
        "Record the direction of the drift arrow (pz8 §6): every asteroid shifts one hex that way each end of "
        "turn.",
        (ArgSpec("direction", ArgType.TEXT, "where the drift arrow points (e.g. NE)", rest=True),),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> str:
        if args.get("direction") is None:
            raise Incomplete("direction")
        direction = str(args["direction"]).strip()
        if direction == str(state.extra.get("drift") or ""):
            raise InvalidAction(f"the drift arrow already points {direction}")
        return direction

    def apply(self, p: str, dice: DiceRecorder, batch: Batch) -> None:
        old = str(batch.state.extra.get("drift") or "")
        batch.extra("drift", p, f"Asteroid drift arrow: {old or '–'} → {p} (pz8 §6)")


@dataclass(frozen=True, slots=True)
class Removal:
    """A Torpedo salvo taken off without an attack, and why, for the log (pz8 §5)."""

    torpedo: Mapping[str, Any]
    reason: str


class RemoveTorpedo(RuleAction[Removal]):
    plugin: Plugin
    spec = ActionSpec(
        "remove-torpedo",
        "Take a Torpedo counter off the table without an attack (it explodes, leaves the table...; pz8 §5).",
        (
            ArgSpec("torpedo", ArgType.TOKEN, "the Torpedo salvo's counter id", tokens=("torpedo",)),
            ArgSpec("reason", ArgType.TEXT, "why, for the log (explodes, leaves the table...)", required=False,
                    default="", rest=True),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Removal:
        view = TurnView(state)
        if not args.get("torpedo"):
            raise InvalidAction(NO_TORPEDO) if not view.torpedoes() else Incomplete("torpedo")
        return Removal(view.counter("torpedoes", str(args["torpedo"])), str(args.get("reason") or "").strip())

    def apply(self, p: Removal, dice: DiceRecorder, batch: Batch) -> None:
        state, reason = batch.state, p.reason
        take_off(batch, dict(p.torpedo), (reason or "taken off") + f" in turn {state.turn}",
                 f"{TurnView(state).torpedo_label(dict(p.torpedo))} taken off the table" + (f": {reason}" if reason else ""))


COUNTER_ACTIONS = (AddAsteroid, RemoveAsteroid, AsteroidCollision, SetDrift, RemoveTorpedo)


# ---- end of turn ------------------------------------------------------------------------------------
def asteroids_first(plugin: Plugin, state: GameState) -> bool:
    return bool(plugin.setting(state, "end_of_turn_order") == "asteroids_first")


def end_phase_applies(plugin: Plugin, state: GameState, phase_id: str) -> bool | None:
    """Whether an end-of-turn counters phase applies: the players move the Torpedo salvos (pz8 §5) and shift
    the asteroids (pz8 §6) while such counters are on the table, the asteroids before or after the Torpedoes
    as the end-of-turn order setting says; None for another phase."""
    view = TurnView(state)
    if phase_id == "end-torpedoes":
        return bool(view.torpedoes())
    if phase_id in ("end-asteroids-first", "end-asteroids"):
        return bool(view.asteroids()) and asteroids_first(plugin, state) == (phase_id == "end-asteroids-first")
    return None


def drift_obligation(state: GameState) -> tuple[Obligation, ...]:
    """The drift arrow before the asteroids shift: the book's asteroids move in a pre-planned direction,
    shown by a counter with an arrow (pz8 §6)."""
    view = TurnView(state)
    rocks = view.asteroids()
    if view.step_id in ("shift-asteroids", "asteroids") and rocks and not state.extra.get("drift"):
        listing = ", ".join(counter_label(a) for a in rocks)
        return (Obligation(
            DRIFT, f"Asteroids {listing} shift one hex at the end of each turn in a pre-planned direction, "
            "shown by a counter with an arrow in one corner hex; no direction is recorded yet (set-drift, "
            "e.g. NE)", "pz8 §6", resolve="set-drift", blocks=frozenset({"next-step"})),)
    return ()


# Games saved before the end-of-turn items became the players' own (end-torpedoes, end-asteroids
# phases above) keep their checklist, with these automatic prompts.
def torpedo_step(plugin: Plugin, state: GameState) -> list[Event]:
    _guard_activations_left(state)
    if asteroids_first(plugin, state):
        return _asteroid_prompt(state, "First (house rule: asteroids shift before Torpedoes move): ")
    return _torpedo_prompt(state, "")


def asteroid_step(plugin: Plugin, state: GameState) -> list[Event]:
    if asteroids_first(plugin, state):
        return _torpedo_prompt(state, "Then (house rule: Torpedoes move after the asteroids): ")
    return _asteroid_prompt(state, "")


def _guard_activations_left(state: GameState) -> None:
    """`advance` runs on through automatic steps without asking the obligations; ships not activated
    stop it at the end of the activation steps unless the table set that aside (pz8 §2)."""
    waiting = TurnView(state).anyone_waiting()
    overridden = {o.get("id") for o in state.extra.get("overrides") or () if o.get("turn") == state.turn}
    if waiting and ACTIVATIONS_LEFT not in overridden:
        raise InvalidAction(f"Every Spaceship is activated each turn; not activated yet: {ship_names(waiting)} "
                            f"(pz8 §2); do it with activate, or set it aside as a table decision (override “{ACTIVATIONS_LEFT}”, "
                            "giving the reason)")


def _torpedo_prompt(state: GameState, lead: str) -> list[Event]:
    view = TurnView(state)
    salvos = view.torpedoes()
    if not salvos:
        return []
    listing = ", ".join(f"{view.torpedo_label(t)} launched turn {t['turn']}" for t in salvos)
    return [note(
        f"{lead}Torpedo salvos in flight: {listing}. Move each 6 hexes toward the nearest enemy Spaceship "
        "(turning is free; its owner picks between equally near enemies; pz8 §5). Record one that reaches an enemy "
        "with torpedo-attack, and one that meets an asteroid with asteroid-collision."
    )]


def _asteroid_prompt(state: GameState, lead: str) -> list[Event]:
    rocks = TurnView(state).asteroids()
    if not rocks:
        return []
    listing = ", ".join(a["id"] + (f" ({a['where']})" if a.get("where") else "") for a in rocks)
    drift = state.extra.get("drift") or "the drift arrow (set-drift to record it)"
    return [note(
        f"{lead}Asteroids {listing}: shift each one hex toward {drift}, re-entering from the opposite edge "
        "(pz8 §6). A Spaceship or Torpedo salvo one hits is destroyed: record it with asteroid-collision."
    )]
