"""What a lukas player may do now, and where each form starts (the contract's legal actions).

For every action: whether it is allowed now and why not (set-up, the order of turns, the phase), the
ships that may do it with the one that must act first (the ship being handled: it attacks this turn and
still has a weapon ready; then a ship whose announced Beam must fire this turn or lapse), its first ready
weapon, and the legal targets: enemy ships on the table, only frigates and capital ships for an
infiltration, only your own infiltrated ships for a halt, the announced target for a Beam.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.events import ActionSpec
from ...game.state import GameState, ShipItem, ShipState
from ...game.typed_action import Incomplete
from ...rules.contract import ArgChoice, LegalAction
from .acting import why_not_now
from .game_base import ability_item, bay_key, cite, in_play, is_beam, setting_words, weapons
from .order import why_not_order
from .record import ABILITY, ATTACK, BOOSTERS, CARGO, FIELD_DEFENSE, HANGAR, INFILTRATION, READY

if TYPE_CHECKING:
    from .plugin import Plugin


def available(plugin: Plugin, state: GameState, kind: str) -> str | None:
    if kind == "roll-order":
        return why_not_order(state)
    reason = why_not_now(state)
    if reason is None and kind == "release":
        rules = plugin.rules(state)
        if not rules.setting("hangar_early_release"):
            return f"docked ships leave only when their time is up; {setting_words(rules, 'hangar_early_release')}"
    return reason


def _ready(plugin: Plugin, state: GameState, ship: ShipState, name: str) -> bool:
    item = ability_item(ship, name)
    return item is not None and any(r.item == item.id and r.usable for r in plugin.readiness(state, ship))


def _ready_weapons(plugin: Plugin, state: GameState, ship: ShipState) -> list[str]:
    return [r.item for r in plugin.readiness(state, ship) if r.kind == "weapon" and r.usable]


def actors(plugin: Plugin, state: GameState, kind: str) -> list[ShipState]:
    own = sorted((s for s in state.ships.values() if s.owner == state.active and not s.get("destroyed")),
                 key=lambda s: (len(s.id), s.id))
    table = [s for s in own if in_play(s)]
    rules = plugin.rules(state)
    if kind == "release":
        return [s for s in own if s.get("docked")]
    if kind in ("fire", "fire-beam"):
        if kind == "fire-beam":
            able = [s for s in table if any(it.record.get("beam") == READY for it in weapons(s))]
        else:
            able = [s for s in table if _ready_weapons(plugin, state, s)]
        return sorted(able, key=lambda s: (s.get("mode") != ATTACK, not any(
            it.record.get("beam") == READY for it in weapons(s))))
    if kind == "choose-mode":  # not once it fired or used an active ability
        return sorted((s for s in table if not any(it.record.get("fired") for it in s.items)
                       and (s.get("mode") or "") in ("", ABILITY, ATTACK)), key=lambda s: bool(s.get("mode")))
    if kind == "announce-beam":
        return [s for s in table if _announceable(plugin, state, s)]
    if kind == "announce-field-defense":
        return [s for s in table if _ready(plugin, state, s, FIELD_DEFENSE)]
    if kind == "boost":
        return [s for s in table if _ready(plugin, state, s, BOOSTERS)]
    if kind == "infiltrate":
        return [s for s in table if _ready(plugin, state, s, INFILTRATION)]
    if kind == "halt-infiltration":
        return [s for s in table if _ready(plugin, state, s, INFILTRATION)] if any(
            s.get("infiltrated_by") for s in table) else []
    if kind == "dock":
        classes = rules.abilities[HANGAR].targets
        return [s for s in table if s.ship_class in classes and not s.get("immobile") and _hosts(state, s)]
    if kind == "cargo":
        return [s for s in table if ability_item(s, CARGO) is not None]
    return table


def targets(plugin: Plugin, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
    side = actor.owner if actor is not None else state.active
    ships = sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))
    on_table = [s for s in ships if in_play(s)]
    if kind == "halt-infiltration":
        return [s for s in on_table if s.owner == side and s.get("infiltrated_by")]
    enemies = [s for s in on_table if s.owner != side]
    if kind == "infiltrate":
        classes = plugin.rules(state).abilities[INFILTRATION].targets
        return [s for s in enemies if s.ship_class in classes and not s.get("infiltrated_by")]
    return enemies


def arg_choices(plugin: Plugin, state: GameState, kind: str, args: Any) -> dict[str, tuple[ArgChoice, ...]]:
    """The hosts a ship may dock in: allied capital ships on the table, never itself, whose Hangar Bay
    has room for it (lukas §4.b). The Beams a ship may announce: its Beams only, each one knocked out,
    fired or announced already greyed with why (lukas §3.b)."""
    ship = state.ships.get(str(args.get("ship") or ""))
    if kind == "dock" and ship is not None:
        return {"host": tuple(ArgChoice(h.id) for h in _hosts(state, ship))}
    if kind == "announce-beam" and ship is not None:
        from .announce import beam_why_not

        rules = plugin.rules(state)
        said = {r.item: f"{r.item} {r.name} · {r.glyph} {r.words()}" for r in plugin.readiness(state, ship)}
        out = []
        for beam in (b for b in weapons(ship) if is_beam(rules, b)):
            why_not = beam_why_not(beam)
            out.append(ArgChoice(beam.id, f"{beam.id} {beam.name}" if why_not else said.get(beam.id, ""), why_not))
        return {"weapon": tuple(out)}
    return {}


def _hosts(state: GameState, ship: ShipState) -> list[ShipState]:
    """Allied capital ships on the table whose Hangar Bay has room for this ship."""
    key = bay_key(ship)
    out = []
    for host in sorted(state.ships.values(), key=lambda s: (len(s.id), s.id)):
        bay = ability_item(host, HANGAR)
        if host.id == ship.id or host.owner != ship.owner or not in_play(host) or bay is None:
            continue
        if int(bay.record.get(key) or 0) < int(bay.record.get(f"{key}_max") or 0):
            out.append(host)
    return out


def _announceable(plugin: Plugin, state: GameState, ship: ShipState) -> list[ShipItem]:
    """The ship's Beams that may be announced now (lukas §3.b)."""
    from .announce import beam_why_not

    rules = plugin.rules(state)
    return [it for it in weapons(ship) if is_beam(rules, it) and not beam_why_not(it)]


