"""game export / import: the whole log round-trips; a file is never trusted and never overwrites a game."""

from __future__ import annotations

import json
from pathlib import Path

import minirules
import pytest

from mstracker.game import Action
from mstracker.store.gamefile import GameFileProblem, export_game, import_game
from mstracker.store.games import GameStore


def _played(store: GameStore) -> int:
    game_id = store.create_game("Exported", "mini", minirules.rosters(), {"reload_turns": "2"})
    with store.open_game(game_id) as handle:
        handle.perform(Action("next-step"))
        handle.perform(Action("note", {"text": "undone later"}))
        handle.undo()
        handle.perform(Action("adjust", {"target": "1", "key": "fire", "delta": 2}))
    return game_id


def test_export_then_import_gives_the_same_log_and_state(store: GameStore, tmp_path: Path) -> None:
    game_id = _played(store)
    path = tmp_path / "game.json"
    assert export_game(store, game_id, path) == 4
    new_id = import_game(store, path)
    assert new_id != game_id
    assert store.game(new_id).name == "Exported (imported)"  # never overwrites the game it came from
    original, copy = store.open_reader(game_id), store.open_reader(new_id)
    assert [(r.seq, r.action, r.events, r.undone) for r in copy.log()][1:] == [(r.seq, r.action, r.events, r.undone) for r in original.log()][1:]
    assert copy.state == original.state.update(name="Exported (imported)")  # its banner and report say its own name
    assert copy.log()[0].events[0].text.startswith("Game 'Exported (imported)' set up for mini")
    assert store.game(new_id).actions == store.game(game_id).actions == 3
    assert import_game(store, path, name="Third") != new_id
    assert store.find_game("Third").actions == 3


def _tampered(store: GameStore, tmp_path: Path, change) -> Path:  # noqa: ANN001
    path = tmp_path / "game.json"
    export_game(store, _played(store), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(schema_version=2), "newer mstracker"),
        (lambda d: d.update(format="zip"), "not an mstracker game file"),
        (lambda d: d["actions"][1].update(seq=7), "expected seq 2"),
        (lambda d: d["actions"][1]["events"][0].update(kind=3), "actions[2]: an event without a kind"),
        (lambda d: d["actions"][0].update(kind="note"), "must start with the game's set-up"),
        (lambda d: d["game"].update(ruleset="chess"), "unknown ruleset"),
        (lambda d: d["actions"][1].update(undone="yes"), "true or false"),
    ],
)
def test_a_tampered_file_is_refused_and_nothing_is_written(store: GameStore, tmp_path: Path, change, problem: str) -> None:
    path = _tampered(store, tmp_path, change)
    before = [g.id for g in store.list_games()]
    with pytest.raises(GameFileProblem, match=problem.replace("[", r"\[").replace("]", r"\]")):
        import_game(store, path)
    assert [g.id for g in store.list_games()] == before


def test_deep_or_huge_or_odd_files_are_refused(store: GameStore, tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(GameFileProblem, match="nested too deeply|not an mstracker"):
        import_game(store, deep)
    with pytest.raises(GameFileProblem, match="a folder"):
        import_game(store, tmp_path)
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(GameFileProblem, match="not UTF-8"):
        import_game(store, binary)


def test_every_generic_action_and_a_ruleset_that_declares_no_dice_round_trip(store: GameStore, tmp_path: Path) -> None:
    """The mini ruleset's fire rolls a d12 it does not declare: its faces are read from the event's dice."""
    from test_games_store import SCRIPT

    from mstracker.dice import TypedFaces

    game_id = store.create_game("Script", "mini", minirules.rosters(), {})
    with store.open_game(game_id) as handle:
        for kind, faces, args in SCRIPT:
            handle.perform(Action(kind, args), TypedFaces(faces))
        finished = handle.state
    export_game(store, game_id, tmp_path / "script.json")
    copy = import_game(store, tmp_path / "script.json", name="Copy")
    assert store.open_reader(copy).state == finished.update(name="Copy")
    data = json.loads((tmp_path / "script.json").read_text(encoding="utf-8"))
    fire = next(a for a in data["actions"] if a["kind"] == "fire")
    fire["events"][0]["data"]["dice"] = [[12, 3]]  # a miss, where the log says it hit
    (tmp_path / "script.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileProblem, match=rf"action {fire['seq']} \(fire\): its events differ from what the rules decide"):
        import_game(store, tmp_path / "script.json")
