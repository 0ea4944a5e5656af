"""The saved-games screen offers game export and import (the same store functions as the CLI)."""

from __future__ import annotations

import json
from pathlib import Path

from tui_support import make_app, run, settle
from textual.widgets import Input

from mstracker.paths import app_dirs
from mstracker.store.fleets import load_roster
from mstracker.store.games import GameStore
from mstracker.tui.modals.saved_games import SavedGamesModal

REPO = Path(__file__).resolve().parents[2]
FLEETS = [REPO / "data/fleets/pz8/razor-squadron.toml", REPO / "data/fleets/pz8/anchor-flight.toml"]


def test_export_then_import_from_the_saved_games_screen(tmp_path: Path) -> None:
    with GameStore.default() as store:
        store.create_game("[b]Shared", "pz8", [load_roster(p) for p in FLEETS], {})
    target = tmp_path / "shared.json"

    async def script(pilot):  # noqa: ANN001, ANN202
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(pilot.app.screen, SavedGamesModal)
        await pilot.press("e")
        await settle(pilot)
        field = pilot.app.screen.query_one(Input)
        suggested = field.value
        field.value = str(target)  # as if typed: the prompt reads the field's value on enter
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        pilot.app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        names = [str(o.prompt).split("  ·  ")[0] for o in pilot.app.screen.query_one("#games-list")._options]
        return suggested, names

    suggested, names = run(make_app(), script)
    assert suggested == str(app_dirs().data / "exports" / "b-shared.mstracker.json")
    assert json.loads(target.read_text(encoding="utf-8"))["game"]["name"] == "[b]Shared"
    assert sorted(names) == ["[b]Shared", "[b]Shared (imported)"]
