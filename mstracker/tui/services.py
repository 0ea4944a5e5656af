"""The services every screen reaches through `app.services`: dirs, settings, rng, rulesets, games.

Built once by mstracker.app_factory.build_app. Heavy things (rulesets, the game store) are
imported the first time a screen asks for them, so start-up stays lean.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ..paths import AppDirs
from ..store.settings import SettingsStore

if TYPE_CHECKING:
    from ..rules import LoadedRuleset


@dataclass
class Services:
    dirs: AppDirs
    settings: SettingsStore
    rng: random.Random
    _rulesets: dict[str, LoadedRuleset] = field(default_factory=dict, repr=False)
    tell_house_rule_problem: Callable[[str], None] | None = field(default=None, repr=False)
    """Called once per distinct problem with a house-rule file (the app notifies): never silent."""
    _told: set[str] = field(default_factory=set, repr=False)

    def ruleset(self, ruleset_id: str) -> LoadedRuleset:
        """The ruleset in force (book values plus this user's house rules), loaded on first use.

        Raises RulesError when the shipped data itself is broken.
        """
        loaded = self._rulesets.get(ruleset_id)
        if loaded is None:
            from ..store.catalog import load_ruleset

            loaded = load_ruleset(ruleset_id, self.dirs)
            self._rulesets[ruleset_id] = loaded
            problem = loaded.house_rule_error
            if problem and problem not in self._told and self.tell_house_rule_problem is not None:
                self._told.add(problem)
                self.tell_house_rule_problem(problem)
        return loaded

    def forget_ruleset(self, ruleset_id: str) -> None:
        """Drop the cached ruleset after its house-rule file changed."""
        self._rulesets.pop(ruleset_id, None)

    @property
    def current_ruleset_id(self) -> str:
        """The ruleset the user last worked with (the first one listed on the first run)."""
        from ..rules.registry import is_installed, ruleset_ids

        last = self.settings.settings.last_ruleset
        if last and is_installed(last):  # no package imported: the order is needed only without one
            return last
        return ruleset_ids()[0]

    def show_path(self, path: Path) -> str:
        """A path as the user should read it: under $MSTRACKER_HOME or ~ when it is."""
        home = os.environ.get("MSTRACKER_HOME")
        for root, name in ((home, "$MSTRACKER_HOME"), (str(Path.home()), "~")):
            if root:
                try:
                    return f"{name}/{path.relative_to(Path(root).expanduser()).as_posix()}"
                except ValueError:
                    continue
        return str(path)

    def game_store(self) -> ModuleType | None:
        """The game store module, or None while this build has no game core yet."""
        try:
            return importlib.import_module("mstracker.store.games")
        except ModuleNotFoundError as exc:
            if exc.name and "mstracker" in exc.name:
                return None
            raise
