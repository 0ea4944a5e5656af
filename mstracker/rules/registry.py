"""The rulesets installed: found through the `mstracker.rulesets` entry-point group.

Every ruleset, the four built-in ones included, is a package whose entry point names a
`RulesetPackage` instance (`spook = "mstracker.rulesets.spook:RULESET"` in pyproject.toml), so a
separately installed package adds a ruleset without a line changed here. `register()` adds one at
run time (tests, or a host that loads rulesets its own way).

Listing ids reads the installed metadata only; a package is imported the first time it is asked for.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import RulesetBase
    from .contract import RulesetPackage

GROUP = "mstracker.rulesets"

_entry_points: dict[str, EntryPoint] | None = None
_loaded: dict[str, RulesetPackage] = {}
_registered: dict[str, RulesetPackage] = {}


class UnknownRuleset(KeyError):
    def __str__(self) -> str:
        return f"unknown ruleset {self.args[0]!r}; choose one of: {', '.join(ruleset_ids())}"


class BrokenRuleset(RuntimeError):
    """An installed ruleset package that cannot be loaded (its message names it and why)."""


def _points() -> dict[str, EntryPoint]:
    global _entry_points
    if _entry_points is None:
        found: dict[str, EntryPoint] = {}
        for point in entry_points(group=GROUP):
            found.setdefault(point.name, point)  # the first installed wins, as for scripts
        _entry_points = found
    return _entry_points


def ruleset_ids() -> tuple[str, ...]:
    """Every ruleset id, in the packages' own `order` (then by id); broken packages are left out
    here and named when asked for by `package()`."""
    ids = list(_points())
    ids += [rid for rid in _registered if rid not in ids]

    def key(rid: str) -> tuple[int, str]:
        try:
            return package(rid).order, rid
        except BrokenRuleset:
            return 1 << 30, rid

    return tuple(sorted(ids, key=key))


def is_installed(ruleset_id: str) -> bool:
    """Whether a ruleset of that id is installed (or registered), from the metadata alone: no package
    is imported (the home screen shows the last ruleset used before its first frame)."""
    return ruleset_id in _registered or ruleset_id in _points()


def package(ruleset_id: str) -> RulesetPackage:
    """The package of a ruleset; UnknownRuleset when none is installed under that id."""
    found = _registered.get(ruleset_id) or _loaded.get(ruleset_id)
    if found is not None:
        return found
    point = _points().get(ruleset_id)
    if point is None:
        raise UnknownRuleset(ruleset_id)
    try:
        loaded = point.load()
    except Exception as exc:  # noqa: BLE001 - a third-party package may fail in any way: name it
        raise BrokenRuleset(f"ruleset {ruleset_id!r} ({point.value}) could not be loaded: {exc}") from exc
    if getattr(loaded, "id", None) != ruleset_id:
        raise BrokenRuleset(f"ruleset {ruleset_id!r} ({point.value}) declares the id {getattr(loaded, 'id', None)!r}")
    _loaded[ruleset_id] = loaded
    return loaded


def packages() -> tuple[RulesetPackage, ...]:
    return tuple(package(rid) for rid in ruleset_ids())


def register(pkg: RulesetPackage) -> None:
    """Add (or replace) a ruleset at run time; ContractError naming what it lacks of the contract."""
    _checked_ids.discard(pkg.id)
    _checked(pkg)
    _registered[pkg.id] = pkg


_checked_ids: set[str] = set()


def _checked(pkg: RulesetPackage) -> None:
    """The package's required parts, checked once as it is registered (rules.contract_check): a ruleset
    that lacks one is refused here, naming it and the part, never found out later as an empty screen."""
    from .contract_check import check_package

    check_package(pkg)  # ContractError (a RulesError: one line on the command line) naming what it lacks
    _checked_ids.add(pkg.id)


def unregister(ruleset_id: str) -> None:
    _registered.pop(ruleset_id, None)


def model_for(ruleset_id: str) -> type[RulesetBase]:
    """The pydantic model class that validates a ruleset's data file. An installed package's required
    parts are checked here, the first time its data is read (listing titles imports no model)."""
    pkg = package(ruleset_id)
    if ruleset_id not in _checked_ids:
        _checked(pkg)
    return pkg.model()
