"""Pick one of the ruleset's actions (its own first, then the generic ones); dismisses with its kind."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...game import ActionSpec


def first_sentence(text: str, limit: int = 90) -> str:
    cut = text.split(". ")[0].split(" (")[0] if len(text) > limit else text
    return cut if len(cut) <= limit else cut[: limit - 1] + "…"


class PickActionModal(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, specs: Sequence[ActionSpec]) -> None:
        super().__init__()
        self.specs = list(specs)

    def compose(self) -> ComposeResult:
        own = [s for s in self.specs if not s.generic]
        generic = [s for s in self.specs if s.generic]
        options: list[Option | None] = []
        for title, group in (("This ruleset", own), ("Every ruleset: checklist, adjustments, notes", generic)):
            if not group:
                continue
            options.append(Option(Content.styled(title, "bold $text-accent"), disabled=True))
            for spec in group:
                dice = ("  · rolls dice", "$text-accent") if spec.rolls else ""
                options.append(
                    Option(Content.assemble((f"  {spec.kind:<22}", "bold"), (first_sentence(spec.help), "dim"), dice), id=spec.kind)
                )
        with Vertical(classes="modal-box wide", id="pick-action-box"):
            yield Label("Actions")
            yield OptionList(*options, id="action-list")
            yield Static("enter: open the form · type to jump · escape: cancel", classes="muted")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        for i in range(options.option_count):
            if not options.get_option_at_index(i).disabled:
                options.highlighted = i
                break

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
