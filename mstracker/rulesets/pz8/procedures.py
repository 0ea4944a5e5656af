"""The dice procedures of pz8, each as a rolled resolution and as an exact distribution.

Both paths read the same ruleset data (to-hit bands, modifiers, damage rows, dice per state), so a
house rule changes the roll and the odds alike. Faces come from a FaceSource (a seeded rng or the
faces a player typed), consumed in the order the steps list them. The to-hit roll lives in `tohit.py`
and the initiative in `initiative.py`; both are re-exported here, so this module lists every procedure.
"""

from __future__ import annotations

from mstracker.dice import Distribution, FaceSource

from ...rules.outcome import Resolution, Step
from .initiative import (
    activation_quota,
    activation_quotas,
    activation_steps,
    initiative_distribution,
    roll_initiative,
)
from .model import Ruleset, d6_count
from .tohit import (
    SIDES,
    check_flag,
    check_shot_target,
    roll_d6,
    roll_shot,
    roll_to_hit,
    shown_dice,
    signed,
    to_hit_distribution,
    to_hit_need,
    to_hit_steps,
    ToHitNeed,
)

__all__ = [
    "activation_quota",
    "activation_quotas",
    "activation_steps",
    "damage_distribution",
    "damage_result",
    "gun_attack_distribution",
    "gun_attack_joint",
    "initiative_distribution",
    "fire_back_can_hit",
    "may_fire_back",
    "no_fire_back_note",
    "resolve_gun_attack",
    "resolve_shot_at_torpedoes",
    "resolve_torpedo_attack",
    "roll_initiative",
    "roll_opposed_damage",
    "roll_to_hit",
    "shot_at_torpedoes_distribution",
    "to_hit_distribution",
    "to_hit_need",
    "torpedo_attack_distribution",
    "ToHitNeed",
]

RESULT_WORDS = {"none": "no damage", "damaged": "Damaged", "destroyed": "Destroyed", "exploded": "exploded"}


# -- the opposed damage roll -----------------------------------------------------------------------


def _attack_dice(ruleset: Ruleset, *, attacker_damaged: bool, torpedo: bool) -> int:
    ship = ruleset.spaceship
    if torpedo:
        return d6_count(ship.torpedo_attack)
    return d6_count(ship.attack_damaged if attacker_damaged else ship.attack)


def _defence_dice(ruleset: Ruleset, *, target_damaged: bool) -> int:
    ship = ruleset.spaceship
    return d6_count(ship.defence_damaged if target_damaged else ship.defence)


def damage_result(ruleset: Ruleset, diff: int, *, target_damaged: bool) -> str:
    """What an attacker-minus-target difference does: 'none', 'damaged' or 'destroyed'."""
    _, row = ruleset.damage_row(diff)
    return row.if_damaged if target_damaged else row.result


def _opposed(
    ruleset: Ruleset,
    faces: FaceSource,
    *,
    attacker_damaged: bool,
    target_damaged: bool,
    torpedo: bool,
) -> tuple[tuple[Step, ...], dict[str, object]]:
    check_flag("attacker_damaged", attacker_damaged)
    check_flag("target_damaged", target_damaged)
    if torpedo and attacker_damaged:
        raise ValueError("A Torpedo salvo is never Damaged.")
    n_att = _attack_dice(ruleset, attacker_damaged=attacker_damaged, torpedo=torpedo)
    n_tgt = _defence_dice(ruleset, target_damaged=target_damaged)
    att_dice = roll_d6(faces, n_att)
    tgt_dice = roll_d6(faces, n_tgt)
    att, tgt = sum(d.face for d in att_dice), sum(d.face for d in tgt_dice)
    diff = att - tgt
    row_name, row = ruleset.damage_row(diff)
    result = row.if_damaged if target_damaged else row.result
    who = "The Torpedo salvo" if torpedo else "The attacker" + (" (Damaged)" if attacker_damaged else "")
    target = "The target" + (" (Damaged)" if target_damaged else "")
    steps = [
        Step(f"{who} rolls {n_att}D6: {shown_dice(att_dice)}.", att_dice),
        Step(f"{target} rolls {n_tgt}D6: {shown_dice(tgt_dice)}.", tgt_dice),
    ]
    verdict = f"Difference {att} − {tgt} = {signed(diff)}: {row_name}"
    if result != row.result:
        verdict += f"; the target was already Damaged, so it is {RESULT_WORDS[result]}"
    elif result == "damaged":
        verdict += f" (MPs down to {ruleset.spaceship.damaged_mps}, to-hit penalty from now on)"
    steps.append(Step(verdict + "."))
    destroyed = result == "destroyed"
    outcome: dict[str, object] = {
        "attacker_total": att,
        "target_total": tgt,
        "diff": diff,
        "row": row_name,
        "result": result,
        "target_damaged": target_damaged or result == "damaged",
        "target_destroyed": destroyed,
    }
    return tuple(steps), outcome


