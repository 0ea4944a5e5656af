"""Schema of data/rulesets/cal.toml."""

from __future__ import annotations

from ..base import RulesetBase


class Ruleset(RulesetBase):
    """The cal ruleset data."""
