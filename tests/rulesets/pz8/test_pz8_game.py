"""A whole pz8 game from the sample fleets, through the engine and through the SQLite store: every
pz8 action type, undo and redo of each restoring exactly the state before, replay == live, the report."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from test_pz8_support import Play, engine, sample

from mstracker.dice import TypedFaces
from mstracker.game import Action, Event, battle_report, report_markdown
from mstracker.rulesets.pz8.view import TurnView
from mstracker.store.games import GameStore

# Red: Razor Squadron, ships 1-6 (R1..R6); Blue: Anchor Flight, ships 7-9 (Wall Anchor A1, Dowel A2,
# Toggle Bolt A3). Each line: action kind, typed faces, args.
SCRIPT: list[tuple[str, tuple[int, ...], dict[str, object]]] = [
    ("add-asteroid", (), {"where": "H7"}),
    ("remove-asteroid", (), {"asteroid": "a1"}),
    ("set-drift", (), {"direction": "E"}),
    ("next-step", (), {}),  # turn 1
    ("roll-initiative", (2, 5), {}),  # Blue: quota Red 2, Blue 1
    ("activate", (), {"ship": "Wall Anchor"}),
    ("move", (), {"ship": "A1", "mps": "FFF"}),
    ("fire", (5, 6, 6, 1, 1), {"ship": "A1", "target": "R1", "distance": 4}),  # 12 - 2: Razor Leader destroyed
    ("launch-torpedo", (), {"ship": "A1", "where": "E4"}),  # t1
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R2"}),
    ("move", (), {"ship": "R2", "mps": "FFRF"}),
    ("fire", (4, 5, 5, 2, 3), {"ship": "R2", "target": "A1", "distance": 3}),  # 10 - 5: Wall Anchor destroyed
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R3"}),
    ("fire", (5, 4, 4, 3, 4), {"ship": "R3", "target": "Dowel", "distance": 6}),  # 8 - 7: Dowel Damaged
    # no fire-back: Damaged Dowel at 6 hexes needs 5 at -2, no face hits (refused, pz8 §4)
    ("end-activation", (), {}),
    ("activate", (), {"ship": "Dowel"}),
    ("move", (), {"ship": "Dowel", "mps": "FFF"}),
    ("fire", (5, 6, 1, 2), {"ship": "Dowel", "target": "R3", "distance": 2}),  # 1D6 6 - 3: Razor Three destroyed
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R4"}),
    ("shoot-torpedo", (6,), {"ship": "R4", "torpedo": "t1", "distance": 2}),  # explodes
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R5"}),
    ("launch-torpedo", (), {"ship": "R5"}),  # t2
    ("fire", (3,), {"ship": "R5", "target": "Toggle Bolt", "distance": 8}),  # miss
    # no fire-back: Toggle Bolt at 8 hexes needs 6 at -1, no face hits (refused, pz8 §4)
    ("end-activation", (), {}),
    ("activate", (), {"ship": "A3"}),
    ("fire", (4, 2, 2, 3, 3), {"ship": "A3", "target": "R5", "distance": 1}),  # 4 - 6: no damage
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R6"}),  # Blue has none left: Red activates all it has left
    ("next-step", (), {}),  # move -> fire
    ("next-step", (), {}),  # -> torpedo
    ("next-step", (), {}),  # -> activated: R6's chit; every ship done
    ("next-step", (), {}),  # end of turn: torpedoes
    ("torpedo-attack", (3, 3, 6), {"torpedo": "t2", "target": "Dowel"}),  # 6 - 6: nothing
    ("next-step", (), {}),  # asteroids
    ("next-step", (), {}),  # clear
    ("next-step", (), {}),  # victory check: the battle goes on
    ("next-step", (), {}),  # turn 2
    ("roll-initiative", (4, 4, 6, 1), {}),  # tie, then Red
    ("activate", (), {"ship": "R2"}),
    ("fire", (4, 3, 4, 5), {"ship": "R2", "target": "Dowel", "distance": 2}),  # 7 - 5 on a Damaged ship: destroyed
    ("launch-torpedo", (), {"ship": "R2"}),  # t3
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R4"}),
    ("fire", (6, 2, 2, 3, 3), {"ship": "R4", "target": "A3", "distance": 5}),  # no damage
    ("fire-back", (6, 6, 6, 1, 1), {"ship": "A3"}),  # 6 - 1 = 5 at 4-6: hit, 12 - 2: Razor Four destroyed,
    # which ends its activation at once
    ("activate", (), {"ship": "A3"}),
    ("move", (), {"ship": "A3", "mps": "F"}),
    ("fire", (2,), {"ship": "A3", "target": "R5", "distance": 3}),
    ("fire-back", (1,), {}),
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R5"}),
    ("end-activation", (), {}),
    ("activate", (), {"ship": "R6"}),
    ("end-activation", (), {}),
    ("next-step", (), {}),  # end of turn: torpedoes
    ("remove-torpedo", (), {"torpedo": "t3", "reason": "ran off the table"}),
    ("next-step", (), {}),  # asteroids
    ("asteroid-collision", (), {"asteroid": "a2", "target": "Toggle Bolt"}),
    ("next-step", (), {}),  # clear
    ("next-step", (), {}),  # victory: Red wins
]

PZ8_ACTIONS = {
    "roll-initiative", "activate", "move", "end-activation", "fire", "fire-back", "shoot-torpedo", "launch-torpedo",
    "torpedo-attack", "add-asteroid", "remove-asteroid", "asteroid-collision", "set-drift", "remove-torpedo",
}


def rosters() -> list:
    return [sample("razor-squadron"), sample("anchor-flight")]


def test_the_script_uses_every_pz8_action() -> None:
    assert {kind for kind, _, _ in SCRIPT} == PZ8_ACTIONS | {"next-step"}


@dataclass(frozen=True)
class Logged:
    """One action and its events, as the store logs them (the report reads who acted from it)."""

    action: Action
    events: tuple[Event, ...]


def test_a_whole_game_from_the_sample_fleets_to_victory() -> None:
    play = Play(rosters(), asteroids="1")
    for kind, faces, args in SCRIPT:
        play.act(kind, *faces, **args)
    s = play.state
    assert s.finished and s.winner == "Red" and s.result == "Red wins: Blue has no Spaceships left"
    assert s.turn == 2 and s.current_step.id == "victory"
    lost = sorted(sid for sid, ship in s.ships.items() if ship.record["destroyed"])
    assert lost == ["1", "3", "4", "7", "8", "9"]
    survivors = {s.ships[i].name: s.ships[i].record for i in ("2", "5", "6")}
    assert survivors["Razor Two"]["activated"] is False and survivors["Razor Two"]["fired"] is False  # cleared
    assert survivors["Razor Five"]["torpedo"] == 0 and survivors["Razor Six"]["torpedo"] == 1
    assert s.ships["8"].record["damaged"] and s.ships["8"].record["destroyed"]
    view = TurnView(s)
    assert view.torpedoes() == [] and view.asteroids() == [{"id": "a2", "where": "H7"}]
    # every counter taken off keeps its entry, so its id is never used again
    assert [(t["id"], t["gone"]) for t in s.extra["torpedoes"]] == [
        ("t1", "exploded, hit by Razor Four (#4) in turn 1"), ("t2", "hit Dowel (#8) in turn 1"),
        ("t3", "ran off the table in turn 2")]
    assert s.extra["asteroids"][0] == {"id": "a1", "where": "", "gone": "taken off at set-up"}
    assert s.extra["drift"] == "E" and view.next_id("torpedoes") == "t4" and view.next_id("asteroids") == "a3"
    play.undo_check()

    report = battle_report(play.eng, [Logged(Action("?"), tuple(batch)) for batch in play.log])
    assert report["winner"] == "Red" and report["turns_played"] == 2
    assert [(x["name"], x["turn"]) for x in report["losses"]] == [
        ("Razor Leader", 1), ("Wall Anchor", 1), ("Razor Three", 1), ("Dowel", 2), ("Razor Four", 2),
        ("Toggle Bolt", 2),
    ]
    assert report["dice_rolled"] == sum(len(faces) for _, faces, _ in SCRIPT)
    md = report_markdown(report)
    assert "Wall Anchor (#7) fires at Razor Leader (#1), 4 hexes." in md
    assert "Difference 12 − 2 = +10: Destroyed." in md and "Red wins: Blue has no Spaceships left" in md


def test_store_undo_and_redo_of_every_pz8_action_restore_exactly(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore(db, engine_factory=lambda ruleset_id: engine(), snapshot_every=7) as store:
        gid = store.create_game("Belt", "pz8", rosters(), {"asteroids": "1", "require_move": "false"})
        with store.open_game(gid) as handle:
            states = [handle.state.to_json_text()]
            for kind, faces, args in SCRIPT:
                handle.perform(Action(kind, args), TypedFaces(faces))
                states.append(handle.state.to_json_text())
            assert handle.state.finished and handle.state.winner == "Red"
            assert handle.engine.replay(handle.events()).to_json_text() == states[-1]
            for n in range(len(SCRIPT)):
                undone = handle.undo()
                assert undone.action.kind == SCRIPT[len(SCRIPT) - 1 - n][0]
                assert handle.state.to_json_text() == states[len(SCRIPT) - 1 - n]
            for n in range(len(SCRIPT) // 2):
                handle.redo()
                assert handle.state.to_json_text() == states[n + 1]
        with store.open_game(gid) as handle:  # resume from the store: the same state
            assert handle.state.to_json_text() == states[len(SCRIPT) // 2]
            assert handle.can_redo
