"""Output helpers shared by the subcommands: Rich for people, JSON for machines.

Text that came from users or files (game, player, ship and fleet names, notes, house-rule values)
goes through `safe()` before it meets Rich markup, and through `clean()` before any other output:
markup in a name is shown as typed, and control characters (terminal escape sequences) never
reach the terminal.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape

from .errors import CliError, told_warnings

__all__ = ["CliError", "clean", "console", "one_line", "print_json", "safe", "warn", "write"]

# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides that can make
# text read differently from what it is.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_C1_IN_JSON = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def clean(text: Any) -> str:
    """Text with control characters removed (escape sequences from data never reach the terminal)."""
    return _CONTROL.sub("", str(text))


def safe(text: Any) -> str:
    """User text ready to sit inside Rich markup: controls removed, brackets escaped."""
    return escape(clean(text))


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """Rich exits 1 here; mstracker.cli.entry exits 0 instead, as the command's work is done."""
        self.quiet = True
        raise BrokenPipeError


#: Piped output is this wide unless COLUMNS says otherwise, so that tables are not squeezed.
PIPED_WIDTH = 160
#: COLUMNS or LINES above this are taken as a mistake (a table padded to a million columns helps no one).
MAX_TERMINAL_SIZE = 10_000


def console() -> Console:
    """A console for people; when piped, wide enough that tables are not squeezed.

    COLUMNS and LINES are used when they are whole numbers from 1; any other value (abc, 0, -5) is
    ignored, as shells and Rich ignore it: the terminal's own size, or the piped default, applies.
    The size is always given to Rich, which would otherwise take COLUMNS=0 at its word and print nothing.
    """
    columns, lines = _size_from_env("COLUMNS"), _size_from_env("LINES")
    if sys.stdout.isatty():
        terminal = shutil.get_terminal_size()  # itself skips unusable COLUMNS/LINES
        width, height = columns or terminal.columns, lines or terminal.lines
    else:
        width, height = columns or PIPED_WIDTH, lines or 25
    return _Console(highlight=False, soft_wrap=False, width=width, height=height)


def _size_from_env(name: str) -> int | None:
    text = os.environ.get(name, "").strip()
    if not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if 0 < value <= MAX_TERMINAL_SIZE else None


def print_json(data: Any) -> None:
    """Print a JSON document; an object carries the command's warnings as `warnings` (when any)."""
    if isinstance(data, dict) and told_warnings:
        data = {**data, "warnings": list(told_warnings)}
    text = json.dumps(data, indent=2, ensure_ascii=False)  # JSON escapes C0 controls itself
    sys.stdout.write(_C1_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")


def write(text: str) -> None:
    """Plain text to stdout, controls removed (reports, help listings)."""
    sys.stdout.write(clean(text))


def warn(message: str) -> None:
    """A warning: one line on stderr, so that stdout (and --json) stays clean; told once per command
    however often it comes up, and kept for the command's JSON document (print_json)."""
    line = one_line(message)
    if line in told_warnings:
        return
    told_warnings.append(line)
    sys.stderr.write(f"mstracker: warning: {line}\n")


def one_line(message: str) -> str:
    """Collapse a multi-line error to its first line plus a count of the rest."""
    lines = [line for line in clean_lines(message) if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else "error"
    return f"{lines[0]} (+{len(lines) - 1} more)"


def clean_lines(text: Any) -> list[str]:
    return [clean(line) for line in str(text).splitlines()]
