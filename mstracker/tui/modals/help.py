"""F1 / ?: the keys of the screen underneath, from its active bindings, grouped, with descriptions.

Keys that made way in a narrow footer are listed too; keys that do nothing right now are marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, Static


QUIET = {"screen.copy_text"}
"""Textual's own bindings that only clutter the list."""


@dataclass(frozen=True)
class KeyLine:
    keys: str
    description: str
    enabled: bool


def screen_keys(screen: Screen) -> list[tuple[str, list[KeyLine]]]:
    """(group title, lines): the focused widget's keys, the screen's, then the ones that work everywhere.

    One line per action (its keys joined); bindings without a description are the widgets' own
    cursor keys and are left out.
    """
    app = screen.app
    groups: dict[str, dict[str, tuple[list[str], str, bool]]] = {}
    title = screen.TITLE or screen.title or type(screen).__name__
    for active in screen.active_bindings.values():
        binding, node = active.binding, active.node
        if not binding.description or binding.system or binding.action in QUIET:
            continue
        if node is app:
            group = "Everywhere"
        elif node is screen:
            group = title
        else:
            group = f"{type(node).__name__} (where the cursor is)"
        lines = groups.setdefault(group, {})
        display = app.get_key_display(binding)
        keys, _, enabled = lines.get(binding.action, ([], binding.description, active.enabled))
        if display not in keys:
            keys.append(display)
        lines[binding.action] = (keys, binding.description, enabled or active.enabled)
    widgets = [g for g in groups if g not in (title, "Everywhere")]
    order = [g for g in (title, *widgets, "Everywhere") if g in groups]
    return [(g, [KeyLine(" / ".join(k), d, e) for k, d, e in groups[g].values()]) for g in order]


class HelpModal(ModalScreen[None]):
    """Dismissed by escape, F1, ? or q."""

    BINDINGS = [Binding("escape,f1,question_mark,q", "close", "Close")]

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.groups = screen_keys(screen)
        self.title_text = f"Keys · {screen.TITLE or type(screen).__name__}"

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box help-box"):
            yield Label(self.title_text)
            with VerticalScroll(id="help-keys"):
                yield Static(self.render_keys(), id="help-text")
            yield Static("ctrl+p finds every action by name · escape: close", classes="muted")

    def render_keys(self) -> Text:
        out = Text()
        width = max((len(line.keys) for _, lines in self.groups for line in lines), default=4) + 2
        for title, lines in self.groups:
            out.append(f"{title}\n", style="bold")
            for line in lines:
                out.append(f"  {line.keys:<{width}}", style="bold" if line.enabled else "dim")
                out.append(line.description + ("" if line.enabled else "  (not now)") + "\n",
                           style="" if line.enabled else "dim")
            out.append("\n")
        out.rstrip()
        return out

    def action_close(self) -> None:
        self.dismiss(None)
