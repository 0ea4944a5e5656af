"""The suite with a fifth ruleset installed: the tests that list "every installed ruleset" (the registry's
order, the command line's choices, every data file, every demo battle's planner, the sample fleets) run
again in a pytest of their own with the tests' duel ruleset registered from its start
(MSTRACKER_TEST_FIFTH_RULESET=1, tests/conftest.py), so none of them may assume exactly the four books."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

#: The tests that once assumed the four books, each listing the installed rulesets in its own way.
EVERY_INSTALLED = (
    "tests/rules/test_loading.py",
    "tests/store/test_ruleset_meta.py",
    "tests/cli/test_completion.py",
    "tests/cli/test_rules_cli.py",
    "tests/cli/test_fleet_cli.py",
    "tests/game/test_contract_engine.py",
    "tests/game/test_planner_rulesets.py",
    "tests/game/test_game_cli.py",
    "tests/game/test_state_and_setup.py",
    "tests/game/test_report.py",
)


def test_the_fifth_ruleset_switch_registers_duel_for_the_whole_run() -> None:
    code = ("import sys; sys.path.insert(0, 'tests'); import conftest; conftest._register_duel(); "
            "from mstracker.rules.registry import ruleset_ids; print(' '.join(ruleset_ids()))")
    env = {**os.environ, "MSTRACKER_TEST_FIFTH_RULESET": "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["spook", "lukas", "pz8", "cal", "duel"]


@pytest.mark.slow
def test_the_tests_of_every_installed_ruleset_pass_with_a_fifth_installed(tmp_path: Path) -> None:
    env = {**os.environ, "MSTRACKER_TEST_FIFTH_RULESET": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-x",
         "--basetemp", str(tmp_path / "t"), *EVERY_INSTALLED],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=1800,
    )
    tail = "\n".join(run.stdout.splitlines()[-30:])
    assert run.returncode == 0, tail
    assert " passed" in tail and "failed" not in tail
