"""Damage on cal ship records: table results applied, batteries and bays picked, breaches, immediate damage.

The rolls themselves are the rules package's (`resolve_damage`, `resolve_boarders`); this module
writes their outcome onto the record. Two table results need a choice the lost notes left to
chance (house defaults): which battery a Battery Damaged hits and which bay an Ordnance Bay Damaged
destroys. Both are picked with one more die after the table rolls: a d6 split evenly when the
choices divide 6 (1-3 / 4-6), else a die with one face per choice.
"""

from __future__ import annotations

from typing import Any

from .damage import NONE, pick_index, pick_sides, table_called
from .damage_plan import DamageTarget
from .procedures import resolve_damage
from .game_base import BAY_ITEMS, POINT_ITEM, TABLE_ROLLED, WEAPON_ITEMS, CalBase, out_of_play
from .notation import parse_counter, plural, sorted_track
from ...game.events import DiceRecorder
from ...game.state import GameState, ShipItem, ShipState

STATUS_FLAGS = ("engines_damaged", "sensors_offline", "engines_offline", "weapons_offline")


def pick(dice: DiceRecorder, options: list[str], what: str) -> tuple[int, str]:
    """Pick one of `options` with the `pick_sides` die; (index, words for the log)."""
    n = len(options)
    sides = pick_sides(n)
    if sides is None:
        return 0, f"{what}: {options[0]} (the only one)"
    face = dice.roll(sides)
    index = pick_index(face, n)
    if sides == 6:
        span = 6 // n
        ranges = ", ".join(f"{k * span + 1}{'-' + str(k * span + span) if span > 1 else ''} {o}" for k, o in enumerate(options))
    else:
        ranges = ", ".join(f"{k} {o}" for k, o in enumerate(options, start=1))
    return index, f"{what}: 1d{sides} ({ranges}) rolled {face} → {options[index]}"


def trim_track(item: ShipItem) -> tuple[list[str], list[str]]:
    """(track kept, counters removed) when a bay is lost: the least advanced counters leave first."""
    track = sorted_track(item.record.get("track") or [])
    keep = int(item.record.get("bays", 0))
    return track[:keep], track[keep:]


def apply_outcome(
    plugin: CalBase, state: GameState, ship_id: str, outcome: dict[str, Any], dice: DiceRecorder
) -> tuple[GameState, list[str]]:
    """The state after a damage / boarder outcome of the rules package, and words for the picks."""
    ship = state.ships[ship_id]
    words: list[str] = []
    values: dict[str, Any] = {}
    if "ss_after" in outcome:
        values["ss"] = outcome["ss_after"]
    crew_change = int(outcome.get("crew", 0)) + int(outcome.get("crew_permanent", 0))
    if crew_change:
        values["crew"] = int(ship.record["crew"]) + crew_change
    if outcome.get("crew_permanent"):
        values["crew_permanent"] = int(ship.record.get("crew_permanent", 0)) + int(outcome["crew_permanent"])
    if outcome.get("fire"):
        values["fire"] = int(ship.record["fire"]) + int(outcome["fire"])
    for status in outcome.get("statuses", []):
        if status in STATUS_FLAGS:
            values[status] = True
    if outcome.get("check") in ("minor", "major") and TABLE_ROLLED not in plugin.marks(ship):
        values["marks"] = [*plugin.marks(ship), TABLE_ROLLED]
    ship = ship.with_values(values)
    effects = list(outcome.get("effects", []))
    if "pd_damaged" in effects:
        points = plugin.items_named(ship, POINT_ITEM)
        if points:
            ship = ship.with_item_values(points[0].id, {"damaged": True})
        else:
            words.append("Point Defences Damaged: the ship has no point defence, no effect.")
    for _ in range(effects.count("battery_damaged")):
        ship, said = damage_battery(plugin, ship, dice)
        words.append(said)
    for _ in range(effects.count("bay_damaged")):
        ship, said = damage_bay(plugin, ship, dice)
        words.append(said)
    if outcome.get("destroyed"):
        blast = outcome.get("blast") or 0
        ship = out_of_play(ship, destroyed=True, blast=blast)
        if blast:
            words.append(f"Blast due: {blast} damage to every ship in and next to its hex: record it with "
                          "blast, naming the ships it reaches (or none).")
    return state.with_ship(ship), words


