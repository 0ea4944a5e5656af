"""The one base of this tree's ruleset packages (spook, lukas, pz8, cal): the package answers of a ruleset
whose fleet checks live in its own `fleet` module, imported only when first asked.

Each ruleset's `__init__` is its package's entry (`RULESET`, registered under `mstracker.rulesets`): it
declares what the screens need and imports its heavy modules (model, fleet checks, odds, game plugin) only
when asked, so listing the rulesets stays cheap. Its `fleet()` hands over the fleet module itself, and mypy
checks that module against `FleetRules` (a module as the implementation of a protocol), so the base's
answers are typed end to end: no part is found by its name. Pure.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from ..rules.contract import RulesetPackage

if TYPE_CHECKING:
    from ..fleet import FleetReport, Roster, ShipEntry
    from ..rules.base import RulesetBase

R = TypeVar("R", contravariant=True)
M = TypeVar("M")


class FleetRules(Protocol[R]):
    """What a ruleset's fleet module holds: the fleet checks, a starter fleet, the loadout a class may mount."""

    def validate(self, roster: Roster, ruleset: R, /) -> FleetReport: ...

    def starter_roster(self, ruleset: R, preset: str | None = None, /) -> Roster: ...

    def offered_loadout(self, ruleset: R, ship_class: str, /) -> dict[str, list[tuple[str, bool, str]]]: ...


class BookPackage(RulesetPackage, Generic[M]):
    """A ruleset package of this tree, `M` its data model: the fleet answers come from its `fleet()` module."""

    @abstractmethod
    def fleet(self) -> FleetRules[M]:
        """The ruleset's fleet module, imported when first asked."""

    def own(self, ruleset: RulesetBase) -> M:
        """The registry hands a package only the model its `model()` returns: the ruleset's own."""
        return cast("M", ruleset)

    def validate_fleet(self, roster: Roster, ruleset: RulesetBase) -> FleetReport:
        return self.fleet().validate(roster, self.own(ruleset))

    def starter_fleet(self, ruleset: RulesetBase, preset: str | None) -> Roster:
        return self.fleet().starter_roster(self.own(ruleset), preset)

    def offered_loadout(self, ruleset: RulesetBase, roster: Roster, ship: ShipEntry) -> Mapping[str, Any]:
        """What each ship may mount: its class's loadout."""
        return self.fleet().offered_loadout(self.own(ruleset), ship.ship_class)
