"""Words for someone who watches and cannot act: the watcher's banner, and why the view stopped.

The battle banner tells the player which key moves the game on ("press n to start turn 1",
"x: roll it"); a spectator has no such keys, so the watcher says what the players are doing instead.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ..game import GameState
from ..game.plugin import Acting
from .widgets.banner import Banner, banner_content


def spectator_content(state: GameState, turn_word: str, house_rules: bool = False, blocker: Any = None,
                      acting: Acting | None = None) -> Content:
    """The battle banner's two lines, with every key hint replaced by what the players do."""
    content = banner_content(state, turn_word, house_rules, blocker, acting, spectator=True)
    if state.finished:
        return content
    if not state.started:
        if blocker is not None:
            second = Content.assemble(("Set-up", "bold"), ": ", (blocker.text, "$text-warning"), (f" ({blocker.cite})", "dim"))
        else:
            second = Content.assemble(("Set-up", "bold"), f": the players place their fleets; {turn_word} 1 starts next")
    elif state.current_phase is None:
        second = Content.assemble(("No checklist", "bold"), f" for this {turn_word}: the players play it through")
    else:
        return content
    return content.split("\n")[0] + Content("\n") + second


class SpectatorBanner(Banner):
    """The banner, in a spectator's words."""

    def show(self, state: GameState, turn_word: str, house_rules: bool = False, blocker: Any = None,
             acting: Acting | None = None) -> None:
        content = spectator_content(state, turn_word, house_rules, blocker, acting)
        if content.markup != self._shown:
            self._shown = content.markup
            self.update(content)


class GoneScreen(Screen):
    """Shown in a browser tab when its game can no longer be followed (deleted, or damaged)."""

    AUTO_FOCUS = ""
    DEFAULT_CSS = """
    GoneScreen { align: center middle; }
    GoneScreen Static { width: auto; max-width: 70; padding: 1 2; border: round $error; }
    """

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(f"{self.why}\n\nNothing more to follow here: you can close this tab.", id="gone", markup=False)
