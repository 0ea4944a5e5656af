"""What pz8 requires before the game goes on (pz8 §2): the initiative before any activation, and every
Spaceship activated before the activation steps are left. Each is refused with what to do, and the
table may set it aside for the turn as a logged decision. `advance` stops at them too."""

from __future__ import annotations

from played_game import PlayedGame
from test_pz8_support import Play, engine, squadron

from mstracker.game import Action
from mstracker.game.plugin import Acting

NO_INITIATIVE = ("Turn 1 has no initiative yet: each side rolls 1D6, the higher activates first (ties are rolled "
                 "again), before any ship is activated (pz8 §2); do it with roll-initiative. The table may set it "
                 "aside as a logged decision: override “initiative”, giving the reason")


def test_no_ship_moves_or_fires_and_the_turn_does_not_go_on_before_the_initiative() -> None:
    play = Play.sides(2, 2)
    play.act("next-step")
    [obligation] = play.eng.obligations(play.state)
    assert (obligation.id, obligation.cite, obligation.resolve) == ("initiative", "pz8 §2", "roll-initiative")
    assert play.refused("activate", ship="A1") == NO_INITIATIVE
    legal = {a.kind: a for a in play.eng.legal_actions(play.state)}
    assert legal["activate"].reason == NO_INITIATIVE and not legal["fire"].allowed
    assert legal["roll-initiative"].allowed and legal["roll-initiative"].expected
    assert legal["next-step"].allowed  # it rolls the initiative (see test_next_step_rolls_the_initiative)
    play.act("roll-initiative", 5, 2)
    assert play.eng.obligations(play.state) == ()
    play.act("activate", ship="A1")


def test_next_step_rolls_the_initiative_with_its_declared_dice_as_roll_initiative_does() -> None:
    """The roll step is automatic in the checklist, and `n` does it: its dice are declared before the roll
    (typed faces are asked for, the app's shown), and the same faces give what roll-initiative gives."""
    by_step, by_action = Play.sides(2, 2), Play.sides(2, 2)
    by_step.act("next-step")
    by_action.act("next-step")
    plan = by_step.eng.dice_plan(by_step.state, Action("next-step", {}))
    assert plan is not None and [n.sides for n in plan.needs][:2] == [6, 6] and "initiative" in plan.needs[0].purpose
    events = by_step.act("next-step", 2, 5)
    by_action.act("roll-initiative", 2, 5)
    assert by_step.state.extra["initiative"] == by_action.state.extra["initiative"]
    assert by_step.state.extra["initiative"]["winner"] == 1 and by_step.state.current_step.id == "quota"
    assert [e.data["rolls"] for e in events if e.kind == "initiative"] == [[[2, 5]]]
    assert "Note: Activations per step: A 1, B 1. Order this turn: B 1 → A 1 → B 1 → A 1." in [e.text for e in events]
    assert [r["faces"] for r in events[-1].data["rolls"]] == [[2], [5]]  # the dice, logged as every roll's
    assert by_step.eng.obligations(by_step.state) == ()


def test_nobody_acts_before_the_initiative_and_its_winner_acts_after() -> None:
    play = Play.sides(2, 2)
    play.act("next-step")
    assert play.eng.acting(play.state) == Acting(())  # the banner names no side before the roll (pz8 §2)
    play.act("roll-initiative", 2, 5)  # the second side rolls higher and starts
    assert play.eng.acting(play.state) == Acting((1,))


def test_advance_from_set_up_stops_where_the_initiative_is_due() -> None:
    play = Play.sides(2, 2)
    events = play.act("advance")
    assert (play.state.turn, play.state.current_step.id) == (1, "roll")
    assert events[-1].text.startswith("Note: Turn 1, Spaceships: A 2, B 2. Roll the initiative")


def test_the_table_may_set_the_initiative_aside_for_the_turn() -> None:
    play = Play.sides(2, 2)
    play.act("next-step")
    events = play.act("override", obligation="initiative", reason="the scenario gives A the first move")
    assert events[0].text.startswith("Table decision: set aside for this turn — Turn 1 has no initiative yet")
    events = play.act("next-step")
    assert events[-1].text == "Note: The initiative was set aside by the table this turn: any side may activate its ships."
    play.act("next-step")
    events = play.act("activate", ship="B2")  # no step order without an initiative
    assert events[0].text == "B activates Bravo 2 (#4)"
    play.act("end-activation")
    for ship in ("A1", "A2", "B1"):
        play.activation(ship)
    for _ in range(3):
        play.act("next-step")  # no counter on the table: Activated chits, victory check, turn 2
    assert play.state.turn == 2 and [o.id for o in play.eng.obligations(play.state)] == ["initiative"]


def test_the_activation_steps_are_left_only_when_every_ship_was_activated() -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.act("next-step")  # quota -> choose
    play.activation("A1")
    assert play.state.current_step.id == "choose"  # B1 waits: next-step says so at once, not 4 steps on
    [obligation] = play.eng.obligations(play.state)
    assert (obligation.id, obligation.resolve, obligation.blocks) == ("activations-left", "activate",
                                                                      frozenset({"next-step"}))
    assert play.refused("next-step").startswith("Every Spaceship is activated each turn; not activated yet: "
                                                "Bravo 1 (#2) (pz8 §2); do it with activate.")
    legal = play.eng.legal_action(play.state, "activate")
    assert legal.allowed and legal.expected and legal.actor == "2"  # the ship that must still act
    play.activation("B1")
    assert play.eng.obligations(play.state) == ()
    play.act("next-step")
    assert play.state.current_phase.id == "end"


