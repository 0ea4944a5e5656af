"""Legal actions: what a lukas player may do now, why not, and where each form starts (the ship that must
act, its first ready weapon, the marked or only legal target), and the checklist items actions tick."""

from __future__ import annotations

from test_lukas_fixtures import act, decide, engine, new, own_turn, refused, to_turn

from mstracker.game.actions import StepRole

ANN_TURN = lambda k: own_turn(0, k)  # noqa: E731
BOB_TURN = lambda k: own_turn(1, k)  # noqa: E731
PHASE_REFUSAL = ("ships act in the Ship action phase (lukas §1.b), not in {}: go on with next-step or advance")


def test_ships_act_in_the_ship_action_phase_only() -> None:
    eng = engine()
    s = act(eng, new(eng), "next-step")  # turn 1, Before the game
    assert refused(eng, s, "fire", (12, 6), ship="Bull", weapon="w1", target="Ram") == PHASE_REFUSAL.format("Before the game")
    assert eng.legal_action(s, "boost").reason == PHASE_REFUSAL.format("Before the game")
    s = act(eng, to_turn(eng, s, 1), "fire", (1,), ship="Bull", weapon="w1", target="Ram", in_range=True)
    s = to_turn(eng, s, 1, "end_of_turn")
    while s.current_step.id != "objectives":  # after the weapons are cleared for the next turn
        s = act(eng, s, "next-step")
    assert refused(eng, s, "fire", (12, 6), ship="Bull", weapon="w1", target="Ram") == PHASE_REFUSAL.format("End of turn")


def test_the_form_starts_from_the_ship_being_handled_and_its_first_ready_weapon() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    fire = eng.legal_action(s, "fire")
    assert (fire.actor, fire.weapon, fire.target) == ("1", "w2", None)  # the Beam is not announced: w2
    assert fire.actors == ("1", "2", "3", "4", "5", "6") and fire.targets == ("7", "8", "9", "10", "11", "12")
    s = act(eng, s, "fire", (1,), ship="Bull", weapon="w1", target="Ram", in_range=True)
    fire = eng.legal_action(s, "fire", prefer="5")
    assert (fire.actor, fire.weapon) == ("5", "w1")
    fire = eng.legal_action(s, "fire")  # Bull is being handled: it attacks this turn and w2 is still ready
    assert (fire.actor, fire.weapon, fire.actors[:2]) == ("2", "w2", ("2", "1"))
    s = act(eng, s, "fire", (1,), ship="Bull", weapon="w2", target="Ram", in_range=True)
    assert "2" not in eng.legal_action(s, "fire").actors
    assert eng.legal_action(s, "fire", prefer="2").actor == "1"  # a spent ship is not offered


def test_a_ready_beam_fires_at_its_announced_target_and_a_marked_target_gets_a_weapon_that_can_hit_it() -> None:
    eng = engine()
    s = act(eng, to_turn(eng, new(eng), ANN_TURN(1)), "announce-beam", ship="Anvil", target="Titan")
    assert eng.legal_action(s, "fire-beam").reason == ("no Beam of yours was announced last turn (lukas §3.b Beam): "
                                                      "announce-beam first")
    s = to_turn(eng, s, ANN_TURN(2))
    beam = eng.legal_action(s, "fire-beam")
    assert (beam.allowed, beam.actor, beam.weapon, beam.target) == (True, "1", "w1", "7")
    fire = eng.legal_action(s, "fire")
    assert (fire.actor, fire.weapon, fire.target) == ("1", "w1", "7")  # the ready Beam first: it lapses unfired
    marked = eng.legal_action(s, "fire", marked="8")
    assert (marked.weapon, marked.target) == ("w2", "8")
    assert eng.legal_action(s, "fire", marked="7").weapon == "w1"
    announce = eng.legal_action(s, "announce-beam")
    assert (announce.actor, announce.weapon) == ("1", "w1")


def test_only_the_targets_the_rules_allow() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    infiltrate = eng.legal_action(s, "infiltrate")
    assert (infiltrate.actor, infiltrate.targets) == ("5", ("7", "8", "10", "12"))  # frigates and capitals only
    s = act(eng, s, "infiltrate", ship="Sneak", target="Ram", distance=3)
    s = act(eng, s, "fire", (12, 12), ship="Bull", weapon="w2", target="Wasp", in_range=True)  # Wasp destroyed
    assert eng.legal_action(s, "fire").targets == ("7", "8", "10", "11", "12")
    s = to_turn(eng, s, BOB_TURN(1))
    halt = eng.legal_action(s, "halt-infiltration")
    assert (halt.allowed, halt.actors, halt.target, halt.targets) == (True, ("10", "12"), "8", ("8",))
    assert eng.legal_action(s, "infiltrate").targets == ("1", "2", "3", "5", "6")


def test_a_ship_docks_in_a_hangar_with_room() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    dock = eng.legal_action(s, "dock")
    assert (dock.actor, dock.actors, dict(dock.prefill)) == ("2", ("2", "3", "4", "5", "6"), {"host": "1"})
    assert dock.defaults(["ship", "host"]) == {"ship": "2", "host": "1"}
    s = act(eng, s, "dock", ship="Bull", host="Anvil")
    s = act(eng, s, "dock", ship="Shield", host="Anvil")
    assert eng.legal_action(s, "dock").actors == ("4",)  # room for frigates 2/2 is gone; the strike craft fits
    release = eng.legal_action(s, "release")
    assert (release.allowed, release.actors) == (True, ("2", "3"))


def test_when_nobody_may_act_the_reason_is_in_the_books_words() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    assert eng.legal_action(s, "cargo").reason == "no ship of yours has Cargo Transport (lukas §4.e)"
    assert eng.legal_action(s, "release").reason == "no ship of yours is docked"
    assert eng.legal_action(s, "halt-infiltration").reason == ("none of your ships is being infiltrated, or no "
                                                               "infiltration frigate is free (lukas §4.c)")
    assert eng.legal_action(s, "roll-order").reason == "the order of turns is decided: Ann, then Bob (undo roll-order to decide again)"
    strict = to_turn(eng, new(eng, {"hangar_early_release": False}), ANN_TURN(1))
    assert eng.legal_action(strict, "release").reason == (
        "docked ships leave only when their time is up; a docked ship may leave its hangar before its time is up, not "
        "repaired (the release action; the book has no such move): no — your house rule")


def test_actions_tick_the_checklist_items_they_do_and_only_moving_is_the_players_own() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    roles = {step.id: eng.step_role(step) for step in s.current_phase.steps}
    assert roles == {"mode": StepRole.TRACKED, "move": StepRole.MANUAL, "attack": StepRole.TRACKED,
                     "announce": StepRole.TRACKED}
    assert [step.id for _, step in eng.unticked(s)] == ["move"]
    events = decide(eng, s, "fire", (1,), ship="Bull", weapon="w1", target="Ram", in_range=True)
    assert [(e.kind, e.data.get("step_id")) for e in events[-2:]] == [("ticked", "mode"), ("ticked", "attack")]
    expected = {a.kind for a in eng.legal_actions(s) if a.expected}
    assert expected == {"choose-mode", "fire", "fire-beam", "boost", "infiltrate", "halt-infiltration"}  # step: mode
