"""The battle report of a lukas game: a Beam fired from its own form (fire-beam, lukas §3.b Beam) counts in
expected-against-actual and in the dice luck like any attack (issue 15 item 7: a player dealt 56, 47 were
counted). The report reads the typed action's odds and dice; the log keeps each action with its events."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F
from typing import Any

from test_lukas_fixtures import engine, own_turn, rosters

from mstracker.dice import TypedFaces
from mstracker.game import Action, Event
from mstracker.game.report import battle_report


@dataclass(frozen=True)
class Step:
    """One logged action, as the store keeps it (the shape the report reads)."""

    action: Action
    events: tuple[Event, ...]
    undone: bool = False


class Log:
    """A lukas game played action by action, every action logged with its events."""

    def __init__(self) -> None:
        self.eng = engine()
        created = self.eng.created_event(self.eng.new_game("Test", rosters(), {}))
        self.steps = [Step(Action("new-game"), (created,))]
        self.s = self.eng.replay([created])
        self.act("roll-order", first="Ann")

    def act(self, kind: str, *faces: int, **args: Any) -> None:
        action = Action(kind, args)
        events = self.eng.decide(self.s, action, TypedFaces(faces))
        self.steps.append(Step(action, tuple(events)))
        self.s = self.eng.apply(self.s, events)

    def to_turn(self, turn: int) -> None:
        while not (self.s.turn == turn and self.s.current_phase is not None
                   and self.s.current_phase.id == "ship_action"):
            assert self.s.turn <= turn
            self.act("next-step", force=True)


def test_a_beam_fired_from_its_form_counts_in_expected_against_actual() -> None:
    game = Log()
    game.to_turn(own_turn(0, 1))
    game.act("announce-beam", ship="Anvil", target="Ram")
    game.to_turn(own_turn(0, 2))
    beam_odds = game.eng.action_odds(game.s, Action("fire-beam", {"ship": "Anvil"}))
    # Beam vs a Frigate needs 5 on the d12 (faces 5..12: 8/12); damage 2d6+1 averages 8; Ram's 27 armor caps
    # nothing: 8/12 * 8 = 16/3 expected
    assert beam_odds.expected_damage == F(16, 3)
    game.act("fire-beam", 9, 6, 5, ship="Anvil")  # hit; 6 + 5 + 1 = 12
    assert game.s.find_ship("Ram").record["armor"] == 27 - 12
    heavy = game.eng.action_odds(game.s, Action("fire", {"ship": "Anvil", "weapon": "w2", "target": "Ram",
                                                         "in_range": True}))
    game.act("fire", 12, 8, ship="Anvil", weapon="w2", target="Ram", in_range=True)  # Heavy Missiles 1d8+1: 9
    ann, bob = battle_report(game.eng, game.steps)["luck"]["damage"]
    assert (ann["attacks_made"], ann["actual_dealt"], bob["actual_taken"]) == (2, 12 + 9, 21)
    assert F(ann["expected_dealt_exact"]) == F(16, 3) + heavy.expected_damage
    assert bob["attacks_suffered"] == 2


def test_a_beam_s_dice_are_in_the_luck_record_as_declared() -> None:
    game = Log()
    game.to_turn(own_turn(0, 1))
    game.act("announce-beam", ship="Anvil", target="Ram")
    game.to_turn(own_turn(0, 2))
    game.act("fire-beam", 9, 6, 5, ship="Anvil")
    rolls = [r for r in battle_report(game.eng, game.steps)["luck"]["rolls"] if r["ship"] == "1"]
    # the d12 to hit, then the two d6 of its damage as one roll (lukas §3.a steps 4-5), Ann's
    assert [(r["dice"], r["faces"], r["player"]) for r in rolls] == [("1d12", [9], "Ann"), ("2d6", [6, 5], "Ann")]
    assert rolls[0]["purpose"] == "to hit Ram (#8): 5+ on the d12"
