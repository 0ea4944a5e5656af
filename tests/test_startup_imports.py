"""What start-up does NOT import: each command and the TUI's first frame load only what they use.

Each case runs in a fresh interpreter and reports sys.modules after the work is done; the figures
themselves are measured in bench/ (no timing here).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mstracker.cli import main

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "fleets" / "spook"
GAME_CORE = ("pydantic", "mstracker.game", "mstracker.fleet", "mstracker.rules.base", "mstracker.store.catalog")
WRITER_ONLY = ("mstracker.store.gamehandle", "mstracker.store.gamelock", "filelock", "mstracker.store.gamefile")

CLI_PROBE = """
import json, sys
from mstracker.cli import main
code = main(sys.argv[1:])
sys.stderr.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n")
raise SystemExit(code)
"""

TUI_PROBE = """
import json, sys
from mstracker.app_factory import build_app

app = build_app()
seen = {}

def first_frame():
    seen["modules"] = sorted(sys.modules)
    seen["status"] = str(app.screen.query_one("#home-status").content)
    app.exit()

app.call_later(lambda: app.call_after_refresh(first_frame))
app.run(headless=True, size=(120, 36))
print(json.dumps(seen))
"""


def modules_after(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", CLI_PROBE, *argv], capture_output=True, text=True, env=os.environ.copy())
    assert done.returncode == 0, done.stderr
    line = next(l for l in done.stderr.splitlines() if l.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules for n in names if m == n or m.startswith(n + "."))


@pytest.fixture
def game() -> str:
    fleets = ["--fleet", str(SAMPLES / "scrimmage-blue.toml"), "--fleet", str(SAMPLES / "scrimmage-red.toml")]
    assert main(["game", "new", "--ruleset", "spook", *fleets, "--name", "Blue Moon", "--json"]) == 0
    return "Blue Moon"


def test_rules_list_builds_no_ruleset() -> None:
    modules = modules_after("rules", "list", "--json")
    assert loaded(modules, GAME_CORE) == []


def test_game_list_reads_no_game_core(game: str) -> None:
    modules = modules_after("game", "list", "--json")
    assert loaded(modules, GAME_CORE + WRITER_ONLY) == []


@pytest.mark.parametrize("command", [("show",), ("log",), ("report", "--format", "json")])
def test_readers_import_no_writer_only_code(game: str, command: tuple[str, ...]) -> None:
    modules = modules_after("game", command[0], game, *command[1:])
    assert "mstracker.store.gamereader" in modules  # they did read the game
    assert loaded(modules, WRITER_ONLY) == []


def test_the_writer_does_take_the_lock(game: str) -> None:
    """The other side of the test above: `game act` loads the handle and the lock it needs."""
    modules = modules_after("game", "act", game, "note", "x")
    assert {"mstracker.store.gamehandle", "mstracker.store.gamelock"} <= modules


def test_tui_first_frame_counts_games_without_the_game_core(game: str) -> None:
    done = subprocess.run([sys.executable, "-c", TUI_PROBE], capture_output=True, text=True, env=os.environ.copy())
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert "Games        1 (press c to continue the last one)" in seen["status"]
    assert loaded(set(seen["modules"]), GAME_CORE + WRITER_ONLY + ("mstracker.store.games",)) == []
