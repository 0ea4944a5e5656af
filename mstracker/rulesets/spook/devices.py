"""spook devices (§6): the checks of a device's use and its cost, and the help of the device and movement
actions (the typed actions: device_actions.py). Per-use RU costs come from the ruleset data (§6 A1, B2-B4)
and the settings."""

from __future__ import annotations

from ...rules.names import possessive
from .model import Reload
from ...game.errors import InvalidAction
from ...game.state import GameState, ShipItem, ShipState
from .game_base import FLARES, SpookBase

DEVICE_HELP = (
    "use a device (spook §3 B3, §6): Hyperdrive (§6 A1: 5 RU; the ship may not move, rotate or attack this turn), "
    "Afterburner (§6 A2: speed +6 this turn, agility +2 until your next turn; reload 1;2), Defense Field (§6 B2: "
    "5 RU; its “ships”: your other ships within 10 units; enemy attacks and rams on them fail through the opponent's "
    "next turn), EMP Generator (§6 B3: 10 RU; its “ships”: enemy ships within 10 units, disabled through their next "
    "turn; the user may not attack on its next turn), Sensor Jammer (§6 B4: 5 RU; its “ships”: ships within 10 units, "
    "weapons off through the opponent's next turn), Gravity Well Generator (§6 B5: no enemy hyperjump into 20 "
    "units through the opponent's next turn; reload 1;2; {gravity_well_cost_ru} RU per use: the book gives none, "
    "setting “RU paid each time a Gravity Well Generator is activated”). A player without the RU cannot use the device"
)

RELOAD_FLARES_HELP = (
    "reload empty flare launchers in the device step (spook §3 B3, §6 B1: reloading costs RUs): "
    "{flare_reload_cost_ru} RU per launcher (setting “RU to reload one empty flare launcher”); they are full again at the "
    "start of your next turn"
)
LAY_MINES_HELP = (
    "a Mine Layer Frigate lays one mine per square of its movement path (spook §7 A1; reload 1;2); "
    "the mines are counted on its player's record"
)
PROBE_MOVE_HELP = (
    "a probe makes its one move of the game: straight, any distance (spook §3 B1, §4 B1); a second is "
    "refused"
)


def device_cost(plugin: SpookBase, state: GameState, device: ShipItem) -> int:
    """RU per use: the book's (§6 A1, B2-B4), the Gravity Well's from the settings (the book gives none)."""
    if device.name == "Gravity Well Generator":
        return int(plugin.rules(state).setting("gravity_well_cost_ru"))
    return plugin.ruleset.devices[device.name].use_cost_ru or 0


def device_usable(plugin: SpookBase, state: GameState, ship: ShipState, device: ShipItem) -> None:
    """Refuse a device that cannot be used now, saying why (the readiness of devices reads this too)."""
    if device.kind != "device":
        raise InvalidAction(f"{device.name} ({device.id}) is a {device.kind}, not a device; pick one of "
                            f"{possessive(ship.label)} devices")
    if device.name == FLARES:
        raise InvalidAction("flare launchers are always on (spook §6 B1); refill an empty one with reload-flares")
    plugin.not_disabled(ship, "use devices")
    plugin.usable(ship, device)
    if device.name in ("Hyperdrive", "Afterburner"):
        plugin.not_held(ship, "jump" if device.name == "Hyperdrive" else "move")
    plugin.books.can_pay(state, ship.owner, device_cost(plugin, state, device), f"{device.name} of {ship.label}")


def no_ships(others: list[ShipState], name: str) -> None:
    if others:
        raise InvalidAction(f"{name} acts on its own ship only; leave “ships” empty")


def sided(plugin: SpookBase, state: GameState, ship: ShipState, others: list[ShipState], *, own: bool, what: str) -> list[ShipState]:
    out = []
    for s in others:
        if s.id == ship.id:
            continue
        if (s.owner == ship.owner) != own:
            side = "your own" if own else "enemy"
            raise InvalidAction(f"{what} acts on {side} ships; {s.label} is not one, leave it out")
        if plugin.lost(s) or s.record.get("aboard"):
            raise InvalidAction(f"{s.label} is not on the board")
        out.append(s)
    return out


def speed_now(plugin: SpookBase, state: GameState, ship: ShipState) -> int:
    word = plugin.books.speed_text(state, ship).split(" ", 1)[0]
    return int(word) if word.isdigit() else 0


def flare_capacity(plugin: SpookBase) -> int:
    """Ammo of a full flare launcher: the X of its 'X;Y' reload (8)."""
    return (Reload.parse(plugin.ruleset.devices[FLARES].reload) or Reload(8, 1)).uses
