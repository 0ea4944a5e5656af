"""pz8 turns through the engine: initiative, activation quotas (T-PZ8-1, T-PZ8-2), once-per-turn
activations, the checklist loop of the activation steps, the start and end of a turn, victory."""

from __future__ import annotations

from test_pz8_support import Play, squadron, texts


def test_t_pz8_1_six_against_three_a_activates_two_per_step_b_one() -> None:
    play = Play.sides(6, 3).start(5, 2)
    s = play.state
    assert s.extra["initiative"] == {"turn": 1, "winner": 0, "rolls": [[5, 2]], "quota": [2, 1]}
    assert s.active == 0 and s.current_step.id == "quota"
    play.activation("A1")
    play.activation("A2")
    assert "it is B's activation step: B activates 1 more ship (Bravo 1 (#7), Bravo 2 (#8), Bravo 3 (#9)) " \
           "before A" in play.refused("activate", ship="A3")
    assert play.state.active == 1
    play.activation("B1")
    assert "B's activation step" not in play.refused("activate", ship="B2")
    assert "it is A's activation step: A activates 2 more ships" in play.refused("activate", ship="B2")
    for a, b in (("A3", "A4"), ("A5", "A6")):
        play.activation(a)
        play.activation(b)
        play.activation(f"B{2 if a == 'A3' else 3}")
    s = play.state
    assert all(ship.record["activated"] for ship in s.ships.values())
    # activate ticked its item; move, fire and launch were not done by the last ship (the table shows them)
    assert s.current_step.id == "activated" and set(s.ticked) == {"choose"}
    assert play.eng.unticked(s) == []  # every activation item is an action's: nothing to ask about
    play.act("next-step")  # no force needed: every ship has activated
    assert play.state.current_phase.id == "end"


def test_t_pz8_2_nine_against_three_and_five_against_three() -> None:
    play = Play.sides(9, 3).start(6, 1)
    assert play.state.extra["initiative"]["quota"] == [3, 1]
    for ship in ("A1", "A2", "A3"):
        play.activation(ship)
    assert "B's activation step" in play.refused("activate", ship="A4")

    play = Play.sides(5, 3).start(1, 4)
    assert play.state.extra["initiative"]["quota"] == [1, 1] and play.state.active == 1
    for ship in ("B1", "A1", "B2", "A2", "B3"):
        assert "activation step" in play.refused("activate", ship="A5" if ship.startswith("B") else "B3")
        play.activation(ship)
    # B has no ship left to activate: A activates all three it has left in one step
    events = play.act("activate", ship="A3")
    assert "1 of 3 in this step" in events[0].text
    play.act("end-activation")
    play.activation("A4")
    play.activation("A5")
    assert play.state.current_step.id == "activated"


def test_quota_follows_the_activation_rounding_setting() -> None:
    play = Play.sides(5, 3, activation_rounding="ceil").start(5, 2)
    assert play.state.extra["initiative"]["quota"] == [2, 1]


def test_initiative_ties_are_rolled_again_and_the_roll_is_checked() -> None:
    play = Play.sides(4, 4)
    assert "set-up" in play.refused("roll-initiative", 5, 2)
    play.act("next-step")
    assert play.state.current_step.id == "roll"
    refusal = play.refused("activate", ship="A1")
    assert refusal == ("Turn 1 has no initiative yet: each side rolls 1D6, the higher activates first (ties are rolled "
                       "again), before any ship is activated (pz8 §2); do it with roll-initiative. The table may "
                       "set it aside as a logged decision: override “initiative”, giving the reason")
    # next-step rolls it as the roll step's automatic roll (pz8 §2), asking for its faces first
    assert play.refused("next-step") == "needed a d6, but no faces were typed for A's initiative D6"
    assert play.refused("roll-initiative", 3, 3) == (
        "needed a d6 after 2 faces, but only 2 were typed for A's initiative D6 (roll-off 2)")
    events = play.act("roll-initiative", 3, 3, 2, 5)
    assert events[0].data["rolls"] == [[3, 3], [2, 5]] and events[0].data["dice"] == [[6, 3], [6, 3], [6, 2], [6, 5]]
    assert "a tie, roll again" in events[0].text and "B has the initiative" in events[0].text
    assert play.state.extra["initiative"]["winner"] == 1 and play.state.active == 1
    assert "already rolled this turn (B has it)" in play.refused("roll-initiative", 6, 1)
    assert "Order this turn: B 1 → A 1 → B 1 → A 1" in texts(events)


