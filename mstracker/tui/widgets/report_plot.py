"""One report chart as a terminal plot (textual-plotext, imported only with a report): its value axis is
picked for the height it is drawn at, and its legend sits under it, where it hides no line.

plotext draws its own legend inside the plot's top-left corner, on top of whatever line runs there
(playtest: one fleet's line vanished under it at 80x24); a line of text below the plot shows the same.
Where two lines fall on one text row only the one drawn last shows: the x axis's name says where.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Vertical
from textual.widgets import Static
from textual_plotext import PlotextPlot

from ...game.report_charts import overlaps, turn_spans, value_axis
from ...game.report_svg import x_ticks

#: Each series: the plotext colour and marker, and how the legend under the plot shows them, so the
#: lines differ without colour too.
SERIES_LOOK = (("cyan+", "braille", "bright_cyan", "⣿"), ("orange+", "•", "dark_orange", "•"),
               ("green+", "+", "bright_green", "+"), ("magenta+", "x", "bright_magenta", "x"))

FRAME_ROWS = 5
"""Rows of a plot that hold no values: the title, the frame's top, the x axis, its labels, its name."""


class ChartPlot(PlotextPlot):
    """A line per series over the turns; the y ticks are set again at each size (see value_axis)."""

    def __init__(self, turns: list[int], chart: dict[str, Any], turn_word: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.turns, self.chart, self.turn_word = turns, chart, turn_word
        self.largest = max((v for s in chart["series"] for v in s["values"]), default=0)

    def on_mount(self) -> None:
        super().on_mount()
        plt = self.plt
        for n, series in enumerate(self.chart["series"]):
            colour, marker, _, _ = SERIES_LOOK[n % len(SERIES_LOOK)]
            plt.plot(self.turns, series["values"], color=colour, marker=marker)
        plt.title(self.chart["title"])
        ticks = x_ticks(self.turns, most=8)
        plt.xticks(ticks, [str(t) for t in ticks])
        if len(self.turns) == 1:
            plt.xlim(self.turns[0] - 1, self.turns[0] + 1)

    def render(self) -> RenderResult:
        rows = self.size.height - FRAME_ROWS
        axis = value_axis(self.largest, rows)
        self.plt.ylim(0, axis.top)
        self.plt.yticks(list(axis.ticks), [str(t) for t in axis.ticks])
        self.plt.xlabel(x_label(self.turn_word, overlaps(self.chart, self.turns, axis.top, rows), self.size.width - 4))
        return super().render()


def x_label(turn_word: str, shared: Sequence[tuple[tuple[str, ...], list[int]]], width: int = 80) -> str:
    """The x axis's name, and where lines share a text row (report_charts.overlaps), since there only
    the line drawn last shows: 'turn · ≡ Alice+Bob at 0–2' (the legend under the plot keeps its one row);
    too long for `width`, the count of turns instead: 'turn · ≡ Alice+Bob at 5 turns'."""
    marks = [f"≡ {'+'.join(players)} at {turn_spans(turns)}" for players, turns in shared]
    full = " · ".join([turn_word, *marks])
    if len(full) <= width:
        return full
    plural = turn_word + "s"
    return " · ".join([turn_word, *(f"≡ {'+'.join(p)} at {len(t)} {turn_word if len(t) == 1 else plural}"
                                    for p, t in shared)])


def legend(chart: dict[str, Any]) -> Text:
    """'⣿ Alice 1260   • Bob 1100': each series' marker in its colour, its player and its last value."""
    out = Text(no_wrap=False)
    for n, series in enumerate(chart["series"]):
        _, _, style, glyph = SERIES_LOOK[n % len(SERIES_LOOK)]
        last = series["values"][-1] if series["values"] else "–"
        out.append_text(Text.assemble("   " if n else " ", (glyph * 2, f"bold {style}"), f" {series['player']} {last}"))
    return out


class ReportChart(Vertical):
    """A plot and its legend."""

    def __init__(self, turns: list[int], chart: dict[str, Any], turn_word: str) -> None:
        super().__init__(classes="report-chart")
        self.plot = ChartPlot(turns, chart, turn_word)
        self.chart = chart

    def compose(self) -> ComposeResult:
        yield self.plot
        yield Static(legend(self.chart), classes="report-legend")
