"""The fleet builder's top row: the ruleset, the budget preset, and the fleet's name, file and unsaved mark.

Attributes down (`show_ruleset`, `show_fleet`), messages up (`RulesetChosen`, `PresetChosen`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Select, Static

from ...fleet import Roster
from .ruleset_select import RulesetSelect


class FleetTop(Horizontal):
    @dataclass
    class RulesetChosen(Message):
        ruleset_id: str

    @dataclass
    class PresetChosen(Message):
        preset: str | None

    def __init__(self, ruleset_id: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ruleset_id = ruleset_id

    def compose(self) -> ComposeResult:
        yield RulesetSelect(self.ruleset_id, id="fleet-ruleset")
        yield Select([], id="fleet-preset", allow_blank=True, prompt="budget preset")
        yield Static(id="fleet-name")

    def show_ruleset(self, ruleset_id: str, budgets: Mapping[str, Any]) -> None:
        """The ruleset chosen (or kept, when the player would not discard the fleet) and its presets."""
        self.ruleset_id = ruleset_id
        presets = [(b.name + (f" · {b.cap}" if b.cap else "") + (f"–{b.cap_max}" if b.cap_max else ""), key)
                   for key, b in budgets.items()]
        with self.prevent(Select.Changed):
            preset_select = self.query_one("#fleet-preset", Select)
            preset_select.set_options(presets)
            preset_select.disabled = not presets
            ruleset_select = self.query_one("#fleet-ruleset", Select)
            if ruleset_select.value != ruleset_id:
                ruleset_select.value = ruleset_id

    def show_fleet(self, roster: Roster, budgets: Mapping[str, Any], where: str, saved: bool) -> None:
        with self.prevent(Select.Changed):
            preset_select = self.query_one("#fleet-preset", Select)
            if roster.preset in budgets:
                preset_select.value = roster.preset
            else:
                preset_select.clear()
        player = f" ({roster.player})" if roster.player else ""
        dirty = "" if saved else "  ● unsaved"
        self.query_one("#fleet-name", Static).update(
            Text.assemble((roster.name, "bold"), player, (f"\n{where}", "dim"), (dirty, self.app.theme_variables.get("warning", "")))
        )

    @on(Select.Changed, "#fleet-ruleset")
    def ruleset_chosen(self, event: Select.Changed) -> None:
        event.stop()
        if isinstance(event.value, str) and event.value != self.ruleset_id:
            self.post_message(self.RulesetChosen(event.value))

    @on(Select.Changed, "#fleet-preset")
    def preset_chosen(self, event: Select.Changed) -> None:
        event.stop()
        self.post_message(self.PresetChosen(event.value if isinstance(event.value, str) else None))
