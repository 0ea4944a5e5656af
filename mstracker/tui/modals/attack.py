"""The attack dialog: the ruleset's attack action as a form with live exact odds.

The attack is the rolling action that takes an acting ship and a target ship, `fire` where there is
one; the dialog is the generic action form with that spec, started where the contract says.
"""

from __future__ import annotations

from typing import Any

from ...game import ActionSpec, ArgType, Engine
from ...rules.contract import LegalAction
from .action_form import ActionFormModal, BattleHost

ATTACK_KIND = "fire"


def attack_kind(engine: Engine) -> str | None:
    """The attack action: `fire`, else the first rolling action that takes a ship and a target ship."""
    specs = [s for s in engine.action_specs() if not s.generic]
    if any(s.kind == ATTACK_KIND for s in specs):
        return ATTACK_KIND
    for spec in specs:
        if spec.rolls and any(a.name == "target" and a.type is ArgType.SHIP for a in spec.args):
            return spec.kind
    return None


class AttackModal(ActionFormModal):
    """Attacker, weapon, target and the measured values → odds → dice → the result, applied."""

    def __init__(self, spec: ActionSpec, host: BattleHost, legal: LegalAction | None = None,
                 prefill: dict[str, Any] | None = None, warming: bool = False) -> None:
        super().__init__(spec, host, legal, prefill, title=f"Attack ({spec.kind})", warming=warming)
