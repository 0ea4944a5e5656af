"""The report's charts at 80x24 (playtest round 3: armor labelled 2500/1250/625/0 on evenly spaced rows,
"ships in play" 10/7.5/2.5/0, Alice's line hidden under the legend): whole tick values, each on the
row of its value, every fleet's line drawn and its legend under the plot."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from tui_support import make_app, settle

from mstracker.tui.screens.report import ReportScreen
from mstracker.tui.widgets.report_plot import ChartPlot, ReportChart, x_label

# the spook game of the playtest, three charts as its report had them
CHARTS = {"turns": [0, 1, 2, 3, 4, 5, 6], "charts": [
    {"key": "bar:armor", "title": "Armor left", "series": [
        {"player": "Alice", "values": [2350, 2350, 2100, 1900, 1700, 1500, 1260]},
        {"player": "Bob", "values": [2310, 2200, 1800, 1500, 1400, 1250, 1100]}]},
    {"key": "in_play", "title": "Ships in play", "series": [
        {"player": "Alice", "values": [9, 9, 8, 8, 7, 7, 6]},
        {"player": "Bob", "values": [10, 10, 9, 8, 8, 6, 5]}]},
    {"key": "spent:ru", "title": "RU spent", "series": [
        {"player": "Alice", "values": [0, 5, 10, 22, 22, 30, 40]},
        {"player": "Bob", "values": [0, 0, 10, 10, 15, 15, 15]}]},
]}
BRAILLE = re.compile("[\u2801-\u28ff]")


def charts_at(size: tuple[int, int]) -> list[dict[str, Any]]:
    """Each chart as drawn: its y labels by row (0 = the bottom row), its plot body, legend and top."""
    app = make_app()

    async def main() -> list[dict[str, Any]]:
        async with app.run_test(size=size) as pilot:
            await pilot.press("b")
            await settle(pilot)
            await pilot.press("R")
            await settle(pilot)
            report = dict(pilot.app.screen.report, charts=CHARTS)
            pilot.app.pop_screen()
            await settle(pilot)
            await pilot.app.push_screen(ReportScreen(1, "Alice vs Bob", lambda: report))
            await settle(pilot)
            await pilot.pause(0.2)
            out = []
            for chart in pilot.app.screen.query(ReportChart):
                plot = chart.query_one(ChartPlot)
                lines = plot.render().plain.splitlines()
                body = [line for line in lines if "┤" in line or line.lstrip().startswith("│")]
                labels = {}
                for row, line in enumerate(reversed(body)):
                    if "┤" in line:
                        labels[row] = line.split("┤")[0].strip()
                out.append({"title": chart.chart["title"], "labels": labels, "rows": len(body),
                            "body": "\n".join(line.split("┤" if "┤" in line else "│", 1)[1] for line in body),
                            "legend": str(chart.query_one(".report-legend").render()), "text": "\n".join(lines)})
            return out

    return asyncio.run(main())


def test_at_80x24_every_label_is_a_whole_number_on_the_row_of_its_value() -> None:
    charts = charts_at((80, 24))
    assert [c["title"] for c in charts] == ["Armor left", "Ships in play", "RU spent"]
    for chart in charts:
        values = {row: int(text) for row, text in chart["labels"].items()}  # int(): whole numbers only
        rows = sorted(values)
        assert rows[0] == 0 and values[0] == 0
        gaps = {b - a for a, b in zip(rows, rows[1:])}
        steps = {values[b] - values[a] for a, b in zip(rows, rows[1:])}
        assert len(gaps) == 1 and len(steps) == 1, chart  # evenly spaced, in rows and in value
        assert len(values) >= 3
    armor, ships, spent = ({v for v in c["labels"].values()} for c in charts)
    assert armor == {"0", "1000", "2000", "3000"} and spent == {"0", "20", "40"}
    assert "2.5" not in ships and "7.5" not in ships and {"0", "4", "8", "12"} <= ships


def test_at_80x24_both_fleets_lines_are_drawn_and_the_legend_is_under_the_plot() -> None:
    for chart in charts_at((80, 24)):
        assert BRAILLE.search(chart["body"]) and "•" in chart["body"], chart["body"]  # Alice's and Bob's lines
        assert "Alice" not in chart["body"] and "Bob" not in chart["body"]  # no legend over the lines
    armor = charts_at((80, 24))[0]
    assert "Alice 1260" in armor["legend"] and "Bob 1100" in armor["legend"]


def test_at_120x36_the_axis_uses_the_height_it_has() -> None:
    small, large = charts_at((80, 24))[0], charts_at((120, 36))[0]
    assert large["rows"] > small["rows"]
    assert set(large["labels"].values()) == {"0", "1000", "2000", "3000"}


def test_at_80x24_lines_on_one_row_are_marked_under_the_plot() -> None:
    """Ships in play at 80x24: where two values share a text row only the line drawn last shows, so the
    x axis's name says whose lines share a row and at which turns (report_charts.overlaps)."""
    ships = charts_at((80, 24))[1]
    rows = ships["rows"]
    from mstracker.game.report_charts import overlaps, turn_spans, value_axis

    axis = value_axis(10, rows)
    expected = overlaps(CHARTS["charts"][1], CHARTS["turns"], axis.top, rows)
    assert expected, (rows, axis)  # at this height some turn puts both fleets on one row
    (players, turns), = expected
    assert players == ("Alice", "Bob")
    assert f"turn · ≡ Alice+Bob at {turn_spans(turns)}" in ships["text"]


def test_the_overlap_mark_fits_the_plots_width() -> None:
    shared = [(("Alice", "Bob"), [0, 2, 4, 6, 8, 10, 12])]
    assert x_label("round", shared) == "round · ≡ Alice+Bob at 0, 2, 4, 6, 8, 10, 12"
    assert x_label("round", shared, width=30) == "round · ≡ Alice+Bob at 7 rounds"
    assert x_label("turn", []) == "turn"
