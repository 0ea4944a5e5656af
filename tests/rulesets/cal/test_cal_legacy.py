"""Older cal saves still load: a short real game recorded with the patch-style plugin (every cal event
kind it wrote, fire damage in both phases) replays to exactly the state that code reached."""

from __future__ import annotations

import json
from pathlib import Path

from test_cal_helpers import engine

from mstracker.game import Event, GameState

FIXTURE = Path(__file__).with_name("legacy_game.json")
OLD_KINDS = {
    "shots-fired", "pd-fired", "ordnance-readied", "ordnance-unreadied", "ordnance-recalled", "ordnance-launched",
    "ordnance-removed", "intercepted", "ordnance-attacked", "course-altered", "course-set", "ftl-powered-up",
    "ftl-powered-down", "jumped", "rammed", "blast", "damage-control", "rallied", "round-started", "tracks-moved",
    "ftl-moved", "fire-damage", "fire-roll", "boarders-rolled", "cc-checked", "fire-added", "damage-resolved",
    "shots-reset",
}


def recorded() -> tuple[list[Event], GameState]:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return [Event.from_json(e) for e in data["events"]], GameState.from_json(data["state"])


def test_the_recorded_game_covers_every_old_event_kind() -> None:
    events, _ = recorded()
    assert OLD_KINDS <= {e.kind for e in events}
    assert all("patch" in e.data for e in events if e.kind in OLD_KINDS)


def test_an_old_save_replays_to_exactly_the_state_the_old_code_reached() -> None:
    events, state = recorded()
    assert engine().replay(events).to_json() == state.to_json()
    # every prefix folds too (resuming at any point of the old log)
    eng = engine()
    folded = eng.replay(events[:1])
    for event in events[1:]:
        folded = eng.reduce(folded, event)
    assert folded == state


def test_an_old_save_plays_on_with_todays_rules() -> None:
    from mstracker.dice import TypedFaces
    from mstracker.game import Action

    events, _ = recorded()
    eng = engine()
    state = eng.replay(events)
    assert (state.turn, state.current_phase.id) == (3, "ordnance")
    assert eng.legal_action(state, "ready-ordnance").allowed
    assert [r.status.value for r in eng.plugin.readiness(state, state.ships["4"])] == ["disabled"] * 2  # jumped out
    after = eng.apply(state, eng.decide(state, Action("ready-ordnance", {"ship": "1", "ordnance": "torpedo"}), TypedFaces([])))
    assert state.ships["1"].record["crew"] == -1  # a Boarder's Skirmish: the counter goes on T/A -1, 4 Interphases out
    assert after.ships["1"].item("d1").record["track"][-1] == "Torpedo 4"


def test_todays_story_events_share_old_names_but_are_not_read_as_old_patches() -> None:
    from mstracker.rulesets.cal.legacy import read_legacy
    from test_cal_actions import game

    g = game()
    g.act("set", target="CA-1", key="round_damage", value="60")
    g.to("damage", "resolve_damage", faces=(6, 6))
    events = g.act("blast", ship="CA-1", targets="none")
    assert events[0].kind == "blast" and "patch" not in events[0].data  # the story: ship, amount, targets, dice
    assert read_legacy(g.state, events[0]) is None
    old_blast = next(e for e in recorded()[0] if e.kind == "blast")
    assert "patch" in old_blast.data