def damage_battery(plugin: CalBase, ship: ShipState, dice: DiceRecorder) -> tuple[ShipState, str]:
    batteries = [it for it in plugin.items_named(ship, *WEAPON_ITEMS.values()) if not it.record.get("damaged")]
    if not batteries:
        return ship, "Battery Damaged: no working battery left to damage, no effect."
    index, words = pick(dice, [it.name for it in batteries], "Battery Damaged hits")
    return ship.with_item_values(batteries[index].id, {"damaged": True}), f"{words}: it cannot fire until repaired."


def damage_bay(plugin: CalBase, ship: ShipState, dice: DiceRecorder) -> tuple[ShipState, str]:
    bays = [it for it in plugin.items_named(ship, *BAY_ITEMS.values()) if int(it.record.get("bays", 0)) > 0]
    if not bays:
        return ship, "Ordnance Bay Damaged: no working bay or tube left, no effect."
    index, words = pick(dice, [it.name for it in bays], "Ordnance Bay Damaged hits")
    item = bays[index]
    left = int(item.record["bays"]) - 1
    item = item.model_copy(update={"record": {**item.record, "bays": left}})
    track, removed = trim_track(item)
    words += f": one lost, {left} of {item.record['bays_max']} left"
    if removed:
        kinds = ", ".join(parse_counter(c)[0] for c in removed)
        verb = "leaves" if len(removed) == 1 else "leave"
        words += f"; {plural(len(removed), 'counter')} above the bays {verb} the track ({kinds})"
    return ship.with_item_values(item.id, {"bays": left, "track": track}), words + "."


def own_roll_spent(plugin: CalBase, state: GameState, ship: ShipState) -> bool:
    """True when immediate damage gets no table of its own: the ship already rolled this round and
    the house setting immediate_damage_own_roll is off."""
    return not plugin.setting(state, "immediate_damage_own_roll") and TABLE_ROLLED in plugin.marks(ship)


def immediate_table(plugin: CalBase, state: GameState, ship: ShipState, amount: int) -> str:
    """The table immediate damage calls for on this ship now: minor, major or none."""
    if own_roll_spent(plugin, state, ship):
        return NONE
    return table_called(plugin.rules(state), int(ship.record["ss"]), amount)


def damage_target(plugin: CalBase, ship: ShipState) -> DamageTarget:
    """What the ship's damage dice depend on (the batteries and bays a pick chooses from)."""
    batteries = tuple(it.name for it in plugin.items_named(ship, *WEAPON_ITEMS.values()) if not it.record.get("damaged"))
    bays = tuple((it.name, int(it.record.get("bays", 0))) for it in plugin.items_named(ship, *BAY_ITEMS.values()))
    return DamageTarget(ship.id, ship.label, batteries, bays)


def hit(
    plugin: CalBase, state: GameState, ship_id: str, amount: int, dice: DiceRecorder
) -> tuple[GameState, list[str], dict[str, Any]]:
    """Immediate damage (ram, fire in the Interphase, hard turn, blast): resolved at once against
    the current SS with the thresholds. Returns the new state, the words, the outcome."""
    rules = plugin.rules(state)
    ship = state.ships[ship_id]
    ss = int(ship.record["ss"])
    if own_roll_spent(plugin, state, ship):
        after = max(ss - amount, 0)
        destroyed = bool(plugin.setting(state, "ss_zero_destroys")) and after == 0 and amount > 0
        words = [f"Immediate damage {amount} against SS {ss}: SS {ss} → {after}; the ship already rolled a "
                 "damage table this round and immediate damage gets no table of its own (a house setting, "
                 "“Immediate damage (ram, fire in the Interphase, hard turn, blast) gets its own damage-table check”: "
                 "off)."]
        if destroyed:
            words.append("SS 0 destroys the ship: the house rule 'SS 0 destroys' is on (setting “Whether SS 0 "
                         "alone destroys a ship”: on).")
        outcome: dict[str, Any] = {"ss_before": ss, "damage": amount, "ss_after": after, "check": "none",
                                   "effects": [], "destroyed": destroyed, "blast": None}
    else:
        res = resolve_damage(rules, ss, amount, dice, unit=plugin.stats(ship).type, immediate=True)
        outcome = dict(res.outcome)
        words = [s.text for s in res.steps]
    state, more = apply_outcome(plugin, state, ship_id, outcome, dice)
    return state, words + more, outcome
