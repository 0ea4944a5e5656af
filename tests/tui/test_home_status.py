"""The home screen's panel: the saved games counted by a light read-only query, the ruleset named
just after the first frame, and a database that cannot be read explained, not counted."""

from __future__ import annotations

from pathlib import Path

from tui_support import make_app, record_notifications, run, text_of
from textual.widgets import Static

from mstracker.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "fleets" / "spook"


def _status(pilot) -> str:
    return text_of(pilot.app.screen.query_one("#home-status", Static))


def test_counts_the_saved_games_and_names_the_last_ruleset(isolated_home: Path) -> None:
    fleets = ["--fleet", str(SAMPLES / "scrimmage-blue.toml"), "--fleet", str(SAMPLES / "scrimmage-red.toml")]
    for name in ("Blue Moon", "Red Alpha"):
        assert main(["game", "new", "--ruleset", "spook", *fleets, "--name", name, "--json"]) == 0
    (isolated_home / "config").mkdir(parents=True, exist_ok=True)
    (isolated_home / "config" / "settings.toml").write_text('last_ruleset = "pz8"\n')
    app = make_app()

    async def script(pilot):
        for _ in range(100):  # the ruleset is named just after the first frame: on a busy machine, a few later
            if "Ruleset      …" not in _status(pilot):
                break
            await pilot.pause(0.05)
        return _status(pilot)

    status = run(app, script)
    assert "Games        2 (press c to continue the last one)" in status
    assert "Ruleset      pz8" in status


def test_a_database_that_is_not_one_is_explained_and_left_untouched(isolated_home: Path) -> None:
    db = isolated_home / "data" / "games.sqlite3"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"these are not the games you are looking for\n" * 20)
    before = db.read_bytes()
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot):
        return _status(pilot)

    status = run(app, script)
    assert "Games        …" in status
    assert any(f"{db} is not a usable mstracker games database" in message for message in seen)
    assert db.read_bytes() == before
