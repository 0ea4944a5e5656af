"""A package people can trust: licence and metadata, lean --version/--help, completion, quiet pipes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RAZOR = str(REPO / "data/fleets/pz8/razor-squadron.toml")
ANCHOR = str(REPO / "data/fleets/pz8/anchor-flight.toml")


def test_licence_classifiers_urls_and_dependency_floors() -> None:
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    classifiers = set(meta["classifiers"])
    assert {"Programming Language :: Python :: 3.11", "Operating System :: OS Independent", "Environment :: Console"} <= classifiers
    assert {"Homepage", "Source", "Issues"} <= set(meta["urls"])
    deps = {d.split(">")[0].split("=")[0]: d for d in meta["dependencies"]}
    assert deps["rich"] == "rich>=14.2.0"  # what textual 8.2.8 itself requires
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
