"""The measurement an attack needs when the distance only decides whether the weapon reaches.

Where a measured distance changes the dice or the result (pz8 range bands, cal long range), the ruleset's
decider refuses without it. Where it only sets the reach (spook §3 B2, lukas §3.a step 2, cal point
defence), an attack still needs one of two things said at the table: the distance as measured, or an
explicit "in range" (`in_range=yes`) that the log shows as "in range (not measured)". Nothing is assumed
from a blank field, so no attack is made out of reach by an empty form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import InvalidAction
from .events import ArgSpec, ArgType

IN_RANGE = "in_range"
NOT_MEASURED = "in range (not measured)"


def in_range_arg(unit: str) -> ArgSpec:
    """The form's "in range" choice, beside the distance: yes says the target is plainly within reach."""
    return ArgSpec(IN_RANGE, ArgType.BOOL, f"not measured: the target is plainly within reach (else type the "
                   f"distance in {unit}); the log says 'in range (not measured)'", required=False, default=False,
                   label="in range")


def reach_words(args: Mapping[str, Any], reach: int | None, unit: str, cite: str) -> str:
    """How the attack's reach was settled, for the log: 'at 4 units', 'in range (not measured)', or ''
    for a weapon that reaches anywhere. InvalidAction when neither a distance nor in_range was given."""
    distance = args.get("distance")
    if distance is not None:
        return f"at {_count(distance, unit)}"
    if args.get(IN_RANGE):
        return NOT_MEASURED
    if reach is None:
        return ""
    raise InvalidAction(f"distance needed: {cite} (the weapon reaches {_count(reach, unit)}); "
                        "type the distance measured on the table, or tick “in range” when it plainly is")


def _count(n: int, unit: str) -> str:
    """'1 stud', '2 studs' (units, studs and hexes are what the rulebooks measure in)."""
    return f"{n} {SINGULAR.get(unit, unit) if n == 1 else unit}"


SINGULAR = {"units": "unit", "studs": "stud", "hexes": "hex"}
