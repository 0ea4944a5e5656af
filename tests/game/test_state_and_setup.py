"""Game state values, JSON round trips, lookups, settings, and the default plugin on every shipped ruleset."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from minirules import RULESET, engine, roster, rosters

import mstracker.game
from mstracker.dice import RngFaces, TypedFaces
from mstracker.game import Action, GameError, GameState, InvalidAction, InvalidSetting, plugin_for, resolve_settings

GAME_DIR = Path(mstracker.game.__file__).parent


def test_state_round_trips_through_json_exactly() -> None:
    eng = engine()
    s = eng.new_game("Round trip", rosters(), {"friendly_fire": "yes", "reload_turns": "3"})
    s = eng.apply(s, eng.decide(s, Action("set", {"target": "1", "key": "subsystems", "value": "a,b"}), TypedFaces([])))
    assert GameState.from_json(s.to_json()) == s
    assert GameState.from_json(s.to_json_text()) == s
    assert GameState.from_json(s.to_json_text()).to_json_text() == s.to_json_text()
    assert s.settings["friendly_fire"] is True and s.settings["reload_turns"] == 3


def test_find_ship_by_id_name_tag_and_ambiguity() -> None:
    s = engine().new_game("Find", rosters(), {})
    assert s.find_ship("2").name == "Red Fleet 2"
    assert s.find_ship("blue fleet 3").id == "6"
    assert s.find_ship("b1").id == "4"
    twins = s.with_ship(s.ships["2"].model_copy(update={"name": "Red Fleet 1"}))
    with pytest.raises(InvalidAction, match="2 ships have the name 'Red Fleet 1'"):
        twins.find_ship("Red Fleet 1")
    with pytest.raises(InvalidAction, match="no ship 'nobody'"):
        s.find_ship("nobody")
    assert s.find_player("BOB") == 1 and s.find_player("p1") == 0


def test_settings_are_validated_and_name_the_choices() -> None:
    assert resolve_settings(RULESET, {})["victory"] == "deathmatch"
    assert resolve_settings(RULESET, {"victory": "Defense"})["victory"] == "defense"
    with pytest.raises(InvalidSetting, match="no setting 'speed'; settings: friendly_fire, reload_turns, victory"):
        resolve_settings(RULESET, {"speed": "1"})
    with pytest.raises(InvalidSetting, match="not one of: deathmatch, defense"):
        resolve_settings(RULESET, {"victory": "capture"})
    with pytest.raises(InvalidSetting, match="above the maximum 5"):
        resolve_settings(RULESET, {"reload_turns": "9"})
    with pytest.raises(InvalidSetting, match="expected int"):
        resolve_settings(RULESET, {"reload_turns": "soon"})


def test_new_game_refuses_bad_rosters() -> None:
    eng = engine()
    other = roster("Elsewhere", "Cy").model_copy(update={"ruleset": "pz8"})
    with pytest.raises(GameError, match="is for pz8, not mini"):
        eng.new_game("x", [rosters()[0], other], {})
    with pytest.raises(GameError, match="needs a name"):
        eng.new_game("  ", rosters(), {})
    same = [roster("A", "Ann"), roster("B", "Ann")]
    assert [p.name for p in eng.new_game("dupes", same, {}).players] == ["Ann", "Ann 2"]


def _sample_or_generic_rosters(ruleset):  # noqa: ANN001, ANN202
    from mstracker.fleet import Roster, ShipEntry
    from mstracker.store.fleets import load_roster, sample_fleets

    samples = sample_fleets(ruleset.meta.id)
    if len(samples) >= 2:
        return [load_roster(p) for p in samples[:2]]
    cls = next(iter(ruleset.classes))
    return [
        Roster(ruleset=ruleset.meta.id, name=f"F{i}", player=f"P{i}", ships=(ShipEntry(name=f"S{i}", armor=50, **{"class": cls}),))
        for i in (1, 2)
    ]


@pytest.mark.parametrize("ruleset_id", ["spook", "lukas", "pz8", "cal"])
def test_every_shipped_ruleset_is_playable_through_generic_actions(ruleset_id: str) -> None:
    import random

    from mstracker.store.catalog import book_ruleset

    ruleset = book_ruleset(ruleset_id)
    plugin = plugin_for(ruleset)
    eng = mstracker.game.Engine(plugin)
    created = eng.created_event(eng.new_game("Any", _sample_or_generic_rosters(ruleset), {}))
    events = [created]
    s = eng.replay(events)
    assert s.settings.keys() == ruleset.settings.keys()
    assert len(s.sequence) == len(ruleset.phases)
    rng = random.Random(5)
    positions = sum(max(1, len(p.steps)) for p in s.sequence) or 1
    # two whole turns (a phase done by each player in turn is walked once per player); what the rules require
    # is set aside as table decisions
    for _ in range((positions * 2 + 1) * max(1, len(s.players))):
        if s.turn == 3:
            break
        for obligation in eng.obligations(s):
            if obligation.refuses("next-step", None, None):
                new = eng.decide(s, Action("override", {"obligation": obligation.id, "reason": "a walk"}), TypedFaces([]))
                events += new
                s = eng.apply(s, new)
        new = eng.decide(s, Action("next-step", {"force": True}), RngFaces(rng))
        events += new
        s = eng.apply(s, new)
    assert s.turn == 3
    # The generic `set` on every ruleset's first record field. (This used to sit behind an
    # isinstance(plugin, DefaultPlugin) guard that no shipped ruleset meets, so it never ran.)
    field = eng.spec.fields[0]
    assert field.kind.value in ("bar", "counter"), (ruleset_id, field.key)
    before = s.ships["1"].record[field.key] or 0
    value = before - 1 if before > field.minimum else before + 1
    new = eng.decide(s, Action("set", {"target": "1", "key": field.key, "value": value}), TypedFaces([]))
    events += new
    s = eng.apply(s, new)
    assert s.ships["1"].record[field.key] == value != before
    assert eng.replay(events) == s


def test_game_package_uses_no_clock_io_or_global_random() -> None:
    banned = {"random", "time", "datetime", "os", "sqlite3", "pathlib", "io", "subprocess", "socket"}
    for path in GAME_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module.split(".")[0]]
            assert not (set(names) & banned), f"{path.name} imports {set(names) & banned}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", f"{path.name} opens a file"
