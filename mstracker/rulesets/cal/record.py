"""What a cal Ship Record holds (SS, round damage, Crew, Fire, Boarders, course, FTL track, damage
effects, C&C, launched tokens; per battery its shots this round; per bay its Ordnance Ready Track),
and how a ship, a player and the game's extras start."""

from __future__ import annotations

from typing import Any

from ...fleet import Roster, ShipEntry
from ...game.errors import InvalidAction
from ...game.records import FieldKind, FieldSpec, RecordSpec
from ...game.state import PlayerState, ShipItem, ShipState
from ...rules.names import UnknownName, find_entry
from .fleet import design_classes
from .game_base import BAY_ITEMS, POINT_ITEM, WEAPON_ITEMS, CalBase
from .model import ShipClass

K = FieldKind
SHIP_FIELDS = (
    FieldSpec(key="ss", label="SS", kind=K.BAR, max_key="ss_max",
              help="superstructure; SS 0 is not destruction: only a Reactor Breach destroys (cal §Damage)"),
    FieldSpec(key="round_damage", label="Round dmg", kind=K.COUNTER,
              help="damage recorded this round (gunnery, ordnance), applied in the Damage phase"),
    FieldSpec(key="crew", label="Crew", kind=K.COUNTER, minimum=-99, default=0,
              help="Crew modifier: added to Targeting, PD, Fire, Damage Control and Rally rolls; sets track squares"),
    FieldSpec(key="crew_permanent", label="Crew lost", kind=K.COUNTER, minimum=-99, maximum=0, default=0,
              help="permanent Crew loss (Life Support Failure, -2 each): rallying never recovers it"),
    FieldSpec(key="fire", label="Fire", kind=K.COUNTER, glyph="🔥", help="Fire count: damage and a Fire roll each round"),
    FieldSpec(key="boarders", label="Boarders", kind=K.COUNTER, glyph="⚔", help="one Boarder table roll each per Interphase"),
    FieldSpec(key="course", label="Course", kind=K.TEXT, help="hexes a round by direction (d1..d6) and rotation (cw/ccw)"),
    FieldSpec(key="ftl_powered", label="FTL on", kind=K.FLAG, glyph="⇪", help="FTL drive powered: no course change"),
    FieldSpec(key="ftl", label="FTL in", kind=K.TIMER,
              help="Interphases until the FTL counter reaches the ready square (with FTL on, – = may jump)"),
    FieldSpec(key="engines_damaged", label="Engines dmg", kind=K.FLAG, glyph="E½", help="Engines Damaged: 1 MP a round"),
    FieldSpec(key="engines_offline", label="Engines off", kind=K.FLAG, glyph="E✗", help="no course or heading change"),
    FieldSpec(key="sensors_offline", label="Sensors off", kind=K.FLAG, glyph="S✗", help="weapon range 1, C&C 0"),
    FieldSpec(key="weapons_offline", label="Weapons off", kind=K.FLAG, glyph="W✗", help="no weapons, launches or PD"),
    FieldSpec(key="ftl_destroyed", label="FTL lost", kind=K.FLAG, glyph="⇟", help="FTL drive destroyed: no power-up"),
    FieldSpec(key="cc", label="C&C", kind=K.COUNTER, help="Command & Control: 2 per undamaged fighter/bomber bay, 0 with Sensors Offline (cal §Command & Control)"),
    FieldSpec(key="in_play", label="Launched", kind=K.LIST, help="this ship's ordnance tokens in play"),
    FieldSpec(key="marks", label="This round", kind=K.LIST, help="what the ship did this round (cleared next round)"),
    FieldSpec(key="blast", label="Blast due", kind=K.COUNTER, glyph="✹", help="a Reactor Breach blast to resolve now (cal §Damage): record it with blast, naming the ships it reaches"),
    FieldSpec(key="destroyed", label="Destroyed", kind=K.FLAG, glyph="✗", help="Reactor Breach: out of the game"),
    FieldSpec(key="jumped", label="Jumped", kind=K.FLAG, glyph="↗", help="jumped out by FTL: escaped, out of the game"),
)
RECORD_ITEM_FIELDS = (
    FieldSpec(key="stat", label="Stat", kind=K.TEXT, help="strength/range of a battery, or point defence shots a round"),
    FieldSpec(key="shots", label="Shots", kind=K.BAR, max_key="rate",
              help="shots fired this round of those allowed (Escort 1, Capital 2 per weapon; Point for PD)"),
    FieldSpec(key="damaged", label="Damaged", kind=K.FLAG, glyph="⚠", help="Battery / Point Defences Damaged: no fire"),
    FieldSpec(key="bays", label="Bays", kind=K.BAR, max_key="bays_max", help="undamaged bays or tubes"),
    FieldSpec(key="track", label="Ready track", kind=K.LIST,
              help="Ordnance Ready Track counters: kind and Interphases to go, or ready"),
)
PLAYER_FIELDS = (
    # both fall only when something is lost (damage to C&C, craft removed): the report says "lost", not "spent"
    FieldSpec(key="cc", label="C&C", kind=K.COUNTER, help="fleet Command & Control", fall="lost"),
    FieldSpec(key="craft", label="Craft", kind=K.COUNTER, help="fighters and bombers in play (at most C&C)", fall="lost"),
)


