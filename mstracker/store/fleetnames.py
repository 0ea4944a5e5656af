"""Fleets by name: a saved fleet or a shipped sample, named by its file stem or its fleet name.

A `--fleet` (or `fleet check FILE`) that is an existing path is that file. Anything else names a
fleet of the user's fleets folder or one shipped with mstracker, so `--fleet razor-squadron` works
from any folder after any install. A miss keeps the text as typed and offers the nearest names.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..paths import AppDirs
from ..rules.registry import BrokenRuleset, UnknownRuleset, ruleset_ids
from .fleets import sample_fleets, saved_fleets
from .tomlfile import FileProblem, read_toml

Origin = Literal["saved", "sample"]


@dataclass(frozen=True)
class FleetEntry:
    """One fleet a player can name: where it is, whose ruleset, and its own name (None if unreadable)."""

    path: Path
    origin: Origin
    ruleset: str | None
    name: str | None
    ships: int | None
    problem: str | None = None

    @property
    def ref(self) -> str:
        """What to type to name it: the file's stem."""
        return self.path.stem

    def describe(self) -> str:
        return f"{self.ref} ({self.ruleset or '?'} {self.origin})"


@dataclass(frozen=True)
class FoundFleet:
    """The file a fleet argument stands for, and the label its messages start with."""

    path: Path
    label: str


def fleet_entries(dirs: AppDirs, ruleset: str | None = None, *, saved: bool = True, samples: bool = True) -> list[FleetEntry]:
    """The saved fleets (newest first), then the samples, of one ruleset or of all.

    A saved file that cannot be read is listed with its problem, whatever the ruleset asked.
    """
    out: list[FleetEntry] = []
    if saved:
        for path in saved_fleets(dirs):
            entry = _entry(path, "saved")
            if ruleset is None or entry.ruleset in (ruleset, None):
                out.append(entry)
    if samples:
        out.extend(_entry(path, "sample") for path in _samples(ruleset))
    return out


def _samples(ruleset: str | None) -> list[Path]:
    """The samples of one ruleset or of all; none for a ruleset without a package (a test's engine)."""
    ids = list(ruleset_ids()) if ruleset is None else [ruleset]
    out: list[Path] = []
    for rid in ids:
        try:
            out.extend(sample_fleets(rid))
        except (UnknownRuleset, BrokenRuleset):  # unknown or broken: it has no samples to offer, and says so where it is used
            continue
    return out


def _entry(path: Path, origin: Origin) -> FleetEntry:
    try:
        data = read_toml(path)
    except FileProblem as exc:
        return FleetEntry(path, origin, None, None, None, str(exc))
    ruleset, name, ships = data.get("ruleset"), data.get("name", "Fleet"), data.get("ships", [])
    return FleetEntry(
        path,
        origin,
        ruleset if isinstance(ruleset, str) else None,
        name if isinstance(name, str) else None,
        len(ships) if isinstance(ships, list) else None,
    )


def find_fleet(text: str, dirs: AppDirs, ruleset: str | None = None) -> FoundFleet:
    """The fleet file `text` stands for: an existing path, else a saved or sample fleet's name.

    The user's own fleets come before the samples, so a saved copy of a sample is the one used.
    FileProblem (starting with `text` as typed) when nothing, or more than one fleet, matches.
    """
    path = Path(text)
    if path.exists() or path.is_symlink():  # a dangling link is reported as one, not looked up
        return FoundFleet(path, text)
    entries = fleet_entries(dirs, ruleset)
    if _looks_like_path(text):
        raise FileProblem(f"{text}: no such file{_suggest(path.stem, entries, ruleset)}")
    key = _key(text)
    for origin in ("saved", "sample"):
        hits = [e for e in entries if e.origin == origin and e.ruleset is not None and key in _keys(e)]
        if len(hits) == 1:
            return FoundFleet(hits[0].path, str(hits[0].path))
        if hits:
            names = ", ".join(f"{e.describe()} {e.path}" for e in hits)
            raise FileProblem(f"{text}: names {len(hits)} fleets: {names}; type the file's path instead")
    raise FileProblem(_not_found(text, key, dirs, entries, ruleset))


def _not_found(text: str, key: str, dirs: AppDirs, entries: list[FleetEntry], ruleset: str | None) -> str:
    """The one line for a name that names nothing: what was looked in, whose it is, what is near."""
    kind = f"{ruleset} fleet" if ruleset else "fleet"
    hint = ""
    if ruleset:  # the right name for the wrong ruleset is worth saying outright
        other = next((e for e in fleet_entries(dirs) if e.ruleset not in (None, ruleset) and key in _keys(e)), None)
        if other is not None:
            hint = f"; {other.ref} is a {other.ruleset} {other.origin}, not a {ruleset} fleet"
    return f"{text}: no such file, nor a saved or sample {kind} of that name{hint}{_suggest(text, entries, ruleset)}"


def _looks_like_path(text: str) -> bool:
    """Folders in it: the user meant a file, so a miss is reported as a missing file."""
    return any(sep and sep in text for sep in (os.sep, os.altsep, "/"))


def _key(text: str) -> str:
    text = text.strip()
    return (text[: -len(".toml")] if text.casefold().endswith(".toml") else text).casefold()


def _keys(entry: FleetEntry) -> set[str]:
    return {entry.ref.casefold()} | ({entry.name.casefold()} if entry.name else set())


def _suggest(text: str, entries: list[FleetEntry], ruleset: str | None) -> str:
    """`; nearest: a (pz8 sample), b (...) (all: mstracker fleet list pz8)`: the closest names.

    A name matching exactly is offered alone; else up to three by similarity to a whole name or
    to one of its words ("razr" is near "razor-squadron").
    """
    key = _key(text)
    listing = f"mstracker fleet list{' ' + ruleset if ruleset else ''}"
    exact = [e for e in entries if e.ruleset is not None and key in _keys(e)]
    if exact:
        return f"; did you mean {' or '.join(e.describe() for e in exact)}? (all: {listing})"
    scored = sorted(((_closeness(key, e), i, e) for i, e in enumerate(entries)), key=lambda t: (-t[0], t[1]))
    picked = [e for score, _, e in scored if score >= 0.7][:3]
    if not picked:
        return f" (see: {listing})"
    return f"; nearest: {', '.join(e.describe() for e in picked)} (all: {listing})"


def _closeness(key: str, entry: FleetEntry) -> float:
    words = {w for k in _keys(entry) for w in re.split(r"[-_\s]+", k) if w} | _keys(entry)
    return max(difflib.SequenceMatcher(None, key, w).ratio() for w in words)
