"""F1 / ?: the keys of the screen underneath, from its active bindings, grouped, with descriptions.

Keys that made way in a narrow footer are listed too; keys that do nothing right now are marked.
"""

from __future__ import annotations

import re
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


#: Textual's own keys of every screen: listed after the screen's own (a dialog's answers come first).
MOVES = ("focus_next", "focus_previous")


def kind_words(cls: type) -> str:
    """A class's kind in words ("Saved games" for SavedGamesModal, "Data table" for DataTable)."""
    name = cls.__name__.removesuffix("Modal").removesuffix("Screen") or cls.__name__
    words = re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", name)
    return " ".join([words[0], *(w.lower() for w in words[1:])]) if words else name


def screen_title(screen: Screen) -> str:
    """What the screen is, in words: its TITLE, else its kind from its class: never a class name."""
    return screen.TITLE or kind_words(type(screen))


def screen_keys(screen: Screen) -> list[tuple[str, list[KeyLine]]]:
    """(group title, lines): the focused widget's keys, the screen's, then the ones that work everywhere.

    One line per action (its keys joined); bindings without a description are the widgets' own
    cursor keys and are left out.
    """
    app = screen.app
    groups: dict[str, dict[str, tuple[list[str], str, bool]]] = {}
    title = screen_title(screen)
    for active in screen.active_bindings.values():
        binding, node = active.binding, active.node
        if not binding.description or binding.system or binding.action in QUIET:
            continue
        if node is app:
            group = "Everywhere"
        elif node is screen:
            group = title
        else:
            group = f"Where the cursor is ({kind_words(type(node)).lower()})"
        lines = groups.setdefault(group, {})
        display = app.get_key_display(binding)
        keys, _, enabled = lines.get(binding.action, ([], binding.description, active.enabled))
        if display not in keys:
            keys.append(display)
        lines[binding.action] = (keys, binding.description, enabled or active.enabled)
    own = groups.get(title)
    if own is not None:  # the screen's own keys first, the focus moves every screen has after them
        moves = [a for a in own if a.rpartition(".")[2] in MOVES]
        groups[title] = {a: v for a, v in own.items() if a not in moves} | {a: own[a] for a in moves}
    widgets = [g for g in groups if g not in (title, "Everywhere")]
    order = [g for g in (title, *widgets, "Everywhere") if g in groups]
    return [(g, [KeyLine(" / ".join(k), d, e) for k, d, e in groups[g].values()]) for g in order]


class HelpModal(ModalScreen[None]):
    """Dismissed by escape, F1, ? or q."""

    BINDINGS = [Binding("escape,f1,question_mark,q", "close", "Close")]

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.groups = screen_keys(screen)
        self.title_text = f"Keys · {screen_title(screen)}"

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
