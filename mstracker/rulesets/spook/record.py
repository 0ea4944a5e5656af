"""What a spook ship record, item and player hold (the "paper and a writing instrument" of §1 D: damage,
reload times, device effects, RU), and their values at the start.

Timers count turns of any player ("Shield 1" = through this turn); item reloads count the
owner's own turns ("Reload 2" = usable again in two own turns). Two record keys are kept for
the engine only and are not shown: `original_owner` (captures, Defense victory) and `free` (the
Campaign's free hull, refunded at 0 when retired).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...fleet import ShipEntry
from ...rules.names import UnknownName
from .model import Reload
from ...game.errors import InvalidAction
from ...game.records import FieldKind, FieldSpec, RecordSpec
from .game_base import FLARES, LOSS_FLAGS
from ...game.state import ShipItem, ShipState

if TYPE_CHECKING:
    from .game_base import SpookBase

B, C, F, TM, TX, L = FieldKind.BAR, FieldKind.COUNTER, FieldKind.FLAG, FieldKind.TIMER, FieldKind.TEXT, FieldKind.LIST


def _f(key: str, label: str, kind: FieldKind, help: str, glyph: str = "", **more: Any) -> FieldSpec:
    return FieldSpec(key=key, label=label, kind=kind, help=help, glyph=glyph, **more)


SHIP_FIELDS = (
    _f("armor", "Armor", B, "current armor out of the class armor (§4; 0 = destroyed)", max_key="armor_max"),
    _f("agility", "Agi", C, "agility now: class agility, +2 while an afterburner is lit (§6 A2)"),
    _f("speed", "Speed", TX, "units this turn (§3 B1): class speed, +6 afterburner, cut when the engines are lost; "
       "probes: 'once' until their one move, then 'spent'; base stations are immobile"),
    _f("destroyed", "Destroyed", F, "destroyed (or scuttled)", "✗"),
    _f("retired", "Retired", F, "retired for RU (§7 A2): out of play, not lost", "↩"),
    _f("captured", "Captured", F, "taken from its first owner by infiltration (§2 E, §7 A12)", "⚑"),
    _f("hold", "Hold", TM, "turns it may not move, rotate or attack: hyperdrive jump (§6 A1), repair, just built", "⏸"),
    _f("no_fire", "No fire", TM, "turns it may not attack: used an EMP (through its next turn, §6 B3) or rammed", "⊘"),
    _f("afterburner", "Burn", TM, "afterburner: speed +6 this turn, agility +2 until its next turn (§6 A2; turns left)", "»"),
    _f("emp", "EMP", TM, "disabled by an EMP: no move, rotation, attack, devices or abilities (§6 B3; turns left)", "⚡"),
    _f("jammed", "Jammed", TM, "weapons disabled by a Sensor Jammer (§6 B4; turns left)", "≋"),
    _f("shielded", "Shield", TM, "inside its side's Defense Field: enemy attacks and rams fail (§6 B2; turns left)", "◈"),
    _f("gravity_well", "G-well", TM, "Gravity Well on: no enemy hyperjump into 20 units (§6 B5; turns left)", "◎"),
    _f("dock", "Dock", TX, "'retire at #4 (turn 3)': in position to retire or repair at a host since that turn; "
       "done at the start of its owner's next turn, and until then it may not act (§7 A2-A4, A7-A9)", "⚓"),
    _f("infiltrating", "Infiltr.", TX, "the enemy ship this infiltrator is capturing (§7 A12)", "☍"),
    _f("capture_in", "Capture", C, "infiltrator: own ability steps left until the target is captured (§7 A12)"),
    _f("boarded", "Boarded", F, "an enemy infiltrator is capturing this ship; it is still in play and fights on",
       "⚔"),
    _f("aboard", "Aboard", TX, "carried by this transport: off the board and immune (§4 B2)"),
    _f("cargo", "Cargo", L, "strike craft aboard this transport (§4 B2)"),
    _f("lost_systems", "Lost sys", L, "weapons, devices or engines destroyed by a bomber's subsystem targeting "
       "(§7 A11)", "⊗"),
)

ITEM_FIELDS = (
    _f("used", "Used", F, "used on the owner's current (or last) turn: once per turn (§3 B2)", "•"),
    _f("uses", "Uses", C, "uses left before an X;Y reload (§5 Reload; empty: no reload)"),
    _f("reload", "Reload", TM, "own turns until usable again (spook §5 Reload; counting the owner's turns only is a house default, the book says “turns”); 0 = ready"),
    _f("ammo", "Ammo", C, "flare launcher ammo (§6 B1; 0 = empty until reloaded)", maximum=8),
    _f("refill", "Refill", F, "flare reload paid: full at the start of the owner's next turn (§6 B1)", "⟳"),
    _f("destroyed", "Lost", F, "destroyed by a bomber's subsystem targeting (§7 A11)", "✗"),
)

PLAYER_FIELDS = (
    _f("cap", "RU cap", C, "the agreed RU cap of the fleet (§2 B)"),
    _f("ru", "RU", C, "RU left to spend: device uses, jumps, flare reloads, builds (§2 D)"),
    _f("mines", "Mines", C, "this player's mines on the field (§7 A1)"),
)


def record_spec() -> RecordSpec:
    return RecordSpec(fields=SHIP_FIELDS, item_fields=ITEM_FIELDS, player_fields=PLAYER_FIELDS, loss_flags=LOSS_FLAGS,
                      not_lost=("retired",))  # a retirement trades the ship for RU: out of play, not lost


def item_record(plugin: SpookBase, kind: str, name: str) -> dict[str, Any]:
    """A fresh item: unused, its full X;Y uses, flares with full ammo."""
    record: dict[str, Any] = {"used": False, "uses": None, "reload": 0, "ammo": None, "refill": False,
                              "destroyed": False}
    item = ShipItem(id="x", kind=kind, name=name)
    cycle = plugin.cycle(item)
    if cycle is not None:
        record["uses"] = cycle.uses
    if name == FLARES:
        record["ammo"] = (Reload.parse(plugin.ruleset.devices[FLARES].reload) or Reload(8, 1)).uses
    return record


def _canonical(plugin: SpookBase, kind: str, query: str) -> str:
    try:
        if kind == "weapon":
            return plugin.ruleset.weapon(query)[0]
        if kind == "device":
            return plugin.ruleset.device(query)[0]
        return plugin.ruleset.ability(query)[0]
    except UnknownName as exc:
        raise InvalidAction(str(exc)) from None


def new_ship(
    plugin: SpookBase, ship_id: str, owner: int, entry: ShipEntry, extra: Mapping[str, Any] | None = None
) -> ShipState:
    """A ship as it enters play (game start or a build): full armor, fresh items."""
    name, cls = plugin.klass(entry.ship_class)
    speed = "immobile" if cls.movement == "immobile" else "once" if cls.movement == "once" else str(cls.speed or 0)
    values = {"armor": cls.armor, "armor_max": cls.armor, "agility": cls.agility, "speed": speed,
              "original_owner": owner, "free": bool(entry.free), **(extra or {})}
    abilities = entry.abilities or tuple(plugin.ruleset.hull_abilities(cls))
    items: list[ShipItem] = []
    for kind, prefix, names in (("weapon", "w", entry.weapons), ("device", "d", entry.devices),
                                ("ability", "a", abilities)):
        for n, query in enumerate(names, start=1):
            canonical = _canonical(plugin, kind, query)
            items.append(ShipItem(id=f"{prefix}{n}", kind=kind, name=canonical,
                                  record=item_record(plugin, kind, canonical)))
    return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=name,
                     record=record_spec().fresh_record(values), items=tuple(items))