def roll_opposed_damage(
    ruleset: Ruleset,
    faces: FaceSource,
    *,
    attacker_damaged: bool = False,
    target_damaged: bool = False,
    torpedo: bool = False,
) -> Resolution:
    """The opposed damage roll after a hit: attacker's dice first, then the target's.

    Outcome: attacker_total, target_total, diff, row, result ('none'/'damaged'/'destroyed'),
    target_damaged and target_destroyed (the target's state afterwards).
    """
    steps, outcome = _opposed(
        ruleset, faces, attacker_damaged=attacker_damaged, target_damaged=target_damaged, torpedo=torpedo
    )
    return Resolution(steps=steps, summary=f"Target: {RESULT_WORDS[str(outcome['result'])]}.", outcome=outcome)


def damage_distribution(
    ruleset: Ruleset, *, attacker_damaged: bool = False, target_damaged: bool = False, torpedo: bool = False
) -> Distribution[str]:
    """Exact distribution of the opposed roll's result: 'none', 'damaged', 'destroyed'."""
    check_flag("attacker_damaged", attacker_damaged)
    check_flag("target_damaged", target_damaged)
    att = Distribution.dice(_attack_dice(ruleset, attacker_damaged=attacker_damaged, torpedo=torpedo), SIDES)
    tgt = Distribution.dice(_defence_dice(ruleset, target_damaged=target_damaged), SIDES)
    return att.combine(tgt, lambda a, t: damage_result(ruleset, a - t, target_damaged=target_damaged))


# -- fire-back -------------------------------------------------------------------------------------


def may_fire_back(ruleset: Ruleset, *, hit: bool, result: str, fire_back: bool, at_torpedo: bool,
                  distance: int | None = None, target_damaged: bool = False) -> bool:
    """Whether the target of a shot may fire back: it is a ship that was not Destroyed, it was hit
    (or `fireback_on_miss`), and this shot is not itself a fire-back (unless `fireback_chain`). Given the
    `distance`, also only when its fire-back can hit at all (`fire_back_can_hit`): a fire-back no die can
    hit is no chance."""
    if at_torpedo or result == "destroyed":
        return False
    if not hit and not ruleset.setting("fireback_on_miss"):
        return False
    if fire_back and not ruleset.setting("fireback_chain"):
        return False
    return distance is None or fire_back_can_hit(ruleset, distance, damaged=target_damaged or result == "damaged")


def fire_back_can_hit(ruleset: Ruleset, distance: int, *, damaged: bool) -> bool:
    """Whether some face hits on a fire-back at `distance` hexes by a ship that is (now) `damaged`: the
    fire-back's −1 (and a Damaged firer's −1) can put every face out of the band's table (pz8 §4)."""
    return to_hit_need(ruleset, distance, damaged=damaged, fire_back=True).lowest_face is not None


def no_fire_back_note(distance: int) -> str:
    """Why the target of a shot at `distance` hexes cannot fire back (no face hits)."""
    return f"the target cannot fire back: at {distance} hexes no face hits with the fire-back's −1 (pz8 §4 to-hit table)"


# -- full attacks ----------------------------------------------------------------------------------


def resolve_gun_attack(
    ruleset: Ruleset,
    faces: FaceSource,
    *,
    distance: int,
    damaged: bool = False,
    target_damaged: bool = False,
    fire_back: bool = False,
    at_torpedo: bool = False,
) -> Resolution:
    """A ship fires: to-hit roll, then (on a hit) the opposed damage roll, or the salvo explodes.

    Outcome: hit, result ('none'/'damaged'/'destroyed', or 'none'/'exploded' at torpedoes),
    fire_back_allowed, the to-hit figures (face, need, band) and, after a damage roll, its figures.
    """
    check_shot_target(at_torpedo=at_torpedo, target_damaged=target_damaged)
    need, die, hit = roll_shot(
        ruleset, faces, distance=distance, damaged=damaged, fire_back=fire_back, at_torpedo=at_torpedo
    )
    steps = list(to_hit_steps(need, die))
    outcome: dict[str, object] = {"hit": hit, "face": die.face, "need": need.number, "band": need.band}
    result = "none"
    if hit and at_torpedo:
        result = "exploded"
        steps.append(Step("The Torpedo salvo explodes: remove its counter."))
    elif hit:
        more, opposed = _opposed(ruleset, faces, attacker_damaged=damaged, target_damaged=target_damaged,
                                 torpedo=False)
        steps.extend(more)
        outcome.update(opposed)
        result = str(opposed["result"])
    answer = may_fire_back(ruleset, hit=hit, result=result, fire_back=fire_back, at_torpedo=at_torpedo)
    can_hit = answer and fire_back_can_hit(ruleset, distance, damaged=target_damaged or result == "damaged")
    if can_hit:
        steps.append(Step("The target may fire back at once, at −1 to hit."))
    elif answer:  # the chance is open (pz8 §4), but no die can hit on it: said, not offered as a chance
        steps.append(Step("T" + no_fire_back_note(distance)[1:] + "."))
    outcome["result"] = result
    outcome["fire_back_allowed"] = answer
    summary = ("Hit" if hit else "Miss") + (f": {RESULT_WORDS[result]}." if hit else ".")
    if can_hit:
        summary += " The target may fire back."
    return Resolution(steps=tuple(steps), summary=summary, outcome=outcome)


