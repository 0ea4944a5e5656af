"""Exact odds of every cal roll in a game, before it is made (gunnery's are its typed actions', fire.py and
point_defence.py): intercepts, Damage Control, rallying, and the immediate damage of a blast, a ram or a
hard turn; ordnance attacks roll nothing, but their damage and its chance to destroy are shown too.

Each reads the action's own `prepare_*` checks, so odds appear only for an action that may be done
(InvalidAction says why not), and None while the form still lacks what the roll depends on.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...rules.outcome import AttackOdds
from ...game.state import GameState, ShipState
from .common import p_success
from .damage import NONE, destroy_chance
from .fire import recorded
from .odds import damage_figures, destroy_note
from .procedures import intercept_distribution
from .notation import signed

if TYPE_CHECKING:
    from .plugin import Plugin

NEEDED = {"intercept": ("token", "target"), "damage-control": ("ship", "choice"), "rally": ("ship",),
          "blast": ("ship", "targets"), "ram": ("ship", "other"), "course": ("ship", "spend"),
          "ordnance-attack": ("token", "target")}


def action_odds(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
    if kind not in NEEDED or any(args.get(k) in (None, "") for k in NEEDED[kind]):
        return None
    return {"intercept": _intercept, "damage-control": _check,
            "rally": _check, "blast": _blast, "ram": _ram, "course": _course,
            "ordnance-attack": _ordnance_attack}[kind](plugin, state, kind, args)


def _intercept(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds:
    icp = plugin.prepare_intercept(state, args, timed=False)
    a, b = icp.fighters["id"], icp.target["id"]
    dist = intercept_distribution(plugin.rules(state), [icp.fighters["kind"]] * icp.units,
                                  [icp.target["kind"]] * icp.target_units)
    words = {"a": f"{a} stays, {b} removed", "b": f"{b} stays, {a} removed", "none": "both removed"}
    outcomes = {words[k]: p for k, p in dist.items()}
    notes = ["The lower total ATA is removed; the higher stays only on an unmodified d6 under the difference "
             "(cal §Craft)."]
    if icp.roll_under is None and not plugin.setting(state, "intercept_zero_ata_roll"):
        notes.append("Against 0-ATA ordnance the fighter remains without a roll (house setting "
                     "intercept_zero_ata_roll = false).")
    # The headline is the intercepting token's own survival: "both removed" is not staying.
    return AttackOdds(p_hit=dist.probability(lambda k: k == "a"), outcomes=outcomes, notes=tuple(notes),
                      hit_label="Fighters stay")


def _check(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds:
    if kind == "damage-control":
        dc = plugin.prepare_damage_control(state, args)
        ship, key, what = dc.ship, "damage_control_target", {
            "repair": f"repaired ({dc.system or 'the one effect'})", "boarder": "one Boarder removed",
            "fire": "one Fire put out"}[dc.choice]
    else:
        ship = plugin.prepare_choice(state, args["ship"], "rally")
        key = "rally_target"
        cap = plugin.rally_cap(state, ship)
        what = "Crew +1" if cap is None or int(ship.record["crew"]) < cap else "no change: Crew is at its cap"
    target = int(plugin.setting(state, key))
    p = p_success(target, int(ship.record["crew"]))
    return AttackOdds(p_hit=p, hit_label="Success", outcomes={f"success: {what}": p, "failure: nothing changes": 1 - p},
                      notes=(f"Succeeds on {target}+ on d6 + Crew {signed(int(ship.record['crew']))} (the target is a "
                             f"house default: {key}; the book's was lost).",))


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


def _ordnance_attack(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds:
    attack = plugin.prepare_ordnance_attack(state, args, timed=False)
    if not attack.damage:
        return AttackOdds(p_hit=None, outcomes={f"{attack.target.label} Boarders +{attack.boarders}": Fraction(1)})
    rules = plugin.rules(state)
    already = recorded(plugin, state, attack.target)
    figures = damage_figures(rules, int(attack.target.record["ss"]), already, {attack.damage: Fraction(1)})
    return AttackOdds(p_hit=None, damage={attack.damage: Fraction(1)}, expected_damage=Fraction(attack.damage),
                      p_destroy=figures.pop("p_destroy"), extra=figures,
                      notes=("No roll: ordnance that reaches its target always hits (cal §Torpedoes, §Craft); the "
                             "damage is applied in the Damage phase.", destroy_note(rules)))
