"""Battle reports on disk: a saved game's report, and exports written atomically to the data dir.

An export goes to `<data dir>/reports/<game id>-<game name>.<md|json|html>` (MSTRACKER_HOME moves it
with the rest; the name part is cut to FILE_STEM characters, well within any file system's 255 bytes);
exporting again replaces the file (temp file + fsync + rename), so a reader never sees half a report.
A saved game's report only reads: it takes no lock, so it works while another process plays the game
and never holds up that player.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..game import report_html, report_markdown
from .tomlfile import write_atomic

if TYPE_CHECKING:
    from ..paths import AppDirs

FORMATS = {"md": "Markdown", "json": "JSON", "html": "html with charts"}
FILE_STEM = 60
"""Most characters of a game name kept in a report's file name (the id before it keeps it unique)."""


def reports_dir(dirs: AppDirs) -> Path:
    return dirs.data / "reports"


def game_report(dirs: AppDirs, game_id: int) -> dict[str, Any]:
    """The report of a saved game, read without its lock (read-only: another process may be playing it).
    StoreError (DamagedGame, GameNotFound) when it cannot be read."""
    from .games import GameStore

    with GameStore.default(dirs, readonly=True) as store:
        return store.open_reader(game_id).report()


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
    stem = re.sub(r"[^a-z0-9]+", "-", str(report["game"]).casefold()).strip("-")[:FILE_STEM].strip("-") or "game"
    path = reports_dir(dirs) / f"{game_id}-{stem}.{fmt}"
    write_atomic(path, render(report, fmt))
    return path