def gun_attack_distribution(
    ruleset: Ruleset,
    *,
    distance: int,
    damaged: bool = False,
    target_damaged: bool = False,
    fire_back: bool = False,
    at_torpedo: bool = False,
) -> Distribution[str]:
    """Exact distribution of a shot's result: 'none'/'damaged'/'destroyed' ('none'/'exploded' at torpedoes)."""
    return gun_attack_joint(
        ruleset, distance=distance, damaged=damaged, target_damaged=target_damaged, fire_back=fire_back,
        at_torpedo=at_torpedo,
    ).map(lambda hr: hr[1])


def gun_attack_joint(
    ruleset: Ruleset,
    *,
    distance: int,
    damaged: bool = False,
    target_damaged: bool = False,
    fire_back: bool = False,
    at_torpedo: bool = False,
) -> Distribution[tuple[bool, str]]:
    """Exact joint distribution of (hit, result) for one shot."""
    check_shot_target(at_torpedo=at_torpedo, target_damaged=target_damaged)
    hit = to_hit_distribution(ruleset, distance=distance, damaged=damaged, fire_back=fire_back, at_torpedo=at_torpedo)
    if at_torpedo:
        return hit.map(lambda h: (h, "exploded" if h else "none"))
    dmg = damage_distribution(ruleset, attacker_damaged=damaged, target_damaged=target_damaged)
    on_hit = dmg.map(lambda r: (True, r))
    return hit.bind(lambda h: on_hit if h else Distribution.constant((False, "none")))


def resolve_torpedo_attack(ruleset: Ruleset, faces: FaceSource, *, target_damaged: bool = False) -> Resolution:
    """A Torpedo salvo reaches an enemy: an automatic hit, then the opposed roll with the salvo's dice.

    Outcome as for roll_opposed_damage, plus hit (always True) and torpedo_removed.
    """
    steps = [Step("The Torpedo salvo reaches the enemy ship: an automatic hit.")]
    more, outcome = _opposed(ruleset, faces, attacker_damaged=False, target_damaged=target_damaged, torpedo=True)
    steps.extend(more)
    steps.append(Step("Remove the Torpedoes counter."))
    outcome = {"hit": True, **outcome, "torpedo_removed": True, "fire_back_allowed": False}
    return Resolution(
        steps=tuple(steps), summary=f"Torpedo hit: {RESULT_WORDS[str(outcome['result'])]}.", outcome=outcome
    )


def torpedo_attack_distribution(ruleset: Ruleset, *, target_damaged: bool = False) -> Distribution[str]:
    """Exact distribution of a Torpedo attack's result: 'none', 'damaged', 'destroyed'."""
    return damage_distribution(ruleset, target_damaged=target_damaged, torpedo=True)


def resolve_shot_at_torpedoes(
    ruleset: Ruleset, faces: FaceSource, *, distance: int, damaged: bool = False, fire_back: bool = False
) -> Resolution:
    """A ship shoots at a Torpedo salvo: to-hit at −1; a hit makes the salvo explode (no damage roll)."""
    return resolve_gun_attack(ruleset, faces, distance=distance, damaged=damaged, fire_back=fire_back, at_torpedo=True)


def shot_at_torpedoes_distribution(
    ruleset: Ruleset, *, distance: int, damaged: bool = False, fire_back: bool = False
) -> Distribution[str]:
    """Exact distribution of a shot at a Torpedo salvo: 'none' or 'exploded'."""
    return gun_attack_distribution(ruleset, distance=distance, damaged=damaged, fire_back=fire_back, at_torpedo=True)
