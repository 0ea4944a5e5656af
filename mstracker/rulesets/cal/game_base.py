"""The cal plugin's shared base: the ruleset with the game's settings, ship stats, items, tracks,
ordnance tokens in play, derived values (C&C), phase checks and state patches.

Every cal event carries a `patch`: the record values, item values, game extras and player values it
changes (new values, not deltas). Deciders work out the new state with plain transformations,
`CalBase.event` diffs it against the old one, and one reducer applies any patch, so replaying the
log gives exactly the state the decider saw.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .course import Course
from .model import BAY_FIELDS, CRAFT_BAY_FIELDS, Ordnance, Ruleset, ShipClass
from ...rules.names import UnknownName, find_entry
from ...game.errors import InvalidAction
from ...game.events import Event
from ...game.plugin import RulesetPlugin, TurnStructure
from ...game.state import GameState, PlayerState, ShipItem, ShipState

WEAPON_ITEMS = {"beam": "Beam", "projectile": "Projectile"}
POINT_ITEM = "Point"
BAY_ITEMS = {field: name for field, name in zip(
    BAY_FIELDS, ("Torpedoes", "Assault Bay", "Fighter Bay", "Bomber Bay", "Fighter/Bomber Bay"))}
ITEM_FIELDS = {name: field for field, name in {**WEAPON_ITEMS, "point": POINT_ITEM, **BAY_ITEMS}.items()}
READY = "ready"
LOSS_WORDS = {"destroyed": "is destroyed", "jumped": "has jumped out"}

# ---- marks: what a ship did this round (cleared when the next round begins) ------------------------
UNREADIED = "unreadied"
FTL_SHUT = "FTL shut down"
COURSE_SET = "course altered"
DC_DONE = "damage control"
RALLIED = "rallied"
TABLE_ROLLED = "damage roll"


def signed(value: int) -> str:
    return f"{value:+d}"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def ship_order(state: GameState) -> list[ShipState]:
    """Ships in id order (the order the automatic steps take them and draw their dice)."""
    return sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))


# ---- ready tracks --------------------------------------------------------------------------------


def counter_text(kind: str, left: int) -> str:
    """A counter on an Ordnance Ready Track: 'Torpedo 3' (Interphases to go) or 'Torpedo ready'."""
    return f"{kind} {READY if left <= 0 else left}"


def parse_counter(text: str) -> tuple[str, int]:
    kind, _, left = str(text).rpartition(" ")
    return kind, 0 if left == READY else int(left)


def sorted_track(counters: Iterable[str]) -> list[str]:
    """Ready counters first, then by Interphases to go; stable within each."""
    return sorted(counters, key=lambda c: parse_counter(c)[1])


# ---- courses -------------------------------------------------------------------------------------


def course_text(course: Course) -> str:
    """The course record: 'd3=2 d4=1 cw=1' (hexes per round by direction, rotation), or 'stationary'."""
    parts = [f"d{side}={n}" for side, n in course.moves().items()]
    parts += [f"{turn}={n}" for turn, n in (("cw", course.cw), ("ccw", course.ccw)) if n]
    return " ".join(parts) or "stationary"


def parse_course(text: str) -> Course:
    """A course record typed or stored as 'd3=2 d4=1 cw=1' ('3=2' and '3:2' work too)."""
    words = str(text).replace(",", " ").split()
    if not words or words == ["stationary"]:
        return Course()
    sides = [0] * 6
    turns = {"cw": 0, "ccw": 0}
    for word in words:
        key, sep, value = word.replace(":", "=").partition("=")
        key = key.strip().casefold()
        try:
            n = int(value) if sep else 1
        except ValueError:
            raise InvalidAction(f"course: {word!r} is not like d3=2 or cw=1") from None
        if n < 0:
            raise InvalidAction(f"course: {word!r} is negative")
        if key in turns:
            turns[key] += n
            continue
        side = key[1:] if key.startswith("d") else key
        if not side.isdigit() or not 1 <= int(side) <= 6:
            raise InvalidAction(f"course: {word!r} names no direction 1 to 6 (d1..d6) nor cw / ccw")
        sides[int(side) - 1] += n
    return Course(sides=tuple(sides), cw=turns["cw"], ccw=turns["ccw"])  # type: ignore[arg-type]


def parse_spend(text: str) -> dict[int | str, int]:
    """Movement points: '2 2 3' (one MP each), '2=2 cw', 'ccw=2' -> {2: 2, 3: 1, 'cw': 1}."""
    spend: dict[int | str, int] = {}
    for word in str(text).replace(",", " ").split():
        key, sep, value = word.replace(":", "=").replace("x", "=").partition("=")
        key = key.strip().casefold()
        key = key[1:] if key.startswith("d") and key[1:].isdigit() else key
        try:
            n = int(value) if sep else 1
        except ValueError:
            raise InvalidAction(f"course: {word!r} is not like 3, 3=2, cw or cw=2") from None
        slot: int | str = int(key) if key.isdigit() else key
        spend[slot] = spend.get(slot, 0) + n
    return spend


# ---- ordnance tokens in play ----------------------------------------------------------------------


def tokens(state: GameState) -> list[dict[str, Any]]:
    return list(state.extra.get("ordnance", []))


def token_label(token: dict[str, Any]) -> str:
    units = token["units"]
    return f"{token['id']} {token['kind']}" + (f" ×{units}" if units > 1 else "")


def with_tokens(state: GameState, new: list[dict[str, Any]]) -> GameState:
    return state.with_extra({"ordnance": [t for t in new if t["units"] > 0]})


def find_token(state: GameState, ref: str) -> dict[str, Any]:
    text = str(ref).strip().casefold()
    key = text if text.startswith("o") else f"o{text}"
    for token in tokens(state):
        if token["id"] == key:
            return dict(token)
    listing = ", ".join(token_label(t) for t in tokens(state)) or "none"
    raise InvalidAction(f"no ordnance token {ref!r} in play; in play: {listing}")


def replace_token(state: GameState, token: dict[str, Any]) -> GameState:
    return with_tokens(state, [token if t["id"] == token["id"] else t for t in tokens(state)])


# ---- state patches --------------------------------------------------------------------------------


def _changed(new: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in new.items() if k not in old or old[k] != v}


def diff(before: GameState, after: GameState) -> dict[str, Any]:
    """What changed from `before` to `after` in ship records, items, extras and players (new values)."""
    patch: dict[str, Any] = {}
    ships: dict[str, Any] = {}
    for sid, ship in after.ships.items():
        old = before.ships[sid]
        if old is ship:
            continue
        entry: dict[str, Any] = {}
        record = _changed(ship.record, old.record)
        if record:
            entry["record"] = record
        items = {n.id: _changed(n.record, o.record) for n, o in zip(ship.items, old.items) if n is not o}
        items = {k: v for k, v in items.items() if v}
        if items:
            entry["items"] = items
        if entry:
            ships[sid] = entry
    if ships:
        patch["ships"] = ships
    extra = _changed(after.extra, before.extra)
    if extra:
        patch["extra"] = extra
    players: dict[str, Any] = {}
    for i, (new, old) in enumerate(zip(after.players, before.players)):
        entry = {}
        for part in ("resources", "extra"):
            changed = _changed(getattr(new, part), getattr(old, part))
            if changed:
                entry[part] = changed
        if entry:
            players[str(i)] = entry
    if players:
        patch["players"] = players
    return patch


def apply_patch(state: GameState, patch: dict[str, Any]) -> GameState:
    """The state after a cal event's patch (the reducer of every cal event)."""
    for sid, entry in patch.get("ships", {}).items():
        ship = state.ships[sid]
        if entry.get("record"):
            ship = ship.with_values(entry["record"])
        for item_id, values in entry.get("items", {}).items():
            ship = ship.with_item_values(item_id, values)
        state = state.with_ship(ship)
    if patch.get("extra"):
        state = state.with_extra(patch["extra"])
    for index, entry in patch.get("players", {}).items():
        player: PlayerState = state.players[int(index)]
        update = {part: {**getattr(player, part), **values} for part, values in entry.items()}
        state = state.with_player(int(index), player.model_copy(update=update))
    return state


