"""An attack checked before any die is rolled (lukas §3.a, §3.b Bombs, §3.b Beam), and its dice.

`prepare_fire` is the one place that checks a `fire` against the game: the decider rolls from what it
returns, and `fire_dice` declares the dice from the same thing, so the form's dice, the plan the
engine checks and the roll always agree, and both refuse with the same reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import DicePlan, PlanBuilder, face, total
from ...rules.names import UnknownName, possessive
from .acting import ability_used, ship_on_table
from .game_base import (
    aimed_beams,
    cite,
    has_ability,
    is_beam,
    max_range,
    pick_weapon,
    radar_ships,
    setting_words,
    weapon_data,
    weapons,
)
from .lookup import find_subsystem
from .model import Ruleset
from .procedures import HIT_DIE, AttackPlan, plan_attack
from .record import ABILITY, AIMED, COMM_RADAR, READY

if TYPE_CHECKING:
    from .plugin import Plugin

HULL = "hull"
SUBSYSTEM_CHOICES = (HULL, "engines", "bridge", "weapon")


@dataclass(frozen=True)
class FireOrder:
    """One attack as checked: who fires what at whom, with which modifiers and aim."""

    rules: Ruleset
    ship: ShipState
    weapon: ShipItem
    weapon_name: str
    target: ShipState
    beam: bool
    group: tuple[ShipItem, ...]  # the weapon, plus same-type missile tubes fired with it (setting)
    radars: int
    subsystem: str | None
    target_weapon: ShipItem | None
    distance: int | None
    plan: AttackPlan


def radar_total(rules: Ruleset, ship: ShipState, others: int) -> int:
    """Comm Radars counted for an attack: those the player says are in reach, plus the ship's own."""
    total = max(0, others)
    if has_ability(ship, COMM_RADAR) and rules.setting("cr_includes_self"):
        total += 1
    return total


def radar_note(order: FireOrder) -> str | None:
    """What the Comm Radar adds to this attack and whose radars count, so a form that reads "other radars
    0" shows the +1 of the attacker's own radar (lukas §4.d; play-test round 3): 'Communication Radar +1 to
    hit and +1 damage: Titan (#7)'s own radar (other radars 0)'. None when no radar counts."""
    if not order.radars:
        return None
    rules = order.rules
    counted = order.radars if rules.setting("cr_stack") else 1
    name, radar = next((n, a) for n, a in rules.abilities.items() if a.code == "CR")
    own = 1 if has_ability(order.ship, COMM_RADAR) and rules.setting("cr_includes_self") else 0
    others = order.radars - own
    whose = " and ".join(w for w in (possessive(order.ship.label) + " own radar" if own else "",
                                     f"{others} other radar{'s' if others != 1 else ''}" if others else "") if w)
    return (f"{name} +{radar.hit_bonus * counted} to hit and +{radar.damage_bonus * counted} damage: {whose}"
            + (" (other radars 0)" if not others else "") + f" ({cite('§4.d')})")


