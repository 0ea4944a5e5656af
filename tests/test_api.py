"""mstracker.api, the one import for ruleset authors: every name it lists is there, the test ruleset (duel)
is written against it alone, and importing the package's part of it stays light (a registry lists
titles by importing each ruleset's `__init__`)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import mstracker.api as api
from mstracker.game.plugin import RulesetPlugin
from mstracker.rules.contract import RulesetPackage

DUEL = Path(__file__).resolve().parent / "rulesets" / "duel" / "duel_ruleset"


def test_every_listed_name_is_the_contract_s_own() -> None:
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    assert api.RulesetPackage is RulesetPackage and api.RulesetPlugin is RulesetPlugin
    assert {"Batch", "RuleAction", "Incomplete", "auto_step", "ArgSpec", "ArgType", "RecordSpec", "FieldSpec", "DicePlan",
            "DieNeed", "LegalAction", "Readiness", "ItemReadiness", "Obligation", "InvalidAction", "TurnStructure",
            "expected_dealt"} <= set(api.__all__)
    assert "action" not in api.__all__  # every action is a typed RuleAction: no decider decorator is offered


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        api.Engine  # noqa: B018 - the engine is mstracker's, not the author's
    except AttributeError as exc:
        assert "Engine" in str(exc)
    else:
        raise AssertionError("mstracker.api lists no Engine")


def test_the_test_ruleset_imports_only_mstracker_api() -> None:
    sources = sorted(DUEL.glob("*.py"))
    assert len(sources) >= 4
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mstracker"):
                assert node.module == "mstracker.api", f"{path.name}:{node.lineno} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("mstracker") for a in node.names), f"{path.name}:{node.lineno}"


def test_a_package_s_init_importing_the_contract_pulls_in_no_engine() -> None:
    code = ("import sys\nfrom mstracker.api import RulesetPackage, DemoSpec\n"
            "print(sorted(m for m in ('mstracker.game.engine', 'pydantic', 'textual') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[]"
