"""Screens that come back without restyling every widget when nothing about the styles changed.

Textual restyles a whole screen each time it comes back on top (`ScreenResume`), which on the battle
screen (some 70 widgets) and on a kept dialog costs more than everything else the switch does. A
widget whose classes change restyles itself at once, so a full pass is needed only after a change of
theme, stylesheet or terminal size: that is what this mixin checks.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen


class QuickResume(Screen):
    """Mix in before the Screen class: skips the full restyle when the styles cannot have changed."""

    _style_stamp: tuple[Any, ...] | None = None

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        app = self.app
        stamp = (app.theme, app._css_update_count, app.size)
        if stamp == self._style_stamp:
            event.refresh_styles = False
        self._style_stamp = stamp
        super()._on_screen_resume(event)