def prepare_fire(plugin: Plugin, state: GameState, args: dict[str, Any], now: bool = True) -> FireOrder:
    """Everything an attack needs, checked against the state; InvalidAction says what is wrong. With
    `now` false, as the odds and the planner see an attack: of a ship whose turn is still to come too (the
    phase and whose turn it is are left out)."""
    rules = plugin.rules(state)
    ship = ship_on_table(plugin, state, args["ship"]) if now else off_turn_ship(state, args["ship"])
    used = ability_used(ship)
    if used:
        change = " (choose-mode attack to change)" if ship.get("mode") == ABILITY else ""
        raise InvalidAction(f"{ship.label} {used} this turn: a ship cannot attack and use an active ability in the "
                            f"same turn ({cite('§1.b')}){change}")
    weapon = pick_weapon(ship, args.get("weapon"), ruleset=rules)
    if weapon.record.get("disabled"):
        raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} was knocked out by a bomb and cannot attack "
                            f"({cite('§3.b Bombs')})")
    if weapon.record.get("fired"):
        raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} has already fired this turn: each weapon "
                            f"attacks once a turn ({cite('§1.b')})")
    weapon_name, wdata = weapon_data(rules, weapon)
    target = state.find_ship(args["target"])
    _check_target(state, ship, target)
    beam = is_beam(rules, weapon)
    if beam:
        check_beam(state, ship, weapon, target)
    elif aimed_beams(ship) and not rules.setting("beam_other_weapons_on_announce"):
        raise InvalidAction(f"{ship.label} announced a Beam attack this turn, so its other weapons stay silent "
                            f"; {setting_words(rules, 'beam_other_weapons_on_announce')}")
    distance = _check_reach(args, weapon_name, wdata, target)
    if ship.get("fd_active") and not rules.setting("fd_own_fire_leaves"):
        raise InvalidAction(f"{possessive(ship.label)} own Field Defense is up and its fire may not leave it"
                            f"; {setting_words(rules, 'fd_own_fire_leaves')}")
    if target.get("fd_active") and not args.get("inside_field"):
        raise InvalidAction(f"{target.label} has its Field Defense up: no weapon passes into its 15-stud field "
                            f"({cite('§4.a')}); only a ship already inside it may fire (tick 'inside field')")
    others = args.get("comm_radar") or 0
    if others < 0:
        raise InvalidAction("other radars counts allied Comm Radar ships within 10 studs: 0 or more")
    allies = radar_ships(state, ship)
    if others > len(allies):
        have = ", ".join(s.label for s in allies) or "none"
        raise InvalidAction(f"other radars {others}, but {possessive(ship.label)} allies with Comm Radar on the table are: {have}")
    subsystem, target_weapon = _subsystem(rules, target, args)
    radars = radar_total(rules, ship, others)
    try:
        plan = plan_attack(rules, weapon_name, target.ship_class, comm_radar=radars,
                           bridge_damaged=bool(ship.get("bridge_out")), subsystem=subsystem)
    except (UnknownName, ValueError) as exc:
        raise InvalidAction(str(exc)) from None
    group = [weapon]
    if wdata.type == "Missile" and rules.setting("missile_sets_merge_same_type"):
        group += [it for it in weapons(ship) if it.id != weapon.id and it.name == weapon.name
                  and not it.record.get("fired") and not it.record.get("disabled")]
    return FireOrder(rules, ship, weapon, weapon_name, target, beam, tuple(group), radars, subsystem, target_weapon,
                     distance, plan)


def off_turn_ship(state: GameState, ref: str) -> ShipState:
    """The ship an attack planned for its own turn is made by: on the table, whoever's turn it is now."""
    ship = state.find_ship(ref)
    if ship.get("destroyed"):
        raise InvalidAction(f"{ship.label} is destroyed and cannot act")
    if ship.get("docked"):
        raise InvalidAction(f"{ship.label} is docked in a hangar and off the table until it comes out ({cite('§4.b')})")
    return ship


def _check_target(state: GameState, ship: ShipState, target: ShipState) -> None:
    if target.id == ship.id:
        raise InvalidAction(f"{ship.label} cannot attack itself")
    if target.get("destroyed"):
        raise InvalidAction(f"{target.label} is already destroyed")
    if target.get("docked"):
        raise InvalidAction(f"{target.label} is inside a hangar, off the table")
    if target.owner == ship.owner:
        raise InvalidAction(f"{target.label} is one of {possessive(state.players[ship.owner].name)} own ships")


def _check_reach(args: dict[str, Any], weapon_name: str, wdata: Any, target: ShipState) -> int | None:
    distance = args.get("distance")
    reach = max_range(wdata)
    if distance is not None:
        if distance < 0:
            raise InvalidAction("distance is measured in studs: 0 or more")
        if reach is not None and distance > reach:
            where = "1 stud or less from the melee tip" if reach <= 1 else f"{reach} studs"
            raise InvalidAction(
                f"out of range: {weapon_name} reaches {where}, {target.label} is {distance} away; the attack is "
                f"cancelled (reposition and try again with the same weapon, {cite('§3.a')})"
            )
    if args.get("los") is False and wdata.los_needed:
        raise InvalidAction(f"{weapon_name} needs a clear line of sight; the attack is cancelled (reposition and try "
                            f"again with the same weapon, {cite('§2.c')})")
    return distance


def check_beam(state: GameState, ship: ShipState, weapon: ShipItem, target: ShipState | None) -> None:
    """Refused unless the Beam was announced in the owner's previous turn at this target (§3.b Beam)."""
    stage = weapon.record.get("beam") or ""
    if stage == AIMED:
        raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} was announced this turn; it fires in the "
                            f"owner's next turn ({cite('§3.b Beam')})")
    if stage != READY:
        raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} must be announced the turn before it fires "
                            f"({cite('§3.b Beam')}): announce-beam now, fire next turn")
    aim = weapon.record.get("aim") or ""
    if target is not None and aim != target.id:
        aimed_at = state.ships[aim].label if aim in state.ships else aim
        raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} was announced at {aimed_at}, not "
                            f"{target.label}; announce-beam again now to fire at a new target next turn")


