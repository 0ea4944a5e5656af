"""Where a cal action form starts beyond its ship, weapon and target: the only token it may name, the
ordnance a ship can launch or ready, what Damage Control would fix, the craft that must go over C&C, and
point defence's shots: every one ready."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgType
from ...rules.contract import LegalAction
from ...game.state import GameState, ShipState
from .game_base import BAY_ITEMS, ITEM_FIELDS
from .legal import choices, over_cc
from .notation import parse_counter
from .repairs import repairable

if TYPE_CHECKING:
    from .plugin import Plugin


def prefill(plugin: Plugin, state: GameState, spec: ActionSpec, legal: LegalAction) -> dict[str, Any]:
    if not legal.allowed:
        return {}
    actor = state.ships.get(legal.actor) if legal.actor else None
    out: dict[str, Any] = {}
    for arg in spec.args:
        if arg.type is ArgType.TOKEN:
            found = choices(plugin, state, spec.kind, arg.name, actor)
            urgent = spec.kind == "remove-ordnance" and bool(found) and _must_go(plugin, state, found[0])
            if len(found) == 1 or urgent:
                out[arg.name] = found[0]["id"]
    if spec.kind == "remove-ordnance" and "token" in out:
        token = next(t for t in choices(plugin, state, spec.kind, "token", actor) if t["id"] == out["token"])
        if _must_go(plugin, state, token):
            excess = plugin.craft_in_play(state, token["owner"]) - plugin.fleet_cc(state, token["owner"])
            out["units"] = min(excess, int(token["units"]))
            out["reason"] = "above C&C"
    if actor is None:
        return out
    if spec.kind in ("launch", "unready"):
        kind = _ready_kind(actor)
        if kind:
            out["ordnance"] = kind
    elif spec.kind == "ready-ordnance":
        kind = _readiable_kind(plugin, actor)
        if kind:
            out["ordnance"] = kind
    elif spec.kind == "damage-control":
        out.update(_control(plugin, state, actor))
    elif spec.kind == "point-defence":
        shots = _pd_shots(plugin, state, actor, out.get("token"))
        if shots:
            out["shots"] = shots
    return out


def _pd_shots(plugin: Plugin, state: GameState, ship: ShipState, token_id: str | None) -> int:
    """The shots point defence's preparation takes when none are said (every one ready that the token may
    still take), for the token named; no token named: the fewest of those over every token it may shoot
    at, so the default is never refused (cal §Point Defenses); 0 when it has none."""
    rule = plugin.rule_action("point-defence")
    offered = [t["id"] for t in choices(plugin, state, "point-defence", "token", ship)
               if token_id is None or t["id"] == token_id]
    shots = []
    for token in offered:
        try:
            shots.append(rule.plan(state, {"ship": ship.id, "token": token}).shots)
        except InvalidAction:
            continue
    return min(shots) if shots else 0


def _must_go(plugin: Plugin, state: GameState, token: dict[str, Any]) -> bool:
    """A fighter or bomber of a player whose craft in play are above C&C."""
    return bool(plugin.ruleset.ordnance[token["kind"]].cc) and over_cc(plugin, state, token["owner"])


def _ready_kind(ship: ShipState) -> str | None:
    for item in ship.items:
        for counter in item.record.get("track") or []:
            kind, left = parse_counter(counter)
            if left <= 0:
                return kind
    return None


def _readiable_kind(plugin: Plugin, ship: ShipState) -> str | None:
    """The first ordnance a bay with room can take (optional multirole craft last)."""
    kinds = sorted(plugin.ruleset.ordnance.items(), key=lambda kv: kv[1].optional)
    for item in ship.items:
        if item.name not in BAY_ITEMS.values() or int(item.record.get("bays", 0)) <= len(item.record.get("track") or []):
            continue
        field = ITEM_FIELDS[item.name]
        for name, kind in kinds:
            if field in kind.bays:
                return name
    return None


def _control(plugin: Plugin, state: GameState, ship: ShipState) -> dict[str, Any]:
    options = repairable(plugin, state, ship)
    if options:
        return {"choice": "repair", "system": next(iter(options))}
    if int(ship.record.get("fire", 0)) > 0:
        return {"choice": "fire"}
    if int(ship.record.get("boarders", 0)) > 0:
        return {"choice": "boarder"}
    return {}
