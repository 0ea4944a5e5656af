"""The battle report's charts as data (pure): per fleet, at the end of set-up and of every turn,

* each bar of the record spec summed over the fleet's ships in play (armor or SS left; lukas's speed too),
* the ships in play (not destroyed, retired or jumped out; a captured ship counts for its captor),
* every resource the log spends (resource-changed events that lower it: spook's RU), summed so far.

A chart is `{"key", "title", "series": [{"player", "values"}]}` over the shared `turns`; the TUI draws
them with textual-plotext and the html export as inline SVG (report_svg).
"""

from __future__ import annotations

from collections.abc import Mapping
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
            charts.append(_chart(f"spent:{res}", f"{field.label if field else res} spent", names, rows))
        return {"turns": list(self.turns), "charts": charts}


def _chart(key: str, title: str, names: list[str], rows: list[list[int]]) -> dict[str, Any]:
    return {"key": key, "title": title, "series": [{"player": n, "values": list(r)} for n, r in zip(names, rows)]}
