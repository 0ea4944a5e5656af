"""The generic `advance` action: automatic steps run back to back, stopping at the players' next item."""

from __future__ import annotations

import pytest

from mstracker.dice import TypedFaces
from mstracker.game import Action, InvalidAction, engine_for
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets


def spook_game():
    engine = engine_for(book_ruleset("spook"))
    rosters = [load_roster(p) for p in sample_fleets("spook") if "scrimmage" in p.name]
    state = engine.replay([engine.created_event(engine.new_game("Advance", rosters, {}))])
    state = engine.apply(state, engine.decide(state, Action("roll-off"), TypedFaces([6, 1])))  # Blue starts
    return engine, state


def test_advance_runs_the_upkeep_and_stops_at_the_first_manual_item() -> None:
    engine, state = spook_game()
    events = engine.decide(state, Action("advance"), TypedFaces([]))
    after = engine.apply(state, events)
    entered = [e.data.get("step_id") for e in events if e.kind == "step-entered"]
    assert entered == ["expire", "reload", "flares", "infiltration", "confirm"]
    assert (after.turn, after.current_phase.id, after.current_step.id) == (1, "dock", "confirm")
    assert after.current_step.kind == "manual"
    assert engine.replay([engine.created_event(state), *events]) == after


def test_advance_from_a_players_item_ticks_it_and_runs_on_to_the_next_one() -> None:
    engine, state = spook_game()
    state = engine.apply(state, engine.decide(state, Action("advance"), TypedFaces([])))
    assert state.current_step.id == "confirm"
    events = engine.decide(state, Action("advance"), TypedFaces([]))
    moved = engine.apply(state, events)
    # moving past "confirm" is the players saying it is done; retire and repair then ran by themselves
    assert events[0].kind == "ticked" and events[0].data == {"step_id": "confirm", "by": "next-step"}
    assert events[0].text.startswith("Done: Confirm the ships")
    entered = [e.data.get("step_id") for e in events if e.kind == "step-entered"]
    assert entered == ["retire", "repair", "hyperdrive"]
    assert (moved.current_phase.id, moved.current_step.id) == ("move_devices", "hyperdrive")


def test_leaving_a_phase_with_an_item_the_players_unticked_needs_force() -> None:
    engine = engine_for(book_ruleset("cal"))
    rosters = [load_roster(p) for p in sample_fleets("cal")[:2]]
    state = engine.replay([engine.created_event(engine.new_game("Advance", rosters, {}))])
    state = engine.apply(state, engine.decide(state, Action("advance"), TypedFaces([])))
    assert state.current_phase.id == "ordnance"  # round 1 has no Interphase
    for _ in range(len(state.current_phase.steps) - 1):
        state = engine.apply(state, engine.decide(state, Action("next-step"), TypedFaces([])))
    first = state.current_phase.steps[0]
    assert first.id in state.ticked  # ticked as the players moved past it
    state = engine.apply(state, engine.decide(state, Action("untick", {"step": first.id}), TypedFaces([])))
    with pytest.raises(InvalidAction, match="unticked items: 1. "):
        engine.decide(state, Action("advance"), TypedFaces([]))
    left = engine.decide(state, Action("next-step", {"force": True}), TypedFaces([]))
    # the last item (recall) is one an action does, so leaving it ticks nothing: only the unticked first is named
    [gone] = [e for e in left if e.kind == "phase-left"]
    assert gone.data["unticked"] == [first.id] and left[0].kind == "phase-left"


def test_record_status_names_only_values_away_from_their_start() -> None:
    engine, state = spook_game()
    spec = engine.spec
    ship = state.find_ship("Red Wasps")
    assert "Destroyed" not in " ".join(spec.status(ship.record))
    hit = ship.with_values({"destroyed": True, "jammed": 1})
    words = spec.status(hit.record)
    assert "✗ Destroyed" in words
    assert any(w.startswith(spec.field("jammed").glyph) and w.endswith(" 1") for w in words)
    assert [b.key for b in spec.bars()] == ["armor"]


def test_the_ruleset_says_how_many_players_a_game_takes() -> None:
    from mstracker.game import GameError

    engine = engine_for(book_ruleset("pz8"))
    fleets = [load_roster(p) for p in sample_fleets("pz8")[:3]]
    with pytest.raises(GameError, match="a pz8 game takes 1 to 2 fleets, not 3"):
        engine.new_game("Three", fleets, {})
    assert book_ruleset("cal").meta.max_players == 8 and book_ruleset("lukas").meta.max_players == 8
    cal = engine_for(book_ruleset("cal"))
    state = cal.new_game("Three", [load_roster(p) for p in sample_fleets("cal")[:3]], {})
    assert len(state.players) == 3
