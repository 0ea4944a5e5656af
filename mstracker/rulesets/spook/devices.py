"""spook devices (§6) and movement bookkeeping: use-device, reload-flares (§6 B1), lay-mines (§7 A1) and
probe-move (§4 B1). Per-use RU costs come from the ruleset data (§6 A1, B2-B4) and the settings."""

from __future__ import annotations

from typing import Any

from .model import Reload
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.plugin import action
from ...game.state import GameState, ShipItem, ShipState
from .game_base import FLARES, PROBE, SpookBase, plural

DEVICE_HELP = (
    "use a device (spook §3 B3, §6): Hyperdrive (§6 A1: 5 RU; the ship may not move, rotate or attack this turn), "
    "Afterburner (§6 A2: speed +6 this turn, agility +2 until your next turn; reload 1;2), Defense Field (§6 B2: "
    "5 RU; SHIPS = your other ships within 10 units; enemy attacks and rams on them fail through the opponent's "
    "next turn), EMP Generator (§6 B3: 10 RU; SHIPS = enemy ships within 10 units, disabled through their next "
    "turn; the user may not attack on its next turn), Sensor Jammer (§6 B4: 5 RU; SHIPS = ships within 10 units, "
    "weapons off through the opponent's next turn), Gravity Well Generator (§6 B5: no enemy hyperjump into 20 "
    "units through the opponent's next turn; reload 1;2; {gravity_well_cost_ru} RU per use: the book gives none, "
    "setting gravity_well_cost_ru). A player without the RU cannot use the device"
)


