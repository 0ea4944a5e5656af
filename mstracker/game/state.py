"""The game state: immutable values; every transition returns a new value.

Nested dicts (`record`, `resources`, `extra`, `settings`) are never mutated in place: helpers such as
`ShipState.with_values` copy them. Values are plain JSON (int, bool, str, list, dict, None), so
`GameState.from_json(state.to_json()) == state` holds exactly.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .errors import InvalidAction

STATE_FORMAT = 1

Scalar = bool | int | float | str


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ShipItem(_Frozen):
    """A weapon, device or ability on one ship, with its own bookkeeping (reload state...)."""

    id: str = Field(description="Unique on the ship: w1, w2 (weapons), d1 (devices), a1 (abilities).")
    kind: Literal["weapon", "device", "ability"]
    name: str
    record: dict[str, Any] = {}


class ShipState(_Frozen):
    """One ship (or strike-craft squadron) and its record as its ruleset declares it."""

    id: str = Field(description="Short id unique in the game: '1', '2', ...")
    name: str
    tag: str = ""
    owner: int = Field(description="Index of the owning player in GameState.players.")
    ship_class: str
    record: dict[str, Any] = {}
    items: tuple[ShipItem, ...] = ()

    @property
    def label(self) -> str:
        """How the log names the ship: 'Vindicator (#3)'."""
        return f"{self.name} (#{self.id})"

    def get(self, key: str, default: Any = None) -> Any:
        return self.record.get(key, default)

    def with_values(self, values: dict[str, Any]) -> ShipState:
        """A copy with some record values replaced."""
        return self.model_copy(update={"record": {**self.record, **values}})

    def item(self, ref: str) -> ShipItem:
        """An item by id (w1) or name (case-insensitive); InvalidAction when missing or ambiguous."""
        for it in self.items:
            if it.id == ref:
                return it
        folded = ref.strip().casefold()
        found = [it for it in self.items if it.name.casefold() == folded]
        if len(found) == 1:
            return found[0]
        listing = ", ".join(f"{it.id} {it.name}" for it in self.items) or "none"
        if found:
            raise InvalidAction(f"{self.label} has {len(found)} items named {ref!r}; use the id ({listing})")
        raise InvalidAction(f"{self.label} has no item {ref!r}; items: {listing}")

    def with_item_values(self, item_id: str, values: dict[str, Any]) -> ShipState:
        items = tuple(
            it.model_copy(update={"record": {**it.record, **values}}) if it.id == item_id else it for it in self.items
        )
        return self.model_copy(update={"items": items})


class PlayerState(_Frozen):
    """One player: name, fleet name, resources (e.g. RU cap and RU left) and plugin extras."""

    name: str
    fleet: str = ""
    resources: dict[str, int] = {}
    extra: dict[str, Any] = {}

    def with_resource(self, key: str, value: int) -> PlayerState:
        return self.model_copy(update={"resources": {**self.resources, key: value}})


class StepInfo(_Frozen):
    """One checklist item, copied from the ruleset when the game was created."""

    id: str
    text: str
    kind: Literal["manual", "auto"] = "manual"


class PhaseInfo(_Frozen):
    id: str
    name: str
    steps: tuple[StepInfo, ...] = ()


class GameState(_Frozen):
    """Everything about one game at one moment.

    `turn` is 0 during set-up; `next-step` starts turn 1. A turn is one pass through `sequence`
    (a player turn in spook/lukas, a round in pz8/cal). `phase`/`step` index the checklist;
    `ticked` holds the ids of manual steps ticked in the current phase.
    """

    format: int = STATE_FORMAT
    name: str
    ruleset: str
    settings: dict[str, Scalar] = {}
    sequence: tuple[PhaseInfo, ...] = ()
    players: tuple[PlayerState, ...] = ()
    ships: dict[str, ShipState] = {}
    turn: int = 0
    active: int = 0
    phase: int = 0
    step: int = 0
    ticked: tuple[str, ...] = ()
    finished: bool = False
    result: str = ""
    winner: str | None = None
    extra: dict[str, Any] = Field(default={}, description="Game-level plugin state: mines, torpedo counters...")

    # ---- reading -------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.turn > 0

    @property
    def active_player(self) -> PlayerState:
        return self.players[self.active]

    @property
    def current_phase(self) -> PhaseInfo | None:
        if not self.started or not 0 <= self.phase < len(self.sequence):
            return None
        return self.sequence[self.phase]

    @property
    def current_step(self) -> StepInfo | None:
        phase = self.current_phase
        if phase is None or not 0 <= self.step < len(phase.steps):
            return None
        return phase.steps[self.step]

    def ships_of(self, player: int) -> list[ShipState]:
        return [s for s in self.ships.values() if s.owner == player]

    def find_ship(self, ref: str) -> ShipState:
        """A ship by id, then name, then tag (case-insensitive); InvalidAction lists close choices."""
        ref = str(ref).strip()
        ship = self.ships.get(ref)
        if ship is not None:
            return ship
        folded = ref.casefold()
        for attr in ("name", "tag"):
            found = [s for s in self.ships.values() if getattr(s, attr).casefold() == folded]
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                ids = ", ".join(f"#{s.id}" for s in found)
                raise InvalidAction(f"{len(found)} ships have the {attr} {ref!r} ({ids}); use the id")
        raise InvalidAction(f"no ship {ref!r}; use an id (1 to {len(self.ships)}), a name or a tag")

    def find_player(self, ref: str) -> int:
        """A player index by name (case-insensitive) or by number (1-based); InvalidAction otherwise."""
        ref = str(ref).strip()
        folded = ref.casefold()
        for i, p in enumerate(self.players):
            if p.name.casefold() == folded:
                return i
        if ref.startswith("p") and ref[1:].isdecimal() and 1 <= int(ref[1:]) <= len(self.players):
            return int(ref[1:]) - 1
        names = ", ".join(p.name for p in self.players)
        raise InvalidAction(f"no player {ref!r}; players: {names}")

    # ---- transitions ---------------------------------------------------------------------------
    def with_ship(self, ship: ShipState) -> GameState:
        return self.model_copy(update={"ships": {**self.ships, ship.id: ship}})

    def with_player(self, index: int, player: PlayerState) -> GameState:
        players = self.players[:index] + (player,) + self.players[index + 1 :]
        return self.model_copy(update={"players": players})

    def with_extra(self, values: dict[str, Any]) -> GameState:
        return self.model_copy(update={"extra": {**self.extra, **values}})

    def update(self, **fields: Any) -> GameState:
        """A copy with top-level fields replaced (turn, active, phase, step, ticked...)."""
        return self.model_copy(update=fields)

    # ---- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def to_json_text(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> GameState:
        if isinstance(data, (str, bytes)):
            return cls.model_validate_json(data)
        return cls.model_validate(data)
