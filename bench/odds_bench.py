"""Odds benchmark: the heaviest single attack of each ruleset, beside a plain enumeration.

Run from the repository root: ``python -m bench.odds_bench``. Each ruleset's `attack_odds` is timed
(median of many calls) and compared with a nested-loop enumeration of the same dice computed in the
same run; the two must give the same exact damage/outcome distribution.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from importlib import import_module
from itertools import product

from bench.common import median_seconds
from mstracker.store.catalog import book_ruleset

D6, D8, D12 = range(1, 7), range(1, 9), range(1, 13)


def _normalise(counts: dict) -> dict:
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items() if v}


def spook_loops() -> dict[int, Fraction]:
    """Cluster Torpedo (25 x d6, Acc 5) vs Fighter (Ag 9), two flare launchers."""
    counts: dict[int, int] = {}
    for d6, d12, f1, f2 in product(D6, D12, D8, D8):
        dmg = 25 * d6
        dmg = 0 if d12 <= 5 or d12 == 12 else math.ceil(dmg / 2) if d12 <= 10 else dmg
        for f in (f1, f2):
            if dmg == 0:
                break
            dmg = 0 if f <= 3 else math.ceil(dmg / 2) if f <= 7 else dmg
        counts[dmg] = counts.get(dmg, 0) + 1
    return _normalise(counts)


def lukas_loops() -> dict[int, Fraction]:
    """Melee (2d12+2, hit 2 vs Large) vs a capital ship with an allied Comm Radar."""
    counts: dict[int, int] = {}
    for hit, a, b in product(D12, D12, D12):
        dmg = a + b + 2 + 1 if hit + 1 >= 2 else 0
        counts[dmg] = counts.get(dmg, 0) + 1
    return _normalise(counts)


def pz8_loops() -> dict[str, Fraction]:
    """Damaged ship's fire-back at 2 hexes (-2 to hit) against an undamaged target."""
    counts = {"none": 0, "damaged": 0, "destroyed": 0}
    for hit, a, t1, t2 in product(D6, D6, D6, D6):
        if hit - 2 < 4:
            counts["none"] += 1
            continue
        diff = a - (t1 + t2)
        counts["none" if diff <= 0 else "damaged" if diff <= 2 else "destroyed"] += 1
    return _normalise(counts)


def cal_loops() -> dict[int, Fraction]:
    """Heavy Cruiser (capital, two shots) beam 8/8 at a Corvette 7 hexes away: long range, 4 each."""
    counts: dict[int, int] = {}
    for r1, r2 in product(D6, D6):
        dmg = (4 if r1 >= 4 else 0) + (4 if r2 >= 4 else 0)
        counts[dmg] = counts.get(dmg, 0) + 1
    return _normalise(counts)


CASES = [
    ("spook", "Cluster Torpedo vs Fighter, 2 flares",
     {"weapon": "Cluster Torpedo Launcher", "target": "Fighter", "afterburner": False, "flares": 2, "armor": 70},
     spook_loops, "damage"),
    ("lukas", "Melee vs capital, Comm Radar",
     {"weapon": "Melee", "target": "capital", "comm_radar": True, "bridge_damaged": False, "armor": 45},
     lukas_loops, "damage"),
    ("pz8", "damaged fire-back at 2 hexes",
     {"distance": 2, "damaged": True, "target_damaged": False, "fire_back": True, "at_torpedo": False},
     pz8_loops, "outcomes"),
    ("cal", "Heavy Cruiser beam x2 at 7 hexes",
     {"attacker": "Heavy Cruiser", "weapon": "beam", "target": "Corvette", "distance": 7, "crew": 0, "shots": None, "ss": 20},
     cal_loops, "damage"),
]


def median_ms(fn: Callable[[], object], reps: int) -> float:
    return median_seconds(fn, reps) * 1000


def main() -> None:
    print("odds per single attack (median ms; target < 1 ms)")
    print(f"{'ruleset':8} {'attack':38} {'attack_odds':>12} {'plain loops':>12}  same")
    for rid, label, options, loops, key in CASES:
        ruleset = book_ruleset(rid)
        attack_odds = import_module(f"mstracker.rulesets.{rid}.odds").attack_odds
        ours = getattr(attack_odds(ruleset, options), key)
        same = {k: v for k, v in ours.items() if v} == loops()
        t_ours = median_ms(lambda: attack_odds(ruleset, options), 300)
        t_loop = median_ms(loops, 30)
        print(f"{rid:8} {label:38} {t_ours:12.3f} {t_loop:12.3f}  {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
