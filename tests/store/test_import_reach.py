"""A log written before attacks needed their measurement (issue 15 item 7): `game import` decides every
action again, so a spook fire with neither a distance nor in_range is refused naming the action and what
the rules want; a game already in the store is read as it was saved (replayed, never re-decided)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from test_import_decided import _edited, _file, _spook_table

from mstracker.dice import TypedFaces
from mstracker.game import Action
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.store.gamefile import GameFileProblem, import_game
from mstracker.store.games import GameStore


def _as_before(actions: list[dict[str, Any]]) -> None:
    """The log as an older version wrote it: Blue Fang's fire took no in_range (and no distance)."""
    fire = next(a for a in actions if a["kind"] == "fire" and a["args"]["ship"] == "Blue Fang")
    del fire["args"]["in_range"]


def test_an_old_log_with_an_unmeasured_fire_is_refused_naming_the_action_and_the_book(tmp_path: Path) -> None:
    path = _edited(_file(_spook_table(), tmp_path / "old.json"), _as_before)
    with GameStore.default() as store:
        with pytest.raises(GameFileProblem) as info:
            import_game(store, path)
        message = str(info.value)
        assert message.startswith(f"import: {path}: action ")
        assert "(fire): the rules refuse it now (distance needed: spook §3 B2 (the weapon reaches 8 units)" in message
        assert "\n" not in message and store.list_games() == []


def test_a_saved_game_with_an_old_unmeasured_fire_still_opens(tmp_path: Path) -> None:
    """The store replays the events it saved; an action the rules would refuse today is not decided again."""
    fleets = {p.name: p for p in sample_fleets("spook")}
    rosters = [load_roster(fleets["scrimmage-blue.toml"]), load_roster(fleets["scrimmage-red.toml"])]
    db = tmp_path / "games.sqlite3"
    with GameStore(db, snapshot_every=1000) as store:
        gid = store.create_game("Old", "spook", rosters, {})
        with store.open_game(gid) as handle:
            handle.perform(Action("roll-off", {}), TypedFaces([6, 1]))  # Blue goes first
            handle.perform(Action("advance", {}), TypedFaces([]))
            # Gattling Mass Driver (§5 E5): 30 x d6, a 3 is 90; accuracy 4 >= a Carrier's agility: no d12
            handle.perform(Action("fire", {"ship": "Blue Fang", "weapon": "w1", "target": "Red Bastion",
                                           "in_range": True}), TypedFaces([3]))
            played = handle.state.to_json_text()
    with sqlite3.connect(db) as conn:  # as an older version saved it: no in_range, no distance
        (args,) = conn.execute("SELECT args FROM actions WHERE game_id = ? AND kind = 'fire'", (gid,)).fetchone()
        old = {k: v for k, v in json.loads(args).items() if k != "in_range"}
        conn.execute("UPDATE actions SET args = ? WHERE game_id = ? AND kind = 'fire'", (json.dumps(old), gid))
    conn.close()
    with GameStore(db) as store, store.open_game(gid) as handle:
        assert handle.state.to_json_text() == played
        assert handle.state.find_ship("Red Bastion").record["armor"] == 360  # 450 - 90
