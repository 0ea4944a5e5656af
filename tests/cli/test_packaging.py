"""A package people can trust: licence and metadata, lean --version/--help, completion, quiet pipes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# The Python versions the whole suite was run and passed on, the only ones the classifiers name
# (3.12 and 3.13 install and run, but the suite has not yet been seen green on them).
TESTED_PYTHONS = ["3.11"]
RAZOR = str(REPO / "data/fleets/pz8/razor-squadron.toml")
ANCHOR = str(REPO / "data/fleets/pz8/anchor-flight.toml")


def test_licence_classifiers_urls_and_dependency_floors() -> None:
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    classifiers = set(meta["classifiers"])
    assert {"Programming Language :: Python :: 3.11", "Operating System :: OS Independent", "Environment :: Console"} <= classifiers
    assert "urls" not in meta  # no project home exists yet: no URL that leads nowhere
    pythons = sorted(c.rsplit(" ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert pythons == TESTED_PYTHONS
    deps = {d.split(">")[0].split("=")[0]: d for d in meta["dependencies"]}
    assert deps["rich"] == "rich>=14.2.0"  # what textual 8.2.8 itself requires
    assert deps["textual-serve"] == "textual-serve>=1.1.1"  # with 1.1.0 the browser page never loads
    assert {"filelock", "tomlkit", "shtab", "textual-serve"} <= set(deps)


def _python(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO)


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_version_and_help_import_neither_rich_nor_pydantic(argv: list[str]) -> None:
    code = (
        "import sys\nfrom mstracker.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "heavy = sorted(m for m in ('rich', 'pydantic', 'textual', 'sqlite3') if m in sys.modules)\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
    )
    out = _python(code)
    assert "HEAVY []" in out.stderr, out.stderr
    assert "mstracker" in out.stdout


def test_help_lists_every_command() -> None:
    out = subprocess.run([sys.executable, "-m", "mstracker", "--help"], capture_output=True, text=True, cwd=REPO)
    for command in ("rules", "roll", "odds", "fleet", "game", "watch", "serve", "completion"):
        assert f"    {command}" in out.stdout


@pytest.mark.parametrize(("shell", "marker"), [("bash", "complete -o"), ("zsh", "#compdef mstracker"), ("fish", "complete -c mstracker")])
def test_completion_scripts_know_the_subcommands(cli, shell: str, marker: str) -> None:
    code, out, err = cli("completion", shell)
    assert code == 0, err
    assert marker in out
    for word in ("game", "fleet", "watch", "export"):
        assert word in out


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "MSTRACKER_HOME": str(tmp_path / "home"), "COLUMNS": "120"}


@pytest.mark.slow
def test_closed_stdout_after_a_committed_action_exits_0_quietly(tmp_path: Path) -> None:
    env = _env(tmp_path)
    mst = [sys.executable, "-m", "mstracker"]
    new = subprocess.run([*mst, "game", "new", "--ruleset", "pz8", "--fleet", RAZOR, "--fleet", ANCHOR, "--name", "P"], env=env, capture_output=True)
    assert new.returncode == 0
    # `game act P note x | true`: the reader is gone before anything is written
    act = subprocess.Popen([*mst, "game", "act", "P", "note", "x"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert act.stdout is not None
    act.stdout.close()
    _, err = act.communicate(timeout=60)
    assert act.returncode == 0 and err == b""
    log = subprocess.run([*mst, "game", "log", "P", "--json"], env=env, capture_output=True, text=True)
    assert [r["action"]["kind"] for r in json.loads(log.stdout)] == ["new-game", "note"]
    # `game act --help | head -1`: no BrokenPipe traceback
    helper = subprocess.Popen([*mst, "game", "act", "--help"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert helper.stdout is not None
    helper.stdout.readline()
    helper.stdout.close()
    _, err = helper.communicate(timeout=60)
    assert helper.returncode == 0 and b"Traceback" not in err and err == b""


# ---- make for newcomers: the venv's Python is checked before anything is installed -----------------


def _fake_python(path: Path, version: str, base: str) -> Path:
    """An executable that answers the Makefile's probe as a Python `version` installed at `base` would."""
    new = "new" if tuple(int(p) for p in version.split(".")) >= (3, 11) else "old"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho '{version} {new} {base}'\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def _make(folder: Path, *argv: str, python3: str = "3.12") -> subprocess.CompletedProcess[str]:
    """`make -n ...` (print, do not run) in a copy of the Makefile, `python3` on PATH being a fake."""
    import shutil

    if shutil.which("make") is None:
        pytest.skip("no make here")
    bin_dir = folder / "fakebin"
    _fake_python(bin_dir / "python3", python3, f"/opt/python{python3}")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHON", "MAKEFLAGS", "MAKELEVEL")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run(["make", "-n", *argv], cwd=folder, env=env, capture_output=True, text=True)


