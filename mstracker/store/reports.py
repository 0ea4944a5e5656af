"""Battle reports on disk: a saved game's report, and exports written atomically to the data dir.

An export goes to `<data dir>/reports/<game id>-<game name>.<md|json|html>` (MSTRACKER_HOME moves it
with the rest); exporting again replaces the file (temp file + fsync + rename), so a reader never sees
half a report.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import battle_report, report_html, report_markdown
from .fleets import slug
from .tomlfile import write_atomic

if TYPE_CHECKING:
    from ..paths import AppDirs

FORMATS = {"md": "Markdown", "json": "JSON", "html": "html with charts"}


def reports_dir(dirs: AppDirs) -> Path:
    return dirs.data / "reports"


def game_report(dirs: AppDirs, game_id: int) -> dict[str, Any]:
    """The report of a saved game (opened and closed again: its lock is held only while reading).
    GameLocked / StoreError when it cannot be read."""
    from .games import GameStore

    with GameStore.default(dirs) as store, store.open_game(game_id) as handle:
        return battle_report(handle.engine, handle.log())


def render(report: dict[str, Any], fmt: str) -> str:
    """The report as text in one of FORMATS."""
    if fmt == "md":
        return report_markdown(report)
    if fmt == "json":
        return json.dumps(report, ensure_ascii=False, indent=2) + "\n"
    if fmt == "html":
        return report_html(report)
    raise ValueError(f"unknown report format {fmt!r}; choose one of: {', '.join(FORMATS)}")


def export_report(dirs: AppDirs, game_id: int, report: dict[str, Any], fmt: str) -> Path:
    """Write the report in `fmt` to the reports folder (atomically); returns the file written."""
    path = reports_dir(dirs) / f"{game_id}-{slug(report['game'])}.{fmt}"
    write_atomic(path, render(report, fmt))
    return path
