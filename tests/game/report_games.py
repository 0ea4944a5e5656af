"""Real games for the report tests (no tests here): a ruleset's engine, its sample fleets, typed faces,
and a log kept as the store keeps it (each action with its events), so the report sees who acted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mstracker.dice import TypedFaces
from mstracker.game import Action, Engine, Event, GameState, engine_for
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets
from played_game import FaceQueue


@dataclass(frozen=True)
class Step:
    """One logged action (the shape of store.gamehandle.LogEntry that the report reads)."""

    action: Action
    events: tuple[Event, ...]
    undone: bool = False


class Table:
    """One game of `ruleset` between two of its sample fleets, driven action by action."""

    def __init__(self, ruleset: str, fleets: tuple[str, str], engine: Engine | None = None, **settings: Any) -> None:
        self.eng = engine or engine_for(book_ruleset(ruleset))
        samples = {p.name: p for p in sample_fleets(ruleset)}
        rosters = [load_roster(samples[name]) for name in fleets]
        created = self.eng.created_event(self.eng.new_game("Report test", rosters, settings))
        self.log: list[Step] = [Step(Action("new-game"), (created,))]
        self.s: GameState = self.eng.replay([created])

    def _do(self, action: Action, faces: Any) -> list[Event]:
        events = self.eng.decide(self.s, action, faces)
        self.log.append(Step(action, tuple(events)))
        self.s = self.eng.apply(self.s, events)
        return events

    def act(self, kind: str, *faces: int, **args: Any) -> list[Event]:
        return self._do(Action(kind, args), TypedFaces(faces))

    def next_step(self, queue: FaceQueue | None = None) -> list[Event]:
        """next-step, first settling what blocks it: who goes first is rolled (player 1 wins, 6 to 1),
        anything else the rules require is set aside as a logged table decision."""
        for obligation in self.eng.obligations(self.s):
            if obligation.refuses("next-step", None, None):
                if obligation.resolve in ("roll-off", "roll-order"):
                    self.act(obligation.resolve, 6, 1)
                else:
                    self.act("override", obligation=obligation.id, reason="not what this report test is about")
        return self._do(Action("next-step", {"force": True}), queue or TypedFaces([]))

    def to(self, phase: str | None = None, step: str | None = None, *, turn: int | None = None,
           faces: Sequence[int] = ()) -> None:
        """next-step until the game is at `phase`, `step` and `turn` (those given); faces feed the
        automatic steps on the way."""
        queue = FaceQueue(faces)
        for _ in range(500):
            here, at = self.s.current_phase, self.s.current_step
            if ((phase is None or (here is not None and here.id == phase))
                    and (step is None or (at is not None and at.id == step))
                    and (turn is None or self.s.turn == turn)):
                assert not queue.faces, f"faces left over: {queue.faces}"
                return
            self.next_step(queue)
        raise AssertionError(f"never reached {phase}/{step}")

    def end_turn(self, faces: Sequence[int] = ()) -> None:
        queue = FaceQueue(faces)
        turn = self.s.turn
        while self.s.turn == turn and not self.s.finished:
            self.next_step(queue)
        assert not queue.faces, f"faces left over: {queue.faces}"

    def events(self) -> list[Event]:
        return [e for step in self.log for e in step.events]


# ---- the games the report tests read ----------------------------------------------------------------


def spook_build_and_retire() -> Table:
    """Blue orders Blue Jays to retire, hits Red Lance, builds Blue Wasps; Red hits Blue Wasps; at the
    start of Blue's next turn Blue Jays retires for 12 RU."""
    t = Table("spook", ("scrimmage-blue.toml", "scrimmage-red.toml"))
    t.next_step()
    t.to(step="repair")
    assert (t.s.turn, t.s.active) == (1, 0)
    t.act("retire", ship="Blue Jays", host="Blue Haven")
    t.to(step="fire")
    t.act("fire", 3, 7, ship="Blue Fang", weapon="w1", target="Red Lance", in_range=True)  # 30 x d6 = 90; d12 7: half, 45
    t.to(step="build")
    t.act("build", builder="Blue Haven", ship_class="Fighter", name="Blue Wasps", weapons="Mass Driver")
    t.end_turn()
    t.to(step="fire")
    t.act("fire", ship="Red Wasps", weapon="w1", target="Blue Wasps", in_range=True)  # accuracy 9, agility 9: no roll, 10
    t.end_turn()
    t.to(step="fire")  # Blue's turn 3: the retirement is done at its start
    return t


