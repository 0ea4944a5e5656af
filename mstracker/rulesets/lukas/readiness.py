"""The true state of every weapon and ability of a lukas ship, in the book's words (the contract's
`readiness`): what a player would read off the paper record and the markers on the stand.

Weapons: ready; fired this turn (each weapon once a turn, §1.b); knocked out by a bomb (§3.b Bombs);
silent because the ship uses an active ability this turn (§1.b); a Beam's cycle (announce, aimed: fires
in the owner's next turn, ready, fired; §3.b Beam). Abilities: Comm Radar, Hangar Bay and Cargo are
passive; Field Defense announced / up / down (§4.a); Boosters and their marker (§4.f); an infiltration
declared or under way (§4.c). A ship out of play (destroyed) shows every item unusable and nothing live.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import ItemReadiness, Readiness
from ...rules.names import possessive
from .acting import ability_used, attacked
from .game_base import aimed_beams, cite, is_beam, player_name, setting_words, ship_name
from .record import (
    AIMED,
    BOOST,
    BOOSTERS,
    CARGO,
    COMM_RADAR,
    FIELD_DEFENSE,
    HANGAR,
    INFILTRATE,
    INFILTRATION,
    READY,
)

if TYPE_CHECKING:
    from .plugin import Plugin


def ship_readiness(plugin: Plugin, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
    spec = plugin.record_spec()
    if spec.lost(ship.record):
        word = spec.out_word(ship.record).lower() or "out of play"
        return tuple(ItemReadiness(it.id, it.name, it.kind, Readiness.DISABLED, f"{word}: the ship is out of play")
                     for it in ship.items)
    if ship.get("docked"):
        host = ship_name(state, ship.get("docked_in") or "")
        return tuple(ItemReadiness(it.id, it.name, it.kind, Readiness.DISABLED,
                                   f"docked in {possessive(host)} hangar, off the table ({cite('§4.b')})") for it in ship.items)
    out = []
    for it in ship.items:
        if it.kind == "weapon":
            out.append(_weapon(plugin, state, ship, it))
        else:
            out.append(_ability(plugin, state, ship, it))
    return tuple(out)


def _weapon(plugin: Plugin, state: GameState, ship: ShipState, it: ShipItem) -> ItemReadiness:
    rules = plugin.rules(state)

    def say(status: Readiness, detail: str) -> ItemReadiness:
        return ItemReadiness(it.id, it.name, it.kind, status, detail)

    if it.record.get("disabled"):
        return say(Readiness.DESTROYED, f"knocked out by a bomb: it can no longer attack ({cite('§3.b Bombs')})")
    if it.record.get("fired"):
        return say(Readiness.SPENT, f"fired this turn: each weapon attacks once a turn ({cite('§1.b')})")
    used = ability_used(ship)
    if used:
        return say(Readiness.DISABLED, f"the ship {used} this turn: no attacks ({cite('§1.b')})")
    if ship.get("fd_active") and not rules.setting("fd_own_fire_leaves"):
        return say(Readiness.DISABLED, f"its own Field Defense is up; {setting_words(rules, 'fd_own_fire_leaves')}")
    beam = is_beam(rules, it)
    stage = it.record.get("beam") or ""
    aim = ship_name(state, it.record.get("aim") or "")
    if beam and stage == AIMED:
        return say(Readiness.WAITING, f"aimed at {aim}: fires in {possessive(player_name(state, ship.owner))} next turn "
                                      f"({cite('§3.b Beam')})")
    if beam and stage == READY:
        return say(Readiness.READY, f"may fire at {aim} this turn, announced last turn ({cite('§3.b Beam')})")
    if beam:
        return say(Readiness.DISABLED, f"fires only when announced the turn before: announce-beam now, fire next "
                                       f"turn ({cite('§3.b Beam')})")
    if aimed_beams(ship) and not rules.setting("beam_other_weapons_on_announce"):
        return say(Readiness.DISABLED, f"silent in the turn its Beam is announced "
                                       f"; {setting_words(rules, 'beam_other_weapons_on_announce')}")
    return say(Readiness.READY, "")


def _ability(plugin: Plugin, state: GameState, ship: ShipState, it: ShipItem) -> ItemReadiness:
    rules = plugin.rules(state)
    owner = player_name(state, ship.owner)

    def say(status: Readiness, detail: str, left: int | None = None) -> ItemReadiness:
        return ItemReadiness(it.id, it.name, it.kind, status, detail, turns_left=left)

    name = it.name
    if name == COMM_RADAR:
        self_too = " and itself" if rules.setting("cr_includes_self") else ""
        return say(Readiness.PASSIVE, f"allies within 10 studs{self_too}: +1 to hit, +1 damage ({cite('§4.d')})")
    if name == CARGO:
        return say(Readiness.PASSIVE, f"{int(it.record.get('cargo') or 0)} container(s) aboard ({cite('§4.e')})")
    if name == HANGAR:
        return say(Readiness.PASSIVE, _hangar_words(state, ship, it))
    if name == FIELD_DEFENSE:
        return _field(plugin, state, ship, it, say)
    used = ability_used(ship)
    blocked = _blocked(ship, used)
    if name == BOOSTERS:
        marker = int(it.record.get("marker") or 0)
        if ship.get("mode") == BOOST:
            return say(Readiness.SPENT, f"boosting this turn: +10 studs, no weapons; the marker is on ({cite('§4.f')})",
                       marker or None)
        if marker:
            return say(Readiness.RELOADING, f"booster marker on the stand: boost again once it comes off "
                                            f"({cite('§4.f')})", marker)
        if ship.get("immobile"):
            return say(Readiness.DISABLED, f"the ship may not move this turn ({cite('§4.b')}, {cite('§4.c')})")
        if blocked:
            return say(Readiness.DISABLED, blocked)
        return say(Readiness.READY, f"+10 studs this turn ({cite('§4.f')})")
    if name == INFILTRATION:
        target = it.record.get("target") or ""
        if target:
            when = "declared this turn" if ship.get("mode") == INFILTRATE else "under way"
            return say(Readiness.WAITING, f"{when}: {ship_name(state, target)} is captured at the start of {possessive(owner)} "
                                          f"next turn unless halted; neither ship may move ({cite('§4.c')})")
        if blocked:
            return say(Readiness.DISABLED, blocked)
        return say(Readiness.READY, f"an enemy frigate or capital ship within 4 studs ({cite('§4.c')})")
    ability = rules.abilities.get(name)
    if ability is not None and ability.type == "passive":
        return say(Readiness.PASSIVE, ability.effect)
    return say(Readiness.DISABLED, blocked) if blocked else say(Readiness.READY, "")


def _blocked(ship: ShipState, used: str) -> str:
    """Why an active ability cannot be used this turn: the ship attacked, or used another one."""
    if attacked(ship):
        return f"the ship attacked this turn: an attack and an active ability never in one turn ({cite('§1.b')})"
    if used:
        return f"the ship {used} this turn: one active ability a turn ({cite('§1.b')})"
    return ""


def _field(plugin: Plugin, state: GameState, ship: ShipState, it: ShipItem,
           say: Callable[[Readiness, str], ItemReadiness]) -> ItemReadiness:
    owner = player_name(state, ship.owner)
    if ship.get("fd_active"):
        since = state.extra.get("fd_since", {}).get(ship.id)
        when = f" since turn {since}" if since is not None else ""
        return say(Readiness.SPENT, f"up{when}: nothing enters or fires into 15 studs around it until {possessive(owner)} next "
                                    f"turn; no new announcement while it is up ({cite('§4.a')})")
    if it.record.get("announced"):
        return say(Readiness.WAITING, f"announced: switches on at the start of {possessive(owner)} next turn ({cite('§4.a')})")
    rules = plugin.rules(state)
    if rules.setting("fd_forgo_on") == "announce":
        blocked = _blocked(ship, ability_used(ship))
        if blocked:
            return say(Readiness.DISABLED, blocked)
    down = state.extra.get("fd_off", {}).get(ship.id) == state.turn
    words = "down since the start of this turn: " if down else ""
    return say(Readiness.READY, f"{words}announce it now, up from {possessive(owner)} next turn ({cite('§4.a')})")


def _hangar_words(state: GameState, ship: ShipState, bay: ShipItem) -> str:
    inside = [s for s in state.ships.values() if s.get("docked_in") == ship.id and s.get("docked")]
    counts = (f"strike craft {int(bay.record.get('bay_sc') or 0)}/{int(bay.record.get('bay_sc_max') or 0)}, "
              f"frigates {int(bay.record.get('bay_frig') or 0)}/{int(bay.record.get('bay_frig_max') or 0)}")
    names = "; docked: " + ", ".join(s.label for s in inside) if inside else ""
    return f"{counts}{names} ({cite('§4.b')})"
