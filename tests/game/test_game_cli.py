"""`mstracker game ...` through mstracker.cli.main, with the in-test ruleset and with shipped pz8 data."""

from __future__ import annotations

import json
from pathlib import Path

import minirules
import pytest

from mstracker.cli import main
from mstracker.store import games as games_module
from mstracker.store.fleets import roster_to_toml, sample_fleets


@pytest.fixture(autouse=True)
def mini_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    real = games_module._catalog_engines

    def factory(dirs):  # noqa: ANN001, ANN202
        catalog = real(dirs)
        return lambda rid: minirules.engine() if rid == "mini" else catalog(rid)

    monkeypatch.setattr(games_module, "_catalog_engines", factory)


@pytest.fixture
def fleets(tmp_path: Path) -> list[str]:
    paths = []
    for r in minirules.rosters():
        p = tmp_path / f"{r.name}.toml"
        p.write_text(roster_to_toml(r), encoding="utf-8")
        paths.append(str(p))
    return paths


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def bad(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert err.startswith("mstracker: ") and err.count("\n") == 1
    return err


def new_game(capsys: pytest.CaptureFixture[str], fleets: list[str], *extra: str) -> int:
    data = run_json(capsys, "game", "new", "--ruleset", "mini", "--fleet", fleets[0], "--fleet", fleets[1], *extra)
    return data["id"]


def test_new_with_settings_and_list(capsys: pytest.CaptureFixture[str], fleets: list[str]) -> None:
    code, out, err = run(capsys, "game", "new", "--ruleset", "mini", "--fleet", fleets[0], "--fleet", fleets[1], "--set", "victory=defense")
    assert code == 0, err
    assert "Red Fleet vs Blue Fleet" in out and "defense (changed)" in out
    data = run_json(capsys, "game", "new", "--ruleset", "mini", "--fleet", fleets[0], "--fleet", fleets[1], "--name", "Rematch", "--set", "reload_turns=3")
    assert data["name"] == "Rematch" and data["settings"]["reload_turns"] == 3 and data["ships"] == 6
    games = run_json(capsys, "game", "list")
    assert [g["name"] for g in games] == ["Rematch", "Red Fleet vs Blue Fleet"]
    code, out, _ = run(capsys, "game", "list")
    assert "Rematch" in out and "in play" in out


def test_new_refuses_bad_input(capsys: pytest.CaptureFixture[str], fleets: list[str], tmp_path: Path) -> None:
    base = ["game", "new", "--ruleset", "mini", "--fleet", fleets[0], "--fleet", fleets[1]]
    assert "no setting 'speed'; settings: friendly_fire, reload_turns, victory" in bad(capsys, *base, "--set", "speed=3")
    assert "not one of: deathmatch, defense" in bad(capsys, *base, "--set", "victory=capture")
    assert "expected KEY=VALUE" in bad(capsys, *base, "--set", "victory")
    assert "no such file" in bad(capsys, "game", "new", "--ruleset", "mini", "--fleet", str(tmp_path / "nope.toml"))
    assert "unknown ruleset 'chess'" in bad(capsys, "game", "new", "--ruleset", "chess", "--fleet", fleets[0])
    new_game(capsys, fleets, "--name", "Taken")
    assert "already exists" in bad(capsys, *base, "--name", "taken")


def test_show_act_undo_redo(capsys: pytest.CaptureFixture[str], fleets: list[str]) -> None:
    gid = str(new_game(capsys, fleets))
    code, out, _ = run(capsys, "game", "show", gid)
    assert code == 0 and "set-up" in out and "Red Fleet 1" in out and "100/100" in out
    code, out, _ = run(capsys, "game", "act", gid, "next-step")
    assert code == 0 and "Turn 1: Ann to play" in out and "Upkeep" in out
    data = run_json(capsys, "game", "act", "Red Fleet vs Blue Fleet", "fire", "1", "w1", "4", "--faces", "10")
    assert data["events"][0]["data"]["dice"] == [[12, 10]] and "d12=10" in data["events"][0]["text"]
    code, out, _ = run(capsys, "game", "act", gid, "adjust", "Ann", "ru", "-5", "bought", "a", "flare")
    assert code == 0 and "Ann ru: 20 → 15 (-5), bought a flare" in out
    assert run(capsys, "game", "act", gid, "set", "2", "damaged", "yes")[0] == 0
    assert run(capsys, "game", "act", gid, "note", "the", "left", "flank", "holds")[0] == 0
    seeded = run_json(capsys, "game", "act", gid, "fire", "1", "w2", "5", "--seed", "3")
    # --seed 3: random.Random(3).randint(1, 12) is 4, below the 7 to hit: a miss
    assert seeded["events"][0]["data"]["dice"] == [[12, 4]] and "d12=4, miss" in seeded["events"][0]["text"]
    shown = run_json(capsys, "game", "show", gid)
    ships = shown["state"]["ships"]
    assert ships["4"]["record"]["armor"] == 50 and ships["2"]["record"]["damaged"] is True
    assert ships["5"]["record"]["armor"] == 100  # missed by the seeded d12=4
    assert shown["position"]["phase"] == "Upkeep" and shown["unticked"] == ["check"]
    code, out, _ = run(capsys, "game", "show", gid)
    assert "⚠" in out and "▶" in out and "[ ]" in out
    undone = run_json(capsys, "game", "undo", gid, "--steps", "3")
    assert len(undone["undone"]) == 3
    assert run_json(capsys, "game", "show", gid)["state"]["ships"]["2"]["record"]["damaged"] is False
    code, out, _ = run(capsys, "game", "redo", gid)
    assert code == 0 and "Redid" in out
    assert run_json(capsys, "game", "show", gid)["state"]["ships"]["2"]["record"]["damaged"] is True
    log = run_json(capsys, "game", "log", gid)
    assert [r["undone"] for r in log][-2:] == [True, True]


def test_act_refusals_exit_2(capsys: pytest.CaptureFixture[str], fleets: list[str]) -> None:
    gid = str(new_game(capsys, fleets))
    assert "unknown action 'dance'" in bad(capsys, "game", "act", gid, "dance")
    assert "set-up" in bad(capsys, "game", "act", gid, "tick")
    assert "0 to 100" in bad(capsys, "game", "act", gid, "set", "1", "armor", "500")
    assert "expected a whole number, not '5 6'" in bad(capsys, "game", "act", gid, "set", "1", "armor", "5", "6")
    assert "too many arguments for tick [STEP]" in bad(capsys, "game", "act", gid, "tick", "1", "2")
    assert "--faces: expected whole numbers" in bad(capsys, "game", "act", gid, "note", "x", "--faces", "a,b")
    assert "no game 'nope'" in bad(capsys, "game", "act", "nope", "note", "x")
    assert "needs GAME and ACTION" in bad(capsys, "game", "act", gid)
    assert "nothing to redo" in bad(capsys, "game", "redo", gid)
    assert "nothing to undo" in bad(capsys, "game", "undo", gid)
    for _ in range(5):  # to the last item of Attack: the players' items are ticked as they move past them
        run(capsys, "game", "act", gid, "next-step")
    run(capsys, "game", "act", gid, "untick", "fire")
    assert "Attack has unticked items: 1. Fire each weapon" in bad(capsys, "game", "act", gid, "next-step", "--json")
    assert run(capsys, "game", "act", gid, "next-step", "force")[0] == 0


def test_act_help_and_actions_list_per_ruleset(capsys: pytest.CaptureFixture[str], fleets: list[str]) -> None:
    code, out, _ = run(capsys, "game", "act", "--help")
    assert code == 0
    assert "actions of every ruleset" in out and "next-step [PLAYER] [FORCE]" in out and "set TARGET KEY VALUE" in out
    for rid in ("spook", "lukas", "pz8", "cal"):
        assert f"{rid} actions" in out
    gid = str(new_game(capsys, fleets))
    code, out, _ = run(capsys, "game", "act", gid, "--help")
    assert "mini actions" in out and "fire SHIP WEAPON TARGET" in out and "pz8 actions" not in out
    data = run_json(capsys, "game", "actions", gid)
    kinds = [a["kind"] for a in data["actions"]]
    assert kinds[:4] == ["next-step", "advance", "tick", "untick"] and "fire" in kinds and "spend" in kinds
    assert run_json(capsys, "game", "actions", "--ruleset", "pz8")["ruleset"] == "pz8"
    assert "needs GAME or --ruleset" in bad(capsys, "game", "actions")


def test_report_and_delete(capsys: pytest.CaptureFixture[str], fleets: list[str]) -> None:
    gid = str(new_game(capsys, fleets))
    run(capsys, "game", "act", gid, "next-step")
    run(capsys, "game", "act", gid, "fire", "1", "w1", "4", "--faces", "12")
    run(capsys, "game", "act", gid, "end-game", "Ann", "wins", "winner=Ann")
    code, out, _ = run(capsys, "game", "report", gid)
    assert code == 0 and out.startswith("# Battle report: Red Fleet vs Blue Fleet") and "d12=12" in out and "Ann wins" in out
    report = run_json(capsys, "game", "report", gid, "--format", "json")
    assert report["winner"] == "Ann" and report["finished"]
    assert "has ended" in bad(capsys, "game", "act", gid, "next-step")
    assert "add --yes to confirm" in bad(capsys, "game", "delete", gid)
    assert run_json(capsys, "game", "delete", gid, "--yes")["deleted"] == int(gid)
    assert run_json(capsys, "game", "list") == []


def test_locked_and_damaged_databases_are_reported(capsys: pytest.CaptureFixture[str], fleets: list[str], tmp_path: Path) -> None:
    gid = new_game(capsys, fleets)
    store = games_module.GameStore.default()
    handle = store.open_game(gid)
    assert "is already open in another mstracker" in bad(capsys, "game", "act", str(gid), "note", "x")
    handle.close()
    store.close()
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"not a database at all" * 100)
    err = bad(capsys, "game", "list", "--db", str(broken))
    assert "not an SQLite database" in err and "broken-fresh.sqlite3" in err
    assert broken.read_bytes() == b"not a database at all" * 100
    assert run_json(capsys, "game", "list", "--db", str(tmp_path / "broken-fresh.sqlite3")) == []


def test_a_shipped_ruleset_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    samples = sample_fleets("pz8")
    data = run_json(capsys, "game", "new", "--ruleset", "pz8", "--fleet", str(samples[0]), "--fleet", str(samples[1]))
    gid = str(data["id"])
    assert run(capsys, "game", "act", gid, "next-step", "--seed", "1")[0] == 0
    assert run(capsys, "game", "act", gid, "note", "first", "contact")[0] == 0
    assert run(capsys, "game", "show", gid)[0] == 0
    assert "first contact" in run(capsys, "game", "report", gid)[1]
