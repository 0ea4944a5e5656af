"""The legal-actions answer of a typed action, from trying its `prepare` (game.typed_action): the action is
available unless `prepare` with a blank form refuses (or the ruleset's `available` gate, the phase and the
set-up, says no, or a standing obligation stops it as the engine would); its actors are the ruleset's
candidates that `prepare` does not refuse; its targets those of the chosen actor that `prepare` does not
refuse. `Incomplete` (an argument still blank) is no refusal.
So every refusal a form shows is the one the engine gives when the action is tried. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..rules.contract import LegalAction
from .errors import InvalidAction
from .events import ArgType
from .typed_action import Incomplete, RuleAction

if TYPE_CHECKING:
    from .plugin import RulesetPlugin
    from .state import GameState


def refusal(action: RuleAction[Any], state: GameState, args: Mapping[str, Any]) -> str | None:
    """Why `prepare` refuses these (partial) arguments; None when it does not (or only lacks an argument)."""
    try:
        action.prepare(state, args)
    except Incomplete:
        return None
    except InvalidAction as exc:
        return str(exc)
    return None


def obligation_refusal(plugin: RulesetPlugin, state: GameState, kind: str, actor: str | None) -> str | None:
    """The message of the first standing obligation that stops `kind` done by `actor` (its owner's; no
    actor: the player the rules name, else the active player), as the engine refuses it; None: none does."""
    player = state.ships[actor].owner if actor in state.ships else plugin.acting_player(state, kind, {})
    player = state.active if player is None else player
    found = next((o for o in plugin.standing_now(state) if o.refuses(kind, actor, player)), None)
    return found.message() if found is not None else None


def typed_legal(plugin: RulesetPlugin, state: GameState, action: RuleAction[Any], prefer: str | None,
                marked: str | None, expected: bool) -> LegalAction:
    spec = action.spec
    names = {a.name: a for a in spec.args}
    reason = plugin.available(state, spec.kind) or refusal(action, state, {})
    actor = weapon = target = None
    actor_ids: tuple[str, ...] = ()
    target_ids: tuple[str, ...] = ()
    if "ship" in names:
        candidates, turn = plugin.phase_actors(state, spec.kind, reason)
        reason = reason or turn
        refused = {s.id: refusal(action, state, {"ship": s.id}) for s in candidates}
        actor_ids = tuple(s.id for s in candidates if refused[s.id] is None)
        if reason is None and not actor_ids:
            reason = next(iter(refused.values()), None) or f"no ship may {spec.kind} now"
        actor = prefer if prefer in actor_ids else (actor_ids[0] if actor_ids else None)
    reason = reason or obligation_refusal(plugin, state, spec.kind, actor)
    actor_ship = state.ships.get(actor) if actor else None
    if "weapon" in names and names["weapon"].type is ArgType.ITEM:
        weapon = plugin.first_ready(state, actor_ship)
    if "target" in names and names["target"].type is ArgType.SHIP:
        base = {"ship": actor} if actor else {}
        target_ids = tuple(t.id for t in plugin.targets(state, spec.kind, actor_ship)
                           if refusal(action, state, {**base, "target": t.id}) is None)
        target = marked if marked in target_ids else (target_ids[0] if len(target_ids) == 1 else None)
    return LegalAction(spec.kind, allowed=reason is None, reason=reason or "", expected=expected,
                       actor=actor, weapon=weapon, target=target, actors=actor_ids, targets=target_ids)
