"""Old saves still load: a pz8 game recorded with the plugin's own event kinds (before every change became
a generic event) replays through `legacy.py` to exactly the states the old code reached."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from test_pz8_support import engine

from mstracker.game import Event, GameState

FIXTURE = Path(__file__).with_name("legacy_game.json")
OLD_KINDS = {
    "initiative-rolled", "activation-started", "ship-moved", "activation-ended", "marks-cleared", "shot-fired",
    "torpedo-launched", "torpedo-attacked", "torpedo-removed", "asteroid-added", "asteroid-removed",
    "asteroid-collided", "drift-set",
}


def recorded() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def canon(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_the_fixture_holds_every_old_event_kind() -> None:
    kinds = {e["kind"] for a in recorded()["actions"] for e in a["events"]}
    assert OLD_KINDS <= kinds


def test_an_old_game_replays_to_exactly_the_states_the_old_code_reached() -> None:
    data = recorded()
    eng = engine()
    state = eng.replay([Event.from_json(data["created"])])
    assert state.extra["asteroids"] == [{"id": "a1", "where": ""}]  # from the asteroids setting at set-up
    for n, action in enumerate(data["actions"]):
        state = eng.apply(state, [Event.from_json(e) for e in action["events"]])
        digest = hashlib.sha256(canon(state).encode()).hexdigest()
        assert digest == data["state_sha256"][n], f"after action {n} ({action['kind']})"
        if str(n) in data["checkpoints"]:
            assert state.to_json() == data["checkpoints"][str(n)]
    assert state.to_json() == data["final_state"]
    assert state.finished and state.winner == "Red"
