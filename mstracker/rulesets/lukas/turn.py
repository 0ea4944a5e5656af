"""The automatic steps of a lukas turn: ship upkeep at its start, markers and choices at its end.

Upkeep concerns the ships of the player whose turn it is: "turn N+1" in the book's timelines is the
owner's next turn (§3.b Beam, §4.a, §4.c). The booster marker and the hangar read "the next turn"
by a setting (booster_turns, hangar_turns: the owner's turns by default, INFERRED). The hangar's step
is in `hangar`, the objective in `objectives`. Each step returns the events of one Batch (none when
nothing changes); the step-entered event already logs the step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.batch import Batch
from ...game.events import Event
from ...game.state import GameState, ShipState
from ...rules.names import possessive
from .attack import clear_effects, live_effects, release_hold
from .game_base import ability_item, cite, home_owner, in_play, player_name, setting_words, weapons
from .record import AIMED, BOOSTERS, FIELD, FIELD_DEFENSE, INFILTRATION, READY

if TYPE_CHECKING:
    from .plugin import Plugin


def _own(state: GameState) -> list[ShipState]:
    return [s for s in state.ships.values() if s.owner == state.active and not s.get("destroyed")]


def resolve_infiltration(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.c: an infiltration declared in the owner's previous turn captures its target unless it failed."""
    batch = Batch(plugin, state)
    survival = plugin.rules(state).setting("infiltration_needs_survival")
    for frigate in [s for s in state.ships.values() if s.owner == state.active]:
        pods = ability_item(frigate, INFILTRATION)
        target_id = (pods.record.get("target") or "") if pods is not None else ""
        if pods is None or not target_id:
            continue
        target = state.ships.get(target_id)
        halted = target is None or target.get("infiltrated_by") != frigate.id
        alive = not frigate.get("destroyed")
        gone = target is None or bool(target.get("destroyed"))
        captured = not gone and (not halted and alive if survival else not halted or alive)
        if not captured:
            why = "its target is destroyed" if gone else "it was halted" if halted else "the infiltrator was destroyed"
            release_hold(batch, frigate.id, pods, why)
            continue
        assert target is not None
        capture(plugin, batch, frigate.id, pods.id, target.id)
    return batch.events


def capture(plugin: Plugin, batch: Batch, frigate_id: str, pods_id: str, target_id: str) -> None:
    """The target changes sides: a flag on the infiltrator's stand, everything it had in play ends."""
    state = batch.state
    frigate, target = state.ships[frigate_id], state.ships[target_id]
    pods = frigate.item(pods_id)
    home = home_owner(state, target)
    back = " back" if state.active == home else ""
    text = (f"{frigate.label} captures {target.label}{back}: it now flies for {player_name(state, state.active)} "
            f"(was {player_name(state, target.owner)}); a flag goes on {possessive(frigate.label)} stand ({cite('§4.c')}).")
    lost = live_effects(target)
    batch.story("ship-captured", text, ship=frigate.id, target=target.id, old_owner=target.owner)
    if lost:
        batch.story("effects-lost", f"{target.label} loses what it had in play with the capture: {' '.join(lost)}",
                    ship=target.id)
    batch.set(frigate.id, f"{pods.id}.target", "", "the capture is made")
    batch.set(frigate.id, f"{pods.id}.flags", int(pods.record.get("flags") or 0) + 1, f"captured {target.label}")
    batch.set(frigate.id, "immobile", False, "the infiltration is over")
    if target.id not in state.extra.get("home", {}):
        batch.extra("home", {**state.extra.get("home", {}), target.id: home},
                    f"{target.label} remembers its first fleet ({player_name(state, home)}) for a recapture")
    batch.owner(target.id, state.active, f"{target.label} now belongs to {player_name(state, state.active)}")
    batch.set(target.id, "captured", state.active != home, "captured" if state.active != home else "recaptured")
    batch.set(target.id, "infiltrated_by", "", "the capture is made")
    batch.set(target.id, "mode", "", "new owner")
    clear_effects(batch, target.id, "lost with the capture")
    own_pods = ability_item(batch.ship(target.id), INFILTRATION)
    if own_pods is not None and own_pods.record.get("target"):  # its own infiltration ends with the capture
        release_hold(batch, target.id, own_pods, f"{target.label} was captured")