def refine(plugin: Plugin, state: GameState, spec: ActionSpec, legal: LegalAction, marked: str | None) -> LegalAction:
    """The defaults only a lukas rule knows: a ready Beam fires at its announced target, a ship docks in
    the hangar that has room, a halt is for the ship being infiltrated."""
    acting = state.ships.get(legal.actor or "")
    if acting is None:
        return legal
    if spec.kind == "fire":
        return _fire_defaults(plugin, state, legal, acting, marked)
    if spec.kind == "fire-beam":
        beam = next((it for it in weapons(acting) if it.record.get("beam") == READY), None)
        if beam is not None:
            return replace(legal, weapon=beam.id, target=beam.record.get("aim") or None)
    if spec.kind == "announce-beam":
        beam = next(iter(_announceable(plugin, state, acting)), None)
        return replace(legal, weapon=beam.id if beam is not None else None)
    if spec.kind == "dock":
        hosts = _hosts(state, acting)
        return replace(legal, prefill={"host": hosts[0].id}) if hosts else legal
    return legal


def _fire_defaults(plugin: Plugin, state: GameState, legal: LegalAction, ship: ShipState,
                   marked: str | None) -> LegalAction:
    ready = _ready_weapons(plugin, state, ship)
    rules = plugin.rules(state)
    items = {it.id: it for it in weapons(ship)}
    beams = [w for w in ready if is_beam(rules, items[w])]
    others = [w for w in ready if w not in beams]
    if marked is not None and marked in legal.targets:
        aimed = [w for w in beams if items[w].record.get("aim") == marked]
        weapon: str | None = next(iter(aimed or others or ready), None)
    else:
        weapon = ready[0] if ready else None
    target = legal.target
    if weapon in beams:
        target = items[weapon].record.get("aim") or None
    elif target is not None and target not in legal.targets:
        target = None
    return replace(legal, weapon=weapon, target=target)


def no_actor_reason(kind: str) -> str:
    """Why nobody may do `kind` now, in the book's words."""
    words = {
        "fire": f"no ship of yours has a weapon ready: each fires once a turn, none in a turn it uses an active "
                f"ability ({cite('§1.b')})",
        "fire-beam": f"no Beam of yours was announced last turn ({cite('§3.b Beam')}): announce-beam first",
        "announce-beam": f"no Beam of yours can be announced now ({cite('§3.b Beam')})",
        "announce-field-defense": f"no ship of yours can announce a Field Defense now ({cite('§4.a')})",
        "boost": f"no ship of yours can boost now ({cite('§4.f')})",
        "infiltrate": f"no infiltration frigate of yours is free to infiltrate now ({cite('§4.c')})",
        "halt-infiltration": f"none of your ships is being infiltrated, or no infiltration frigate is free "
                             f"({cite('§4.c')})",
        "dock": f"no ship of yours can dock in an allied Hangar Bay with room ({cite('§4.b')})",
        "release": "no ship of yours is docked",
        "cargo": f"no ship of yours has Cargo Transport ({cite('§4.e')})",
    }
    return words.get(kind, f"no ship may {kind} now")


def blank_ship(plugin: Plugin, state: GameState, kind: str) -> Incomplete:
    """A typed action's form with no ship yet: refused when no ship may do `kind` now (the phase, or none of
    the active player's ships can), else only not filled in (the Incomplete to raise)."""
    reason = why_not_now(state)
    if reason is not None:
        raise InvalidAction(reason)
    if not actors(plugin, state, kind):
        raise InvalidAction(no_actor_reason(kind))
    return Incomplete("ship")


def with_reason(legal: LegalAction) -> LegalAction:
    if not legal.allowed and legal.reason == f"no ship may {legal.kind} now":
        return replace(legal, reason=no_actor_reason(legal.kind))
    return legal
