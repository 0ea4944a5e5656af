"""Helpers for the pz8 game tests (imported by the other test_pz8_* modules), and the record spec.

`Play` drives a pz8 Engine with actions and typed faces, keeps the log, and checks after every
action that replaying the log gives exactly the live state.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from mstracker.fleet import Roster, ShipEntry
from mstracker.game import Engine, Event, FieldKind, engine_for
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster
from played_game import PlayedGame

FLEETS = Path(__file__).resolve().parents[3] / "data" / "fleets" / "pz8"


@functools.cache
def engine() -> Engine:
    return engine_for(book_ruleset("pz8"))


def squadron(name: str, player: str, ships: int, tag: str) -> Roster:
    return Roster(
        ruleset="pz8",
        name=name,
        player=player,
        preset="count",
        ships=tuple(
            ShipEntry(name=f"{name} {i}", tag=f"{tag}{i}", weapons=("Forward Gun", "Torpedoes"), **{"class": "Spaceship"})
            for i in range(1, ships + 1)
        ),
    )


def sample(name: str) -> Roster:
    return load_roster(FLEETS / f"{name}.toml")


class Play(PlayedGame):
    """A pz8 game in memory: `act` performs an action (typed faces) and checks replay == live."""

    def __init__(self, rosters: list[Roster], **settings: Any) -> None:
        # The book holds each activation to its move (pz8 §3, the default): these tests are about other
        # things, so they play the house rule where the table keeps the moves, unless they say otherwise.
        settings.setdefault("require_move", "false")
        super().__init__(engine(), rosters, settings)

    @classmethod
    def sides(cls, a: int = 6, b: int = 3, **settings: Any) -> Play:
        """Side A (player 'A', ships 1..a, tags A1..) against side B (ships a+1.., tags B1..)."""
        return cls([squadron("Alpha", "A", a, "A"), squadron("Bravo", "B", b, "B")], **settings)

    def rec(self, ref: str, key: str) -> Any:
        return self.ship(ref).record[key]

    def act(self, kind: str, *faces: int, **args: Any) -> list[Event]:
        events = super().act(kind, *faces, **args)
        flat = [e for batch in self.log for e in batch]
        assert self.eng.replay([Event.from_json(e.to_json()) for e in flat]) == self.state
        return events

    def start(self, *faces: int) -> Play:
        """Turn 1 begun and the initiative rolled with `faces` (default: A 5, B 2)."""
        self.act("next-step")
        self.act("roll-initiative", *(faces or (5, 2)))
        return self

    def activation(self, ship: str, *steps: tuple[Any, ...]) -> None:
        """activate SHIP, then (kind, faces, args) steps, then end-activation."""
        self.act("activate", ship=ship)
        for kind, faces, args in steps:
            self.act(kind, *faces, **args)
        self.act("end-activation")

    def undo_check(self) -> None:
        """Undo = replay of the log without its last n actions: each gives the state before."""
        for n in range(1, len(self.log)):
            prefix = [e for batch in self.log[: len(self.log) - n] for e in batch]
            assert self.eng.replay(prefix) == self.states[len(self.log) - 1 - n]

    def kinds(self) -> set[str]:
        return {e.kind for batch in self.log for e in batch}


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def test_record_spec_declares_every_tracked_value() -> None:
    spec = engine().spec
    fields = {f.key: f for f in spec.fields}
    assert list(fields) == ["mps", "damaged", "torpedo", "activated", "active", "fired", "fire_backs", "destroyed"]
    assert fields["mps"].kind is FieldKind.COUNTER and fields["mps"].maximum == 6
    assert fields["torpedo"].maximum == 1
    glyphs = {k: f.glyph for k, f in fields.items() if f.glyph}
    assert glyphs == {"damaged": "⚠", "activated": "✓", "active": "▶", "destroyed": "✗"}
    assert all(f.label and len(f.label) <= 10 and f.help for f in spec.fields)
    assert spec.item_fields == () and spec.player_fields == () and spec.loss_flags == ("destroyed",)


def test_set_up_from_sample_fleets_and_settings() -> None:
    play = Play([sample("razor-squadron"), sample("anchor-flight")], asteroids="2", drift="NE")
    s = play.state
    assert [p.name for p in s.players] == ["Red", "Blue"] and len(s.ships) == 9
    assert all(p.resources == {} for p in s.players)
    ship = s.ships["7"]
    assert (ship.name, ship.tag, ship.owner, ship.ship_class) == ("Wall Anchor", "A1", 1, "Spaceship")
    assert ship.record == {"mps": 6, "damaged": False, "torpedo": 1, "activated": False, "active": False,
                           "fired": False, "fire_backs": 0, "destroyed": False}
    assert [(i.id, i.name, i.record) for i in ship.items] == [("w1", "Forward Gun", {}), ("w2", "Torpedoes", {})]
    assert s.extra["asteroids"] == [{"id": "a1", "where": ""}, {"id": "a2", "where": ""}]
    assert s.extra["drift"] == "NE" and s.extra["torpedoes"] == []
    assert s.settings["asteroids"] == 2 and s.settings["fireback_chain"] is False
    steps = {p.id: [(st.id, st.kind) for st in p.steps] for p in s.sequence}
    assert steps["initiative"] == [("roll", "auto"), ("quota", "auto")]
    assert steps["end-torpedoes"] == [("move-torpedoes", "manual")] and steps["end"] == [("clear", "auto"),
                                                                                        ("victory", "auto")]
    # "torpedoes" and "asteroids" are the automatic end-of-turn steps of games saved before (their checklist)
    assert engine().plugin.auto_step_ids() == {"roll", "quota", "activated", "torpedoes", "asteroids", "clear", "victory"}


def test_every_pz8_action_has_help_and_the_fire_convention() -> None:
    specs = {s.kind: s for s in engine().action_specs() if not s.generic}
    assert set(specs) == {
        "roll-initiative", "activate", "move", "end-activation", "fire", "fire-back", "shoot-torpedo",
        "launch-torpedo", "torpedo-attack", "add-asteroid", "remove-asteroid", "asteroid-collision",
        "set-drift", "remove-torpedo",
    }
    assert all(s.help for s in specs.values())
    fire = specs["fire"]
    assert [a.name for a in fire.args] == ["ship", "target", "distance", "fire_back", "at_torpedo"]
    assert [a.type.value for a in fire.args] == ["ship", "ship", "int", "bool", "bool"]
    assert fire.rolls and "Dice, in order: 1D6 to hit" in fire.help
    assert [a.required for a in fire.args] == [True, True, False, False, False]
