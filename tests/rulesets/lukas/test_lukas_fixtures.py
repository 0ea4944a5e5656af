"""Shared helpers of the lukas game tests (imported by the other test_lukas_* files), and the set-up tests.

Turn numbers: the book's timelines count the owner's turns. With two players Ann (0) and Bob (1)
alternating, Ann's k-th turn is game turn 2k-1 and Bob's k-th is 2k (`own_turn`).
"""

from __future__ import annotations

from typing import Any

import pytest

from mstracker.dice import TypedFaces
from mstracker.fleet import Roster, ShipEntry
from mstracker.game.errors import IllegalRoster
from mstracker.game import Action, Engine, Event, FieldKind, GameState, InvalidAction, engine_for
from mstracker.rulesets.lukas.plugin import Plugin
from mstracker.store.catalog import book_ruleset

RULES = book_ruleset("lukas")


def ship(name: str, tag: str, cls: str, armor: int, speed: int, weapons: tuple[str, ...] = (),
         abilities: tuple[str, ...] = (), hangar: tuple[int, int] | None = None) -> ShipEntry:
    return ShipEntry(name=name, tag=tag, armor=armor, speed=speed, weapons=weapons, abilities=abilities,
                     hangar=hangar, **{"class": cls})


ANN = (
    ship("Anvil", "A-C1", "Capital Ship", 45, 10, ("Beam", "Heavy Missiles", "Heavy Missiles"), ("Hangar Bay",), (4, 2)),
    ship("Bull", "A-F1", "Frigate", 25, 14, ("Light Missiles", "Heavy Turret")),
    ship("Shield", "A-F2", "Frigate", 24, 12, ("Heavy Missiles",), ("Field Defense", "Boosters")),
    ship("Hornet", "A-S1", "Strike Craft", 8, 22, ("Bombs",)),
    ship("Sneak", "A-F3", "Frigate", 22, 12, ("Light Missiles",), ("Infiltration",)),
    ship("Radar", "A-F4", "Frigate", 24, 12, ("Heavy Missiles",), ("Communication Radar",)),
)
BOB = (
    ship("Titan", "B-C1", "Capital Ship", 45, 10, ("Heavy Turret", "Light Missiles", "Defense Turret", "Defense Turret"),
         ("Communication Radar",)),
    ship("Ram", "B-F1", "Frigate", 27, 12, ("Melee", "Heavy Turret")),
    ship("Wasp", "B-S1", "Strike Craft", 9, 20, ("Autogun",)),
    ship("Mole", "B-F2", "Frigate", 22, 12, ("Light Missiles",), ("Infiltration",)),
    ship("Courier", "B-S2", "Strike Craft", 8, 20, ("Light Missiles",), ("Cargo Transport", "Boosters")),
    ship("Guard", "B-F3", "Frigate", 25, 12, ("Heavy Turret",), ("Infiltration",)),
)
# ids: Anvil 1, Bull 2, Shield 3, Hornet 4, Sneak 5, Radar 6, Titan 7, Ram 8, Wasp 9, Mole 10, Courier 11, Guard 12


def rosters(ann: tuple[ShipEntry, ...] = ANN, bob: tuple[ShipEntry, ...] = BOB) -> list[Roster]:
    return [
        Roster(ruleset="lukas", name="Ann's fleet", player="Ann", ships=ann),
        Roster(ruleset="lukas", name="Bob's fleet", player="Bob", ships=bob),
    ]


def engine() -> Engine:
    return engine_for(RULES)


def new(eng: Engine, settings: dict[str, Any] | None = None, fleets: list[Roster] | None = None,
        *, first: str | None = "Ann", allow_illegal: bool = False) -> GameState:
    """A game in set-up; the table has already named `first` as the first player (None: order undecided)."""
    s = eng.replay([eng.created_event(eng.new_game("Test", fleets or rosters(), settings or {}, allow_illegal))])
    if first is not None:
        s = act(eng, s, "roll-order", first=first)
    return s


def decide(eng: Engine, s: GameState, kind: str, faces: tuple[int, ...] = (), **args: Any) -> list[Event]:
    return eng.decide(s, Action(kind, args), TypedFaces(faces))


def act(eng: Engine, s: GameState, kind: str, faces: tuple[int, ...] = (), **args: Any) -> GameState:
    return eng.apply(s, decide(eng, s, kind, faces, **args))


def refused(eng: Engine, s: GameState, kind: str, faces: tuple[int, ...] = (), **args: Any) -> str:
    before = s.to_json()
    with pytest.raises(InvalidAction) as info:
        decide(eng, s, kind, faces, **args)
    assert s.to_json() == before
    return str(info.value)


def own_turn(player: int, k: int) -> int:
    """The game turn of a player's k-th own turn (two players alternating, Ann first)."""
    return 2 * (k - 1) + 1 + player


def to_turn(eng: Engine, s: GameState, turn: int, phase: str = "ship_action") -> GameState:
    """next-step (force) until game turn `turn` reaches `phase`; every automatic step on the way runs."""
    for _ in range(500):
        if s.turn == turn and s.current_phase is not None and s.current_phase.id == phase:
            return s
        assert s.turn <= turn, f"went past turn {turn}"
        s = act(eng, s, "next-step", force=True)
    raise AssertionError("never got there")


