"""The battle report's charts as data (pure): per fleet, at the end of set-up and of every turn,

* each bar of the record spec summed over the fleet's ships in play (armor or SS left; lukas's speed too),
* the ships in play (not destroyed, retired or jumped out; a captured ship counts for its captor),
* every resource the log lowers (resource-changed events: spook's RU spent, cal's C&C lost), summed so far.

A chart is `{"key", "title", "series": [{"player", "values"}]}` over the shared `turns`; the TUI draws
them with textual-plotext and the html export as inline SVG (report_svg). `value_axis` picks the value
axis for a plot of a given height in text rows: whole tick values, each on a row of its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .state import GameState

if TYPE_CHECKING:
    from .engine import Engine


class ChartSampler:
    """Takes one sample per fleet at each turn's end; `to_json()` gives the charts."""

    def __init__(self, engine: Engine, players: int) -> None:
        self.spec = engine.spec
        self.players = players
        self.turns: list[int] = []
        self.bars: dict[str, list[list[int]]] = {b.key: [[] for _ in range(players)] for b in self.spec.bars()}
        self.in_play: list[list[int]] = [[] for _ in range(players)]
        self.spent: list[dict[tuple[int, str], int]] = []

    def sample(self, turn: int, state: GameState, spent: Mapping[tuple[int, str], int]) -> None:
        """The fleets as they stand at the end of `turn` (0: set-up); `spent` is (player, resource) -> spent so far."""
        if self.turns and self.turns[-1] == turn:  # the same turn again (a log that restarts it): keep the last
            self._drop_last()
        self.turns.append(turn)
        sums = {key: [0] * self.players for key in self.bars}
        counts = [0] * self.players
        flags = self.spec.loss_flags
        for ship in state.ships.values():
            record = ship.record
            if not 0 <= ship.owner < self.players or any(record.get(f) for f in flags):
                continue
            counts[ship.owner] += 1
            for key, row in sums.items():
                value = record.get(key)
                if type(value) is int:
                    row[ship.owner] += value
        for key, row in sums.items():
            for player, value in enumerate(row):
                self.bars[key][player].append(value)
        for player, count in enumerate(counts):
            self.in_play[player].append(count)
        self.spent.append(dict(spent))

    def _drop_last(self) -> None:
        self.turns.pop()
        for rows in (*self.bars.values(), self.in_play):
            for row in rows:
                row.pop()
        self.spent.pop()

    def to_json(self, names: list[str]) -> dict[str, Any]:
        charts: list[dict[str, Any]] = []
        for bar in self.spec.bars():
            charts.append(_chart(f"bar:{bar.key}", f"{bar.label} left", names, self.bars[bar.key]))
        charts.append(_chart("in_play", "Ships in play", names, self.in_play))
        spent_keys = sorted({res for sample in self.spent for (_, res), value in sample.items() if value > 0})
        for res in spent_keys:
            field = self.spec.player_field(res)
            rows = [[sample.get((p, res), 0) for sample in self.spent] for p in range(self.players)]
            charts.append(_chart(f"spent:{res}", f"{field.label if field else res} {field.fall if field else 'spent'}",
                                 names, rows))
        return {"turns": list(self.turns), "charts": charts}


def _chart(key: str, title: str, names: list[str], rows: list[list[int]]) -> dict[str, Any]:
    return {"key": key, "title": title, "series": [{"player": n, "values": list(r)} for n, r in zip(names, rows)]}


@dataclass(frozen=True)
class ValueAxis:
    """A value axis drawn on text rows: `ticks` (whole numbers from 0, evenly spaced) and `top`, the value
    of the plot's top row (at or above the last tick, so that each tick falls exactly on a row)."""

    ticks: tuple[int, ...]
    top: float


def value_axis(largest: float, rows: int, most: int = 5) -> ValueAxis:
    """The value axis of a plot `rows` text rows tall whose values reach `largest`.

    A terminal plot puts a label on the row nearest its value: ticks a quarter of the way apart on a
    4-row plot share rows, and one label ends up beside another value (playtest: 2500/1250/625/0 on
    evenly spaced rows). So the ticks are a whole `step` apart (1, 2, 2.5, 3, 4 or 5 × 10^k), one every
    `gap` rows exactly. Of the tick counts up to `most`, the most ticks (three at least) that keep the
    plot's top within half again of the largest value, else within twice it; else the least waste.
    """
    gaps = max(1, rows - 1)  # a value v sits on row v / top × gaps (0 on the bottom row)
    largest = max(float(largest), 1.0)
    options = []
    for intervals in range(min(most - 1, gaps), 0, -1):
        step = _whole_step(largest / intervals)
        options.append(ValueAxis(tuple(step * i for i in range(intervals + 1)), step * gaps / (gaps // intervals)))
    for reach in (1.5, 2.0):
        found = next((a for a in options if a.top <= reach * largest and len(a.ticks) > 2), None)
        if found is not None:
            return found
    return min(options, key=lambda a: a.top)


def _whole_step(at_least: float) -> int:
    """The smallest whole 1, 2, 2.5, 3, 4 or 5 × 10^k at or above `at_least` (at least 1)."""
    if at_least <= 1:
        return 1
    power = 10 ** math.floor(math.log10(at_least))
    for factor in (1, 2, 2.5, 3, 4, 5, 10):
        step = factor * power
        if step >= at_least and step == int(step):
            return int(step)
    return int(10 * power)


def plot_row(value: float, top: float, rows: int) -> int:
    """The text row (0: the bottom one) a value falls on in a plot `rows` tall whose top row is `top`."""
    return round(value / top * max(1, rows - 1)) if top > 0 else 0


def overlaps(chart: Mapping[str, Any], turns: list[int], top: float, rows: int) -> list[tuple[tuple[str, ...], list[int]]]:
    """Where two or more series of `chart` fall on the same text row at the same turn, so that only the
    last one drawn shows there (playtest: one fleet's line vanished at 80x24): for each group of players
    that share rows, the turns at which they do, in order."""
    shared: dict[tuple[str, ...], list[int]] = {}
    for i, turn in enumerate(turns):
        on_row: dict[int, list[str]] = {}
        for series in chart["series"]:
            values = series["values"]
            if i < len(values):
                on_row.setdefault(plot_row(values[i], top, rows), []).append(series["player"])
        for players in on_row.values():
            if len(players) > 1:
                shared.setdefault(tuple(players), []).append(turn)
    return list(shared.items())


def turn_spans(turns: list[int]) -> str:
    """'0–2, 5' for turns 0, 1, 2 and 5."""
    spans: list[list[int]] = []
    for t in turns:
        if spans and t == spans[-1][1] + 1:
            spans[-1][1] = t
        else:
            spans.append([t, t])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in spans)
