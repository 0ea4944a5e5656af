"""The report's charts (per fleet over turns: bars left, ships in play, resources spent), their inline SVG
in the html export, and `mstracker game report --format md|json|html`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from report_games import spook_build_and_retire

from mstracker.cli import main
from mstracker.game import battle_report, report_html
from mstracker.game.report_svg import line_chart, nice_top, x_ticks
from mstracker.store.fleets import sample_fleets

SVG = "{http://www.w3.org/2000/svg}"


def test_charts_follow_each_fleet_turn_by_turn() -> None:
    t = spook_build_and_retire()
    charts = battle_report(t.eng, t.log)["charts"]
    assert charts["turns"] == [0, 1, 2, 3]
    by_key = {c["key"]: {s["player"]: s["values"] for s in c["series"]} for c in charts["charts"]}
    assert [c["title"] for c in charts["charts"]] == ["Armor left", "Ships in play", "RU spent"]
    # Blue: 1810 at set-up (450 + 2 x 350 + 250 + 200 + 70 + 80 + 60); + 70 built; - 10 hit; - 70 retired
    assert by_key["bar:armor"] == {"Blue": [1810, 1880, 1870, 1800], "Red": [1710, 1665, 1665, 1665]}
    assert by_key["in_play"] == {"Blue": [8, 9, 9, 8], "Red": [10, 10, 10, 10]}
    assert by_key["spent:ru"] == {"Blue": [0, 12, 12, 12], "Red": [0, 0, 0, 0]}  # the refund is no spending


def test_a_line_chart_is_well_formed_svg_with_a_line_per_fleet() -> None:
    svg = ET.fromstring(line_chart("Armor <left>", [0, 1, 2, 3], [("Blue & co", [1810, 1880, 1870, 1800]), ("Red", [1710, 1665, 1665, 1665])]))
    assert svg.find(f"{SVG}title").text == "Armor <left>"
    assert svg.find(f"{SVG}desc").text == "At the end: Blue & co 1800; Red 1665"
    lines = svg.findall(f"{SVG}polyline")
    assert [line.find(f"{SVG}title").text for line in lines] == ["Blue & co", "Red"]
    assert [len(line.get("points").split()) for line in lines] == [4, 4]
    assert lines[0].get("stroke") != lines[1].get("stroke") and lines[1].get("stroke-dasharray")  # not colour alone
    first = [tuple(map(float, p.split(","))) for p in lines[0].get("points").split()]
    assert first[0][0] == 52 and first[-1][0] == 546  # left edge to right edge of the plot
    assert first[1][1] < first[0][1]  # 1880 is drawn above 1810 (SVG y grows downwards)


def test_chart_axes_are_round_numbers() -> None:
    assert [nice_top(v) for v in (0, 1, 7, 10, 11, 1880, 2600)] == [1, 1, 10, 10, 20, 2000, 5000]
    assert x_ticks([0, 1, 2]) == [0, 1, 2]
    assert x_ticks(list(range(301))) == [0, 34, 68, 102, 136, 170, 204, 238, 272, 300]


def test_the_html_page_is_self_contained() -> None:
    t = spook_build_and_retire()
    report = battle_report(t.eng, t.log)
    report["game"] = "Blue <vs> Red"
    page = report_html(report)
    assert page.startswith("<!doctype html>") and "<script" not in page.lower() and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert "Battle report: Blue &lt;vs&gt; Red" in page and page.count("<svg ") == 3
    # accuracy d12 7, half damage: worse 1-5 and 12 (6/12), as good 6-10 (5/12): 6/12 + 5/24 = 17/24
    assert "Blue Wasps" in page and "accuracy 4 against agility 5: 1d12 7 (70.8%)" in page
    assert "<td>Blue Jays (#6)</td><td>Fighter</td><td>Blue</td><td>3</td><td>Retired</td>" in page


@pytest.fixture
def spook_game(capsys: pytest.CaptureFixture[str]) -> str:
    samples = {p.name: str(p) for p in sample_fleets("spook")}
    assert main(["game", "new", "--ruleset", "spook", "--fleet", samples["scrimmage-blue.toml"],
                 "--fleet", samples["scrimmage-red.toml"], "--json"]) == 0
    gid = str(json.loads(capsys.readouterr().out)["id"])
    assert main(["game", "act", gid, "roll-off", "--faces", "6,1"]) == 0  # Blue takes the first turn
    for _ in range(5):  # turn 1 and its four automatic upkeep steps
        assert main(["game", "act", gid, "next-step"]) == 0
    assert main(["game", "act", gid, "fire", "Blue Fang", "w1", "Red Lance", "5", "--faces", "3,7"]) == 0
    capsys.readouterr()
    return gid


def test_the_cli_report_in_three_formats(capsys: pytest.CaptureFixture[str], spook_game: str) -> None:
    assert main(["game", "report", spook_game, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    blue = report["luck"]["players"][0]
    # the roll-off's 6 (11/12), then 3 (5/12) and the accuracy d12 7 (half damage: 6/12 worse + 5/24 = 17/24)
    assert (blue["rolls"], blue["mean_exact"]) == (3, "49/72")
    assert report["luck"]["damage"][0]["expected_dealt_exact"] == "245/8"  # the odds recomputed from the log
    assert [c["key"] for c in report["charts"]["charts"]] == ["bar:armor", "in_play"]
    assert main(["game", "report", spook_game, "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!doctype html>") and page.count("<svg ") == 2
    assert main(["game", "report", spook_game]) == 0
    md = capsys.readouterr().out
    assert "## Dice luck" in md and "| Blue | 45 | 0 | 0 | 1 | 30.62 | 45 |" in md and "## Fleets over time" in md
