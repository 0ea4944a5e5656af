"""The dice of cal's automatic steps that roll, declared before they are rolled, in rolling order, each die
naming its ship, its table (with the book's section) and what it decides; and the dice of immediate damage,
which the typed actions that deal it declare (moves.py, blast.py; every action declares its own dice). The
engine checks every real roll against these plans.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .damage_record import damage_target, immediate_table
from ...game.state import GameState, ShipState
from ...rules.contract import DicePlan, PlanBuilder
from . import cite
from .damage import NONE, table_called
from .damage_plan import ShipDamageDice
from .notation import plural, signed
from .procedures import fire_damage_applies

if TYPE_CHECKING:
    from .plugin import Plugin

ROLLING_STEPS = frozenset({"fire_damage", "fire_roll", "boarders", "resolve_damage"})


def immediate(plugin: Plugin, state: GameState, plan: PlanBuilder, ship: ShipState, amount: int, why: str) -> None:
    """The dice of immediate damage to one ship (the table it calls for, its chains and picks)."""
    table = immediate_table(plugin, state, ship, amount)
    if table != NONE:
        dice = ShipDamageDice(plugin.rules(state), plan, damage_target(plugin, ship), why)
        dice.table(table).done()


def step_dice(plugin: Plugin, state: GameState, step_id: str) -> DicePlan | None:
    """The dice automatic step `step_id` rolls from `state` (the step just entered), in ship order."""
    plan = PlanBuilder()
    rules = plugin.rules(state)
    alive = plugin.alive(state)
    if step_id == "fire_damage" and fire_damage_applies(rules, "interphase"):
        for ship in alive:
            fire = int(ship.record.get("fire", 0))
            if fire > 0:
                immediate(plugin, state, plan, ship, fire, f"Fire {fire} burning")
    elif step_id == "fire_roll":
        target = plugin.setting(state, "fire_roll_target")
        for ship in alive:
            if int(ship.record.get("fire", 0)) > 0:
                plan.die(6, f"Fire roll of {ship.label} (Fire {ship.record['fire']}): puts out one Fire on {target}+ "
                            f"with Crew {signed(int(ship.record['crew']))}", ship=ship.id,
                         table=f"Fire roll ({cite.step(cite.INTERPHASE, 4)}; target a house default)")
    elif step_id == "boarders":
        modified = bool(plugin.setting(state, "boarder_roll_modified"))
        for ship in alive:
            boarders = int(ship.record.get("boarders", 0))
            if boarders > 0:
                dice = ShipDamageDice(rules, plan, damage_target(plugin, ship), plural(boarders, "Boarder"))
                dice.boarders(boarders, int(ship.record["crew"]) if modified else 0).done()
    elif step_id == "resolve_damage":
        for ship in alive:
            total = int(ship.record.get("round_damage", 0))
            table = table_called(rules, int(ship.record["ss"]), total) if total > 0 else NONE
            if table != NONE:
                dice = ShipDamageDice(rules, plan, damage_target(plugin, ship), f"{total} damage this round")
                dice.table(table).done()
    return plan.build()
