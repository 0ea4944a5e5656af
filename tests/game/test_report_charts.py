"""The report's charts (per fleet over turns: bars left, ships in play, resources spent), their inline SVG
in the html export, and `mstracker game report --format md|json|html`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from report_games import spook_build_and_retire

from mstracker.cli import main
from mstracker.game import battle_report, report_html
from mstracker.game.report_charts import value_axis
from mstracker.game.report_svg import line_chart, x_ticks
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


def test_chart_x_ticks_keep_the_first_and_last_turn() -> None:
    assert x_ticks([0, 1, 2]) == [0, 1, 2]
    assert x_ticks(list(range(301))) == [0, 34, 68, 102, 136, 170, 204, 238, 272, 300]


@pytest.mark.parametrize(("largest", "rows", "ticks", "top"), [
    (2500, 4, (0, 1000, 2000, 3000), 3000),  # the playtest's 80x24 armor chart: four rows, one tick each
    (2010, 8, (0, 1000, 2000, 3000), 3500),  # 7 gaps: a tick every 2 rows, the top row is 3500
    (10, 4, (0, 4, 8, 12), 12),  # 10 ships: no 2.5 or 7.5
    (10, 14, (0, 3, 6, 9, 12), 13),  # 13 gaps: every 3 rows, the top row 12 + 3 * 1/3
    (5, 9, (0, 3, 6), 6),  # 0/2/4/6 would need a top of 8 (8 gaps, a tick every 2): more than 1.5 x 5
    (70, 14, (0, 20, 40, 60, 80), 260 / 3),
    (0, 5, (0, 1, 2), 2),  # nothing left: still an axis
])
def test_a_value_axis_has_whole_evenly_spaced_ticks_each_on_a_row_of_its_own(largest, rows, ticks, top) -> None:
    axis = value_axis(largest, rows)
    assert axis.ticks == ticks and axis.top == pytest.approx(top)
    on_rows = [t / axis.top * (rows - 1) for t in axis.ticks]  # where the plot puts each label
    assert all(r == pytest.approx(round(r)) for r in on_rows)  # exactly on a row
    assert len({round(b - a, 6) for a, b in zip(on_rows, on_rows[1:])}) == 1  # evenly spaced
    assert axis.ticks[-1] >= largest


def test_the_svg_charts_label_whole_values() -> None:
    svg = ET.fromstring(line_chart("Ships in play", [0, 1, 2], [("Blue", [10, 9, 8]), ("Red", [10, 10, 7])]))
    labels = [t.text for t in svg.findall(f"{SVG}text") if t.get("text-anchor") == "end" and t.text.isdigit()]
    assert labels == ["0", "2", "4", "6", "8", "10"]  # not 0 / 2.5 / 5 / 7.5 / 10


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


def test_cal_charts_say_lost_for_c_and_c_and_craft_and_spook_says_spent_for_ru() -> None:
    from mstracker.game import engine_for
    from mstracker.game.report_charts import ChartSampler
    from mstracker.store.catalog import book_ruleset
    from mstracker.store.fleets import load_roster

    titles = {}
    for ruleset, spent in (("cal", {(1, "cc"): 4, (1, "craft"): 2}), ("spook", {(0, "ru"): 12})):
        eng = engine_for(book_ruleset(ruleset))
        rosters = [load_roster(p) for p in sample_fleets(ruleset)[:2]]
        state = eng.new_game("Test", rosters, {})
        sampler = ChartSampler(eng, 2)
        sampler.sample(0, state, {})
        sampler.sample(1, state, spent)
        charts = sampler.to_json(["Cyd", "Dee"])["charts"]
        titles[ruleset] = [c["title"] for c in charts if c["key"].startswith("spent:")]
        values = {c["key"]: [s["values"] for s in c["series"]] for c in charts}
        if ruleset == "cal":
            assert values["spent:cc"] == [[0, 0], [0, 4]] and values["spent:craft"] == [[0, 0], [0, 2]]
    assert titles == {"cal": ["C&C lost", "Craft lost"], "spook": ["RU spent"]}


def test_overlaps_names_the_players_and_turns_whose_values_share_a_row() -> None:
    from mstracker.game.report_charts import overlaps, plot_row, turn_spans

    chart = {"series": [{"player": "Ann", "values": [10, 9, 8, 2]}, {"player": "Bea", "values": [10, 8, 8, 6]},
                        {"player": "Cyd", "values": [0, 0, 1, 6]}]}
    # a 5-row plot topped at 12: rows at 0, 3, 6, 9, 12; 10 → row 3, 9 → 3, 8 → 3, 6 → 2, 2 → 1, 1 → 0
    assert [plot_row(v, 12, 5) for v in (10, 9, 8, 6, 2, 1, 0)] == [3, 3, 3, 2, 1, 0, 0]
    assert overlaps(chart, [0, 1, 2, 3], 12, 5) == [(("Ann", "Bea"), [0, 1, 2]), (("Bea", "Cyd"), [3])]
    assert overlaps(chart, [0, 1, 2, 3], 12, 49) == [(("Ann", "Bea"), [0, 2]), (("Bea", "Cyd"), [3])]
    assert turn_spans([0, 1, 2, 5, 7, 8]) == "0–2, 5, 7–8"



def test_how_far_the_game_went_in_words() -> None:
    """The report's head (TUI, md, html): '4 rounds played' once over, else the round under way."""
    from mstracker.game.report_markdown import progress_words

    def head(turn_word: str, at: int, finished: bool = False, result: str = "") -> str:
        return progress_words({"turn_word": turn_word, "turns_played": at, "finished": finished, "result": result})

    assert head("round", 4, True, "Cyd holds the field") == "4 rounds played · game over: Cyd holds the field"
    assert head("round", 5) == "4 rounds played · in progress, round 5 under way"
    assert head("turn", 2) == "1 turn played · in progress, turn 2 under way"
    assert head("turn", 1) == "no turns played · in progress, turn 1 under way"
    assert head("turn", 0) == "in progress, set-up under way"
    assert head("turn", 1, True, "draw") == "1 turn played · game over: draw"