def fd_activate(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.a: a Field Defense announced in the owner's previous turn switches on."""
    rules = plugin.rules(state)
    forgo = rules.setting("fd_forgo_on") == "activation"
    batch = Batch(plugin, state)
    for ship in _own(state):
        field = ability_item(ship, FIELD_DEFENSE)
        if field is None or not field.record.get("announced"):
            continue
        text = (f"{ship.label} switches its Field Defense on: nothing enters or fires into 15 studs around it until "
                f"{possessive(player_name(state, ship.owner))} next turn ({cite('§4.a')}).")
        if forgo:
            text += f" It gives up attacking this turn; {setting_words(rules, 'fd_forgo_on')}."
        batch.story("field-on", text, ship=ship.id)
        batch.set(ship.id, f"{field.id}.announced", False, "switched on")
        batch.set(ship.id, "fd_active", True, "switched on")
        if forgo:
            batch.set(ship.id, "mode", FIELD, "uses its Field Defense this turn")
        batch.extra("fd_since", {**batch.state.extra.get("fd_since", {}), ship.id: state.turn},
                    f"{possessive(ship.label)} Field Defense is up from turn {state.turn}")
    return batch.events


def fd_expire(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.a: a field that switched on in the owner's previous turn switches off."""
    since = state.extra.get("fd_since", {})
    batch = Batch(plugin, state)
    for ship in _own(state):
        if ship.get("fd_active") and since.get(ship.id) != state.turn:
            batch.story("field-off", f"{possessive(ship.label)} Field Defense switches off; it may be announced again "
                        f"({cite('§4.a')}).", ship=ship.id)
            batch.set(ship.id, "fd_active", False, "its round is over")
            left = {k: v for k, v in batch.state.extra.get("fd_since", {}).items() if k != ship.id}
            batch.extra("fd_since", left, f"{possessive(ship.label)} Field Defense is down")
            batch.extra("fd_off", {**batch.state.extra.get("fd_off", {}), ship.id: state.turn},
                        f"{possessive(ship.label)} Field Defense went down in turn {state.turn}")
    return batch.events


def beam_ready(plugin: Plugin, state: GameState) -> list[Event]:
    """§3.b Beam: announced in the owner's previous turn -> may fire now; unused -> lapses."""
    batch = Batch(plugin, state)
    for ship in _own(state):
        for it in weapons(ship):
            stage = it.record.get("beam") or ""
            target = state.ships.get(it.record.get("aim") or "")
            gone = target is None or not in_play(target) or target.owner == ship.owner
            if stage == AIMED and not gone and not it.record.get("disabled"):
                assert target is not None
                batch.story("beam-ready", f"{it.name} ({it.id}) of {ship.label} may fire at {target.label} this turn "
                            f"({cite('§3.b Beam')}).", ship=ship.id, item=it.id)
                batch.set(ship.id, f"{it.id}.beam", READY, "announced last turn")
            elif stage:
                why = ("was not fired in its turn" if stage == READY
                       else "has no target any more: it is gone from the table or no longer an enemy")
                batch.story("beam-lapsed", f"The Beam attack announced for {it.name} ({it.id}) of {ship.label} {why}; "
                            "it lapses.", ship=ship.id, item=it.id)
                batch.set(ship.id, f"{it.id}.beam", "", "lapsed")
                batch.set(ship.id, f"{it.id}.aim", "", "lapsed")
    return batch.events


def booster_markers(plugin: Plugin, state: GameState) -> list[Event]:
    """§4.f: the marker placed when boosting comes off at the end of the next turn (the owner's next turn,
    or the very next turn: setting booster_turns)."""
    every = plugin.rules(state).setting("booster_turns") == "every"
    ships = [s for s in state.ships.values() if not s.get("destroyed") and (every or s.owner == state.active)]
    ticking = [(s, b) for s in ships if (b := ability_item(s, BOOSTERS)) is not None and b.record.get("marker")]
    if not ticking:
        return []
    off = [s.label for s, b in ticking if int(b.record["marker"]) == 1]
    batch = Batch(plugin, state)
    text = (f"Booster markers come off: {', '.join(off)} may boost again ({cite('§4.f')})." if off
            else f"Booster markers placed this turn stay on through the next turn ({cite('§4.f')}).")
    batch.story("booster-markers", text, ships=[s.id for s, _ in ticking])
    for ship, boosters in ticking:
        left = int(boosters.record["marker"]) - 1
        batch.set(ship.id, f"{boosters.id}.marker", left, "marker off" if not left else "a turn gone")
    return batch.events


def clear_turn(plugin: Plugin, state: GameState) -> list[Event]:
    """End of turn: modes and fired weapons are this turn's only (§1.b)."""
    changed = [s for s in state.ships.values() if s.get("mode") or any(it.record.get("fired") for it in s.items)]
    if not changed:
        return []
    batch = Batch(plugin, state)
    batch.story("turn-cleared", f"This turn's choices end: attack or ability, weapons fired, boosts ({cite('§1.b')}).")
    for ship in changed:
        batch.set(ship.id, "mode", "", "turn over")
        for it in ship.items:
            if it.record.get("fired"):
                batch.set(ship.id, f"{it.id}.fired", False, "turn over")
    return batch.events
