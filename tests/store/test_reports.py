"""Report exports: written atomically to the data dir's reports folder, one file per game and format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mstracker.paths import app_dirs
from mstracker.store.reports import export_report, render


def test_an_export_lands_in_the_reports_folder_and_replaces_the_last_one(isolated_home: Path) -> None:
    report = {"game": "Red vs Blue: round 2!", "turns": []}
    path = export_report(app_dirs(), 7, report, "json")
    assert path == isolated_home / "data" / "reports" / "7-red-vs-blue-round-2.json"
    assert json.loads(path.read_text(encoding="utf-8")) == report
    export_report(app_dirs(), 7, {**report, "turns": [1]}, "json")
    assert json.loads(path.read_text(encoding="utf-8"))["turns"] == [1]
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp file left behind


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown report format 'pdf'; choose one of: md, json, html"):
        render({}, "pdf")


def test_a_name_of_300_characters_makes_a_file_name_any_file_system_takes(isolated_home: Path) -> None:
    path = export_report(app_dirs(), 12, {"game": "Lance " * 50, "turns": []}, "json")
    assert path.name == "12-" + ("lance-" * 10)[:59] + ".json"  # 60 characters cut, the trailing dash dropped
    assert path.is_file()
    assert export_report(app_dirs(), 13, {"game": "火星", "turns": []}, "json").name == "13-game.json"


def test_a_saved_games_report_reads_while_another_process_plays_it() -> None:
    from mstracker.game import Action
    from mstracker.store.fleets import load_roster, sample_fleets
    from mstracker.store.games import GameStore
    from mstracker.store.reports import game_report

    rosters = [load_roster(p) for p in sample_fleets("pz8")[:2]]
    with GameStore.default() as store:
        game_id = store.create_game("Busy", "pz8", rosters, {})
        with store.open_game(game_id) as player:  # the writer's lock is held throughout
            player.perform(Action("note", {"text": "still playing"}))
            report = game_report(app_dirs(), game_id)
            player.perform(Action("note", {"text": "not held up"}))  # the report left the lock alone
        assert report["game"] == "Busy"
        assert "still playing" in json.dumps(report)
