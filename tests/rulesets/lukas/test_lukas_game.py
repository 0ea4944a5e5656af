"""Whole lukas games: undo/redo of every action type through the store, exact replay, a full game
from the sample fleets to a victory, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_lukas_fixtures import act, engine, item, new, rec, rosters, to_turn

from mstracker.cli import main
from mstracker.dice import TypedFaces
from mstracker.game import Action, Event, GameState, battle_report, report_markdown
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.store.games import GameStore

# Every lukas action kind, and turns whose automatic steps do every kind of bookkeeping.
# (kind, faces, args); ("to", turn, phase) walks the checklist with next-step force.
SCRIPT: list[tuple[Any, ...]] = [
    ("roll-order", (4, 4, 6, 1), {}),  # Ann 4, Bob 4: tied, both roll again: Ann 6, Bob 1, so Ann goes first
    ("to", 1, "ship_action"),
    ("choose-mode", (), {"ship": "Shield", "mode": "ability"}),
    ("announce-field-defense", (), {"ship": "Shield"}),
    ("boost", (), {"ship": "Shield"}),
    ("announce-beam", (), {"ship": "Anvil", "target": "Titan"}),
    ("infiltrate", (), {"ship": "Sneak", "target": "Ram", "distance": "3"}),
    ("fire", (4, 7), {"ship": "Hornet", "weapon": "Bombs", "target": "Titan", "subsystem": "engines", "in_range": "yes"}),
    ("fire", (12, 12), {"ship": "Bull", "weapon": "Heavy Turret", "target": "Wasp", "in_range": "yes"}),
    ("fire", (12, 6), {"ship": "Radar", "weapon": "w1", "target": "Guard", "comm_radar": "0", "in_range": "yes"}),
    ("dock", (), {"ship": "Bull", "host": "Anvil"}),
    ("to", 2, "ship_action"),
    ("halt-infiltration", (), {"ship": "Guard", "target": "Ram", "distance": "2"}),
    ("cargo", (), {"ship": "Courier", "delta": "2"}),
    ("choose-mode", (), {"ship": "Courier", "mode": "attack"}),
    ("fire", (5, 3), {"ship": "Titan", "weapon": "w1", "target": "Radar", "in_range": "yes"}),
    ("to", 3, "ship_action"),
    ("fire-beam", (12, 6, 6), {"ship": "Anvil"}),
    ("release", (), {"ship": "Bull"}),
    ("to", 4, "ship_action"),
    ("fire", (12, 6), {"ship": "Mole", "weapon": "w1", "target": "Shield", "inside_field": "yes", "in_range": "yes"}),
    ("to", 5, "ship_action"),
    ("set", (), {"target": "Titan", "key": "destroyed", "value": "yes"}),
    ("set", (), {"target": "Ram", "key": "destroyed", "value": "yes"}),
    ("set", (), {"target": "Mole", "key": "destroyed", "value": "yes"}),
    ("set", (), {"target": "Courier", "key": "destroyed", "value": "yes"}),
    ("set", (), {"target": "Guard", "key": "destroyed", "value": "yes"}),
    ("to", 6, "ship_upkeep"),  # the objective ends the game at the end of turn 5
]


def _steps(s: GameState, turn: int, phase: str) -> bool:
    return s.finished or (s.turn == turn and s.current_phase is not None and s.current_phase.id == phase)


def play(perform, state, script=SCRIPT):  # noqa: ANN001, ANN201
    """Run the script through `perform(action, faces)`; `state()` gives the state now. Yields each step."""
    for entry in script:
        if entry[0] == "to":
            _, turn, phase = entry
            while not _steps(state(), turn, phase):
                yield perform(Action("next-step", {"force": True}), TypedFaces([]))
            continue
        kind, faces, args = entry
        yield perform(Action(kind, args), TypedFaces(faces))


def test_replaying_the_log_gives_the_live_state_and_every_prefix_is_an_undo() -> None:
    eng = engine()
    created = eng.created_event(eng.new_game("Replay", rosters(), {}))
    log: list[list[Event]] = [[created]]
    states = [eng.replay([created])]

    def perform(action: Action, faces: TypedFaces) -> list[Event]:
        events = eng.decide(states[-1], action, faces)
        log.append(events)
        states.append(eng.apply(states[-1], events))
        return events

    kinds = {e.kind for events in play(perform, lambda: states[-1]) for e in events}
    final = states[-1]
    assert final.finished and final.winner == "Ann"
    for kind in ("mode-chosen", "ship-attacked", "ship-destroyed", "beam-announced", "beam-ready", "field-announced",
                 "field-on", "field-off", "boosted", "booster-markers", "docked", "left-hangar", "infiltration-declared",
                 "infiltration-halted", "infiltration-failed", "cargo-moved", "turn-cleared", "resource-changed",
                 "game-ended"):
        assert kind in kinds, kind
    flat = [e for events in log for e in events]
    assert eng.replay(flat) == final
    assert eng.replay([Event.from_json(json.loads(json.dumps(e.to_json()))) for e in flat]) == final
    for n in range(1, len(log)):
        prefix = [e for events in log[:n] for e in events]
        assert eng.replay(prefix).to_json() == states[n - 1].to_json()


def test_the_store_undoes_and_redoes_every_lukas_action_exactly(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore(db, snapshot_every=7) as store:
        gid = store.create_game("Undo all", "lukas", rosters(), {"objective": "last_man_standing"})
        with store.open_game(gid) as handle:

            def perform(action: Action, faces: TypedFaces) -> list[Event]:
                before = handle.state.to_json()
                events = handle.perform(action, faces)
                after = handle.state.to_json()
                handle.undo()
                assert handle.state.to_json() == before, action.kind
                handle.redo()
                assert handle.state.to_json() == after, action.kind
                return events

            for _ in play(perform, lambda: handle.state):
                pass
            final = handle.state
            assert final.finished and final.winner == "Ann"
            assert handle.engine.replay(handle.events()) == final
            for _ in range(5):
                handle.undo()
            assert not handle.state.finished
            undone = handle.state
    with GameStore(db) as store, store.open_game(gid) as handle:  # resume from the database
        assert handle.state == undone
        for _ in range(5):
            handle.redo()
        assert handle.state == final


def test_a_full_game_from_the_sample_fleets_ends_in_a_victory() -> None:
    paths = {p.stem: p for p in sample_fleets("lukas")}
    fleets = [load_roster(paths["frigate_warfare_kassarian"]), load_roster(paths["frigate_warfare_rakanda"])]
    eng = engine()
    s = new(eng, fleets=fleets, first="Kassarians")
    assert [sh.name for sh in s.ships.values()] == ["Raging Bull", "Kassarian Picket", "Kassarian Lancer",
                                                    "Rakanda Infiltrator", "Rakanda Ram", "Rakanda Shield Frigate"]
    # Kassarians, turn 1: the Lancer announces its Beam; the Picket's three turrets sink the Shield Frigate
    s = to_turn(eng, s, 1)
    s = act(eng, s, "announce-beam", ship="Kassarian Lancer", target="Rakanda Ram")
    for w in ("w1", "w2", "w3"):
        s = act(eng, s, "fire", (12, 8), ship="KF-2", weapon=w, target="RF-3", comm_radar=1, in_range=True)
    assert rec(s, "6")["destroyed"] is True
    s = act(eng, s, "fire", (12, 12), ship="KF-1", weapon="Heavy Turret", target="RF-2", comm_radar=1, in_range=True)
    s = act(eng, s, "fire", (12, 6), ship="KF-1", weapon="Light Missiles", target="RF-2", comm_radar=1, in_range=True)
    assert rec(s, "5")["armor"] == 27 - 12 - 8
    # Rakanda, turn 1: the Infiltrator goes for the Raging Bull; the Ram rams the Picket
    s = to_turn(eng, s, 2)
    s = act(eng, s, "infiltrate", ship="RF-1", target="KF-1", distance=3)
    s = act(eng, s, "fire", (12, 12, 12), ship="RF-2", weapon="Melee", target="KF-2", distance=1)
    s = act(eng, s, "fire", (2,), ship="RF-2", weapon="Heavy Turret", target="KF-3", in_range=True)
    assert rec(s, "2")["destroyed"] is True
    # Kassarians, turn 2: the Beam finishes the Ram; the held Raging Bull shoots the Infiltrator
    s = to_turn(eng, s, 3)
    s = act(eng, s, "fire-beam", (12, 6, 6), ship="KF-3")
    assert rec(s, "5")["destroyed"] is True
    s = act(eng, s, "fire", (12, 12), ship="KF-1", weapon="Heavy Turret", target="RF-1", comm_radar=1, in_range=True)
    s = act(eng, s, "fire", (12, 6), ship="KF-1", weapon="Light Missiles", target="RF-1", comm_radar=1, in_range=True)
    assert rec(s, "4")["armor"] == 2
    # Rakanda, turn 2: the infiltration captures the Raging Bull, which turns on the Lancer
    s = to_turn(eng, s, 4)
    assert s.ships["1"].owner == 1 and rec(s, "1")["captured"] is True and item(s, "4", "a1")["flags"] == 1
    s = act(eng, s, "fire", (12, 12), ship="Raging Bull", weapon="Heavy Turret", target="Kassarian Lancer", in_range=True)
    s = act(eng, s, "fire", (12, 6), ship="Raging Bull", weapon="Light Missiles", target="Kassarian Lancer", in_range=True)
    s = act(eng, s, "fire", (12, 6), ship="Rakanda Infiltrator", weapon="w1", target="Kassarian Lancer", in_range=True)
    assert rec(s, "3")["destroyed"] is True
    while not s.finished:
        s = act(eng, s, "next-step", force=True)
    assert s.winner == "Rakanda" and "last armed ships standing" in s.result and s.turn == 4
    assert [p.resources["kills"] for p in s.players] == [2, 2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_plays_lukas(capsys: pytest.CaptureFixture[str]) -> None:
    paths = {p.stem: str(p) for p in sample_fleets("lukas")}
    code, out, err = run(capsys, "game", "new", "--ruleset", "lukas", "--fleet", paths["kassarian_strike_group"],
                         "--fleet", paths["rakanda_home_fleet"], "--name", "Cli", "--set", "objective=destroy_count",
                         "--set", "objective_kills=3", "--json")
    assert code == 0, err
    gid = str(json.loads(out)["id"])
    code, out, err = run(capsys, "game", "act", gid, "next-step")
    assert code == 0, err
    code, out, err = run(capsys, "game", "act", gid, "next-step")
    assert code == 2 and "Decide the order of turns before anything else" in err and "roll-order" in err
    code, out, err = run(capsys, "game", "act", gid, "roll-order", "--faces", "5,2", "--json")
    assert code == 0, err
    assert "Kassarians goes first, then Rakanda" in json.loads(out)["events"][0]["text"]
    for _ in range(9):
        assert run(capsys, "game", "act", gid, "next-step", "force")[0] == 0
    code, out, err = run(capsys, "game", "act", gid, "fire", "K-F1", "Heavy Turret", "R-F2", "12", "--faces", "3,1", "--json")
    assert code == 0, err
    fired = json.loads(out)["events"][0]
    assert "Hit roll: d12 shows 3; 3 ≥ 3: hit." in fired["text"] and fired["data"]["dice"] == [[12, 3], [12, 1]]
    code, out, err = run(capsys, "game", "act", gid, "fire", "K-F1", "w2", "R-F2", "--faces", "3,1")
    assert code == 2 and "already fired this turn" in err
    code, out, err = run(capsys, "game", "act", gid, "boost", "K-F1")
    assert code == 2 and "has no Boosters" in err
    assert run(capsys, "game", "act", gid, "announce-beam", "R-C1", "K-C1")[0] == 2  # not Rakanda's turn
    code, out, _ = run(capsys, "game", "act", gid, "--help")
    assert "fire SHIP WEAPON TARGET [DISTANCE] [COMM_RADAR] [SUBSYSTEM]" in out and "announce-beam" in out
    code, out, _ = run(capsys, "game", "show", gid, "--json")
    shown = json.loads(out)
    assert code == 0 and shown["state"]["ships"]["9"]["record"]["armor"] == 26
    assert [f["key"] for f in shown["record_spec"]["fields"]][:3] == ["armor", "speed", "mode"]
    code, out, _ = run(capsys, "game", "show", gid)
    assert code == 0 and "Kills 0" in out and "26/27" in out
    code, out, _ = run(capsys, "game", "report", gid)
    assert code == 0 and "Hit roll: d12 shows 3" in out and "Armor 27 - 1 = 26" in out
    assert run(capsys, "game", "undo", gid)[0] == 0
    code, out, _ = run(capsys, "game", "show", gid, "--json")
    assert json.loads(out)["state"]["ships"]["9"]["record"]["armor"] == 27


def test_the_battle_report_tells_the_capture_and_the_losses() -> None:
    eng = engine()
    log = [eng.created_event(eng.new_game("Report", rosters(), {}))]
    s = eng.replay(log)
    log += eng.decide(s, Action("roll-order", {"first": "Ann"}), TypedFaces([]))
    s = eng.replay(log)
    for turn, kind, faces, args in (
        (1, "infiltrate", (), {"ship": "Sneak", "target": "Ram"}),
        (1, "fire", (12, 12), {"ship": "Bull", "weapon": "w2", "target": "Wasp", "in_range": True}),
        (3, "note", (), {"text": "done"}),
    ):
        while not _steps(s, turn, "ship_action"):
            events = eng.decide(s, Action("next-step", {"force": True}), TypedFaces([]))
            log += events
            s = eng.apply(s, events)
        events = eng.decide(s, Action(kind, args), TypedFaces(faces))
        log += events
        s = eng.apply(s, events)
    report = battle_report(eng, log)
    assert [(loss["name"], loss["how"]) for loss in report["losses"]] == [
        ("Wasp", "Wasp (#9) Destroyed: no → yes, destroyed by Bull (#2)")]
    text = report_markdown(report)
    assert "Sneak (#5) captures Ram (#8)" in text and "d12 shows 12" in text and "kills +1" in text


def test_nobody_acts_before_the_order_of_turns_is_rolled() -> None:
    # lukas §1.b: the order of turns is rolled in set-up; the banner names nobody until then, then its winner
    from mstracker.game.plugin import Acting

    eng = engine()
    s = eng.replay([eng.created_event(eng.new_game("Order", rosters(), {}))])
    assert eng.acting(s) == Acting(())
    s = eng.apply(s, eng.decide(s, Action("roll-order", {}), TypedFaces([2, 5])))  # Ann 2, Bob 5: Bob first
    assert eng.acting(s) == Acting((1,)) and s.players[1].name == "Bob"
