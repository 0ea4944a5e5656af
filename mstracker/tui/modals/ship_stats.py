"""The designer's numbers of one lukas ship: armor and speed (book averages as hints) and the Hangar Bay size.

Both are TextPromptModals; these functions build them and read their answers back.
"""

from __future__ import annotations

from collections.abc import Callable

from ...fleet import ShipEntry
from .text_prompt import Field, TextPromptModal

MAX_ARMOR = 100_000
MAX_SPEED = 10_000
MAX_DOCKED = 99


def whole_number(high: int) -> Callable[[str], str | None]:
    """Blank, or a whole number from 0 to `high` (the roster file's bounds; the rules check the rest)."""

    def check(text: str) -> str | None:
        if not text:
            return None
        if not text.isdecimal():
            return "a whole number, please (or blank)"
        if int(text) > high:
            return f"at most {high}"
        return None

    return check


def _shown(value: int | None) -> str:
    return "" if value is None else str(value)


def stats_prompt(ship: ShipEntry, class_name: str, average_armor: int | None, average_speed: int | None) -> TextPromptModal:
    """Armor and speed of a ship, with the book's averages for its class as hints."""
    armor_hint = f"a typical {class_name} has about {average_armor}" if average_armor is not None else "no book average"
    speed_hint = f"a typical {class_name} moves about {average_speed} studs" if average_speed is not None else "no book average"
    fields = [
        Field(f"Armor ({armor_hint})", _shown(ship.armor), placeholder=f"e.g. {average_armor or ''}".strip(),
              check=whole_number(MAX_ARMOR), max_length=6),
        Field(f"Speed in studs ({speed_hint})", _shown(ship.speed), placeholder=f"e.g. {average_speed or ''}".strip(),
              check=whole_number(MAX_SPEED), max_length=5),
    ]
    note = "The designer sets both; the book's averages are only a guide. blank: not set · enter: next / OK · escape: cancel"
    return TextPromptModal(f"Armor and speed of {ship.name}", fields, note)


def read_stats(values: list[str]) -> tuple[int | None, int | None]:
    armor, speed = (int(v) if v else None for v in values)
    return armor, speed


def hangar_prompt(ship: ShipEntry, warn_at: tuple[int, int] | None) -> TextPromptModal:
    """The Hangar Bay [x/y] size: strike craft and frigates it docks at once."""
    x, y = ship.hangar if ship.hangar is not None else (None, None)
    fields = [
        Field("Strike craft it docks at once (x)", _shown(x), placeholder="e.g. 4", check=whole_number(MAX_DOCKED), max_length=2),
        Field("Frigates it docks at once (y)", _shown(y), placeholder="e.g. 2", check=whole_number(MAX_DOCKED), max_length=2),
    ]
    example = f"The book's example is Hangar Bay [4/2]; more than {warn_at[0]}/{warn_at[1]} draws a warning. " if warn_at else ""
    note = f"{example}Both blank: no size. enter: next / OK · escape: cancel"
    return TextPromptModal(f"Hangar Bay of {ship.name}", fields, note)


def read_hangar(values: list[str]) -> tuple[int, int] | None:
    """Both blank: no size; one blank counts as 0."""
    if not any(values):
        return None
    x, y = (int(v) if v else 0 for v in values)
    return x, y
