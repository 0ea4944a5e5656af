"""The odds chart keeps a miss apart from the lowest hit when it groups a wide distribution."""

from __future__ import annotations

from fractions import Fraction as F

from mstracker.rules.registry import package
from mstracker.store.catalog import book_ruleset
from mstracker.tui.widgets.distribution_chart import group_rows


def test_a_heavy_turret_shows_its_miss_on_a_row_of_its_own() -> None:
    odds = package("lukas").odds(book_ruleset("lukas"), {"weapon": "Heavy Turret", "target": "frigate"})
    items = sorted(odds.damage.items())
    assert len(items) > 8  # 0 and 1 to 11 (or more): wider than the chart's 8 rows
    rows = group_rows(items, 8)
    assert rows[0] == (0, 0, odds.damage[0]) and rows[1][0] == 1  # the miss alone, the hits grouped after it
    assert len(rows) <= 8 and sum(p for _, _, p in rows) == 1


def test_narrow_distributions_keep_one_row_per_outcome_and_no_miss_means_plain_ranges() -> None:
    assert group_rows([(0, F(1, 2)), (5, F(1, 2))], 8) == [(0, 0, F(1, 2)), (5, 5, F(1, 2))]
    wide = [(n, F(1, 12)) for n in range(1, 13)]
    assert group_rows(wide, 4) == [(1, 3, F(1, 4)), (4, 6, F(1, 4)), (7, 9, F(1, 4)), (10, 12, F(1, 4))]
