"""Reading a pz8 game state: who is in play, whose activation step it is, the open activation, the
fire-back that may be made, and the Torpedo and asteroid counters on the table (pz8 §2, §4, §5, §6).

Where things live:

* each ship's record: damaged, destroyed, activated (the chit), active (being activated now), mps (left
  this turn), fired, torpedo (salvos left), fire_backs (this turn);
* `state.extra`: `initiative` (this turn's roll and quotas), `step` (whose activation step it is:
  side, ships left in it, its size), `activation` (the open one: ship, moved, launched), `fire_back`
  (the shot that may be answered: ship, at, distance), `torpedoes` and `asteroids` (counters; one
  taken off the table keeps its entry with `gone`, so ids are never used twice), `drift`.

Saves written before counters kept their `gone` entries drop them and number counters with `seq`;
both are read here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.errors import InvalidAction
from ...game.state import GameState, ShipState

SIDES = 2
ACTIVATION_PHASE = "activation"
COUNTER_WORDS = {"torpedoes": "Torpedo salvo", "asteroids": "asteroid"}


@dataclass(frozen=True, slots=True)
class PendingShot:
    """A shot that its target may answer at once (pz8 §4): who may fire back, at whom, how far."""

    ship: str
    at: str
    distance: int


@dataclass(frozen=True, slots=True)
class StepTurn:
    """Whose activation step it is and how many of its ships the step still takes."""

    side: int
    left: int


class TurnView:
    """A read-only pz8 reading of one game state."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    # ---- ships --------------------------------------------------------------------------------
    @staticmethod
    def alive(ship: ShipState) -> bool:
        return not ship.get("destroyed")

    def fleet(self, player: int) -> list[ShipState]:
        """A side's ships still in play, in id order."""
        return [s for s in _in_order(self.state) if s.owner == player and self.alive(s)]

    def waiting(self, player: int) -> list[ShipState]:
        """A side's ships in play not activated this turn (nor being activated now)."""
        busy = self.activation_ship
        return [s for s in self.fleet(player) if not s.get("activated") and s.id != busy]

    def anyone_waiting(self) -> list[ShipState]:
        return [s for p in range(len(self.state.players)) for s in self.waiting(p)]

    @property
    def two_sides(self) -> bool:
        return len(self.state.players) == SIDES

    @property
    def phase_id(self) -> str | None:
        phase = self.state.current_phase
        return phase.id if phase else None

    @property
    def step_id(self) -> str | None:
        step = self.state.current_step
        return step.id if step else None

    # ---- initiative and activation steps -------------------------------------------------------
    @property
    def initiative(self) -> dict[str, Any] | None:
        """This turn's initiative roll, or None before it is rolled."""
        found = self.state.extra.get("initiative")
        return found if found and found.get("turn") == self.state.turn else None

    @property
    def needs_initiative(self) -> bool:
        """True while this turn's initiative is due: two sides with ships, in the initiative or
        activation phase, not rolled yet (pz8 §2)."""
        return (self.state.started and not self.state.finished and self.two_sides and self.initiative is None
                and self.phase_id in ("initiative", ACTIVATION_PHASE) and all(self.fleet(p) for p in range(SIDES)))

    @property
    def stored_step(self) -> dict[str, Any] | None:
        return self.state.extra.get("step") or None

    def whose_step(self) -> StepTurn | None:
        """Whose activation step it is now and how many ships it still takes; None when no ship waits
        (or before the initiative). A side with none waiting hands over: the other activates all it has
        left (pz8 §2)."""
        step = self.stored_step
        if not step or self.initiative is None:
            return None
        side = step["side"]
        mine, theirs = len(self.waiting(side)), len(self.waiting(1 - side))
        if not mine and not theirs:
            return None
        if not mine:
            return StepTurn(1 - side, theirs)
        if not theirs:
            return StepTurn(side, mine)
        return StepTurn(side, max(1, min(step["left"], mine)))

    # ---- the open activation and the shot that may be answered ----------------------------------
    @property
    def activation(self) -> dict[str, Any] | None:
        return self.state.extra.get("activation") or None

    @property
    def activation_ship(self) -> str | None:
        current = self.activation
        return current["ship"] if current else None

    @property
    def active_ship(self) -> ShipState | None:
        ref = self.activation_ship
        return self.state.ships.get(ref) if ref else None

    def launched_now(self, ship: ShipState) -> bool:
        """Whether the ship launched its Torpedo salvo in its open activation (a salvo is launched only
        in the ship's own activation, once a turn at most, so one launched this turn by it counts)."""
        current = self.activation
        if not current or current["ship"] != ship.id:
            return False
        turn = self.state.turn
        return bool(current.get("launched")) or any(
            t["ship"] == ship.id and t.get("turn") == turn for t in self.counters("torpedoes", all_=True))

    @property
    def pending(self) -> PendingShot | None:
        found = self.state.extra.get("fire_back")
        if not found:
            return None
        return PendingShot(str(found["ship"]), str(found["at"]), int(found["distance"]))

    # ---- counters -----------------------------------------------------------------------------
    def counters(self, kind: str, *, all_: bool = False) -> list[dict[str, Any]]:
        """Torpedo salvos or asteroids on the table (with all_: those taken off too)."""
        items = list(self.state.extra.get(kind) or [])
        return items if all_ else [c for c in items if not c.get("gone")]

    def torpedoes(self) -> list[dict[str, Any]]:
        return self.counters("torpedoes")

    def asteroids(self) -> list[dict[str, Any]]:
        return self.counters("asteroids")

    def enemy_torpedoes(self, player: int) -> list[dict[str, Any]]:
        return [t for t in self.torpedoes() if t["owner"] != player]

    def next_id(self, kind: str) -> str:
        """The id of the next counter of a kind: t3, a4 (never one used before in this game)."""
        prefix = kind[0]
        used = [int(c["id"][1:]) for c in self.counters(kind, all_=True) if c["id"][1:].isdigit()]
        seq = int((self.state.extra.get("seq") or {}).get(prefix, 0))
        return f"{prefix}{max([seq, *used]) + 1}"

    def counter(self, kind: str, ref: str, offer: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """A counter on the table by id (t1) or number (1); InvalidAction names those in play (or those
        in `offer`, the ones the action may take)."""
        word = COUNTER_WORDS[kind]
        text = str(ref).strip().casefold()
        for item in self.counters(kind, all_=True):
            if item["id"].casefold() == text or (text.isdigit() and item["id"][1:] == text):
                if item.get("gone"):
                    raise InvalidAction(f"{item['id']} is no longer on the table: {item['gone']}")
                return item
        listing = ", ".join(counter_label(i) for i in (self.counters(kind) if offer is None else offer)) or "none in play"
        raise InvalidAction(f"no {word} {ref!r}; on the table: {listing}")

    def torpedo_label(self, torpedo: dict[str, Any]) -> str:
        owner = self.state.players[torpedo["owner"]].name
        ship = self.state.ships.get(torpedo["ship"])
        return f"Torpedoes {torpedo['id']} ({owner}, from {ship.name if ship else '#' + str(torpedo['ship'])})"


def counter_label(item: dict[str, Any]) -> str:
    where = f" at {item['where']}" if item.get("where") else ""
    return f"{item['id']}{where}"


def ship_names(ships: list[ShipState]) -> str:
    return ", ".join(s.label for s in ships) or "none"


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 hex', '3 hexes', '2 ships'."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def _in_order(state: GameState) -> list[ShipState]:
    return sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))