# ---- the base every cal mixin shares ----------------------------------------------------------------


class CalBase(RulesetPlugin):
    """Helpers for the cal plugin's mixins: rules in force, stats, items, derived values, events."""

    turn_structure = TurnStructure.ROUND
    ruleset: Ruleset

    def __init__(self, ruleset: Ruleset) -> None:  # type: ignore[override]
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
        return state.settings.get(key, self.ruleset.setting(key))

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
                raise InvalidAction(f"{ship.label} {words} and cannot act")
        return super().acting_ship(state, ref, own=own)

    def target_ship(self, state: GameState, ref: str, attacker: ShipState | None = None) -> ShipState:
        ship = state.find_ship(ref)
        for flag, words in LOSS_WORDS.items():
            if ship.record.get(flag):
                raise InvalidAction(f"{ship.label} {words}: it cannot be targeted")
        if attacker is not None and ship.id == attacker.id:
            raise InvalidAction(f"{ship.label} cannot target itself")
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
            values = {"cc": self.ship_cc(ship), "in_play": by_ship.get(ship.id, [])}
            if any(ship.record.get(k) != v for k, v in values.items()):
                state = state.with_ship(ship.with_values(values))
        for i, player in enumerate(state.players):
            values = {"cc": self.fleet_cc(state, i), "craft": self.craft_in_play(state, i)}
            if any(player.resources.get(k) != v for k, v in values.items()):
                state = state.with_player(i, player.model_copy(update={"resources": {**player.resources, **values}}))
        return state

    # ---- phases ---------------------------------------------------------------------------------
    def require_phase(self, state: GameState, what: str, phase_id: str, steps: Iterable[str] | None = None) -> None:
        """Refuse unless the game is in `phase_id` (and, when given, at one of `steps`)."""
        if not state.started:
            raise InvalidAction(f"the game is in set-up; use next-step to start round 1 before you {what}")
        phase = state.current_phase
        wanted = next((p for p in state.sequence if p.id == phase_id), None)
        name = wanted.name if wanted else phase_id
        if phase is None or phase.id != phase_id:
            now = phase.name if phase else "between phases"
            raise InvalidAction(f"{what}: that belongs to phase {name}; it is now {now} (use next-step)")
        if steps is None:
            return
        allowed = list(steps)
        step = state.current_step
        if step is None or step.id not in allowed:
            numbers = [f"{n}. {s.text}" for n, s in enumerate(phase.steps, start=1) if s.id in allowed]
            here = f"step {state.step + 1}" if step else "no step"
            raise InvalidAction(f"{what}: that is done at {' or '.join(numbers)}; {phase.name} is at {here}")

    # ---- events ---------------------------------------------------------------------------------
    def event(self, kind: str, before: GameState, after: GameState, text: str, **data: Any) -> Event:
        """A cal event: its facts (`data`), the patch from `before` to `after` (derived values
        refreshed), and its text."""
        after = self.refresh(after)
        return Event(kind, {**data, "patch": diff(before, after)}, text)

    def advance(self, state: GameState, event: Event) -> GameState:
        return apply_patch(state, event.data["patch"])
