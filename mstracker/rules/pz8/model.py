"""Schema of data/rulesets/pz8.toml."""

from __future__ import annotations

from ..base import RulesetBase


class Ruleset(RulesetBase):
    """The pz8 ruleset data."""
