"""Announcements a turn ahead: a Beam attack and its target (lukas §3.b Beam), a Field Defense
activation (lukas §4.a). Both come into force at the start of the owner's next turn (`turn`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, Event
from ...game.state import GameState
from .acting import SHIP_ARG, free_for_ability, needs, ship_on_table
from .game_base import cite, pick_weapon, setting_words, ship_name, weapons
from .record import AIMED, FIELD, FIELD_DEFENSE, READY

if TYPE_CHECKING:
    from .plugin import Plugin

BEAM_ARGS = (
    SHIP_ARG,
    ArgSpec("target", ArgType.SHIP, "the enemy ship it will fire at in the owner's next turn"),
    ArgSpec("weapon", ArgType.ITEM, "the Beam (when the ship has several)", required=False, items=("weapon",)),
)
BEAM_HELP = (
    "announce a Beam attack and its target; it fires in the owner's next turn (lukas §3.b Beam). Not in a turn "
    "the Beam fires, so it fires at most every other turn. In the turn it could fire, a new announcement replaces "
    "the old one (the target went behind cover)."
)
FIELD_ARGS = (SHIP_ARG,)
FIELD_HELP = (
    "announce Field Defense: it switches on at the start of the owner's next turn and stays up until the owner's "
    "turn after (lukas §4.a). Not while it is up. The ship gives up its attacks in the turn the field switches on "
    "(a house default the rules reference shows: fd_forgo_on)."
)


def announce_beam(plugin: Plugin, state: GameState, args: dict[str, Any]) -> list[Event]:
    ship = ship_on_table(plugin, state, args["ship"])
    rules = plugin.rules(state)
    beam = pick_weapon(ship, args.get("weapon"), beams_only=True, ruleset=rules)
    target = state.find_ship(args["target"])
    if beam.record.get("disabled"):
        raise InvalidAction(f"{beam.name} ({beam.id}) of {ship.label} was knocked out by a bomb ({cite('§3.b Bombs')})")
    if beam.record.get("fired"):
        raise InvalidAction(f"{beam.name} ({beam.id}) of {ship.label} fired this turn; announce again next turn "
                            f"({cite('§3.b Beam')})")
    if beam.record.get("beam") == AIMED:
        raise InvalidAction(f"{beam.name} ({beam.id}) of {ship.label} is already announced this turn (undo to change it)")
    if target.get("destroyed") or target.owner == ship.owner or target.get("docked"):
        raise InvalidAction(f"{target.label} is not an enemy ship on the table")
    if not rules.setting("beam_other_weapons_on_announce") and any(
        it.record.get("fired") for it in weapons(ship) if it.id != beam.id
    ):
        raise InvalidAction(f"{ship.label} fired other weapons this turn "
                            f"; {setting_words(rules, 'beam_other_weapons_on_announce')}")
    text = (f"{ship.label} announces a {beam.name} ({beam.id}) attack on {target.label}: it may fire in the owner's "
            f"next turn ({cite('§3.b Beam')}).")
    old = beam.record.get("aim") or ""
    if beam.record.get("beam") == READY and old:
        text += f" The attack announced at {ship_name(state, old)} is cancelled."
    batch = Batch(plugin, state)
    batch.story("beam-announced", text, ship=ship.id, item=beam.id, target=target.id)
    batch.set(ship.id, f"{beam.id}.beam", AIMED, "announced")
    batch.set(ship.id, f"{beam.id}.aim", target.id, f"at {target.label}")
    return batch.events


def announce_field_defense(plugin: Plugin, state: GameState, args: dict[str, Any]) -> list[Event]:
    ship = ship_on_table(plugin, state, args["ship"])
    field = needs(ship, FIELD_DEFENSE)
    rules = plugin.rules(state)
    if ship.get("fd_active"):
        raise InvalidAction(f"{ship.label}'s Field Defense is up; announce it again once it is down ({cite('§4.a')})")
    if field.record.get("announced"):
        raise InvalidAction(f"{ship.label}'s Field Defense is already announced")
    forgo_now = rules.setting("fd_forgo_on") == "announce"
    if forgo_now:
        free_for_ability(ship, FIELD_DEFENSE)
    text = (f"{ship.label} announces its Field Defense: it switches on at the start of the owner's next turn "
            f"({cite('§4.a')}).")
    if forgo_now:
        text += f" It gives up attacking this turn; {setting_words(rules, 'fd_forgo_on')}."
    batch = Batch(plugin, state)
    batch.story("field-announced", text, ship=ship.id)
    batch.set(ship.id, f"{field.id}.announced", True, "announced")
    if forgo_now:
        batch.set(ship.id, "mode", FIELD, "announces its Field Defense instead of attacking")
    return batch.events
