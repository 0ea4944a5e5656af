"""The dice of every cal roll, declared before it is rolled: each action that rolls and each automatic
step that rolls, in rolling order, each die naming its ship, its table (with the book's section) and
what it decides. The engine checks every real roll against these plans.

An action's plan runs the action's own `prepare_*` checks first, so a plan is refused for exactly the
reasons (and in the words) the action itself would be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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


def action_dice(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> DicePlan | None:
    """The dice action `kind` rolls with these arguments (None for actions that never roll; the typed
    actions declare their own: fire.py, point_defence.py, intercept.py, damage_control.py)."""
    plan = PlanBuilder()
    if kind == "blast":
        blast = plugin.prepare_blast(state, args)
        if blast.immediate:
            for victim in blast.victims:
                immediate(plugin, state, plan, victim, blast.amount, f"{blast.ship.label}'s blast ({blast.amount})")
    elif kind == "course":
        change = plugin.prepare_course(state, args)
        if change.hard_turn:
            immediate(plugin, state, plan, change.ship, change.hard_turn, f"the hard turn ({change.hard_turn} SS)")
    elif kind == "ram":
        ram = plugin.prepare_ram(state, args)
        first_ss, second_ss = int(ram.first.record["ss"]), int(ram.second.record["ss"])
        immediate(plugin, state, plan, ram.first, second_ss, f"the ram ({second_ss} from {ram.second.label})")
        immediate(plugin, state, plan, ram.second, first_ss, f"the ram ({first_ss} from {ram.first.label})")
    else:
        return None
    return plan.build()


def immediate(plugin: Plugin, state: GameState, plan: PlanBuilder, ship: ShipState, amount: int, why: str) -> None:
    """The dice of immediate damage to one ship (the table it calls for, its chains and picks)."""
    table = plugin.immediate_table(state, ship, amount)
    if table != NONE:
        dice = ShipDamageDice(plugin.rules(state), plan, plugin.damage_target(ship), why)
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
                dice = ShipDamageDice(rules, plan, plugin.damage_target(ship), plural(boarders, "Boarder"))
                dice.boarders(boarders, int(ship.record["crew"]) if modified else 0).done()
    elif step_id == "resolve_damage":
        for ship in alive:
            total = int(ship.record.get("round_damage", 0))
            table = table_called(rules, int(ship.record["ss"]), total) if total > 0 else NONE
            if table != NONE:
                dice = ShipDamageDice(rules, plan, plugin.damage_target(ship), f"{total} damage this round")
                dice.table(table).done()
    return plan.build()
