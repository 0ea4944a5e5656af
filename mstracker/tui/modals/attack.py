"""The attack dialog: the ruleset's attack action as a form with live exact odds.

The attack is the rolling action that takes an acting ship and a target ship, `fire` where there is
one; the dialog is the generic action form with that spec, started where the contract says. A distance
measured in the fire planner for the chosen ship and target (kept until the turn ends) fills the
distance field, on opening and when the ship or the target changes, unless the player typed one.
"""

from __future__ import annotations

from typing import Any

from ...game import ActionSpec, ArgType, Engine, GameError
from ...game.planner import Distances
from ...rules.contract import LegalAction
from ..widgets.arg_fields import ArgField
from .action_form import ActionFormModal, BattleHost

ATTACK_KIND = "fire"
DISTANCE_ARG = "distance"


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
        legal = legal or host.engine.legal_action(host.state, spec.kind)
        self._measured_fill: str | None = None  # the distance this dialog filled in (not one the player typed)
        prefill = self.with_measured(spec, host, legal, prefill or {})
        super().__init__(spec, host, legal, prefill, title=f"Attack ({spec.kind})", warming=warming)

    def restart(self, legal: LegalAction, prefill: dict[str, Any]) -> None:
        super().restart(legal, self.with_measured(self.spec, self.host, legal, prefill))

    def with_measured(self, spec: ActionSpec, host: BattleHost, legal: LegalAction,
                      prefill: dict[str, Any]) -> dict[str, Any]:
        """The prefill with the planner's distance for its ship and target, when one was measured and
        the prefill has none of its own (the planner's Enter passes the row's distance itself)."""
        self._measured_fill = None
        if not any(a.name == DISTANCE_ARG for a in spec.args) or prefill.get(DISTANCE_ARG) is not None:
            return prefill
        start = {**legal.defaults([a.name for a in spec.args]), **{k: v for k, v in prefill.items() if v is not None}}
        distance = measured_distance(host, start.get("ship"), start.get("target"))
        if distance is None:
            return prefill
        self._measured_fill = str(distance)
        return {**prefill, DISTANCE_ARG: distance}

    def field_changed(self, field: ArgField) -> None:
        """A new ship or target: its measured distance replaces the one filled in for the pair before
        (a distance the player typed stays)."""
        super().field_changed(field)
        if not self.is_mounted or field.arg.name not in ("ship", "target"):
            return
        box = self.field(DISTANCE_ARG)
        if box is None or box.value not in (None, self._measured_fill):
            return
        args = self.args()
        distance = measured_distance(self.host, args.get("ship"), args.get("target"))
        wanted = None if distance is None else str(distance)
        if wanted != box.value:
            box.set_value(wanted, quiet=True)
            self._measured_fill = wanted
            self._refresh()


def measured_distance(host: BattleHost, ship: Any, target: Any) -> int | None:
    """The distance measured in the fire planner this turn from `ship` to `target` (None: not measured)."""
    measured: Distances | None = getattr(getattr(host, "session", None), "measured", None)
    if not measured or ship is None or target is None:
        return None
    state = host.state
    try:
        return measured.of(state.find_ship(str(ship)).id, state.find_ship(str(target)).id)
    except GameError:
        return None
