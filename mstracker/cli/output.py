"""Output helpers shared by the subcommands: Rich for people, JSON for machines."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.console import Console


class CliError(Exception):
    """Bad input: printed as one line on stderr with exit code `code` (2 unless said)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def console() -> Console:
    """A console for people; when piped, wide enough that tables are not squeezed."""
    width = None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "160") or 160)
    return Console(highlight=False, soft_wrap=False, width=width)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def one_line(message: str) -> str:
    """Collapse a multi-line error to its first line plus a count of the rest."""
    lines = [line for line in str(message).splitlines() if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else "error"
    return f"{lines[0]} (+{len(lines) - 1} more)"
