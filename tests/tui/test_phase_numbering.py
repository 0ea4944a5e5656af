"""One phase numbering where the player reads it (play-test round 3, N15: "that belongs to phase 2" beside
the banner's "Phase 3/5 2. Gunnery"): the book's number where the book numbers its phases (cal), else the
phase's place in the turn (spook has no phase numbers)."""

from __future__ import annotations

import random

from played_game import PlayedGame

from mstracker.dice import RngFaces
from mstracker.game import Action, engine_for
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.tui.widgets.banner import banner_content


def played(ruleset: str) -> PlayedGame:
    rosters = [load_roster(p) for p in sample_fleets(ruleset)][:2]
    return PlayedGame(engine_for(book_ruleset(ruleset)), rosters, {})


def walk_to(g: PlayedGame, phase: str) -> None:
    rng = random.Random(2)
    for _ in range(200):
        if g.state.current_phase is not None and g.state.current_phase.id == phase:
            return
        for obligation in g.eng.obligations(g.state):
            if obligation.refuses("next-step", None, None):
                g.act("override", obligation=obligation.id, reason="set-up")
        g.do(Action("next-step", {"force": True}), RngFaces(rng))
    raise AssertionError(f"never reached {phase}")


def phase_line(g: PlayedGame) -> str:
    return banner_content(g.state, "round", acting=g.eng.acting(g.state)).plain.splitlines()[1]


def test_cal_reads_its_phases_by_the_books_number_in_the_banner_as_its_refusals_do() -> None:
    g = played("cal")
    walk_to(g, "ordnance")
    assert phase_line(g).startswith("Phase 1. Ordnance  ·  step 1/")
    assert "/5" not in phase_line(g)  # the app's place of the phase (2 of 5) is not shown beside the book's 1
    ship = next(s.id for s in g.state.ships.values() if s.owner == g.state.active)
    target = next(s.id for s in g.state.ships.values() if s.owner != g.state.active)
    refused = g.refused("fire", ship=ship, weapon="w1", target=target)  # it names the phase by the same number
    assert "phase 2. Gunnery" in refused
    walk_to(g, "gunnery")
    assert phase_line(g).startswith("Phase 2. Gunnery  ·  step 1/")


def test_a_book_without_phase_numbers_reads_the_phases_place_in_the_turn() -> None:
    g = played("spook")
    walk_to(g, "attack")
    assert phase_line(g).startswith(f"Phase 6/{len(g.state.sequence)} Attack  ·  step ")
