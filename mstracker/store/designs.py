"""The player's custom ship designs, kept apart from any one fleet so every new fleet offers them.

One TOML file per ruleset in the user data dir (`designs/<ruleset>.toml`, beside `fleets/`):

    schema_version = 1
    ruleset = "cal"
    [designs."Strike Cruiser"]
    type = "Capital Ship"
    ss = 70

A design is stored as typed (the ruleset's checks name bad values later). Writes are atomic; an
unreadable or newer file is reported (FileProblem) and never overwritten.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomli_w

from ..paths import AppDirs
from .tomlfile import FileProblem, read_toml, write_atomic

SCHEMA_VERSION = 1


def load_designs(dirs: AppDirs, ruleset_id: str) -> dict[str, dict[str, Any]]:
    """The saved designs of a ruleset (none yet: {}); FileProblem when the file cannot be used."""
    path = dirs.designs_file(ruleset_id)
    if not path.exists():
        return {}
    data = read_toml(path, f"designs/{path.name}")
    version = data.get("schema_version")
    if not isinstance(version, int) or version < 1:
        raise FileProblem(f"designs/{path.name}: schema_version must be a whole number from 1")
    if version > SCHEMA_VERSION:
        raise FileProblem(f"designs/{path.name}: written by a newer mstracker (schema_version {version}; "
                          f"this one reads up to {SCHEMA_VERSION})")
    if data.get("ruleset") != ruleset_id:
        raise FileProblem(f"designs/{path.name}: holds designs for {data.get('ruleset')!r}, not {ruleset_id!r}")
    designs = data.get("designs", {})
    if not isinstance(designs, dict) or not all(isinstance(v, dict) for v in designs.values()):
        raise FileProblem(f"designs/{path.name}: [designs] must hold one table per design")
    return {str(name): dict(value) for name, value in designs.items()}


def save_designs(dirs: AppDirs, ruleset_id: str, designs: Mapping[str, Mapping[str, Any]]) -> None:
    """Write the whole set of a ruleset's saved designs (atomically)."""
    text = tomli_w.dumps({
        "schema_version": SCHEMA_VERSION,
        "ruleset": ruleset_id,
        "designs": {name: dict(data) for name, data in designs.items()},
    })
    write_atomic(dirs.designs_file(ruleset_id), text)


def keep_design(dirs: AppDirs, ruleset_id: str, name: str, data: Mapping[str, Any], original: str | None = None) -> None:
    """Add or replace one saved design (a renamed one replaces `original`); FileProblem leaves the file alone."""
    designs = load_designs(dirs, ruleset_id)
    if original is not None and original != name:
        designs.pop(original, None)
    designs[name] = dict(data)
    save_designs(dirs, ruleset_id, designs)


def forget_design(dirs: AppDirs, ruleset_id: str, name: str) -> bool:
    """Remove one saved design; False when there was none of that name."""
    designs = load_designs(dirs, ruleset_id)
    if name not in designs:
        return False
    del designs[name]
    save_designs(dirs, ruleset_id, designs)
    return True
