"""The to-hit roll of pz8 (pz8 §4): one D6 per shot, read on the distance band's table after the
modifiers in force (-1 Damaged firer, -1 fire-back, -1 at Torpedoes; pz8 §4, §5), as a rolled
resolution and as an exact distribution. Shared helpers of the dice procedures live here too."""

from __future__ import annotations

from dataclasses import dataclass, field

from mstracker.dice import DieRoll, Distribution, FaceSource

from ...rules.outcome import Resolution, Step
from .model import Ruleset

SIDES = 6


def roll_d6(faces: FaceSource, count: int) -> tuple[DieRoll, ...]:
    return tuple(DieRoll(SIDES, faces.next_face(SIDES)) for _ in range(count))


def shown_dice(dice: tuple[DieRoll, ...]) -> str:
    faces = [d.face for d in dice]
    if len(faces) == 1:
        return str(faces[0])
    return " + ".join(str(f) for f in faces) + f" = {sum(faces)}"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def check_flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r}.")
    return value


def check_shot_target(*, at_torpedo: bool, target_damaged: bool) -> None:
    if at_torpedo and target_damaged:
        raise ValueError("Torpedo salvos are never Damaged; leave target_damaged off when shooting at them.")


# -- to-hit ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToHitNeed:
    """What one shot needs: the band's number, the modifiers in force, and the natural-6 rule."""

    ruleset: Ruleset = field(repr=False, compare=False)
    distance: int
    band: str
    number: int
    modifiers: tuple[tuple[str, int], ...]
    natural6: bool

    @property
    def modifier(self) -> int:
        return sum(v for _, v in self.modifiers)

    def hits(self, face: int) -> bool:
        """Whether a D6 face hits: the modified total read on the band's table, or a natural 6 if allowed."""
        band = self.ruleset.to_hit[self.band]
        return self.ruleset.to_hit_roll(band, face + self.modifier) or (self.natural6 and face == SIDES)

    @property
    def lowest_face(self) -> int | None:
        """The lowest face that hits, or None when no face can."""
        return next((f for f in range(1, SIDES + 1) if self.hits(f)), None)


def to_hit_need(
    ruleset: Ruleset, distance: int, *, damaged: bool = False, fire_back: bool = False, at_torpedo: bool = False
) -> ToHitNeed:
    """The band and modifiers for a shot at `distance` hexes (ValueError beyond the table)."""
    if isinstance(distance, bool) or not isinstance(distance, int):
        raise ValueError(f"The distance must be a whole number of hexes, not {distance!r}.")
    found = ruleset.band(distance)
    if found is None:
        last = max(b.max_distance for b in ruleset.to_hit.values())
        raise ValueError(f"A distance of {distance} hexes is out of range: Spaceships fire 1 to {last} hexes (pz8 §4).")
    name, band = found
    active = {
        "damaged": check_flag("damaged", damaged),
        "fire_back": check_flag("fire_back", fire_back),
        "at_torpedo": check_flag("at_torpedo", at_torpedo),
    }
    mods = tuple((mname, m.modifier) for mname, m in ruleset.to_hit_modifiers.items() if active[m.when])
    return ToHitNeed(ruleset, distance, name, ruleset.d6_to_hit(band), mods, bool(ruleset.setting("natural6_hits")))


def to_hit_steps(need: ToHitNeed, face: DieRoll) -> tuple[Step, ...]:
    lines = [Step(f"Distance {need.distance} hexes ({need.band}): the shot needs {need.number} or more on 1D6.")]
    if need.modifiers:
        mods = ", ".join(f"{n} {signed(v)}" for n, v in need.modifiers)
        lines.append(Step(f"Modifiers to the die: {mods} (total {signed(need.modifier)})."))
    total = face.face + need.modifier
    hit = need.hits(face.face)
    shown = f"rolls {face.face}" + (f", modified {total}" if need.modifiers else "")
    if hit and total < need.number:
        verdict = "a natural 6 always hits: hit."
    else:
        verdict = f"{'hit' if hit else 'miss'} (needs {need.number})."
    lines.append(Step(f"To hit: 1D6 {shown}: {verdict}", (face,)))
    return tuple(lines)


def roll_shot(
    ruleset: Ruleset, faces: FaceSource, *, distance: int, damaged: bool, fire_back: bool, at_torpedo: bool
) -> tuple[ToHitNeed, DieRoll, bool]:
    """Roll the to-hit die of one shot: (what it needed, the die, whether it hit)."""
    need = to_hit_need(ruleset, distance, damaged=damaged, fire_back=fire_back, at_torpedo=at_torpedo)
    (die,) = roll_d6(faces, 1)
    return need, die, need.hits(die.face)


def roll_to_hit(
    ruleset: Ruleset,
    faces: FaceSource,
    *,
    distance: int,
    damaged: bool = False,
    fire_back: bool = False,
    at_torpedo: bool = False,
) -> Resolution:
    """Roll 1D6 to hit. Outcome: hit, face, modified, need, band."""
    need, die, hit = roll_shot(
        ruleset, faces, distance=distance, damaged=damaged, fire_back=fire_back, at_torpedo=at_torpedo
    )
    return Resolution(
        steps=to_hit_steps(need, die),
        summary="Hit." if hit else "Miss.",
        outcome={"hit": hit, "face": die.face, "modified": die.face + need.modifier, "need": need.number,
                 "band": need.band},
    )


def to_hit_distribution(
    ruleset: Ruleset, *, distance: int, damaged: bool = False, fire_back: bool = False, at_torpedo: bool = False
) -> Distribution[bool]:
    """Exact chance of hitting (True) or missing (False)."""
    need = to_hit_need(ruleset, distance, damaged=damaged, fire_back=fire_back, at_torpedo=at_torpedo)
    return Distribution.die(SIDES).map(need.hits)
