"""TOML files nested too deep are refused before tomllib reads them (its dotted keys take quadratic time)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mstracker.paths import shipped_data_dir
from mstracker.store.tomlfile import MAX_DEPTH, FileProblem, nesting_depth, parse_toml_bytes


def test_a_key_of_31_parts_is_read_and_one_of_33_is_refused_by_line() -> None:
    ok = "[" + ".".join(["a"] * 31) + "]\nx = 1\n"
    assert nesting_depth(parse_toml_bytes(ok.encode(), "f.toml")) == 32  # the file's own table, then 31
    deep = "title = 'x'\n\n" + ".".join(["a"] * 33) + " = 1\n"
    with pytest.raises(FileProblem, match=r"^f.toml: line 3: a key of more than 32 parts; the limit is 32$"):
        parse_toml_bytes(deep.encode(), "f.toml")


@pytest.mark.parametrize(
    "text",
    [
        'a = "' + "." * 500 + '"\n',  # dots inside strings are text
        "a = '" + "x." * 300 + "'\n",
        'a = """\n[' + "b." * 300 + 'c]\n"""\n',  # a table header inside a multi-line string
        "a = '''" + "[{" * 300 + "'''\n",
        "# " + "a." * 300 + "\nb = 1\n",
        '"' + "k." * 100 + '".x = 1.5\n',  # one quoted part holding dots, then one more part
        "v = [1.5, 2.5, 1979-05-27T07:32:00.999]\n",
    ],
)
def test_dots_and_brackets_in_strings_comments_and_values_are_not_counted(text: str) -> None:
    assert parse_toml_bytes(text.encode(), "f.toml") == tomllib.loads(text)


def test_brackets_nested_past_the_limit_are_refused_before_parsing() -> None:
    text = "a = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n"
    with pytest.raises(FileProblem, match=r"^f.toml: line 1: nested more than 32 brackets deep; the limit is 32$"):
        parse_toml_bytes(text.encode(), "f.toml")
    inline = "a = " + "{b = " * 40 + "1" + "}" * 40 + "\n"
    with pytest.raises(FileProblem, match="nested more than 32 brackets deep"):
        parse_toml_bytes(inline.encode(), "f.toml")


def test_every_shipped_toml_file_stays_within_the_limits() -> None:
    files = sorted(shipped_data_dir().rglob("*.toml"))
    assert len(files) >= 20
    for path in files:
        assert nesting_depth(parse_toml_bytes(path.read_bytes(), path.name)) <= MAX_DEPTH, path


def test_nesting_depth_counts_tables_and_lists() -> None:
    assert nesting_depth({}) == 1
    assert nesting_depth({"a": 1, "b": {"c": [1, {"d": 2}]}}) == 4
    value: dict = {}
    for _ in range(50_000):  # far past the recursion limit: counted without recursion
        value = {"a": value}
    assert nesting_depth(value) == 50_001


def test_house_rule_and_settings_files_share_the_refusal(tmp_path: Path) -> None:
    from mstracker.store.tomlfile import read_toml

    path = tmp_path / "spook.toml"
    path.write_text("[" + ".".join(["w"] * 40) + "]\ndamage = 1\n", encoding="utf-8")
    with pytest.raises(FileProblem, match=r"^house-rules/spook.toml: line 1: a key of more than 32 parts"):
        read_toml(path, "house-rules/spook.toml")
