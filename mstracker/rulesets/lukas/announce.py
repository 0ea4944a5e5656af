"""Announcements a turn ahead: a Beam attack and its target (lukas §3.b Beam), a Field Defense
activation (lukas §4.a). Both come into force at the start of the owner's next turn (`turn`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipItem, ShipState
from ...game.typed_action import Incomplete, RuleAction
from ...rules.names import possessive
from .acting import SHIP_ARG, free_for_ability, needs, ship_on_table
from .legal import blank_ship
from .game_base import cite, is_beam, pick_weapon, setting_words, ship_name, weapons
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
    "(a house default; the rules reference's settings name the turn)."
)


def beam_why_not(beam: ShipItem) -> str:
    """Why this Beam cannot be announced now ('' when it can), to follow its name: knocked out by a bomb,
    fired this turn, or announced already (lukas §3.b). The form's list greys a Beam with these words."""
    if beam.record.get("disabled"):
        return f"was knocked out by a bomb ({cite('§3.b Bombs')})"
    if beam.record.get("fired"):
        return f"fired this turn; announce again next turn ({cite('§3.b Beam')})"
    if beam.record.get("beam") == AIMED:
        return "is already announced this turn (undo to change it)"
    return ""


@dataclass(frozen=True, slots=True)
class BeamAim:
    """A Beam announcement, checked: the ship, its Beam, the target, the target it replaces ('' none)."""

    ship: ShipState
    beam: ShipItem
    target: ShipState
    replaces: str


class AnnounceBeam(RuleAction[BeamAim]):
    """announce-beam: a Beam attack and its target, to fire in the owner's next turn (lukas §3.b Beam)."""

    spec = ActionSpec("announce-beam", BEAM_HELP, BEAM_ARGS)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> BeamAim:
        plugin = self.plugin
        if not args.get("ship"):
            raise blank_ship(plugin, state, self.kind)
        ship = ship_on_table(plugin, state, str(args["ship"]))
        rules = plugin.rules(state)
        if not str(args.get("weapon") or "").strip() and sum(is_beam(rules, it) for it in weapons(ship)) > 1:
            raise Incomplete("weapon")  # several Beams: the form lists them (legal.arg_choices)
        beam = pick_weapon(ship, args.get("weapon"), beams_only=True, ruleset=rules)
        if not args.get("target"):
            raise Incomplete("target")
        target = state.find_ship(str(args["target"]))
        why_not = beam_why_not(beam)
        if why_not:
            raise InvalidAction(f"{beam.name} ({beam.id}) of {ship.label} {why_not}")
        if target.get("destroyed") or target.owner == ship.owner or target.get("docked"):
            raise InvalidAction(f"{target.label} is not an enemy ship on the table")
        if not rules.setting("beam_other_weapons_on_announce") and any(
            it.record.get("fired") for it in weapons(ship) if it.id != beam.id
        ):
            raise InvalidAction(f"{ship.label} fired other weapons this turn"
                                f"; {setting_words(rules, 'beam_other_weapons_on_announce')}")
        old = beam.record.get("aim") or ""
        return BeamAim(ship, beam, target, old if beam.record.get("beam") == READY else "")

    def apply(self, p: BeamAim, dice: DiceRecorder, batch: Batch) -> None:
        ship, beam, target = p.ship, p.beam, p.target
        text = (f"{ship.label} announces a {beam.name} ({beam.id}) attack on {target.label}: it may fire in the "
                f"owner's next turn ({cite('§3.b Beam')}).")
        if p.replaces:
            text += f" The attack announced at {ship_name(batch.state, p.replaces)} is cancelled."
        batch.story("beam-announced", text, ship=ship.id, item=beam.id, target=target.id)
        batch.set(ship.id, f"{beam.id}.beam", AIMED, "announced")
        batch.set(ship.id, f"{beam.id}.aim", target.id, f"at {target.label}")


@dataclass(frozen=True, slots=True)
class FieldCall:
    """A Field Defense announcement, checked: the ship, its field item, whether it forgoes attacks now."""

    ship: ShipState
    field: ShipItem
    forgo_now: bool
    words: str  # the setting fd_forgo_on in words


class AnnounceFieldDefense(RuleAction[FieldCall]):
    """announce-field-defense: up from the owner's next turn until the turn after (lukas §4.a)."""

    spec = ActionSpec("announce-field-defense", FIELD_HELP, FIELD_ARGS)
    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> FieldCall:
        plugin = self.plugin
        if not args.get("ship"):
            raise blank_ship(plugin, state, self.kind)
        ship = ship_on_table(plugin, state, str(args["ship"]))
        field = needs(ship, FIELD_DEFENSE)
        rules = plugin.rules(state)
        if ship.get("fd_active"):
            raise InvalidAction(f"{possessive(ship.label)} Field Defense is up; announce it again once it is down ({cite('§4.a')})")
        if field.record.get("announced"):
            raise InvalidAction(f"{possessive(ship.label)} Field Defense is already announced")
        forgo_now = rules.setting("fd_forgo_on") == "announce"
        if forgo_now:
            free_for_ability(ship, FIELD_DEFENSE)
        return FieldCall(ship, field, forgo_now, setting_words(rules, "fd_forgo_on"))

    def apply(self, p: FieldCall, dice: DiceRecorder, batch: Batch) -> None:
        ship = p.ship
        text = (f"{ship.label} announces its Field Defense: it switches on at the start of the owner's next turn "
                f"({cite('§4.a')}).")
        if p.forgo_now:
            text += f" It gives up attacking this turn; {p.words}."
        batch.story("field-announced", text, ship=ship.id)
        batch.set(ship.id, f"{p.field.id}.announced", True, "announced")
        if p.forgo_now:
            batch.set(ship.id, "mode", FIELD, "announces its Field Defense instead of attacking")


ANNOUNCE_ACTIONS = (AnnounceBeam, AnnounceFieldDefense)
