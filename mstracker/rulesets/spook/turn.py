"""spook automatic steps of the turn (§3 B in the book's logical order): upkeep, retire and repair (§7 A2-A4,
A7-A9), infiltration countdown (§7 A12), victory check (§3 B4).

Each handler returns the events of its bookkeeping; the engine logs them like any action, so
they can be undone. Upkeep timers tick at every turn start; reloads, flare refills, retires and
repairs concern the active player's ships only (they run on their owner's turns).
"""

from __future__ import annotations

from .effects import retire_refund, retire_value
from ...game.batch import Batch
from ...game.events import Event
from ...game.generic import end_game
from ...game.state import GameState, ShipState
from .devices import flare_capacity
from .bookkeeping import TIMERS
from .game_base import FLARES, PROBE, SpookBase, dock_order, plural

BUILDERS, BASES = ("E1",), ("A1", "A2")


def expire(plugin: SpookBase, state: GameState) -> list[Event]:
    """Every timer ticks one turn; effects that reach 0 end; afterburner speed/agility fall back."""
    b = Batch(plugin, state)
    pending = state.extra.get("pending_ff")
    if pending:
        b.extra("pending_ff", None, f"The friendly fire from {pending['source']} was never settled and lapses")
    for ship in plugin.live(state):
        for key in TIMERS:
            left = int(ship.record.get(key) or 0)
            if left:
                b.set(ship.id, key, left - 1, "ends" if left == 1 else "one turn less")
        if ship.record.get("afterburner"):  # its speed bonus ends now, its agility bonus maybe
            plugin.books.refresh(b, ship.id, "afterburner over")
    return b.events


def reload(plugin: SpookBase, state: GameState) -> list[Event]:
    """The active player's weapons, devices and abilities: 'used' clears, X;Y reloads move on one own turn."""
    b = Batch(plugin, state)
    consecutive = bool(plugin.rules(state).setting("reload_uses_consecutive"))
    for ship in plugin.live(state, state.active):
        for item in ship.items:
            counter = plugin.counter(item)
            if counter is None:
                b.set(ship.id, f"{item.id}.used", False)
                continue
            after = counter.next_own_turn(consecutive=consecutive)
            b.set(ship.id, f"{item.id}.used", False)
            ready = " - ready" if after.available and not counter.available else ""
            b.set(ship.id, f"{item.id}.reload", after.wait, f"reloading {after.cycle}{ready}")
            b.set(ship.id, f"{item.id}.uses", after.uses, f"reload {after.cycle}{ready}")
    return b.events


def flares(plugin: SpookBase, state: GameState) -> list[Event]:
    """Flare launchers whose reload was paid last turn are full again."""
    b = Batch(plugin, state)
    full = flare_capacity(plugin)
    for ship in plugin.live(state, state.active):
        for item in ship.items:
            if item.name == FLARES and item.record.get("refill"):
                b.set(ship.id, f"{item.id}.ammo", full, "flare reload paid last turn")
                b.set(ship.id, f"{item.id}.refill", False)
    return b.events


def infiltration(plugin: SpookBase, state: GameState) -> list[Event]:
    """An infiltration whose count reached 0 captures its target: the ship changes owner."""
    b = Batch(plugin, state)
    for ship in plugin.live(state):
        target_id = plugin.ref_id(ship.record.get("infiltrating", ""))
        if not target_id or int(ship.record.get("capture_in") or 0) > 0:
            continue
        target = b.ship(target_id)
        new_owner = ship.owner
        old = state.players[target.owner].name
        b.story("captured", f"{ship.label} captures {target.label}: it now belongs to "
                f"{state.players[new_owner].name} (was {old})", ship=ship.id, target=target_id)
        b.owner(target_id, new_owner, f"{target.label} now belongs to {state.players[new_owner].name} (was {old})")
        plugin.books.release(b, ship.id, "infiltration complete")
        plugin.books.release(b, target_id, "captured")
        b.set(target_id, "dock", "", "captured")
        b.set(target_id, "captured", True, f"captured by {ship.label}")
    return b.events


def retire(plugin: SpookBase, state: GameState) -> list[Event]:
    """Ships that ended last turn in position to retire leave play; their owner gains the refund."""
    b = Batch(plugin, state)
    rules = plugin.rules(state)
    for ship in docked(plugin, state, "retire"):
        host = check_host(plugin, b, ship)
        if host is None:
            continue
        hull, weapons, devices, free = plugin.books.ship_cost(ship)
        refund = retire_refund(rules, hull, weapons, devices, free=free)
        pct = rules.setting("retire_refund_pct")
        cost = retire_value(rules, hull, weapons, devices, free=free)
        b.story("retired", f"{ship.label} retires at {host.label}: {pct}% of {cost} RU = {refund} RU back",
                ship=ship.id, host=host.id, refund=refund)
        plugin.books.destroy(b, ship.id, f"retired at {host.label}", flag="retired")
        have = b.state.players[ship.owner].resources.get("ru", 0)
        b.resource(ship.owner, "ru", have + refund, f"retired {ship.name}")
    return b.events


