"""The battle report's fleets (pure): every ship each player held, from its own start to its end.

* A ship's start is its state when it entered play: at set-up, or right after the event that built it.
* A captured ship appears under each owner: under the one who lost it up to the capture ("captured by
  Cara, turn 3"), under the captor from its own start state to the end ("captured from Dan, turn 3").
* A ship that leaves play through a flag the ruleset says is no loss (`RecordSpec.not_lost`: retired,
  jumped out) is counted apart and listed under "left play", never under losses.
* The end of a row lists every effect on the record that differs from the ship's own start: flags,
  lists, counters, timers, and every item's fields (a damaged battery, a destroyed launcher, torpedoes
  on the ready track), in words, without values at rest (a timer run out, 'Uses 0') or repeats.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .events import Event
from .records import FieldKind, FieldSpec, RecordSpec
from .state import GameState, ShipState


def _worth_showing(f: FieldSpec, value: Any) -> bool:
    return f.kind is FieldKind.BAR or value not in (None, False, "", [], 0)


def shown(spec: RecordSpec, ship: ShipState) -> dict[str, str]:
    """The ship's bars and every ship field away from nothing: {'Armor': '150/200', 'Agi': '5'}."""
    return {f.label: f.show(ship.record) for f in spec.fields if _worth_showing(f, ship.record.get(f.key))}


def _word(f: FieldSpec, value: Any, record: dict[str, Any]) -> str:
    head = f"{f.glyph} {f.label}".strip()
    if f.kind is FieldKind.FLAG:
        return head if value else f"not {f.label.lower()}"
    if f.kind is FieldKind.LIST:
        return f"{f.label}: {', '.join(map(str, value)) if value else 'none'}"
    if f.kind is FieldKind.BAR:
        return f"{f.label} {f.show(record)}"
    return f"{head} {'–' if value in (None, '') else value}"


def _at_rest(f: FieldSpec, value: Any, item: bool) -> bool:
    """A value that says nothing at the end: a flag off, a timer run out, a counter back at its default,
    an item's open-ended counter at 0 ('Uses 0'). A counter with a cap or a default at 0 still tells
    something (an empty flare launcher, no torpedo salvo left, C&C 0)."""
    if f.kind is FieldKind.FLAG:
        return not value
    if f.kind is FieldKind.TIMER:
        return value in (None, f.minimum)
    if f.kind in (FieldKind.COUNTER, FieldKind.TRACK):
        if f.default is not None:
            return bool(value == f.default)
        return item and f.maximum is None and value in (None, f.minimum)
    return False


def _item_word(f: FieldSpec, value: Any) -> str:
    """An item's field in words: 'used', 'lost', 'reload 2', 'ammo 0'."""
    if f.kind is FieldKind.FLAG:
        return f.label.lower()
    if f.kind is FieldKind.LIST:
        return f"{f.label.lower()}: {', '.join(map(str, value))}"
    return f"{f.label.lower()} {value}"


def effects(spec: RecordSpec, start: ShipState, end: ShipState) -> list[str]:
    """Every record value of `end` (ship fields but bars and loss flags, then item fields) that differs
    from the ship's own `start` and says something (see _at_rest), in words: '⚠ Damaged', 'Lost sys:
    Engines', then one entry per item: 'Ion Beam (w2): used, reload 2'. An item a ship list already
    names ('Lost sys: Flare Launcher (d2)') gets no flag of its own beside it."""
    words = []
    listed: set[str] = set()
    for f in spec.fields:
        if f.kind is FieldKind.BAR or f.key in spec.loss_flags:
            continue
        new = end.record.get(f.key, f.start_value())
        if new != start.record.get(f.key, f.start_value()) and not _at_rest(f, new, item=False):
            words.append(_word(f, new, end.record))
            if f.kind is FieldKind.LIST:
                listed.update(map(str, new or ()))
    at_start = {it.id: it for it in start.items}
    for item in end.items:
        base = at_start.get(item.id)
        label = f"{item.name} ({item.id})"
        changed = []
        for f in spec.item_fields:
            new = item.record.get(f.key, f.start_value())
            old = base.record.get(f.key, f.start_value()) if base is not None else f.start_value()
            if new == old or _at_rest(f, new, item=True) or (label in listed and f.kind is FieldKind.FLAG):
                continue
            changed.append(_item_word(f, new))
        if changed:
            words.append(f"{label}: {', '.join(changed)}")
    return words


def bars(spec: RecordSpec, ship: ShipState) -> list[str]:
    return [f"{f.label} {f.show(ship.record)}" for f in spec.bars()]


@dataclass
class _Period:
    """One stretch of a ship under one owner."""

    owner: int
    since: int  # turn
    end: ShipState | None = None  # the ship when it changed hands (None: still held)
    until: int | None = None
    to: int | None = None  # the captor


@dataclass
class _Life:
    start: ShipState
    joined: int
    how: str
    periods: list[_Period] = field(default_factory=list)
    out: tuple[str, int] | None = None  # (out word, turn)


