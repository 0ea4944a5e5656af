"""Regression tests for the reliability run's findings: every hostile input gets one line and exit 2
(or is shown safely), never a traceback; the database is never written when it is damaged."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from mstracker.paths import app_dirs
from mstracker.store import games as games_module

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this OS")

REPO = Path(__file__).resolve().parents[2]
RAZOR = str(REPO / "data/fleets/pz8/razor-squadron.toml")
ANCHOR = str(REPO / "data/fleets/pz8/anchor-flight.toml")


def _new(cli, name: str) -> int:
    code, out, err = cli("game", "new", "--ruleset", "pz8", "--fleet", RAZOR, "--fleet", ANCHOR, "--name", name, "--json")
    assert code == 0, err
    return json.loads(out)["id"]


def _one_line_refusal(result: tuple[int, str, str]) -> str:
    code, out, err = result
    assert code == 2, (out, err)
    assert err.startswith("mstracker: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("name", ["[/bold]x", "[/]", "[bold]open", "a [link=x]b[/link]"])
def test_markup_in_a_game_name_is_shown_as_typed_everywhere(cli, name: str) -> None:
    code, out, err = cli("game", "new", "--ruleset", "pz8", "--fleet", RAZOR, "--fleet", ANCHOR, "--name", name)
    assert code == 0, err
    assert name in out
    game_id = "1"
    for argv in (("game", "list"), ("game", "show", game_id), ("game", "log", game_id), ("game", "report", game_id)):
        code, out, err = cli(*argv)
        assert code == 0, (argv, err)
        assert name in out, argv
    code, out, err = cli("game", "act", game_id, "note", name)
    assert code == 0 and name in out, err
    code, out, err = cli("game", "delete", game_id, "--yes")
    assert code == 0 and name in out, err


def test_markup_in_fleet_and_ship_names_is_shown_as_typed(cli, tmp_path: Path) -> None:
    text = Path(RAZOR).read_text(encoding="utf-8").replace('name = "Razor Leader"', 'name = "[/bold]Leader"', 1)
    text = text.replace('name = "Razor Squadron"', 'name = "[/]Squadron"', 1)
    fleet = tmp_path / "odd.toml"
    fleet.write_text(text, encoding="utf-8")
    code, out, err = cli("fleet", "show", str(fleet))
    assert code == 0, err
    assert "[/bold]Leader" in out and "[/]Squadron" in out


def test_markup_in_a_house_rule_value_is_shown_as_typed(cli) -> None:
    house = app_dirs().house_rule_file("spook")
    house.parent.mkdir(parents=True, exist_ok=True)
    house.write_text('[weapons."Ion Beam"]\nlego = "[/bold] grey cone"\n', encoding="utf-8")
    code, out, err = cli("rules", "show", "spook", "weapons")
    assert code == 0, err
    assert "[/bold] grey cone" in out


def test_control_characters_from_data_never_reach_the_terminal(cli) -> None:
    _new(cli, "Evil\x1b]0;owned\x07 game\x9b2J")
    code, out, err = cli("game", "act", "1", "note", "hi\x1b[2Jthere")
    assert code == 0, err
    for argv in (("game", "list"), ("game", "show", "1"), ("game", "log", "1"), ("game", "report", "1")):
        code, out, err = cli(*argv)
        assert code == 0, err
        assert not any(ch in out for ch in "\x1b\x07\x9b"), argv
    code, out, err = cli("game", "list", "--json")
    assert "\x1b" not in out and "\x9b" not in out and "\\u001b" in out and "\\u009b" in out


def test_a_name_that_reads_as_an_id_is_refused(cli) -> None:
    _new(cli, "First")
    err = _one_line_refusal(cli("game", "new", "--ruleset", "pz8", "--fleet", RAZOR, "--fleet", ANCHOR, "--name", "1"))
    assert "reads as a game id" in err
    code, out, _ = cli("game", "list", "--json")
    assert [g["name"] for g in json.loads(out)] == ["First"]


@pytest.mark.parametrize("ref", ["²", "١", "9" * 30, "-1"])
def test_numeric_looking_refs_are_refused_in_one_line(cli, ref: str) -> None:
    _new(cli, "Only")
    assert "no game" in _one_line_refusal(cli("game", "show", ref))


def test_numeric_looking_step_is_refused_in_one_line(cli) -> None:
    _new(cli, "Steps")
    assert cli("game", "act", "Steps", "advance")[0] == 0
    err = _one_line_refusal(cli("game", "act", "Steps", "tick", "²"))
    assert "no step '²'" in err


def test_undo_past_the_end_does_nothing_and_says_so(cli) -> None:
    _new(cli, "U")
    for text in ("a", "b"):
        assert cli("game", "act", "U", "note", text)[0] == 0
    err = _one_line_refusal(cli("game", "undo", "U", "-n", "5"))
    assert "only 2 action(s)" in err and "nothing was undone" in err
    code, out, _ = cli("game", "show", "U", "--json")
    assert json.loads(out)["can_redo"] is False  # nothing was undone
    assert cli("game", "undo", "U", "-n", "2")[0] == 0
    err = _one_line_refusal(cli("game", "redo", "U", "-n", "3"))
    assert "only 2 action(s)" in err and "nothing was redone" in err


@needs_fifo
def test_fleet_files_that_are_not_regular_files_are_refused(cli, tmp_path: Path) -> None:
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    assert "FIFO" in _one_line_refusal(cli("fleet", "check", str(fifo)))
    folder = tmp_path / "d.toml"
    folder.mkdir()
    assert "a folder" in _one_line_refusal(cli("fleet", "check", str(folder)))
    zero = tmp_path / "z.toml"
    zero.symlink_to("/dev/zero")
    assert "a device" in _one_line_refusal(cli("fleet", "check", str(zero)))
    dangling = tmp_path / "gone.toml"
    dangling.symlink_to(tmp_path / "nowhere.toml")
    assert "dangling" in _one_line_refusal(cli("fleet", "check", str(dangling)))


def test_a_toml_integer_of_5000_digits_is_a_clear_refusal(cli, tmp_path: Path) -> None:
    fleet = tmp_path / "big.toml"
    fleet.write_text("schema_version = " + "1" * 5000 + "\n", encoding="utf-8")
    assert "cannot be read" in _one_line_refusal(cli("fleet", "check", str(fleet)))


@needs_fifo
def test_database_path_faults_are_one_line(cli, tmp_path: Path) -> None:
    folder = tmp_path / "db-dir"
    folder.mkdir()
    assert "a folder" in _one_line_refusal(cli("game", "list", "--db", str(folder)))
    fifo = tmp_path / "db.fifo"
    os.mkfifo(fifo)
    assert "FIFO" in _one_line_refusal(cli("game", "list", "--db", str(fifo)))
    db = tmp_path / "g" / "games.sqlite3"
    code, out, err = cli("game", "new", "--ruleset", "pz8", "--fleet", RAZOR, "--fleet", ANCHOR, "--name", "L", "--db", str(db))
    assert code == 0, err
    (db.parent / "games.sqlite3.locks").rename(db.parent / "moved")
    (db.parent / "games.sqlite3.locks").write_text("not a folder")
    assert "not a folder" in _one_line_refusal(cli("game", "act", "L", "note", "x", "--db", str(db)))


def test_database_held_by_another_program_is_one_line_and_saves_nothing(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games_module, "BUSY_TIMEOUT", 0.2)  # the real wait is 10 s
    _new(cli, "Busy")
    other = sqlite3.connect(app_dirs().games_db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        err = _one_line_refusal(cli("game", "act", "Busy", "note", "x"))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert "another program has held the games database" in err and "nothing was saved" in err
    code, out, _ = cli("game", "log", "Busy", "--json")
    assert [r["action"]["kind"] for r in json.loads(out)] == ["new-game"]


def _damage(sql: str, *params: object) -> None:
    conn = sqlite3.connect(app_dirs().games_db, isolation_level=None)
    conn.execute(sql, params)
    conn.close()


@pytest.mark.parametrize(
    ("sql", "params"),
    [
        ("UPDATE games SET name = CAST(? AS TEXT) WHERE id = 1", (b"bad \xff name",)),
        ("UPDATE games SET players = ? WHERE id = 1", ("[not json",)),
        ("UPDATE games SET players = ? WHERE id = 1", ("[" * 100_000 + "]" * 100_000,)),
        ("UPDATE games SET turn = 'seven' WHERE id = 1", ()),
        ("UPDATE games SET live_actions = ? WHERE id = 1", (1e300,)),
    ],
)
def test_a_damaged_game_row_is_listed_as_damaged_and_the_others_stay(cli, sql: str, params: tuple) -> None:
    _new(cli, "Broken")
    _new(cli, "Fine")
    _damage(sql, *params)
    before = app_dirs().games_db.read_bytes()
    code, out, err = cli("game", "list", "--json")
    assert code == 0, err
    rows = {g["id"]: g for g in json.loads(out)}
    assert rows[2]["name"] == "Fine" and rows[2]["damaged"] is None
    assert rows[1]["damaged"].startswith("damaged: ") and rows[1]["damaged"].endswith("; left untouched")
    code, out, err = cli("game", "list")
    assert code == 0 and "Fine" in out and "left untouched" in out
    err = _one_line_refusal(cli("game", "show", "1"))
    assert "damaged" in err and "left untouched" in err
    assert app_dirs().games_db.read_bytes() == before


@pytest.mark.parametrize(
    "events",
    ["{broken", "[" * 50_000 + "]" * 50_000, '[{"kind": 5}]', '"text"', "[null]"],
)
def test_a_damaged_action_row_is_one_line_for_log_report_and_show(cli, events: str) -> None:
    _new(cli, "Hurt")
    assert cli("game", "act", "Hurt", "note", "x")[0] == 0
    _damage("UPDATE actions SET events = ? WHERE seq = 2", events)
    for argv in (("game", "log", "Hurt"), ("game", "report", "Hurt"), ("game", "show", "Hurt")):
        err = _one_line_refusal(cli(*argv))
        assert "damaged: action 2" in err and "left untouched" in err, (argv, err)


def test_invalid_utf8_in_an_action_is_one_line(cli) -> None:
    _new(cli, "Bytes")
    assert cli("game", "act", "Bytes", "note", "x")[0] == 0
    _damage("UPDATE actions SET events = CAST(? AS TEXT) WHERE seq = 2", b"[\xff]")
    err = _one_line_refusal(cli("game", "log", "Bytes"))
    assert "not UTF-8" in err


def test_a_damaged_set_up_behind_a_snapshot_is_one_line_for_report(cli) -> None:
    """show starts from the snapshot and never reads the set-up; report folds the whole log from it."""
    from mstracker.game import Action
    from mstracker.store.games import GameStore

    _new(cli, "Snapped")
    with GameStore.default(snapshot_every=2) as store, store.open_game(1) as handle:
        for n in range(3):
            handle.perform(Action("note", {"text": f"note {n}"}))
    conn = sqlite3.connect(app_dirs().games_db)
    events = json.loads(conn.execute("SELECT events FROM actions WHERE seq = 1").fetchone()[0])
    conn.close()
    events[0]["data"]["state"]["settings"] = {"asteroids": [1]}
    _damage("UPDATE actions SET events = ? WHERE seq = 1", json.dumps(events))
    before = app_dirs().games_db.read_bytes()
    assert cli("game", "show", "Snapped")[0] == 0
    for fmt in ("md", "json", "html"):
        err = _one_line_refusal(cli("game", "report", "Snapped", "--format", fmt))
        assert err == ("mstracker: game 'Snapped': damaged: its log cannot be replayed (4 validation errors for GameState); "
                       "left untouched\n")
    assert app_dirs().games_db.read_bytes() == before


def test_a_note_longer_than_2000_characters_is_refused_and_nothing_is_saved(cli) -> None:
    _new(cli, "Wordy")
    assert cli("game", "act", "Wordy", "note", "n" * 2000)[0] == 0  # a long line is fine
    err = _one_line_refusal(cli("game", "act", "Wordy", "note", "n" * 2001))
    assert err == "mstracker: text: at most 2000 characters, not 2001\n"
    err = _one_line_refusal(cli("game", "act", "Wordy", "end-game", "r" * 10_000))
    assert err == "mstracker: result: at most 2000 characters, not 10000\n"
    code, out, _ = cli("game", "list", "--json")
    assert json.loads(out)[0]["actions"] == 2  # the set-up and the 2000-character note


def test_a_game_name_longer_than_120_characters_is_refused(cli) -> None:
    code, out, err = cli("game", "new", "--ruleset", "pz8", "--fleet", RAZOR, "--fleet", ANCHOR, "--name", "N" * 121)
    assert (code, err) == (2, "mstracker: a game name is at most 120 characters, not 121; choose a shorter one\n")
    assert _new(cli, "N" * 120) == 1


def _exported(cli, tmp_path: Path, name: str) -> Path:
    _new(cli, name)
    path = tmp_path / "game.json"
    assert cli("game", "export", name, "-o", str(path))[0] == 0
    return path


def test_import_refuses_a_long_name_and_a_huge_note(cli, tmp_path: Path) -> None:
    path = _exported(cli, tmp_path, "Short")
    err = _one_line_refusal(cli("game", "import", str(path), "--name", "L" * 121))
    assert err == f"mstracker: import: {path}: a game name is at most 120 characters, not 121; choose a shorter one\n"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"]["name"] = "F" * 500
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "at most 120 characters, not 500" in _one_line_refusal(cli("game", "import", str(path)))
    data["game"]["name"] = "Short"
    text = "x" * 1_000_000
    data["actions"].append({"seq": 2, "kind": "note", "args": {"text": text}, "undone": False, "redo_cleared": False,
                            "created": "2026-12-01T00:00:00+00:00",
                            "events": [{"kind": "noted", "data": {"text": text}, "text": f"Note: {text}"}]})
    path.write_text(json.dumps(data), encoding="utf-8")
    err = _one_line_refusal(cli("game", "import", str(path)))
    assert err == (f"mstracker: import: {path}: action 2 (note): the rules refuse it now "
                   "(text: at most 2000 characters, not 1000000)\n")
    assert [g["name"] for g in json.loads(cli("game", "list", "--json")[1])] == ["Short"]


def test_a_31_digit_turn_in_an_import_is_one_line(cli, tmp_path: Path) -> None:
    path = _exported(cli, tmp_path, "Turns")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"]["turn"] = 10**30
    path.write_text(json.dumps(data), encoding="utf-8")
    err = _one_line_refusal(cli("game", "import", str(path)))
    assert err == f"mstracker: import: {path}: game.turn: expected a count, found {10**30}\n"


def test_game_list_reads_the_games_table_only(cli) -> None:
    """No log is read and no game core imported: a list costs the same whatever the notes hold."""
    import subprocess
    import sys

    _new(cli, "Listed")
    code = ("import sys, json; from mstracker.cli import main; main(['game', 'list', '--json']); "
            "print(json.dumps(sorted(m for m in ('mstracker.game', 'mstracker.store.games', 'mstracker.fleet') "
            "if m in sys.modules)), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(os.environ))
    assert [g["name"] for g in json.loads(out.stdout)] == ["Listed"]
    assert json.loads(out.stderr) == []
