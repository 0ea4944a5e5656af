"""The lukas attack (§3.a, §3.b Bombs, §3.b Beam) as game events, and its odds before the roll.

The dice and tables are the rules package's (`procedures`); this module checks
the attack against the game state, reads the modifiers from the ship records and applies the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .lookup import find_subsystem
from .model import Ruleset
from .odds import attack_odds as rules_attack_odds
from .procedures import attack, engines_speed, plan_attack
from ...rules.names import UnknownName
from ...rules.outcome import AttackOdds
from ...game.errors import GameError, InvalidAction
from ...game.events import DiceRecorder, Event, dice_data
from ...game.generic import change_resource, require_started
from .record import ABILITY, ABILITY_MODES, AIMED, ATTACK, COMM_RADAR, FIELD_DEFENSE, HANGAR, READY
from .game_base import (
    ability_item,
    has_ability,
    is_beam,
    max_range,
    pick_weapon,
    radar_ships,
    update,
    weapon_data,
    weapons,
)
from ...game.state import GameState, ShipItem, ShipState

if TYPE_CHECKING:
    from .plugin import Plugin

HULL = "hull"
SUBSYSTEM_CHOICES = (HULL, "engines", "bridge", "weapon")

FIRE_HELP = (
    "attack with one weapon (§3.a): range and line of sight, d12 to hit (+1 Comm Radar, -2 bridge out), "
    "damage off the target's armor; armor 0 or less destroys it. Each weapon once a turn, not in a turn the "
    "ship uses an active ability; a Beam only at the target announced in the owner's previous turn. "
    "Dice, in order: the d12 to hit; then, for a bomb aimed at a subsystem that hits, the d8; then the "
    "weapon's damage dice (its Damage stat: 1d8 is one d8, 2d6 two d6) if the hull takes damage."
)


def radar_total(rules: Ruleset, state: GameState, ship: ShipState, others: int) -> int:
    """Comm Radars counted for an attack: those the player says are in reach, plus the ship's own."""
    total = max(0, others)
    if has_ability(ship, COMM_RADAR) and rules.setting("cr_includes_self"):
        total += 1
    return total


