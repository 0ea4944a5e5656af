"""A game keeps the ruleset (book values and house rules) it was created with."""

from __future__ import annotations

import json
import sqlite3

from mstracker.paths import app_dirs
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.store.games import GameStore


def _house(text: str) -> None:
    path = app_dirs().house_rule_file("spook")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _new_spook_game(store: GameStore) -> int:
    rosters = [load_roster(p) for p in sample_fleets("spook") if "scrimmage" in p.name]
    return store.create_game("Kept rules", "spook", rosters, {})


def test_a_game_keeps_its_house_rules_when_the_file_changes_later() -> None:
    _house('[weapons."Ion Beam"]\ndamage = 90\n')
    with GameStore.default() as store:
        gid = _new_spook_game(store)
    _house('[weapons."Ion Beam"]\ndamage = 40\n')
    with GameStore.default() as store, store.open_game(gid) as handle:
        ion = handle.engine.ruleset.weapons["Ion Beam"]
        assert ion.damage == 90 and handle.engine.ruleset.is_house_rule("weapons", "Ion Beam", "damage")
    with GameStore.default() as store:
        other = store.create_game("New rules", "spook", [load_roster(p) for p in sample_fleets("spook")[:2]], {})
        with store.open_game(other) as handle:
            assert handle.engine.ruleset.weapons["Ion Beam"].damage == 40


def test_a_saved_ruleset_this_version_cannot_read_falls_back_to_the_ruleset_in_force() -> None:
    with GameStore.default() as store:
        gid = _new_spook_game(store)
        path = store.path
    conn = sqlite3.connect(path)
    args = json.loads(conn.execute("SELECT args FROM actions WHERE game_id = ? AND seq = 1", (gid,)).fetchone()[0])
    args["ruleset"]["weapons"]["Ion Beam"]["damage"] = "far"
    conn.execute("UPDATE actions SET args = ? WHERE game_id = ? AND seq = 1", (json.dumps(args), gid))
    conn.commit()
    conn.close()
    with GameStore.default() as store, store.open_game(gid) as handle:
        assert handle.engine.ruleset.weapons["Ion Beam"].damage == 100
