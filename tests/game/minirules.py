"""A small in-test ruleset and plugin: every field kind, an auto step, a dice action, a resource.

Used by the game, store and CLI tests so they do not depend on the shipped data files, and by the
kill-9 worker subprocess.
"""

from __future__ import annotations

from typing import Any

from mstracker.fleet import Roster, ShipEntry
from mstracker.game import (
    ArgSpec,
    ArgType,
    Engine,
    Event,
    FieldKind,
    FieldSpec,
    GameState,
    InvalidAction,
    PlayerState,
    RecordSpec,
    RulesetPlugin,
    TurnStructure,
    action,
    auto_step,
    dice_data,
    dice_words,
)
from mstracker.game.plugin import change_resource, record_readiness, set_value
from mstracker.game.state import ShipItem, ShipState
from mstracker.rules.contract import ItemReadiness
from mstracker.rules.base import Meta, Phase, PhaseStep, RulesetBase, Setting, StepKind

RULESET = RulesetBase(
    meta=Meta(
        id="mini",
        title="Mini Wars",
        version="1",
        rulebook="tests",
        dice=("d12",),
        distance_unit="unit",
        grid="none",
        rounding="up",
    ),
    phases=(
        Phase(
            id="upkeep",
            name="Upkeep",
            source="t",
            steps=(
                PhaseStep(id="reload", text="Reload counters tick down", kind=StepKind.AUTO),
                PhaseStep(id="check", text="Check timers"),
            ),
        ),
        Phase(id="move", name="Movement", source="t", steps=(PhaseStep(id="move", text="Move each ship"),)),
        Phase(
            id="attack",
            name="Attack",
            source="t",
            steps=(
                PhaseStep(id="fire", text="Fire each weapon"),
                PhaseStep(id="tally", text="Tally damage", kind=StepKind.AUTO),  # no handler: manual
            ),
        ),
        Phase(id="empty", name="Free phase", source="t"),
    ),
    settings={
        "reload_turns": Setting(value=1, text="turns a weapon reloads", source="t", minimum=0, maximum=5),
        "victory": Setting(value="deathmatch", text="victory mode", source="t", options=("deathmatch", "defense")),
        "friendly_fire": Setting(value=False, text="friendly fire", source="t"),
    },
)

SPEC = RecordSpec(
    fields=(
        FieldSpec(key="armor", label="Armor", kind=FieldKind.BAR, max_key="armor_max"),
        FieldSpec(key="fire", label="Fire", kind=FieldKind.COUNTER),
        FieldSpec(key="damaged", label="Damaged", kind=FieldKind.FLAG, glyph="⚠"),
        FieldSpec(key="destroyed", label="Destroyed", kind=FieldKind.FLAG, glyph="✗"),
        FieldSpec(key="ftl", label="FTL", kind=FieldKind.TRACK, minimum=-2, maximum=2, default=-2),
        FieldSpec(key="jammed", label="Jammed", kind=FieldKind.TIMER),
        FieldSpec(key="course", label="Course", kind=FieldKind.TEXT),
        FieldSpec(key="subsystems", label="Lost subsystems", kind=FieldKind.LIST),
    ),
    item_fields=(FieldSpec(key="reload", label="Reload", kind=FieldKind.TIMER),),
    player_fields=(FieldSpec(key="ru", label="RU", kind=FieldKind.COUNTER),),
)


