"""The attack dialog: the ruleset's attack action ("fire") as a form with live exact odds.

Every ruleset's plugin names its attack `fire` with the arguments ship, weapon (not in pz8),
target, then what the table measures; the dialog is the generic action form with that spec.
"""

from __future__ import annotations

from typing import Any

from ...game import ActionSpec, ArgType, Engine
from .action_form import ActionFormModal, BattleHost

ATTACK_KIND = "fire"


def attack_spec(engine: Engine) -> ActionSpec | None:
    """The attack action: `fire`, else the first rolling action that takes a target ship."""
    specs = [s for s in engine.action_specs() if not s.generic]
    for spec in specs:
        if spec.kind == ATTACK_KIND:
            return spec
    for spec in specs:
        if spec.rolls and any(a.name == "target" and a.type is ArgType.SHIP for a in spec.args):
            return spec
    return None


class AttackModal(ActionFormModal):
    """Attacker, weapon, target and the measured values → odds → dice → the result, applied."""

    def __init__(self, spec: ActionSpec, host: BattleHost, prefill: dict[str, Any] | None = None) -> None:
        super().__init__(spec, host, prefill, title=f"Attack ({spec.kind})")
