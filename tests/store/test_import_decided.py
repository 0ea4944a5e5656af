"""game import decides every action again (reliability findings 1, 2, 3, 13): a hand-edited log is
refused naming the action, and a refused import writes nothing."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import report_games

from mstracker.game import Action
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.store.gamefile import GameFileProblem, export_game, import_game
from mstracker.store.games import GameStore

Change = Callable[[list[dict[str, Any]]], None]


def _spook_table() -> report_games.Table:
    """Blue retires, fires (d6 3, d12 7) and builds; Red fires; then pass-to, RU spent, a ship changes
    hands and Blue wins: every generic event kind the reliability run edited."""
    t = report_games.spook_build_and_retire()
    t.act("pass-to", player="Red")
    t.act("adjust", target="Blue", key="ru", delta=-5, reason="a refit")
    t.act("set", target="Red Lance", key="owner", value="Blue")
    t.act("end-game", result="Blue holds the field", winner="Blue")
    return t


def _file(t: report_games.Table, path: Path, name: str = "Played") -> Path:
    """The table's log as `game export` writes it (the set-up carries the ruleset as played)."""
    actions = [
        {"seq": n, "kind": step.action.kind, "args": dict(step.action.args), "events": [e.to_json() for e in step.events],
         "undone": step.undone, "redo_cleared": False, "created": "2026-11-30T20:00:00+00:00"}
        for n, step in enumerate(t.log, start=1)
    ]
    actions[0]["args"] = {"ruleset": t.eng.ruleset.model_dump(mode="json")}
    game = {"name": name, "ruleset": t.s.ruleset, "created": "2026-11-30T20:00:00+00:00",
            "updated": "2026-11-30T21:00:00+00:00", "turn": t.s.turn, "players": [p.name for p in t.s.players],
            "finished": t.s.finished, "result": t.s.result}
    path.write_text(json.dumps({"format": "mstracker-game", "schema_version": 1, "game": game, "actions": actions}),
                    encoding="utf-8")
    return path


def _edited(path: Path, change: Change) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["actions"])
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _first(actions: list[dict[str, Any]], kind: str) -> tuple[int, dict[str, Any]]:
    """(seq, event) of the first event of `kind` in the log."""
    for a in actions:
        for e in a["events"]:
            if e["kind"] == kind:
                return a["seq"], e
    raise AssertionError(f"no {kind} event")


def _set(kind: str, key: str, value: Any) -> Change:
    def change(actions: list[dict[str, Any]]) -> None:
        _first(actions, kind)[1]["data"][key] = value

    return change


@pytest.fixture
def spook_file(tmp_path: Path) -> Path:
    return _file(_spook_table(), tmp_path / "spook.json")


def test_a_played_game_imports_and_reads_back_as_played(spook_file: Path) -> None:
    t = _spook_table()
    with GameStore.default() as store:
        game_id = import_game(store, spook_file, name="Kept")
        reader = store.open_reader(game_id)
        assert reader.state == t.s.update(name="Kept")
        assert store.game(game_id).finished and store.game(game_id).result == "Blue holds the field"
        assert store.game(game_id).actions == len(t.log)


@pytest.mark.parametrize(
    ("change", "kind"),
    [
        (_set("active-changed", "player", 99), "pass-to"),
        (_set("active-changed", "player", "x"), "pass-to"),
        (_set("active-changed", "player", None), "pass-to"),
        (_set("active-changed", "player", 1.0), "pass-to"),  # equal to 1 in Python, not in the log
        (_set("owner-changed", "new", 99), "set"),
        (_set("owner-changed", "new", "Blue"), "set"),
        (_set("resource-changed", "new", "lots"), "build"),
        (_set("resource-changed", "delta", -10**18), "build"),
        (_set("game-ended", "winner", 99), "end-game"),
        (_set("value-set", "new", "far"), "retire"),  # a plugin's value-set of the wrong type
    ],
)
def test_an_edited_event_is_refused_naming_its_action(spook_file: Path, change: Change, kind: str) -> None:
    seq = _first(json.loads(spook_file.read_text(encoding="utf-8"))["actions"],
                 {"pass-to": "active-changed", "set": "owner-changed", "build": "resource-changed",
                  "end-game": "game-ended", "retire": "value-set"}[kind])[0]
    _edited(spook_file, change)
    with GameStore.default() as store:
        with pytest.raises(GameFileProblem) as info:
            import_game(store, spook_file)
        assert str(info.value) == f"import: {spook_file}: action {seq} ({kind}): its events differ from what the rules decide"
        assert store.list_games() == []


