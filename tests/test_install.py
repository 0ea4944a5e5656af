"""An installed wheel carries data/ and runs from a folder outside the repo, README examples and all."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(dist)],
        cwd=REPO, check=True, capture_output=True,
    )
    return next(dist.glob("mstracker-*.whl"))


@pytest.mark.slow
def test_wheel_runs_rules_list_outside_the_repo(tmp_path: Path, wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "mstracker/data/rulesets/spook.toml" in names
    assert "mstracker/py.typed" in names  # a ruleset author's type checker reads mstracker.api's types
    assert any(n.startswith("mstracker/data/fleets/") for n in names)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "MSTRACKER_HOME": str(tmp_path / "home")}
    code = "import mstracker, sys; from mstracker.cli import main; print(mstracker.__file__, file=sys.stderr); sys.exit(main(['rules', 'list', '--json']))"
    out = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip().startswith(str(target))
    assert [r["id"] for r in json.loads(out.stdout)] == ["spook", "lukas", "pz8", "cal"]


def readme_cli_examples() -> list[list[str]]:
    """The commands of the README's "Command line" block, as a shell would split them."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text.split("\n## Command line\n", 1)[1].split("```sh\n", 1)[1].split("\n```", 1)[0]
    joined = re.sub(r"\\\n\s*", " ", block)  # continuation lines
    return [shlex.split(line, comments=True) for line in joined.splitlines() if line.strip()]


def _pipx_like_install(wheel: Path, venv: Path) -> Path:
    """A venv of its own with the wheel installed, as pipx makes; its bin/ holds the `mstracker` script.

    The dependencies are lent from this test's environment (a .pth line to its site-packages, which
    holds no mstracker of its own: an editable install's hook runs only in its own site dir), so the
    test needs no package index and takes seconds; resolving them is what `make` already does.
    """
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    vpy = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(vpy), "install", "--quiet", "--no-deps", str(wheel)],
        check=True, capture_output=True,
    )
    site = Path(subprocess.run([str(vpy), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "_lent_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    return vpy.parent


@pytest.mark.slow
def test_the_readme_cli_examples_run_from_an_empty_folder_after_a_wheel_install(tmp_path: Path, wheel: Path) -> None:
    commands = readme_cli_examples()
    assert len(commands) >= 30 and all(c[0] == "mstracker" for c in commands)
    assert not any("data/" in word for c in commands for word in c)  # names, not paths into a clone
    bin_dir = _pipx_like_install(wheel, tmp_path / "venv")
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
           "MSTRACKER_HOME": str(tmp_path / "home"), "COLUMNS": "120"}
    env.pop("PYTHONPATH", None)
    where = subprocess.run(["mstracker", "--version"], cwd=empty, env=env, capture_output=True, text=True)
    assert where.returncode == 0 and "mstracker" in where.stdout
    origin = subprocess.run([str(bin_dir / "python"), "-c", "import mstracker; print(mstracker.__file__)"],
                            cwd=empty, env=env, capture_output=True, text=True)
    assert origin.stdout.startswith(str(tmp_path / "venv")), origin  # the wheel's copy, not the clone's
    for command in commands:
        run = subprocess.run(command, cwd=empty, env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, (command, run.stderr)
        assert "Traceback" not in run.stderr, (command, run.stderr)
    copied = (empty / "razor.toml").read_text(encoding="utf-8")
    assert 'name = "Razor Squadron"' in copied
    games = subprocess.run(["mstracker", "game", "list", "--json"], cwd=empty, env=env, capture_output=True, text=True)
    names = sorted(g["name"] for g in json.loads(games.stdout))
    assert names[:2] == ["Blue vs Red", "Razor vs Anchor"] and len(names) == 3  # the third is the import


DUEL = REPO / "tests" / "rulesets" / "duel"
DUEL_CONFORMANCE = """\
from mstracker.testing import RulesetConformance


class TestDuel(RulesetConformance):
    ruleset_id = "duel"
"""


@pytest.mark.slow
def test_an_outside_ruleset_wheel_installs_beside_mstracker_and_meets_the_contract(tmp_path: Path, wheel: Path) -> None:
    """tests/rulesets/duel built as a wheel of its own (its entry point in `mstracker.rulesets`), installed
    into a fresh venv with mstracker's wheel: listed by `mstracker rules list`, type-checked with
    `mypy --strict` against the installed contract (mstracker.api, py.typed), and passing the conformance kit."""
    source = tmp_path / "duel-src"
    shutil.copytree(DUEL / "duel_ruleset", source / "duel_ruleset", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(DUEL / "pyproject.toml", source / "pyproject.toml")  # its own project: name, entry point
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(dist)],
                   cwd=source, check=True, capture_output=True)
    duel_wheel = next(dist.glob("mstracker_duel-*.whl"))
    assert "duel_ruleset/duel.toml" in zipfile.ZipFile(duel_wheel).namelist()
    bin_dir = _pipx_like_install(wheel, tmp_path / "venv")
    vpy = bin_dir / ("python.exe" if os.name == "nt" else "python")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(vpy), "install", "--quiet", "--no-deps", str(duel_wheel)],
                   check=True, capture_output=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
           "MSTRACKER_HOME": str(tmp_path / "home"), "COLUMNS": "120"}
    env.pop("PYTHONPATH", None)
    listed = subprocess.run(["mstracker", "rules", "list", "--json"], cwd=empty, env=env, capture_output=True, text=True)
    assert listed.returncode == 0, listed.stderr
    assert [r["id"] for r in json.loads(listed.stdout)] == ["spook", "lukas", "pz8", "cal", "duel"]
    # mypy --strict of the ruleset's source against the contract the venv has installed: the author's own config
    # (pydantic's plugin, for the data model and the roster's aliased fields), none of the project's
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nplugins = pydantic.mypy\n", encoding="utf-8")
    typed = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable", str(vpy),
                            "--config-file", str(config), str(source / "duel_ruleset")],
                           cwd=empty, env=env, capture_output=True, text=True)
    assert typed.returncode == 0, typed.stdout + typed.stderr
    # the conformance kit, run by the venv's own python on the installed ruleset
    (empty / "test_duel_conformance.py").write_text(DUEL_CONFORMANCE, encoding="utf-8")
    kit = subprocess.run([str(vpy), "-m", "pytest", "-p", "no:cacheprovider", "test_duel_conformance.py"],
                         cwd=empty, env=env, capture_output=True, text=True, timeout=600)
    assert kit.returncode == 0, kit.stdout[-3000:] + kit.stderr[-2000:]
    assert "passed" in kit.stdout and "failed" not in kit.stdout
