"""The current phase's checklist: manual items to tick, automatic items done with what they changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from textual import on
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...game import Event, GameState, StepInfo


def step_options(
    state: GameState, is_auto: Callable[[StepInfo], bool], results: Mapping[str, tuple[Event, ...]]
) -> list[Option]:
    """One option per step of the current phase (auto items disabled, with their events below)."""
    phase = state.current_phase
    if phase is None:
        text = "The game is in set-up: press n to begin." if not state.started else "No checklist here."
        return [Option(Content.styled(text, "dim"), disabled=True)]
    options = []
    for n, step in enumerate(phase.steps):
        here = n == state.step
        pointer = ("▶ " if here else "  ", "bold $accent")
        if is_auto(step):
            done = n <= state.step
            mark = ("✓ " if done else "· ", "$text-success" if done else "dim")
            head = Content.assemble(pointer, mark, (f"{n + 1}. {step.text}", "" if done else "dim"), (" (automatic)", "dim"))
            if done:
                events = results.get(step.id, ())
                lines = [Content.styled(f"      → {e.text}", "$text-muted") for e in events]
                if not lines:
                    lines = [Content.styled("      → nothing to change", "dim")]
                head = Content("\n").join([head, *lines])
            options.append(Option(head, id=step.id, disabled=True))
        else:
            ticked = step.id in state.ticked
            mark = ("☑ " if ticked else "☐ ", "$text-success" if ticked else "$text-warning")
            options.append(Option(Content.assemble(pointer, mark, (f"{n + 1}. {step.text}", "bold" if here else "")), id=step.id))
    return options


class Checklist(OptionList):
    """Enter or a click on a manual item posts `Checklist.StepToggled`."""

    DEFAULT_CSS = """
    Checklist {
        height: 1fr;
    }
    Checklist > .option-list--option-disabled {
        color: $foreground;
    }
    """

    class StepToggled(Message):
        def __init__(self, step_id: str, ticked: bool) -> None:
            super().__init__()
            self.step_id = step_id
            self.ticked = ticked

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ticked: tuple[str, ...] = ()

    def show(self, state: GameState, is_auto: Callable[[StepInfo], bool], results: Mapping[str, tuple[Event, ...]]) -> None:
        self._ticked = state.ticked
        self.clear_options()
        self.add_options(step_options(state, is_auto, results))
        phase = state.current_phase
        self.border_title = f"Checklist · {phase.name}" if phase is not None else "Checklist"
        if phase is not None and state.step < self.option_count:
            self.highlighted = state.step  # the current step, scrolled into view

    @on(OptionList.OptionSelected)
    def _toggle(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        step_id = event.option.id
        if step_id:
            self.post_message(self.StepToggled(step_id, step_id in self._ticked))