def rec(s: GameState, ship_id: str) -> dict[str, Any]:
    return s.ships[ship_id].record


def item(s: GameState, ship_id: str, item_id: str) -> dict[str, Any]:
    return next(it.record for it in s.ships[ship_id].items if it.id == item_id)


# ---- set-up tests ----------------------------------------------------------------------------


def test_the_lukas_plugin_is_used_and_declares_the_record() -> None:
    eng = engine()
    assert isinstance(eng.plugin, Plugin)
    spec = eng.spec
    keys = [f.key for f in spec.fields]
    assert keys == ["armor", "speed", "mode", "fd_active", "docked", "docked_in", "infiltrated_by", "immobile",
                    "engines_out", "bridge_out", "captured", "destroyed"]
    glyphs = {f.key: f.glyph for f in spec.fields if f.glyph}
    assert glyphs["destroyed"] == "✗" and glyphs["captured"] == "⚑" and glyphs["immobile"] == "⏸"
    assert (glyphs["engines_out"], glyphs["bridge_out"], glyphs["fd_active"]) == ("⚠E", "⚠B", "◉")
    assert [f.key for f in spec.item_fields] == ["fired", "disabled", "beam", "aim", "announced", "marker", "bay_sc",
                                                 "bay_frig", "target", "flags", "cargo"]
    kills = spec.player_field("kills")
    assert (kills.label, kills.kind, kills.minimum, kills.maximum) == ("Kills", FieldKind.COUNTER, 0, None)
    assert spec.field("armor").kind is FieldKind.BAR and spec.item_field("marker").kind is FieldKind.TIMER
    assert all(len(f.label) <= 14 for f in (*spec.fields, *spec.item_fields, *spec.player_fields))
    assert all(f.help or f.key == "destroyed" for f in spec.fields)


def test_ships_start_from_the_rosters_with_the_books_names() -> None:
    eng = engine()
    fleet = rosters(ann=(ship("Rakanda Destroyer", "R", "CapS", 45, 10, ("Ion Beam", "Heavy Missile Tubes", "Heavy Missile Tubes"),
                              ("Hangar",), (4, 2)),
                         ship("Unfinished", "U", "Frigate", 0, 12)))
    assert "Unfinished (Frigate): armor must be 1 or more" in str(pytest.raises(IllegalRoster, new, eng, fleets=fleet).value)
    s = new(eng, fleets=fleet, allow_illegal=True)  # an unfinished design, played as a non-standard game
    assert s.extra["non_standard"] == [{"player": 0, "fleet": "Ann's fleet", "findings": [
        "Unfinished (Frigate): armor must be 1 or more; a ship at 0 armor is destroyed."]}]
    destroyer = s.ships["1"]
    assert destroyer.ship_class == "Capital Ship"
    assert [(it.id, it.name) for it in destroyer.items] == [("w1", "Beam"), ("w2", "Heavy Missiles"),
                                                            ("w3", "Heavy Missiles"), ("a1", "Hangar Bay")]
    r = destroyer.record
    assert (r["armor"], r["armor_max"], r["speed"], r["speed_max"]) == (45, 45, 10, 10)
    assert destroyer.items[3].record == {"bay_sc": 0, "bay_sc_max": 4, "bay_frig": 0, "bay_frig_max": 2}
    assert destroyer.items[0].record == {"fired": False, "disabled": False, "beam": "", "aim": ""}
    shield = new(eng).ships["3"]
    assert [(it.id, it.name, it.record) for it in shield.items[1:]] == [
        ("a1", "Field Defense", {"announced": False}), ("a2", "Boosters", {"marker": 0})]
    assert rec(s, "2")["armor"] == 25  # no armor on the roster: the class average (§5.c) stands in
    assert [p.resources for p in s.players] == [{"kills": 0}, {"kills": 0}]
    assert s.settings["objective"] == "last_man_standing"
    assert {k: v for k, v in s.extra.items() if k != "non_standard"} == {"fd_since": {}, "home": {}, "order": [0, 1]}
    s = act(eng, s, "add-ship", player="Bob", ship_class="SC", name="Reinforcement")
    late = s.ships[str(len(s.ships))]
    assert (late.owner, late.ship_class, late.record["armor"], late.record["speed"]) == (1, "Strike Craft", 9, 20)


def test_before_the_game_is_walked_once_and_players_alternate() -> None:
    eng = engine()
    s = act(eng, new(eng), "next-step")
    assert (s.turn, s.active, s.current_phase.id) == (1, 0, "setup")
    s = to_turn(eng, s, 2, "ship_upkeep")
    assert (s.turn, s.active, s.current_step.id) == (2, 1, "release_docked")
    s = to_turn(eng, s, 3, "ship_upkeep")
    assert (s.turn, s.active) == (3, 0)
    phases = []
    while s.turn == 3:
        phases.append(s.current_phase.id)
        s = act(eng, s, "next-step", force=True)
    assert "setup" not in phases and phases[-1] == "end_of_turn"
