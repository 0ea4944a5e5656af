"""The ruleset in force for a command: book values with the user's house rules laid over them.

A house-rule file that cannot be applied is never skipped silently: the player would read book
odds, costs or settings while believing the club's rules apply. It is told once on stderr (and in
a JSON document's `warnings`), naming the file, the key and the problem.
"""

from __future__ import annotations

from ..rules import LoadedRuleset, RulesError, RulesetBase, UnknownRuleset
from ..store.catalog import load_ruleset
from .output import CliError, one_line, warn


def loaded_ruleset(ruleset_id: str) -> LoadedRuleset:
    """The ruleset and the problem with its house-rule file, if any; CliError for an unknown id
    or broken shipped data."""
    try:
        return load_ruleset(ruleset_id)
    except UnknownRuleset as exc:
        raise CliError(str(exc)) from None
    except RulesError as exc:
        raise CliError(one_line(str(exc))) from None


def ruleset_in_force(ruleset_id: str) -> RulesetBase:
    """The ruleset to use, after warning about a house-rule file that could not be applied."""
    loaded = loaded_ruleset(ruleset_id)
    if loaded.house_rule_error:
        warn(not_applied(loaded.house_rule_error))
    return loaded.ruleset


def not_applied(problem: str) -> str:
    return f"house rules not applied, the book values are in force: {problem}"
