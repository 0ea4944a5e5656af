"""User settings (theme, default dice mode, last ruleset) in the config dir's settings.toml.

The theme is "dark", "light" or the name of any other Textual theme ("nord", "gruvbox", ...); which
names exist is the app's to know (a name it lacks is reported at start-up, and the file is kept).

A file that cannot be read is reported, the defaults are used, and the file is never overwritten
silently: the next save first keeps it beside the new one as `settings.bad.toml` and says so.
Plain dataclasses rather than pydantic: this is read before the first frame, so it stays light.

Files people edit keep their comments: settings.toml and the house-rule files are rewritten with
tomlkit, which changes the one value and leaves every other line as it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from ..paths import AppDirs
from .tomlfile import FileProblem, read_regular, read_toml, write_atomic

SCHEMA_VERSION = 1


class Theme(StrEnum):
    """The app's own two themes; `Settings.theme` may also hold another Textual theme's name."""

    DARK = "dark"
    LIGHT = "light"


#: A theme name as Textual spells them: letters, digits, '-' and '_' (and short: it is shown in places).
_THEME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


class DiceMode(StrEnum):
    """Who rolls by default: the app (seeded rng) or the players (physical dice typed in)."""

    APP = "app"
    PHYSICAL = "physical"


@dataclass(frozen=True)
class Settings:
    """What the user chose; frozen, changed with `dataclasses.replace` (SettingsStore.update does)."""

    schema_version: int = SCHEMA_VERSION
    theme: str = Theme.DARK
    """Theme.DARK, Theme.LIGHT, or another Textual theme's name."""
    dice_mode: DiceMode = DiceMode.APP
    last_ruleset: str | None = None
    """The ruleset the dice roller, rules reference and fleet builder open with."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "schema_version": self.schema_version,
            "theme": str(self.theme),
            "dice_mode": self.dice_mode.value,
        }
        if self.last_ruleset is not None:
            data["last_ruleset"] = self.last_ruleset
        return data

    def to_toml(self, previous: str = "") -> str:
        """The settings as TOML; with `previous` (the file as it was), its comments and layout kept."""
        import tomlkit

        doc = tomlkit.parse(previous) if previous else tomlkit.document()
        data = self.to_dict()
        for key in [k for k in doc if k not in data]:
            del doc[key]
        for key, value in data.items():
            if doc.get(key) != value:
                doc[key] = value
        return tomlkit.dumps(doc)

    @classmethod
    def from_dict(cls, data: dict[str, Any], name: str) -> Settings:
        """Check parsed TOML; FileProblem names the file, the key and the problem."""
        unknown = sorted(set(data) - {"schema_version", "theme", "dice_mode", "last_ruleset"})
        if unknown:
            raise FileProblem(f"{name}: {unknown[0]}: is not a known setting")
        version = data.get("schema_version", SCHEMA_VERSION)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise FileProblem(f"{name}: schema_version: expected a whole number from 1, got {version!r}")
        if version > SCHEMA_VERSION:
            raise FileProblem(
                f"{name}: schema_version: written by a newer mstracker (schema_version {version}; "
                f"this one reads up to {SCHEMA_VERSION})"
            )
        theme = _theme(data, name)
        mode = _choice(data, "dice_mode", DiceMode, DiceMode.APP, name)
        last = data.get("last_ruleset")
        if last is not None and not isinstance(last, str):
            raise FileProblem(f"{name}: last_ruleset: expected text, got {last!r}")
        return cls(version, theme, mode, last)


def _theme(data: dict[str, Any], name: str) -> str:
    value = data.get("theme", Theme.DARK.value)
    if isinstance(value, str) and value in {t.value for t in Theme}:
        return Theme(value)
    if not isinstance(value, str) or not _THEME_NAME.fullmatch(value):
        raise FileProblem(f"{name}: theme: {value!r} is not a theme name (dark, light, or a Textual theme such as nord)")
    return value


def _choice(data: dict[str, Any], key: str, kind: type[StrEnum], default: Any, name: str) -> Any:
    value = data.get(key, default.value)
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(m.value for m in kind)
        raise FileProblem(f"{name}: {key}: {value!r} is not one of: {choices}") from None


@dataclass
class SettingsStore:
    """Settings in force plus the file they live in and the problem with it, if any."""

    path: Path
    settings: Settings = field(default_factory=Settings)
    problem: str | None = None
    """Why the file on disk could not be used (shown to the user); None when it was fine or absent."""

    def save(self, settings: Settings) -> Path | None:
        """Write settings atomically. Returns where an unreadable old file was kept, if one was."""
        kept = None
        previous = ""
        if self.problem is not None and (self.path.exists() or self.path.is_symlink()):
            kept = _free_name(self.path.with_name("settings.bad.toml"))
            self.path.replace(kept)
        elif self.path.exists():
            previous = _text_of(self.path)
        write_atomic(self.path, settings.to_toml(previous))
        self.settings = settings
        self.problem = None
        return kept

    def update(self, **changes: Any) -> Path | None:
        """Save a copy of the current settings with `changes` applied."""
        return self.save(replace(self.settings, **changes))


def _free_name(path: Path) -> Path:
    n = 2
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return candidate


def load_settings(dirs: AppDirs) -> SettingsStore:
    """Read settings.toml; a missing file gives the defaults, a bad one the defaults plus a problem."""
    path = dirs.settings_file
    if not (path.exists() or path.is_symlink()):  # a dangling link is reported, not ignored
        return SettingsStore(path)
    try:
        return SettingsStore(path, Settings.from_dict(read_toml(path, str(path)), str(path)))
    except FileProblem as exc:
        return SettingsStore(path, problem=str(exc))


# -- house rules: `[settings] key = value` in config/house-rules/<ruleset>.toml -------------------------


def _text_of(path: Path) -> str:
    """A TOML file's text for tomlkit, after the same checks as reading it (FileProblem)."""
    read_toml(path, str(path))  # regular file, size cap, valid TOML: else FileProblem, nothing written
    return read_regular(path, str(path)).decode("utf-8")


def set_house_setting(path: Path, key: str, value: bool | int | float | str | None) -> None:
    """Set (or, with None, remove) one `[settings]` key of a house-rule file.

    Every other line, comments included, stays as it was (tomlkit). Raises FileProblem when the
    existing file cannot be read: it is never overwritten blindly.
    """
    import tomlkit

    exists = path.exists() or path.is_symlink()
    doc = tomlkit.parse(_text_of(path)) if exists else tomlkit.document()
    section = doc.get("settings")
    if section is not None and not isinstance(section, dict):
        raise FileProblem(f"{path}: settings: expected a table, so it is left as it is")
    if value is None:
        if section is not None and key in section:
            del section[key]
        if section is not None and not section:
            del doc["settings"]
    else:
        if section is None:
            section = tomlkit.table()
            doc["settings"] = section
        section[key] = value
    text = tomlkit.dumps(doc)
    if not text.strip():
        if exists:
            path.unlink()
        return
    write_atomic(path, text)
