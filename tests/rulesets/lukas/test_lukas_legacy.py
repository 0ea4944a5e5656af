"""Old saves still load: a short real game recorded with the lukas plugin before the one-event-style
port (every event a `changes` triple list) replays to exactly the state that code reached.

The fixture `legacy_game_v1.json` holds the game's events action by action, the state at the start of
turn 5's ship actions and the final state, all written by the old code (see its `about`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_lukas_fixtures import engine, rosters, to_turn

from mstracker.dice import TypedFaces
from mstracker.game import Action, Event, GameState
from mstracker.game.generic import GENERIC_REDUCERS

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


def test_an_old_game_goes_on_with_todays_rules() -> None:
    eng = engine()
    cut = FIXTURE["checkpoints"]["turn 5 ship_action"]
    s = eng.replay(_events(FIXTURE["actions"][:cut]))  # Ann's turn 3, read from the old shapes
    assert "order" not in s.extra and eng.obligations(s) == ()
    events = eng.decide(s, Action("fire", {"ship": "Radar", "weapon": "w1", "target": "Courier", "in_range": True}), TypedFaces([12, 8]))
    assert [e.kind for e in events][:4] == ["ship-attacked", "value-set", "value-set", "value-set"]
    assert all("changes" not in e.data for e in events)
    s = eng.apply(s, events)
    assert s.ships["11"].record["destroyed"] is True  # 8 +1 +1 = 10 damage, 8 armor
    assert [r.status.value for r in eng.plugin.readiness(s, s.ships["3"])] == ["ready", "ready", "ready"]
    s = to_turn(eng, s, 6)
    assert s.active == 1  # no order was rolled in the old game: seating order


def test_a_narrative_event_named_like_an_old_one_changes_nothing_and_an_old_one_is_read() -> None:
    eng = engine()
    s = eng.replay(_events(FIXTURE["actions"][:10]))
    told = Event("ship-attacked", {"ship": "2", "target": "9", "damage": 11}, "Bull (#2) fires ...")
    assert eng.reduce(s, told) == s
    old = Event("ship-attacked", {"ship": "2", "changes": [["9", "armor", 1]]}, "Bull (#2) fires ...")
    assert eng.reduce(s, old).ships["9"].record["armor"] == 1


def test_today_every_change_is_a_generic_event_and_the_story_is_narrative() -> None:
    from test_lukas_game import play

    eng = engine()
    states = [eng.replay([eng.created_event(eng.new_game("Now", rosters(), {}))])]

    def perform(action: Action, faces: TypedFaces) -> list[Event]:
        events = eng.decide(states[-1], action, faces)
        states.append(eng.apply(states[-1], events))
        return events

    kinds = set()
    for events in play(perform, lambda: states[-1]):
        assert all("changes" not in e.data for e in events)
        kinds |= {e.kind for e in events}
    assert kinds - GENERIC_REDUCERS.keys() <= eng.plugin.narrative_kinds()
    assert {"value-set", "extra-set", "resource-changed", "dice-rolled"} <= kinds