def check_fire(plugin: Plugin, state: GameState, args: dict[str, Any]) -> dict[str, Any]:
    """Everything an attack needs, checked against the state; InvalidAction says what is wrong."""
    require_started(state, "attack")
    rules = plugin.rules(state)
    ship = plugin.ship_on_table(state, args["ship"])
    mode = ship.get("mode") or ""
    if mode in ABILITY_MODES and mode != ABILITY:
        raise InvalidAction(
            f"{ship.label} used {mode} this turn: a ship cannot attack and use an active ability in the same turn"
        )
    if mode == ABILITY:
        raise InvalidAction(f"{ship.label} chose to use an ability this turn (choose-mode attack to change)")
    weapon = pick_weapon(ship, args.get("weapon"), ruleset=rules)
    if weapon.record.get("disabled"):
        raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} was knocked out by a bomb and cannot attack")
    if weapon.record.get("fired"):
        raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} has already fired this turn")
    weapon_name, wdata = weapon_data(rules, weapon)
    target = state.find_ship(args["target"])
    if target.id == ship.id:
        raise InvalidAction(f"{ship.label} cannot attack itself")
    if target.get("destroyed"):
        raise InvalidAction(f"{target.label} is already destroyed")
    if target.get("docked"):
        raise InvalidAction(f"{target.label} is inside a hangar, off the table")
    if target.owner == ship.owner:
        raise InvalidAction(f"{target.label} is one of {state.players[ship.owner].name}'s own ships")
    beam = is_beam(rules, weapon)
    if beam:
        check_beam(state, ship, weapon, target)
    elif not rules.setting("beam_other_weapons_on_announce"):
        aimed = [it for it in weapons(ship) if it.record.get("beam") == AIMED]
        if aimed:
            raise InvalidAction(
                f"{ship.label} announced a Beam attack this turn, so its other weapons stay silent "
                "(setting beam_other_weapons_on_announce)"
            )
    distance = args.get("distance")
    reach = max_range(wdata)
    if distance is not None:
        if distance < 0:
            raise InvalidAction("distance is measured in studs: 0 or more")
        if reach is not None and distance > reach:
            where = "1 stud or less from the melee tip" if reach <= 1 else f"{reach} studs"
            raise InvalidAction(
                f"out of range: {weapon_name} reaches {where}, {target.label} is {distance} away; "
                "the attack is cancelled (reposition and try again with the same weapon)"
            )
    if args.get("los") is False and wdata.los_needed:
        raise InvalidAction(
            f"{weapon_name} needs a clear line of sight; the attack is cancelled "
            "(reposition and try again with the same weapon)"
        )
    if ship.get("fd_active") and not rules.setting("fd_own_fire_leaves"):
        raise InvalidAction(f"{ship.label}'s own Field Defense is up and its fire may not leave it (setting fd_own_fire_leaves)")
    if target.get("fd_active") and not args.get("inside_field"):
        raise InvalidAction(
            f"{target.label} has its Field Defense up: no weapon passes into its 15-stud field "
            "(only a ship already inside it may fire: inside_field=yes)"
        )
    others = args.get("comm_radar") or 0
    if others < 0:
        raise InvalidAction("comm_radar counts allied Comm Radar ships within 10 studs: 0 or more")
    allies = radar_ships(state, ship)
    if others > len(allies):
        have = ", ".join(s.label for s in allies) or "none"
        raise InvalidAction(f"comm_radar={others}, but {ship.label}'s allies with Comm Radar on the table are: {have}")
    subsystem, target_weapon = _subsystem(rules, weapon_name, target, args)
    try:
        plan_attack(rules, weapon_name, target.ship_class, comm_radar=radar_total(rules, state, ship, others),
                    bridge_damaged=bool(ship.get("bridge_out")), subsystem=subsystem)
    except (UnknownName, ValueError) as exc:
        raise InvalidAction(str(exc)) from None
    group = [weapon]
    if wdata.type == "Missile" and rules.setting("missile_sets_merge_same_type"):
        group += [it for it in weapons(ship) if it.id != weapon.id and it.name == weapon.name
                  and not it.record.get("fired") and not it.record.get("disabled")]
    return {
        "rules": rules, "ship": ship, "weapon": weapon, "weapon_name": weapon_name, "target": target,
        "beam": beam, "group": group, "radars": radar_total(rules, state, ship, others), "subsystem": subsystem,
        "target_weapon": target_weapon, "distance": distance,
    }


def check_beam(state: GameState, ship: ShipState, weapon: ShipItem, target: ShipState) -> None:
    stage = weapon.record.get("beam") or ""
    if stage == AIMED:
        raise InvalidAction(
            f"{weapon.name} ({weapon.id}) of {ship.label} was announced this turn; it may fire in the owner's next "
            "turn (after the upkeep step 'A Beam announced last turn may fire')"
        )
    if stage != READY:
        raise InvalidAction(
            f"{weapon.name} ({weapon.id}) of {ship.label} must be announced the turn before it fires: "
            "use announce-beam now, fire next turn"
        )
    aim = weapon.record.get("aim") or ""
    if aim != target.id:
        aimed_at = state.ships[aim].label if aim in state.ships else aim
        raise InvalidAction(
            f"{weapon.name} ({weapon.id}) of {ship.label} was announced at {aimed_at}, not {target.label}; "
            "announce-beam again now to fire at a new target next turn"
        )


