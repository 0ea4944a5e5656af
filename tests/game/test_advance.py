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


def test_advance_keeps_what_it_did_when_unticked_items_hold_the_phase() -> None:
    engine, state = spook_game()
    state = engine.apply(state, engine.decide(state, Action("advance"), TypedFaces([])))
    held = engine.apply(state, engine.decide(state, Action("advance"), TypedFaces([])))
    # retire and repair ran; leaving the phase waits for the unticked "confirm" item
    assert (held.current_phase.id, held.current_step.id) == ("dock", "repair")
    ticked = engine.apply(held, engine.decide(held, Action("tick", {"step": "confirm"}), TypedFaces([])))
    moved = engine.apply(ticked, engine.decide(ticked, Action("advance"), TypedFaces([])))
    assert (moved.current_phase.id, moved.current_step.id) == ("move_devices", "hyperdrive")


def test_advance_refuses_to_leave_a_phase_with_unticked_items() -> None:
    engine = engine_for(book_ruleset("cal"))
    rosters = [load_roster(p) for p in sample_fleets("cal")[:2]]
    state = engine.replay([engine.created_event(engine.new_game("Advance", rosters, {}))])
    state = engine.apply(state, engine.decide(state, Action("advance"), TypedFaces([])))
    assert state.current_phase.id == "ordnance"  # round 1 has no Interphase
    for _ in range(len(state.current_phase.steps) - 1):
        state = engine.apply(state, engine.decide(state, Action("next-step"), TypedFaces([])))
    with pytest.raises(InvalidAction, match="unticked items"):
        engine.decide(state, Action("advance"), TypedFaces([]))


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
