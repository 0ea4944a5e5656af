"""A screen whose footer keeps its most important keys when the terminal is narrow (80 columns).

Textual's footer cuts whatever does not fit at the right, important or not. A FittedScreen names the
footer keys that make way, least important first (`FOOTER_GIVE_WAY`, by action); they stay bound, the
help screen (F1) and the command palette still list them. Below `NARROW` columns the footer is compact
and the screen carries the `-narrow` class for its CSS.
"""

from __future__ import annotations

from dataclasses import replace

from textual import events
from textual.binding import ActiveBinding
from textual.screen import Screen
from textual.widgets import Footer

PALETTE_WIDTH = 12
"""The footer's own '^p palette' key at the right."""


def footer_width(screen: Screen, bindings: dict[str, ActiveBinding], compact: bool) -> int:
    """The columns the footer needs for these bindings (one key per action, as the footer shows them)."""
    pad = 2 if compact else 3  # the space between key and description, then a gap (compact) or a space either side
    shown: dict[str, object] = {}
    for active in bindings.values():  # the footer shows the first key of each action
        if active.binding.show:
            shown.setdefault(active.binding.action, active.binding)
    return PALETTE_WIDTH + sum(len(screen.app.get_key_display(b)) + len(b.description) + pad for b in shown.values())  # type: ignore[arg-type, attr-defined]


def give_way(screen: Screen, bindings: dict[str, ActiveBinding], order: tuple[str, ...], width: int,
             compact: bool) -> dict[str, ActiveBinding]:
    """The bindings with the actions of `order` hidden, one by one, until the footer fits `width`."""
    for action in order:
        if footer_width(screen, bindings, compact) <= width:
            break
        for key, active in list(bindings.items()):
            if active.binding.action == action:
                bindings[key] = active._replace(binding=replace(active.binding, show=False))
    return bindings


class FittedScreen(Screen):
    FOOTER_GIVE_WAY: tuple[str, ...] = ()
    """Footer actions that make way when the footer would not fit, least important first."""
    NARROW = 100

    @property
    def footer_give_way(self) -> tuple[str, ...]:
        """The give-way order now (a screen may work it out from its state); the app's help key goes first."""
        return ("help", *self.FOOTER_GIVE_WAY)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        bindings = super().active_bindings
        help_key = bindings.get("f1")
        if help_key is not None and help_key.node is self.app:  # the app's F1 help, last in the footer
            bindings["f1"] = help_key._replace(binding=replace(help_key.binding, show=True))
        width = self.size.width
        if not width:
            return bindings
        return give_way(self, bindings, self.footer_give_way, width, width < self.NARROW)

    def on_resize(self, event: events.Resize) -> None:
        narrow = event.size.width < self.NARROW
        self.set_class(narrow, "-narrow")
        for footer in self.query(Footer):
            footer.compact = narrow
        self.refresh_bindings()
