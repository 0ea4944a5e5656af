"""One event style for every ruleset: a decision is a `Batch` of narrative events and exact changes.

A ruleset's decider tells the story with `story()` (an event that changes nothing: its dice and
outcome stay in the log) and writes every change as a generic event with its exact `old → new`:
`set()` for a ship record value or an item value (`w1.reload`), `resource()` for a player's
resource, `extra()` for game-level (or player-level) bookkeeping that is not on a record (tokens on
the table, the initiative of this turn), `owner()` and `active()`. The batch folds each event as it
is added, so every later `old` is exact and a decider reads the state it is building. A decider that
finds it easier to work out the state after the decision can `absorb()` it: the batch writes the
changes as the same generic events.

The engine reduces all of these; a ruleset declares only the kinds of its narrative events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import GameError
from .events import Event
from .generic import change_resource, set_value, show_value
from .state import GameState, ShipState

if TYPE_CHECKING:
    from .plugin import RulesetPlugin


class Batch:
    """The events of one decision, folded as they are made."""

    def __init__(self, plugin: RulesetPlugin, state: GameState) -> None:
        self.plugin = plugin
        self.start = state
        self.state = state
        self.events: list[Event] = []

    # ---- adding -----------------------------------------------------------------------------------
    def add(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = self.plugin.apply(self.state, [event])

    def story(self, kind: str, text: str, **data: Any) -> None:
        """A narrative event: what happened and its dice, in words; it changes nothing by itself."""
        if kind not in self.plugin.narrative_kinds():
            raise GameError(f"{type(self.plugin).__name__} does not declare the narrative event {kind!r}")
        self.add(Event(kind, data, text))

    def ship(self, ship_id: str) -> ShipState:
        return self.state.ships[ship_id]

    def set(self, ship_id: str, key: str, value: Any, reason: str = "") -> None:
        """Ship record `key` (or item path `w1.ammo`) becomes `value`; no event when unchanged."""
        ship = self.state.ships[ship_id]
        item_id, _, field = key.rpartition(".")
        record = ship.item(item_id).record if item_id else ship.record
        if field in record and record[field] == value:
            return
        event = set_value(self.state, ship_id, key, value, reason)
        self.add(_labelled(event, field, self.plugin, item=bool(item_id)))

    def resource(self, player: int, key: str, new: int, reason: str = "") -> None:
        """A player's resource (RU left, C&C...) becomes `new`; no event when unchanged."""
        if self.state.players[player].resources.get(key, 0) == new:
            return
        event = change_resource(self.state, player, key, new, reason)
        spec = self.plugin.record_spec().player_field(key)
        name = self.state.players[player].name
        if spec is not None and event.text.startswith(f"{name} {key}:"):
            event = Event(event.kind, event.data, f"{name} {spec.label}:" + event.text[len(f"{name} {key}:"):])
        self.add(event)

    def extra(self, key: str, value: Any, text: str = "", *, player: int | None = None) -> None:
        """Game-level bookkeeping `key` (or a player's, with `player`) becomes `value`; `text` says
        what it means at the table (default: the key's old → new)."""
        self.add(extra_set(self.state, key, value, text, player=player))

    def owner(self, ship_id: str, player: int, text: str) -> None:
        ship = self.state.ships[ship_id]
        if ship.owner != player:
            self.add(Event("owner-changed", {"ship": ship_id, "old": ship.owner, "new": player}, text))

    def active(self, player: int, text: str) -> None:
        if self.state.active != player:
            self.add(Event("active-changed", {"player": player}, text))

    # ---- from a worked-out state --------------------------------------------------------------------
    def absorb(self, after: GameState, reason: str = "") -> None:
        """Write every difference between the batch's state and `after` as generic events, in a
        stable order: ships (record, then items), players, then game extras."""
        before = self.state
        for ship_id, ship in after.ships.items():
            old = before.ships.get(ship_id)
            if old is None:
                raise GameError(f"absorb cannot add ship {ship_id!r}; use the ship-added event")
            if old is ship:
                continue
            if old.owner != ship.owner:
                self.owner(ship_id, ship.owner, f"{ship.label} now belongs to {after.players[ship.owner].name}")
            for key, value in ship.record.items():
                if key not in old.record or old.record[key] != value:
                    self.set(ship_id, key, value, reason)
            for new_item, old_item in zip(ship.items, old.items):
                if new_item is old_item:
                    continue
                for key, value in new_item.record.items():
                    if key not in old_item.record or old_item.record[key] != value:
                        self.set(ship_id, f"{new_item.id}.{key}", value, reason)
        for index, (new_p, old_p) in enumerate(zip(after.players, before.players)):
            if new_p is old_p:
                continue
            for key, value in new_p.resources.items():
                if old_p.resources.get(key) != value:
                    self.resource(index, key, value, reason)
            for key, value in new_p.extra.items():
                if key not in old_p.extra or old_p.extra[key] != value:
                    self.extra(key, value, player=index)
        for key, value in after.extra.items():
            if key not in before.extra or before.extra[key] != value:
                self.extra(key, value)
        if after.active != before.active:
            self.active(after.active, f"The active player is now {after.players[after.active].name}")


def extra_set(state: GameState, key: str, value: Any, text: str = "", *, player: int | None = None) -> Event:
    """An `extra-set` event: game-level (or, with `player`, player-level) bookkeeping `key` becomes `value`."""
    if player is None:
        old = state.extra.get(key)
        where = key
    else:
        old = state.players[player].extra.get(key)
        where = f"{state.players[player].name} {key}"
    data: dict[str, Any] = {"key": key, "old": old, "new": value}
    if player is not None:
        data["player"] = player
    return Event("extra-set", data, text or f"{where}: {show_value(old)} → {show_value(value)}")


def _labelled(event: Event, key: str, plugin: RulesetPlugin, *, item: bool) -> Event:
    """The `value-set` event with the field's label in its text ('No fire' rather than 'no_fire')."""
    spec = plugin.record_spec()
    field = spec.item_field(key) if item else spec.field(key)
    if field is None or field.label == key:
        return event
    return Event(event.kind, event.data, event.text.replace(f" {key}: ", f" {field.label}: ", 1))
