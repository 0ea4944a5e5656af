"""Typed errors of the rules core and one formatter for pydantic validation errors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError


class RulesError(ValueError):
    """A ruleset data file or house-rule file is broken. The message names file, entry and field."""


def _loc(parts: tuple[Any, ...]) -> str:
    out: list[str] = []
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
            continue
        text = str(part)
        if not text.replace("_", "").isalnum():
            text = f'"{text}"'
        out.append(("." if out else "") + text)
    return "".join(out)


_EXPECTED = {
    "int_parsing": "expected an integer",
    "int_type": "expected an integer",
    "int_from_float": "expected an integer",
    "float_parsing": "expected a number",
    "float_type": "expected a number",
    "bool_parsing": "expected true or false",
    "bool_type": "expected true or false",
    "string_type": "expected text",
    "dict_type": "expected a table",
    "model_type": "expected a table",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "missing": "is required but missing",
    "extra_forbidden": "is not a known field",
}


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "a table"
    return repr(value)


def describe_error(err: Mapping[str, Any]) -> str:
    """One pydantic error as 'loc: problem'."""
    loc = err.get("loc", ())
    # Tagged unions and 'after' validators add noise segments; drop function-named ones.
    loc = tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    kind = err.get("type", "")
    if kind in ("missing", "extra_forbidden"):
        problem = _EXPECTED[kind]
    elif kind in _EXPECTED:
        problem = f"{_EXPECTED[kind]}, got {_describe(err.get('input'))}"
    else:
        problem = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
    where = _loc(loc)
    return f"{where}: {problem}" if where else problem


def format_validation_error(filename: str, exc: ValidationError, limit: int = 5) -> str:
    """Human message for a validation failure, naming the file and each bad field."""
    errors = exc.errors()
    lines = [f"{filename}: {describe_error(e)}" for e in errors[:limit]]
    if len(errors) > limit:
        lines.append(f"{filename}: ... and {len(errors) - limit} more problems")
    return "\n".join(lines)
