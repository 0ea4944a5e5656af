"""spook gunnery (§3 B2, §5): fire one weapon, with flares (§6 B1), friendly fire on a 12 (§5 Accuracy)
and a bomber's subsystem targeting (§7 A11, house default).

`prepare_fire` checks a fire order once and returns its `FireSetup`; the typed action fire.Fire (its
refusals, dice, outcome and decision) starts from it, so they never disagree about what is legal.
Every roll goes through the rules package (`resolve_attack`, `resolve_subsystem`), so what the app
rolls, what `mstracker odds spook` shows and what a player reads in the book agree. friendly-fire, which
settles a d12 of 12 afterwards, is the typed action hazard_actions.FriendlyFire.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import ArgChoice
from ...rules.names import possessive
from .game_base import FLARES, SpookBase
from .procedures import AttackSetup, attack_setup

FIRE_HELP = (
    "fire one weapon at an enemy ship (spook §3 B2, §5). Dice, in rolling order: a d6 for 'N x d6' damage "
    "(Cluster Torpedo Launcher, Gattling Mass Driver); a d12 on the accuracy table when the weapon's accuracy "
    "is below the target's agility (§5 Accuracy); a d8 on the flares table for each of the target's flare "
    "launchers with ammo, while damage is left (§6 B1); a d8 on the subsystem table when a bomber names a "
    "subsystem and its bombs deal damage (§7 A11, house default). On a d12 of 12 one of your ships in range "
    "takes the full damage: name it as “ally” now, or settle it afterwards with Friendly fire (x, the Actions list)"
)
FRIENDLY_FIRE_HELP = (
    "settle a d12 of 12 (spook §5 Accuracy): the attacker's player picks one of their own ships in range to take "
    "the full damage, or none when no own ship is in range"
)


@dataclass(frozen=True)
class FireSetup:
    """A fire order checked against the rules and the records: who fires what at whom, and how."""

    ship: ShipState
    weapon: ShipItem
    target: ShipState
    attack: AttackSetup  # the procedure's inputs: agility, roll needed, flares answering
    flares: tuple[ShipItem, ...]  # the target's launchers with ammo
    ally: ShipState | None = None  # named in advance for a d12 of 12
    aim: str | None = None  # a bomber's subsystem: an item id of the target or 'engines'

    @property
    def source(self) -> str:
        return f"{self.weapon.name} of {self.ship.label}"

    def aim_name(self) -> str:
        if self.aim is None or self.aim == "engines":
            return self.aim or ""
        return f"{self.target.item(self.aim).name} ({self.aim})"


# ---- checks --------------------------------------------------------------------------------
def may_attack(plugin: SpookBase, ship: ShipState) -> None:
    """Refuse when the ship may not attack this turn (EMP, jump, repair, build, EMP use, ram, infiltration)."""
    plugin.not_disabled(ship, "attack")
    plugin.not_held(ship, "attack")
    if ship.record.get("no_fire"):
        raise InvalidAction(f"{ship.label} may not attack now: it used an EMP (no attacks through its next "
                            "turn, spook §6 B3) or rammed this turn")
    if ship.record.get("infiltrating"):
        raise InvalidAction(f"{ship.label} is infiltrating {ship.record['infiltrating']} and may not attack "
                            "meanwhile; break it off with infiltrate, ticking “stop”")


def live_flares(plugin: SpookBase, ship: ShipState) -> list[ShipItem]:
    """Flare launchers that answer an attack now: not destroyed, with ammo."""
    return [it for it in ship.items if it.name == FLARES and not it.record.get("destroyed")
            and int(it.record.get("ammo") or 0) > 0]


def bomber(plugin: SpookBase, ship: ShipState, weapon: ShipItem) -> bool:
    """True when this weapon may aim at a subsystem: a bomb launcher of a ship with Subsystem Targeting."""
    return (plugin.has_ability(ship, "Subsystem Targeting") is not None and weapon.kind == "weapon"
            and plugin.ruleset.weapons[weapon.name].group == "Bomb Launchers")


def aim_at(plugin: SpookBase, ship: ShipState, weapon: ShipItem, target: ShipState, ref: str) -> str:
    """The subsystem a bomber aims at: an item id of the target, or 'engines'."""
    if not bomber(plugin, ship, weapon):
        raise InvalidAction(f"only bombers' bomb launchers can target subsystems (spook §7 A11); "
                            f"{ship.label} cannot: leave “subsystem” empty")
    if ref.strip().casefold() == "engines":
        if "engines" in (target.record.get("lost_systems") or []):
            raise InvalidAction(f"the engines of {target.label} are already destroyed; name a weapon or device")
        return "engines"
    item = plugin.item(target, ref)
    if item.kind == "ability" or item.record.get("destroyed"):
        what = "is an ability, not a subsystem" if item.kind == "ability" else "is already destroyed"
        raise InvalidAction(f"{item.name} ({item.id}) of {target.label} {what}; name a weapon, a device "
                            "or the engines")
    return item.id


def subsystem_choices(plugin: SpookBase, ship: ShipState, weapon: ShipItem | None,
                      target: ShipState | None) -> tuple[ArgChoice, ...]:
    """What a bomber's bomb launcher may aim at on this target (§7 A11, house default), as `aim_at`
    takes it: each weapon and device of the target, then the engines; the ones already destroyed are
    shown greyed. Nothing for any other weapon (it aims at no subsystem)."""
    if weapon is None or target is None or not bomber(plugin, ship, weapon):
        return ()
    out = [ArgChoice(it.id, f"{it.id} {it.name}", "already destroyed" if it.record.get("destroyed") else "")
           for it in target.items if it.kind in ("weapon", "device")]
    lost = "engines" in (target.record.get("lost_systems") or [])
    return (*out, ArgChoice("engines", "the engines", "already destroyed" if lost else ""))


def ally_of(plugin: SpookBase, state: GameState, attacker: ShipState, ref: str) -> ShipState:
    ally = state.find_ship(ref)
    if ally.owner != attacker.owner or ally.id == attacker.id:
        raise InvalidAction(f"friendly fire hits one of {possessive(state.players[attacker.owner].name)} other ships, "
                            f"not {ally.label}")
    if plugin.lost(ally) or ally.record.get("aboard"):
        raise InvalidAction(f"{ally.label} is not on the board; name another own ship in range, or none")
    return ally


def prepare_fire(plugin: SpookBase, state: GameState, args: dict[str, Any]) -> FireSetup:
    """The checked fire order, or InvalidAction with what to do instead."""
    ship, weapon = fire_weapon(plugin, state, args["ship"], args["weapon"])
    target = fire_target(plugin, state, ship, weapon, args["target"], args.get("distance"))
    ally = ally_of(plugin, state, ship, args["ally"]) if args.get("ally") else None
    aim = aim_at(plugin, ship, weapon, target, args["subsystem"]) if args.get("subsystem") else None
    flares = tuple(live_flares(plugin, target))
    setup = attack_setup(plugin.rules(state), weapon.name, target.ship_class,
                         afterburner=bool(target.record.get("afterburner")), flares=len(flares))
    return FireSetup(ship, weapon, target, setup, flares, ally, aim)


def fire_weapon(plugin: SpookBase, state: GameState, ship_ref: str, weapon_ref: str) -> tuple[ShipState, ShipItem]:
    """The firing ship and its weapon, checked: the active player's, free to attack, the weapon ready."""
    ship = plugin.own_ship(state, ship_ref, "fire")
    weapon = plugin.item(ship, weapon_ref)
    if weapon.kind != "weapon":
        raise InvalidAction(f"{weapon.name} ({weapon.id}) is a {weapon.kind}, not a weapon; pick one of "
                            f"{possessive(ship.label)} weapons")
    may_attack(plugin, ship)
    if ship.record.get("jammed"):
        raise InvalidAction(f"the weapons of {ship.label} are jammed by a Sensor Jammer (spook §6 B4) until "
                            "the jam ends")
    plugin.usable(ship, weapon)
    return ship, weapon


