"""The cal plugin's base: the ruleset with the game's settings, ship stats and items, derived values (C&C,
launched tokens), when each action may be done, and how a decision becomes events.

An action's `apply` works out the state after its decision with plain transformations and hands it to `emit`:
one narrative event tells what happened (its facts and dice in `data`), then every change is written
as a generic event with its exact old → new (mstracker.game.batch.Batch.absorb). Ordnance tokens and
other game-level bookkeeping go in as `extra-set` events with words a player reads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import Event
from ...game.plugin import PhasePlay, RulesetPlugin, TurnStructure
from ...game.state import GameState, ShipItem, ShipState
from ...rules.names import UnknownName, find_entry, possessive
from . import cite
from .model import BAY_FIELDS, CRAFT_BAY_FIELDS, Ordnance, Ruleset, ShipClass
from .tokens import ordnance_words, token_label, tokens

WEAPON_ITEMS = {"beam": "Beam", "projectile": "Projectile"}
POINT_ITEM = "Point"
BAY_ITEMS = {field: name for field, name in zip(
    BAY_FIELDS, ("Torpedoes", "Assault Bay", "Fighter Bay", "Bomber Bay", "Fighter/Bomber Bay"))}
ITEM_FIELDS = {name: field for field, name in {**WEAPON_ITEMS, "point": POINT_ITEM, **BAY_ITEMS}.items()}
LOSS_WORDS = {"destroyed": "is destroyed", "jumped": "has jumped out"}

# ---- marks: what a ship did this round (cleared when the next round begins) ------------------------
UNREADIED = "unreadied"
FTL_SHUT = "FTL shut down"
COURSE_SET = "course altered"
DC_DONE = "damage control"
RALLIED = "rallied"
TABLE_ROLLED = "damage roll"

#: The book's number and name of each phase, for refusals that say when an action is done.
PHASE_CITES = {"interphase": cite.INTERPHASE, "ordnance": cite.ORDNANCE_PHASE, "gunnery": cite.GUNNERY,
               "damage": cite.DAMAGE_PHASE, "movement": cite.MOVEMENT_PHASE}

MOVEMENT_STEPS = ("move", "ftl", "alter_course")
GUNNERY_STEPS = ("weapons", "point_defence", "ordnance_attacks", "launch")
#: When each action may be done: (what the player does, phase id, the steps of it or None for any).
#: Gunnery steps hold under the house default order (gunnery_order); per player lifts them.
TIMES: dict[str, tuple[str, str, tuple[str, ...] | None]] = {
    "fire": ("fire", "gunnery", ("weapons",)),
    "point-defence": ("fire point defence", "gunnery", ("point_defence",)),
    "ordnance-attack": ("resolve ordnance attacks", "gunnery", ("ordnance_attacks",)),
    "launch": ("launch ordnance", "gunnery", ("launch",)),
    "ready-ordnance": ("ready ordnance", "ordnance", None),
    "unready": ("unready ordnance", "ordnance", None),
    "recall": ("recall ordnance", "ordnance", None),
    "damage-control": ("make a damage control roll", "interphase", ("damage_control",)),
    "rally": ("rally the crew", "interphase", ("damage_control",)),
    "course": ("alter course", "movement", MOVEMENT_STEPS),
    "ftl-power-up": ("power up FTL", "movement", MOVEMENT_STEPS),
    "ftl-power-down": ("power down FTL", "movement", MOVEMENT_STEPS),
    "jump": ("jump", "movement", MOVEMENT_STEPS),
    "ram": ("ram", "movement", ("move",)),
}

#: Settings added after games were saved with their ruleset, and the value such games play by.
LATER_SETTINGS: dict[str, Any] = {"dc_restores_bay": True, "phase_play": "once"}
#: The phases with no interaction between the players, which they may do together (cal §Sequence of Play).
SHARED_PHASES = ("interphase", "damage")

#: Live values a ship out of play no longer shows (its history — SS, damage effects — stays).
LIVE_VALUES = {"fire": 0, "boarders": 0, "round_damage": 0, "ftl_powered": False, "ftl": 0, "marks": [],
               "in_play": [], "cc": 0}


def ship_order(state: GameState) -> list[ShipState]:
    """Ships in id order (the order the automatic steps take them and draw their dice)."""
    return sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))


def out_of_play(ship: ShipState, **flags: Any) -> ShipState:
    """The ship destroyed or jumped out: its flag set and its live values cleared (no stale Boarders,
    Fire, launched tokens or ready counters on a ship that left the board)."""
    ship = ship.with_values({**LIVE_VALUES, **flags})
    for item in ship.items:
        values: dict[str, Any] = {k: v for k, v in (("shots", 0), ("track", [])) if k in item.record and item.record[k] != v}
        if values:
            ship = ship.with_item_values(item.id, values)
    return ship


def extra_words(state: GameState, key: str, value: Any, player: int | None) -> str:
    """What a change of game bookkeeping means at the table, for the log."""
    if player is not None:
        name = state.players[player].name
        if key == "recalled":
            return (f"{name} recalled ordnance in round {value}: no new counters on their ships this round"
                    if value else f"{name} may ready ordnance again")
        return f"{name} {key}: {value}"
    if key == "ordnance":
        return f"Ordnance in play: {ordnance_words(state.with_extra({key: value}))}"
    if key == "next_token":
        return f"The next ordnance token will be o{value}"
    if key == "pd":
        shot = "; ".join(f"#{sid} at {', '.join(f'{t} ×{n}' for t, n in fired.items())}" for sid, fired in value.items())
        return f"Point defence shots this round: {shot or 'none'}"
    return f"{key}: {value}"


# ---- the plugin's base ----------------------------------------------------------------------------------


class CalBase(RulesetPlugin):
    """What the cal plugin's actions and steps read of it: rules in force, stats, items, derived values, events."""

    turn_structure = TurnStructure.PHASE_BY_PLAYER
    #: What may happen in another player's part of a phase: a breach blast, craft over C&C leaving, escorts
    #: intercepting what attacks their ship, rams where paths cross (cal §Damage, §Command & Control, §Craft,
    #: §Moving Ships According To Course).
    any_side = frozenset({"blast", "remove-ordnance", "cc-check", "intercept", "ram"})
    order_cite = cite.SEQUENCE
    ruleset: Ruleset

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._rules_cache: dict[tuple[Any, ...], Ruleset] = {}
        self._class_cache: dict[str, ShipClass] = {}

    # ---- rules and stats ------------------------------------------------------------------------
    def rules(self, state: GameState) -> Ruleset:
        """The ruleset with this game's settings in force (the procedures read `ruleset.setting`)."""
        key = tuple(sorted(state.settings.items()))
        rules = self._rules_cache.get(key)
        if rules is None:
            settings = {
                k: (s.model_copy(update={"value": state.settings[k]}) if k in state.settings else s)
                for k, s in self.ruleset.settings.items()
            }
            rules = self._rules_cache[key] = self.ruleset.model_copy(update={"settings": settings})
        return rules

    def setting(self, state: GameState, key: str) -> Any:
        """The value in force in this game (a game created before a setting existed plays by its default)."""
        if key in state.settings:
            return state.settings[key]
        return self.ruleset.setting(key) if key in self.ruleset.settings else LATER_SETTINGS[key]

    def stats(self, ship: ShipState) -> ShipClass:
        """The ship's class stats, frozen into its record when the game was set up."""
        data = ship.record["stats"]
        key = json.dumps(data, sort_keys=True)
        cls = self._class_cache.get(key)
        if cls is None:
            cls = self._class_cache[key] = ShipClass.model_validate(data)
        return cls

    def ref(self, ship: ShipState) -> tuple[str, ShipClass]:
        """The ship as the rules procedures take it: (name for the text, class)."""
        return ship.label, self.stats(ship)

    def ordnance(self, kind: str) -> tuple[str, Ordnance]:
        try:
            return find_entry(self.ruleset.ordnance, kind, "ordnance")
        except UnknownName as exc:
            raise InvalidAction(str(exc)) from None

    # ---- ships and items ------------------------------------------------------------------------
    def lost(self, ship: ShipState) -> bool:
        return bool(ship.record.get("destroyed") or ship.record.get("jumped"))

    def acting_ship(self, state: GameState, ref: str, *, own: bool = False) -> ShipState:
        ship = state.find_ship(ref)
        for flag, words in LOSS_WORDS.items():
            if ship.record.get(flag):
                raise InvalidAction(f"{ship.label} {words} and cannot act ({cite.FTL if flag == 'jumped' else cite.MAJOR_TABLE})")
        return super().acting_ship(state, ref, own=own)

    def target_ship(self, state: GameState, ref: str, attacker: ShipState | None = None) -> ShipState:
        ship = state.find_ship(ref)
        for flag, words in LOSS_WORDS.items():
            if ship.record.get(flag):
                raise InvalidAction(f"{ship.label} {words}: it cannot be targeted "
                                    f"({cite.FTL if flag == 'jumped' else cite.MAJOR_TABLE})")
        if attacker is not None and ship.id == attacker.id:
            raise InvalidAction(f"{ship.label} cannot target itself ({cite.WEAPONS})")
        return ship

    def marks(self, ship: ShipState) -> list[str]:
        return list(ship.record.get("marks") or [])

    def with_mark(self, ship: ShipState, mark: str) -> ShipState:
        marks = self.marks(ship)
        return ship if mark in marks else ship.with_values({"marks": [*marks, mark]})

    def items_named(self, ship: ShipState, *names: str) -> list[ShipItem]:
        return [it for it in ship.items if it.name in names]

    def bay_items(self, ship: ShipState, ordnance: Ordnance) -> list[ShipItem]:
        names = [BAY_ITEMS[field] for field in ordnance.bays]
        return [it for it in ship.items if it.name in names]

    def refuse_over_cc(self, state: GameState, player: int, what: str) -> None:
        """InvalidAction while the player's fighters and bombers above C&C must go (cal §Command &
        Control): they may not intercept or attack meanwhile, unless the table overrode it."""
        from .obligations import cc_id

        for obligation in self.standing_obligations(state):
            if obligation.id == cc_id(player):
                raise InvalidAction(f"{possessive(state.players[player].name)} fighters and bombers may not {what} now: "
                                    + obligation.message())

    # ---- derived values -------------------------------------------------------------------------
    def ship_cc(self, ship: ShipState) -> int:
        """C&C now: the class's, less cc_per_bay per destroyed craft bay; 0 when lost or Sensors Offline."""
        if self.lost(ship) or ship.record.get("sensors_offline"):
            return 0
        lost_bays = sum(
            int(it.record.get("bays_max", 0)) - int(it.record.get("bays", 0))
            for it in ship.items
            if ITEM_FIELDS.get(it.name) in CRAFT_BAY_FIELDS
        )
        return max(0, self.ruleset.class_cc(self.stats(ship)) - self.ruleset.general.cc_per_bay * lost_bays)

    def fleet_cc(self, state: GameState, player: int) -> int:
        return sum(self.ship_cc(s) for s in state.ships_of(player))

    def craft_in_play(self, state: GameState, player: int) -> int:
        return sum(t["units"] * self.ruleset.ordnance[t["kind"]].cc for t in tokens(state) if t["owner"] == player)

    def refresh(self, state: GameState) -> GameState:
        """Recompute the shown derived values: each ship's C&C and launched tokens, each fleet's C&C."""
        by_ship: dict[str, list[str]] = {}
        for token in tokens(state):
            by_ship.setdefault(token["ship"], []).append(token_label(token))
        for ship in list(state.ships.values()):
            values = {"cc": self.ship_cc(ship), "in_play": [] if self.lost(ship) else by_ship.get(ship.id, [])}
            if any(ship.record.get(k) != v for k, v in values.items()):
                state = state.with_ship(ship.with_values(values))
        for i, player in enumerate(state.players):
            values = {"cc": self.fleet_cc(state, i), "craft": self.craft_in_play(state, i)}
            if any(player.resources.get(k) != v for k, v in values.items()):
                state = state.with_player(i, player.model_copy(update={"resources": {**player.resources, **values}}))
        return state

    # ---- phases ---------------------------------------------------------------------------------
    def phase_play(self, state: GameState, index: int) -> PhasePlay:
        """Each player performs each phase in order (cal §Sequence of Play); the Interphase and the Damage
        phase, which involve no interaction, together when the table chooses so; Gunnery step by step under
        the house gunnery order (weapons, then PD, then ordnance attacks, then launches, each player in turn).
        A game saved before phase by player (or set so) plays each phase once for both sides."""
        play = self.setting(state, "phase_play")
        if play == "once":
            return PhasePlay.ONCE
        phase_id = state.sequence[index].id
        if play == "together where allowed" and phase_id in SHARED_PHASES:
            return PhasePlay.TOGETHER
        if phase_id == "gunnery" and self.setting(state, "gunnery_order") != "per player":
            return PhasePlay.STEPS_IN_TURN
        return PhasePlay.IN_TURN

    def check_time(self, state: GameState, kind: str) -> None:
        """Refuse `kind` unless now is its time (TIMES; intercepts: the Ordnance phase, or Gunnery
        before the launches; blast, remove-ordnance and cc-check: any time in play; set-course: set-up)."""
        if kind == "set-course":
            if state.started:
                raise InvalidAction(f"courses change in play only with the course action (movement points; {cite.ALTERING})")
            return
        per_player = self.setting(state, "gunnery_order") == "per player"
        if kind == "intercept":
            phase = state.current_phase
            if phase is not None and phase.id == "gunnery":
                self.require_phase(state, "intercept", "gunnery", None if per_player else GUNNERY_STEPS[:3])
            else:
                self.require_phase(state, "intercept", "ordnance")
            return
        if kind not in TIMES:
            if not state.started:
                raise InvalidAction(f"the game is in set-up; use next-step to start round 1 before you {kind} "
                                    f"({cite.INTERPHASE}: skipped in round 1)")
            return
        what, phase_id, steps = TIMES[kind]
        self.require_phase(state, what, phase_id, None if per_player and phase_id == "gunnery" else steps)

    def book_step(self, phase_id: str, step_id: str) -> str:
        """'cal §0 Interphase, step 6' for a checklist step whose source is the book's step '0.6'; else the phase."""
        where = PHASE_CITES.get(phase_id, cite.INTERPHASE)
        phase = next((p for p in self.ruleset.phases if p.id == phase_id), None)
        step = next((s for s in phase.steps if s.id == step_id), None) if phase else None
        match = re.match(r"(\d)\.(\d+)", step.source) if step else None
        return cite.step(where, int(match.group(2))) if match else where

    def require_phase(self, state: GameState, what: str, phase_id: str, steps: Iterable[str] | None = None) -> None:
        """Refuse unless the game is in `phase_id` (and, when given, at one of `steps`)."""
        where = PHASE_CITES.get(phase_id, cite.INTERPHASE)
        if not state.started:
            raise InvalidAction(f"the game is in set-up; use next-step to start round 1 before you {what} ({where})")
        phase = state.current_phase
        wanted = next((p for p in state.sequence if p.id == phase_id), None)
        name = wanted.name if wanted else phase_id
        if phase is None or phase.id != phase_id:
            now = phase.name if phase else "between phases"
            raise InvalidAction(f"{what}: that belongs to phase {name}; it is now {now} (use next-step; {where})")
        if steps is None:
            return
        allowed = list(steps)
        step = state.current_step
        if step is None or step.id not in allowed:
            numbered = [(n, s) for n, s in enumerate(phase.steps, start=1) if s.id in allowed]
            numbers = [f"{n}. {s.text}" for n, s in numbered]
            here = f"step {state.step + 1}" if step else "no step"
            book = self.book_step(phase_id, numbered[0][1].id) if numbered else where
            raise InvalidAction(f"{what}: that is done at {' or '.join(numbers)}; {phase.name} is at {here} ({book})")

    # ---- events ---------------------------------------------------------------------------------
    def emit(self, kind: str, before: GameState, after: GameState, text: str, reason: str = "",
             **data: Any) -> list[Event]:
        """The events of a decision: the story (`kind`, `text`, its facts in `data`), then every
        change from `before` to `after` (derived values refreshed) as generic events."""
        after = self.refresh(after)
        batch = Batch(self, before)
        batch.story(kind, text, **data)
        for index, player in enumerate(after.players):
            for key, value in player.extra.items():
                if before.players[index].extra.get(key) != value:
                    batch.extra(key, value, extra_words(after, key, value, index), player=index)
        for key, value in after.extra.items():
            if key not in before.extra or before.extra[key] != value:
                batch.extra(key, value, extra_words(after, key, value, None))
        batch.absorb(after, reason)
        return batch.events

    def fold(self, state: GameState, events: list[Event]) -> GameState:
        """The state after some events (a step working through the ships one by one)."""
        return self.apply(state, events)
