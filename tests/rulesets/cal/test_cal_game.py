"""Whole cal games: every action through the store with undo and redo, a full game from the sample fleets."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from test_cal_actions import BLUE, RED
from test_cal_helpers import RULESET, Game, engine

from mstracker.dice import RngFaces, TypedFaces
from mstracker.game import Action, GameState, report_markdown
from mstracker.game.report import battle_report
from mstracker.store.games import GameStore
from mstracker.store.fleets import load_roster, sample_fleets


class Const:
    """Every die shows the same face (capped at its sides): for walking automatic steps."""

    def __init__(self, face: int) -> None:
        self.face = face

    def next_face(self, sides: int) -> int:
        return min(self.face, sides)


# (action kind, faces: a tuple typed in or an int every die shows, args); "to" walks the checklist.
TOUR: list[tuple[str, Any, dict[str, Any]]] = [
    ("set-course", (), {"ship": "DD-1", "course": "d1=1"}),
    ("set", (), {"target": "CV-1", "key": "d1.track", "value": "Fighter ready, Bomber ready"}),
    ("set", (), {"target": "CA-1", "key": "d1.track", "value": "Torpedo ready"}),
    ("set", (), {"target": "FFA-1", "key": "d1.track", "value": "Assault Craft ready, Assault Craft ready"}),
    ("set", (), {"target": "CV-1", "key": "crew", "value": "2"}),
    ("to", 3, {"phase": "ordnance", "step": "ready"}),
    ("ready-ordnance", (), {"ship": "DD-1", "ordnance": "torpedo"}),
    ("unready", (), {"ship": "FFA-1", "ordnance": "assault", "count": 1}),
    ("to", 3, {"phase": "gunnery", "step": "weapons"}),
    ("fire", (6, 1), {"ship": "CA-1", "weapon": "beam", "target": "K-1", "distance": 4}),
    ("to", 3, {"phase": "gunnery", "step": "launch"}),
    ("launch", (), {"ship": "CV-1", "ordnance": "fighter"}),
    ("launch", (), {"ship": "CV-1", "ordnance": "bomber"}),
    ("launch", (), {"ship": "CA-1", "ordnance": "torpedo"}),
    ("launch", (), {"ship": "FFA-1", "ordnance": "assault"}),
    ("to", 3, {"phase": "movement", "step": "move"}),
    ("ram", 3, {"ship": "FFAA-1", "other": "K-1"}),
    ("to", 3, {"phase": "movement", "step": "ftl"}),
    ("ftl-power-up", (), {"ship": "CV-1"}),
    ("ftl-power-up", (), {"ship": "FFA-1"}),
    ("ftl-power-down", (), {"ship": "FFA-1"}),
    ("course", (), {"ship": "DD-1", "spend": "1 2"}),
    ("to", 3, {"phase": "interphase", "step": "damage_control"}),
    ("damage-control", (5,), {"ship": "K-1", "choice": "repair", "system": "sensors offline"}),
    ("rally", (4,), {"ship": "FFAA-1"}),
    ("to", 3, {"phase": "ordnance", "step": "move_fighters"}),
    ("intercept", (2,), {"token": "o1", "target": "o3"}),
    ("recall", (), {"token": "o1"}),
    ("to", 3, {"phase": "gunnery", "step": "point_defence"}),
    ("point-defence", (1,), {"ship": "FFAA-1", "token": "o4", "distance": "1"}),
    ("to", 3, {"phase": "gunnery", "step": "ordnance_attacks"}),
    ("ordnance-attack", (), {"token": "o4", "target": "DD-1"}),
    ("remove-ordnance", (), {"token": "o2", "reason": "left the board"}),
    ("set", (), {"target": "FFAA-1", "key": "round_damage", "value": "40"}),
    ("to", 6, {"phase": "damage", "step": "resolve_damage"}),  # Major 12: Reactor Breach
    ("blast", (3, 4), {"ship": "FFAA-1", "targets": "DD-1"}),
    ("to", 3, {"phase": "movement", "step": "ftl"}),
    ("jump", (), {"ship": "CV-1"}),
    ("cc-check", (), {}),
]


def faces_for(faces: Any) -> Any:
    return Const(faces) if isinstance(faces, int) else TypedFaces(faces)


def play_tour(perform: Any, state: Any) -> list[str]:
    """Run TOUR through `perform(action, faces)`; `state()` gives the live state. Returns the kinds done."""
    done = []
    for kind, faces, args in TOUR:
        if kind != "to":
            perform(Action(kind, args), faces_for(faces))
            done.append(kind)
            continue
        for _ in range(40):
            s = state()
            if s.current_phase and s.current_phase.id == args["phase"] and s.current_step.id == args["step"]:
                break
            perform(Action("next-step", {"force": True}), faces_for(faces))
            done.append("next-step")
        else:
            raise AssertionError(f"never reached {args}")
    return done


def test_every_cal_action_undoes_and_redoes_exactly_through_the_store(tmp_path: Path) -> None:
    eng = engine()
    with GameStore(tmp_path / "games.db", engine_factory=lambda rid: eng) as store:
        game_id = store.create_game("Tour", RULESET, [RED, BLUE], {"phase_play": "once"})  # the rules tour
        handle = store.open_game(game_id)

        def perform(action: Action, faces: Any) -> None:
            before = handle.state.to_json()
            handle.perform(action, faces)
            after = handle.state.to_json()
            assert after != before or action.kind == "cc-check", action  # a C&C count may change nothing
            handle.undo()
            assert handle.state.to_json() == before, f"undo of {action.kind} did not restore the state"
            handle.redo()
            assert handle.state.to_json() == after, f"redo of {action.kind} did not restore the state"

        kinds = set(play_tour(perform, lambda: handle.state))
        cal_kinds = {s.kind for s in eng.plugin.action_specs()}
        assert cal_kinds <= kinds, cal_kinds - kinds
        live = handle.state
        assert live.ships["3"].record["destroyed"] and live.ships["4"].record["jumped"]
        assert live.ships["1"].record["crew"] == -1 and live.ships["1"].record["boarders"] == 1
        handle.close()
        with store.open_game(game_id) as reopened:  # resume = fold the log again
            assert reopened.state == live
            log_kinds = {e.kind for e in reopened.events()}
        assert {"round-started", "tracks-moved", "ftl-moved", "fire-roll", "damage-resolved", "shots-reset",
                "fire-added", "cc-checked"} <= log_kinds


def test_the_tour_replays_exactly_from_its_log() -> None:
    g = Game(RED, BLUE)

    def perform(action: Action, faces: Any) -> None:
        events = g.eng.decide(g.state, action, faces)
        g.log.append(events)
        g.states.append(g.eng.apply(g.state, events))

    play_tour(perform, lambda: g.state)
    g.check_replay()
    live = g.state  # the tour's end, as in the store test above: replay must reproduce these values
    assert live.ships["3"].record["destroyed"] and live.ships["4"].record["jumped"]
    assert live.ships["1"].record["crew"] == -1 and live.ships["1"].record["boarders"] == 1


def play_full_game(seed: int) -> tuple[Game, GameState]:
    """Cruiser Squadron against the Convoy, every die from a seeded rng: the cruisers shoot at the
    nearest convoy ship, the convoy powers FTL and jumps when it can; blasts hit nobody."""
    samples = {p.stem: load_roster(p) for p in sample_fleets("cal")}
    g = Game(samples["cruiser-squadron"], samples["convoy"])
    rng = RngFaces(random.Random(seed))

    def act(kind: str, **args: Any) -> None:
        events = g.eng.decide(g.state, Action(kind, args), rng)
        g.log.append(events)
        g.states.append(g.eng.apply(g.state, events))

    def alive(owner: int) -> list[Any]:
        return [s for s in g.state.ships_of(owner) if not (s.record["destroyed"] or s.record["jumped"])]

    def blasts() -> None:
        for s in list(g.state.ships.values()):
            if s.record["blast"] and not g.state.finished:
                act("blast", ship=s.id, targets="none")

    def controls() -> None:
        """Damage Control where it is due, from the form's defaults (the contract's legal action)."""
        while not g.state.finished and any(o.id.startswith("damage-control:") for o in g.eng.obligations(g.state)):
            legal = g.eng.legal_action(g.state, "damage-control")
            args = legal.defaults(["ship", "choice", "system"])
            if "choice" in args:
                act("damage-control", **args)
            else:
                act("rally", ship=legal.actor)

    def step() -> None:
        blasts()
        controls()
        act("next-step", force=True)

    for _ in range(12):
        if g.state.finished:
            break
        step()  # into the round
        while not g.state.finished and g.state.current_phase.id != "gunnery":
            blasts()
            if g.state.current_phase.id == "ordnance" and g.state.current_step.id == "ready":
                for s in alive(0):
                    for item in s.items:
                        if item.kind == "device" and item.name == "Torpedoes" and not item.record["track"]:
                            act("ready-ordnance", ship=s.id, ordnance="torpedo", count=item.record["bays"])
            step()
        blasts()
        for s in alive(0):
            targets = alive(1)
            for item in s.items:
                if g.state.finished or item.name not in ("Beam", "Projectile") or item.record["damaged"] or not targets:
                    continue
                if s.record["weapons_offline"]:
                    continue
                act("fire", ship=s.id, weapon=item.id, target=targets[0].id, distance=1)
        for s in alive(1):
            if not g.state.finished and s.items and s.items[0].name == "Beam" and not s.record["weapons_offline"] \
                    and not s.items[0].record["damaged"]:
                act("fire", ship=s.id, weapon="beam", target=alive(0)[0].id, distance=1)
        while not g.state.finished and g.state.current_phase.id != "movement":
            blasts()
            step()
        blasts()
        for s in alive(1):
            if g.state.finished:
                break
            if not s.record["ftl_powered"]:
                act("ftl-power-up", ship=s.id)
            elif s.record["ftl"] == 0:
                act("jump", ship=s.id)
        while not g.state.finished and g.state.current_step.id != "alter_course":
            step()
        if not g.state.finished:
            step()
    return g, g.state


def test_a_full_game_from_the_sample_fleets_ends_with_a_winner() -> None:
    g, state = play_full_game(7)
    assert state.finished and state.winner == "Red", state.result
    assert "last side with ships on the board" in state.result
    convoy = [s for s in state.ships.values() if s.owner == 1]
    assert all(s.record["destroyed"] or s.record["jumped"] for s in convoy)
    assert any(s.record["jumped"] for s in convoy)
    assert 3 <= state.turn <= 6
    g.check_replay()
    report = battle_report(g.eng, g.events())
    assert report["winner"] == "Red" and report["dice_rolled"] > 20
    text = report_markdown(report)
    assert "Round damage 14 against SS 4" in text and "Star of Avalon (#7) jumps out" in text
    assert "## Losses" in text and "Winner: **Red**" in text
