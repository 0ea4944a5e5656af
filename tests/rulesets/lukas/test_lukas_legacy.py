"""Old saves still load: a short real game recorded with the lukas plugin before the one-event-style
port (every event a `changes` triple list) replays to exactly the state that code reached.

The fixture `legacy_game_v1.json` holds the game's events action by action, the state at the start of
turn 5's ship actions and the final state, all written by the old code (see its `about`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_lukas_fixtures import engine

from mstracker.game import Event, GameState

FIXTURE = json.loads((Path(__file__).parent / "legacy_game_v1.json").read_text(encoding="utf-8"))


def _events(actions: list[dict[str, Any]]) -> list[Event]:
    return [Event.from_json(FIXTURE["created"])] + [Event.from_json(e) for a in actions for e in a["events"]]


def test_the_old_game_replays_to_exactly_the_state_the_old_code_reached() -> None:
    eng = engine()
    final = eng.replay(_events(FIXTURE["actions"]))
    assert final == GameState.from_json(FIXTURE["state"])
    assert final.finished and final.winner == "Ann" and final.turn == 7


def test_a_prefix_of_the_old_game_replays_to_the_state_it_had_then() -> None:
    eng = engine()
    cut = FIXTURE["checkpoints"]["turn 5 ship_action"]
    assert eng.replay(_events(FIXTURE["actions"][:cut])) == GameState.from_json(FIXTURE["state_turn_5"])


def test_the_fixture_holds_every_kind_of_event_the_old_plugin_wrote() -> None:
    old_kinds = {"mode-chosen", "ship-attacked", "ship-destroyed", "beam-announced", "beam-ready", "beam-lapsed",
                 "field-announced", "field-on", "field-off", "boosted", "booster-markers", "docked", "left-hangar",
                 "infiltration-declared", "infiltration-halted", "infiltration-failed", "ship-captured", "cargo-moved",
                 "turn-cleared"}
    written = {e["kind"] for a in FIXTURE["actions"] for e in a["events"] if "changes" in e["data"]}
    assert written == old_kinds
