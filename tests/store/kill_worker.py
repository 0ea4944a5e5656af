"""Subprocess for the kill -9 tests: performs actions in a loop, printing the live count after each commit.

usage: python kill_worker.py DB GAME_ID [MAX_ACTIONS]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "game"))

import minirules  # noqa: E402

from mstracker.dice import TypedFaces  # noqa: E402
from mstracker.game import Action  # noqa: E402
from mstracker.store.games import GameStore  # noqa: E402


def action_for(n: int) -> Action:
    """The n-th scripted action (n counts from 1 over the whole game): mostly +1 fire, some notes."""
    if n % 7 == 0:
        return Action("note", {"text": f"note {n}"})
    return Action("adjust", {"target": "1", "key": "fire", "delta": 1})


def main() -> None:
    db, game_id = Path(sys.argv[1]), int(sys.argv[2])
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
    store = GameStore(db, engine_factory=minirules.engine_factory, snapshot_every=3)
    handle = store.open_game(game_id)
    print(f"open {handle.live_actions}", flush=True)
    for _ in range(limit):
        handle.perform(action_for(handle.live_actions), TypedFaces([]))
        print(handle.live_actions, flush=True)


if __name__ == "__main__":
    main()
