"""Load the shipped rulesets and the user's house rules (the file-reading side of mstracker.rules)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..paths import AppDirs, app_dirs, shipped_data_dir
from ..rules import LoadedRuleset, RulesetBase, apply_house_rules, build_ruleset
from ..rules.errors import RulesError
from ..rules.registry import package
from .ruleset_meta import ruleset_file
from .tomlfile import FileProblem, read_toml


def fleets_dir(ruleset_id: str) -> Path:
    """The sample fleets of a ruleset: its package's own folder, else the shipped data/fleets/<id>/."""
    declared = package(ruleset_id).fleets_dir
    return declared if declared is not None else shipped_data_dir() / "fleets" / ruleset_id


@lru_cache(maxsize=None)
def book_ruleset(ruleset_id: str) -> RulesetBase:
    """The ruleset exactly as the book (and RULES.md defaults) give it."""
    path = ruleset_file(ruleset_id)
    try:
        data = read_toml(path)
    except FileProblem as exc:
        raise RulesError(str(exc)) from None
    return build_ruleset(ruleset_id, data, path.name)


def load_ruleset(ruleset_id: str, dirs: AppDirs | None = None) -> LoadedRuleset:
    """The ruleset in force: book values with the user's house-rule file laid over them."""
    dirs = dirs or app_dirs()
    book = book_ruleset(ruleset_id)
    house_path = dirs.house_rule_file(ruleset_id)
    if not (house_path.exists() or house_path.is_symlink()):  # a dangling link is reported, not ignored
        return LoadedRuleset(book)
    try:
        house = read_toml(house_path, str(house_path))
    except FileProblem as exc:
        return LoadedRuleset(book, str(exc))
    data = read_toml(ruleset_file(ruleset_id))
    return apply_house_rules(ruleset_id, data, ruleset_file(ruleset_id).name, house, str(house_path))
