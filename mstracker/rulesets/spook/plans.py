"""The dice spook actions declare before they roll, in rolling order (the engine checks every roll against
them): a shot (§5 damage die, §5 Accuracy d12, §6 B1 flare d8s, §7 A11 subsystem d8), a mine crossing
(§7 A1) and the first-turn roll-off (house default).

Conditional dice carry `when` tests on the earlier faces, worked out by the same functions the rolls use
(`procedures.attack_damage`), so a die is declared exactly when the roll will need it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.contract import DicePlan, Faces, PlanBuilder, face
from .combat import FireSetup
from .hazards import MinesSetup
from .model import Ruleset
from .procedures import attack_damage
from .table_rolls import ROLLOFF_ROUNDS

ACCURACY = "Accuracy table (spook §5 Accuracy)"
FLARES = "Flares table (spook §6 B1)"
MINES = "Mines table (spook §7 A1)"
SUBSYSTEM = "Subsystem table (spook §7 A11, house default)"
ROLLOFF = "Roll-off for the first turn (house default: setting first_player)"


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
        acc = plan.die(12, f"accuracy {w.accuracy} against agility {s.agility}", ship=ship, table=ACCURACY)
    flare_dice: list[int] = []

    def left(faces: Faces, flares: int) -> int:
        return attack_damage(ruleset, s, face(faces, mult) if mult is not None else None,
                             face(faces, acc) if acc is not None else None,
                             [face(faces, i) for i in flare_dice[:flares]])

    if s.flares_answer:
        for n in range(s.flares):
            flare_dice.append(plan.die(
                8, f"flare launcher {n + 1} of {s.flares} against {s.weapon_name}", ship=fs.target.id,
                table=FLARES, when=lambda faces, n=n: left(faces, n) > 0, when_text="while damage is left"))
    if fs.aim is not None:
        everything = len(flare_dice)
        plan.die(8, f"subsystem targeting on {fs.aim_name()}", ship=ship, table=SUBSYSTEM,
                 when=lambda faces: left(faces, everything) > 0, when_text="when the bombs deal damage")
    return plan.build()


def mines_plan(ms: MinesSetup) -> DicePlan:
    """One d8 per mine crossed (or one for the crossing), none when the mines cannot harm the ship."""
    plan = PlanBuilder()
    for n in range(ms.dice):
        what = f"mine {n + 1} of {ms.dice}" if ms.dice > 1 else ("the crossing" if ms.count > 1 else "the mine")
        plan.die(8, f"{what}: avoided, half or full damage", ship=ms.ship.id, table=MINES)
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
            rounds[r].append(plan.die(6, f"{name}'s roll-off" + (f" (tie, round {r + 1})" if r else ""), player=p,
                                      table=ROLLOFF, when=when, when_text="if tied for highest" if r else ""))
    return plan.build()
