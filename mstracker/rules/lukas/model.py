"""Schema of data/rulesets/lukas.toml."""

from __future__ import annotations

from ..base import RulesetBase


class Ruleset(RulesetBase):
    """The lukas ruleset data."""
