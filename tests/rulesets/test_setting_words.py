"""Player-facing words name a setting as the settings screen shows it, in its own words, never by its key
(issue 16: players never see "ram_pct"); a setting named “in quotes” is one of the ruleset's own."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mstracker.rulesets import cal, lukas, pz8, spook
from mstracker.store.catalog import book_ruleset

RULESETS = {"spook": spook, "cal": cal, "pz8": pz8, "lukas": lukas}


def _prose(package: object) -> list[tuple[str, int, str]]:
    """Every string literal with a space in the package's modules, docstrings and comments left out."""
    found = []
    for path in sorted(Path(package.__file__).parent.rglob("*.py")):  # type: ignore[attr-defined]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value \
                    and id(node) not in docs:
                found.append((path.name, node.lineno, node.value))
    return found


def _toml_prose(value: Any) -> list[str]:
    """The strings with a space in a ruleset's data (ids and a setting's own values left out)."""
    if isinstance(value, str):
        return [value] if " " in value else []
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in ("id", "value", "options") for s in _toml_prose(v)]
    if isinstance(value, list):
        return [s for v in value for s in _toml_prose(v)]
    return []


@pytest.mark.parametrize("name", RULESETS)
def test_no_setting_key_in_what_players_read(name: str) -> None:
    settings = book_ruleset(name).settings
    keys = [k for k in settings if "_" in k]  # a one-word key ("victory") is also a plain word
    path = Path(__file__).resolve().parents[2] / "data" / "rulesets" / f"{name}.toml"
    texts = [(path.name, 0, text) for text in _toml_prose(tomllib.loads(path.read_text(encoding="utf-8")))]
    texts += _prose(RULESETS[name])
    raw = [(f, n, k) for f, n, text in texts for k in keys if re.search(rf"(?<![{{\w]){k}\b", text)]
    assert raw == []
    for f, n, text in texts:
        for m in re.finditer(r"setting “([^”]+)”", text):
            assert any(m.group(1) in s.text for s in settings.values()), (f, n, m.group(1))


def test_nothing_players_read_cites_the_projects_digest() -> None:
    """Player-facing text cites the rulebook's own sections ("pz8 §3"), never RULES.md (the developers' digest)."""
    import mstracker

    data = Path(__file__).resolve().parents[2] / "data" / "rulesets"
    texts = [(p.name, 0, s) for p in sorted(data.glob("*.toml"))
             for s in _toml_prose(tomllib.loads(p.read_text(encoding="utf-8")))]
    texts += _prose(mstracker)
    assert [(f, n) for f, n, text in texts if "RULES.md" in text] == []
