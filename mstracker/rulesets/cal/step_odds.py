"""Exact odds of what cal's automatic steps will decide with their dice, before they are rolled: the Fire
roll of each burning ship (cal §0 Interphase, step 4), each Boarder's roll (step 5), the damage table each
damaged ship rolls (cal §3 Damage) and the tables Interphase fire damage calls for (step 3).

Each reads the same ships, in the same order, as the step and its declared dice (dice_plans.step_dice);
outcomes are labelled with the ship, so a step that rolls for several ships lists each one's.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .damage_record import immediate_table
from ...dice import Distribution
from ...game.state import GameState, ShipState
from ...rules.outcome import AttackOdds
from .common import p_success
from .damage import boarder_distribution, damage_distribution, table_called, NONE
from .notation import plural, signed
from .odds import destroy_note
from .procedures import fire_damage_applies

if TYPE_CHECKING:
    from .plugin import Plugin


def step_odds(plugin: Plugin, state: GameState, step_id: str) -> AttackOdds | None:
    """The odds of automatic step `step_id` entered in `state`; None when it rolls nothing there."""
    rules = plugin.rules(state)
    ships = plugin.alive(state)
    if step_id == "fire_roll":
        return _fire_rolls(plugin, state, [s for s in ships if int(s.record.get("fire", 0)) > 0])
    if step_id == "boarders":
        return _boarders(plugin, state, [s for s in ships if int(s.record.get("boarders", 0)) > 0])
    if step_id == "resolve_damage":
        hits = [(s, int(s.record.get("round_damage", 0))) for s in ships]
        return _tables(plugin, state, [(s, d) for s, d in hits if d > 0 and table_called(rules, int(s.record["ss"]), d) != NONE])
    if step_id == "fire_damage" and fire_damage_applies(rules, "interphase"):
        hits = [(s, int(s.record.get("fire", 0))) for s in ships]
        return _tables(plugin, state, [(s, d) for s, d in hits
                                       if d > 0 and immediate_table(plugin, state, s, d) != NONE])
    return None


def _fire_rolls(plugin: Plugin, state: GameState, burning: list[ShipState]) -> AttackOdds | None:
    if not burning:
        return None
    target = int(plugin.setting(state, "fire_roll_target"))
    outcomes: dict[str, Fraction] = {}
    chances = []
    for ship in burning:
        p = p_success(target, int(ship.record["crew"]))
        chances.append(p)
        outcomes[f"{ship.label}: one Fire put out"] = p
        outcomes[f"{ship.label}: Fire {ship.record['fire']} burns on"] = 1 - p
    return AttackOdds(p_hit=chances[0] if len(chances) == 1 else None, hit_label="Fire put out", outcomes=outcomes,
                      notes=(f"Each burning ship's Fire roll puts out one Fire on {target}+ on d6 + Crew (the target "
                             "is a house default: setting “Fire roll”; the book's was lost).",))


def _chains(plugin: Plugin, dist: Distribution[tuple[str, ...]]) -> dict[str, Fraction]:
    """Each chain of table results in words ('Chain Reaction → Reactor Breach'), with its chance."""
    names = {e.code: n for n, e in plugin.ruleset.effects.items()}
    out: dict[str, Fraction] = {}
    for chain, p in dist.items():
        words = " → ".join(names.get(code, code) for code in chain) if chain else "no effect"
        out[words] = out.get(words, Fraction(0)) + p
    return out


def _destroyed(plugin: Plugin, state: GameState, dist: Distribution[tuple[str, ...]]) -> Fraction:
    rules = plugin.rules(state)
    return dist.probability(lambda chain: any(rules.effect(code).destroyed for code in chain))


def _boarders(plugin: Plugin, state: GameState, boarded: list[ShipState]) -> AttackOdds | None:
    if not boarded:
        return None
    rules = plugin.rules(state)
    outcomes: dict[str, Fraction] = {}
    survive = Fraction(1)
    for ship in boarded:
        dist = boarder_distribution(rules, int(ship.record["crew"]))
        count = int(ship.record["boarders"])
        for words, p in _chains(plugin, dist).items():
            outcomes[f"{ship.label}, each of {plural(count, 'Boarder')}: {words}"] = p
        survive *= (1 - _destroyed(plugin, state, dist)) ** count
    return AttackOdds(p_hit=None, outcomes=outcomes, p_destroy=1 - survive,
                      notes=("One Boarder table roll per Boarder, each resolved at once (cal §Boarder Table); "
                             "Demolition Charges roll the Minor Damage Table.", destroy_note(rules)))


def _tables(plugin: Plugin, state: GameState, hits: list[tuple[ShipState, int]]) -> AttackOdds | None:
    if not hits:
        return None
    rules = plugin.rules(state)
    outcomes: dict[str, Fraction] = {}
    survive = Fraction(1)
    for ship, damage in hits:
        dist = damage_distribution(rules, int(ship.record["ss"]), damage)
        table = table_called(rules, int(ship.record["ss"]), damage)
        for words, p in _chains(plugin, dist).items():
            outcomes[f"{ship.label} ({damage} damage, {table.title()} table): {words}"] = p
        survive *= 1 - _destroyed(plugin, state, dist)
    crews = ", ".join(f"{s.label} Crew {signed(int(s.record['crew']))}" for s, _ in hits)
    return AttackOdds(p_hit=None, outcomes=outcomes, p_destroy=1 - survive,
                      notes=(f"2d6 per table, unmodified ({crews}); a Chain Reaction rolls the Major table too "
                             "(cal §Minor Damage Table).", destroy_note(rules)))
