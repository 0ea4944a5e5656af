"""Pick a new value for one ruleset setting: among its options, or typed within its bounds."""

from __future__ import annotations

import math
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...rules.base import Setting, check_setting_value


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def typed_number(text: str, expected: type) -> int | float:
    """The number typed for an int or float setting; ValueError (the message to show) otherwise.

    inf, nan and 1e400 (which float() reads as inf) are refused: no setting means them, and
    int(inf) would raise OverflowError, not ValueError.
    """
    if expected is int:
        try:
            return int(text)  # exact, however long
        except ValueError:
            pass
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"expected a number, got {text!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"expected a finite number, got {text!r}")
    if expected is int:
        if not number.is_integer():
            raise ValueError(f"expected a whole number, got {text}")
        return int(number)
    return number


class ChooseValueModal(ModalScreen[Any]):
    """Dismisses with the chosen value (already checked against the setting), or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, key: str, setting: Setting, current: Any, book: Any) -> None:
        super().__init__()
        self.key = key
        self.setting = setting
        self.current = current
        self.book = book
        value = setting.value
        self.choices: tuple[Any, ...] = setting.options or ((True, False) if isinstance(value, bool) else ())

    def compose(self) -> ComposeResult:
        with Vertical(id="choose-box", classes="modal-box"):
            yield Label(f"{self.key}", markup=False)
            yield Static(self.setting.text, classes="muted", markup=False)
            yield Static(f"book: {_show(self.book)}   now: {_show(self.current)}   ({self.setting.source})", markup=False)
            if self.choices:
                options = [
                    Option(_show(c) + ("   (book)" if c == self.book else "") + ("   ◀ now" if c == self.current else ""), id=str(i))
                    for i, c in enumerate(self.choices)
                ]
                yield OptionList(*options, id="choose-options")
            else:
                bounds = []
                if self.setting.minimum is not None:
                    bounds.append(f"at least {self.setting.minimum:g}")
                if self.setting.maximum is not None:
                    bounds.append(f"at most {self.setting.maximum:g}")
                yield Input(_show(self.current), placeholder=" and ".join(bounds) or "value", id="choose-input")
            yield Static(id="choose-error", classes="error-text")
            yield Static("enter: use this value · escape: cancel", classes="muted")

    def on_mount(self) -> None:
        if self.choices:
            options = self.query_one(OptionList)
            if self.current in self.choices:
                options.highlighted = self.choices.index(self.current)
            options.focus()
        else:
            self.query_one(Input).focus()

    @on(OptionList.OptionSelected, "#choose-options")
    def option_chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)])

    @on(Input.Submitted, "#choose-input")
    def value_typed(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        expected = type(self.setting.value)
        try:
            value: Any = typed_number(text, expected) if expected in (int, float) else text
            check_setting_value(self.setting, value)
        except ValueError as exc:
            self.query_one("#choose-error", Static).update(Content(f"✗ {exc}"))
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
