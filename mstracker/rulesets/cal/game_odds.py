"""Exact odds of the cal rolls still made by deciders, before they are made (the typed actions' are their
own: fire.py, point_defence.py, intercept.py, ordnance_attack.py, damage_control.py): the immediate
damage of a blast, a ram or a hard turn.

Each reads the action's own `prepare_*` checks, so odds appear only for an action that may be done
(InvalidAction says why not), and None while the form still lacks what the roll depends on.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...rules.outcome import AttackOdds
from ...game.state import GameState, ShipState
from .damage import NONE, destroy_chance
from .odds import destroy_note

if TYPE_CHECKING:
    from .plugin import Plugin

NEEDED = {"blast": ("ship", "targets"), "ram": ("ship", "other"), "course": ("ship", "spend")}


def action_odds(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
    if kind not in NEEDED or any(args.get(k) in (None, "") for k in NEEDED[kind]):
        return None
    return {"blast": _blast, "ram": _ram, "course": _course}[kind](plugin, state, kind, args)


def _hit_outcomes(plugin: Plugin, state: GameState, hits: list[tuple[ShipState, int]]) -> AttackOdds:
    """Immediate damage to some ships, each resolved at once (cal §Damage)."""
    rules = plugin.rules(state)
    outcomes: dict[str, Fraction] = {}
    survive = Fraction(1)
    for ship, amount in hits:
        table = plugin.immediate_table(state, ship, amount)
        outcomes[f"{ship.label}: {amount} damage, " + ("no table" if table == NONE else f"the {table.title()} table")] = Fraction(1)
        chance = Fraction(0) if plugin.own_roll_spent(state, ship) else destroy_chance(rules, int(ship.record["ss"]), amount)
        outcomes[f"{ship.label} destroyed"] = chance
        survive *= 1 - chance
    damage = {hits[0][1]: Fraction(1)} if len(hits) == 1 else None
    return AttackOdds(p_hit=None, damage=damage, expected_damage=Fraction(hits[0][1]) if damage else None,
                      outcomes=outcomes, p_destroy=1 - survive if hits else Fraction(0), notes=(destroy_note(rules),))


def _blast(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds:
    blast = plugin.prepare_blast(state, args)
    if not blast.immediate:
        return AttackOdds(p_hit=None, damage={blast.amount: Fraction(1)}, notes=(
            "The blast is added to each ship's round total (house setting breach_blast = round_total).",))
    return _hit_outcomes(plugin, state, [(v, blast.amount) for v in blast.victims])


def _ram(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds:
    ram = plugin.prepare_ram(state, args)
    return _hit_outcomes(plugin, state, [(ram.first, int(ram.second.record["ss"])), (ram.second, int(ram.first.record["ss"]))])


def _course(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
    change = plugin.prepare_course(state, args)
    return _hit_outcomes(plugin, state, [(change.ship, change.hard_turn)]) if change.hard_turn else None
