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


def test_new_games_write_only_generic_changes_and_declared_stories() -> None:
    from test_spook_support import Play, roster, ship

    g = Play([roster("Blue", ship("Pike", "Frigate", ("Ion Beam",)), ship("Lance", "Frigate")),
              roster("Red", ship("Picket", "Frigate"))])
    g.start()
    events = g.act("fire", 12, ship="Pike", weapon="w1", target="Picket", in_range=True)
    pending = [e for e in events if e.kind == "extra-set"]
    assert [(e.data["key"], e.data["old"], e.data["new"]["damage"]) for e in pending] == [("pending_ff", None, 100)]
    generic = {"value-set", "resource-changed", "extra-set", "owner-changed", "active-changed", "ship-added",
               "dice-rolled", "ticked", "step-entered", "turn-started", "game-created", "game-ended"}
    g.act("friendly-fire", ally="Lance")
    kinds = {e.kind for events in g.log for e in events}
    assert kinds - generic <= g.eng.plugin.narrative_kinds() and "ff-pending" not in kinds


def test_an_old_pending_friendly_fire_reads_as_the_new_extra() -> None:
    import pytest

    from mstracker.game import GameError

    eng = engine()
    data = _fixture()
    created = Event.from_json(data["events"][0])
    state = eng.replay([created])
    pending = {"attacker": "2", "damage": 100, "range": 20, "source": "Ion Beam of Pike (#2)"}
    after = eng.reduce(state, Event("ff-pending", {"pending": pending}, "Friendly fire: ..."))
    assert after.extra["pending_ff"] == pending
    assert [o.id for o in eng.obligations(after.update(turn=3))] == ["friendly-fire:2"]
    with pytest.raises(GameError, match="no reducer for event 'ff-pending'"):
        eng.reduce(state, Event("ff-pending", {"something": "else"}, ""))


def test_a_game_saved_in_set_up_before_the_roll_off_was_enforced_plays_on_without_it() -> None:
    eng = engine()
    created = Event.from_json(_fixture()["events"][0])
    old = eng.replay([created])
    assert old.turn == 0 and "first_player" not in old.extra
    assert eng.obligations(old) == () and eng.legal_action(old, "next-step").allowed
    assert eng.legal_action(old, "roll-off").allowed  # the players may still roll off in its set-up