def test_changed_dice_are_refused(spook_file: Path) -> None:
    def faces(actions: list[dict[str, Any]]) -> None:
        fire = next(a for a in actions if a["kind"] == "fire" and a["args"]["ship"] == "Blue Fang")
        rolled = next(e for e in fire["events"] if e["kind"] == "dice-rolled")
        rolled["data"]["rolls"][-1]["faces"] = [12]  # the d12 was a 7: a half hit, 45 damage (spook §6)

    _edited(spook_file, faces)
    with GameStore.default() as store:
        with pytest.raises(GameFileProblem, match=r"action 21 \(fire\): its events differ from what the rules decide"):
            import_game(store, spook_file)
        assert store.list_games() == []


def test_a_dropped_or_extra_event_is_refused(spook_file: Path, tmp_path: Path) -> None:
    extra = _edited(Path(spook_file), lambda actions: actions[20]["events"].append(
        {"kind": "noted", "data": {"text": "free armor"}, "text": "Note: free armor"}))
    with GameStore.default() as store, pytest.raises(GameFileProblem, match=r"action 21 \(fire\): its events differ"):
        import_game(store, extra)


def test_an_action_the_rules_refuse_is_refused(spook_file: Path) -> None:
    def fire_twice(actions: list[dict[str, Any]]) -> None:
        actions[21] = {**actions[20], "seq": 22}  # Blue Fang's w1 has fired this turn already

    _edited(spook_file, fire_twice)
    with GameStore.default() as store:
        with pytest.raises(GameFileProblem, match=r"action 22 \(fire\): the rules refuse it now \(.+\)$"):
            import_game(store, spook_file)
        assert store.list_games() == []


def test_a_set_up_ship_lacking_an_item_of_its_class_is_refused(tmp_path: Path) -> None:
    t = report_games.Table("pz8", ("razor-squadron.toml", "anchor-flight.toml"))
    path = _file(t, tmp_path / "pz8.json")

    def drop_gun(actions: list[dict[str, Any]]) -> None:
        ship = actions[0]["events"][0]["data"]["state"]["ships"]["1"]
        assert [i["name"] for i in ship["items"]] == ["Forward Gun", "Torpedoes"]
        ship["items"] = ship["items"][1:]

    _edited(path, drop_gun)
    with GameStore.default() as store:
        with pytest.raises(GameFileProblem) as info:
            import_game(store, path)
        assert "action 1 (new-game): its set-up is not one the rules make: ship #1" in str(info.value)
        assert "(Torpedoes) are not what a Spaceship has (Forward Gun, Torpedoes)" in str(info.value)
        assert store.list_games() == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda s: s.update(turn=3), "a game is set up at turn 0, not 3"),
        (lambda s: s.update(active=7), "a game is set up at active 0, not 7"),
        (lambda s: s["ships"]["1"].update(owner=5), "ship #1 'Razor Leader': owner 5 is not a player of this game"),
        (lambda s: s["ships"]["1"]["record"].update(armor=10**18), "ship #1 'Razor Leader': its record is not what"),
        (lambda s: s["settings"].update(asteroids="many"), "setting asteroids"),
        (lambda s: s["extra"].update(torpedoes=[{"id": "t1"}]), "its table extras are not what the ruleset starts"),
        (lambda s: s.update(sequence=[]), "its checklist is not the checklist of pz8"),
    ],
)
def test_an_edited_set_up_is_refused(tmp_path: Path, change: Callable[[dict[str, Any]], None], problem: str) -> None:
    t = report_games.Table("pz8", ("razor-squadron.toml", "anchor-flight.toml"))
    path = _edited(_file(t, tmp_path / "pz8.json"), lambda actions: change(actions[0]["events"][0]["data"]["state"]))
    with GameStore.default() as store:
        with pytest.raises(GameFileProblem, match=r"action 1 \(new-game\): its set-up is not one the rules make: ") as info:
            import_game(store, path)
        assert problem in str(info.value)
        assert store.list_games() == []


def test_a_thirty_one_digit_turn_is_refused_in_one_line(spook_file: Path) -> None:
    _edited(spook_file, _set("turn-started", "turn", 10**30))
    with GameStore.default() as store:
        with pytest.raises(GameFileProblem, match=r"action 3 \(next-step\): its events differ from what the rules decide"):
            import_game(store, spook_file)
        assert store.list_games() == []