RECORD_SPEC = RecordSpec(fields=SHIP_FIELDS, item_fields=RECORD_ITEM_FIELDS, player_fields=PLAYER_FIELDS,
                         loss_flags=("destroyed", "jumped"), not_lost=("jumped",))


def class_for(plugin: CalBase, query: str, roster: Roster | None) -> tuple[str, ShipClass]:
    """A stock class by name or code, else a custom design of the roster."""
    try:
        return find_entry(plugin.ruleset.classes, query, "class")
    except UnknownName as exc:
        problem = str(exc)
    if roster is not None and roster.designs:
        designs, _ = design_classes(plugin.ruleset, roster.designs)
        for name, cls in designs.items():
            if name.casefold() == query.strip().casefold():
                return name, cls
    raise InvalidAction(problem)


def initial_ship(plugin: CalBase, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None) -> ShipState:
    """A ship at set-up: its batteries, point defences and bays, the SS, Crew and C&C of its class."""
    name, cls = class_for(plugin, entry.ship_class, roster)
    rate = plugin.ruleset.rate_of_fire[cls.type].shots
    items: list[ShipItem] = []
    for field, label in WEAPON_ITEMS.items():
        battery = getattr(cls, field)
        if battery is not None:
            record = {"stat": str(battery), "shots": 0, "rate": rate, "damaged": False}
            items.append(ShipItem(id=f"w{len(items) + 1}", kind="weapon", name=label, record=record))
    if cls.point:
        record = {"stat": f"{cls.point} a round", "shots": 0, "rate": cls.point, "damaged": False}
        items.append(ShipItem(id=f"w{len(items) + 1}", kind="weapon", name=POINT_ITEM, record=record))
    bays = 0
    for field, label in BAY_ITEMS.items():
        count = getattr(cls, field)
        if count:
            bays += 1
            record = {"bays": count, "bays_max": count, "track": []}
            items.append(ShipItem(id=f"d{bays}", kind="device", name=label, record=record))
    values = {"ss": cls.ss, "ss_max": cls.ss, "crew": plugin.ruleset.general.crew_start, "course": "stationary",
              "cc": plugin.ruleset.class_cc(cls), "stats": cls.model_dump(mode="json")}
    return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=name,
                     record=plugin.record_spec().fresh_record(values), items=tuple(items))


def initial_player(plugin: CalBase, index: int, roster: Roster) -> PlayerState:
    """A player at set-up: the fleet's C&C, no craft in play."""
    cc = 0
    for entry in roster.ships:
        try:
            cc += plugin.ruleset.class_cc(class_for(plugin, entry.ship_class, roster)[1])
        except InvalidAction:
            pass  # the ship itself is refused with its reason
    name = roster.player or roster.name or f"Player {index + 1}"
    return PlayerState(name=name, fleet=roster.name, resources={"cc": cc, "craft": 0})


def initial_extra() -> dict[str, Any]:
    """The game's extras at set-up: no ordnance in play, the first token o1, no point defence fired."""
    return {"ordnance": [], "next_token": 1, "pd": {}}
