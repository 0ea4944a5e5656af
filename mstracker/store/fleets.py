"""Fleet files: TOML rosters with a schema_version, read with clear errors, written atomically."""

from __future__ import annotations

import re
from pathlib import Path

import tomli_w
from pydantic import ValidationError

from ..fleet import Roster
from ..fleet.roster import MAX_SHIPS
from ..paths import AppDirs
from ..rules.errors import format_validation_error
from .tomlfile import FileProblem, parse_toml_bytes, read_toml, write_atomic

# A full fleet (200 ships, each with a loadout) is under 50 kB; nothing larger is a fleet file.
MAX_FLEET_BYTES = 256_000


def roster_from_dict(data: dict, name: str) -> Roster:
    """Validate parsed TOML as a roster; FileProblem names the file and the field."""
    ships = data.get("ships")
    if isinstance(ships, list) and len(ships) > MAX_SHIPS:  # refused before validating each of them
        raise FileProblem(f"{name}: ships: {len(ships)} ships; a fleet has at most {MAX_SHIPS}")
    try:
        return Roster.model_validate(data)
    except ValidationError as exc:
        raise FileProblem(format_validation_error(name, exc)) from None
    except RecursionError:
        raise FileProblem(f"{name}: nested too deeply") from None


def load_roster(path: Path, label: str | None = None) -> Roster:
    """Read a fleet file. Unknown fields, newer schema versions and bad TOML are FileProblems.

    Messages start with `label` (the path as the user typed it), else the file's name.
    """
    name = label or path.name
    return roster_from_dict(read_toml(path, name, MAX_FLEET_BYTES), name)


def parse_roster(raw: bytes, name: str) -> Roster:
    if len(raw) > MAX_FLEET_BYTES:
        raise FileProblem(f"{name}: file is {len(raw)} bytes; the limit is {MAX_FLEET_BYTES}")
    return roster_from_dict(parse_toml_bytes(raw, name), name)


def roster_to_dict(roster: Roster) -> dict:
    """The roster as its fleet file holds it (TOML here, or JSON for `fleet new --json`)."""
    data: dict = {
        "schema_version": roster.schema_version,
        "ruleset": roster.ruleset,
        "name": roster.name,
        "player": roster.player,
    }
    if roster.preset is not None:
        data["preset"] = roster.preset
    if roster.cap is not None:
        data["cap"] = roster.cap
    if roster.permissive:
        data["permissive"] = True
    data["ships"] = [s.to_toml_dict() for s in roster.ships]
    if roster.designs:
        data["designs"] = roster.designs
    return data


def roster_to_toml(roster: Roster) -> str:
    return tomli_w.dumps(roster_to_dict(roster))


def save_roster(roster: Roster, path: Path) -> None:
    write_atomic(path, roster_to_toml(roster))


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return s or "fleet"


def saved_fleets(dirs: AppDirs, ruleset: str | None = None) -> list[Path]:
    """The user's saved fleet files (in the data dir), newest first."""
    root = dirs.fleets
    if not root.is_dir():
        return []
    paths = sorted(root.glob("*.toml"), key=_mtime, reverse=True)
    if ruleset is None:
        return paths
    out = []
    for p in paths:
        try:
            if read_toml(p).get("ruleset") == ruleset:
                out.append(p)
        except FileProblem:
            out.append(p)  # shown with its problem, never hidden
    return out


def _mtime(path: Path) -> float:
    """Newest first; an entry that cannot be stat'ed (a dangling link) sorts last and is still shown."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def sample_fleets(ruleset: str | None = None) -> list[Path]:
    """The sample fleets of a ruleset (every ruleset's when None), from its package's fleets folder."""
    from ..rules.registry import ruleset_ids
    from .catalog import fleets_dir

    ids = [ruleset] if ruleset else list(ruleset_ids())
    return [path for rid in ids for path in sorted(fleets_dir(rid).glob("*.toml"))]
