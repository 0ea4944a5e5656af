"""What a lukas ship record holds (RULES.md B3) and how a ship starts the game.

Values only the engine needs and no player would write on paper live in `GameState.extra`
(`fd_since`: the turn a Field Defense switched on; `fd_off`: the turn it went down; `home`: a captured
ship's original owner; `order`: the order of turns, player indices, once decided).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...fleet import ShipEntry
from .lookup import find_ability, find_class, find_weapon
from .model import Ruleset
from ...rules.names import UnknownName
from ...game.errors import InvalidAction
from ...game.records import FieldKind, FieldSpec, RecordSpec
from ...game.state import ShipItem, ShipState

# Modes of one ship in one turn (§1.b: attack, or use an active ability; never both).
ATTACK = "attack"
ABILITY = "ability"  # chosen, not used yet
BOOST = "boost"
FIELD = "field defense"
INFILTRATE = "infiltrate"
HALT = "halt infiltration"
ABILITY_MODES = frozenset({ABILITY, BOOST, FIELD, INFILTRATE, HALT})

# Ability names as the data spells them.
FIELD_DEFENSE = "Field Defense"
HANGAR = "Hangar Bay"
INFILTRATION = "Infiltration"
COMM_RADAR = "Communication Radar"
CARGO = "Cargo Transport"
BOOSTERS = "Boosters"

DOCK_TURNS = 2  # docked in turn N: sits out N+1, leaves in N+2 (§4.b)
BOOSTER_TURNS = 2  # marker on in turn N, off at the end of N+1 (§4.f)

_F, _B, _C, _T, _X = FieldKind.FLAG, FieldKind.BAR, FieldKind.COUNTER, FieldKind.TIMER, FieldKind.TEXT

# Ship fields: what every ship's row shows. State that belongs to one ability (the booster marker, the
# hangar's room, the infiltration target and flags, cargo) lives on that ability's item, as on the model.
SHIP_FIELDS = (
    FieldSpec(key="armor", label="Armor", kind=_B, max_key="armor_max", help="0 or less: destroyed"),
    FieldSpec(key="speed", label="Speed", kind=_B, max_key="speed_max",
              help="studs a turn (+10 in a boost turn); half, rounded up, once a bomb destroys the engines"),
    FieldSpec(key="mode", label="Mode", kind=_X,
              help="this turn: attack, or the active ability used (boost, field defense, infiltrate, "
                   "halt infiltration); blank = not chosen yet"),
    FieldSpec(key="fd_active", label="FD up", kind=_F, glyph="◉",
              help="Field Defense on: nothing enters or fires into 15 studs around the ship until the owner's next turn"),
    FieldSpec(key="docked", label="Docked", kind=_T,
              help="in a hangar, off the table: turns until it comes out fully repaired (2 = docked this turn; the "
                   "owner's turns, or every turn by the setting “Which turns count for a docked ship”)"),
    FieldSpec(key="docked_in", label="In bay of", kind=_X, ship=True, help="the capital ship it is docked in"),
    FieldSpec(key="infiltrated_by", label="Infiltrated by", kind=_X, ship=True,
              help="the enemy frigate infiltrating it: captured at the start of that player's next turn"),
    FieldSpec(key="immobile", label="Immobile", kind=_F, glyph="⏸",
              help="may not move this turn (docked, or in an infiltration)"),
    FieldSpec(key="engines_out", label="Engines out", kind=_F, glyph="⚠E", help="engines destroyed by a bomb: half speed"),
    FieldSpec(key="bridge_out", label="Bridge out", kind=_F, glyph="⚠B",
              help="bridge/sensors destroyed by a bomb: its attacks get -2 to hit and -1 damage"),
    FieldSpec(key="captured", label="Captured", kind=_F, glyph="⚑", help="flies for a team that captured it"),
    FieldSpec(key="destroyed", label="Destroyed", kind=_F, glyph="✗"),
)

# Item fields; each item carries the ones of its kind (WEAPON_KEYS, ABILITY_KEYS).
ITEM_FIELDS = (
    FieldSpec(key="fired", label="Fired", kind=_F, glyph="•", help="attacked this turn (each weapon once a turn)"),
    FieldSpec(key="disabled", label="Disabled", kind=_F, glyph="⊘", help="knocked out by a bomb: cannot attack"),
    FieldSpec(key="beam", label="Beam", kind=_X,
              help="Beam cycle: aimed (announced this turn, fires next turn) or ready (may fire this turn)"),
    FieldSpec(key="aim", label="Aim", kind=_X, help="id of the ship a Beam attack is announced at"),
    FieldSpec(key="announced", label="Announced", kind=_F, glyph="◌",
              help="Field Defense announced: it switches on at the start of the owner's next turn"),
    FieldSpec(key="marker", label="Marker", kind=_T,
              help="booster marker on the stand: turns until it comes off (the owner's turns, or every turn by the "
                   "setting “Which next turn the booster marker stays on through”); boost again at 0"),
    FieldSpec(key="bay_sc", label="SC docked", kind=_B, max_key="bay_sc_max", help="strike craft docked / room (x)"),
    FieldSpec(key="bay_frig", label="Frig docked", kind=_B, max_key="bay_frig_max", help="frigates docked / room (y)"),
    FieldSpec(key="target", label="Target", kind=_X, help="id of the ship this frigate is infiltrating"),
    FieldSpec(key="flags", label="Flags", kind=_C, help="ships this infiltration frigate has captured"),
    FieldSpec(key="cargo", label="Cargo", kind=_C, help="cargo containers carried"),
)

WEAPON_KEYS = ("fired", "disabled", "beam", "aim")
ABILITY_KEYS = {
    FIELD_DEFENSE: ("announced",),
    BOOSTERS: ("marker",),
    HANGAR: ("bay_sc", "bay_sc_max", "bay_frig", "bay_frig_max"),
    INFILTRATION: ("target", "flags"),
    CARGO: ("cargo",),
}

PLAYER_FIELDS = (
    FieldSpec(key="kills", label="Kills", kind=_C, help="enemy ships destroyed (objective destroy_count)"),
)

RECORD_SPEC = RecordSpec(fields=SHIP_FIELDS, item_fields=ITEM_FIELDS, player_fields=PLAYER_FIELDS)

AIMED, READY = "aimed", "ready"


def canonical(ruleset: Ruleset, kind: str, name: str) -> str:
    """The book's name for a weapon or ability typed as an alias ('Ion Beam' -> 'Beam')."""
    finder = find_weapon if kind == "weapon" else find_ability
    try:
        return finder(ruleset, name)[0]
    except UnknownName:
        return name


