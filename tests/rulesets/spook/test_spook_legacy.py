"""Old saves still load: a short game recorded with the plugin before the one-event-style port
(its own Batch, `ff-pending` events) replays to exactly the state that code reached."""

from __future__ import annotations

import json
from pathlib import Path

from test_spook_support import engine

from mstracker.game import Event, GameState

FIXTURE = Path(__file__).with_name("legacy_game_v1.json")


def _fixture() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_a_game_saved_before_the_port_replays_to_the_state_its_code_reached() -> None:
    data = _fixture()
    events = [Event.from_json(e) for e in data["events"]]
    state = engine().replay(events)
    assert state.to_json() == GameState.from_json(data["state"]).to_json()


def test_the_fixture_covers_every_event_kind_the_old_plugin_wrote() -> None:
    kinds = {e["kind"] for e in _fixture()["events"]}
    old_plugin_kinds = {
        "rolloff", "fired", "friendly-fire", "device-used", "flares-reloaded", "mines-laid", "mines-crossed",
        "infiltration", "captured", "dock-ordered", "retired", "repaired", "built", "scuttled", "rammed",
        "probe-moved", "embarked", "victory-checked", "ff-pending",
    }
    assert old_plugin_kinds <= kinds
    pending = [e["data"]["pending"] for e in _fixture()["events"] if e["kind"] == "ff-pending"]
    assert pending[0] == {"attacker": "2", "damage": 100, "range": 20, "source": "Ion Beam of Pike (#2)"}
    assert pending[1] is None
