"""The dice spook actions declare before they roll, in rolling order (the engine checks every roll against
them): a shot (§5 damage die, §5 Accuracy d12, §6 B1 flare d8s, §7 A11 subsystem d8), a mine crossing
(§7 A1) and the first-turn roll-off (house default).

Each die is credited to the ship it is rolled for (the shooter, the target's flare launchers, the
ship crossing mines), and where the book's table is not "higher is better" for that ship's owner the
die says how its faces rank (`DieNeed.rank`, for dice luck): the accuracy d12 (§5 Accuracy: 12 a miss
with friendly fire, 1-5 a miss, 6-10 half, 11 full), the flare d8s (§6 B1: 1-3 stop the missiles,
for the target) and the mine d8s (§7 A1: 1-3 avoided, for the ship crossing).

Conditional dice carry `when` tests on the earlier faces, worked out by the same functions the rolls use
(`procedures.attack_damage`), so a die is declared exactly when the roll will need it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.contract import DicePlan, Faces, PlanBuilder, face, ranked
from ...rules.names import possessive
from .combat import FireSetup
from .hazards import MinesSetup
from .model import Ruleset
from .procedures import attack_damage
from .table_rolls import ROLLOFF_ROUNDS

ACCURACY = "Accuracy table (spook §5 Accuracy)"
FLARES = "Flares table (spook §6 B1)"
MINES = "Mines table (spook §7 A1)"
SUBSYSTEM = "Subsystem table (spook §7 A11, house default)"
ROLLOFF = "Roll-off for the first turn (house default: setting “Who takes the first turn”)"


def accuracy_rank(ruleset: Ruleset) -> tuple[int, ...]:
    """How the accuracy d12 ranks for the attacker (spook §5 Accuracy): by the share of the damage it lets
    through (1-5 miss, 6-10 half, 11 full), with friendly fire (12: a miss, and a friend takes the full
    damage) below every miss."""
    table = ruleset.tables["accuracy"]
    return ranked(1, 12, lambda f: -1 if table.lookup(f).result == "friendly_fire" else int(table.lookup(f).value or 0))


def damage_taken_rank(ruleset: Ruleset, key: str) -> tuple[int, ...]:
    """How a d8 rolled for the ship that takes the damage ranks for its owner: the less of the damage its
    row lets through (`value`: flares §6 B1, % that gets through; mines §7 A1, damage), the better."""
    table = ruleset.tables[key]
    return ranked(1, 8, lambda f: -int(table.lookup(f).value or 0))


def fire_plan(ruleset: Ruleset, fs: FireSetup) -> DicePlan:
    """The dice of one shot: ×d6 damage, the accuracy d12, one d8 per flare launcher while damage is left,
    and the subsystem d8 when a bomber's aimed bombs deal damage."""
    s, plan = fs.attack, PlanBuilder()
    w, ship = s.weapon, fs.ship.id
    mult = acc = None
    if w.damage_die:
        mult = plan.die(w.damage_die, f"damage: {w.damage_base} × d{w.damage_die}", ship=ship,
                        table=f"{s.weapon_name} damage (spook §5)")
    if s.roll_needed:
        acc = plan.die(12, f"accuracy {w.accuracy} against agility {s.agility}", ship=ship, table=ACCURACY,
                       rank=accuracy_rank(ruleset))
    flare_dice: list[int] = []

    def left(faces: Faces, flares: int) -> int:
        return attack_damage(ruleset, s, face(faces, mult) if mult is not None else None,
                             face(faces, acc) if acc is not None else None,
                             [face(faces, i) for i in flare_dice[:flares]])

    if s.flares_answer:
        for n in range(s.flares):
            flare_dice.append(plan.die(
                8, f"flare launcher {n + 1} of {s.flares} against {s.weapon_name}", ship=fs.target.id,
                table=FLARES, when=lambda faces, n=n: left(faces, n) > 0, when_text="while damage is left",
                rank=damage_taken_rank(ruleset, "flares")))
    if fs.aim is not None:
        everything = len(flare_dice)
        plan.die(8, f"subsystem targeting on {fs.aim_name()}", ship=ship, table=SUBSYSTEM,
                 when=lambda faces: left(faces, everything) > 0, when_text="when the bombs deal damage")
    return plan.build()


def mines_plan(ms: MinesSetup, ruleset: Ruleset | None = None) -> DicePlan:
    """One d8 per mine crossed (or one for the crossing), none when the mines cannot harm the ship; with
    the ruleset, each d8 ranks for the ship crossing (1-3 avoided is its best)."""
    plan = PlanBuilder()
    rank = damage_taken_rank(ruleset, "mines") if ruleset is not None else None
    for n in range(ms.dice):
        what = f"mine {n + 1} of {ms.dice}" if ms.dice > 1 else ("the crossing" if ms.count > 1 else "the mine")
        plan.die(8, f"{what}: avoided, half or full damage", ship=ms.ship.id, table=MINES, rank=rank)
    return plan.build()


def rolloff_plan(players: Sequence[str]) -> DicePlan:
    """A d6 per player in player order; after a tie, a d6 per player tied for highest, up to ROLLOFF_ROUNDS."""
    plan = PlanBuilder()
    rounds: list[list[int]] = []

    def still_in(faces: Faces, upto: int) -> list[int]:
        """The players still rolling after `upto` rounds (indices into `players`)."""
        standing = list(range(len(players)))
        for r in range(upto):
            rolled = {p: face(faces, rounds[r][p]) for p in standing}
            best = max((f for f in rolled.values() if f is not None), default=None)
            standing = [p for p, f in rolled.items() if f == best]
        return standing

    for r in range(ROLLOFF_ROUNDS):
        rounds.append([])
        for p, name in enumerate(players):
            when = None if r == 0 else (lambda faces, r=r, p=p: len(still_in(faces, r)) > 1 and p in still_in(faces, r))
            rounds[r].append(plan.die(6, f"{possessive(name)} roll-off" + (f" (tie, round {r + 1})" if r else ""), player=p,
                                      table=ROLLOFF, when=when, when_text="if tied for highest" if r else ""))
    return plan.build()
