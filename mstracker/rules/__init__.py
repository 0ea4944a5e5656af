"""Rules core (pure): ruleset schemas, validation, house-rule overlay, the ruleset contract and registry.

Names are imported on first use (PEP 562), so `mstracker.rules.contract` and the registry can be
read without loading pydantic: the home screen lists the rulesets before any of them is loaded.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import DiceTable, Entry, Phase, PhaseStep, Provenance, RulesetBase, Setting, TableRow
    from .errors import RulesError
    from .loader import LoadedRuleset, apply_house_rules, build_ruleset
    from .registry import UnknownRuleset, model_for, ruleset_ids

_WHERE = {
    **dict.fromkeys(("DiceTable", "Entry", "Phase", "PhaseStep", "Provenance", "RulesetBase", "Setting", "TableRow"), "base"),
    "RulesError": "errors",
    **dict.fromkeys(("LoadedRuleset", "apply_house_rules", "build_ruleset"), "loader"),
    **dict.fromkeys(("UnknownRuleset", "model_for", "ruleset_ids"), "registry"),
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
