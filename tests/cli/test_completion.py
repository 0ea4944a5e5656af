"""`mstracker __complete games` (what the scripts run on <TAB>) and what the scripts are told to complete."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mstracker.cli import main
from mstracker.cli.completion_cmd import GAMES, annotate, known_words
from mstracker.rules.registry import ruleset_ids
from mstracker.store.games import GameStore

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "fleets" / "spook"
FLEETS = ["--fleet", str(SAMPLES / "scrimmage-blue.toml"), "--fleet", str(SAMPLES / "scrimmage-red.toml")]


def new_game(cli, name: str) -> int:
    code, out, err = cli("game", "new", "--ruleset", "spook", *FLEETS, "--name", name, "--json")
    assert code == 0, err
    return json.loads(out)["id"]


def test_lists_the_saved_games_most_recent_first(cli, isolated_home: Path) -> None:
    new_game(cli, "Blue Moon")
    new_game(cli, "Red Alpha")
    # Blue Moon was played last (set here: the store's clock keeps whole seconds, both fall in one)
    db = sqlite3.connect(isolated_home / "data" / "games.sqlite3")
    db.execute("UPDATE games SET updated = '2030-01-01T00:00:00+00:00' WHERE name = 'Blue Moon'")
    db.commit()
    db.close()
    code, out, err = cli("__complete", "games")
    assert (code, out, err) == (0, "Blue Moon\nRed Alpha\n", "")


def test_no_database_yet_offers_nothing_and_creates_nothing(cli, isolated_home: Path) -> None:
    assert cli("__complete", "games") == (0, "", "")
    assert not isolated_home.exists()


def test_reads_without_a_lock_beside_a_writer(cli, isolated_home: Path) -> None:
    game_id = new_game(cli, "Blue Moon")
    db = isolated_home / "data" / "games.sqlite3"
    store = GameStore(db)
    handle = store.open_game(game_id)  # the game is being played: its lock is held
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # and another program holds the database's write lock
    try:
        before = db.read_bytes(), sorted(p.name for p in (db.parent / "games.sqlite3.locks").iterdir())
        assert cli("__complete", "games") == (0, "Blue Moon\n", "")
        after = db.read_bytes(), sorted(p.name for p in (db.parent / "games.sqlite3.locks").iterdir())
        assert after == before
    finally:
        writer.execute("ROLLBACK")
        writer.close()
        handle.close()
        store.close()


def test_names_that_cannot_be_typed_on_one_line_are_left_out(cli, isolated_home: Path) -> None:
    new_game(cli, "Blue Moon")
    db = sqlite3.connect(isolated_home / "data" / "games.sqlite3")
    row = "INSERT INTO games (name, ruleset, created, updated) VALUES (?, 'spook', '2026', '2026')"
    db.execute(row, ("two\nlines",))
    db.execute(row, (b"\xff\xfe not utf-8",))
    db.commit()
    db.close()
    assert cli("__complete", "games") == (0, "Blue Moon\n", "")


def test_a_file_that_is_not_a_database_prints_nothing(cli, isolated_home: Path) -> None:
    (isolated_home / "data").mkdir(parents=True)
    (isolated_home / "data" / "games.sqlite3").write_bytes(b"not sqlite at all" * 100)
    assert cli("__complete", "games") == (0, "", "")


def test_an_unknown_kind_is_one_line_and_exit_2(cli) -> None:
    code, out, err = cli("__complete", "fleets")
    assert (code, out) == (2, "")
    assert err == "mstracker: __complete takes one of: games\n"


def test_imports_sqlite_only(isolated_home: Path) -> None:
    probe = (
        "import sys\n"
        "from mstracker.cli import main\n"
        "main(['__complete', 'games'])\n"
        "heavy = [m for m in ('pydantic', 'rich', 'textual', 'mstracker.game', 'mstracker.fleet', 'mstracker.rules',"
        " 'mstracker.store.games', 'filelock') if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={**os.environ, "MSTRACKER_HOME": str(isolated_home)})
    assert done.stdout.splitlines()[-1] == "HEAVY []"


# ---- what the scripts are told ------------------------------------------------------------------


@pytest.fixture(scope="module")
def annotated():
    from mstracker.cli import build_parser

    parser = build_parser(full=True)
    annotate(parser, known_words())
    return parser


def _arg(parser, *path: str, dest: str):
    import argparse

    for word in path:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[word]
    return next(a for a in parser._actions if a.dest == dest)


def test_every_path_argument_completes_files(annotated) -> None:
    import shtab

    for path, dest in ((("fleet", "check"), "file"), (("fleet", "show"), "file"), (("fleet", "new"), "output"),
                       (("game", "new"), "fleet"), (("game", "export"), "output"), (("game", "import"), "file"),
                       (("game", "show"), "db"), (("watch",), "db"), (("serve",), "db")):
        assert _arg(annotated, *path, dest=dest).complete == shtab.FILE, (path, dest)


def test_game_arguments_complete_saved_games(annotated) -> None:
    for path in (("game", "act"), ("game", "show"), ("game", "report"), ("game", "plan"), ("watch",), ("serve",)):
        assert _arg(annotated, *path, dest="game").complete is GAMES


def test_rulesets_sections_and_actions_are_the_installed_ones(annotated) -> None:
    # every installed ruleset, the four built-in ones first (a fifth installed one comes after them)
    assert _arg(annotated, "rules", "show", dest="ruleset").choices == ruleset_ids()
    assert _arg(annotated, "game", "new", dest="ruleset").choices == ruleset_ids()
    assert ruleset_ids()[:4] == ("spook", "lukas", "pz8", "cal")
    sections = _arg(annotated, "rules", "show", dest="section").choices
    assert {"weapons", "classes", "tables", "phases", "settings"} <= set(sections)
    actions = _arg(annotated, "game", "act", dest="action").choices
    assert {"next-step", "note", "fire", "roll-off"} <= set(actions)  # generic ones and spook's own


def test_the_real_parser_still_takes_any_ruleset_word(cli) -> None:
    """The choices above are only written into the script: the parser the commands use is not changed."""
    code, _, err = cli("rules", "show", "nosuch")
    assert code == 2 and "unknown ruleset 'nosuch'" in err
