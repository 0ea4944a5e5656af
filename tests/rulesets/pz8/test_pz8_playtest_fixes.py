"""Play-test findings (ptD): a shot no face can hit is refused (pz8 §4), `fire` at Torpedoes points to
shoot-torpedo (pz8 §5), the activation checklist belongs to the current activation (pz8 §2), and the
end-of-turn Torpedo and asteroid steps stop for the players (pz8 §5, §6)."""

from __future__ import annotations

from test_pz8_support import Play, engine

from mstracker.game import Action


def with_salvo() -> Play:
    """A's Alpha 1 has launched Torpedoes t1; Bravo 1 is activated and has moved."""
    play = Play.sides(2, 2).start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))
    play.act("activate", ship="B1")
    play.act("move", ship="B1", mps="F")
    return play


def test_a_shot_at_torpedoes_at_7_hexes_cannot_hit_and_is_refused_without_spending_the_gun() -> None:
    # pz8 §4: 7-9 hexes need a 6; §5: -1 at Torpedoes, so the best face (6) makes 5: no face hits.
    play = with_salvo()
    reason = play.refused("shoot-torpedo", 6, ship="B1", torpedo="t1", distance=7)
    assert reason == ("Bravo 1 (#3) cannot hit Torpedoes t1 (A, from Alpha 1) at 7 hexes: the 7-9 hex band needs 6 "
                      "on 1D6 and with At Torpedoes −1 no face reaches it (pz8 §4, §5); nothing is rolled: the gun "
                      "is not spent: pick a nearer target, or go on without firing")
    assert not play.rec("B1", "fired")
    # the same shot at 6 hexes (4-6 need 5, -1: a 6 hits) is allowed: 1 face in 6
    assert engine().dice_plan(play.state, Action("shoot-torpedo", {"ship": "B1", "torpedo": "t1", "distance": 6}))


def test_a_damaged_ship_firing_back_at_8_hexes_is_refused() -> None:
    # pz8 §4: 6 needed at 7-9 hexes, Damaged -1 and fire-back -1: a 6 makes 4, no face hits.
    play = Play.sides(2, 2).start(5, 2)
    play.act("set", target="B1", key="damaged", value="yes")
    play.act("activate", ship="A1")
    play.act("move", ship="A1", mps="F")
    play.act("fire", 6, 1, 1, 6, ship="A1", target="B1", distance=8)  # hit, 2 against 6 (B1 Damaged: 1D6): no damage
    reason = play.refused("fire-back", 6)
    assert reason.startswith("Bravo 1 (#3) cannot hit Alpha 1 (#1) at 8 hexes: the 7-9 hex band needs 6")
    assert reason.endswith("with Damaged −1, Fire back −1 no face reaches it (pz8 §4); nothing is rolled: let the "
                           "fire-back go (any other action does)")


def test_fire_at_torpedoes_with_a_ship_as_target_points_to_shoot_torpedo() -> None:
    play = with_salvo()
    reason = play.refused("fire", 6, ship="B1", target="A2", distance=2, at_torpedo=True)
    assert reason == ("no Torpedo salvo 'A2'; on the table: t1. To shoot at a Torpedo salvo, use shoot-torpedo "
                      "(pz8 §5): its form lists the enemy salvos (t1)")
    spec = next(s for s in engine().plugin.action_specs() if s.kind == "shoot-torpedo")
    torpedo = next(a for a in spec.args if a.name == "torpedo")
    assert [t.id for t in engine().plugin.token_choices(play.state, "shoot-torpedo", torpedo, play.ship("B1"))] == ["t1"]


def test_advance_at_the_last_activation_stops_where_the_players_move_torpedoes_and_shift_asteroids() -> None:
    # pz8 §5: "Torpedoes move simultaneously at the end of each turn"; §6: "At the end of each turn, shift
    # the Asteroids one hex, in a pre-planned direction": both are done on the table by the players.
    play = Play.sides(1, 1, asteroids="1").start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))  # t1
    play.act("activate", ship="B1")
    play.act("move", ship="B1", mps="F")
    play.act("next-step")  # fire -> torpedo (4/5)
    events = play.act("advance")
    assert (play.state.turn, play.state.current_phase.id, play.state.current_step.id) == (1, "end-torpedoes",
                                                                                          "move-torpedoes")
    assert events[-1].text.startswith("End of turn: Torpedoes · 1/1: Move every Torpedo salvo 6 hexes")
    assert {"torpedo-attack", "remove-torpedo"} <= play.eng.plugin.expected_actions(play.state)
    play.act("torpedo-attack", 3, 3, 2, 4, torpedo="t1", target="B1")  # 2D6 6 against 2D6 6: no damage
    play.act("advance")  # the players' item is ticked; the asteroid step is theirs too
    assert play.state.current_step.id == "shift-asteroids"
    # no drift arrow was set: the book's asteroids move in a pre-planned direction (pz8 §6)
    [drift] = [o for o in play.eng.obligations(play.state) if o.id == "asteroid-drift"]
    assert (drift.cite, drift.resolve) == ("pz8 §6", "set-drift")
    assert play.refused("advance") == (
        "Asteroids a1 shift one hex at the end of each turn in a pre-planned direction, shown by a counter with an "
        "arrow in one corner hex; no direction is recorded yet (set-drift, e.g. NE) (pz8 §6); do it with "
        "set-drift. The table may set it aside as a logged decision: override “asteroid-drift”, giving the reason")
    play.act("set-drift", direction="NE")
    play.act("advance")  # Activated chits, victory check, turn 2's initiative
    assert (play.state.turn, play.state.current_step.id) == (2, "roll")
    # turn 2: a1 is still on the table (asteroids cannot be destroyed), t1 is gone: only the asteroid step
    play.act("roll-initiative", 6, 1)
    play.activation("A1")
    play.activation("B1")
    play.act("advance")
    assert play.state.current_step.id == "shift-asteroids" and play.eng.obligations(play.state) == ()


def test_an_empty_table_runs_on_to_the_next_turn() -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.activation("A1")
    play.act("activate", ship="B1")
    play.act("advance")  # B1's move step is the players'
    play.act("next-step")
    play.act("next-step")  # -> torpedo 4/5
    play.act("advance")
    assert (play.state.turn, play.state.current_step.id) == (2, "roll")
