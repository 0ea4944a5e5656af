"""mstracker's screens and widgets never reuse a private attribute name of Textual's own classes: the
auto-roll dialog once kept a `_closing` flag, which is MessagePump's, and popping it then never ended."""

from __future__ import annotations

import re
from pathlib import Path

import textual.app
import textual.dom
import textual.message_pump
import textual.screen
import textual.widget

import mstracker.tui

ASSIGNED = re.compile(r"self\.(_[a-z][a-z_]*)\s*(?::[^=\n]+)?=(?!=)")
CLASS_LEVEL = re.compile(r"^    (_[a-z][a-z_]*)\s*(?::[^=\n]+)?=(?!=)", re.M)


def textual_private_names() -> set[str]:
    names: set[str] = set()
    for module in (textual.message_pump, textual.dom, textual.widget, textual.screen, textual.app):
        names |= set(ASSIGNED.findall(Path(module.__file__).read_text(encoding="utf-8")))
    return names


def test_textual_keeps_flags_the_check_knows() -> None:
    assert {"_closing", "_closed", "_parent"} <= textual_private_names()


def test_no_tui_class_shadows_a_textual_private_attribute() -> None:
    reserved = textual_private_names()
    clashes = []
    for path in Path(mstracker.tui.__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in set(ASSIGNED.findall(text)) | set(CLASS_LEVEL.findall(text)):
            if name in reserved:
                clashes.append(f"{path.name}: {name}")
    assert clashes == []