def fire_target(plugin: SpookBase, state: GameState, ship: ShipState, weapon: ShipItem, target_ref: str,
                distance: int | None) -> ShipState:
    """The target, checked: an enemy on the board outside a Defense Field, within the weapon's range at
    the measured distance (when one is given)."""
    target = plugin.enemy_target(state, ship, target_ref)
    if target.record.get("shielded"):
        raise InvalidAction(f"{target.label} is inside a Defense Field (spook §6 B2): enemy attacks fail until "
                            "it ends; pick another target")
    w = plugin.ruleset.weapons[weapon.name]
    if distance is not None and not 0 <= distance <= w.range:
        raise InvalidAction(f"out of range: {weapon.name} reaches {w.range} units, the target is {distance} away "
                            "(spook §3 B2)")
    return target


# ---- what a fire changes besides the armor (the typed action fire.Fire applies it) ----------------
def friendly_fire_hits(plugin: SpookBase, b: Batch, fs: FireSetup, damage: int) -> None:
    """A d12 of 12 (spook §5 Accuracy): the ally named takes the full damage, else it waits for friendly-fire."""
    if fs.ally is not None:
        plugin.books.damage(b, fs.ally.id, damage, f"friendly fire from {fs.source}")
        return
    rng = plugin.ruleset.weapons[fs.weapon.name].range
    near = fs.ship if plugin.rules(b.state).setting("ff_range_from") == "attacker" else fs.target
    player = b.state.players[fs.ship.owner].name
    pending = {"attacker": fs.ship.id, "damage": damage, "range": rng, "source": fs.source,
               "near": near.id, "target": fs.target.id}
    b.extra("pending_ff", pending,
            f"Friendly fire: one of {possessive(player)} own ships within {rng} units of {near.label} takes {damage}: "
            "name it (friendly-fire), or none")


def knock_out(plugin: SpookBase, b: Batch, target: ShipState, aim: str, source: str) -> None:
    lost = list(b.ship(target.id).record.get("lost_systems") or [])
    if aim == "engines":
        b.set(target.id, "lost_systems", [*lost, "engines"], f"engines destroyed by {source}")
        plugin.books.refresh(b, target.id, "engines destroyed")
        return
    item = target.item(aim)
    b.set(target.id, f"{item.id}.destroyed", True, f"destroyed by {source}")
    b.set(target.id, "lost_systems", [*lost, f"{item.name} ({item.id})"])
