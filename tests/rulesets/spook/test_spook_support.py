"""Helpers for the spook game tests (no tests here): small rosters, and `Play`, which drives an
Engine with typed faces, keeps the log, and checks refusals change nothing and undo is exact.
"""

from __future__ import annotations

from typing import Any

from mstracker.fleet import Roster, ShipEntry
from mstracker.game import Engine, Event, plugin_for
from mstracker.paths import shipped_data_dir
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster
from played_game import PlayedGame

RULESET = book_ruleset("spook")
SAMPLES = shipped_data_dir() / "fleets" / "spook"


def engine() -> Engine:
    return Engine(plugin_for(RULESET))


def ship(name: str, cls: str, weapons: tuple[str, ...] = (), devices: tuple[str, ...] = (), **more: Any) -> ShipEntry:
    return ShipEntry(name=name, weapons=weapons, devices=devices, **{"class": cls}, **more)


def roster(player: str, *ships: ShipEntry, cap: int = 2000) -> Roster:
    return Roster(ruleset="spook", name=f"{player} fleet", player=player, cap=cap, ships=ships)


def samples(kind: str = "scrimmage") -> list[Roster]:
    return [load_roster(SAMPLES / f"{kind}-blue.toml"), load_roster(SAMPLES / f"{kind}-red.toml")]


class Play(PlayedGame):
    """One game driven action by action; `log[i]` are the events of action i, `states[i]` the state after."""

    def __init__(self, rosters: list[Roster], **settings: Any) -> None:
        super().__init__(engine(), rosters, settings)

    #: The live state (these tests call it `s`).
    s = PlayedGame.state

    def start(self, upkeep: bool = True) -> None:
        """Turn 1 begins (after a roll-off Blue wins, 6 to 1, when none was made); with `upkeep`, next-step
        through its start-of-turn bookkeeping too."""
        if any(o.id == "first-player" for o in self.eng.obligations(self.s)):
            self.act("roll-off", 6, 1)
        self.act("next-step")
        if upkeep:
            self.to_step("repair")

    def end_turn(self, upkeep: bool = True) -> None:
        """next-step (forced past unticked items) until the next turn has begun (or the game ended),
        then through its start-of-turn bookkeeping (upkeep, retire, repair) unless `upkeep` is False."""
        turn = self.s.turn
        while self.s.turn == turn and not self.s.finished:
            self.act("next-step", force=True)
        if upkeep and not self.s.finished:
            self.to_step("repair")

    def to_step(self, step_id: str) -> list[Event]:
        """next-step until the current step is `step_id`; the events of the last move."""
        events: list[Event] = []
        while self.s.current_step is None or self.s.current_step.id != step_id:
            events = self.act("next-step", force=True)
        return events

    def rec(self, ref: str, key: str | None = None) -> Any:
        ship = self.ship(ref)
        if key is None:
            return ship.record
        item, _, field = key.rpartition(".")
        return ship.item(item).record[field] if item else ship.record[key]

    def ru(self, player: int) -> int:
        return self.s.players[player].resources["ru"]

    def texts(self, n: int = 1) -> str:
        return "\n".join(e.text for events in self.log[-n:] for e in events)

    def check_replay_and_undo(self) -> None:
        """Replaying the log gives the live state; dropping the last n actions gives the state before them."""
        flat = [e for events in self.log for e in events]
        assert self.eng.replay(flat) == self.s
        assert self.eng.replay([Event.from_json(e.to_json()) for e in flat]).to_json() == self.s.to_json()
        for n in range(1, len(self.log)):
            prefix = [e for events in self.log[:n] for e in events]
            assert self.eng.replay(prefix).to_json() == self.states[n - 1].to_json(), f"undo of action {n}"
