"""The automatic steps of a lukas turn (RULES.md B5): ship upkeep at the start, markers, the objective.

Each returns events (empty when nothing changes); the step-entered event already logs the step.
Upkeep concerns the ships of the player whose turn it is: "turn N+1" in the book's timelines is the
owner's next turn (RULES.md B4.2, B4.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.events import Event
from ...game.generic import end_game, note
from .record import AIMED, BOOSTERS, FIELD, FIELD_DEFENSE, INFILTRATION, READY
from .game_base import ability_item, armed, bay_changes, home_owner, player_name, update, weapons
from ...game.state import GameState, ShipState

if TYPE_CHECKING:
    from .plugin import Plugin

Changes = list[tuple[str, str, Any]]


def _own(state: GameState) -> list[ShipState]:
    return [s for s in state.ships.values() if s.owner == state.active]


def release_docked(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.b: docked in turn N, immobile in N+1, out in N+2 fully repaired."""
    events: list[Event] = []
    for ship in _own(state):
        left = int(ship.get("docked") or 0)
        if not left or ship.get("destroyed"):
            continue
        host = state.ships.get(ship.get("docked_in") or "")
        host_name = host.label if host else "its hangar"
        if left > 1:
            events.append(update("docked", f"{ship.label} stays docked in {host_name} this turn and cannot move.",
                                 [(ship.id, "docked", left - 1), (ship.id, "immobile", True)], ship=ship.id))
            continue
        changes: Changes = [(ship.id, "docked", 0), (ship.id, "docked_in", ""), (ship.id, "immobile", False),
                            (ship.id, "armor", ship.get("armor_max")), *bay_changes(state, ship.get("docked_in") or "", ship, -1)]
        text = (f"{ship.label} leaves {host_name}, placed beside the bay fully repaired "
                f"(armor {ship.get('armor')} → {ship.get('armor_max')}), with a full turn.")
        events.append(update("left-hangar", text, changes, host=host.id if host else None, ships=[ship.id]))
    return events


