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
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape

from .errors import CliError

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


def console() -> Console:
    """A console for people; when piped, wide enough that tables are not squeezed."""
    width = None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "160") or 160)
    return _Console(highlight=False, soft_wrap=False, width=width)


def print_json(data: Any) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False)  # JSON escapes C0 controls itself
    sys.stdout.write(_C1_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")


def write(text: str) -> None:
    """Plain text to stdout, controls removed (reports, help listings)."""
    sys.stdout.write(clean(text))


def warn(message: str) -> None:
    """A warning: one line on stderr, so that stdout (and --json) stays clean."""
    sys.stderr.write(f"mstracker: warning: {one_line(message)}\n")


def one_line(message: str) -> str:
    """Collapse a multi-line error to its first line plus a count of the rest."""
    lines = [line for line in clean_lines(message) if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else "error"
    return f"{lines[0]} (+{len(lines) - 1} more)"


def clean_lines(text: Any) -> list[str]:
    return [clean(line) for line in str(text).splitlines()]
