"""Exact odds of every cal roll in a game, before it is made: gunnery (the same figures as `mstracker odds
cal`, counting the damage already recorded on the target this round), point defence, intercepts,
Damage Control, rallying, and the immediate damage of a blast, a ram or a hard turn; ordnance attacks
roll nothing, but their damage and its chance to destroy are shown too.

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
from .odds import attack_odds, damage_figures, destroy_note
from .procedures import fire_damage_applies, intercept_distribution, point_defence_distribution
from .notation import plural, signed

if TYPE_CHECKING:
    from .gunnery import Shot
    from .plugin import Plugin

NEEDED = {"fire": ("ship", "weapon", "target", "distance"), "point-defence": ("ship", "token"),
          "intercept": ("token", "target"), "damage-control": ("ship", "choice"), "rally": ("ship",),
          "blast": ("ship", "targets"), "ram": ("ship", "other"), "course": ("ship", "spend"),
          "ordnance-attack": ("token", "target")}


def action_odds(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
    if kind not in NEEDED or any(args.get(k) in (None, "") for k in NEEDED[kind]):
        return None
    return {"fire": _fire, "point-defence": _point_defence, "intercept": _intercept, "damage-control": _check,
            "rally": _check, "blast": _blast, "ram": _ram, "course": _course,
            "ordnance-attack": _ordnance_attack}[kind](plugin, state, kind, args)


def recorded(plugin: Plugin, state: GameState, ship: ShipState) -> int:
    """Damage the ship will take in this round's Damage phase so far: recorded, and Fire if it burns then."""
    fire = int(ship.record.get("fire", 0)) if fire_damage_applies(plugin.rules(state), "damage") else 0
    return int(ship.record.get("round_damage", 0)) + fire


def fire_options(plugin: Plugin, shot: Shot) -> dict[str, Any]:
    """The `mstracker odds cal` options of a checked `fire`: the ships' classes, the battery, the distance, the
    firing ship's Crew, the shots, the target's SS now and the attacker's sensors."""
    return {"attacker": plugin.ref(shot.ship), "weapon": shot.kind, "target": plugin.ref(shot.target),
            "distance": shot.distance, "crew": shot.crew, "shots": shot.shots, "ss": int(shot.target.record["ss"]),
            "sensors_offline": shot.sensors_offline}


def _fire(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds:
    shot = plugin.prepare_fire(state, args, timed=False)
    return attack_odds(plugin.rules(state), fire_options(plugin, shot), already=recorded(plugin, state, shot.target))


def _point_defence(plugin: Plugin, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds:
    pd = plugin.prepare_point_defence(state, args, timed=False)
    rules = plugin.rules(state)
    target = int(plugin.setting(state, "pd_target"))
    units = int(pd.token["units"])
    removed = point_defence_distribution(rules, pd.crew, pd.shots).map(lambda n: min(n, units))
    outcomes = {("every unit of " + pd.token["id"] + " removed" if n >= units else plural(n, "unit") + " removed"): p
                for n, p in sorted(removed.items())}
    return AttackOdds(p_hit=p_success(target, pd.crew), outcomes=outcomes, hit_label="Each shot hits",
                      notes=(f"Each point defence shot removes one unit on {target}+ with Crew {signed(pd.crew)} "
                             f"(the Point Defence target is a house default: pd_target; the book's was lost).",))


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