def lukas_capture() -> Table:
    """Raging Bull hits Rakanda Ram; Rakanda's infiltrator boards Kassarian Picket and captures it at the
    start of Rakanda's next turn; the Picket then fires for Rakanda."""
    t = Table("lukas", ("frigate_warfare_kassarian.toml", "frigate_warfare_rakanda.toml"))
    t.to("ship_action", turn=1)
    t.act("fire", 12, 12, ship="Raging Bull", weapon="w2", target="Rakanda Ram", in_range=True)  # hit; 1d12 12 - 1 = 11
    t.to("ship_action", turn=2)
    t.act("infiltrate", ship="Rakanda Infiltrator", target="Kassarian Picket", distance="3")
    t.to("ship_action", turn=4)
    t.act("fire", 9, 4, ship="Kassarian Picket", weapon="w1", target="Raging Bull", distance="5")  # hit; 1d8 4
    t.to("ship_action", turn=5)
    return t


def cal_jump_and_battery_damaged() -> Table:
    """Lance and Pike hit Gadfly for 4 each; the Damage phase rolls Minor 4 + 6 = 10, Battery Damaged,
    1d6 2: the Beam. Wasp powers up its FTL and jumps out once the counter is ready (round 4)."""
    t = Table("cal", ("cruiser-squadron.toml", "strike-group.toml"), phase_play="once")  # both sides in one pass
    t.to("gunnery", "weapons")
    t.act("fire", 6, ship="Lance", weapon="beam", target="Gadfly", distance=2)
    t.act("fire", 6, ship="Pike", weapon="beam", target="Gadfly", distance=2)
    t.to("damage", "command_control", faces=(4, 6, 2))
    t.to("movement", "ftl")
    t.act("ftl-power-up", ship="Wasp")
    t.to("movement", "ftl", turn=4)
    t.act("jump", ship="Wasp")
    t.end_turn()
    return t


def spook_friendly_fire_and_mines() -> Table:
    """Blue Sower lays 2 mines; Blue Claw's Cluster Torpedo at Red Whisper rolls d6 3 (75) and d12 12: a miss
    and friendly fire, which Blue settles onto its own Blue Shield (200 -> 125). On Red's turn Red Hammer
    moves through both of Blue's mines: d8 8 (200) and 4 (100), armor 400 -> 100."""
    t = Table("spook", ("scrimmage-blue.toml", "scrimmage-red.toml"))
    t.next_step()
    t.to(step="mines")
    assert (t.s.turn, t.s.active) == (1, 0)
    t.act("lay-mines", ship="Blue Sower", count=2)
    t.to(step="fire")
    t.act("fire", 3, 12, ship="Blue Claw", weapon="w1", target="Red Whisper", in_range=True)  # accuracy 5 against agility 7
    t.act("friendly-fire", ally="Blue Shield")
    t.end_turn()
    t.to(step="mine_rolls")
    t.act("cross-mines", 8, 4, ship="Red Hammer", count=2)
    t.to(step="fire")
    return t


def cal_hostile_ram() -> Table:
    """Red's Lance (SS 35) names Green's Gadfly (SS 20) in a ram: each deals its SS to the other; Lance
    35 -> 15, Gadfly 20 -> 0, both roll the Major Damage Table 3 + 4 = 7, Engines Damaged."""
    t = Table("cal", ("cruiser-squadron.toml", "strike-group.toml"), phase_play="once")  # both sides in one pass
    t.to("movement", "move")
    t.act("ram", 3, 4, 3, 4, ship="Lance", other="Gadfly")
    return t
