"""Schema of data/rulesets/spook.toml."""

from __future__ import annotations

from ..base import RulesetBase


class Ruleset(RulesetBase):
    """The spook ruleset data."""
