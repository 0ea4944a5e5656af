"""The generic events every ruleset shares, their reducers, and helpers that build them.

Plugins emit these too (`set_value`, `change_resource`, `note`, `end_game`), so the common
bookkeeping (a value on a record, RU, the log, the result) has one reducer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import GameError, InvalidAction
from .events import Event
from .state import GameState, ShipState

# ---- event builders (for the engine and for plugins) ---------------------------------------------


def set_value(state: GameState, ship_id: str, key: str, value: Any, reason: str = "") -> Event:
    """A `value-set` event: ship record `key` (or item path `w1.reload`) becomes `value`."""
    ship = state.ships[ship_id]
    item_id, _, field = key.rpartition(".")
    if item_id:
        item = ship.item(item_id)
        old = item.record.get(field)
        where = f"{ship.label} {item.name} ({item.id}) {field}"
        data: dict[str, Any] = {"ship": ship.id, "item": item.id, "key": field, "old": old, "new": value}
    else:
        old = ship.record.get(key)
        where = f"{ship.label} {key}"
        data = {"ship": ship.id, "key": key, "old": old, "new": value}
    text = f"{where}: {show_value(old)} → {show_value(value)}"
    if isinstance(old, int) and isinstance(value, int) and not isinstance(value, bool):
        data["delta"] = value - old
        text += f" ({value - old:+d})"
    if reason:
        data["reason"] = reason
        text += f", {reason}"
    return Event("value-set", data, text)


def change_resource(state: GameState, player: int, resource: str, new: int, reason: str = "") -> Event:
    """A `resource-changed` event: a player's resource (RU left...) becomes `new`."""
    p = state.players[player]
    old = p.resources.get(resource, 0)
    delta = new - old
    text = f"{p.name} {resource}: {old} → {new} ({delta:+d})" + (f", {reason}" if reason else "")
    data = {"player": player, "resource": resource, "old": old, "new": new, "delta": delta, "reason": reason}
    return Event("resource-changed", data, text)


def note(text: str) -> Event:
    return Event("noted", {"text": text}, f"Note: {text}")


def end_game(state: GameState, result: str, winner: int | None = None) -> Event:
    name = state.players[winner].name if winner is not None else None
    text = f"Game over: {result}" + (f" (winner: {name})" if name else "")
    return Event("game-ended", {"result": result, "winner": name}, text)


def show_value(value: Any) -> str:
    """A value as the log writes it: yes/no, a, b, –."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    if value is None or value == "":
        return "–"
    return str(value)


# ---- reducers -----------------------------------------------------------------------------------

Reducer = Callable[[GameState, Event], GameState]


def _game_created(state: GameState | None, event: Event) -> GameState:
    return GameState.from_json(event.data["state"])


def _turn_started(state: GameState, event: Event) -> GameState:
    return state.update(turn=event.data["turn"], active=event.data["active"], phase=0, step=0, ticked=())


def _step_entered(state: GameState, event: Event) -> GameState:
    d = event.data
    phase = d["phase"]
    ticked = tuple(d["ticked"]) if "ticked" in d else (state.ticked if phase == state.phase else ())
    fields: dict[str, Any] = {"phase": phase, "step": d["step"], "ticked": ticked}
    if "active" in d:  # phase by player: who does this step now (game.turn_order)
        fields["active"] = d["active"]
    if "passed" in state.extra:  # a new step: nobody has passed it yet
        fields["extra"] = {k: v for k, v in state.extra.items() if k != "passed"}
    return state.update(**fields)


def _passed(state: GameState, event: Event) -> GameState:
    return state.with_extra({"passed": list(event.data["passed"])})


def _ticked(state: GameState, event: Event) -> GameState:
    return state.update(ticked=tuple(sorted({*state.ticked, event.data["step_id"]})))


def _unticked(state: GameState, event: Event) -> GameState:
    return state.update(ticked=tuple(t for t in state.ticked if t != event.data["step_id"]))


def _value_set(state: GameState, event: Event) -> GameState:
    d = event.data
    ship: ShipState = state.ships[d["ship"]]
    if d.get("item"):
        return state.with_ship(ship.with_item_values(d["item"], {d["key"]: d["new"]}))
    return state.with_ship(ship.with_values({d["key"]: d["new"]}))


def _resource_changed(state: GameState, event: Event) -> GameState:
    d = event.data
    return state.with_player(d["player"], state.players[d["player"]].with_resource(d["resource"], d["new"]))


def _owner_changed(state: GameState, event: Event) -> GameState:
    ship = state.ships[event.data["ship"]]
    return state.with_ship(ship.model_copy(update={"owner": event.data["new"]}))


def _extra_set(state: GameState, event: Event) -> GameState:
    d = event.data
    player = d.get("player")
    if player is None:
        return state.with_extra({d["key"]: d["new"]})
    p = state.players[player]
    return state.with_player(player, p.model_copy(update={"extra": {**p.extra, d["key"]: d["new"]}}))


def _active_changed(state: GameState, event: Event) -> GameState:
    return state.update(active=event.data["player"])


def _ship_added(state: GameState, event: Event) -> GameState:
    return state.with_ship(ShipState.model_validate(event.data["ship"]))


def _game_ended(state: GameState, event: Event) -> GameState:
    return state.update(finished=True, result=event.data["result"], winner=event.data.get("winner"))


def _nothing(state: GameState, event: Event) -> GameState:
    return state


GENERIC_REDUCERS: dict[str, Reducer] = {
    "game-created": _game_created,  # type: ignore[dict-item]
    "turn-started": _turn_started,
    "step-entered": _step_entered,
    "phase-left": _nothing,
    "passed": _passed,
    "ticked": _ticked,
    "unticked": _unticked,
    "value-set": _value_set,
    "resource-changed": _resource_changed,
    "owner-changed": _owner_changed,
    "extra-set": _extra_set,
    "active-changed": _active_changed,
    "ship-added": _ship_added,
    "noted": _nothing,
    "dice-rolled": _nothing,
    "game-ended": _game_ended,
}


def check_known_ship(state: GameState, ship_id: str) -> None:
    if ship_id not in state.ships:
        raise GameError(f"event names ship {ship_id!r}, which is not in this game")


def require_started(state: GameState, what: str) -> None:
    if not state.started:
        raise InvalidAction(f"the game is in set-up; use next-step to start turn 1 before you {what}")