@pytest.fixture
def make_folder(tmp_path: Path) -> Path:
    (tmp_path / "Makefile").write_bytes((REPO / "Makefile").read_bytes())
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    os.utime(tmp_path / "pyproject.toml", (1_000_000, 1_000_000))  # older than any stamp written below
    return tmp_path


def _venv(folder: Path, version: str) -> None:
    _fake_python(folder / ".venv/bin/python", version, f"/opt/python{version}")
    for stamp in (".mstracker-installed", ".mstracker-test-installed"):
        (folder / ".venv" / stamp).touch()


def test_make_refuses_a_python_older_than_3_11_in_one_line(make_folder: Path) -> None:
    old = _fake_python(make_folder / "py310", "3.10", "/opt/python3.10")
    run = _make(make_folder, "run", f"PYTHON={old}")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1
    assert f"PYTHON={old} is Python 3.10; mstracker needs 3.11 or newer: e.g. PYTHON=python3.12 make run" in run.stderr
    _venv(make_folder, "3.12")  # even beside a good venv: what was asked for cannot be used
    assert _make(make_folder, "test", f"PYTHON={old}").returncode == 2
    missing = _make(make_folder, "run", "PYTHON=python3.99-nowhere")
    assert missing.returncode == 2 and "PYTHON=python3.99-nowhere does not run: mstracker needs Python 3.11 or newer" in missing.stderr
    assert _make(make_folder, "clean", f"PYTHON={old}").returncode == 0  # clean needs no Python


def test_make_recreates_a_venv_older_than_3_11(make_folder: Path) -> None:
    _venv(make_folder, "3.10")
    run = _make(make_folder, "run")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == 'echo "recreating .venv: its Python 3.10 is older than 3.11"; rm -rf .venv; python3 -m venv .venv'


def test_make_recreates_a_venv_made_by_another_python_than_asked(make_folder: Path) -> None:
    _venv(make_folder, "3.11")
    asked = _fake_python(make_folder / "py312", "3.12", "/opt/python3.12")
    run = _make(make_folder, "run", f"PYTHON={asked}")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == (
        f'echo "recreating .venv: it was made by another Python than PYTHON={asked}"; rm -rf .venv; {asked} -m venv .venv'
    )
    same = _fake_python(make_folder / "py311", "3.11", "/opt/python3.11")  # another name for the venv's own Python
    assert _make(make_folder, "run", f"PYTHON={same}").stdout.splitlines() == [".venv/bin/mstracker"]


def test_make_keeps_a_good_venv_and_creates_a_missing_one(make_folder: Path) -> None:
    missing = _make(make_folder, "venv")
    assert missing.returncode == 0 and missing.stdout.splitlines()[0] == 'echo "creating .venv"; rm -rf .venv; python3 -m venv .venv'
    _venv(make_folder, "3.12")
    kept = _make(make_folder, "test", python3="3.13")  # python3 is another Python now, but nobody asked for it
    # nothing is rebuilt: only the checks themselves run (mypy, then pytest)
    assert kept.returncode == 0 and kept.stdout.splitlines() == [".venv/bin/python -m mypy", ".venv/bin/python -m pytest -n 4"]
