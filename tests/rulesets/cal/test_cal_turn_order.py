"""Phase by player in cal (cal §Sequence of Play: "each player performs each phase in order"; phases
without interaction may be done together): who acts, what next-step does for each player, and what is
refused out of turn."""

from __future__ import annotations

import pytest
from test_cal_actions import BLUE, RED
from test_cal_helpers import Game

from mstracker.game import Action, InvalidAction
from mstracker.game.plugin import Acting
from played_game import FaceQueue

RED_P, BLUE_P = 0, 1


def in_turn(**settings: object) -> Game:
    return Game(RED, BLUE, phase_play=settings.pop("phase_play", "in turn"), **settings)


def until(g: Game, phase: str, step: str, player: int, faces: tuple[int, ...] = ()) -> None:
    """next-step until `player` does `step` of `phase` (faces to the automatic steps on the way)."""
    queue = FaceQueue(faces)
    for _ in range(80):
        s = g.state
        if s.current_phase and (s.current_phase.id, s.current_step.id, s.active) == (phase, step, player):
            assert not queue.faces, queue.faces
            return
        g.skip_controls()
        g.do(Action("next-step", {"force": True}), queue)
    raise AssertionError(f"never reached {phase}/{step} for player {player}")


def test_each_player_does_the_ordnance_phase_in_turn_and_starts_it_unticked() -> None:
    g = in_turn()
    g.act("next-step")  # round 1 starts at the Ordnance phase (the Interphase is skipped)
    assert (g.state.current_phase.id, g.eng.acting(g.state)) == ("ordnance", Acting((RED_P,)))
    steps = len(g.state.current_phase.steps)
    for _ in range(steps - 1):
        g.act("next-step")
    assert g.state.current_step.id == "recall" and g.state.active == RED_P
    last = g.act("next-step")  # past Red's last step: Blue does the phase from its first step
    assert (g.state.current_phase.id, g.state.step, g.state.active, g.state.ticked) == ("ordnance", 0, BLUE_P, ())
    assert last[-1].text.startswith("Blue: 1. Ordnance · 1/8")
    # Blue readies on its own ships; Red's are refused in Blue's part, naming whose part it is and the book
    g.act("ready-ordnance", ship="CV-1", ordnance="fighter", count=1)
    refused = g.refused("ready-ordnance", ship="DD-1", ordnance="torpedo", count=1)
    assert "it is Blue's part of 1. Ordnance; Red does it in turn" in refused and "cal §Sequence of Play" in refused
    g.check_replay()


