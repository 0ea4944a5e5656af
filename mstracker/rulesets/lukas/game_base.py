"""Helpers of the lukas plugin: the settings in force, how player-facing text cites the book and a
setting, and the questions every action asks of ships (is it on the table, which weapon, whose is it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.state import GameState, ShipItem, ShipState
from ...rules.base import Provenance
from ...rules.names import UnknownName
from .lookup import find_weapon
from .model import Ruleset, Weapon
from .record import AIMED, COMM_RADAR, HANGAR, READY


def cite(section: str) -> str:
    """How player-facing text cites the book: 'lukas §4.a'."""
    return f"lukas {section}"


# ---- settings --------------------------------------------------------------------------------


class RulesWithSettings:
    """The ruleset with a game's settings in force (the rules package reads `ruleset.setting`)."""

    def __init__(self, base: Ruleset) -> None:
        self.base = base
        self._cache: dict[tuple[tuple[str, Any], ...], Ruleset] = {}

    def __call__(self, settings: Mapping[str, Any]) -> Ruleset:
        key = tuple(sorted(settings.items()))
        found = self._cache.get(key)
        if found is None:
            changed = {  # a game setting away from the ruleset's value is the table's own rule
                k: s.model_copy(update={"value": settings[k], "status": Provenance.HOUSE_RULE})
                for k, s in self.base.settings.items()
                if k in settings and settings[k] != s.value
            }
            found = self.base.model_copy(update={"settings": {**self.base.settings, **changed}}) if changed else self.base
            self._cache[key] = found
        return found


def setting_words(rules: Ruleset, key: str) -> str:
    """A setting for players, to follow a '; ': what it decides, its value in force, and whether it is
    the book's inference, a house default or the table's house rule ('the turn a Field Defense ship gives
    up its attacks: activation — a house default'); the text is the one the rules reference's settings
    list, so no key is shown (playtest: raw keys in hints)."""
    setting = rules.settings[key]
    value = setting.value
    shown = "yes" if value is True else "no" if value is False else str(value)
    if rules.is_house_rule("settings", key) or setting.status is Provenance.HOUSE_RULE:
        mark = "your house rule"
    elif setting.status is Provenance.INFERRED:
        mark = "inferred from the book"
    else:
        mark = "a house default"
    text = setting.text[:1].lower() + setting.text[1:]
    return f"{text}: {shown} — {mark}"


# ---- ships -----------------------------------------------------------------------------------


def has_ability(ship: ShipState, name: str) -> bool:
    return ability_item(ship, name) is not None


def ability_item(ship: ShipState, name: str) -> ShipItem | None:
    """The ship's ability item of that name (its record holds the ability's state), if it has one."""
    return next((it for it in ship.items if it.kind == "ability" and it.name == name), None)


def bay_key(ship: ShipState) -> str:
    """The hangar count a docking ship uses: strike craft (x) or frigates (y)."""
    return "bay_sc" if ship.ship_class == "Strike Craft" else "bay_frig"


def bay_count(batch: Batch, host_id: str, ship: ShipState, delta: int, reason: str) -> None:
    """The host's hangar count after `ship` docks (+1) or leaves (-1)."""
    host = batch.state.ships.get(host_id)
    bay = ability_item(host, HANGAR) if host is not None else None
    if host is None or bay is None:
        return
    key = bay_key(ship)
    batch.set(host.id, f"{bay.id}.{key}", max(0, int(bay.record.get(key) or 0) + delta), reason)


def weapons(ship: ShipState) -> list[ShipItem]:
    return [it for it in ship.items if it.kind == "weapon"]


def weapon_data(ruleset: Ruleset, item: ShipItem) -> tuple[str, Weapon]:
    try:
        return find_weapon(ruleset, item.name)
    except UnknownName as exc:
        raise InvalidAction(f"{item.name} ({item.id}) is not a lukas weapon: {exc}") from None


def is_beam(ruleset: Ruleset, item: ShipItem) -> bool:
    """A weapon that must be announced a turn ahead (the Beam)."""
    try:
        return find_weapon(ruleset, item.name)[1].announce_turns > 0
    except UnknownName:
        return False


def pick_weapon(ship: ShipState, ref: str | None, *, beams_only: bool = False, ruleset: Ruleset | None = None) -> ShipItem:
    """A weapon by id or name; of several with the name, the first that is neither fired nor disabled."""
    candidates = [it for it in weapons(ship) if not beams_only or (ruleset is not None and is_beam(ruleset, it))]
    if ref is None or not str(ref).strip():
        if len(candidates) == 1:
            return candidates[0]
        listing = ", ".join(f"{it.id} {it.name}" for it in candidates) or "none"
        raise InvalidAction(f"name the weapon of {ship.label}: {listing}")
    text = str(ref).strip()
    for it in ship.items:
        if it.id == text:
            if it.kind != "weapon":
                raise InvalidAction(f"{it.name} ({it.id}) of {ship.label} is an ability, not a weapon")
            return it
    named = [it for it in candidates if it.name.casefold() == text.casefold()]
    if not named and ruleset is not None:
        try:
            canon = find_weapon(ruleset, text)[0]
        except UnknownName:
            canon = ""
        named = [it for it in candidates if it.name == canon]
    if not named:
        listing = ", ".join(f"{it.id} {it.name}" for it in candidates) or "none"
        raise InvalidAction(f"{ship.label} has no weapon {text!r}; weapons: {listing}")
    free = [it for it in named if not it.record.get("fired") and not it.record.get("disabled")]
    return (free or named)[0]


def ready_beam(ship: ShipState) -> ShipItem | None:
    return next((it for it in weapons(ship) if it.record.get("beam") == READY), None)


def aimed_beams(ship: ShipState) -> list[ShipItem]:
    """Beams announced this turn (they fire in the owner's next turn)."""
    return [it for it in weapons(ship) if it.record.get("beam") == AIMED]


def in_play(ship: ShipState) -> bool:
    """On the table: not destroyed and not inside a hangar."""
    return not ship.get("destroyed") and not ship.get("docked")


def radar_ships(state: GameState, ship: ShipState) -> list[ShipState]:
    """Allied ships on the table with a Comm Radar, other than `ship`."""
    return [
        s for s in state.ships.values()
        if s.owner == ship.owner and s.id != ship.id and in_play(s) and has_ability(s, COMM_RADAR)
    ]


def armed(ship: ShipState) -> bool:
    """Counts for the last ship standing: not destroyed, with a weapon a bomb has not knocked out."""
    return not ship.get("destroyed") and any(not it.record.get("disabled") for it in weapons(ship))


def home_owner(state: GameState, ship: ShipState) -> int:
    """The player the ship started with (a capture remembers it)."""
    return int(state.extra.get("home", {}).get(ship.id, ship.owner))


def max_range(weapon: Weapon) -> int | None:
    """Range in studs; None when unlimited ('infinite'); Melee's '≤ 1 stud' reads as 1."""
    if weapon.range is not None:
        return weapon.range
    m = re.search(r"(\d+)", weapon.range_text)
    return int(m.group(1)) if m else None


def player_name(state: GameState, index: int) -> str:
    return state.players[index].name


def ship_name(state: GameState, ship_id: str) -> str:
    """A ship's label by id, or the id when the ship is unknown."""
    ship = state.ships.get(ship_id)
    return ship.label if ship is not None else ship_id
