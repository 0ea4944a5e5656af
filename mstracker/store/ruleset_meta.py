"""Where a ruleset's data file is, and its [meta] table read without building the ruleset.

`rules list` shows every ruleset's id, title, version, dice and distance unit. Building the
rulesets for that (pydantic models, every section validated) cost most of the command's time, so
the [meta] table is read alone: the file's text from `[meta]` to the next table, parsed with tomllib.
When that part does not give the five values plainly, `ruleset_meta` returns None and the caller
builds the ruleset, whose validation names the problem.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from ..paths import shipped_data_dir
from ..rules.registry import BrokenRuleset, UnknownRuleset, package
from .tomlfile import FileProblem, read_regular

LISTED = ("id", "title", "version", "dice", "distance_unit")

_META = re.compile(r"^\[meta\][ \t]*(?:#.*)?$", re.MULTILINE)
_NEXT_TABLE = re.compile(r"^\[", re.MULTILINE)


def ruleset_file(ruleset_id: str) -> Path:
    """The data file of a ruleset: its package's own, else the shipped data/rulesets/<id>.toml."""
    declared = package(ruleset_id).data_file
    return declared if declared is not None else shipped_data_dir() / "rulesets" / f"{ruleset_id}.toml"


def _meta_table(ruleset_id: str) -> dict[str, Any] | None:
    """The data file's [meta] table alone, parsed; None when it cannot be read plainly."""
    path = ruleset_file(ruleset_id)
    try:
        text = read_regular(path, path.name).decode("utf-8")
    except (FileProblem, UnicodeDecodeError):
        return None
    start = _META.search(text)
    if start is None:
        return None
    following = _NEXT_TABLE.search(text, start.end())
    try:
        meta = tomllib.loads(text[start.start() : following.start() if following else len(text)])["meta"]
    except (tomllib.TOMLDecodeError, KeyError):
        return None
    return meta if isinstance(meta, dict) else None


def turn_word(ruleset_id: str) -> str:
    """What the ruleset calls a turn ("round" in cal), from its [meta] without building it; "turn" when
    the ruleset is not installed or its [meta] does not say plainly (a saved game's list still reads)."""
    try:
        meta = _meta_table(ruleset_id)
    except (UnknownRuleset, BrokenRuleset):
        return "turn"
    word = meta.get("turn_word") if meta else None
    return word if isinstance(word, str) and word.strip() else "turn"


def ruleset_meta(ruleset_id: str) -> dict[str, Any] | None:
    """id, title, version, dice and distance unit from the data file's [meta]; None when they cannot be
    read plainly (the caller then builds the ruleset, which reports what is wrong)."""
    meta = _meta_table(ruleset_id)
    if meta is None:
        return None
    row = {key: meta.get(key) for key in LISTED}
    plain = all(isinstance(row[k], str) for k in ("id", "title", "version", "distance_unit"))
    dice = row["dice"]
    if not plain or row["id"] != ruleset_id or not isinstance(dice, list) or not all(isinstance(d, str) for d in dice):
        return None
    return row