def build_ship(ruleset: Ruleset, ship_id: str, owner: int, entry: ShipEntry) -> ShipState:
    """A ship at the start: the roster's armor and speed (class averages when missing), its hangar."""
    try:
        class_name, cls = find_class(ruleset, entry.ship_class)
    except UnknownName as exc:
        raise InvalidAction(str(exc)) from None
    armor = entry.armor if entry.armor else cls.average_armor
    speed = entry.speed if entry.speed is not None else cls.average_speed
    abilities = [canonical(ruleset, "ability", a) for a in entry.abilities]
    values: dict[str, Any] = {"armor": armor, "armor_max": armor, "speed": speed, "speed_max": speed}
    fresh = RECORD_SPEC.fresh_item()
    items = [
        ShipItem(id=f"w{n}", kind="weapon", name=canonical(ruleset, "weapon", w), record={k: fresh[k] for k in WEAPON_KEYS})
        for n, w in enumerate(entry.weapons, start=1)
    ]
    for n, name in enumerate(abilities, start=1):
        record = {k: fresh.get(k, 0) for k in ABILITY_KEYS.get(name, ())}
        if name == HANGAR:
            room = entry.hangar or (0, 0)
            record.update(bay_sc_max=room[0], bay_frig_max=room[1])
        items.append(ShipItem(id=f"a{n}", kind="ability", name=name, record=record))
    return ShipState(
        id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=class_name,
        record=RECORD_SPEC.fresh_record(values), items=tuple(items),
    )


def initial_extra(settings: Mapping[str, Any]) -> dict[str, Any]:
    return {"fd_since": {}, "home": {}}
