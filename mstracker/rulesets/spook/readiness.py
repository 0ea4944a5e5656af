"""The true state of every weapon, device and ability of a spook ship, in the book's words: ready, used this
turn (§3 B2: each weapon once per turn), reloading on its "X;Y" cycle (§5 Reload), flare ammo (§6 B1),
destroyed by a bomber (§7 A11), disabled by an EMP or a Sensor Jammer (§6 B3, B4), held by a jump (§6 A1),
waiting to retire or be repaired (§7 A2), a probe's one move (§4 B1), and the abilities the hull has.

A ship out of play (destroyed, retired) shows every item as not usable, with no live counts. Items of the
player who is not active keep their reload waits but not the "used" mark of their last turn, which their
owner's upkeep clears before they may act again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import ItemReadiness, Readiness
from .devices import flare_capacity
from .game_base import FLARES, PROBE, plural
from .devices import device_cost

if TYPE_CHECKING:
    from .plugin import Plugin

R = Readiness
PROBE_MOVE = "move"  # the readiness row of a probe's one move (not an item of the ship)
RETIRE_REPAIR = ("Retire A", "Retire B", "Retire C", "Repair A", "Repair B", "Repair C")


class ItemStates:
    """Reads the readiness of a ship's items from its record and the game (one job: no changes)."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin
        # states are immutable: the rows of the last state asked about are kept (legal actions ask often)
        self._state: GameState | None = None
        self._rows: dict[str, tuple[ShipState, tuple[ItemReadiness, ...]]] = {}

    def ship(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        if state is not self._state:
            self._state, self._rows = state, {}
        known = self._rows.get(ship.id)
        if known is not None and known[0] is ship:
            return known[1]
        rows = [self.item(state, ship, it) for it in ship.items]
        if self.plugin.code(ship) == PROBE:
            rows.append(self.probe_move(state, ship))
        self._rows[ship.id] = (ship, tuple(rows))
        return tuple(rows)

    # ---- the ship as a whole -------------------------------------------------------------------
    def out_of_play(self, state: GameState, ship: ShipState) -> str:
        """Why nothing of this ship can be used at all ('' when it is in play)."""
        if ship.record.get("destroyed"):
            return "the ship is destroyed"
        if ship.record.get("retired"):
            return "the ship has retired (spook §7 A2): out of play"
        if ship.record.get("aboard"):
            return f"aboard {ship.record['aboard']}: off the board until it disembarks (spook §4 B2)"
        waiting = self.plugin.waiting_dock(state, ship)
        if waiting is not None:
            purpose, host = waiting
            where = f" at {host.label}" if host is not None else ""
            return (f"waiting to {purpose}{where}: handled at the start of its owner's turn, it may not act "
                    "before (spook §3 B, §7 A2)")
        return ""

    def blocked(self, ship: ShipState, kind: str) -> str:
        """Why the ship may not use items of this kind now, from its timers ('' when nothing stops it)."""
        r = ship.record
        if r.get("emp"):
            return f"disabled by an EMP (spook §6 B3): {plural(int(r['emp']), 'turn')} left"
        if kind == "weapon":
            if r.get("jammed"):
                return f"jammed by a Sensor Jammer (spook §6 B4): {plural(int(r['jammed']), 'turn')} left"
            if r.get("hold"):
                return "may not attack this turn: it jumped (spook §6 A1), was repaired or was just built"
            if r.get("no_fire"):
                return "may not attack: it used an EMP (through its next turn, spook §6 B3) or rammed this turn"
            if r.get("infiltrating"):
                return f"infiltrating {r['infiltrating']}: no attacks meanwhile (spook §7 A12, house default)"
        return ""

    # ---- one item ------------------------------------------------------------------------------
    def item(self, state: GameState, ship: ShipState, item: ShipItem) -> ItemReadiness:
        gone = self.out_of_play(state, ship)
        if gone:
            return ItemReadiness(item.id, item.name, item.kind, R.DISABLED, gone)
        if item.record.get("destroyed"):
            return self._row(item, R.DESTROYED, "destroyed by a bomber's subsystem targeting (spook §7 A11)")
        if item.name == FLARES:
            return self.flares(item)
        if item.kind == "ability":
            passive = self.passive_ability(state, ship, item)
            if passive is not None:
                return passive
        own = self.cycle_state(state, ship, item)
        if own is not None and own.status is not R.READY:
            return own
        why = self.blocked(ship, item.kind)
        if why:
            return self._row(item, R.DISABLED, why, uses=own.uses_left if own else None)
        found = self.specific(state, ship, item)
        if found is not None:
            return self._row(item, found[0], found[1], uses=own.uses_left if own else None)
        return own or self._row(item, R.READY, self.ready_words(ship, item))

    def cycle_state(self, state: GameState, ship: ShipState, item: ShipItem) -> ItemReadiness | None:
        """Used this turn, reloading, or ready on the item's X;Y cycle (None for items without a cycle
        that are not used)."""
        counter = self.plugin.counter(item)
        used = bool(item.record.get("used")) and ship.owner == state.active
        if counter is None:
            return self._row(item, R.SPENT, "used this turn (once per turn, spook §3 B2)") if used else None
        cycle = f"reload {counter.cycle} (spook §5 Reload)"
        if counter.wait > 0:
            head = "used this turn; " if used else ""
            return self._row(item, R.RELOADING, f"{head}{cycle}: usable again in {plural(counter.wait, 'own turn')}",
                             turns=counter.wait, uses=0)
        left = f"{counter.uses} of {counter.cycle.uses} uses left before its {plural(counter.cycle.wait, 'turn')} reload"
        if used:
            return self._row(item, R.SPENT, f"used this turn; {left}", uses=counter.uses)
        return self._row(item, R.READY, left, uses=counter.uses)

    def flares(self, item: ShipItem) -> ItemReadiness:
        ammo = int(item.record.get("ammo") or 0)
        full = flare_capacity(self.plugin)
        if ammo > 0:
            return self._row(item, R.PASSIVE, f"always on against missiles: ammo {ammo} of {full} (spook §6 B1)",
                             uses=ammo)
        if item.record.get("refill"):
            return self._row(item, R.RELOADING, "reload paid: full again at the start of its owner's next turn "
                             "(spook §6 B1)", turns=1, uses=0)
        return self._row(item, R.OUT, "out of ammo: reload it with reload-flares in the device step (spook §6 B1)",
                         uses=0)

    def specific(self, state: GameState, ship: ShipState, item: ShipItem) -> tuple[Readiness, str] | None:
        """What holds this particular device or ability now (None when nothing)."""
        r, name = ship.record, item.name
        held = "may not move this turn: it jumped (spook §6 A1), was repaired or was just built"
        if item.kind == "device":
            if name in ("Hyperdrive", "Afterburner") and r.get("hold"):
                return R.DISABLED, held
            cost = device_cost(self.plugin, state, item)
            have = state.players[ship.owner].resources.get("ru", 0)
            if cost > have:
                return R.DISABLED, f"needs {cost} RU per use; {state.players[ship.owner].name} has {have} (spook §6)"
        if item.kind != "ability":
            return None
        if name in ("Mine Layer", "Ramming") and r.get("hold"):
            return R.DISABLED, held
        if name == "Ramming":
            why = self.blocked(ship, "weapon")
            if why:
                return R.DISABLED, why
            if self._fired(state, ship):
                return R.SPENT, "it has fired this turn; rams come during movement, before attacks (spook §3 B1)"
        if name == "Infiltrate" and r.get("infiltrating"):
            left = int(r.get("capture_in") or 0)
            when = f"captured after {plural(left, 'more ability step')}" if left else "captured at the next turn start"
            return R.WAITING, f"infiltrating {r['infiltrating']}: {when} (spook §7 A12, house default)"
        return None

    def passive_ability(self, state: GameState, ship: ShipState, item: ShipItem) -> ItemReadiness | None:
        """Abilities that are always in force rather than used (None for the others)."""
        name = item.name
        if name == "Subsystem Targeting":
            return self._row(item, R.PASSIVE, "its bombs may name a weapon, device or the engines "
                             "(spook §7 A11, house default)")
        if name in RETIRE_REPAIR:
            entry = self.plugin.ruleset.abilities[name]
            what = "retires" if name.startswith("Retire") else "repairs"
            scope = "any ship" if len(entry.scope) >= len(self.plugin.ruleset.classes) else \
                ", ".join(self.plugin.ruleset.class_names(list(entry.scope)))
            return self._row(item, R.PASSIVE, f"{what} {scope} that ends a turn next to it "
                             f"(spook {entry.source.split(';')[0].split(' (')[0]})")
        if name == "Transport":
            cargo = len(ship.record.get("cargo") or [])
            room = int(self.plugin.rules(state).setting("transport_capacity"))
            return self._row(item, R.PASSIVE, f"carries {cargo} of {room} strike-craft squadrons (spook §4 B2)")
        return None

    def ready_words(self, ship: ShipState, item: ShipItem) -> str:
        r = ship.record
        if item.name == "Afterburner" and r.get("afterburner"):
            return f"lit: speed and agility up, {plural(int(r['afterburner']), 'turn')} left (spook §6 A2)"
        if item.name == "Gravity Well Generator" and r.get("gravity_well"):
            return f"on: no enemy hyperjump into 20 units, {plural(int(r['gravity_well']), 'turn')} left (spook §6 B5)"
        return ""

    def probe_move(self, state: GameState, ship: ShipState) -> ItemReadiness:
        gone = self.out_of_play(state, ship)
        name = "One move"
        if gone:
            return ItemReadiness(PROBE_MOVE, name, "ability", R.DISABLED, gone)
        if ship.record.get("speed") == "spent":
            return ItemReadiness(PROBE_MOVE, name, "ability", R.OUT, "made its one move of the game (spook §4 B1)")
        why = self.blocked(ship, "move") or ("may not move this turn (it was just built or repaired)"
                                             if ship.record.get("hold") else "")
        if why:
            return ItemReadiness(PROBE_MOVE, name, "ability", R.DISABLED, why)
        return ItemReadiness(PROBE_MOVE, name, "ability", R.READY, "moves once per game: straight, any distance "
                             "(spook §4 B1)", uses_left=1)

    @staticmethod
    def _fired(state: GameState, ship: ShipState) -> bool:
        return ship.owner == state.active and any(it.record.get("used") for it in ship.items if it.kind == "weapon")

    @staticmethod
    def _row(item: ShipItem, status: Readiness, detail: str, *, turns: int | None = None,
             uses: int | None = None) -> ItemReadiness:
        return ItemReadiness(item.id, item.name, item.kind, status, detail, turns_left=turns, uses_left=uses)
