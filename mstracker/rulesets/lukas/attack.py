"""The lukas attack (lukas §3.a, §3.b Bombs, §3.b Beam) as game events, and a ship's destruction.

The dice and tables are the rules package's (`procedures`); `fire_check` checks the attack against the
game state and declares its dice; `fire_action` is the typed action; this module rolls it and writes the
story and every change (Batch).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.batch import Batch
from ...game.events import DiceRecorder, dice_data
from ...game.state import ShipItem, ShipState
from ...rules.names import possessive
from .fire_check import FireOrder
from .game_base import ability_item, cite, setting_words, weapons
from .lookup import find_subsystem
from .procedures import attack, engines_speed
from .record import ATTACK, BOOSTERS, FIELD_DEFENSE, HANGAR, INFILTRATION

if TYPE_CHECKING:
    from .plugin import Plugin


def write_fire(plugin: Plugin, batch: Batch, order: FireOrder, dice: DiceRecorder, reach: str = "") -> None:
    """Roll one checked attack and write what it did into `batch`; `reach` says how its range was settled
    ('at 5 studs', 'in range (not measured)'; '' for a Beam, which reaches anywhere)."""
    ship, target = order.ship, order.target
    armor = int(target.get("armor") or 0)
    resolution = attack(
        order.rules, order.weapon_name, target.ship_class, dice, comm_radar=order.radars,
        bridge_damaged=bool(ship.get("bridge_out")), subsystem=order.subsystem, armor=armor,
    )
    rolled = dice.take()
    out = resolution.outcome
    damage = int(out.get("damage", 0))
    destroyed_sub = bool(out.get("subsystem_destroyed"))
    effect = _subsystem_effect(order) if destroyed_sub else ""
    tubes = (f"{len(order.group)} × {order.weapon_name} tubes as one attack" if len(order.group) > 1
             else f"{order.weapon.name} ({order.weapon.id})")
    where = f" {reach}" if reach else ""
    text = f"{ship.label} fires {tubes} at {target.label}{where}. " + " ".join(s.text for s in resolution.steps)
    batch.story("ship-attacked", text + (f" {effect}" if effect else ""), ship=ship.id,
                items=[it.id for it in order.group], target=target.id, weapon=order.weapon_name, hit=bool(out.get("hit")),
                damage=damage, subsystem=order.subsystem, subsystem_destroyed=destroyed_sub, dice=dice_data(rolled))
    batch.set(ship.id, "mode", ATTACK, "it attacks this turn")
    for it in order.group:
        batch.set(ship.id, f"{it.id}.fired", True, "fired this turn")
    if order.beam:
        batch.set(ship.id, f"{order.weapon.id}.beam", "", "the announced attack is made")
        batch.set(ship.id, f"{order.weapon.id}.aim", "", "the announced attack is made")
    if damage:
        batch.set(target.id, "armor", max(0, armor - damage), f"hit by {order.weapon_name} of {ship.label}")
    if destroyed_sub:
        _apply_subsystem(batch, order)
    if out.get("destroyed"):
        destroy(plugin, batch, target.id, ship.owner, f"by {ship.label}")


def _subsystem_effect(order: FireOrder) -> str:
    name, sub = find_subsystem(order.rules, order.subsystem or "")
    target = order.target
    if sub.code == "engines":
        if target.get("engines_out"):
            return f"{possessive(target.label)} engines were already out: no further effect."
        slow = engines_speed(order.rules, int(target.get("speed_max") or 0))
        return (f"{name} of {target.label} destroyed: speed {target.get('speed')} → {slow} (half, rounded up); "
                f"it still turns normally ({cite('§3.b Bombs')}).")
    if sub.code == "bridge":
        if target.get("bridge_out"):
            return f"{possessive(target.label)} bridge was already out: no further effect."
        return (f"{name} of {target.label} destroyed: its attacks now get {sub.hit_modifier:+d} to hit and "
                f"{sub.damage_modifier:+d} damage ({cite('§3.b Bombs')}).")
    aimed = order.target_weapon
    assert aimed is not None
    return f"{aimed.name} ({aimed.id}) of {target.label} knocked out: it can no longer attack ({cite('§3.b Bombs')})."


def _apply_subsystem(batch: Batch, order: FireOrder) -> None:
    _, sub = find_subsystem(order.rules, order.subsystem or "")
    target = batch.ship(order.target.id)
    why = f"bomb of {order.ship.label}"
    if sub.code == "engines":
        if not target.get("engines_out"):
            batch.set(target.id, "engines_out", True, why)
            slow = engines_speed(order.rules, int(target.get("speed_max") or 0))
            batch.set(target.id, "speed", slow, "half speed, rounded up")
        return
    if sub.code == "bridge":
        batch.set(target.id, "bridge_out", True, why)
        return
    aimed = order.target_weapon
    assert aimed is not None
    batch.set(target.id, f"{aimed.id}.disabled", True, why)
    if aimed.record.get("beam") or aimed.record.get("aim"):
        batch.set(target.id, f"{aimed.id}.beam", "", "knocked out: its announced attack lapses")
        batch.set(target.id, f"{aimed.id}.aim", "", "knocked out: its announced attack lapses")


# ---- destruction ------------------------------------------------------------------------------


def destroy(plugin: Plugin, batch: Batch, victim_id: str, by: int | None, cause: str) -> None:
    """A ship destroyed: its record and what it had in play, ships docked inside it (setting), kills."""
    rules = plugin.rules(batch.state)
    victim = batch.ship(victim_id)
    inside = [s for s in batch.state.ships.values()
              if s.get("docked_in") == victim.id and s.get("docked") and not s.get("destroyed")]
    die_inside = bool(inside) and bool(rules.setting("docked_die_with_host"))
    kills = _lose(plugin, batch, victim, f"{victim.label} is destroyed {cause}.", by, f"destroyed {cause}")
    bay = ability_item(victim, HANGAR)
    if inside and bay is not None:
        batch.set(victim.id, f"{bay.id}.bay_sc", 0, "the hangar is gone")
        batch.set(victim.id, f"{bay.id}.bay_frig", 0, "the hangar is gone")
    for s in inside:
        batch.set(s.id, "docked", 0, f"{victim.label} is destroyed")
        batch.set(s.id, "docked_in", "", f"{victim.label} is destroyed")
        if die_inside:
            kills += _lose(plugin, batch, batch.ship(s.id), f"{s.label}, docked inside {victim.label}, is lost with it"
                           f"; {setting_words(rules, 'docked_die_with_host')}.", by, f"lost with {victim.label}")
        else:
            batch.set(s.id, "immobile", False, "out of the wreck")
    if inside and not die_inside:
        names = ", ".join(s.label for s in inside)
        batch.story("left-hangar", f"{names} leave the wreck of {victim.label}, not repaired.", host=victim.id,
                    ships=[s.id for s in inside])
    if kills and by is not None:
        have = batch.state.players[by].resources.get("kills", 0)
        batch.resource(by, "kills", have + kills, f"{kills} enemy ship(s) destroyed")


def _lose(plugin: Plugin, batch: Batch, ship: ShipState, text: str, by: int | None, why: str) -> int:
    """One ship out of play, with nothing of it left in play; 1 when it counts as a kill for `by`."""
    gone = live_effects(ship)
    batch.story("ship-destroyed", text + (f" {' '.join(gone)}" if gone else ""), ship=ship.id, by=by)
    batch.set(ship.id, "destroyed", True, why)
    clear_effects(batch, ship.id, "the ship is destroyed")
    end_infiltrations(plugin, batch, ship.id)
    return 1 if by is not None and ship.owner != by else 0


def live_effects(ship: ShipState) -> list[str]:
    """What the ship has in play that ends with it, in words ('Its booster marker comes off.')."""
    out = []
    field = ability_item(ship, FIELD_DEFENSE)
    if ship.get("fd_active"):
        out.append("Its Field Defense goes down.")
    elif field is not None and field.record.get("announced"):
        out.append("Its announced Field Defense is lost.")
    boosters = ability_item(ship, BOOSTERS)
    if boosters is not None and boosters.record.get("marker"):
        out.append("Its booster marker comes off.")
    if any(it.record.get("beam") for it in weapons(ship)):
        out.append("Its Beam announcement lapses.")
    return out


def clear_effects(batch: Batch, ship_id: str, reason: str) -> None:
    """The ship's turn-bound state back to rest: Field Defense, booster marker, Beam announcements, holds."""
    ship = batch.ship(ship_id)
    batch.set(ship_id, "fd_active", False, reason)
    batch.set(ship_id, "immobile", False, reason)
    for it in ship.items:
        if it.record.get("announced"):
            batch.set(ship_id, f"{it.id}.announced", False, reason)
        if it.record.get("marker"):
            batch.set(ship_id, f"{it.id}.marker", 0, reason)
        if it.kind == "weapon" and (it.record.get("beam") or it.record.get("aim")):
            batch.set(ship_id, f"{it.id}.beam", "", reason)
            batch.set(ship_id, f"{it.id}.aim", "", reason)
    if batch.state.extra.get("fd_since", {}).get(ship_id) is not None:
        since = {k: v for k, v in batch.state.extra["fd_since"].items() if k != ship_id}
        batch.extra("fd_since", since, f"{possessive(ship.label)} Field Defense is no longer up")


