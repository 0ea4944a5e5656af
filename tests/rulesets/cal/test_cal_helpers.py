"""Helpers for the cal game tests: a game driven through the Engine with typed faces, and checks."""

from __future__ import annotations

from typing import Any

from mstracker.fleet import Roster, ShipEntry
from mstracker.game import Action, Engine, Event, plugin_for
from mstracker.rulesets.cal.model import Ruleset
from mstracker.store.catalog import book_ruleset
from played_game import FaceQueue, PlayedGame

RULESET = book_ruleset("cal")


def engine() -> Engine:
    return Engine(plugin_for(RULESET))


def with_setting(ruleset: Ruleset, key: str, value: Any) -> Ruleset:
    """`ruleset` with the value of setting `key` changed to `value`."""
    settings = dict(ruleset.settings)
    settings[key] = settings[key].model_copy(update={"value": value})
    return ruleset.model_copy(update={"settings": settings})


def roster(name: str, player: str, *ships: tuple[str, str, str], designs: dict[str, Any] | None = None) -> Roster:
    """A roster from (name, tag, class) triples."""
    entries = tuple(ShipEntry(name=n, tag=t, **{"class": c}) for n, t, c in ships)
    return Roster(ruleset="cal", name=name, player=player, ships=entries, designs=designs or {})


class Game(PlayedGame):
    """One cal game in a test: the engine, the live state, and the log (one list of events per action)."""

    def __init__(self, *rosters: Roster, **settings: Any) -> None:
        # The rules tests play each phase once for both sides; who acts when is test_cal_turn_order's.
        settings.setdefault("phase_play", "once")
        super().__init__(engine(), rosters, settings)

    def rec(self, ref: str) -> dict[str, Any]:
        return self.ship(ref).record

    def item(self, ship: str, item: str) -> dict[str, Any]:
        return self.ship(ship).item(item).record

    def text(self, kind: str, *faces: int, **args: Any) -> str:
        return " | ".join(e.text for e in self.act(kind, *faces, **args))

    def skip_controls(self) -> None:
        """Set aside the Damage Control rolls due (a logged table decision), for walks that test other things."""
        for obligation in self.eng.obligations(self.state):
            if obligation.id.startswith("damage-control:"):
                self.act("override", obligation=obligation.id, reason="not under test")

    def to(self, phase: str, step: str | None = None, faces: tuple[int, ...] = ()) -> list[Event]:
        """next-step (force) until the game is at `phase` (its first step, or `step`); the faces go to
        whatever automatic steps need dice on the way, in order; Damage Control due on the way is set
        aside. Returns the events on the way."""
        queue = FaceQueue(faces)
        out: list[Event] = []
        for _ in range(60):
            here = self.state.current_phase
            if here is not None and here.id == phase and (step is None or self.state.current_step.id == step):
                assert not queue.faces, f"faces left over: {queue.faces}"
                return out
            self.skip_controls()
            out += self.do(Action("next-step", {"force": True}), queue)
        raise AssertionError(f"never reached {phase}/{step}")

    def next_round(self, faces: tuple[int, ...] = ()) -> list[Event]:
        """Through to the first step of the next round (its Interphase, from round 2)."""
        target = self.state.turn + 1
        queue = FaceQueue(faces)
        out: list[Event] = []
        while self.state.turn < target:
            self.skip_controls()
            out += self.do(Action("next-step", {"force": True}), queue)
        assert not queue.faces, f"faces left over: {queue.faces}"
        return out

    def events(self) -> list[Event]:
        return [e for events in self.log for e in events]

    def check_replay(self) -> None:
        """Replaying the log (also through JSON) gives exactly the live state; every prefix too."""
        flat = self.events()
        assert self.eng.replay(flat) == self.state
        assert self.eng.replay([Event.from_json(e.to_json()) for e in flat]).to_json() == self.state.to_json()
        for n in range(1, len(self.log)):
            prefix = [e for events in self.log[:n] for e in events]
            assert self.eng.replay(prefix).to_json() == self.states[n - 1].to_json()


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
