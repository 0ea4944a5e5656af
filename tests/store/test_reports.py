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
