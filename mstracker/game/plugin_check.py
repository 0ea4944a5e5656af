"""The plugin's required parts and the package's declared capabilities, checked once per ruleset.

`check_plugin` runs the first time a registered ruleset's plugin is built (`plugin_for`) and in the
conformance kit (mstracker.testing). A ruleset that lacks a part is refused with one ContractError that
names the ruleset and every problem, instead of a default that does the wrong thing quietly (a turn
structure guessed from the data's turn word, a rolling action with no declared dice, a "kill 0 %").

A declared capability (`RulesetPlugin.capabilities`) must be answered for real, and one answered must be declared (else a screen
would hide a feature the ruleset has): `exact_odds` (a rolling action with odds: a typed action's
`outcome`), `planner` (`plan_shot`, and typed actions with outcomes: the planner's figures
and focus fire are theirs), `on_table` (`on_table`). A target condition (`target_condition`) comes with the
damage between two conditions (`condition_damage`), never one without the other. Abstract methods (`build_record_spec`, `initial_ship`,
`readiness`) Python itself refuses to leave out. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.contract import Capabilities
from ..rules.contract_check import ContractError
from .plugin import RulesetPlugin
from .typed_action import RuleAction

if TYPE_CHECKING:
    from ..rules.contract import RulesetPackage

CONDITION_HOOKS = ("target_condition", "condition_damage")

_checked: set[tuple[str, type]] = set()


def overrides(cls: type, name: str, base: type = RulesetPlugin) -> bool:
    """Whether `cls` answers `name` itself (or through a helper class) rather than with `base`'s default."""
    return any(name in vars(k) for k in cls.__mro__ if k not in base.__mro__)


def plugin_problems(plugin: RulesetPlugin, capabilities: Capabilities) -> list[str]:
    """What the plugin lacks, each in one phrase (empty: it meets the game contract)."""
    cls = type(plugin)
    problems: list[str] = []
    if cls.turn_structure is None:
        problems.append("no turn_structure (alternating turns, rounds, or phases by player)")
    specs = plugin.action_specs()
    if not specs:
        problems.append("no actions (rule_actions)")
    if not cls.step_actions:
        problems.append("no step_actions (which actions do which checklist steps; without them no step is ticked)")
    rolling = [s.kind for s in specs if s.rolls]
    undeclared = [k for k in rolling if not _declares_dice(plugin, k)]
    if undeclared:
        problems.append(f"rolling actions with no declared dice: {', '.join(undeclared)} "
                        "(a typed action's dice)")
    with_odds = [k for k in rolling if _has_odds(plugin, k)]
    problems += _capability("exact_odds", capabilities.exact_odds, bool(with_odds),
                            "no rolling action answers odds (a typed action's outcome)")
    planner = overrides(cls, "plan_shot") and any(_typed_outcome(plugin, k) for k in rolling)
    problems += _capability("planner", capabilities.planner, planner,
                            "plan_shot with typed outcomes (typed actions that answer their outcome)")
    conditions = [h for h in CONDITION_HOOKS if overrides(cls, h)]
    if conditions and len(conditions) < len(CONDITION_HOOKS):
        problems.append(f"{conditions[0]} without {', '.join(h for h in CONDITION_HOOKS if h not in conditions)} "
                        "(a target's condition and the damage between two conditions come together)")
    problems += _capability("on_table", capabilities.on_table, overrides(cls, "on_table"), "no on_table")
    return problems


def check_plugin(package: RulesetPackage, plugin: RulesetPlugin) -> None:
    """ContractError naming the ruleset and every part its plugin lacks; checked once per plugin class."""
    key = (package.id, type(plugin))
    if key in _checked:
        return
    problems = plugin_problems(plugin, plugin.capabilities)
    if problems:
        raise ContractError(f"ruleset {package.id!r} ({type(plugin).__module__}.{type(plugin).__qualname__}) "
                            "does not meet the contract: " + "; ".join(problems))
    _checked.add(key)


def _capability(name: str, declared: bool, answered: bool, needs: str) -> list[str]:
    if declared and not answered:
        return [f"Capabilities({name}=True) is declared but {needs}"]
    if answered and not declared:
        return [f"it answers {name.replace('_', ' ')} but does not declare it: Capabilities({name}=True)"]
    return []


def _declares_dice(plugin: RulesetPlugin, kind: str) -> bool:
    return overrides(type(plugin.rule_action(kind)), "dice", RuleAction)


def _typed_outcome(plugin: RulesetPlugin, kind: str) -> bool:
    return overrides(type(plugin.rule_action(kind)), "outcome", RuleAction)


def _has_odds(plugin: RulesetPlugin, kind: str) -> bool:
    return _typed_outcome(plugin, kind) or overrides(type(plugin.rule_action(kind)), "odds", RuleAction)