class DeviceActions(SpookBase):
    """use-device, reload-flares, lay-mines, probe-move."""

    @action(
        "use-device",
        ArgSpec("ship", ArgType.SHIP, "your ship"),
        ArgSpec("device", ArgType.ITEM, "one of its devices: item id (d1) or name", items=("device",)),
        ArgSpec("ships", ArgType.TEXT, "ships in the device's radius, comma-separated (Defense Field, EMP, Jammer)",
                required=False, rest=True),
        help=DEVICE_HELP,
    )
    def use_device(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "use devices")
        device = self.item(ship, args["device"])
        self.device_usable(state, ship, device)
        others = self.ship_list(state, args.get("ships"))
        turns = self.players(state)
        b = Batch(self, state)
        entry = self.ruleset.devices[device.name]
        cost = self.device_cost(state, device)
        paid = f" for {cost} RU" if cost else ""
        name = device.name
        if name == "Hyperdrive":
            wells = [s.label for s in self.live(state) if s.owner != ship.owner and s.record.get("gravity_well")]
            warn = f"; not into 20 units of the enemy Gravity Well(s) of {', '.join(wells)}" if wells else ""
            self._no_ships(others, name)
            b.story("device-used", f"{ship.label} jumps by Hyperdrive{paid} to any unit{warn}; it keeps its "
                    "facing and may not move, rotate or attack for the rest of the turn",
                    ship=ship.id, item=device.id, device=name, cost=cost)
            b.set(ship.id, "hold", max(1, int(ship.record.get("hold") or 0)), "hyperdrive jump")
        elif name == "Afterburner":
            self._no_ships(others, name)
            b.story("device-used", f"{ship.label} lights its Afterburner: speed +{entry.speed_bonus} this turn, "
                    f"agility +{entry.agility_bonus} until its next turn", ship=ship.id, item=device.id,
                    device=name, cost=cost)
            b.set(ship.id, "afterburner", turns, "afterburner lit")
            self.books.refresh(b, ship.id, "afterburner")
        elif name == "Defense Field":
            covered = [ship, *self._sided(state, ship, others, own=True, what=name)]
            b.story("device-used", f"{ship.label} raises a Defense Field{paid}: enemy attacks and rams fail on "
                    f"{', '.join(s.label for s in covered)} through the opponent's next turn", ship=ship.id,
                    item=device.id, device=name, cost=cost, ships=[s.id for s in covered])
            for s in covered:
                b.set(s.id, "shielded", max(turns, int(s.record.get("shielded") or 0)), f"Defense Field of {ship.label}")
        elif name == "EMP Generator":
            hit = self._sided(state, ship, others, own=False, what=name)
            who = ", ".join(s.label for s in hit) or "no enemy ship"
            b.story("device-used", f"{ship.label} fires its EMP{paid}: {who} cannot move, rotate, attack or use "
                    f"devices or abilities on their next turn; {ship.label} may not attack on its next turn",
                    ship=ship.id, item=device.id, device=name, cost=cost, ships=[s.id for s in hit])
            for s in hit:
                b.set(s.id, "emp", max(turns, int(s.record.get("emp") or 0)), f"EMP of {ship.label}")
            b.set(ship.id, "no_fire", max(2 * turns, int(ship.record.get("no_fire") or 0)), "used an EMP")
        elif name == "Sensor Jammer":
            hit = [s for s in others if s.id != ship.id]
            for s in hit:
                if self.lost(s):
                    raise InvalidAction(f"{s.label} is not in play")
            who = ", ".join(s.label for s in hit) or "no ship"
            b.story("device-used", f"{ship.label} runs its Sensor Jammer{paid}: weapons off on {who} through the "
                    "opponent's next turn", ship=ship.id, item=device.id, device=name, cost=cost,
                    ships=[s.id for s in hit])
            for s in hit:
                b.set(s.id, "jammed", max(turns, int(s.record.get("jammed") or 0)), f"Sensor Jammer of {ship.label}")
        elif name == "Gravity Well Generator":
            self._no_ships(others, name)
            b.story("device-used", f"{ship.label} starts its Gravity Well{paid}: no enemy hyperjump into 20 units "
                    "through the opponent's next turn", ship=ship.id, item=device.id, device=name, cost=cost)
            b.set(ship.id, "gravity_well", turns, "gravity well on")
        else:  # a house-rule device the engine does not know: log the use and its cost
            b.story("device-used", f"{ship.label} uses {name}{paid}", ship=ship.id, item=device.id, device=name,
                    cost=cost)
        self.books.pay(b, ship.owner, cost, f"{device.name} of {ship.label}")
        self.use_item(b, b.ship(ship.id), b.ship(ship.id).item(device.id))
        return b.events

    def device_cost(self, state: GameState, device: ShipItem) -> int:
        """RU per use: the book's (§6 A1, B2-B4), the Gravity Well's from the settings (the book gives none)."""
        if device.name == "Gravity Well Generator":
            return int(self.rules(state).setting("gravity_well_cost_ru"))
        return self.ruleset.devices[device.name].use_cost_ru or 0

    def device_usable(self, state: GameState, ship: ShipState, device: ShipItem) -> None:
        """Refuse a device that cannot be used now, saying why (the readiness of devices reads this too)."""
        if device.kind != "device":
            raise InvalidAction(f"{device.name} ({device.id}) is a {device.kind}, not a device; pick one of "
                                f"{ship.label}'s devices")
        if device.name == FLARES:
            raise InvalidAction("flare launchers are always on (spook §6 B1); refill an empty one with reload-flares")
        self.not_disabled(ship, "use devices")
        self.usable(ship, device)
        if device.name in ("Hyperdrive", "Afterburner"):
            self.not_held(ship, "jump" if device.name == "Hyperdrive" else "move")
        self.books.can_pay(state, ship.owner, self.device_cost(state, device), f"{device.name} of {ship.label}")

    @staticmethod
    def _no_ships(others: list[ShipState], name: str) -> None:
        if others:
            raise InvalidAction(f"{name} acts on its own ship only; leave SHIPS empty")

    def _sided(self, state: GameState, ship: ShipState, others: list[ShipState], *, own: bool, what: str) -> list[ShipState]:
        out = []
        for s in others:
            if s.id == ship.id:
                continue
            if (s.owner == ship.owner) != own:
                side = "your own" if own else "enemy"
                raise InvalidAction(f"{what} acts on {side} ships; {s.label} is not one, leave it out")
            if self.lost(s) or s.record.get("aboard"):
                raise InvalidAction(f"{s.label} is not on the board")
            out.append(s)
        return out

    @action(
        "reload-flares",
        ArgSpec("ship", ArgType.SHIP, "your ship"),
        ArgSpec("launcher", ArgType.ITEM, "one empty flare launcher (default: every empty one)", required=False,
                items=("device",)),
        help="reload empty flare launchers in the device step (spook §3 B3, §6 B1: reloading costs RUs): "
             "{flare_reload_cost_ru} RU per launcher (setting flare_reload_cost_ru); they are full again at the "
             "start of your next turn",
    )
    def reload_flares(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "reload flares")
        self.not_disabled(ship, "use devices")
        if args.get("launcher"):
            launchers = [self.item(ship, args["launcher"])]
            if launchers[0].name != FLARES:
                raise InvalidAction(f"{launchers[0].name} ({launchers[0].id}) is not a flare launcher; name one of "
                                    f"{ship.label}'s flare launchers or leave LAUNCHER empty")
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
        cost = int(self.rules(state).setting("flare_reload_cost_ru"))
        b = Batch(self, state)
        names = ", ".join(it.id for it in launchers)
        self.books.can_pay(state, ship.owner, cost * len(launchers), f"the flare reload of {ship.label}")
        b.story("flares-reloaded", f"{ship.label} pays {cost * len(launchers)} RU to reload "
                f"{plural(len(launchers), 'flare launcher')} ({names}): full at the start of its next turn",
                ship=ship.id, items=[it.id for it in launchers], cost=cost * len(launchers))
        self.books.pay(b, ship.owner, cost * len(launchers), f"flare reload of {ship.label} ({names})")
        for it in launchers:
            b.set(ship.id, f"{it.id}.refill", True, "reload paid")
        return b.events

    @action(
        "lay-mines",
        ArgSpec("ship", ArgType.SHIP, "your mine layer"),
        ArgSpec("count", ArgType.INT, "squares in its movement path (one mine each)"),
        help="a Mine Layer Frigate lays one mine per square of its movement path (spook §7 A1; reload 1;2); "
             "the mines are counted on its player's record",
    )
    def lay_mines(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "lay mines")
        ability = self.has_ability(ship, "Mine Layer")
        if ability is None:
            raise InvalidAction(f"a {ship.ship_class} cannot lay mines (Mine Layer Frigates can, spook §7 A1)")
        self.not_disabled(ship, "move")
        self.not_held(ship, "move")
        self.usable(ship, ability)
        speed = self._speed(state, ship)
        if not 1 <= args["count"] <= speed:
            raise InvalidAction(f"{ship.label} moves at most {speed} units: 1 to {speed} mines, not {args['count']}")
        b = Batch(self, state)
        count, have = args["count"], state.players[ship.owner].resources.get("mines", 0)
        b.story("mines-laid", f"{ship.label} lays {plural(count, 'mine')} along its path", ship=ship.id,
                count=count)
        b.resource(ship.owner, "mines", have + count, f"laid by {ship.label}")
        self.use_item(b, ship, ability)
        return b.events

    def _speed(self, state: GameState, ship: ShipState) -> int:
        word = self.books.speed_text(state, ship).split(" ", 1)[0]
        return int(word) if word.isdigit() else 0

    @action(
        "probe-move",
        ArgSpec("ship", ArgType.SHIP, "your probe"),
        help="a probe makes its one move of the game: straight, any distance (spook §3 B1, §4 B1); a second is "
             "refused",
    )
    def probe_move(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "move")
        if self.code(ship) != PROBE:
            raise InvalidAction(f"{ship.label} is a {ship.ship_class}, not a probe; only probes have a one-shot move")
        if ship.record.get("speed") == "spent":
            raise InvalidAction(f"{ship.label} has already made its one move of the game (spook §4 B1)")
        self.not_disabled(ship, "move")
        self.not_held(ship, "move")
        b = Batch(self, state)
        b.story("probe-moved", f"{ship.label} makes its one move: straight, any distance", ship=ship.id)
        b.set(ship.id, "speed", "spent", "its one move")
        return b.events


def flare_capacity(plugin: SpookBase) -> int:
    """Ammo of a full flare launcher: the X of its 'X;Y' reload (8)."""
    return (Reload.parse(plugin.ruleset.devices[FLARES].reload) or Reload(8, 1)).uses