class FleetTracker:
    """Follows every ship through the fold: when it joined, who held it, how it left play."""

    def __init__(self, spec: RecordSpec, initial: GameState) -> None:
        self.spec = spec
        self.lives: dict[str, _Life] = {}
        self.losses: list[dict[str, Any]] = []
        self.left_play: list[dict[str, Any]] = []
        self._closing: dict[str, _Period] = {}  # stretches that ended in the action being folded
        for ship in initial.ships.values():
            self.lives[ship.id] = _Life(ship, 0, "at the start", [_Period(ship.owner, 0)])

    def action_done(self) -> None:
        """An action's events are all in: a stretch that ended in it ends as the action left the ship
        (a ruleset may write the capture's other changes after the change of owner)."""
        self._closing.clear()

    def changed(self, before: GameState, after: GameState, event: Event) -> Iterator[tuple[ShipState, ShipState]]:
        """Note joins, captures and departures; yields (old, new) for each ship the event changed."""
        named = event.data.get("ship") if event.kind == "value-set" else None
        # a value-set changes its one ship (the generic reducer); other events may change any ship
        ids = (named,) if named in after.ships and named in before.ships else after.ships
        for sid in ids:
            ship, old = after.ships[sid], before.ships.get(sid)
            if old is ship:
                continue
            if old is None:
                self.lives[sid] = _Life(ship, after.turn, event.text, [_Period(ship.owner, after.turn)])
                continue
            life = self.lives[sid]
            if old.owner != ship.owner:
                last = life.periods[-1]
                last.end, last.until, last.to = ship, after.turn, ship.owner
                life.periods.append(_Period(ship.owner, after.turn))
                self._closing[sid] = last
            elif sid in self._closing:
                self._closing[sid].end = ship
            word = self.spec.out_word(ship.record)
            if word and not self.spec.out_word(old.record):
                self._left(after, ship, event, word)
                life.out = (word, after.turn)
            elif not word and life.out is not None:  # set back in play by hand
                life.out = None
            yield old, ship

    def _left(self, state: GameState, ship: ShipState, event: Event, word: str) -> None:
        entry = {"ship": ship.id, "name": ship.name, "class": ship.ship_class,
                 "owner": state.players[ship.owner].name, "turn": state.turn, "how": event.text}
        if self.spec.destroyed(ship.record):
            self.losses.append(entry)
        else:
            self.left_play.append({**entry, "out": word})

    def fleet(self, state: GameState, player: int) -> dict[str, Any]:
        """Every ship `player` held, in id order, and the counts for the fleet's header."""
        names = [p.name for p in state.players]
        rows = []
        for sid in sorted(self.lives, key=_id_key):
            life = self.lives[sid]
            for period in life.periods:
                if period.owner == player:
                    rows.append(self._row(state, life, period, names))
        counts: dict[str, int] = {"ships": len(rows), "in_play": 0, "lost": 0, "built": 0, "captured": 0,
                                  "taken": 0}
        out: dict[str, int] = {}
        for row in rows:
            counts["built"] += row["joined"]["turn"] > 0 and not row["captured_from"]
            counts["captured"] += bool(row["captured_by"])
            counts["taken"] += bool(row["captured_from"])
            if row["status"] == "in play":
                counts["in_play"] += 1
            elif row["status"] == "destroyed":
                counts["lost"] += 1
            elif not row["captured_by"]:
                out[row["status"]] = out.get(row["status"], 0) + 1
        return {"ships": rows, "counts": {**counts, "out": out}}

    def _row(self, state: GameState, life: _Life, period: _Period, names: list[str]) -> dict[str, Any]:
        end = period.end if period.end is not None else state.ships[life.start.id]
        status = "in play"
        if period.end is not None and period.to is not None:
            status = f"captured by {names[period.to]}"
        elif self.spec.destroyed(end.record):
            status = "destroyed"
        elif self.spec.lost(end.record):
            status = self.spec.out_word(end.record).lower()
        previous = next((p for p in life.periods if p.to == period.owner and p.until == period.since), None)
        return {
            "id": end.id, "name": end.name, "tag": end.tag, "class": end.ship_class,
            "items": [it.name for it in end.items],
            "joined": {"turn": life.joined, "how": life.how},
            "start": {"shown": shown(self.spec, life.start), "record": dict(life.start.record)},
            "end": {"shown": shown(self.spec, end), "bars": bars(self.spec, end),
                    "effects": effects(self.spec, life.start, end), "record": dict(end.record)},
            "status": status,
            "status_turn": period.until if period.end is not None else (life.out[1] if life.out else None),
            "captured_by": names[period.to] if period.to is not None else None,
            "captured_from": names[previous.owner] if previous is not None else None,
            "captured_turn": period.since if previous is not None else None,
        }


def _id_key(ship_id: str) -> tuple[int, str]:
    return (int(ship_id), ship_id) if ship_id.isdigit() else (1 << 30, ship_id)
