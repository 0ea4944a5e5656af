"""Finding rulebook entries by the names players type."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


class UnknownName(ValueError):
    """A typed name matched no entry; the message lists the valid choices."""


def _plain(name: str) -> str:
    return re.sub(r"\s*[\(\[].*?[\)\]]\s*", " ", name).strip().casefold()


def find_entry(entries: Mapping[str, T], query: str, kind: str = "entry") -> tuple[str, T]:
    """Match case-insensitively by full name, by the name without its parenthesis
    ("Frigate" for "Frigate (multi-role)"), or by the entry's `code` ("D1")."""
    if query in entries:  # the exact name, as the engine passes it
        return query, entries[query]
    q = query.strip().casefold()
    for name, entry in entries.items():
        if name.casefold() == q:
            return name, entry
    for name, entry in entries.items():
        code = getattr(entry, "code", None)
        if code and str(code).casefold() == q:
            return name, entry
    matches = [(n, e) for n, e in entries.items() if _plain(n) == _plain(query)]
    if len(matches) == 1:
        return matches[0]
    choices = ", ".join(entries)
    raise UnknownName(f"unknown {kind} {query!r}; choose one of: {choices}")


def possessive(name: str) -> str:
    """A name's possessive as English writes it: "Ann's", "Cyd's", "Jess's", "Red Bastion (#9)'s"; a
    plural name (ending in a single s: "Kassarians", "Blue Pikes") takes the apostrophe alone:
    "Kassarians'". A name ending in "ss", "us" or "is" is read as singular ("Jess's", "Marcus's",
    "Iris's"), and one that already ends in an apostrophe is left as it is."""
    if not name or name.endswith(("'", "’")):
        return name
    low = name.casefold()
    if low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return f"{name}'"
    return f"{name}'s"