def _subsystem(rules: Ruleset, weapon_name: str, target: ShipState, args: dict[str, Any]) -> tuple[str | None, ShipItem | None]:
    choice = args.get("subsystem")
    target_weapon_ref = args.get("target_weapon")
    if choice in (None, HULL):
        if target_weapon_ref:
            raise InvalidAction("target_weapon goes with subsystem=weapon")
        return None, None
    _, sub = find_subsystem(rules, choice)
    if sub.code != "weapon":
        if target_weapon_ref:
            raise InvalidAction("target_weapon goes with subsystem=weapon")
        return choice, None
    if not target_weapon_ref:
        listing = ", ".join(f"{it.id} {it.name}" for it in weapons(target) if not it.record.get("disabled")) or "none"
        raise InvalidAction(f"subsystem=weapon: name the weapon to knock out with target_weapon ({listing})")
    aimed = pick_weapon(target, target_weapon_ref, ruleset=rules)
    if aimed.record.get("disabled"):
        raise InvalidAction(f"{aimed.name} ({aimed.id}) of {target.label} is already knocked out")
    return choice, aimed


def decide_fire(plugin: Plugin, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
    c = check_fire(plugin, state, args)
    rules: Ruleset = c["rules"]
    ship: ShipState = c["ship"]
    target: ShipState = c["target"]
    armor = int(target.get("armor") or 0)
    resolution = attack(
        rules, c["weapon_name"], target.ship_class, dice, comm_radar=c["radars"],
        bridge_damaged=bool(ship.get("bridge_out")), subsystem=c["subsystem"], armor=armor,
    )
    rolled = dice.take()
    out = resolution.outcome
    group: list[ShipItem] = c["group"]
    changes: list[tuple[str, str, Any]] = [(ship.id, "mode", ATTACK)]
    for it in group:
        changes.append((ship.id, f"{it.id}.fired", True))
    if c["beam"]:
        changes += [(ship.id, f"{c['weapon'].id}.beam", ""), (ship.id, f"{c['weapon'].id}.aim", "")]
    damage = int(out.get("damage", 0))
    if damage:
        changes.append((target.id, "armor", max(0, armor - damage)))
    effects = _subsystem_effects(rules, target, c, out) if out.get("subsystem_destroyed") else ([], "")
    changes += effects[0]
    tubes = f"{len(group)} × {c['weapon_name']} tubes as one attack" if len(group) > 1 else f"{c['weapon'].name} ({c['weapon'].id})"
    where = f" at {c['distance']} studs" if c["distance"] is not None else ""
    text = f"{ship.label} fires {tubes} at {target.label}{where}. " + " ".join(s.text for s in resolution.steps)
    if effects[1]:
        text += " " + effects[1]
    data = {
        "ship": ship.id, "items": [it.id for it in group], "target": target.id, "weapon": c["weapon_name"],
        "hit": bool(out.get("hit")), "damage": damage, "subsystem": c["subsystem"],
        "subsystem_destroyed": bool(out.get("subsystem_destroyed")), "dice": dice_data(rolled),
    }
    events = [update("ship-attacked", text, changes, **data)]
    if out.get("destroyed"):
        events += destroy_events(plugin, plugin.apply(state, events), target.id, ship.owner, f"by {ship.label}")
    return events


def _subsystem_effects(
    rules: Ruleset, target: ShipState, c: dict[str, Any], out: dict[str, Any]
) -> tuple[list[tuple[str, str, Any]], str]:
    name, sub = find_subsystem(rules, c["subsystem"])
    if sub.code == "engines":
        if target.get("engines_out"):
            return [], f"{target.label}'s engines were already out: no further effect."
        slow = engines_speed(rules, int(target.get("speed_max") or 0))
        return ([(target.id, "engines_out", True), (target.id, "speed", slow)],
                f"{name} of {target.label} destroyed: speed {target.get('speed')} → {slow} (half, rounded up); "
                "it still turns normally.")
    if sub.code == "bridge":
        if target.get("bridge_out"):
            return [], f"{target.label}'s bridge was already out: no further effect."
        return ([(target.id, "bridge_out", True)],
                f"{name} of {target.label} destroyed: its attacks now get "
                f"{sub.hit_modifier:+d} to hit and {sub.damage_modifier:+d} damage.")
    aimed: ShipItem = c["target_weapon"]
    changes: list[tuple[str, str, Any]] = [(target.id, f"{aimed.id}.disabled", True)]
    if aimed.record.get("beam"):
        changes += [(target.id, f"{aimed.id}.beam", ""), (target.id, f"{aimed.id}.aim", "")]
    return changes, f"{aimed.name} ({aimed.id}) of {target.label} knocked out: it can no longer attack."


def destroy_events(plugin: Plugin, state: GameState, victim_id: str, by: int | None, cause: str) -> list[Event]:
    """A ship destroyed: its record, ships docked inside it (setting docked_die_with_host), kills."""
    rules = plugin.rules(state)
    victim = state.ships[victim_id]
    inside = [s for s in state.ships.values()
              if s.get("docked_in") == victim.id and s.get("docked") and not s.get("destroyed")]
    die_inside = bool(inside) and bool(rules.setting("docked_die_with_host"))
    events: list[Event] = []
    kills = 0

    def lost(ship: ShipState, text: str, more: list[tuple[str, str, Any]]) -> None:
        nonlocal kills
        changes = [(ship.id, "destroyed", True), (ship.id, "immobile", False), (ship.id, "fd_active", False), *more]
        field = ability_item(ship, FIELD_DEFENSE)
        if field is not None and field.record.get("announced"):
            changes.append((ship.id, f"{field.id}.announced", False))
        events.append(update("ship-destroyed", text, changes, ship=ship.id, by=by))
        if by is not None and ship.owner != by:
            kills += 1

    bay = ability_item(victim, HANGAR)
    bays = [(victim.id, f"{bay.id}.bay_sc", 0), (victim.id, f"{bay.id}.bay_frig", 0)] if inside and bay else []
    lost(victim, f"{victim.label} is destroyed {cause}.", bays)
    for s in inside if die_inside else ():
        lost(s, f"{s.label}, docked inside {victim.label}, is lost with it (setting docked_die_with_host).",
             [(s.id, "docked", 0), (s.id, "docked_in", "")])
    if inside and not die_inside:
        changes = [c for s in inside for c in ((s.id, "docked", 0), (s.id, "docked_in", ""), (s.id, "immobile", False))]
        names = ", ".join(s.label for s in inside)
        events.append(update("left-hangar", f"{names} leave the wreck of {victim.label}, not repaired.", changes,
                             host=victim.id, ships=[s.id for s in inside]))
    if kills and by is not None:
        have = state.players[by].resources.get("kills", 0)
        events.append(change_resource(state, by, "kills", have + kills, f"{kills} enemy ship(s) destroyed"))
    return events


def fire_odds(plugin: Plugin, state: GameState, args: dict[str, Any]) -> AttackOdds | None:
    """Exact odds of `fire` in the current state; None while ship, weapon or target is missing or unknown."""
    if not args.get("ship") or not args.get("target"):
        return None
    try:
        rules = plugin.rules(state)
        ship = state.find_ship(args["ship"])
        weapon = pick_weapon(ship, args.get("weapon"), ruleset=rules)
        weapon_name, _ = weapon_data(rules, weapon)
        target = state.find_ship(args["target"])
    except GameError:
        return None
    armor = target.get("armor")
    subsystem = args.get("subsystem")
    key = (id(rules), weapon_name, target.ship_class, radar_total(rules, state, ship, args.get("comm_radar") or 0),
           bool(ship.get("bridge_out")), None if subsystem in (None, HULL) else subsystem,
           armor if isinstance(armor, int) and armor >= 1 else None)
    cache = plugin.odds_cache
    if key not in cache:
        if len(cache) > 4096:
            cache.clear()
        options = {"weapon": key[1], "target": key[2], "comm_radar": key[3], "bridge_damaged": key[4],
                   "subsystem": key[5], "armor": key[6]}
        try:
            cache[key] = rules_attack_odds(rules, options)
        except (UnknownName, ValueError):
            cache[key] = None
    return cache[key]
