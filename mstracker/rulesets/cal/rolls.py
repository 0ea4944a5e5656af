"""cal's Interphase rolls (cal §0 Interphase, steps 4 and 6: the Fire roll, Damage Control, rallying the crew),
when Fire burns (step 3 and cal §3 Damage, step 1), and the Crew squares of the Ordnance Ready Track and the
FTL Track. Each roll is rolled (a Resolution) and exact (a Distribution); its target is a house default,
the book's "Specific rolls" list having been lost."""

from __future__ import annotations

from ...dice import Distribution, FaceSource
from ...rules.names import find_entry
from ...rules.outcome import Resolution, Step
from .common import check_distribution, check_int, roll_d6, signed, succeeds
from .model import TRACK_KINDS, Ruleset


def _check_roll(ruleset: Ruleset, key: str, what: str, crew: int, faces: FaceSource) -> tuple[bool, Step]:
    target = int(ruleset.setting(key))
    face, die = roll_d6(faces)
    ok = succeeds(face, crew, target)
    return ok, Step(f"{what}: rolled {face}, Crew {signed(crew)} → {face + crew} against {target}: "
                    f"{'success' if ok else 'failure'}.", (die,))


def resolve_fire_roll(ruleset: Ruleset, fire: int, faces: FaceSource, crew: int = 0) -> Resolution:
    """Interphase step 4: a success puts out one Fire; no roll when nothing burns."""
    check_int(fire, "Fire", 0)
    if fire == 0:
        return Resolution((Step("No Fire aboard: no Fire roll."),), "no fire", {"rolled": False, "success": False, "fire": 0})
    ok, step = _check_roll(ruleset, "fire_roll_target", "Fire roll", crew, faces)
    after = fire - 1 if ok else fire
    return Resolution((step, Step(f"Fire {fire} → {after}.")), f"Fire {after}", {"rolled": True, "success": ok, "fire": after})


def fire_roll_distribution(ruleset: Ruleset, fire: int, crew: int = 0) -> Distribution[int]:
    """Exact distribution of the Fire count after the Fire roll."""
    if check_int(fire, "Fire", 0) == 0:
        return Distribution.constant(0)
    return check_distribution(int(ruleset.setting("fire_roll_target")), crew).map(lambda ok: fire - 1 if ok else fire)


def resolve_damage_control(ruleset: Ruleset, faces: FaceSource, crew: int = 0) -> Resolution:
    """Interphase step 6: on a success the player repairs one effect, removes a Boarder or puts out a Fire."""
    ok, step = _check_roll(ruleset, "damage_control_target", "Damage Control", crew, faces)
    then = ("Choose one: repair one damage effect that is not permanent, remove one Boarder, or put out one Fire."
            if ok else "Nothing is repaired this round.")
    return Resolution((step, Step(then)), "success" if ok else "failure", {"success": ok})


def damage_control_distribution(ruleset: Ruleset, crew: int = 0) -> Distribution[bool]:
    return check_distribution(int(ruleset.setting("damage_control_target")), crew)


def crew_cap(ruleset: Ruleset, crew_start: int | None = None, permanent: int = 0) -> int | None:
    """Highest Crew a rally can reach: start value plus permanent losses (negative), or None (no cap)."""
    if ruleset.setting("crew_recovery_cap") == "none":
        return None
    start = ruleset.general.crew_start if crew_start is None else crew_start
    return start + permanent


def resolve_rally(
    ruleset: Ruleset, faces: FaceSource, crew: int, crew_start: int | None = None, permanent: int = 0
) -> Resolution:
    """Rally the crew (instead of Damage Control): a success gives Crew +1 up to the cap.

    `permanent` is the sum of permanent Crew losses (e.g. -2 per Life Support Failure).
    """
    ok, step = _check_roll(ruleset, "rally_target", "Rally", crew, faces)
    cap = crew_cap(ruleset, crew_start, permanent)
    after = crew
    if ok and (cap is None or crew < cap):
        after = crew + 1
    words = f"Crew {signed(crew)} → {signed(after)}"
    if ok and after == crew:
        words += f" (already at its cap {signed(cap or 0)})"
    return Resolution((step, Step(words + ".")), f"Crew {signed(after)}", {"success": ok, "crew": after})


def rally_distribution(ruleset: Ruleset, crew: int = 0) -> Distribution[bool]:
    return check_distribution(int(ruleset.setting("rally_target")), crew)


def fire_damage_applies(ruleset: Ruleset, phase: str) -> bool:
    """Whether Fire deals its damage in this phase ('interphase' or 'damage'), by fire_damage_timing."""
    timing = ruleset.setting("fire_damage_timing")
    if phase not in ("interphase", "damage"):
        raise ValueError(f"phase must be interphase or damage, not {phase!r}")
    return timing == "both" or timing == ("interphase" if phase == "interphase" else "damage_phase")


def damage_phase_total(ruleset: Ruleset, recorded: int, fire: int) -> int:
    """Damage phase step 1: the round's recorded damage plus Fire when Fire burns in this phase."""
    return recorded + (fire if fire_damage_applies(ruleset, "damage") else 0)


# -- Ordnance Ready Track and FTL Track -------------------------------------------------------------


def track_square(ruleset: Ruleset, crew: int) -> int:
    """The Crew square a new counter (ordnance or FTL) goes on: Crew clamped to the track."""
    g = ruleset.general
    return min(max(check_int(crew, "crew"), g.track_min), g.track_max)


def _track_kind(ruleset: Ruleset, kind: str) -> str:
    for label in TRACK_KINDS:
        if kind.strip().casefold() == label.casefold():
            return label
    _, ordnance = find_entry(ruleset.ordnance, kind, "ordnance or track (F/B, T/A, FTL)")
    return ordnance.track


def track_label(ruleset: Ruleset, kind: str, crew: int) -> str:
    """The square's label, e.g. 'F/B -1' for a fighter at Crew -1, 'FTL +2' at Crew +3, 'T/A 0'."""
    square = track_square(ruleset, crew)
    return f"{_track_kind(ruleset, kind)} {signed(square) if square else 0}"


def ready_delay(ruleset: Ruleset, kind: str, crew: int) -> int:
    """Interphases from placement until the counter reaches the ready square (HOUSE-DEFAULT table)."""
    return ruleset.ready_delay[_track_kind(ruleset, kind)].for_square(track_square(ruleset, crew))
