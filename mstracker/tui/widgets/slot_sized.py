"""Scroll views whose size their slot sets (the battle's checklist and log: height 1fr, a fixed width),
never their content. A new log line or a rebuilt list asks Textual for a layout pass of the whole screen
(their virtual size is a layout reactive), which lays out every ship card again for nothing: here such a
change only updates the view's scrollbars and repaints it (issue 16: a tick or an undo redrew it all)."""

from __future__ import annotations

from textual.widget import Widget


def needs_layout(widget: Widget, layout: bool) -> bool:
    """Whether `widget`'s refresh still needs the screen's layout pass: before its first layout (its size
    is not known yet), or when its scrollbars appear or go (the screen places them); else its scrollbars
    follow the new content at once and a repaint is enough."""
    if not layout or not widget.size or not widget.is_mounted:
        return layout
    shown = (widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar)
    widget._scroll_update(widget.virtual_size)
    return shown != (widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar)
