"""Readers for the events older pz8 saves wrote in their own shapes, before every change became a
generic event (`value-set`, `extra-set`, `active-changed`) told by a narrative event.

The engine asks the plugin's `reduce` first; an event is read here only when its kind is one of the
old ones AND its data has the old shape, so a narrative event of the same name reads as a story.
Each reader gives exactly the state the old plugin's reducer gave.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...game.events import Event
from ...game.state import GameState

Reader = Callable[[GameState, dict[str, Any]], GameState]


def _extra(state: GameState, **values: Any) -> GameState:
    return state.with_extra(values)


def _without(state: GameState, kind: str, item_id: str) -> list[dict[str, Any]]:
    return [c for c in state.extra.get(kind, []) if c["id"] != item_id]


def _seq(state: GameState, prefix: str, item_id: str) -> dict[str, Any]:
    return {**(state.extra.get("seq") or {}), prefix: int(item_id[1:])}


def _initiative_rolled(state: GameState, d: dict[str, Any]) -> GameState:
    winner, quota = d["winner"], d["quota"]
    initiative = {"turn": d["turn"], "winner": winner, "rolls": d["rolls"], "quota": quota}
    step = {"side": winner, "left": quota[winner], "size": quota[winner]}
    return _extra(state, initiative=initiative, step=step).update(active=winner)


def _activation_started(state: GameState, d: dict[str, Any]) -> GameState:
    values: dict[str, Any] = {"activation": {"ship": d["ship"], "moved": False, "launched": False}, "fire_back": None}
    if d.get("step"):
        values["step"] = d["step"]
    return state.with_extra(values).update(active=d["side"])


def _ship_moved(state: GameState, d: dict[str, Any]) -> GameState:
    current = dict(state.extra.get("activation") or {})
    if current.get("ship") == d["ship"]:
        current["moved"] = True
    return _extra(state, activation=current or None, fire_back=None)


def _activation_ended(state: GameState, d: dict[str, Any]) -> GameState:
    step = d.get("step")
    state = state.with_extra({"activation": None, "fire_back": None, **({"step": step} if step else {})})
    return state.update(active=step["side"]) if step else state


def _marks_cleared(state: GameState, d: dict[str, Any]) -> GameState:
    for ship_id, values in d["ships"].items():
        state = state.with_ship(state.ships[ship_id].with_values(dict(values)))
    return _extra(state, activation=None, fire_back=None, step=None)


def _shot_fired(state: GameState, d: dict[str, Any]) -> GameState:
    values: dict[str, Any] = {"fire_back": None}
    if d["fire_back_allowed"]:
        values["fire_back"] = {"ship": d["target"], "at": d["ship"], "distance": d["distance"]}
    if d["at_torpedo"] and d["result"] == "exploded":
        values["torpedoes"] = _without(state, "torpedoes", d["target"])
    return state.with_extra(values)


def _torpedo_launched(state: GameState, d: dict[str, Any]) -> GameState:
    counter = dict(d["torpedo"])
    current = dict(state.extra.get("activation") or {})
    if current.get("ship") == d["ship"]:
        current["launched"] = True
    return _extra(state, torpedoes=[*state.extra.get("torpedoes", []), counter], seq=_seq(state, "t", counter["id"]),
                  activation=current or None, fire_back=None)


def _torpedo_attacked(state: GameState, d: dict[str, Any]) -> GameState:
    return _extra(state, torpedoes=_without(state, "torpedoes", d["torpedo"]), fire_back=None)


def _torpedo_removed(state: GameState, d: dict[str, Any]) -> GameState:
    return _extra(state, torpedoes=_without(state, "torpedoes", d["torpedo"]))


def _asteroid_added(state: GameState, d: dict[str, Any]) -> GameState:
    counter = dict(d["asteroid"])
    return _extra(state, asteroids=[*state.extra.get("asteroids", []), counter], seq=_seq(state, "a", counter["id"]))


def _asteroid_removed(state: GameState, d: dict[str, Any]) -> GameState:
    return _extra(state, asteroids=_without(state, "asteroids", d["asteroid"]))


def _asteroid_collided(state: GameState, d: dict[str, Any]) -> GameState:
    gone = d.get("torpedo")
    return _extra(state, torpedoes=_without(state, "torpedoes", gone)) if gone else state


def _drift_set(state: GameState, d: dict[str, Any]) -> GameState:
    return _extra(state, drift=d["new"])


#: old kind -> (the data keys its shape always had, its reader)
READERS: dict[str, tuple[frozenset[str], Reader]] = {
    "initiative-rolled": (frozenset({"turn", "winner", "rolls", "quota", "plan"}), _initiative_rolled),
    "activation-started": (frozenset({"ship", "side", "step"}), _activation_started),
    "ship-moved": (frozenset({"ship", "mps", "spent", "hexes", "turns"}), _ship_moved),
    "activation-ended": (frozenset({"ship", "step"}), _activation_ended),
    "marks-cleared": (frozenset({"ships", "when"}), _marks_cleared),
    "shot-fired": (frozenset({"ship", "target", "at_torpedo", "distance", "fire_back", "result",
                              "fire_back_allowed"}), _shot_fired),
    "torpedo-launched": (frozenset({"ship", "torpedo"}), _torpedo_launched),
    "torpedo-attacked": (frozenset({"torpedo", "owner", "target", "result"}), _torpedo_attacked),
    "torpedo-removed": (frozenset({"torpedo", "reason"}), _torpedo_removed),
    "asteroid-added": (frozenset({"asteroid"}), _asteroid_added),
    "asteroid-removed": (frozenset({"asteroid"}), _asteroid_removed),
    "asteroid-collided": (frozenset({"asteroid"}), _asteroid_collided),
    "drift-set": (frozenset({"old", "new"}), _drift_set),
}


def read_legacy(state: GameState, event: Event) -> GameState | None:
    """The state after an event in a shape older pz8 saves wrote, or None when it is not one."""
    found = READERS.get(event.kind)
    if found is None:
        return None
    keys, reader = found
    data = dict(event.data)
    if not keys <= data.keys():
        return None
    if event.kind == "asteroid-added" and not isinstance(data["asteroid"], dict):
        return None
    if event.kind == "asteroid-removed" and not isinstance(data["asteroid"], str):
        return None
    return reader(state, data)
