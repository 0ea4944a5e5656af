"""The CLI's one error type (kept apart from output.py so that `--version` imports no Rich)."""

from __future__ import annotations


class CliError(Exception):
    """Bad input: printed as one line on stderr with exit code `code` (2 unless said)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code
