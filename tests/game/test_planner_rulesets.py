"""Every installed ruleset's fire planner at its demo battle's first attack: each row's figures are the
engine's odds of the same attack (what the attack dialog and `mstracker odds` show), and a focus fire of one
attack is that attack. A ruleset that plans no fire yet (no target condition, no typed attack) is skipped, saying so."""

from __future__ import annotations

import pytest

from mstracker.dice import TypedFaces
from mstracker.game import Action, Engine, GameState, engine_for
from mstracker.game.planner import Distances, fire_plan
from mstracker.game.planner_focus import focus_fire
from mstracker.rules.registry import package, ruleset_ids
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets

DEMOS = [rid for rid in ruleset_ids() if package(rid).demo is not None]


def demo_battle(rid: str) -> tuple[Engine, GameState]:
    """The demo's fleets, played through its steps to the first attack (as the screenshot scene does)."""
    demo = package(rid).demo
    eng = engine_for(book_ruleset(rid))
    paths = {p.name: p for p in sample_fleets(rid)}
    state = eng.replay([eng.created_event(eng.new_game("Demo", [load_roster(paths[f]) for f in demo.fleets], {},
                                                       allow_illegal=True))])
    for step in demo.to_attack:
        args: dict = {}
        if step.kind != "next-step":  # the form starts where the contract says, from the selected ship
            names = [a.name for a in eng.action_spec(step.kind).args]
            args = eng.legal_action(state, step.kind, step.ship or None, None).defaults(names)
        args.update(step.args)
        faces = TypedFaces(int(f) for f in step.faces.split())
        state = eng.apply(state, eng.decide(state, Action(step.kind, args), faces))
    return eng, state


@pytest.mark.parametrize("rid", DEMOS)
def test_planner_figures_are_the_odds_of_the_same_attack(rid: str) -> None:
    eng, state = demo_battle(rid)
    demo = package(rid).demo
    target = state.find_ship(demo.target)
    measured = Distances()
    for ship in state.ships.values():
        measured = measured.with_target(ship.id, 3)  # close enough for any weapon that reaches
    rows = [r for r in fire_plan(eng, state, measured) if r.known]
    typed = any(eng.plugin.typed_action(r.shot.kind) is not None for r in rows)  # its outcome plans it
    if eng.plugin.target_condition(state, target) is None and not typed:
        pytest.skip(f"{rid} plans no fire yet (no target condition, no typed attack)")
    assert rows, f"{rid}: no shot to plan at the demo's first attack"
    for row in rows:
        odds = eng.action_odds(state, row.action())
        assert odds is not None, row
        assert row.p_hit == odds.p_hit, row
        assert row.expected_damage == odds.expected_damage, row
        if odds.p_destroy is not None:
            assert row.p_destroy == odds.p_destroy, row
    first = rows[0]
    one = focus_fire(eng, state, first.target, [(first.ship, first.weapon)], measured)
    assert one.p_destroy == first.p_destroy