def test_gunnery_steps_go_round_the_players_so_one_next_step_closes_no_step_for_the_other() -> None:
    """The playtest: Cyd's next-step past weapons fire refused Dee's gun. Now each step is each player's in turn."""
    g = in_turn()
    until(g, "gunnery", "weapons", RED_P)
    g.act("fire", 4, 2, ship="CA-1", weapon="beam", target="K-1", distance=4)
    assert "Red's part of 2. Gunnery" in g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    g.act("next-step")  # Red has fired: the same step is Blue's
    assert (g.state.current_step.id, g.state.active, g.eng.acting(g.state).players) == ("weapons", BLUE_P, (BLUE_P,))
    g.act("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    assert g.rec("DD-1")["round_damage"] == 4 and g.rec("K-1")["round_damage"] == 8
    g.act("next-step")  # Blue has fired too: point defence, Red first
    assert (g.state.current_step.id, g.state.active) == ("point_defence", RED_P)
    # the acting side's ships are where the forms start
    assert g.eng.legal_action(g.state, "fire").allowed is False
    g.check_replay()


def test_the_forms_start_on_the_acting_sides_ships() -> None:
    g = in_turn()
    until(g, "gunnery", "weapons", BLUE_P)
    fire = g.eng.legal_action(g.state, "fire")
    assert fire.allowed and fire.actor == "5" and {g.state.ships[a].owner for a in fire.actors} == {BLUE_P}
    assert {g.state.ships[t].owner for t in fire.targets} == {RED_P}


def test_the_damage_phase_resolves_each_players_ships_in_their_own_part() -> None:
    g = in_turn()
    g.act("set", target="DD-1", key="round_damage", value="9")  # SS 35: the Minor table from 9
    g.act("set", target="K-1", key="round_damage", value="5")  # SS 20: the Minor table from 5
    until(g, "damage", "resolve_damage", RED_P, faces=(3, 4))  # Red's Destroyer rolls 7: Sparks and Smoke
    assert (g.rec("DD-1")["crew"], g.rec("DD-1")["ss"], g.rec("DD-1")["round_damage"]) == (-1, 26, 0)
    assert (g.rec("K-1")["crew"], g.rec("K-1")["round_damage"]) == (0, 5)  # Blue's part comes next
    until(g, "damage", "resolve_damage", BLUE_P, faces=(2, 5))
    assert (g.rec("K-1")["crew"], g.rec("K-1")["ss"], g.rec("DD-1")["crew"]) == (-1, 15, -1)
    g.check_replay()


def test_together_each_player_passes_the_shared_step_and_the_last_pass_moves_on() -> None:
    g = in_turn(phase_play="together where allowed")
    g.act("set", target="K-1", key="fire", value="1")
    until(g, "movement", "alter_course", BLUE_P)
    g.act("next-step")  # round 2: the Interphase, both players at once
    assert g.state.current_phase.id == "interphase" and g.eng.acting(g.state).together
    g.to("interphase", "damage_control", faces=(1,))  # Blue's Fire roll fails: the Fire stays
    assert g.eng.acting(g.state) == Acting((RED_P, BLUE_P), together=True)
    # Red passes; Blue's Damage Control due holds Blue back, not Red
    passed = g.act("next-step")
    assert [e.kind for e in passed] == ["passed"] and passed[0].text.endswith("waiting for Blue")
    assert g.state.current_step.id == "damage_control" and g.eng.acting(g.state).passed == (RED_P,)
    assert "has passed this step already" in g.refused("next-step", player="Red")
    assert "Wasp (#5) must make its Damage Control roll" in g.refused("next-step")
    g.act("damage-control", 4, ship="K-1", choice="fire")
    moved = g.act("next-step", player="Blue")
    assert moved[0].text.endswith("every player has passed") and g.state.current_step.id == "command_control"
    assert "passed" not in g.state.extra
    g.check_replay()


def test_the_interactive_phases_stay_in_turn_when_the_table_plays_together() -> None:
    g = in_turn(phase_play="together where allowed")
    g.act("next-step")
    assert g.eng.acting(g.state) == Acting((RED_P,))  # Ordnance: intercepts make it interactive


def test_once_plays_each_phase_once_for_both_sides_as_older_games_did() -> None:
    g = Game(RED, BLUE, phase_play="once")
    g.to("gunnery", "weapons")
    assert g.eng.acting(g.state) == Acting((RED_P, BLUE_P), together=True)
    g.act("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    g.act("next-step")
    assert g.state.current_step.id == "point_defence"


def test_a_pass_for_a_player_who_is_not_in_the_game_is_refused() -> None:
    g = in_turn(phase_play="together where allowed")
    until(g, "movement", "alter_course", BLUE_P)
    g.act("next-step")
    g.to("interphase", "damage_control")
    with pytest.raises(InvalidAction, match="no player 'Green'"):
        g.eng.decide(g.state, Action("next-step", {"player": "Green"}), None)


def test_next_step_naming_the_player_who_does_not_act_is_refused() -> None:
    g = in_turn()
    g.act("next-step")  # Red's part of the Ordnance phase
    assert "it is Red's part of 1. Ordnance: only they move it on" in g.refused("next-step", player="Blue")
    g.act("next-step", player="Red")
    assert (g.state.step, g.state.active) == (1, RED_P)
