"""A radio button whose mark shows by its shape whether it is chosen, not only by its colour: Textual draws
"▐●▌" for every button, the chosen one in another colour, so with NO_COLOR (or to an eye that does not tell
the colours apart) "the app rolls" and "I roll physical dice" read alike. Here the chosen one reads "▐●▌",
the others "▐○▌", in the same colours as before."""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import RadioButton

CHOSEN = "●"
NOT_CHOSEN = "○"


class ChoiceRadio(RadioButton):
    @property
    def _button(self) -> Content:
        """Textual's button (ToggleButton._button) with the inner mark following the value."""
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (CHOSEN if self.value else NOT_CHOSEN, button_style),
            (self.BUTTON_RIGHT, side_style),
        )
