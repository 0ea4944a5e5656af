"""The Colors and Lights (cal) plugin: ship records, the round's bookkeeping, and every player action.

The parts live in mixins, one module each: gunnery (fire, point defence, odds), ordnance (ready track,
launches, tokens in play, intercepts, attacks), movement (course, FTL, rams), steps (Interphase and
Damage phase automatic steps, damage control, rally, breach blasts), damage (outcomes on the record)
and common (patches, tokens, derived values). Dice come from the rules package (procedures, damage, course);
every house setting is read from the game's settings (`state.settings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import DiceError
from ...fleet import Roster, ShipEntry
from .fleet import design_classes
from .damage import NONE, damage_check
from .model import ShipClass
from .procedures import fire_damage_applies
from ...rules.names import UnknownName, find_entry
from .game_base import BAY_ITEMS, POINT_ITEM, WEAPON_ITEMS, apply_patch, plural, ship_order
from .gunnery import CalGunnery
from .movement import CalMovement
from .ordnance import CalOrdnance
from .turn import CalSteps
from ...game.errors import InvalidAction
from ...game.events import DiceRecorder, Event
from ...game.generic import end_game, note
from ...game.records import FieldKind, FieldSpec, RecordSpec
from ...game.state import GameState, PlayerState, ShipItem, ShipState

EVENT_KINDS = frozenset({
    "shots-fired", "pd-fired", "ordnance-readied", "ordnance-unreadied", "ordnance-recalled", "ordnance-launched",
    "ordnance-removed", "intercepted", "ordnance-attacked", "course-altered", "course-set", "ftl-powered-up",
    "ftl-powered-down", "jumped", "rammed", "blast", "damage-control", "rallied", "round-started", "tracks-moved",
    "ftl-moved", "fire-damage", "fire-roll", "boarders-rolled", "cc-checked", "fire-added", "damage-resolved",
    "shots-reset",
})

K = FieldKind
SHIP_FIELDS = (
    FieldSpec(key="ss", label="SS", kind=K.BAR, max_key="ss_max",
              help="superstructure; SS 0 is not destruction (only a Reactor Breach destroys)"),
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
    FieldSpec(key="cc", label="C&C", kind=K.COUNTER, help="Command & Control: 2 per undamaged fighter/bomber bay"),
    FieldSpec(key="in_play", label="Launched", kind=K.LIST, help="this ship's ordnance tokens in play"),
    FieldSpec(key="marks", label="This round", kind=K.LIST, help="what the ship did this round (cleared next round)"),
    FieldSpec(key="blast", label="Blast due", kind=K.COUNTER, glyph="✹", help="Reactor Breach blast to resolve: blast SHIP TARGETS"),
    FieldSpec(key="destroyed", label="Destroyed", kind=K.FLAG, glyph="✗", help="Reactor Breach: out of the game"),
    FieldSpec(key="jumped", label="Jumped", kind=K.FLAG, glyph="↗", help="jumped out by FTL: escaped, out of the game"),
)
ITEM_FIELDS = (
    FieldSpec(key="stat", label="Stat", kind=K.TEXT, help="strength/range of a battery, or point defence shots a round"),
    FieldSpec(key="shots", label="Shots", kind=K.BAR, max_key="rate",
              help="shots fired this round of those allowed (Escort 1, Capital 2 per weapon; Point for PD)"),
    FieldSpec(key="damaged", label="Damaged", kind=K.FLAG, glyph="⚠", help="Battery / Point Defences Damaged: no fire"),
    FieldSpec(key="bays", label="Bays", kind=K.BAR, max_key="bays_max", help="undamaged bays or tubes"),
    FieldSpec(key="track", label="Ready track", kind=K.LIST,
              help="Ordnance Ready Track counters: kind and Interphases to go, or ready"),
)
PLAYER_FIELDS = (
    FieldSpec(key="cc", label="C&C", kind=K.COUNTER, help="fleet Command & Control"),
    FieldSpec(key="craft", label="Craft", kind=K.COUNTER, help="fighters and bombers in play (at most C&C)"),
)


class Plugin(CalSteps, CalMovement, CalOrdnance, CalGunnery):
    """Colors and Lights: the whole round as bookkeeping on Ship Records."""

    def build_record_spec(self) -> RecordSpec:
        return RecordSpec(fields=SHIP_FIELDS, item_fields=ITEM_FIELDS, player_fields=PLAYER_FIELDS,
                          loss_flags=("destroyed", "jumped"), not_lost=("jumped",))  # a jump out is an escape

    # ---- set-up ---------------------------------------------------------------------------------
    def class_for(self, query: str, roster: Roster | None) -> tuple[str, ShipClass]:
        """A stock class by name or code, else a custom design of the roster."""
        try:
            return find_entry(self.ruleset.classes, query, "class")
        except UnknownName as exc:
            problem = str(exc)
        if roster is not None and roster.designs:
            designs, _ = design_classes(self.ruleset, roster.designs)
            for name, cls in designs.items():
                if name.casefold() == query.strip().casefold():
                    return name, cls
        raise InvalidAction(problem)

    def initial_ship(
        self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None, settings: Mapping[str, Any]
    ) -> ShipState:
        name, cls = self.class_for(entry.ship_class, roster)
        rate = self.ruleset.rate_of_fire[cls.type].shots
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
        values = {"ss": cls.ss, "ss_max": cls.ss, "crew": self.ruleset.general.crew_start, "course": "stationary",
                  "cc": self.ruleset.class_cc(cls), "stats": cls.model_dump(mode="json")}
        return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=name,
                         record=self.record_spec().fresh_record(values), items=tuple(items))

    def initial_player(self, index: int, roster: Roster, settings: Mapping[str, Any]) -> PlayerState:
        cc = 0
        for entry in roster.ships:
            try:
                cc += self.ruleset.class_cc(self.class_for(entry.ship_class, roster)[1])
            except InvalidAction:
                pass  # the ship itself is refused with its reason
        name = roster.player or roster.name or f"Player {index + 1}"
        return PlayerState(name=name, fleet=roster.name, resources={"cc": cc, "craft": 0})

    def initial_extra(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"ordnance": [], "next_token": 1, "pd": {}}

    # ---- the round ------------------------------------------------------------------------------
    def phase_applies(self, state: GameState, index: int) -> bool:
        """The Interphase is skipped in round 1."""
        return not (state.sequence[index].id == "interphase" and state.turn <= 1)

    def event_kinds(self) -> frozenset[str]:
        return EVENT_KINDS

    def reduce(self, state: GameState, event: Event) -> GameState | None:
        if event.kind not in EVENT_KINDS:
            return None
        return apply_patch(state, event.data["patch"])

    def decide(self, state: GameState, kind: str, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        events = super().decide(state, kind, args, dice)
        return events + self.consequences(state, events)

    def run_auto_step(self, state: GameState, step_id: str, dice: DiceRecorder) -> list[Event]:
        try:
            events = super().run_auto_step(state, step_id, dice)
        except DiceError as exc:
            step = state.current_step
            hint = self.dice_hint(state, step_id)
            raise InvalidAction(f"{step.text if step else step_id}: {exc}" + (f" ({hint})" if hint else "")) from None
        return events + self.consequences(state, events)

    def dice_hint(self, state: GameState, step_id: str) -> str:
        """Which ships an automatic step rolls for, so physical dice can be typed with --faces."""
        rules = self.rules(state)
        ships = self.alive(state)
        if step_id == "fire_roll":
            names = [s.label for s in ships if int(s.record["fire"]) > 0]
            return "one d6 for each ship with Fire, in order: " + ", ".join(names) if names else ""
        if step_id == "boarders":
            names = [f"{s.label} ×{s.record['boarders']}" for s in ships if int(s.record["boarders"]) > 0]
            return "one d6 per Boarder, in order, then 2d6 for any table it calls for: " + ", ".join(names) if names else ""
        if step_id in ("fire_damage", "resolve_damage"):
            if step_id == "fire_damage" and not fire_damage_applies(rules, "interphase"):
                return ""
            key = "fire" if step_id == "fire_damage" else "round_damage"
            names = [s.label for s in ships if damage_check(rules, int(s.record["ss"]), int(s.record[key])) != NONE]
            return "2d6 per damage table, in order: " + ", ".join(names) if names else ""
        return ""

    def consequences(self, before: GameState, events: list[Event]) -> list[Event]:
        """What follows from the events at once: C&C above its limit (a note) and the end of the game."""
        if not events or before.finished:
            return []
        after = self.apply(before, events)
        out: list[Event] = []
        if not any(e.kind == "cc-checked" for e in events):
            for i, player in enumerate(after.players):
                excess = self.craft_in_play(after, i) - self.fleet_cc(after, i)
                if excess > 0 and excess > self.craft_in_play(before, i) - self.fleet_cc(before, i):
                    out.append(note(f"{player.name}'s C&C is now {self.fleet_cc(after, i)} with "
                                    f"{plural(self.craft_in_play(after, i), 'fighter or bomber', 'fighters and bombers')} "
                                    f"in play: remove {excess} now (remove-ordnance TOKEN UNITS, their choice)"))
        if self.setting(after, "victory") == "last_side" and len(after.players) > 1:
            pending = any(int(s.record.get("blast", 0)) for s in after.ships.values())
            sides_after = {s.owner for s in ship_order(after) if not self.lost(s)}
            sides_before = {s.owner for s in ship_order(before) if not self.lost(s)}
            was_pending = any(int(s.record.get("blast", 0)) for s in before.ships.values())
            if not pending and len(sides_after) <= 1 and (len(sides_before) > 1 or was_pending):
                if sides_after:
                    winner = sides_after.pop()
                    p = after.players[winner]
                    out.append(end_game(after, f"{p.name} ({p.fleet}) is the last side with ships on the board", winner))
                else:
                    out.append(end_game(after, "no ships are left on the board: a draw"))
        return out
