"""The current phase's checklist: who does each item, what the automatic ones changed, and what
stops the game from moving on.

Three kinds of item, as the engine tells them (`Engine.step_role`): automatic (the app runs it when
the step is entered; its changes are listed under it), tracked (an action does it and the app ticks it
then: never asked about) and the players' own (ticked when they move past it with n, or by hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Self

from textual import on
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...game import Event, GameState, StepRole
from .slot_sized import needs_layout

if TYPE_CHECKING:
    from ...game import Engine


def step_options(state: GameState, engine: Engine, results: Mapping[str, tuple[Event, ...]]) -> list[Option]:
    """One option per step of the current phase, then what blocks moving on (if anything)."""
    if state.finished:  # no step is due any more: say so, not the step the game stopped at
        winner = f" · {state.winner} wins" if state.winner else ""
        result = f": {state.result}" if state.result else ""
        return [Option(Content.assemble(("■ Game over", "bold $text-success"), winner, (result, "dim")), disabled=True),
                Option(Content.styled("R: the battle report · u: undo the end to play on", "dim"), disabled=True)]
    phase = state.current_phase
    if phase is None:
        text = "The game is in set-up: press n to begin." if not state.started else "No checklist here."
        return [Option(Content.styled(text, "dim"), disabled=True)]
    options = []
    actions = engine.plugin.step_actions
    for n, step in enumerate(phase.steps):
        here = n == state.step
        pointer = ("▶ " if here else "  ", "bold $accent")
        role = engine.step_role(step)
        label = (f"{n + 1}. {step.text}", "bold" if here else "")
        if role is StepRole.AUTO:
            done = n <= state.step
            mark = ("✓ " if done else "· ", "$text-success" if done else "dim")
            head = Content.assemble(pointer, mark, (f"{n + 1}. {step.text}", "" if done else "dim"), (" (automatic)", "dim"))
            if done:
                events = [e for e in results.get(step.id, ()) if e.kind != "dice-rolled"]
                lines = [Content.styled(f"      → {e.text}", "$text-muted") for e in events]
                if not lines:
                    lines = [Content.styled("      → nothing to change", "dim")]
                head = Content("\n").join([head, *lines])
            options.append(Option(head, id=step.id, disabled=True))
        elif role is StepRole.TRACKED:
            ticked = step.id in state.ticked
            mark = ("✓ " if ticked else "○ ", "$text-success" if ticked else "$text-muted")
            kinds = " / ".join(actions.get(step.id, ()))
            note = (" · done" if ticked else f" · ticks itself: {kinds}", "dim")
            options.append(Option(Content.assemble(pointer, mark, label, note), id=step.id))
        else:
            ticked = step.id in state.ticked
            mark = ("☑ " if ticked else "☐ ", "$text-success" if ticked else "$text-warning")
            options.append(Option(Content.assemble(pointer, mark, label), id=step.id))
    blocker = engine.next_step_blocker(state)
    if blocker is not None:
        how = f" · {blocker.resolve}" if blocker.resolve else ""
        options.append(Option(Content.assemble(("⚠ before moving on: ", "bold $text-warning"), blocker.text,
                                               (f" ({blocker.cite}){how}", "dim")), disabled=True))
    return options


class Checklist(OptionList):
    """Enter or a click on an item that is not automatic posts `Checklist.StepToggled`."""

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

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Its slot sets its size: new content repaints it, with no layout pass of the screen (see slot_sized)."""
        return super().refresh(*regions, repaint=repaint, layout=needs_layout(self, layout), recompose=recompose)

    def show(self, state: GameState, engine: Engine, results: Mapping[str, tuple[Event, ...]]) -> None:
        self._ticked = state.ticked
        self.clear_options()
        self.add_options(step_options(state, engine, results))
        self._wrap_at_width()
        phase = state.current_phase
        self.border_title = "Checklist · game over" if state.finished else (
            f"Checklist · {phase.name}" if phase is not None else "Checklist")
        if phase is not None and not state.finished and state.step < self.option_count:
            self.highlighted = state.step  # the current step, scrolled into view

    def _wrap_at_width(self) -> None:
        """Wrap the items again at the width they are shown at. The new items are wrapped as they are
        added, and when they bring the scrollbar it takes a column from them: OptionList keeps the wrap
        it worked out before, so the last wrapped lines fell off the end (the scroll stopped short)."""
        self._line_cache.clear()
        self._option_render_cache.clear()
        self._update_lines()

    @on(OptionList.OptionSelected)
    def _toggle(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        step_id = event.option.id
        if step_id:
            self.post_message(self.StepToggled(step_id, step_id in self._ticked))
