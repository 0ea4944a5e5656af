"""spook devices and movement bookkeeping: use-device, reload-flares, lay-mines, probe-move (RULES.md A2.4, A4)."""

from __future__ import annotations

from typing import Any

from .model import Reload
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.plugin import action
from .game_base import FLARES, PROBE, Batch, SpookBase, plural, story
from ...game.state import GameState, ShipState

DEVICE_HELP = (
    "use a device (RULES.md A2.4, A6): Hyperdrive (5 RU; the ship may not move, rotate or attack this turn), "
    "Afterburner (speed +6 this turn, agility +2 until your next turn; reload 1;2), Defense Field (5 RU; SHIPS = "
    "your other ships within 10 units; enemy attacks and rams on them fail through the opponent's next turn), "
    "EMP Generator (10 RU; SHIPS = enemy ships within 10 units, disabled through their next turn; the user may "
    "not attack on its next turn), Sensor Jammer (5 RU; SHIPS = ships within 10 units, weapons off through the "
    "opponent's next turn), Gravity Well Generator (no enemy hyperjump into 20 units through the opponent's "
    "next turn; reload 1;2). RU costs come from the ruleset data; a player without the RU cannot use it"
)


class DeviceActions(SpookBase):
    """use-device, reload-flares, lay-mines, probe-move."""

    @action(
        "use-device",
        ArgSpec("ship", ArgType.SHIP, "your ship"),
        ArgSpec("device", ArgType.ITEM, "its device: item id (d1) or name"),
        ArgSpec("ships", ArgType.TEXT, "ships in the device's radius, comma-separated (Defense Field, EMP, Jammer)",
                required=False, rest=True),
        help=DEVICE_HELP,
    )
    def use_device(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "use devices")
        device = self.item(ship, args["device"])
        if device.kind != "device":
            raise InvalidAction(f"{device.name} ({device.id}) is a {device.kind}, not a device")
        if device.name == FLARES:
            raise InvalidAction("flare launchers are always on; refill an empty one with reload-flares")
        self.not_disabled(ship, "use devices")
        self.usable(ship, device)
        entry = self.ruleset.devices[device.name]
        others = self.ship_list(state, args.get("ships"))
        turns = self.players(state)
        b = Batch(self, state)
        cost = entry.use_cost_ru or 0
        self.can_pay(state, ship.owner, cost, f"{device.name} of {ship.label}")
        paid = f" for {cost} RU" if cost else ""
        name = device.name
        if name == "Hyperdrive":
            self.not_held(ship, "jump")
            wells = [s.label for s in self.live(state) if s.owner != ship.owner and s.record.get("gravity_well")]
            warn = f"; not into 20 units of the enemy Gravity Well(s) of {', '.join(wells)}" if wells else ""
            self._no_ships(others, name)
            b.add(story("device-used", f"{ship.label} jumps by Hyperdrive{paid} to any unit{warn}; it keeps its "
                        "facing and may not move, rotate or attack for the rest of the turn",
                        ship=ship.id, item=device.id, device=name, cost=cost))
            b.set(ship.id, "hold", max(1, int(ship.record.get("hold") or 0)), "hyperdrive jump")
        elif name == "Afterburner":
            self.not_held(ship, "move")
            self._no_ships(others, name)
            b.add(story("device-used", f"{ship.label} lights its Afterburner: speed +{entry.speed_bonus} this turn, "
                        f"agility +{entry.agility_bonus} until its next turn", ship=ship.id, item=device.id,
                        device=name, cost=cost))
            b.set(ship.id, "afterburner", turns, "afterburner lit")
            self.refresh(b, ship.id, "afterburner")
        elif name == "Defense Field":
            covered = [ship, *self._sided(state, ship, others, own=True, what=name)]
            b.add(story("device-used", f"{ship.label} raises a Defense Field{paid}: enemy attacks and rams fail on "
                        f"{', '.join(s.label for s in covered)} through the opponent's next turn", ship=ship.id,
                        item=device.id, device=name, cost=cost, ships=[s.id for s in covered]))
            for s in covered:
                b.set(s.id, "shielded", max(turns, int(s.record.get("shielded") or 0)), f"Defense Field of {ship.label}")
        elif name == "EMP Generator":
            hit = self._sided(state, ship, others, own=False, what=name)
            who = ", ".join(s.label for s in hit) or "no enemy ship"
            b.add(story("device-used", f"{ship.label} fires its EMP{paid}: {who} cannot move, rotate, attack or use "
                        f"devices or abilities on their next turn; {ship.label} may not attack on its next turn",
                        ship=ship.id, item=device.id, device=name, cost=cost, ships=[s.id for s in hit]))
            for s in hit:
                b.set(s.id, "emp", max(turns, int(s.record.get("emp") or 0)), f"EMP of {ship.label}")
            b.set(ship.id, "no_fire", max(2 * turns, int(ship.record.get("no_fire") or 0)), "used an EMP")
        elif name == "Sensor Jammer":
            hit = [s for s in others if s.id != ship.id]
            for s in hit:
                if self.lost(s):
                    raise InvalidAction(f"{s.label} is not in play")
            who = ", ".join(s.label for s in hit) or "no ship"
            b.add(story("device-used", f"{ship.label} runs its Sensor Jammer{paid}: weapons off on {who} through the "
                        "opponent's next turn", ship=ship.id, item=device.id, device=name, cost=cost,
                        ships=[s.id for s in hit]))
            for s in hit:
                b.set(s.id, "jammed", max(turns, int(s.record.get("jammed") or 0)), f"Sensor Jammer of {ship.label}")
        elif name == "Gravity Well Generator":
            self._no_ships(others, name)
            b.add(story("device-used", f"{ship.label} starts its Gravity Well: no enemy hyperjump into 20 units "
                        "through the opponent's next turn", ship=ship.id, item=device.id, device=name, cost=cost))
            b.set(ship.id, "gravity_well", turns, "gravity well on")
        else:  # a house-rule device the engine does not know: log the use and its cost
            b.add(story("device-used", f"{ship.label} uses {name}{paid}", ship=ship.id, item=device.id, device=name,
                        cost=cost))
        self.pay(b, ship.owner, cost, f"{device.name} of {ship.label}")
        self.use_item(b, b.ship(ship.id), b.ship(ship.id).item(device.id))
        return b.events

    @staticmethod
    def _no_ships(others: list[ShipState], name: str) -> None:
        if others:
            raise InvalidAction(f"{name} acts on its own ship only; leave SHIPS out")

    def _sided(self, state: GameState, ship: ShipState, others: list[ShipState], *, own: bool, what: str) -> list[ShipState]:
        out = []
        for s in others:
            if s.id == ship.id:
                continue
            if (s.owner == ship.owner) != own:
                side = "your own" if own else "enemy"
                raise InvalidAction(f"{what} acts on {side} ships; {s.label} is not one")
            if self.lost(s) or s.record.get("aboard"):
                raise InvalidAction(f"{s.label} is not on the board")
            out.append(s)
        return out

    @action(
        "reload-flares",
        ArgSpec("ship", ArgType.SHIP, "your ship"),
        ArgSpec("launcher", ArgType.ITEM, "one empty flare launcher (default: every empty one)", required=False),
        help="pay flare_reload_cost_ru RU per empty flare launcher (device step); it is full again at the start "
             "of your next turn (RULES.md A4.4)",
    )
    def reload_flares(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "reload flares")
        self.not_disabled(ship, "use devices")
        if args.get("launcher"):
            launchers = [self.item(ship, args["launcher"])]
            if launchers[0].name != FLARES:
                raise InvalidAction(f"{launchers[0].name} ({launchers[0].id}) is not a flare launcher")
        else:
            launchers = [it for it in ship.items if it.name == FLARES]
            if not launchers:
                raise InvalidAction(f"{ship.label} has no flare launcher")
            launchers = [it for it in launchers if not it.record.get("ammo") and not it.record.get("refill")] or launchers[:1]
        for it in launchers:
            if it.record.get("destroyed"):
                raise InvalidAction(f"{it.name} ({it.id}) of {ship.label} is destroyed")
            if it.record.get("refill"):
                raise InvalidAction(f"{it.name} ({it.id}) of {ship.label} is already paid for; it refills next turn")
            if it.record.get("ammo"):
                raise InvalidAction(f"{it.name} ({it.id}) of {ship.label} still has {it.record['ammo']} ammo; "
                                    "flares are reloaded when empty")
        cost = int(state.settings.get("flare_reload_cost_ru", 5))
        b = Batch(self, state)
        names = ", ".join(it.id for it in launchers)
        self.can_pay(state, ship.owner, cost * len(launchers), f"the flare reload of {ship.label}")
        b.add(story("flares-reloaded", f"{ship.label} pays {cost * len(launchers)} RU to reload "
                    f"{plural(len(launchers), 'flare launcher')} ({names}): full at the start of its next turn",
                    ship=ship.id, items=[it.id for it in launchers], cost=cost * len(launchers)))
        self.pay(b, ship.owner, cost * len(launchers), f"flare reload of {ship.label} ({names})")
        for it in launchers:
            b.set(ship.id, f"{it.id}.refill", True, "reload paid")
        return b.events

    @action(
        "lay-mines",
        ArgSpec("ship", ArgType.SHIP, "your mine layer"),
        ArgSpec("count", ArgType.INT, "squares in its movement path (one mine each)"),
        help="a Mine Layer Frigate lays one mine per square it moves (RULES.md A4.2; reload 1;2); "
             "the mines are counted on its player's record",
    )
    def lay_mines(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "lay mines")
        ability = self.has_ability(ship, "Mine Layer")
        if ability is None:
            raise InvalidAction(f"a {ship.ship_class} cannot lay mines (Mine Layer Frigates can)")
        self.not_disabled(ship, "move")
        self.not_held(ship, "move")
        self.usable(ship, ability)
        speed = self._speed(state, ship)
        if not 1 <= args["count"] <= speed:
            raise InvalidAction(f"{ship.label} moves at most {speed} units: 1 to {speed} mines, not {args['count']}")
        b = Batch(self, state)
        count, have = args["count"], state.players[ship.owner].resources.get("mines", 0)
        b.add(story("mines-laid", f"{ship.label} lays {plural(count, 'mine')} along its path", ship=ship.id,
                    count=count))
        b.resource(ship.owner, "mines", have + count, f"laid by {ship.label}")
        self.use_item(b, ship, ability)
        return b.events

    def _speed(self, state: GameState, ship: ShipState) -> int:
        word = self.speed_text(state, ship).split(" ", 1)[0]
        return int(word) if word.isdigit() else 0

    @action(
        "probe-move",
        ArgSpec("ship", ArgType.SHIP, "your probe"),
        help="a probe makes its one move of the game: straight, any distance (RULES.md A2.2); a second is refused",
    )
    def probe_move(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "move")
        if self.code(ship) != PROBE:
            raise InvalidAction(f"{ship.label} is a {ship.ship_class}, not a probe; only probes have a one-shot move")
        if ship.record.get("speed") == "spent":
            raise InvalidAction(f"{ship.label} has already made its one move of the game")
        self.not_disabled(ship, "move")
        self.not_held(ship, "move")
        b = Batch(self, state)
        b.add(story("probe-moved", f"{ship.label} makes its one move: straight, any distance", ship=ship.id))
        b.set(ship.id, "speed", "spent", "its one move")
        return b.events


def flare_capacity(plugin: SpookBase) -> int:
    """Ammo of a full flare launcher: the X of its 'X;Y' reload (8)."""
    return (Reload.parse(plugin.ruleset.devices[FLARES].reload) or Reload(8, 1)).uses
