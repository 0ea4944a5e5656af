"""`rules list` reads each ruleset's [meta] alone: the same values the built ruleset has, or None."""

from __future__ import annotations

from pathlib import Path

import pytest

from mstracker.rules.registry import ruleset_ids
from mstracker.store import ruleset_meta as meta_module
from mstracker.store.catalog import book_ruleset
from mstracker.store.ruleset_meta import ruleset_meta


@pytest.mark.parametrize("rid", ruleset_ids())
def test_meta_read_alone_equals_the_built_rulesets(rid: str) -> None:
    m = book_ruleset(rid).meta
    assert ruleset_meta(rid) == {"id": m.id, "title": m.title, "version": m.version, "dice": list(m.dice),
                                 "distance_unit": m.distance_unit}


@pytest.mark.parametrize(
    "text",
    [
        "[basics]\nx = 1\n",  # no [meta] at all
        '[meta]\nid = "spook"\ntitle = "T"\nversion = 2\ndice = ["d6"]\ndistance_unit = "u"\n',  # a number
        '[meta]\nid = "other"\ntitle = "T"\nversion = "1"\ndice = ["d6"]\ndistance_unit = "u"\n',  # another id
        '[meta]\nid = "spook"\ntitle = "T\nversion = "1"\n',  # broken TOML
        '[meta]\nid = "spook"\ntitle = "T"\nversion = "1"\n[basics]\ndice = ["d6"]\ndistance_unit = "u"\n',
    ],
)
def test_meta_that_is_not_plain_gives_none(text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "spook.toml"
    path.write_text(text)
    monkeypatch.setattr(meta_module, "ruleset_file", lambda rid: path)
    assert ruleset_meta("spook") is None


def test_a_missing_file_gives_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meta_module, "ruleset_file", lambda rid: tmp_path / "gone.toml")
    assert ruleset_meta("spook") is None


def test_rules_list_falls_back_to_the_built_ruleset(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    import json

    from mstracker.cli import main

    assert main(["rules", "list", "--json"]) == 0
    read_alone = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(meta_module, "ruleset_meta", lambda rid: None)
    assert main(["rules", "list", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == read_alone
    assert [row["id"] for row in read_alone] == list(ruleset_ids())  # the four books first, then any other installed
    assert [row["id"] for row in read_alone][:4] == ["spook", "lukas", "pz8", "cal"]
