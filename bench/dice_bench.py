"""Dice engine benchmark: parse + exact distribution, and a multi-step procedure by bind vs loops.

Run from the repository root: ``python -m bench.dice_bench``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from bench.common import median_seconds
from mstracker.dice import Distribution, parse

EXPRESSIONS = ["25 x d6", "2d12+2", "1d12-1 min 1", "2d6"]
FLARE_SUCCEEDS = 3  # a d8 flare at or below this halves the damage


def hits_for(accuracy: int) -> int:
    """Example d12 accuracy table: 1-4 miss, 5-9 one hit, 10-11 two, 12 three."""
    return 0 if accuracy <= 4 else 1 if accuracy <= 9 else 2 if accuracy <= 11 else 3


def composite_by_bind() -> Distribution[int]:
    """d12 accuracy -> hits x 25 x d6 damage -> two d8 flares, each halving on success."""
    flare = Distribution.die(8)

    def after_flare(damage: Distribution[int]) -> Distribution[int]:
        return damage.bind(lambda x: flare.map(lambda f: x // 2 if f <= FLARE_SUCCEEDS else x))

    def damage_for(hits: int) -> Distribution[int]:
        return (25 * hits) * Distribution.die(6)

    damage = Distribution.die(12).map(hits_for).bind(damage_for)
    return after_flare(after_flare(damage))


def composite_by_loops() -> Distribution[int]:
    """The same procedure, enumerating all 12*6*8*8 face combinations."""
    counts: dict[int, int] = {}
    for accuracy in range(1, 13):
        for face in range(1, 7):
            for flare1 in range(1, 9):
                for flare2 in range(1, 9):
                    damage = 25 * hits_for(accuracy) * face
                    for flare in (flare1, flare2):
                        if flare <= FLARE_SUCCEEDS:
                            damage //= 2
                    counts[damage] = counts.get(damage, 0) + 1
    return Distribution.from_weights(counts)


def median_microseconds(fn: Callable[[], object], repetitions: int) -> float:
    """Median wall time of one call, in microseconds, after one warm-up call."""
    return median_seconds(fn, repetitions) * 1e6


def main() -> None:
    """Print a table of median timings."""
    rows: list[tuple[str, float, int]] = []
    for text in EXPRESSIONS:
        work = functools.partial(lambda t: parse(t).distribution(), text)
        rows.append((f"parse+distribution {text!r}", median_microseconds(work, 2000), 2000))
    if composite_by_bind() != composite_by_loops():
        raise SystemExit("composite: bind and nested loops disagree")
    rows.append(("composite by Distribution.bind", median_microseconds(composite_by_bind, 300), 300))
    rows.append(("composite by nested loops", median_microseconds(composite_by_loops, 300), 300))
    width = max(len(name) for name, _, _ in rows)
    print(f"{'case':<{width}}  {'median µs':>10}  {'reps':>5}")
    for name, micros, reps in rows:
        print(f"{name:<{width}}  {micros:>10.1f}  {reps:>5}")
    outcomes = len(composite_by_bind())
    print(f"composite: {outcomes} distinct damage values, bind and loops agree exactly")


if __name__ == "__main__":
    main()
