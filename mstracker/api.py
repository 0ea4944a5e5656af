"""The one import for ruleset authors: everything a ruleset package needs from mstracker.

A ruleset written outside this tree imports only from here (`from mstracker.api import RulesetPackage,
RulesetPlugin, RuleAction, Batch, ...`); the names behind it may move between mstracker's own modules,
these stay. The package ships `py.typed`, so an author's type checker sees the contract's real types,
and `mypy --strict` is kept clean on this module (`make typecheck`).

What is here, by what an author writes:
* the package: `RulesetPackage` (abstract: `model`, `validate_fleet`, `starter_fleet`, `plugin`; its
  ship-class table `class_table`, checked at registration and read as `ShipClassInfo`) and its
  declarations (`OpposedRoll`, `DemoSpec`, `SceneStep`, `OddsOption`, `OptionType`, `ShipFields`, `BuilderField`,
  `FieldType`, `DesignSchema`), the data model's bases (`RulesetBase`, `Entry`);
* the fleet checks' values: `Roster`, `ShipEntry`, `FleetReport`, `Finding`, `Severity`, `ShipSheet`;
* the game rules: `RulesetPlugin` (required: `turn_structure`, `build_record_spec`, `initial_ship`,
  `readiness` (`record_readiness` reads a record's flags and timers), actions, `step_actions`, the dice of
  every rolling action; its optional features declared as `Capabilities`), `TurnStructure`, the typed action `RuleAction` (its `prepare` refuses,
  `Incomplete` for a blank argument, its `outcome` a distribution of `Outcome`, its odds' words `OddsWords`),
  its `ActionSpec` with `ArgSpec`/`ArgType`, `@auto_step` for the automatic steps,
  `Batch` for every change, `InvalidAction` to refuse, `DiceRecorder`, `Event`, `dice_data`, the state
  (`GameState`, `ShipState`, `ShipItem`, `PlayerState`, `Action`, `ActionSpec`) and the record
  (`RecordSpec`, `FieldSpec`, `FieldKind`);
* the contract's answers: `LegalAction`, `Readiness`/`ItemReadiness`, `Obligation`, the dice declared
  before a roll (`DicePlan`, `DieNeed`, `PlanBuilder`, `ranked`, `low_is_good`, `total`, `face`), exact
  odds (`AttackOdds`, `Distribution`), fire planning (`PlannedShot`, `DistanceUse`) and what lies on the
  table (`TableItem`);
* `register`: a ruleset registered at run time (an installed one registers by its `mstracker.rulesets`
  entry point);
* `expected_dealt` and `capped_mean`: the one definition of expected damage (damage dealt, capped at what
  the target has), for an author's own odds (`mstracker odds <id>` with the target's armor given).

Names are imported on first use, so a package's `__init__` that imports `RulesetPackage` from here to
list its title pulls in nothing heavier than the contract module.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dice import Distribution as Distribution
    from .fleet.roster import Finding as Finding
    from .fleet.roster import FleetReport as FleetReport
    from .fleet.roster import Roster as Roster
    from .fleet.roster import Severity as Severity
    from .fleet.roster import ShipEntry as ShipEntry
    from .fleet.roster import ShipSheet as ShipSheet
    from .game.batch import Batch as Batch
    from .game.damage import expected_dealt as expected_dealt
    from .game.errors import GameError as GameError
    from .game.errors import InvalidAction as InvalidAction
    from .game.events import Action as Action
    from .game.events import ActionSpec as ActionSpec
    from .game.events import ArgSpec as ArgSpec
    from .game.events import ArgType as ArgType
    from .game.events import DiceRecorder as DiceRecorder
    from .game.events import Event as Event
    from .game.events import dice_data as dice_data
    from .game.plugin import RulesetPlugin as RulesetPlugin
    from .game.plugin import TurnStructure as TurnStructure
    from .game.plugin import auto_step as auto_step
    from .game.plugin import record_readiness as record_readiness
    from .game.records import FieldKind as FieldKind
    from .game.records import FieldSpec as FieldSpec
    from .game.records import RecordSpec as RecordSpec
    from .game.state import GameState as GameState
    from .game.state import PlayerState as PlayerState
    from .game.state import ShipItem as ShipItem
    from .game.state import ShipState as ShipState
    from .game.typed_action import Incomplete as Incomplete
    from .game.typed_action import OddsWords as OddsWords
    from .game.typed_action import Outcome as Outcome
    from .game.typed_action import RuleAction as RuleAction
    from .rules.base import Entry as Entry
    from .rules.base import RulesetBase as RulesetBase
    from .rules.contract import BuilderField as BuilderField
    from .rules.contract import Capabilities as Capabilities
    from .rules.contract import DemoSpec as DemoSpec
    from .rules.contract import DesignSchema as DesignSchema
    from .rules.contract import DicePlan as DicePlan
    from .rules.contract import DieNeed as DieNeed
    from .rules.contract import DistanceUse as DistanceUse
    from .rules.contract import FieldType as FieldType
    from .rules.contract import ItemReadiness as ItemReadiness
    from .rules.contract import LegalAction as LegalAction
    from .rules.contract import Obligation as Obligation
    from .rules.contract import OddsOption as OddsOption
    from .rules.contract import OpposedRoll as OpposedRoll
    from .rules.contract import OptionType as OptionType
    from .rules.contract import PlanBuilder as PlanBuilder
    from .rules.contract import PlannedShot as PlannedShot
    from .rules.contract import Readiness as Readiness
    from .rules.contract import RulesetPackage as RulesetPackage
    from .rules.contract import SceneStep as SceneStep
    from .rules.contract import ShipClassInfo as ShipClassInfo
    from .rules.contract import ShipFields as ShipFields
    from .rules.contract import TableItem as TableItem
    from .rules.contract import face as face
    from .rules.contract import low_is_good as low_is_good
    from .rules.contract import ranked as ranked
    from .rules.contract import total as total
    from .rules.outcome import AttackOdds as AttackOdds
    from .rules.outcome import capped_mean as capped_mean
    from .rules.registry import register as register

_WHERE: dict[str, str] = {
    "Distribution": "dice",
    **dict.fromkeys(("Finding", "FleetReport", "Roster", "Severity", "ShipEntry", "ShipSheet"), "fleet.roster"),
    "Batch": "game.batch",
    "expected_dealt": "game.damage",
    **dict.fromkeys(("GameError", "InvalidAction"), "game.errors"),
    **dict.fromkeys(("Action", "ActionSpec", "ArgSpec", "ArgType", "DiceRecorder", "Event", "dice_data"), "game.events"),
    **dict.fromkeys(("RulesetPlugin", "TurnStructure", "auto_step", "record_readiness"), "game.plugin"),
    **dict.fromkeys(("FieldKind", "FieldSpec", "RecordSpec"), "game.records"),
    **dict.fromkeys(("GameState", "PlayerState", "ShipItem", "ShipState"), "game.state"),
    **dict.fromkeys(("Incomplete", "OddsWords", "Outcome", "RuleAction"), "game.typed_action"),
    **dict.fromkeys(("Entry", "RulesetBase"), "rules.base"),
    **dict.fromkeys((
        "BuilderField", "Capabilities", "DemoSpec", "DesignSchema", "DicePlan", "DieNeed", "DistanceUse",
        "FieldType", "ItemReadiness", "LegalAction", "Obligation", "OddsOption", "OpposedRoll", "OptionType",
        "PlanBuilder", "PlannedShot", "Readiness", "RulesetPackage", "SceneStep", "ShipClassInfo", "ShipFields",
        "TableItem", "face", "low_is_good", "ranked", "total"), "rules.contract"),
    **dict.fromkeys(("AttackOdds", "capped_mean"), "rules.outcome"),
    "register": "rules.registry",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", "mstracker"), name)
    globals()[name] = value  # found once: later lookups are plain module attributes
    return value


def __dir__() -> list[str]:
    return __all__
