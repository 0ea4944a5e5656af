"""Where mstracker keeps things: shipped data, the user's data dir and config dir.

`MSTRACKER_HOME`, when set, relocates every app dir (tests and portable installs use it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shipped_data_dir() -> Path:
    """data/ as shipped: inside the installed wheel, or at the top of a source checkout."""
    inside = _PACKAGE / "data"
    if (inside / "rulesets").is_dir():
        return inside
    return _PACKAGE.parent / "data"


@dataclass(frozen=True)
class AppDirs:
    data: Path
    config: Path

    @property
    def games_db(self) -> Path:
        return self.data / "games.sqlite3"

    @property
    def fleets(self) -> Path:
        return self.data / "fleets"

    @property
    def designs(self) -> Path:
        """The player's custom ship designs, one file per ruleset (beside the fleets)."""
        return self.data / "designs"

    def designs_file(self, ruleset_id: str) -> Path:
        return self.designs / f"{ruleset_id}.toml"

    @property
    def house_rules(self) -> Path:
        return self.config / "house-rules"

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.toml"

    def house_rule_file(self, ruleset_id: str) -> Path:
        return self.house_rules / f"{ruleset_id}.toml"


def app_dirs(environ: dict[str, str] | None = None) -> AppDirs:
    """The app dirs for this user, honouring MSTRACKER_HOME."""
    env = os.environ if environ is None else environ
    home = env.get("MSTRACKER_HOME")
    if home:
        root = Path(home).expanduser()
        return AppDirs(data=root / "data", config=root / "config")
    import platformdirs

    return AppDirs(
        data=Path(platformdirs.user_data_dir("mstracker", appauthor=False)),
        config=Path(platformdirs.user_config_dir("mstracker", appauthor=False)),
    )