def _subsystem(rules: Ruleset, target: ShipState, args: dict[str, Any]) -> tuple[str | None, ShipItem | None]:
    choice = args.get("subsystem")
    target_weapon_ref = args.get("target_weapon")
    if choice in (None, HULL):
        if target_weapon_ref:
            raise InvalidAction("a target weapon is named only when the attack aims at a weapon (subsystem: weapon)")
        return None, None
    _, sub = find_subsystem(rules, choice)
    if sub.code != "weapon":
        if target_weapon_ref:
            raise InvalidAction("a target weapon is named only when the attack aims at a weapon (subsystem: weapon)")
        return choice, None
    if not target_weapon_ref:
        listing = ", ".join(f"{it.id} {it.name}" for it in weapons(target) if not it.record.get("disabled")) or "none"
        raise InvalidAction(f"aimed at a weapon: name the target weapon to knock out ({listing})")
    aimed = pick_weapon(target, target_weapon_ref, ruleset=rules)
    if aimed.record.get("disabled"):
        raise InvalidAction(f"{aimed.name} ({aimed.id}) of {target.label} is already knocked out")
    return choice, aimed


# ---- the dice, declared before rolling ---------------------------------------------------------


def fire_dice(order: FireOrder) -> DicePlan:
    """The d12 to hit; a bomb aimed at a subsystem: the d8 on a hit; the damage dice when the hull takes
    damage (lukas §3.a steps 4-5, §3.b Bombs)."""
    plan = order.plan
    builder = PlanBuilder()
    mods = f", {', '.join(plan.modifier_notes)}" if plan.modifier_notes else ""
    ship = order.ship.id
    hit = builder.die(HIT_DIE, f"to hit {order.target.label}: {plan.needed}+ on the d12{mods}", ship=ship,
                      table=f"{plan.weapon_name} hit numbers vs a {plan.target.size} target ({cite('§3.a')})")

    def hits(faces: tuple[int | None, ...]) -> bool:
        rolled = face(faces, hit)
        return rolled is not None and plan.is_hit(rolled)

    damage_when = hits
    damage_text = "on a hit"
    table = plan.subsystem_table
    if table is not None:
        rows = "; ".join(f"{min(r.faces)}-{max(r.faces)} {r.text}" for r in table.rows)
        count, sides = _dice_of(table.dice)
        sub = builder.dice(count, sides, f"bomb aimed at the {plan.subsystem}: {rows}", ship=ship, when=hits,
                           when_text="on a hit", table=f"{table.name} ({cite('§3.b Bombs')})")

        def hull_hit(faces: tuple[int | None, ...]) -> bool:
            rolled = total(faces, sub)
            return hits(faces) and rolled is not None and table.lookup(rolled).value != 0

        damage_when, damage_text = hull_hit, "when the bomb hits the hull"
    dd = plan.dice
    builder.dice(dd.count, dd.sides, f"damage {order.rules.weapons[plan.weapon_name].damage}", ship=ship,
                 when=damage_when, when_text=damage_text, table=f"{plan.weapon_name} damage ({cite('§3.b')})")
    return builder.build()


def _dice_of(text: str) -> tuple[int, int]:
    """'d8' -> (1, 8), '2d6' -> (2, 6)."""
    count, _, sides = text.strip().lower().partition("d")
    return int(count or 1), int(sides)


def beam_args(state: GameState, ship: ShipState, beam: ShipItem, args: dict[str, Any]) -> dict[str, Any]:
    """The `fire` arguments of a `fire-beam`: the Beam at its announced target."""
    return {"ship": ship.id, "weapon": beam.id, "target": beam.record.get("aim") or "", "distance": None,
            "comm_radar": args.get("comm_radar") or 0, "subsystem": None, "target_weapon": None, "los": True,
            "inside_field": args.get("inside_field") or False}


def prepare_beam(plugin: Plugin, state: GameState, args: dict[str, Any], now: bool = True) -> FireOrder:
    """A `fire-beam` checked: the named Beam, or the one ready to fire, at its announced target."""
    rules = plugin.rules(state)
    ship = ship_on_table(plugin, state, args["ship"]) if now else off_turn_ship(state, args["ship"])
    ready = [it for it in weapons(ship) if it.record.get("beam") == READY]
    ref = args.get("weapon")
    beam = ready[0] if ref is None and len(ready) == 1 else pick_weapon(ship, ref, beams_only=True, ruleset=rules)
    if beam.record.get("beam") != READY:
        check_beam(state, ship, beam, None)
    return prepare_fire(plugin, state, beam_args(state, ship, beam, args), now)
