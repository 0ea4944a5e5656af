"""Rules core (pure): ruleset schemas, validation, house-rule overlay, per-ruleset mechanics."""

from .base import DiceTable, Entry, Phase, PhaseStep, Provenance, RulesetBase, Setting, TableRow
from .errors import RulesError
from .loader import LoadedRuleset, apply_house_rules, build_ruleset
from .registry import RULESET_IDS, UnknownRuleset, model_for

__all__ = [
    "RULESET_IDS",
    "DiceTable",
    "Entry",
    "LoadedRuleset",
    "Phase",
    "PhaseStep",
    "Provenance",
    "RulesError",
    "RulesetBase",
    "Setting",
    "TableRow",
    "UnknownRuleset",
    "apply_house_rules",
    "build_ruleset",
    "model_for",
]
