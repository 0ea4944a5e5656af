"""Environment values checked before any command runs, so that a bad one is one line, not a traceback.

MSTRACKER_HOME must name a folder (or a place one can be made): pointed at a file, every command
would fail deep inside with a message about games.sqlite3, and house rules would silently be
missed. COLUMNS, LINES and NO_COLOR need no check here: unusable sizes fall back to the defaults
(output.console), and NO_COLOR means "no colour" whatever its value, as no-color.org says.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path

from .errors import CliError


def check_environment(environ: Mapping[str, str] | None = None) -> None:
    """Raise CliError (exit 2) naming the variable and the problem when the environment is unusable."""
    env = os.environ if environ is None else environ
    home = env.get("MSTRACKER_HOME")
    if home:
        problem = _folder_problem(Path(home).expanduser())
        if problem:
            raise CliError(f"MSTRACKER_HOME: {problem}; point it at a folder (or unset it for the usual places)")


def _folder_problem(path: Path) -> str | None:
    """Why `path` cannot be (or become) a folder of ours; None when it can."""
    probe = path
    while True:
        try:
            info = probe.stat()
        except (FileNotFoundError, NotADirectoryError):
            if probe.is_symlink():
                return _where(path, probe, "is a link to nothing")
            if probe.parent == probe:
                return None
            probe = probe.parent  # folders are made on first use: what matters is the first part that exists
            continue
        except OSError as exc:
            return _where(path, probe, f"cannot be read ({exc.strerror})")
        if stat.S_ISDIR(info.st_mode):
            return None
        return _where(path, probe, f"is {'a file' if stat.S_ISREG(info.st_mode) else 'something else'}, not a folder")


def _where(path: Path, probe: Path, problem: str) -> str:
    return f"{probe} {problem}" if probe == path else f"{path}: {probe} {problem}"
