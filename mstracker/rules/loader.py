"""Build a validated ruleset from parsed TOML data, with an optional house-rule overlay.

Pure: callers read the files (see mstracker.store.catalog) and pass the parsed dicts in.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .base import RulesetBase, check_setting_value
from .errors import RulesError, format_validation_error
from .registry import model_for


@dataclass(frozen=True)
class LoadedRuleset:
    """A ruleset in force plus the problem with the user's house-rule file, if any."""

    ruleset: RulesetBase
    house_rule_error: str | None = None


def build_ruleset(ruleset_id: str, book: dict[str, Any], filename: str) -> RulesetBase:
    """Validate the book data; raise RulesError naming file, entry and field."""
    model = model_for(ruleset_id)
    try:
        ruleset = model.model_validate(book)
    except ValidationError as exc:
        raise RulesError(format_validation_error(filename, exc)) from None
    if ruleset.meta.id != ruleset_id:
        raise RulesError(f"{filename}: meta.id: expected {ruleset_id!r}, got {ruleset.meta.id!r}")
    return ruleset


def _overlay(
    base: dict[str, Any], house: dict[str, Any], prefix: str, paths: list[str], signed: frozenset[str] = frozenset()
) -> None:
    for key, value in house.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _overlay(base[key], value, path, paths, signed)
        else:
            _check_range(path, key, value, signed)
            base[key] = copy.deepcopy(value)
            paths.append(path)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def signed_keys(data: Any, out: set[str] | None = None, key: str = "") -> frozenset[str]:
    """Names of the keys the book gives a negative number somewhere (modifiers, crew, track ends)."""
    out = set() if out is None else out
    if isinstance(data, dict):
        for k, v in data.items():
            signed_keys(v, out, k)
    elif isinstance(data, list):
        for v in data:
            signed_keys(v, out, key)
    elif _is_number(data) and data < 0:
        out.add(key)
    return frozenset(out)


def _check_range(path: str, key: str, value: Any, signed: frozenset[str]) -> None:
    """A house value may not be negative where the book never is (damage, costs, armor, ranges...)."""
    values = value if isinstance(value, list) else [value]
    for v in values:
        if _is_number(v) and v < 0 and key not in signed:
            raise ValueError(f"{path}: {v!r} is below zero; the book never gives {key} a negative value")
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"{path}: {v!r} is not a finite number")


def apply_house_rules(
    ruleset_id: str, book: dict[str, Any], filename: str, house: dict[str, Any], house_filename: str
) -> LoadedRuleset:
    """Overlay a house-rule dict on the book data.

    `[settings]` keys may be given as plain values (`ff_chooser = "opponent"`). Any other key
    overrides the book value at the same path. When the result is invalid, the book values stay
    in force and the error names the house-rule file, the key and the problem.
    """
    base_ruleset = build_ruleset(ruleset_id, book, filename)
    merged = copy.deepcopy(book)
    paths: list[str] = []
    house = copy.deepcopy(house)
    settings = house.pop("settings", {})
    if not isinstance(settings, dict):
        return LoadedRuleset(base_ruleset, f"{house_filename}: settings: expected a table")
    for key, value in settings.items():
        known = base_ruleset.settings.get(key)
        if known is None:
            choices = ", ".join(sorted(base_ruleset.settings)) or "none"
            return LoadedRuleset(
                base_ruleset,
                f"{house_filename}: settings.{key}: not a setting of {ruleset_id} (settings: {choices})",
            )
        if isinstance(value, dict):
            _overlay(merged["settings"][key], value, f"settings.{key}", paths)
            continue
        try:
            if isinstance(value, float) and not math.isfinite(value):
                raise ValueError(f"{value!r} is not a finite number")
            check_setting_value(known, value)
        except ValueError as exc:
            return LoadedRuleset(base_ruleset, f"{house_filename}: settings.{key}: {exc}")
        merged["settings"][key]["value"] = value
        paths.append(f"settings.{key}")
    if "meta" in house:
        return LoadedRuleset(base_ruleset, f"{house_filename}: meta: the ruleset's identity cannot be changed")
    try:
        _overlay(merged, house, "", paths, signed_keys(book))
    except ValueError as exc:
        return LoadedRuleset(base_ruleset, f"{house_filename}: {exc}")
    merged["house_rules"] = sorted(paths)
    try:
        return LoadedRuleset(build_ruleset(ruleset_id, merged, house_filename))
    except RulesError as exc:
        return LoadedRuleset(base_ruleset, str(exc))