def test_each_ship_activates_once_per_turn_and_one_at_a_time() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    assert play.rec("A1", "active") is True and play.state.current_step.id == "move"
    assert "Alpha 1 (#1) is still being activated: end-activation first" in play.refused("activate", ship="A2")
    assert "is being activated, not Alpha 2" in play.refused("end-activation", ship="A2")
    play.act("end-activation")
    assert play.rec("A1", "activated") is True and play.rec("A1", "active") is False
    assert play.state.current_step.id == "choose"
    play.activation("B1")
    assert "already been activated this turn (each ship once per turn, pz8 §3)" in play.refused("activate", ship="A1")
    assert "no ship is being activated" in play.refused("end-activation")


def test_next_step_through_the_activation_steps_loops_until_every_ship_is_done() -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.act("next-step")
    assert play.state.current_step.id == "choose"
    play.act("activate", ship="A1")
    play.act("next-step")  # move -> fire
    play.act("next-step")  # fire -> torpedo
    events = play.act("next-step")  # -> activated: A1 gets its chit, back to step 1 for B
    assert [e.text for e in events][1:6] == [
        "Alpha 1 (#1)'s activation ends; next: B activates 1 ship (waiting: Bravo 1 (#2))",
        "Alpha 1 (#1) Activated: no → yes, Activated chit (pz8 §2)",
        "Alpha 1 (#1) Active: yes → no, activation over",
        "B's activation step: 1 of 1 next (pz8 §2)",
        "The active player is now B",
    ]
    assert play.rec("A1", "activated") and play.state.current_step.id == "choose" and play.state.active == 1
    play.act("activate", ship="B1")
    for _ in range(3):
        play.act("next-step")
    assert play.rec("B1", "activated") and play.state.current_step.id == "activated"
    play.act("next-step")
    assert play.state.current_phase.id == "end"


def test_the_activation_steps_are_left_early_only_as_a_table_decision() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("next-step")
    assert play.state.current_step.id == "choose"  # no ship activated: next-step says so at step 1 (pz8 §2)
    refusal = play.refused("next-step")
    assert refusal == ("Every Spaceship is activated each turn; not activated yet: Alpha 1 (#1), Alpha 2 (#2), "
                       "Bravo 1 (#3), Bravo 2 (#4) (pz8 §2); do it with activate. The table may set it aside as a "
                       "logged decision: override “activations-left”, giving the reason")
    assert play.refused("next-step", force=True) == refusal  # force is for the players' own items
    events = play.act("override", obligation="activations-left", reason="the fleets disengage")
    assert "Table decision" in events[0].text and "the fleets disengage" in events[0].text
    for _ in range(4):
        play.act("next-step")  # choose, move, fire, torpedo -> activated
    assert "Not activated yet: Alpha 1 (#1), Alpha 2 (#2), Bravo 1 (#3), Bravo 2 (#4)" in texts(play.log[-1])
    play.act("next-step")
    assert play.state.current_phase.id == "end"
    assert "this turn's are over" in play.refused("activate", ship="A1")