def repair(plugin: SpookBase, state: GameState) -> list[Event]:
    """Ships that ended last turn in position to repair get full armor and may not move or attack this turn."""
    b = Batch(plugin, state)
    cost = int(plugin.rules(state).setting("repair_cost_ru"))
    for ship in docked(plugin, state, "repair"):
        host = check_host(plugin, b, ship)
        if host is None:
            continue
        have = b.state.players[ship.owner].resources.get("ru", 0)
        if cost > have:
            b.story("repaired", f"{ship.label} is not repaired: the repair costs {cost} RU and "
                    f"{state.players[ship.owner].name} has {have}", ship=ship.id, done=False)
            b.set(ship.id, "dock", "", "repair not paid")
            continue
        b.story("repaired", f"{ship.label} is repaired at {host.label}" + (f" for {cost} RU" if cost else "")
                + ": full armor; it may not move or attack this turn", ship=ship.id, host=host.id)
        if cost:
            b.resource(ship.owner, "ru", have - cost, f"repair of {ship.name}")
        b.set(ship.id, "armor", int(ship.record["armor_max"]), f"repaired at {host.label}")
        b.set(ship.id, "dock", "", "repaired")
        b.set(ship.id, "hold", max(1, int(ship.record.get("hold") or 0)), "repaired this turn")
    return b.events


def docked(plugin: SpookBase, state: GameState, purpose: str) -> list[ShipState]:
    # only orders from an earlier turn: the ship must have ended a turn in position
    out = []
    for s in plugin.live(state, state.active):
        order = dock_order(s.record.get("dock") or "")
        if order is not None and order[0] == purpose and order[2] < state.turn:
            out.append(s)
    return out


def check_host(plugin: SpookBase, b: Batch, ship: ShipState) -> ShipState | None:
    order = dock_order(ship.record.get("dock") or "")
    host = b.state.ships.get(order[1] if order else "")
    if host is None or plugin.lost(host) or host.owner != ship.owner:
        b.set(ship.id, "dock", "", "its host is gone")
        return None
    return host


def countdown(plugin: SpookBase, state: GameState) -> list[Event]:
    """Each of the active player's infiltrations goes one step closer to the capture."""
    b = Batch(plugin, state)
    for ship in plugin.live(state, state.active):
        target = ship.record.get("infiltrating")
        left = int(ship.record.get("capture_in") or 0)
        if not target or left <= 0:
            continue
        if ship.record.get("emp"):
            b.story("infiltration", f"{ship.label} is disabled by an EMP: its infiltration of {target} "
                    "does not advance this turn", ship=ship.id)
            continue
        b.set(ship.id, "capture_in", left - 1, f"infiltrating {target}" + (
            ": captured at the next turn start" if left == 1 else ""))
    return b.events


# ---- victory (§3 B4) ------------------------------------------------------------------------
def out_of_game(plugin: SpookBase, state: GameState, player: int) -> bool:
    """True when `player` has lost under the agreed victory mode."""
    mode = plugin.rules(state).setting("victory")
    live = plugin.live(state, player)
    if mode == "deathmatch":
        return not any(plugin.code(s) != PROBE for s in live)
    first = [s for s in state.ships.values() if s.record.get("original_owner", s.owner) == player]
    if mode == "defense":
        bases = [s for s in first if plugin.code(s) in BASES]
        return bool(bases) and all(plugin.lost(s) or s.owner != player for s in bases)
    kinds = BUILDERS + (BASES if plugin.rules(state).setting("defense_ii_counts_bases") else ())
    if not any(plugin.code(s) in kinds for s in first):
        return False  # never had one: this mode cannot beat the player
    return not any(plugin.code(s) in kinds for s in live)


def victory(plugin: SpookBase, state: GameState) -> list[Event]:
    b = Batch(plugin, state)
    mode = plugin.rules(state).setting("victory")
    standing = [i for i in range(len(state.players)) if not out_of_game(plugin, state, i)]
    names = [state.players[i].name for i in standing]
    if len(standing) == len(state.players):
        counts = ", ".join(f"{p.name} {plural(len(plugin.live(state, i)), 'ship')}" for i, p in enumerate(state.players))
        b.story("victory-checked", f"Victory check ({mode}): no winner yet; in play: {counts}", mode=mode)
        return b.events
    if len(standing) > 1:
        b.story("victory-checked", f"Victory check ({mode}): still in the game: {', '.join(names)}",
                mode=mode, standing=standing)
        return b.events
    why = {"deathmatch": "every enemy ship but probes is destroyed",
           "defense": "the enemy mothership or base is destroyed or captured",
           "defense_ii": "every enemy build-capable ship is destroyed or captured"}.get(str(mode), str(mode))
    if not standing:
        return [end_game(state, f"draw ({mode}): no fleet is left standing")]
    return [end_game(state, f"{names[0]} wins ({mode}): {why}", standing[0])]
