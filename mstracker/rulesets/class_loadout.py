"""A base for the built-in ruleset packages whose loadout depends on the ship's class alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.contract import ModulePackage


class ClassLoadoutPackage(ModulePackage):
    """A ModulePackage whose builder offers each ship what its class may mount:
    `<package>.fleet.offered_loadout(ruleset, ship_class)`, imported on first use."""

    def offered_loadout(self, ruleset: Any, roster: Any, ship: Any) -> Mapping[str, Any]:
        return self.part("fleet", "offered_loadout")(ruleset, ship.ship_class)