def test_end_of_turn_clears_the_marks_and_the_next_turn_starts_fresh() -> None:
    play = Play.sides(1, 1, asteroids="1", drift="SW").start(5, 2)
    play.activation("A1", ("move", (), {"ship": "A1", "mps": "F F R"}), ("launch-torpedo", (), {"ship": "A1"}))
    play.activation("B1")
    assert play.rec("A1", "mps") == 3
    events = play.act("next-step")  # End of turn: the players move t1 (pz8 §5)
    assert events[-1].text.startswith("End of turn: Torpedoes · 1/1: Move every Torpedo salvo 6 hexes toward")
    events = play.act("next-step")  # they shift a1 along the drift arrow (pz8 §6)
    assert events[0].text == "Done: " + play.state.sequence[3].steps[0].text
    assert events[-1].text.startswith("End of turn: asteroids · 1/1: Shift every asteroid one hex")
    events = play.act("next-step")  # the asteroid item ticked, then clear
    assert events[0].text.startswith("Done: Shift every asteroid")
    assert [e.text for e in events[2:]] == [
        "Alpha 1 (#1) Activated: yes → no, end of turn 1",
        "Alpha 1 (#1) MPs: 3 → 6 (+3), end of turn 1",
        "Bravo 1 (#2) Activated: yes → no, end of turn 1",
        "end of turn 1: the next activation steps follow the initiative (pz8 §2)",
    ]
    assert not play.rec("A1", "activated") and play.rec("A1", "mps") == 6 and play.state.extra["step"] is None
    events = play.act("next-step")  # victory check
    assert "Victory check: Spaceships left: A 1, B 1. The battle goes on." in texts(events)
    events = play.act("next-step")
    s = play.state
    assert (s.turn, s.current_step.id) == (2, "roll")
    assert [e.kind for e in events] == ["turn-started", "step-entered", "noted"]
    assert "Turn 2, Spaceships: A 1, B 1. Roll the initiative" in events[-1].text
    assert "Turn 2 has no initiative yet" in play.refused("activate", ship="A1")
    play.act("roll-initiative", 2, 6)
    play.activation("B1")
    assert play.state.extra["torpedoes"][0]["id"] == "t1"


def test_asteroids_first_setting_swaps_the_end_of_turn_prompts() -> None:
    play = Play.sides(1, 1, asteroids="1", end_of_turn_order="asteroids_first").start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1", "where": "C3"}))
    play.activation("B1")
    play.act("next-step")
    assert play.state.current_phase.id == "end-asteroids-first"
    assert "no direction is recorded yet (set-drift, e.g. NE) (pz8 §6)" in play.refused("next-step")
    play.act("set-drift", direction="NE")
    play.act("next-step")
    assert play.state.current_phase.id == "end-torpedoes"
    play.act("next-step")  # the asteroids moved first: no asteroid step after the Torpedoes
    assert (play.state.current_phase.id, play.state.current_step.id) == ("end", "clear")


def test_victory_check_ends_the_game_when_a_side_has_no_ships() -> None:
    play = Play.sides(2, 1).start(5, 2)
    play.act("activate", ship="A1")
    events = play.act("fire", 4, 6, 6, 1, 1, ship="A1", target="B1", distance=3)
    assert "B has no Spaceships left: the victory check at the end of the turn ends the game" in texts(events)
    play.act("end-activation")
    play.activation("A2")
    assert play.state.current_step.id == "activated"
    for _ in range(2):
        play.act("next-step")  # no counter on the table: Activated chits, victory check
    s = play.state
    assert s.finished and s.winner == "A" and s.result == "A wins: B has no Spaceships left"
    assert "has ended" in play.refused("next-step")


def test_a_draw_when_both_sides_are_gone() -> None:
    play = Play.sides(1, 1, asteroids="1", drift="E").start(5, 2)
    play.act("asteroid-collision", asteroid="a1", target="A1")
    play.act("asteroid-collision", asteroid="1", target="Bravo 1")
    for _ in range(8):  # the activation steps, the asteroid step (a1 is on the table), clear, victory
        play.act("next-step", force=True)
    assert play.state.current_step.id == "victory" and play.state.finished
    assert play.state.result == "Draw: no Spaceships left on either side" and play.state.winner is None


def test_names_ending_in_s_take_the_possessive_english_writes() -> None:
    play = Play([squadron("Alpha", "Jess", 2, "A"), squadron("Bravo", "Kassarians", 2, "B")]).start(5, 2)
    assert "it is Jess's activation step: Jess activates 1 more ship" in play.refused("activate", ship="B1")
    play.activation("A1")
    assert "it is Kassarians' activation step: Kassarians activates 1 more ship" in play.refused(
        "activate", ship="A2")
