"""Reading TOML files with clear errors and limits, and writing files atomically."""

from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 1_000_000


class FileProblem(ValueError):
    """A file could not be read or parsed; the message names the file and the problem."""


def read_toml(path: Path, label: str | None = None, max_bytes: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """Parse a TOML file, refusing huge, binary or malformed files with a clear message."""
    name = label or path.name
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise FileProblem(f"{name}: no such file") from None
    except OSError as exc:
        raise FileProblem(f"{name}: cannot be read ({exc.strerror})") from None
    if size > max_bytes:
        raise FileProblem(f"{name}: file is {size} bytes; the limit is {max_bytes}")
    raw = path.read_bytes()
    return parse_toml_bytes(raw, name)


def parse_toml_bytes(raw: bytes, name: str) -> dict[str, Any]:
    if b"\x00" in raw:
        raise FileProblem(f"{name}: this is a binary file, not TOML")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"{name}: not UTF-8 text (byte {exc.start})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileProblem(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise FileProblem(f"{name}: nested too deeply") from None


def write_atomic(path: Path, text: str) -> None:
    """Write text to path atomically: temp file in the same folder, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
