"""Reading TOML files with clear errors and limits, and writing files atomically.

Only regular files are read: a FIFO would block forever, a link to /dev/zero would never end, a
folder cannot be read. Each is refused with a message naming the path, and no read goes past
the size cap. Nesting is refused before and after parsing (see `check_nesting`): tomllib takes
time quadratic in the parts of one dotted key (a 20,000-part table header: about 3 s), and a file
nested deeper than any mstracker file needs is never handed on to validation.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import tomllib
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 1_000_000
# The deepest file mstracker writes (a ruleset's data, a fleet with designs) nests about 5 tables
# deep; 32 leaves room for any hand-written file and keeps parsing and validating linear.
MAX_DEPTH = 32


class FileProblem(ValueError):
    """A file could not be read or parsed; the message names the file and the problem."""


def read_toml(path: Path, label: str | None = None, max_bytes: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """Parse a TOML file, refusing huge, binary or malformed files with a clear message."""
    name = label or path.name
    return parse_toml_bytes(read_regular(path, name, max_bytes), name)


def read_regular(path: Path, name: str, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; FileProblem for anything else."""
    try:
        info = path.stat()
    except FileNotFoundError:
        dangling = path.is_symlink()
        raise FileProblem(f"{name}: {'a link to nothing (dangling)' if dangling else 'no such file'}") from None
    except OSError as exc:
        raise FileProblem(f"{name}: cannot be read ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(f"{name}: is {file_kind(info.st_mode)}, not a file")
    if info.st_size > max_bytes:
        raise FileProblem(f"{name}: file is {info.st_size} bytes; the limit is {max_bytes}")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)  # the file may have grown since stat
    except OSError as exc:
        raise FileProblem(f"{name}: cannot be read ({exc.strerror})") from None
    if len(raw) > max_bytes:
        raise FileProblem(f"{name}: file is over the limit of {max_bytes} bytes")
    return raw


def is_regular_file(path: Path) -> bool:
    """True for a regular file (following links); False for folders, FIFOs, devices, dangling links."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def file_kind(mode: int) -> str:
    """'a folder', 'a FIFO', ... for messages about paths that are not regular files."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def parse_toml_bytes(raw: bytes, name: str) -> dict[str, Any]:
    if b"\x00" in raw:
        raise FileProblem(f"{name}: this is a binary file, not TOML")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"{name}: not UTF-8 text (byte {exc.start})") from None
    check_nesting(text, name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileProblem(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise FileProblem(f"{name}: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of over 4,300 digits (Python's int limit)
        raise FileProblem(f"{name}: a value cannot be read ({str(exc).splitlines()[0][:100]})") from None
    depth = nesting_depth(data)
    if depth > MAX_DEPTH:
        raise FileProblem(f"{name}: nested {depth} tables or lists deep; the limit is {MAX_DEPTH}")
    return data


# Strings and comments are skipped whole (their dots and brackets are text); what is left is
# counted: dots between two delimiters (the parts of one dotted key, less one; a float has one)
# and unclosed brackets and braces (arrays and inline tables).
_TOKENS = re.compile(
    "|".join(
        (
            r'"""(?:[^\\]|\\[\s\S])*?"""(?!")',  # multi-line basic string (may end in up to 5 quotes)
            r"'''[\s\S]*?'''(?!')",  # multi-line literal string
            r'"(?:[^"\\\n]|\\.)*"',  # basic string
            r"'[^'\n]*'",  # literal string
            r"#[^\n]*",  # comment
            r"(?P<open>[\[{])",
            r"(?P<close>[\]}])",
            r"(?P<delim>[=,\n])",
            r"(?P<dot>\.)",
        )
    )
)


def check_nesting(text: str, name: str) -> None:
    """Refuse, before tomllib reads it, a key of more than MAX_DEPTH parts or brackets nested deeper."""
    dots = brackets = 0
    for match in _TOKENS.finditer(text):
        kind = match.lastgroup
        if kind == "dot":
            dots += 1
            if dots >= MAX_DEPTH:
                raise FileProblem(f"{name}: line {_line(text, match.start())}: a key of more than {MAX_DEPTH} parts; the limit is {MAX_DEPTH}")
            continue
        if kind is not None:  # a string or a comment does not end a dotted key: `"a".b`
            dots = 0
        if kind == "open":
            brackets += 1
            if brackets > MAX_DEPTH:
                raise FileProblem(f"{name}: line {_line(text, match.start())}: nested more than {MAX_DEPTH} brackets deep; the limit is {MAX_DEPTH}")
        elif kind == "close":
            brackets = max(0, brackets - 1)


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def nesting_depth(data: Any) -> int:
    """How many tables and lists deep a parsed value goes (a flat table: 1), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in value)
    return deepest


def write_atomic(path: Path, text: str) -> None:
    """Write text to path atomically: temp file in the same folder, fsync, rename.

    A rewrite keeps the file's permissions: mkstemp makes a 600 file, which would turn a 644
    file private behind the user's back.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        _keep_mode(path, tmp)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _keep_mode(path: Path, tmp: str) -> None:
    """Give the temp file the permission bits of the file it replaces (none: mkstemp's 600 stays)."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return
    os.chmod(tmp, mode)
