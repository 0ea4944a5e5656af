"""An installed wheel carries data/ and runs from a folder outside the repo."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_runs_rules_list_outside_the_repo(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(dist)],
        cwd=REPO, check=True, capture_output=True,
    )
    wheel = next(dist.glob("mstracker-*.whl"))
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
