"""The dice of every pz8 roll, declared before rolling and in rolling order: a shot (pz8 §4: 1D6 to hit,
then on a hit the firer's and the target's dice), a Torpedo attack (pz8 §5: the salvo's 2D6, then the
target's) and the initiative (pz8 §2: one D6 each, again after a tie). The engine checks every roll
against these plans.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...rules.contract import DicePlan, Faces, PlanBuilder, face
from ...rules.names import possessive
from .initiative import MAX_INITIATIVE_ROLLS
from .procedures import ToHitNeed

if TYPE_CHECKING:
    from .shots import Shot
    from .torpedo_attack import TorpedoAttack

SIDES = 6
TO_HIT = "To-hit table (pz8 §4)"
OPPOSED = "Opposed damage roll (pz8 §4)"
TORPEDO = "Torpedo attack (pz8 §5)"
INITIATIVE = "Initiative roll (pz8 §2)"


def to_hit_words(need: ToHitNeed) -> str:
    """'to hit (5+ at 4-6 hex)', 'to hit (6 at 7-9 hex, Damaged −1: no face hits)'."""
    mods = "".join(f", {name} {value:+d}" for name, value in need.modifiers)
    lowest = need.lowest_face
    if lowest is None:
        return f"to hit ({need.band}{mods}: no face hits)"
    return f"to hit ({lowest}+ at {need.band}{mods})" if lowest < SIDES else f"to hit (6 at {need.band}{mods})"


def shot_plan(shot: Shot) -> DicePlan:
    """1D6 to hit; on a hit at a Spaceship, the firer's dice, then the target's."""
    plan = PlanBuilder()
    hit = plan.die(SIDES, to_hit_words(shot.need), ship=shot.shooter.id, table=f"{TO_HIT}, {shot.need.band}")
    if shot.target is None:
        return plan.build()
    need = shot.need

    def on_hit(faces: Faces) -> bool:
        rolled = face(faces, hit)
        return rolled is not None and need.hits(rolled)

    plan.dice(shot.attack_dice, SIDES, f"{possessive(shot.shooter.name)} damage roll ({shot.attack_dice}D6)",
              ship=shot.shooter.id, table=OPPOSED, when=on_hit, when_text="on a hit")
    plan.dice(shot.defence_dice, SIDES, f"{possessive(shot.target.name)} defence roll ({shot.defence_dice}D6)",
              ship=shot.target.id, table=OPPOSED, when=on_hit, when_text="on a hit")
    return plan.build()


def torpedo_plan(attack: TorpedoAttack) -> DicePlan:
    """The salvo's dice, then the target's (the salvo hits automatically)."""
    plan = PlanBuilder()
    plan.dice(attack.attack_dice, SIDES, f"salvo {possessive(attack.torpedo['id'])} attack roll ({attack.attack_dice}D6)",
              player=int(attack.torpedo["owner"]), table=TORPEDO)
    plan.dice(attack.defence_dice, SIDES, f"{possessive(attack.target.name)} defence roll ({attack.defence_dice}D6)",
              ship=attack.target.id, table=TORPEDO)
    return plan.build()


def initiative_plan(names: list[str]) -> DicePlan:
    """One D6 for each side, the first player's first; after a tie both roll again, up to the bound."""
    plan = PlanBuilder()
    for roll_off in range(MAX_INITIATIVE_ROLLS):
        when = None if roll_off == 0 else _tied(2 * roll_off - 2)
        when_text = "" if roll_off == 0 else "if the roll-off before was a tie"
        if roll_off == MAX_INITIATIVE_ROLLS - 1:
            when_text += f" (after {MAX_INITIATIVE_ROLLS} ties in a row the roll is refused: roll it again)"
        for player, name in enumerate(names):
            purpose = f"{possessive(name)} initiative D6" + (f" (roll-off {roll_off + 1})" if roll_off else "")
            plan.die(SIDES, purpose, player=player, table=INITIATIVE, when=when, when_text=when_text)
    return plan.build()


def _tied(first: int) -> Callable[[Faces], bool]:  # a condition on the faces of the roll-off before
    def tied(faces: Faces) -> bool:
        a, b = face(faces, first), face(faces, first + 1)
        return a is not None and a == b

    return tied
