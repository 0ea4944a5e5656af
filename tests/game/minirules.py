"""A small in-test ruleset and plugin: every field kind, an auto step, a dice action, a resource; its two
actions (fire, spend) are typed actions, which tests subclass to declare dice or odds.

Used by the game, store and CLI tests so they do not depend on the shipped data files, and by the
kill-9 worker subprocess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mstracker.fleet import Roster, ShipEntry
from mstracker.game import (
    ActionSpec,
    ArgSpec,
    ArgType,
    Batch,
    DiceRecorder,
    Engine,
    Event,
    FieldKind,
    FieldSpec,
    GameState,
    Incomplete,
    InvalidAction,
    PlayerState,
    RecordSpec,
    RuleAction,
    RulesetPlugin,
    TurnStructure,
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


@dataclass(frozen=True)
class Shot:
    """One shot as prepared: the firing ship, its weapon and the target."""

    ship: ShipState
    weapon: ShipItem
    target: ShipState


class Fire(RuleAction[Shot]):
    """fire: a d12, 7 or more hits for 50 (armor 0: destroyed). It declares no dice: tests subclass it to."""

    spec = ActionSpec("fire", "fire a weapon: d12 >= 7 hits for 50",
                      (ArgSpec("ship", ArgType.SHIP, "firing ship"), ArgSpec("weapon", ArgType.ITEM, "weapon id or name"),
                       ArgSpec("target", ArgType.SHIP, "target ship")), rolls=True)

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        blank = next((name for name in ("ship", "weapon", "target") if not args.get(name)), None)
        if blank == "ship":
            raise Incomplete(blank)
        ship = self.plugin.acting_ship(state, str(args["ship"]), own=True)  # refused before any blank: not an actor
        if blank is not None:
            raise Incomplete(blank)
        weapon = ship.item(str(args["weapon"]))
        if weapon.record.get("reload"):
            raise InvalidAction(f"{weapon.name} of {ship.label} is reloading ({weapon.record['reload']} turn(s) left)")
        return Shot(ship, weapon, self.plugin.acting_ship(state, str(args["target"])))

    def apply(self, p: Shot, dice: DiceRecorder, batch: Batch) -> None:
        face = dice.roll(12)
        rolled = dice.take()
        hit = face >= 7
        text = f"{p.ship.label} fires {p.weapon.name} at {p.target.label}: {dice_words(rolled)}, {'hit' if hit else 'miss'}"
        batch.add(Event("weapon-fired", {"ship": p.ship.id, "item": p.weapon.id, "target": p.target.id, "hit": hit,
                                         "dice": dice_data(rolled)}, text))
        if hit:
            armor = max(0, p.target.get("armor") - 50)
            batch.add(set_value(batch.state, p.target.id, "armor", armor, "hit"))
            if armor == 0:
                batch.add(set_value(batch.state, p.target.id, "destroyed", True, "armor gone"))


class Spend(RuleAction[int]):
    """spend: the active player spends RU (no more than they have)."""

    spec = ActionSpec("spend", "the active player spends RU", (ArgSpec("amount", ArgType.INT, "RU"),))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> int:
        if args.get("amount") is None:
            raise Incomplete("amount")
        have = state.active_player.resources.get("ru", 0)
        if args["amount"] > have:
            raise InvalidAction(f"{state.active_player.name} has {have} RU; cannot spend {args['amount']}")
        return int(args["amount"])

    def apply(self, p: int, dice: DiceRecorder, batch: Batch) -> None:
        state = batch.state
        batch.add(change_resource(state, state.active, "ru", state.active_player.resources.get("ru", 0) - p, "spent"))


class MiniPlugin(RulesetPlugin):
    turn_structure = TurnStructure.ALTERNATING
    rule_actions = (Fire, Spend)

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
