"""One open game for the battle screen: the store, the game handle and the live log, in memory.

No Textual here: the screen owns a session, calls it on the main thread (the store's SQLite
connection is single-threaded) and redraws from what it returns. The session keeps the live
actions with their events, so the log pane and the checklist's "what the automatic steps did"
never have to read the database again after the game is opened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...dice import FaceSource
from ...game import Action, Engine, Event, GameState, RecordSpec, StepInfo
from ...game.planner import Distances
from ...game.plugin import TurnStructure
from ...rules.contract import ItemReadiness
from ...store.games import GameStore, LogEntry

if TYPE_CHECKING:
    from ...paths import AppDirs
    from ...store.games import GameHandle

#: Events that end what an automatic step produced (the next step, or a new turn).
_BOUNDARIES = frozenset({"step-entered", "turn-started"})


@dataclass(frozen=True)
class Change:
    """What one perform / undo / redo did: the events, and whether it was an undo."""

    events: tuple[Event, ...]
    undone: bool = False
    redone: bool = False


class BattleSession:
    """An open game. `BattleSession.open(dirs, game_id)` raises GameLocked / StoreError."""

    def __init__(self, store: GameStore, handle: GameHandle) -> None:
        self.store = store
        self.handle = handle
        self.live: list[LogEntry] = [row for row in handle.log() if not row.undone]
        self._measured: tuple[tuple[int, int], Distances] | None = None

    @classmethod
    def open(cls, dirs: AppDirs, game_id: int) -> BattleSession:
        store = GameStore.default(dirs)
        try:
            handle = store.open_game(game_id)
        except BaseException:
            store.close()
            raise
        return cls(store, handle)

    # ---- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.handle.state

    @property
    def engine(self) -> Engine:
        return self.handle.engine

    @property
    def spec(self) -> RecordSpec:
        return self.handle.engine.spec

    @property
    def game_id(self) -> int:
        return self.handle.id

    @property
    def can_undo(self) -> bool:
        return self.handle.can_undo

    @property
    def can_redo(self) -> bool:
        return self.handle.can_redo

    def full_log(self) -> list[LogEntry]:
        """Every action ever taken, undone ones included (for the log pane on opening)."""
        return self.handle.log()

    def auto_results(self) -> dict[str, tuple[Event, ...]]:
        """Automatic step id -> the events it produced, for the current phase of the current turn."""
        state = self.state
        results: dict[str, tuple[Event, ...]] = {}
        for row in reversed(self.live):
            events = row.events
            start = 0
            for i, event in enumerate(events):
                if event.kind == "turn-started":
                    start = i + 1
            for i in range(start, len(events)):
                event = events[i]
                if event.kind != "step-entered" or event.data.get("phase") != state.phase:
                    continue
                step_id = event.data.get("step_id")
                if step_id is None or step_id in results:
                    continue
                products = []
                for later in events[i + 1 :]:
                    if later.kind in _BOUNDARIES or later.kind == "phase-left":
                        break
                    products.append(later)
                results[step_id] = tuple(products)
            if start:
                break
        return results

    def is_auto(self, step: StepInfo) -> bool:
        return self.engine.is_auto(step)

    # ---- distances measured on the table, for the fire planner ------------------------------------
    @property
    def measured(self) -> Distances:
        """The distances typed this turn (none once the turn has ended)."""
        if self._measured is None or self._measured[0] != self._measure_turn():
            return Distances()
        return self._measured[1]

    def measure(self, distances: Distances) -> None:
        """Keep these distances until the turn ends."""
        self._measured = (self._measure_turn(), distances)

    def _measure_turn(self) -> tuple[int, int]:
        """How long measured distances hold: while the same player acts in the same turn; in a round played
        phase by player, the whole round (the acting player changes step by step in Gunnery while the ships
        stay where they were measured; they move only in the Movement phase, after it)."""
        if self.engine.plugin.turns() is TurnStructure.PHASE_BY_PLAYER:
            return self.state.turn, -1
        return self.state.turn, self.state.active

    # ---- changing ------------------------------------------------------------------------------
    def perform(self, action: Action, faces: FaceSource | None = None) -> Change:
        """Decide, commit and apply; InvalidAction (and other GameErrors) change nothing."""
        events = self.handle.perform(action, faces)
        self.live.append(LogEntry(0, action, tuple(events), False, False, ""))
        return Change(tuple(events))

    def undo(self) -> Change:
        row = self.handle.undo()
        if self.live:
            self.live.pop()
        return Change(row.events, undone=True)

    def redo(self) -> Change:
        row = self.handle.redo()
        self.live.append(row)
        return Change(row.events, redone=True)

    def close(self) -> None:
        try:
            self.handle.close()
        finally:
            self.store.close()


def unique_name(store: GameStore, wanted: str) -> str:
    """`wanted`, or `wanted 2`, `wanted 3`... when a game of that name exists."""
    taken = {g.name.casefold() for g in store.list_games()}
    if wanted.casefold() not in taken:
        return wanted
    n = 2
    while f"{wanted} {n}".casefold() in taken:
        n += 1
    return f"{wanted} {n}"


def all_readiness(engine: Engine, state: GameState) -> dict[str, tuple[ItemReadiness, ...]]:
    """Every ship's items as the ruleset's contract reads them now (the ship cards' marks)."""
    plugin = engine.plugin
    return {ship_id: tuple(plugin.readiness(state, ship)) for ship_id, ship in state.ships.items()}


def changed_cards(old: GameState, new: GameState, before: Mapping[str, Sequence[ItemReadiness]],
                  after: Mapping[str, Sequence[ItemReadiness]]) -> set[str]:
    """Ships whose card must be redrawn: their record changed or their items' readiness did."""
    return set(changed_ships(old, new)) | {s for s, r in after.items() if r != before.get(s)}


def changed_ships(old: GameState, new: GameState) -> Sequence[str]:
    """Ids of ships that differ (added, changed or removed), cheaply: unchanged ships are shared."""
    out = []
    for ship_id, ship in new.ships.items():
        before = old.ships.get(ship_id)
        if before is not ship and before != ship:
            out.append(ship_id)
    out.extend(ship_id for ship_id in old.ships if ship_id not in new.ships)
    return out
