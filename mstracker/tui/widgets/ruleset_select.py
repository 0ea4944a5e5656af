"""A Select of the four rulesets, labelled without loading them (start-up stays lean)."""

from __future__ import annotations

from textual.widgets import Select

from ..services import RULESET_IDS

LABELS = {
    "spook": "spook · Lego Microspacewars (Spook's v0.2.2)",
    "lukas": "lukas · Micro Space Wars (Lukas W.P. v1.8)",
    "pz8": "pz8 · Pz8 Spaceships Wargame Rules",
    "cal": "cal · Colors and Lights",
}


class RulesetSelect(Select[str]):
    """Posts Select.Changed with the ruleset id as value."""

    DEFAULT_CSS = """
    RulesetSelect {
        width: 52;
    }
    """

    def __init__(self, value: str, *, id: str | None = None) -> None:
        super().__init__(
            [(LABELS.get(rid, rid), rid) for rid in RULESET_IDS],
            value=value,
            allow_blank=False,
            id=id,
        )
