"""A Select of the installed rulesets, labelled from their packages (no ruleset data is loaded)."""

from __future__ import annotations

from textual.widgets import Select

from ...rules.registry import package, ruleset_ids


class RulesetSelect(Select[str]):
    """Posts Select.Changed with the ruleset id as value."""

    DEFAULT_CSS = """
    RulesetSelect {
        width: 52;
    }
    """

    def __init__(self, value: str, *, id: str | None = None) -> None:
        super().__init__(
            [(package(rid).label, rid) for rid in ruleset_ids()],
            value=value,
            allow_blank=False,
            id=id,
        )
