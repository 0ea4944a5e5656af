"""The ruleset package's required parts, checked once when it is registered (or first loaded).

A package that lacks one is refused with one message naming the ruleset and every missing part, instead
of a screen that shows an empty builder or a 0 later. What a package must have: the abstract methods of
`RulesetPackage` (Python refuses the package without them), a data model, and a ship-class table that
the model declares as a table of entries (`class_table`, "classes" unless it says otherwise). The game
half (the plugin's parts and the declared capabilities) is checked in game.plugin_check.
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING

from .base import Entry
from .errors import RulesError

if TYPE_CHECKING:
    from .contract import RulesetPackage


class ContractError(RulesError):
    """A ruleset that does not meet the contract: its message names the ruleset and what it lacks."""


def package_problems(pkg: RulesetPackage) -> list[str]:
    """What the package lacks, each in one phrase (empty: it meets the package contract)."""
    problems: list[str] = []
    try:
        model = pkg.model()
    except (ImportError, AttributeError) as exc:
        return [f"its data model cannot be imported ({exc})"]
    field = model.model_fields.get(pkg.class_table)
    if field is None:
        problems.append(f"its data model {model.__name__} has no ship-class table {pkg.class_table!r} "
                        "(name the model's field in `class_table`)")
    elif not is_entry_table(field.annotation):
        problems.append(f"{model.__name__}.{pkg.class_table} is not a table of entries (dict[str, Entry])")
    return problems


def check_package(pkg: RulesetPackage) -> None:
    """ContractError naming the ruleset and every part it lacks."""
    problems = package_problems(pkg)
    if problems:
        raise ContractError(f"ruleset {pkg.id!r} ({type(pkg).__module__}) does not meet the contract: "
                            + "; ".join(problems))


def is_entry_table(annotation: object) -> bool:
    """Whether a model field's type is a table of rulebook entries, `dict[str, <an Entry>]`."""
    if typing.get_origin(annotation) is not dict:
        return False
    key, value = typing.get_args(annotation)
    return key is str and isinstance(value, type) and issubclass(value, Entry)