def test_advance_does_not_run_past_ships_waiting_to_be_activated() -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.act("next-step")  # quota -> choose
    play.activation("A1")
    assert play.state.current_step.id == "choose"  # B1 waits, none is activated: neither goes on
    assert play.refused("advance").startswith("Every Spaceship is activated each turn; not activated yet: Bravo 1")
    assert play.refused("next-step") == play.refused("advance")
    play.act("override", obligation="activations-left", reason="Bravo 1 holds back")
    play.act("advance")  # choose is the players' own: it goes on to the next of their items
    assert play.state.current_step.id == "move"
    play.act("next-step")  # -> fire
    play.act("next-step")  # -> torpedo
    events = play.act("advance")  # the last activation step notes B1; the end of turn runs by itself (nothing
    # on the table); turn 2 stops where its initiative is due
    assert "Note: Not activated yet: Bravo 1 (#2)." in [e.text[:38] for e in events]
    assert (play.state.turn, play.state.current_step.id) == (2, "roll")


def test_an_obligation_blocks_only_while_it_stands() -> None:
    play = Play.sides(2, 2)
    assert play.eng.obligations(play.state) == ()  # set-up
    play.act("next-step")
    play.act("roll-initiative", 1, 6)
    assert play.eng.obligations(play.state) == ()
    plan = play.eng.dice_plan(play.state, Action("next-step", {}))
    assert plan is None  # the next step (the activation steps) rolls nothing


def test_with_require_move_the_activated_ship_moves_before_it_fires_or_ends() -> None:
    # pz8 §3: "Each Spaceship must expend at least 1 MP during its activation"; §4: firing comes after the move
    play = Play.sides(2, 2, require_move="true").start(5, 2)
    play.act("activate", ship="A1")
    refusal = play.refused("fire", 6, ship="A1", target="B1", distance=2)
    assert refusal == ("Alpha 1 (#1) moves before it fires or its activation ends: at least 1 MP, the first one "
                       "forward (the game's settings ask the app to hold the table to it) (pz8 §3); do it with move. "
                       "The table may set it aside as a logged decision: override “move-first”, giving the reason")
    assert play.refused("end-activation") == refusal and play.refused("next-step") == refusal
    assert play.eng.legal_action(play.state, "launch-torpedo").reason == refusal
    assert "The first MP must move the ship forward" in play.refused("move", ship="A1", mps="R")
    play.act("move", ship="A1", mps="F")
    assert play.eng.obligations(play.state) == ()
    play.act("fire", 1, ship="A1", target="B1", distance=2)
    play.act("fire-back", 1)  # the ship shot at is not held by the mover's obligation


def test_by_default_the_book_holds_each_activation_to_its_move() -> None:
    # pz8 §3 is explicit, so the book's setting is on; a table may switch it off as a house rule
    assert engine().ruleset.settings["require_move"].value is True
    play = Play.sides(2, 2, require_move=True).start(5, 2)
    assert play.state.settings["require_move"] is True
    book = PlayedGame(engine(), [squadron("Alpha", "A", 2, "A"), squadron("Bravo", "B", 2, "B")], {})
    assert book.state.settings["require_move"] is True  # a game made without settings takes the book's


def test_with_the_house_rule_the_move_is_the_table_s_to_keep() -> None:
    play = Play.sides(2, 2, require_move="false").start(5, 2)
    play.act("activate", ship="A1")
    assert play.eng.obligations(play.state) == ()
    play.act("fire", 1, ship="A1", target="B1", distance=2)


def test_the_fleet_headers_name_nobody_active_before_the_initiative() -> None:
    from mstracker.tui.widgets.fleet_column import player_content

    play = Play.sides(2, 2)
    play.act("next-step")
    heads = [player_content(play.state, i, play.eng.spec, play.eng.acting(play.state).players).plain for i in (0, 1)]
    assert not any("active" in h or "▶" in h for h in heads)  # pz8 §2: the roll decides who starts
    play.act("roll-initiative", 2, 5)
    heads = [player_content(play.state, i, play.eng.spec, play.eng.acting(play.state).players).plain for i in (0, 1)]
    assert "▶" not in heads[0] and heads[1].startswith("▶ ") and "active" in heads[1]


def test_the_end_of_turn_names_every_side_not_the_last_activation_s() -> None:
    from mstracker.tui.widgets.fleet_column import player_content

    play = Play.sides(1, 1, asteroids="1").start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1", "where": "C3"}))
    play.activation("B1")
    assert play.eng.acting(play.state) == Acting((play.state.active,))
    play.act("next-step")
    assert play.state.current_phase.id == "end-torpedoes"
    # every side's Torpedoes move and hit at the end of the turn (pz8 §5): no "▶ B active" while A's salvo acts
    assert play.eng.acting(play.state) == Acting((0, 1), together=True)
    heads = [player_content(play.state, i, play.eng.spec, play.eng.acting(play.state).players).plain for i in (0, 1)]
    assert all(h.startswith("▶ ") for h in heads)