class MiniPlugin(RulesetPlugin):
    turn_structure = TurnStructure.ALTERNATING

    def build_record_spec(self) -> RecordSpec:
        return SPEC

    def initial_ship(self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None,
                     settings: Any) -> ShipState:
        """Mini has no class table: a ship starts with the armor its roster entry gives (none: the bar's start)."""
        values = {} if entry.armor is None else {"armor": entry.armor, "armor_max": entry.armor}
        items = tuple(ShipItem(id=f"{prefix}{n}", kind=kind, name=name, record=SPEC.fresh_item())
                      for kind, prefix, names in (("weapon", "w", entry.weapons), ("device", "d", entry.devices),
                                                  ("ability", "a", entry.abilities))
                      for n, name in enumerate(names, start=1))
        return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=entry.ship_class,
                         record=SPEC.fresh_record(values), items=items)

    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        """A weapon with its reload timer running is reloading (its record says so, field by field)."""
        return record_readiness(SPEC, ship)

    def initial_player(self, index: int, roster: Roster, settings: Any) -> PlayerState:
        return PlayerState(name=roster.player or f"P{index + 1}", fleet=roster.name, resources={"ru": roster.cap or 0})

    @action(
        "fire",
        ArgSpec("ship", ArgType.SHIP, "firing ship"),
        ArgSpec("weapon", ArgType.ITEM, "weapon id or name"),
        ArgSpec("target", ArgType.SHIP, "target ship"),
        help="fire a weapon: d12 >= 7 hits for 50",
        rolls=True,
    )
    def fire(self, state: GameState, args: dict[str, Any], dice: Any) -> list[Event]:
        ship = self.acting_ship(state, args["ship"], own=True)
        weapon = ship.item(args["weapon"])
        if weapon.record.get("reload"):
            raise InvalidAction(f"{weapon.name} of {ship.label} is reloading ({weapon.record['reload']} turn(s) left)")
        target = self.acting_ship(state, args["target"])
        face = dice.roll(12)
        rolled = dice.take()
        hit = face >= 7
        text = f"{ship.label} fires {weapon.name} at {target.label}: {dice_words(rolled)}, {'hit' if hit else 'miss'}"
        events = [
            Event(
                "weapon-fired",
                {"ship": ship.id, "item": weapon.id, "target": target.id, "hit": hit, "dice": dice_data(rolled)},
                text,
            )
        ]
        if hit:
            armor = max(0, target.get("armor") - 50)
            events.append(set_value(state, target.id, "armor", armor, "hit"))
            if armor == 0:
                events.append(set_value(state, target.id, "destroyed", True, "armor gone"))
        return events

    @action("spend", ArgSpec("amount", ArgType.INT, "RU"), help="the active player spends RU")
    def spend(self, state: GameState, args: dict[str, Any], dice: Any) -> list[Event]:
        have = state.active_player.resources.get("ru", 0)
        if args["amount"] > have:
            raise InvalidAction(f"{state.active_player.name} has {have} RU; cannot spend {args['amount']}")
        return [change_resource(state, state.active, "ru", have - args["amount"], "spent")]

    def reduce(self, state: GameState, event: Event) -> GameState | None:
        """Its own event, read the way a ruleset reads the events older saves wrote: a fired weapon reloads."""
        if event.kind != "weapon-fired":
            return None
        ship = state.ships[event.data["ship"]]
        turns = int(state.settings.get("reload_turns", 1))
        return state.with_ship(ship.with_item_values(event.data["item"], {"reload": turns}))

    @auto_step("reload")
    def _reload(self, state: GameState, dice: Any) -> list[Event]:
        return [
            set_value(state, s.id, f"{it.id}.reload", it.record["reload"] - 1, "reloading")
            for s in state.ships.values()
            if s.owner == state.active
            for it in s.items
            if it.record.get("reload")
        ]


def engine() -> Engine:
    return Engine(MiniPlugin(RULESET))


def roster(name: str, player: str, ships: int = 3, cap: int = 20) -> Roster:
    return Roster(
        ruleset="mini",
        name=name,
        player=player,
        cap=cap,
        ships=tuple(
            ShipEntry(name=f"{name} {i}", tag=f"{player[0]}{i}", armor=100, weapons=("Laser", "Laser"), **{"class": "Frigate"})
            for i in range(1, ships + 1)
        ),
    )


def rosters(ships: int = 3) -> list[Roster]:
    return [roster("Red Fleet", "Ann", ships), roster("Blue Fleet", "Bob", ships)]


def engine_factory(ruleset_id: str) -> Engine:
    assert ruleset_id == "mini", ruleset_id
    return engine()