def resolve_infiltration(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.c: an infiltration declared in the owner's previous turn captures its target unless it failed."""
    events: list[Event] = []
    rules = plugin.rules(state)
    for frigate in _own(state):
        pods = ability_item(frigate, INFILTRATION)
        target_id = (pods.record.get("target") or "") if pods is not None else ""
        if pods is None or not target_id:
            continue
        target = state.ships.get(target_id)
        halted = target is None or target.get("infiltrated_by") != frigate.id
        alive = not frigate.get("destroyed")
        gone = target is None or bool(target.get("destroyed"))
        if rules.setting("infiltration_needs_survival"):
            captured = not halted and alive and not gone
        else:
            captured = (not halted or alive) and not gone
        changes: Changes = [(frigate.id, f"{pods.id}.target", ""), (frigate.id, "immobile", False)]
        own_pods = ability_item(target, INFILTRATION) if target is not None else None
        busy = own_pods is not None and bool(own_pods.record.get("target"))  # held by its own infiltration too
        if target is not None:
            if not busy or captured:
                changes.append((target.id, "immobile", False))
            if target.get("infiltrated_by") == frigate.id:
                changes.append((target.id, "infiltrated_by", ""))
        if not captured:
            why = ("its target is destroyed" if gone else "it was halted" if halted else "the infiltrator was destroyed")
            text = f"Infiltration of {target.label if target else target_id} by {frigate.label} fails: {why}."
            events.append(update("infiltration-failed", text, changes, ship=frigate.id, target=target_id))
            continue
        assert target is not None
        home = home_owner(state, target)
        changes += [(frigate.id, f"{pods.id}.flags", int(pods.record.get("flags") or 0) + 1),
                    (target.id, "captured", state.active != home), (target.id, "mode", ""), (target.id, "fd_active", False)]
        changes += [(target.id, f"{it.id}.{k}", "") for it in weapons(target) for k in ("beam", "aim") if it.record.get(k)]
        changes += [(target.id, f"{it.id}.{k}", v) for it in target.items for k, v in (("announced", False), ("marker", 0))
                    if it.record.get(k)]
        if busy and own_pods is not None:  # its own infiltration ends with the capture
            victim = state.ships.get(own_pods.record["target"])
            changes.append((target.id, f"{own_pods.id}.target", ""))
            if victim is not None and victim.get("infiltrated_by") == target.id:
                changes += [(victim.id, "infiltrated_by", ""), (victim.id, "immobile", False)]
        back = " back" if state.active == home else ""
        text = (f"{frigate.label} captures {target.label}{back}: it now flies for {player_name(state, state.active)} "
                f"(was {player_name(state, target.owner)}); a flag goes on {frigate.label}'s stand.")
        events.append(update("ship-captured", text, changes, ship=frigate.id, target=target.id,
                             owners={target.id: state.active}, extra={"home": {target.id: home}},
                             old_owner=target.owner))
    return events


def fd_activate(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.a: a Field Defense announced in the owner's previous turn switches on."""
    forgo = plugin.rules(state).setting("fd_forgo_on") == "activation"
    events: list[Event] = []
    for ship in _own(state):
        field = ability_item(ship, FIELD_DEFENSE)
        if field is None or not field.record.get("announced") or ship.get("destroyed"):
            continue
        changes: Changes = [(ship.id, f"{field.id}.announced", False), (ship.id, "fd_active", True)]
        text = f"{ship.label} switches its Field Defense on: nothing enters or fires into 15 studs around it until this player's next turn."
        if forgo:
            changes.append((ship.id, "mode", FIELD))
            text += " It gives up attacking this turn (setting fd_forgo_on = activation)."
        events.append(update("field-on", text, changes, ship=ship.id, extra={"fd_since": {ship.id: state.turn}}))
    return events


def fd_expire(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.a: a field that switched on in the owner's previous turn switches off."""
    since = state.extra.get("fd_since", {})
    events: list[Event] = []
    for ship in _own(state):
        if ship.get("fd_active") and since.get(ship.id) != state.turn:
            events.append(update("field-off", f"{ship.label}'s Field Defense switches off.",
                                 [(ship.id, "fd_active", False)], ship=ship.id, extra={"fd_since": {ship.id: None}}))
    return events


def beam_ready(plugin: Plugin, state: GameState) -> list[Event]:
    """§3.b Beam: announced in the owner's previous turn -> may fire now; unused -> lapses."""
    events: list[Event] = []
    for ship in _own(state):
        if ship.get("destroyed"):
            continue
        for it in weapons(ship):
            stage = it.record.get("beam") or ""
            aim = it.record.get("aim") or ""
            target = state.ships.get(aim)
            if stage == AIMED and target is not None and not target.get("destroyed") and not it.record.get("disabled"):
                events.append(update("beam-ready", f"{it.name} ({it.id}) of {ship.label} may fire at {target.label} this turn.",
                                     [(ship.id, f"{it.id}.beam", READY)], ship=ship.id, item=it.id))
            elif stage:
                why = "was not fired in its turn" if stage == READY else "has no target any more"
                events.append(update("beam-lapsed", f"The Beam attack announced for {it.name} ({it.id}) of {ship.label} {why}; it lapses.",
                                     [(ship.id, f"{it.id}.beam", ""), (ship.id, f"{it.id}.aim", "")], ship=ship.id, item=it.id))
    return events


def booster_markers(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.f: the marker placed when boosting comes off at the end of the owner's next turn."""
    changes: Changes = []
    off: list[str] = []
    for ship in _own(state):
        boosters = ability_item(ship, BOOSTERS)
        left = int(boosters.record.get("marker") or 0) if boosters is not None else 0
        if boosters is not None and left:
            changes.append((ship.id, f"{boosters.id}.marker", left - 1))
            if left == 1:
                off.append(ship.label)
    if not changes:
        return []
    text = (f"Booster markers come off: {', '.join(off)} may boost again next turn." if off
            else "Booster markers placed this turn stay on through the owner's next turn.")
    return [update("booster-markers", text, changes)]


def clear_turn(plugin: Plugin, state: GameState) -> list[Event]:
    """End of turn: modes, fired weapons and boosts are this turn's only."""
    changes: Changes = []
    for ship in state.ships.values():
        if ship.get("mode"):
            changes.append((ship.id, "mode", ""))
        changes += [(ship.id, f"{it.id}.fired", False) for it in ship.items if it.record.get("fired")]
    if not changes:
        return []
    return [update("turn-cleared", "This turn's modes (attack, boost, ...) and fired weapons are cleared.", changes)]


# ---- objectives (§1.d) -------------------------------------------------------------------------


def objectives(plugin: Plugin, state: GameState) -> list[Event]:
    if len(state.players) < 2:
        return []
    kind = str(state.settings.get("objective", "last_man_standing"))
    check = {
        "last_man_standing": _last_man_standing,
        "destroy_count": _destroy_count,
        "lose_named_ship": _lose_named_ship,
        "destroy_capitals": _destroy_capitals,
    }.get(kind)
    return check(state) if check else []


def _last_man_standing(state: GameState) -> list[Event]:
    standing = [p for p in range(len(state.players)) if any(armed(s) for s in state.ships_of(p))]
    if len(standing) == 1:
        name = player_name(state, standing[0])
        return [end_game(state, f"Victory for {name}: the last armed ships standing", standing[0])]
    if not standing:
        return [end_game(state, "Draw: no armed ships left")]
    return []


def _destroy_count(state: GameState) -> list[Event]:
    need = int(state.settings.get("objective_kills", 10))
    order = [state.active, *(p for p in range(len(state.players)) if p != state.active)]
    for p in order:
        if state.players[p].resources.get("kills", 0) >= need:
            return [end_game(state, f"Victory for {player_name(state, p)}: first to destroy {need} enemy ships", p)]
    return []


def _lose_named_ship(state: GameState) -> list[Event]:
    refs = [r.strip() for r in str(state.settings.get("objective_ships", "")).split(",") if r.strip()]
    if not refs:
        return [note("objective lose_named_ship: set objective_ships to the ships to protect")] if state.turn <= len(state.players) else []
    events: list[Event] = []
    for ref in refs:
        try:
            ship = state.find_ship(ref)
        except Exception as exc:  # noqa: BLE001 - a bad setting is reported, not fatal
            if state.turn <= len(state.players):
                events.append(note(f"objective_ships: {exc}"))
            continue
        home = home_owner(state, ship)
        if ship.get("destroyed") or ship.owner != home:
            how = "destroyed" if ship.get("destroyed") else "captured"
            loser = player_name(state, home)
            others = [p for p in range(len(state.players)) if p != home]
            winner = others[0] if len(others) == 1 else None
            return [end_game(state, f"{loser} loses: {ship.label} was {how}", winner)]
    return events


def _destroy_capitals(state: GameState) -> list[Event]:
    def capitals_left(p: int) -> bool:
        return any(s.ship_class == "Capital Ship" and not s.get("destroyed") for s in state.ships_of(p))

    fielded = {home_owner(state, s) for s in state.ships.values() if s.ship_class == "Capital Ship"}
    order = [state.active, *(p for p in range(len(state.players)) if p != state.active)]
    for p in order:
        rivals = [q for q in range(len(state.players)) if q != p and q in fielded]
        if rivals and not any(capitals_left(q) for q in rivals):
            return [end_game(state, f"Victory for {player_name(state, p)}: every enemy capital ship is destroyed", p)]
    return []