def test_a_redoable_undone_action_must_hold_too(tmp_path: Path) -> None:
    t = _spook_table()
    t.log[-1] = report_games.Step(t.log[-1].action, t.log[-1].events, undone=True)  # end-game undone: redo brings it back
    path = _file(t, tmp_path / "undone.json")
    with GameStore.default() as store:
        game_id = import_game(store, path)
        assert store.open_reader(game_id).can_redo and not store.game(game_id).finished
    _edited(path, _set("game-ended", "winner", "Nobody"))
    with GameStore.default() as store, pytest.raises(GameFileProblem, match=r"action 73 \(end-game\): its events differ"):
        import_game(store, path)


def test_an_imported_game_keeps_snapshots_like_a_played_one(spook_file: Path) -> None:
    with GameStore.default(snapshot_every=10) as store:
        game_id = import_game(store, spook_file, name="Snapped")
        seqs = [seq for (seq,) in store.conn.execute("SELECT action_seq FROM snapshots WHERE game_id = ?", (game_id,))]
        assert seqs == [10, 20, 30, 40, 50, 60, 70]  # every 10th live action, as GameHandle.perform writes them
        states = [json.loads(text)["name"] for (text,) in store.conn.execute("SELECT state FROM snapshots")]
        assert set(states) == {"Snapped"}


def test_an_imported_game_says_its_new_name_in_banner_and_report(spook_file: Path) -> None:
    from mstracker.game import battle_report

    with GameStore.default() as store:
        import_game(store, spook_file)  # "Played"
        second = import_game(store, spook_file)
        reader = store.open_reader(second)
        assert store.game(second).name == reader.state.name == "Played (imported)"
        assert battle_report(reader.engine, reader.log())["game"] == "Played (imported)"


def test_simultaneous_imports_of_one_file_each_get_a_free_name(spook_file: Path) -> None:
    with GameStore.default():
        pass  # the database exists before the threads race for it
    errors: list[BaseException] = []

    def one() -> None:
        try:
            with GameStore.default() as store:
                import_game(store, spook_file)
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=one) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    with GameStore.default() as store:
        names = sorted(g.name for g in store.list_games())
    assert names == ["Played", "Played (imported 2)", "Played (imported 3)", "Played (imported)"]


def test_a_game_that_would_read_back_damaged_is_never_left_behind(spook_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mstracker.store import gameimport

    with GameStore.default() as store:
        real = gameimport._summary
        monkeypatch.setattr(gameimport, "_summary", lambda row: real((*row[:5], -5, *row[6:])))  # turn read back as -5
        with pytest.raises(GameFileProblem, match="damaged: expected a whole number, found -5$"):
            import_game(store, spook_file)
        assert store.list_games() == []
        assert store.conn.execute("SELECT count(*) FROM actions").fetchone()[0] == 0


def test_a_store_played_game_round_trips_through_export(tmp_path: Path) -> None:
    """Played through the store (snapshots, an undone note, a redo) on cal, with a custom design."""
    fleets = sample_fleets("cal")
    rosters = [load_roster(p) for p in fleets[:2]]
    with GameStore.default(snapshot_every=3) as store:
        game_id = store.create_game("Cal", "cal", rosters, {})
        with store.open_game(game_id) as handle:
            for _ in range(6):
                handle.perform(Action("advance"), _rng())
            handle.perform(Action("note", {"text": "first"}))
            handle.undo()
            handle.perform(Action("note", {"text": "second"}))
            handle.undo()
            handle.redo()
        export_game(store, game_id, tmp_path / "cal.json")
        copy = import_game(store, tmp_path / "cal.json")
        assert store.open_reader(copy).state == store.open_reader(game_id).state.update(name="Cal (imported)")


def _rng() -> Any:
    import random

    from mstracker.dice import RngFaces

    return RngFaces(random.Random(7))


def test_the_database_is_not_touched_by_a_refused_import(spook_file: Path) -> None:
    with GameStore.default() as store:
        path = store.path
    _edited(spook_file, _set("active-changed", "player", 99))
    before = sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone()[0]
    with GameStore.default() as store, pytest.raises(GameFileProblem):
        import_game(store, spook_file)
    assert sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone()[0] == before == 0
