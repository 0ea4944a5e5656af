"""The ruleset contract's size: public methods of RulesetPlugin and RulesetPackage, which are required
(abstract, or checked at registration: `required_parts`) and which optional, and which optional ones
every installed ruleset overrides anyway (a default nobody can use is a required part in disguise).

Run: `.venv/bin/python -m bench.contract_size` (issue 15's before/after figure)."""

from __future__ import annotations

from mstracker.game.plugin import RulesetPlugin
from mstracker.rules.contract import RulesetPackage
from mstracker.rules.registry import packages
from mstracker.store.catalog import book_ruleset


def public_methods(cls: type) -> set[str]:
    return {n for n, v in vars(cls).items() if not n.startswith("_") and (callable(v) or isinstance(v, property))}


def required(cls: type) -> set[str]:
    return set(getattr(cls, "__abstractmethods__", ())) | set(getattr(cls, "required_parts", ()))


def overrides(sub: type, base: type, name: str) -> bool:
    return any(name in vars(k) for k in sub.__mro__ if k not in base.__mro__)


def report() -> None:
    pkgs = packages()
    plugins = {p.id: type(p.plugin(book_ruleset(p.id))) for p in pkgs}
    for base, subs in ((RulesetPlugin, plugins), (RulesetPackage, {p.id: type(p) for p in pkgs})):
        names, req = public_methods(base), required(base)
        optional = names - req
        everyone = sorted(n for n in optional if all(overrides(s, base, n) for s in subs.values()))
        print(f"{base.__name__}: {len(names | req)} parts, {len(req)} required, {len(optional)} optional")
        print(f"  required: {', '.join(sorted(req)) or '-'}")
        print(f"  optional, overridden by all of {', '.join(subs)} ({len(everyone)}): {', '.join(everyone)}")


if __name__ == "__main__":
    report()
