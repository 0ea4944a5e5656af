"""pz8 plugin, shared part: the game settings in force, reading the pz8 state, and events every
action needs (damage, checklist moves, the activation bookkeeping).

Where things live (RULES.md C3):

* each ship's record: damaged, destroyed, activated, active (being activated now), mps (left this
  turn), fired, torpedo (salvos left), fire_backs (this turn);
* `state.extra`: the Torpedo and asteroid counters, the drift arrow, this turn's initiative and
  quotas, whose activation step it is, the open activation, and a fire-back that may be made.

Plugin reducers only change `extra` (and who is active); every change to a ship record is a
`value-set` event, so the log names each one.
"""

from __future__ import annotations

from typing import Any

from .model import Ruleset
from ...game.errors import InvalidAction
from ...game.events import DiceRecorder, Event
from ...game.generic import set_value
from ...game.plugin import RulesetPlugin, TurnStructure
from ...game.state import GameState, ShipState

ACTIVATION_PHASE = "activation"
SIDES = 2


class Pz8Base(RulesetPlugin):
    """Helpers shared by the pz8 action groups (see plugin.py for the plugin)."""

    turn_structure = TurnStructure.ROUND

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._rules_cache: dict[tuple[tuple[str, Any], ...], Ruleset] = {}

    # ---- the ruleset with this game's settings ----------------------------------------------
    @property
    def book(self) -> Ruleset:
        assert isinstance(self.ruleset, Ruleset), "the pz8 plugin needs the pz8 ruleset"
        return self.ruleset

    def rules(self, state: GameState) -> Ruleset:
        """The ruleset with the settings chosen for this game (the procedures read settings from it)."""
        key = tuple(sorted(state.settings.items()))
        found = self._rules_cache.get(key)
        if found is None:
            book = self.book
            settings = {
                k: (s.model_copy(update={"value": state.settings[k]}) if k in state.settings else s)
                for k, s in book.settings.items()
            }
            found = self._rules_cache[key] = book.model_copy(update={"settings": settings})
        return found

    @staticmethod
    def setting(state: GameState, key: str, default: Any = None) -> Any:
        return state.settings.get(key, default)

    # ---- reading the state ------------------------------------------------------------------
    @staticmethod
    def alive(ship: ShipState) -> bool:
        return not ship.get("destroyed")

    def fleet(self, state: GameState, player: int) -> list[ShipState]:
        """A side's ships still in play."""
        return [s for s in state.ships.values() if s.owner == player and self.alive(s)]

    def waiting(self, state: GameState, player: int) -> list[ShipState]:
        """A side's ships in play that have not been activated this turn (nor are being now)."""
        busy = (state.extra.get("activation") or {}).get("ship")
        return [s for s in self.fleet(state, player) if not s.get("activated") and s.id != busy]

    @staticmethod
    def two_sides(state: GameState) -> bool:
        return len(state.players) == SIDES

    @staticmethod
    def initiative(state: GameState) -> dict[str, Any] | None:
        """This turn's initiative roll, or None before it is rolled."""
        found = state.extra.get("initiative")
        return found if found and found.get("turn") == state.turn else None

    @staticmethod
    def activation(state: GameState) -> dict[str, Any] | None:
        return state.extra.get("activation") or None

    def whose_step(self, state: GameState) -> tuple[int, int] | None:
        """(side, ships it may still activate in this step), or None when no ship waits.

        A side with no ships waiting hands over: the other activates all it has left (§2).
        """
        step = state.extra.get("step")
        if not step or self.initiative(state) is None:
            return None
        side, left = step["side"], step["left"]
        other = 1 - side
        mine, theirs = len(self.waiting(state, side)), len(self.waiting(state, other))
        if not mine and not theirs:
            return None
        if not mine:
            return other, theirs
        if not theirs:
            return side, mine
        return side, max(1, min(left, mine))

    def ship_names(self, ships: list[ShipState]) -> str:
        return ", ".join(s.label for s in ships) or "none"

    def phase_id(self, state: GameState) -> str | None:
        phase = state.current_phase
        return phase.id if phase else None

    # ---- counters ---------------------------------------------------------------------------
    @staticmethod
    def _counter(state: GameState, kind: str, ref: str) -> dict[str, Any]:
        word = "Torpedo salvo" if kind == "torpedoes" else "asteroid"
        items = state.extra.get(kind) or []
        text = str(ref).strip().casefold()
        for item in items:
            if item["id"].casefold() == text or (text.isdigit() and item["id"][1:] == text):
                return item
        listing = ", ".join(_counter_label(i) for i in items) or "none in play"
        raise InvalidAction(f"no {word} {ref!r}; {kind}: {listing}")

    def torpedo(self, state: GameState, ref: str) -> dict[str, Any]:
        """A Torpedo counter by id (t1) or number (1)."""
        return self._counter(state, "torpedoes", ref)

    def asteroid(self, state: GameState, ref: str) -> dict[str, Any]:
        """An asteroid counter by id (a1) or number (1)."""
        return self._counter(state, "asteroids", ref)

    def torpedo_label(self, state: GameState, torpedo: dict[str, Any]) -> str:
        owner = state.players[torpedo["owner"]].name
        return f"Torpedoes {torpedo['id']} ({owner}, from {state.ships[torpedo['ship']].name})"

    # ---- events -----------------------------------------------------------------------------
    def damage_events(self, state: GameState, target: ShipState, result: str, why: str) -> list[Event]:
        """A damage result applied to a ship record: Damaged (MPs down to 3) or Destroyed."""
        if result == "destroyed":
            events = [set_value(state, target.id, "destroyed", True, why)]
            if target.get("active"):
                events.append(set_value(state, target.id, "active", False, "destroyed"))
            return events
        if result != "damaged" or target.get("damaged"):
            return []
        events = [set_value(state, target.id, "damaged", True, why)]
        cap = self.book.spaceship.damaged_mps
        if target.get("mps", 0) > cap:
            events.append(set_value(state, target.id, "mps", cap, f"Damaged: MPs down to {cap}"))
        return events

    def goto(self, state: GameState, step_id: str, dice: DiceRecorder, phase_id: str = ACTIVATION_PHASE) -> list[Event]:
        """Move the checklist to a step of the activation phase (or `phase_id`) while in the
        initiative or activation phase, running it if it is automatic; nothing when already there."""
        if self.phase_id(state) not in ("initiative", ACTIVATION_PHASE):
            return []
        assert self.engine is not None, "plugin is not bound to an engine"
        for p, phase in enumerate(state.sequence):
            if phase.id != phase_id:
                continue
            for s, step in enumerate(phase.steps):
                if step.id == step_id:
                    if (state.phase, state.step) == (p, s):
                        return []
                    return self.engine.enter_step(state, p, s, dice)
        return []

    def tick_activation_steps(self, state: GameState) -> list[Event]:
        """Every ship has activated: tick the activation phase's items so next-step leaves it."""
        if self.phase_id(state) != ACTIVATION_PHASE or self.engine is None:
            return []
        return [
            Event("ticked", {"step_id": step.id}, f"Ticked: {step.text}")
            for _, step in self.engine.unticked(state)
        ]

    def turn_marks(self, state: GameState) -> dict[str, dict[str, Any]]:
        """Record values to reset for a new turn: chits off, fire-backs 0, MPs full (3 if Damaged)."""
        ship_cls = self.book.spaceship
        changes: dict[str, dict[str, Any]] = {}
        for ship in state.ships.values():
            fresh: dict[str, Any] = {"activated": False, "active": False}
            if self.alive(ship):
                mps = ship_cls.damaged_mps if ship.get("damaged") else ship_cls.mps
                fresh.update({"fired": False, "fire_backs": 0, "mps": mps})
            diff = {k: v for k, v in fresh.items() if ship.record.get(k) != v}
            if diff:
                changes[ship.id] = diff
        return changes

    def marks_cleared(self, state: GameState, when: str) -> list[Event]:
        """One `marks-cleared` event resetting this turn's marks (nothing when all are clear)."""
        changes = self.turn_marks(state)
        open_extra = any(state.extra.get(k) for k in ("activation", "fire_back", "step"))
        if not changes and not open_extra:
            return []
        chits = [state.ships[i].name for i, c in changes.items() if c.get("activated") is False
                 and state.ships[i].get("activated")]
        mps = [f"{state.ships[i].name} {c['mps']}" for i, c in changes.items() if "mps" in c]
        parts = [f"Activated chits cleared: {', '.join(chits)}" if chits else "no Activated chits to clear"]
        if mps:
            parts.append(f"MPs back: {', '.join(mps)}")
        backs = [state.ships[i].name for i, c in changes.items() if "fire_backs" in c]
        if backs:
            parts.append(f"fire-back counts reset ({', '.join(backs)})")
        return [Event("marks-cleared", {"ships": changes, "when": when}, f"{when}: " + "; ".join(parts))]

    # ---- reducer helpers --------------------------------------------------------------------
    @staticmethod
    def with_extra(state: GameState, **values: Any) -> GameState:
        return state.with_extra(values)

    @staticmethod
    def with_records(state: GameState, changes: dict[str, dict[str, Any]]) -> GameState:
        for ship_id, values in changes.items():
            state = state.with_ship(state.ships[ship_id].with_values(dict(values)))
        return state


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 hex', '3 hexes', '2 ships'."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def _counter_label(item: dict[str, Any]) -> str:
    where = f" at {item['where']}" if item.get("where") else ""
    return f"{item['id']}{where}"


def fresh_extra(settings: dict[str, Any]) -> dict[str, Any]:
    """pz8's game-level state at set-up: asteroid counters from the settings, no torpedoes yet."""
    count = int(settings.get("asteroids", 0) or 0)
    return {
        "torpedoes": [],
        "asteroids": [{"id": f"a{n}", "where": ""} for n in range(1, count + 1)],
        "drift": str(settings.get("drift", "") or ""),
        "seq": {"t": 0, "a": count},
        "initiative": None,
        "step": None,
        "activation": None,
        "fire_back": None,
    }
