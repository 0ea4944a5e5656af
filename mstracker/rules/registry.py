"""The four rulesets and their schema models."""

from __future__ import annotations

from importlib import import_module

from .base import RulesetBase

RULESET_IDS: tuple[str, ...] = ("spook", "lukas", "pz8", "cal")


class UnknownRuleset(KeyError):
    def __str__(self) -> str:
        return f"unknown ruleset {self.args[0]!r}; choose one of: {', '.join(RULESET_IDS)}"


def model_for(ruleset_id: str) -> type[RulesetBase]:
    """The pydantic model class that validates a ruleset's data file."""
    if ruleset_id not in RULESET_IDS:
        raise UnknownRuleset(ruleset_id)
    module = import_module(f"mstracker.rulesets.{ruleset_id}.model")
    return module.Ruleset
