"""spook's devices (§6) and movement bookkeeping as typed actions: use-device, reload-flares (§6 B1), lay-mines
(§7 A1) and probe-move (§4 B1). None rolls; each is prepared once (`prepare`, the only place that refuses:
the device usable and paid for, the ships it acts on on the right side) and applied from that value.
Per-use RU costs come from the ruleset data (§6 A1, B2-B4) and the settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipItem, ShipState
from ...game.typed_action import Incomplete, RuleAction
from ...rules.names import possessive
from .devices import DEVICE_HELP, LAY_MINES_HELP, PROBE_MOVE_HELP, RELOAD_FLARES_HELP
from .game_base import FLARES, PROBE, plural
from .legal import blank_actor
from .devices import device_cost, device_usable, no_ships, sided, speed_now

if TYPE_CHECKING:
    from .plugin import Plugin


@dataclass(frozen=True)
class DeviceUse:
    ship: ShipState
    device: ShipItem
    ships: tuple[ShipState, ...]  # the other ships it acts on (a Defense Field: the user first)
    cost: int
    turns: int  # turns an effect "through the opponent's next turn" lasts


class UseDevice(RuleAction[DeviceUse]):
    """use-device: one device of the ship (see DEVICE_HELP)."""

    plugin: Plugin
    spec = ActionSpec("use-device", DEVICE_HELP, (
        ArgSpec("ship", ArgType.SHIP, "your ship"),
        ArgSpec("device", ArgType.ITEM, "one of its devices: item id (d1) or name", items=("device",)),
        ArgSpec("ships", ArgType.TEXT, "ships in the device's radius, comma-separated (Defense Field, EMP, Jammer)",
                required=False, rest=True),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> DeviceUse:
        p = self.plugin
        if not args.get("ship"):
            raise blank_actor(p, state, self.kind)
        ship = p.own_ship(state, str(args["ship"]), "use devices")
        if not args.get("device"):
            raise Incomplete("device")
        device = p.item(ship, str(args["device"]))
        device_usable(p, state, ship, device)
        others = p.ship_list(state, args.get("ships"))
        name = device.name
        ships: list[ShipState] = []
        if name in ("Hyperdrive", "Afterburner", "Gravity Well Generator"):
            no_ships(others, name)
        elif name == "Defense Field":
            ships = [ship, *sided(p, state, ship, others, own=True, what=name)]
        elif name == "EMP Generator":
            if not others:  # an EMP on nobody would spend its 10 RU for nothing: the list is its target
                raise Incomplete("ships", "name the enemy ships within the EMP's 10 units (spook §6 B3)")
            ships = sided(p, state, ship, others, own=False, what=name)
        elif name == "Sensor Jammer":
            ships = [s for s in others if s.id != ship.id]
            for s in ships:
                if p.lost(s):
                    raise InvalidAction(f"{s.label} is not in play")
        return DeviceUse(ship, device, tuple(ships), device_cost(p, state, device), p.players(state))

    def apply(self, p: DeviceUse, dice: DiceRecorder, batch: Batch) -> None:
        plugin, ship, device, turns, cost = self.plugin, p.ship, p.device, p.turns, p.cost
        b, state = batch, batch.state
        entry = plugin.ruleset.devices[device.name]
        paid = f" for {cost} RU" if cost else ""
        name = device.name
        if name == "Hyperdrive":
            wells = [s.label for s in plugin.live(state) if s.owner != ship.owner and s.record.get("gravity_well")]
            warn = f"; not into 20 units of the enemy Gravity Well(s) of {', '.join(wells)}" if wells else ""
            b.story("device-used", f"{ship.label} jumps by Hyperdrive{paid} to any unit{warn}; it keeps its "
                    "facing and may not move, rotate or attack for the rest of the turn",
                    ship=ship.id, item=device.id, device=name, cost=cost)
            b.set(ship.id, "hold", max(1, int(ship.record.get("hold") or 0)), "hyperdrive jump")
        elif name == "Afterburner":
            b.story("device-used", f"{ship.label} lights its Afterburner: speed +{entry.speed_bonus} this turn, "
                    f"agility +{entry.agility_bonus} until its next turn", ship=ship.id, item=device.id,
                    device=name, cost=cost)
            b.set(ship.id, "afterburner", turns, "afterburner lit")
            plugin.books.refresh(b, ship.id, "afterburner")
        elif name == "Defense Field":
            covered = p.ships
            b.story("device-used", f"{ship.label} raises a Defense Field{paid}: enemy attacks and rams fail on "
                    f"{', '.join(s.label for s in covered)} through the opponent's next turn", ship=ship.id,
                    item=device.id, device=name, cost=cost, ships=[s.id for s in covered])
            for s in covered:
                b.set(s.id, "shielded", max(turns, int(s.record.get("shielded") or 0)), f"Defense Field of {ship.label}")
        elif name == "EMP Generator":
            hit = p.ships
            who = ", ".join(s.label for s in hit)
            one = len(hit) == 1
            b.story("device-used", f"{ship.label} fires its EMP{paid}: {who} {'is' if one else 'are'} disabled on "
                    f"{'its' if one else 'their'} next turn (no move, rotation, attack, devices or abilities); "
                    f"{ship.label} may not attack on its next turn",
                    ship=ship.id, item=device.id, device=name, cost=cost, ships=[s.id for s in hit])
            for s in hit:
                b.set(s.id, "emp", max(turns, int(s.record.get("emp") or 0)), f"EMP of {ship.label}")
            b.set(ship.id, "no_fire", max(2 * turns, int(ship.record.get("no_fire") or 0)), "used an EMP")
        elif name == "Sensor Jammer":
            hit = p.ships
            who = ", ".join(s.label for s in hit) or "no ship"
            b.story("device-used", f"{ship.label} runs its Sensor Jammer{paid}: weapons off on {who} through the "
                    "opponent's next turn", ship=ship.id, item=device.id, device=name, cost=cost,
                    ships=[s.id for s in hit])
            for s in hit:
                b.set(s.id, "jammed", max(turns, int(s.record.get("jammed") or 0)), f"Sensor Jammer of {ship.label}")
        elif name == "Gravity Well Generator":
            b.story("device-used", f"{ship.label} starts its Gravity Well{paid}: no enemy hyperjump into 20 units "
                    "through the opponent's next turn", ship=ship.id, item=device.id, device=name, cost=cost)
            b.set(ship.id, "gravity_well", turns, "gravity well on")
        else:  # a house-rule device the engine does not know: log the use and its cost
            b.story("device-used", f"{ship.label} uses {name}{paid}", ship=ship.id, item=device.id, device=name,
                    cost=cost)
        plugin.books.pay(b, ship.owner, cost, f"{device.name} of {ship.label}")
        plugin.use_item(b, b.ship(ship.id), b.ship(ship.id).item(device.id))


@dataclass(frozen=True)
class FlareReload:
    ship: ShipState
    launchers: tuple[ShipItem, ...]
    cost: int  # RU per launcher


class ReloadFlares(RuleAction[FlareReload]):
    """reload-flares: pay for empty flare launchers, full at the start of the next own turn (§6 B1)."""

    plugin: Plugin
    spec = ActionSpec("reload-flares", RELOAD_FLARES_HELP, (
        ArgSpec("ship", ArgType.SHIP, "your ship"),
        ArgSpec("launcher", ArgType.ITEM, "one empty flare launcher (default: every empty one)", required=False,
                items=("device",)),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> FlareReload:
        p = self.plugin
        if not args.get("ship"):
            raise blank_actor(p, state, self.kind)
        ship = p.own_ship(state, str(args["ship"]), "reload flares")
        p.not_disabled(ship, "use devices")
        if args.get("launcher"):
            launchers = [p.item(ship, str(args["launcher"]))]
            if launchers[0].name != FLARES:
                raise InvalidAction(f"{launchers[0].name} ({launchers[0].id}) is not a flare launcher; name one of "
                                    f"{possessive(ship.label)} flare launchers or leave “launcher” empty")
        else:
            launchers = [it for it in ship.items if it.name == FLARES]
            if not launchers:
                raise InvalidAction(f"{ship.label} has no flare launcher (spook §6 B1)")
            launchers = [it for it in launchers if not it.record.get("ammo") and not it.record.get("refill")] or launchers[:1]
        for it in launchers:
            if it.record.get("destroyed"):
                raise InvalidAction(f"{it.name} ({it.id}) of {ship.label} is destroyed and cannot be reloaded")
            if it.record.get("refill"):
                raise InvalidAction(f"{it.name} ({it.id}) of {ship.label} is already paid for; it refills next turn")
            if it.record.get("ammo"):
                raise InvalidAction(f"{it.name} ({it.id}) of {ship.label} still has {it.record['ammo']} ammo; "
                                    "flares are reloaded when empty")
        cost = int(p.rules(state).setting("flare_reload_cost_ru"))
        p.books.can_pay(state, ship.owner, cost * len(launchers), f"the flare reload of {ship.label}")
        return FlareReload(ship, tuple(launchers), cost)

    def apply(self, p: FlareReload, dice: DiceRecorder, batch: Batch) -> None:
        ship, launchers, total = p.ship, p.launchers, p.cost * len(p.launchers)
        names = ", ".join(it.id for it in launchers)
        batch.story("flares-reloaded", f"{ship.label} pays {total} RU to reload "
                    f"{plural(len(launchers), 'flare launcher')} ({names}): full at the start of its next turn",
                    ship=ship.id, items=[it.id for it in launchers], cost=total)
        self.plugin.books.pay(batch, ship.owner, total, f"flare reload of {ship.label} ({names})")
        for it in launchers:
            batch.set(ship.id, f"{it.id}.refill", True, "reload paid")


@dataclass(frozen=True)
class MineLaying:
    ship: ShipState
    ability: ShipItem
    count: int
    have: int  # mines its player has on the field before


class LayMines(RuleAction[MineLaying]):
    """lay-mines: a Mine Layer Frigate lays one mine per square of its path (§7 A1)."""

    plugin: Plugin
    spec = ActionSpec("lay-mines", LAY_MINES_HELP, (
        ArgSpec("ship", ArgType.SHIP, "your mine layer"),
        ArgSpec("count", ArgType.INT, "squares in its movement path (one mine each)"),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> MineLaying:
        p = self.plugin
        if not args.get("ship"):
            raise blank_actor(p, state, self.kind)
        ship = p.own_ship(state, str(args["ship"]), "lay mines")
        ability = p.has_ability(ship, "Mine Layer")
        if ability is None:
            raise InvalidAction(f"a {ship.ship_class} cannot lay mines (Mine Layer Frigates can, spook §7 A1)")
        p.not_disabled(ship, "move")
        p.not_held(ship, "move")
        p.usable(ship, ability)
        if args.get("count") in (None, ""):
            raise Incomplete("count")
        count = int(args["count"])
        speed = speed_now(p, state, ship)
        if not 1 <= count <= speed:
            raise InvalidAction(f"{ship.label} moves at most {speed} units: 1 to {speed} mines, not {count}")
        return MineLaying(ship, ability, count, int(state.players[ship.owner].resources.get("mines", 0)))

    def apply(self, p: MineLaying, dice: DiceRecorder, batch: Batch) -> None:
        ship, count = p.ship, p.count
        batch.story("mines-laid", f"{ship.label} lays {plural(count, 'mine')} along its path", ship=ship.id,
                    count=count)
        batch.resource(ship.owner, "mines", p.have + count, f"laid by {ship.label}")
        self.plugin.use_item(batch, ship, p.ability)


class ProbeMove(RuleAction[ShipState]):
    """probe-move: a probe's one move of the game (§4 B1)."""

    plugin: Plugin
    spec = ActionSpec("probe-move", PROBE_MOVE_HELP, (ArgSpec("ship", ArgType.SHIP, "your probe"),))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> ShipState:
        p = self.plugin
        if not args.get("ship"):
            raise blank_actor(p, state, self.kind)
        ship = p.own_ship(state, str(args["ship"]), "move")
        if p.code(ship) != PROBE:
            raise InvalidAction(f"{ship.label} is a {ship.ship_class}, not a probe; only probes have a one-shot move")
        if ship.record.get("speed") == "spent":
            raise InvalidAction(f"{ship.label} has already made its one move of the game (spook §4 B1)")
        p.not_disabled(ship, "move")
        p.not_held(ship, "move")
        return ship

    def apply(self, p: ShipState, dice: DiceRecorder, batch: Batch) -> None:
        batch.story("probe-moved", f"{p.label} makes its one move: straight, any distance", ship=p.id)
        batch.set(p.id, "speed", "spent", "its one move")