def end_infiltrations(plugin: Plugin, batch: Batch, ship_id: str) -> None:
    """Infiltrations that end with a destroyed ship: its own (when a capture needs a living infiltrator,
    lukas §4.c) and the one aimed at it."""
    ship = batch.ship(ship_id)
    pods = ability_item(ship, INFILTRATION)
    target_id = (pods.record.get("target") or "") if pods is not None else ""
    if pods is not None and target_id and plugin.rules(batch.state).setting("infiltration_needs_survival"):
        release_hold(batch, ship_id, pods, f"the infiltrator {ship.label} is destroyed")
    by = ship.get("infiltrated_by") or ""
    infiltrator = batch.state.ships.get(by)
    their_pods = ability_item(infiltrator, INFILTRATION) if infiltrator is not None else None
    if infiltrator is not None and their_pods is not None and their_pods.record.get("target") == ship_id:
        release_hold(batch, infiltrator.id, their_pods, f"its target {ship.label} is destroyed")


def release_hold(batch: Batch, frigate_id: str, pods: ShipItem, why: str) -> None:
    """An infiltration that ends without a capture: both ships free to move again."""
    frigate = batch.ship(frigate_id)
    target = batch.state.ships.get(pods.record.get("target") or "")
    name = target.label if target is not None else pods.record.get("target")
    batch.story("infiltration-failed", f"The infiltration of {name} by {frigate.label} ends: {why} ({cite('§4.c')}).",
                ship=frigate.id, target=target.id if target else None)
    batch.set(frigate.id, f"{pods.id}.target", "", why)
    if not frigate.get("destroyed"):
        batch.set(frigate.id, "immobile", False, why)
    if target is None:
        return
    if target.get("infiltrated_by") == frigate.id:
        batch.set(target.id, "infiltrated_by", "", why)
    own = ability_item(target, INFILTRATION)
    held_otherwise = bool(batch.ship(target.id).get("infiltrated_by")) or (own is not None and bool(own.record.get("target")))
    if not held_otherwise and not target.get("destroyed"):
        batch.set(target.id, "immobile", False, why)
