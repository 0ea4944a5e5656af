"""Game core (pure): state, actions, events, the reducer, the checklist engine, the battle report.

Ruleset plugins (`mstracker.rulesets.<ruleset id>`) extend it through `mstracker.game.plugin`.
"""

from .actions import GENERIC_SPECS, StepRole
from .batch import Batch, extra_set
from .engine import Engine, engine_for
from .errors import GameError, InvalidAction, InvalidSetting
from .events import Action, ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data, dice_words
from .plugin import RulesetPlugin, TurnStructure, auto_step, plugin_for
from .records import FieldKind, FieldSpec, RecordSpec
from .report import battle_report, report_json, report_markdown
from .report_html import report_html
from .setup import parse_setting_value, resolve_settings
from .state import GameState, PhaseInfo, PlayerState, ShipItem, ShipState, StepInfo
from .typed_action import Incomplete, OddsWords, Outcome, RuleAction

__all__ = [
    "GENERIC_SPECS",
    "Incomplete",
    "OddsWords",
    "Outcome",
    "RuleAction",
    "Action",
    "ActionSpec",
    "ArgSpec",
    "ArgType",
    "Batch",
    "StepRole",
    "extra_set",
    "DiceRecorder",
    "Engine",
    "Event",
    "FieldKind",
    "FieldSpec",
    "GameError",
    "GameState",
    "InvalidAction",
    "InvalidSetting",
    "PhaseInfo",
    "PlayerState",
    "RecordSpec",
    "RulesetPlugin",
    "ShipItem",
    "ShipState",
    "StepInfo",
    "TurnStructure",
    "auto_step",
    "battle_report",
    "dice_data",
    "dice_words",
    "engine_for",
    "parse_setting_value",
    "plugin_for",
    "report_html",
    "report_json",
    "report_markdown",
    "resolve_settings",
]
