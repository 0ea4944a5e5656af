"""The readiness of every item on a cal ship, in the book's words: batteries (shots of their rate this round,
Battery Damaged, Weapons/Ordnance Offline), point defence (shots of its Point stat, Point Defences
Damaged) and bays (the Ordnance Ready Track: ready counters, counters moving toward ready, launched).

A ship out of play (destroyed by a Reactor Breach, or jumped out) shows every item as not usable, with
no live figures."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import ItemReadiness, Readiness
from .game_base import BAY_ITEMS, ITEM_FIELDS, POINT_ITEM, WEAPON_ITEMS
from .notation import parse_counter, plural
from .point_defence import pd_range
from .tokens import tokens

if TYPE_CHECKING:
    from .plugin import Plugin

#: Point defence is not a weapon a fire action offers: "ineffective against other ships but devastating to
#: ordnance" (cal §Point Defenses). Its readiness kind is a device's, so ship-to-ship forms leave it out.
POINT_KIND = "device"
OFFLINE = "Weapons/Ordnance Offline: the ship cannot fire weapons, ordnance or PD at all until repaired"


def ship_readiness(plugin: Plugin, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
    return tuple(item_readiness(plugin, state, ship, item) for item in ship.items)


def item_readiness(plugin: Plugin, state: GameState, ship: ShipState, item: ShipItem) -> ItemReadiness:
    kind = POINT_KIND if item.name == POINT_ITEM else item.kind

    def say(status: Readiness, detail: str, turns_left: int | None = None) -> ItemReadiness:
        return ItemReadiness(item.id, item.name, kind, status, detail, turns_left=turns_left)

    if ship.record.get("destroyed"):
        return say(Readiness.DISABLED, "the ship is destroyed")
    if ship.record.get("jumped"):
        return say(Readiness.DISABLED, "the ship has jumped out")
    if item.name in BAY_ITEMS.values():
        return _bay(plugin, state, ship, item, say)
    if item.record.get("damaged"):
        what = "Point Defences Damaged: cannot fire" if item.name == POINT_ITEM else "Battery Damaged: cannot fire"
        return say(Readiness.DESTROYED, f"{what} until repaired")
    if ship.record.get("weapons_offline"):
        return say(Readiness.DISABLED, OFFLINE)
    rate, used = int(item.record.get("rate", 1)), int(item.record.get("shots", 0))
    fired = f"{used} of {plural(rate, 'shot')} fired this round"
    if used >= rate:
        return say(Readiness.SPENT, fired)
    if item.name in WEAPON_ITEMS.values() and ship.record.get("sensors_offline"):
        fired += f"; range 1 (Sensors Offline), stat {item.record.get('stat', '')}"
    elif item.name == POINT_ITEM:
        fired += f"; range {pd_range(plugin, state, ship)} hexes, at ordnance only"
    return say(Readiness.READY, fired)


def _bay(plugin: Plugin, state: GameState, ship: ShipState, item: ShipItem,
         say: Callable[..., ItemReadiness]) -> ItemReadiness:
    bays, most = int(item.record.get("bays", 0)), int(item.record.get("bays_max", 0))
    lost = f" ({bays} of {most} left)" if bays < most else ""
    if bays <= 0:
        return say(Readiness.DESTROYED, f"all {most} lost to Ordnance Bay Damaged")
    if ship.record.get("weapons_offline"):
        return say(Readiness.DISABLED, OFFLINE)
    counters = [parse_counter(c) for c in item.record.get("track") or []]
    ready = [kind for kind, left in counters if left <= 0]
    waiting = [left for _, left in counters if left > 0]
    later = f"; {plural(len(waiting), 'counter')} on the track, the next ready in {plural(min(waiting), 'Interphase')}" if waiting else ""
    if ready:
        kinds = ", ".join(f"{k} ×{ready.count(k)}" if ready.count(k) > 1 else k for k in dict.fromkeys(ready))
        return say(Readiness.READY, f"ready to launch: {kinds}{later}{lost}")
    if waiting:
        nearest = plural(min(waiting), 'Interphase')
        when = f"ready in {nearest}" if len(waiting) == 1 else f"the next ready in {nearest}"
        return say(Readiness.RELOADING, f"{plural(len(waiting), 'counter')} on the Ordnance Ready Track, {when}{lost}",
                   turns_left=min(waiting))
    field = ITEM_FIELDS[item.name]
    launched = [t["id"] for t in tokens(state) if t["ship"] == ship.id and t.get("round") == state.turn
                and field in plugin.ruleset.ordnance[t["kind"]].bays]
    if launched and state.started:
        return say(Readiness.SPENT, f"launched this round ({', '.join(launched)}); the track is empty{lost}")
    return say(Readiness.WAITING, f"the Ordnance Ready Track is empty: ready counters in the Ordnance phase{lost}")
