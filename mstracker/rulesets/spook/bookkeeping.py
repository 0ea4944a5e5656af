"""The record changes every spook action shares, written into the engine's `Batch` as exact old → new
events: a ship's derived values (agility with an afterburner, §6 A2; speed with its engines lost, §7 A11),
damage and destruction (§4 Armor), the links a lost ship breaks (infiltration §7 A12, transport cargo
§4 B2), and RU paid and refunded (§2 D-E, §6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.state import GameState, ShipState
from .effects import is_destroyed, percent_up

if TYPE_CHECKING:
    from .game_base import SpookBase

#: Ship timers that count down at the start of every turn (any player's), in turns.
TIMERS = ("hold", "no_fire", "afterburner", "emp", "jammed", "shielded", "gravity_well")


class Bookkeeper:
    """Shared record changes of the spook actions (one job: writing them, exactly)."""

    def __init__(self, plugin: SpookBase) -> None:
        self.plugin = plugin

    # ---- derived record values -----------------------------------------------------------------
    def agility(self, ship: ShipState, afterburner: int) -> int:
        bonus = self.plugin.ruleset.devices["Afterburner"].agility_bonus or 0
        return self.plugin.klass(ship)[1].agility + (bonus if afterburner > 0 else 0)

    def speed_text(self, state: GameState, ship: ShipState) -> str:
        """Speed as the record shows it: '4', '10 (+6)', '2 (engines)', 'once', 'spent', 'immobile'."""
        cls = self.plugin.klass(ship)[1]
        if cls.movement == "immobile":
            return "immobile"
        if cls.movement == "once":
            return "spent" if ship.record.get("speed") == "spent" else "once"
        base, notes = cls.speed or 0, []
        if "engines" in (ship.record.get("lost_systems") or []):
            base = percent_up(base, int(self.plugin.rules(state).setting("engines_destroyed_speed_pct")))
            notes.append("engines")
        if ship.record.get("afterburner") and state.active == ship.owner:
            bonus = self.plugin.ruleset.devices["Afterburner"].speed_bonus or 0
            base += bonus
            notes.append(f"+{bonus}")
        return f"{base} ({', '.join(notes)})" if notes else str(base)

    def refresh(self, batch: Batch, ship_id: str, reason: str = "") -> None:
        """Bring the derived values (agility, speed) of a ship in line with its record."""
        ship = batch.ship(ship_id)
        batch.set(ship_id, "agility", self.agility(ship, int(ship.record.get("afterburner") or 0)), reason)
        batch.set(ship_id, "speed", self.speed_text(batch.state, ship), reason)

    # ---- damage --------------------------------------------------------------------------------
    def damage(self, batch: Batch, ship_id: str, amount: int, reason: str) -> None:
        """Take `amount` off the ship's armor (not below 0); destroyed at the threshold setting."""
        ship = batch.ship(ship_id)
        if amount <= 0 or self.plugin.lost(ship):
            return
        armor = max(0, int(ship.record.get("armor") or 0) - amount)
        batch.set(ship_id, "armor", armor, reason)
        if is_destroyed(self.plugin.rules(batch.state), armor):
            self.destroy(batch, ship_id, reason)

    def destroy(self, batch: Batch, ship_id: str, reason: str, flag: str = "destroyed") -> None:
        """Take a ship out of play (destroyed or retired) and undo the links it was part of."""
        ship = batch.ship(ship_id)
        batch.set(ship_id, flag, True, reason)
        for key in (*TIMERS, "capture_in"):
            batch.set(ship_id, key, 0)
        batch.set(ship_id, "dock", "")
        self.release(batch, ship_id, f"{ship.label} is gone")

    def release(self, batch: Batch, ship_id: str, reason: str) -> None:
        """Break off the infiltration, boarding and cargo links of a ship."""
        ship = batch.ship(ship_id)
        target = self.plugin.ref_id(ship.record.get("infiltrating", ""))
        if target:
            batch.set(ship_id, "infiltrating", "", reason)
            batch.set(ship_id, "capture_in", 0)
            still = any(self.plugin.ref_id(o.record.get("infiltrating", "")) == target for o in batch.state.ships.values())
            if target in batch.state.ships and not still:
                batch.set(target, "boarded", False, reason)
        if ship.record.get("boarded"):
            batch.set(ship_id, "boarded", False, reason)
            for other in batch.state.ships.values():
                if self.plugin.ref_id(other.record.get("infiltrating", "")) == ship_id:
                    batch.set(other.id, "infiltrating", "", reason)
                    batch.set(other.id, "capture_in", 0)
        for word in list(ship.record.get("cargo") or []):
            craft = self.plugin.ref_id(word)
            if craft in batch.state.ships:
                batch.set(craft, "aboard", "", f"{reason}: place the craft next to it")
        batch.set(ship_id, "cargo", [])
        host = self.plugin.ref_id(ship.record.get("aboard", ""))
        if host in batch.state.ships:
            cargo = [w for w in batch.ship(host).record.get("cargo") or [] if self.plugin.ref_id(w) != ship_id]
            batch.set(host, "cargo", cargo)
            batch.set(ship_id, "aboard", "")

    # ---- RU ------------------------------------------------------------------------------------
    @staticmethod
    def can_pay(state: GameState, player: int, amount: int, reason: str) -> None:
        """InvalidAction when the player lacks the RU (then the device cannot be used: §2 D, §6)."""
        have = state.players[player].resources.get("ru", 0)
        if amount > have:
            raise InvalidAction(f"{state.players[player].name} has {have} RU; {reason} costs {amount}")

    def pay(self, batch: Batch, player: int, amount: int, reason: str) -> None:
        """Spend RU (refused when the player lacks them)."""
        self.can_pay(batch.state, player, amount, reason)
        have = batch.state.players[player].resources.get("ru", 0)
        if amount:
            batch.resource(player, "ru", have - amount, reason)

    def ship_cost(self, ship: ShipState) -> tuple[int, int, int, bool]:
        """(hull RU, weapons RU, devices RU, free hull) of a ship, for the retire refund."""
        cls = self.plugin.klass(ship)[1]
        weapons = sum(self.plugin.ruleset.weapons[it.name].rus for it in ship.items if it.kind == "weapon")
        devices = sum(self.plugin.ruleset.devices[it.name].rus for it in ship.items if it.kind == "device")
        return cls.rus or 0, weapons, devices, bool(ship.record.get("free"))
