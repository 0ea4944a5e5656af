"""A game deleted between the look-up of its row and the read of its log is gone, not damaged."""

from __future__ import annotations

from pathlib import Path

import pytest

from mstracker.cli import main
from mstracker.store.games import GameStore
from mstracker.store.gamereader import GameReader
from mstracker.store.gamesdb import GameNotFound

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "fleets" / "spook"


def test_a_game_deleted_after_its_row_was_read_is_reported_deleted(isolated_home: Path) -> None:
    fleets = ["--fleet", str(SAMPLES / "scrimmage-blue.toml"), "--fleet", str(SAMPLES / "scrimmage-red.toml")]
    assert main(["game", "new", "--ruleset", "spook", *fleets, "--name", "Table", "--json"]) == 0
    readers = GameStore.default(readonly=True)
    summary = readers.game(1)  # a watcher looks the row up first (open_reader), then reads the log
    engine = readers.game_engine(summary.id, summary.ruleset)
    assert GameReader(readers, summary, engine).state.turn >= 0  # read whole while it is there
    with GameStore.default() as store:
        store.delete_game(1)
    with pytest.raises(GameNotFound, match=r"game 'Table' \(id 1\) was deleted"):
        GameReader(readers, summary, engine)
