"""The CLI's one error type and the warnings of the command running (kept apart from output.py so
that `--version` imports no Rich)."""

from __future__ import annotations


class CliError(Exception):
    """Bad input: printed as one line on stderr with exit code `code` (2 unless said)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


#: The warnings this command has told (output.warn), for its JSON document; emptied as a command starts.
told_warnings: list[str] = []
