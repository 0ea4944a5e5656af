"""The engine: the checklist, generic actions, plugin actions, refusals that change nothing, replay."""

from __future__ import annotations

import pytest
from minirules import RULESET, MiniPlugin, Spend, engine, rosters

from mstracker.dice import TypedFaces
from mstracker.game import Action, ActionSpec, Engine, Event, GameError, GameState, InvalidAction


@pytest.fixture
def eng() -> Engine:
    return engine()


def new(eng: Engine, **settings: object) -> GameState:
    return eng.replay([eng.created_event(eng.new_game("Test", rosters(), settings))])


def act(eng: Engine, state: GameState, kind: str, faces: tuple[int, ...] = (), **args: object) -> GameState:
    return eng.apply(state, eng.decide(state, Action(kind, args), TypedFaces(faces)))


def refused(eng: Engine, state: GameState, kind: str, faces: tuple[int, ...] = (), **args: object) -> str:
    before = state.to_json()
    with pytest.raises(InvalidAction) as info:
        eng.decide(state, Action(kind, args), TypedFaces(faces))
    assert state.to_json() == before
    return str(info.value)


def test_new_game_builds_players_ships_settings_and_checklist(eng: Engine) -> None:
    s = new(eng, reload_turns="2")
    assert [p.name for p in s.players] == ["Ann", "Bob"]
    assert s.players[0].resources == {"ru": 20}
    assert list(s.ships) == ["1", "2", "3", "4", "5", "6"]
    ship = s.ships["4"]
    assert (ship.owner, ship.name, ship.tag) == (1, "Blue Fleet 1", "B1")
    assert ship.record["armor"] == ship.record["armor_max"] == 100
    assert ship.record["ftl"] == -2 and ship.record["subsystems"] == [] and ship.record["destroyed"] is False
    assert [(i.id, i.name, i.record) for i in ship.items] == [("w1", "Laser", {"reload": 0}), ("w2", "Laser", {"reload": 0})]
    assert s.settings == {"reload_turns": 2, "victory": "deathmatch", "friendly_fire": False}
    assert [p.id for p in s.sequence] == ["upkeep", "move", "attack", "empty"]
    assert not s.started and s.turn == 0


def test_next_step_walks_the_checklist_ticks_the_players_items_it_leaves_and_alternates_players(eng: Engine) -> None:
    s = act(eng, new(eng), "next-step")
    assert (s.turn, s.active, s.phase, s.step) == (1, 0, 0, 0)
    s = act(eng, s, "next-step")
    assert s.current_step.id == "check"
    events = eng.decide(s, Action("next-step"), TypedFaces([]))
    assert events[0].kind == "ticked" and events[0].data == {"step_id": "check", "by": "next-step"}
    assert events[0].text == "Done: Check timers"
    s = eng.apply(s, events)
    assert (s.current_phase.id, s.ticked) == ("move", ())
    s = act(eng, s, "next-step")
    assert s.current_step.id == "fire"
    s = act(eng, s, "next-step")  # fire is done; the auto step without a handler is the players' own
    assert (s.current_step.id, s.ticked) == ("tally", ("fire",))
    s = act(eng, s, "untick", step="fire")
    assert "Fire each weapon" in refused(eng, s, "next-step")
    s = act(eng, act(eng, s, "tick", step="1"), "next-step")
    assert s.current_phase.id == "empty" and s.current_step is None
    s = act(eng, s, "next-step")
    assert (s.turn, s.active, s.current_step.id) == (2, 1, "reload")


def test_forced_leave_is_logged_with_the_unticked_items(eng: Engine) -> None:
    s = new(eng)
    for _ in range(5):  # turn 1: reload, check, move, fire, tally
        s = act(eng, s, "next-step")
    assert s.current_step.id == "tally"
    s = act(eng, s, "untick", step="fire")
    events = eng.decide(s, Action("next-step", {"force": "yes"}), TypedFaces([]))
    assert [e.kind for e in events][:2] == ["ticked", "phase-left"]
    assert events[1].data["unticked"] == ["fire"] and "Fire each weapon" in events[1].text


def test_auto_step_runs_the_plugin_handler_as_events(eng: Engine) -> None:
    s = act(eng, new(eng), "next-step")
    s = act(eng, s, "fire", (9,), ship="1", weapon="w1", target="4")
    assert s.ships["1"].items[0].record["reload"] == 1
    assert s.ships["4"].record["armor"] == 50
    for _ in range(6):  # through Ann's turn and Bob's whole turn (Bob's reload step leaves Ann's alone)
        s = act(eng, s, "next-step", force=True)
    assert (s.turn, s.active) == (2, 1)
    assert s.ships["1"].items[0].record["reload"] == 1
    for _ in range(5):
        s = act(eng, s, "next-step", force=True)
    events = eng.decide(s, Action("next-step", {"force": True}), TypedFaces([]))
    assert [e.kind for e in events] == ["turn-started", "step-entered", "value-set"]
    assert "(automatic)" in events[1].text and "reload" in events[2].text
    s = eng.apply(s, events)
    assert (s.turn, s.active, s.ships["1"].items[0].record["reload"]) == (3, 0, 0)


def test_tick_and_untick_refusals(eng: Engine) -> None:
    s = new(eng)
    assert "set-up" in refused(eng, s, "tick")
    s = act(eng, s, "next-step")
    assert "automatically" in refused(eng, s, "tick")
    assert "no step 'nope'" in refused(eng, s, "tick", step="nope")
    assert "not ticked" in refused(eng, s, "untick", step="check")
    s = act(eng, s, "tick", step="check")
    assert "already ticked" in refused(eng, s, "tick", step="check")
    s = act(eng, s, "untick", step="check")
    assert s.ticked == ()


def test_set_every_field_kind(eng: Engine) -> None:
    s = new(eng)
    s = act(eng, s, "set", target="1", key="armor", value="60")
    s = act(eng, s, "set", target="Red Fleet 1", key="damaged", value="yes")
    s = act(eng, s, "set", target="A1", key="FTL", value="1")
    s = act(eng, s, "set", target="1", key="course", value="2 0 1 cw")
    s = act(eng, s, "set", target="1", key="subsystems", value="engines, bridge")
    s = act(eng, s, "set", target="1", key="w2.reload", value="3")
    s = act(eng, s, "set", target="1", key="armor_max", value="120")
    s = act(eng, s, "set", target="Ann", key="ru", value="7")
    s = act(eng, s, "set", target="1", key="owner", value="Bob")
    ship = s.ships["1"]
    assert ship.record["armor"] == 60 and ship.record["damaged"] is True and ship.record["ftl"] == 1
    assert ship.record["course"] == "2 0 1 cw" and ship.record["subsystems"] == ["engines", "bridge"]
    assert ship.items[1].record["reload"] == 3 and ship.record["armor_max"] == 120
    assert s.players[0].resources["ru"] == 7 and ship.owner == 1


def test_set_refusals_name_the_problem(eng: Engine) -> None:
    s = new(eng)
    assert "0 to 100" in refused(eng, s, "set", target="1", key="armor", value="150")
    assert "whole number" in refused(eng, s, "set", target="1", key="armor", value="lots")
    assert "keys: armor, fire" in refused(eng, s, "set", target="1", key="shields", value="1")
    assert "-2 to 2" in refused(eng, s, "set", target="1", key="ftl", value="3")
    assert "true or false" in refused(eng, s, "set", target="1", key="damaged", value="maybe")
    assert "already 100" in refused(eng, s, "set", target="1", key="armor", value="100")
    assert "no ship 'Zed'" in refused(eng, s, "set", target="Zed", key="armor", value="1")
    assert "no item 'w9'" in refused(eng, s, "set", target="1", key="w9.reload", value="1")
    assert "2 items named 'Laser'" in refused(eng, s, "set", target="1", key="Laser.reload", value="1")
    assert "no resource 'gold'" in refused(eng, s, "set", target="Ann", key="gold", value="1")
    assert "needs value" in refused(eng, s, "set", target="1", key="armor")
    assert "takes target, key, value; not colour" in refused(eng, s, "set", target="1", key="armor", value="1", colour="red")
    assert "unknown action 'dance'" in refused(eng, s, "dance")


def test_adjust_counters_bars_tracks_and_resources(eng: Engine) -> None:
    s = new(eng)
    s = act(eng, s, "adjust", target="1", key="fire", delta="+2")
    s = act(eng, s, "adjust", target="1", key="armor", delta=-130)
    s = act(eng, s, "adjust", target="Bob", key="ru", delta=-5, reason="hyperdrive")
    assert s.ships["1"].record["fire"] == 2 and s.ships["1"].record["armor"] == 0
    assert s.players[1].resources["ru"] == 15
    assert "cannot take away 30" in refused(eng, s, "adjust", target="Bob", key="ru", delta=-30)
    assert "-2 to 2" in refused(eng, s, "adjust", target="1", key="ftl", delta=5)
    assert "not a number" in refused(eng, s, "adjust", target="1", key="damaged", delta=1)
    assert "already 0" in refused(eng, s, "adjust", target="1", key="armor", delta=-1)
    assert "by 0" in refused(eng, s, "adjust", target="1", key="fire", delta=0)
    assert "(#1) fire: 2 → 1 (-1)" in eng.decide(s, Action("adjust", {"target": "1", "key": "fire", "delta": -1}), TypedFaces([]))[0].text


def test_plugin_actions_validate_and_roll(eng: Engine) -> None:
    s = act(eng, new(eng), "next-step")
    events = eng.decide(s, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}), TypedFaces([3]))
    assert events[0].data["dice"] == [[12, 3]] and "d12=3" in events[0].text and "miss" in events[0].text
    s = eng.apply(s, events)
    assert "reloading" in refused(eng, s, "fire", (9,), ship="1", weapon="w1", target="4")
    assert "not the active player" in refused(eng, s, "fire", (9,), ship="4", weapon="w1", target="1")
    assert "no faces were typed" in refused(eng, s, "fire", ship="1", weapon="w2", target="4")
    assert "left over" in refused(eng, s, "fire", (9, 9), ship="1", weapon="w2", target="4")
    assert "not possible on a d12" in refused(eng, s, "fire", (13,), ship="1", weapon="w2", target="4")
    s = act(eng, s, "set", target="4", key="destroyed", value="yes")
    assert "destroyed and cannot act" in refused(eng, s, "fire", (9,), ship="1", weapon="w2", target="4")
    assert "has 20 RU; cannot spend 25" in refused(eng, s, "spend", amount=25)
    assert act(eng, s, "spend", amount="5").players[0].resources["ru"] == 15


def test_note_pass_add_ship_and_end_game(eng: Engine) -> None:
    s = act(eng, new(eng), "note", text="deployment agreed")
    s = act(eng, s, "pass-to", player="Bob")
    assert s.active == 1
    assert "already the active player" in refused(eng, s, "pass-to", player="bob")
    s = act(eng, s, "add-ship", player="Ann", ship_class="Frigate", name="New Hope")
    assert s.ships["7"].name == "New Hope" and s.ships["7"].owner == 0
    s = act(eng, s, "end-game", result="Ann wins by deathmatch", winner="Ann")
    assert s.finished and s.winner == "Ann"
    assert "has ended" in refused(eng, s, "next-step")
    late = eng.decide(s, Action("note", {"text": "gg"}), TypedFaces(()))  # notes are still welcome
    assert [(e.kind, e.text) for e in late] == [("noted", "Note: gg")]
    assert eng.apply(s, late) == s  # a note changes no record


def test_replay_of_the_log_equals_the_live_state_and_prefixes_undo(eng: Engine) -> None:
    created = eng.created_event(eng.new_game("Test", rosters(), {}))
    log: list[list[Event]] = [[created]]
    states = [eng.replay([created])]
    script = [
        ("next-step", (), {}),
        ("tick", (), {"step": "check"}),
        ("untick", (), {"step": "check"}),
        ("fire", (8,), {"ship": "1", "weapon": "w1", "target": "5"}),
        ("set", (), {"target": "2", "key": "subsystems", "value": "engines"}),
        ("adjust", (), {"target": "Ann", "key": "ru", "delta": -3}),
        ("note", (), {"text": "hello"}),
        ("pass-to", (), {"player": "Bob"}),
        ("add-ship", (), {"player": "Bob", "ship_class": "Corvette", "name": "Late"}),
        ("next-step", (), {"force": True}),
        ("set", (), {"target": "3", "key": "owner", "value": "Bob"}),
        ("end-game", (), {"result": "draw"}),
    ]
    for kind, faces, args in script:
        events = eng.decide(states[-1], Action(kind, args), TypedFaces(faces))
        log.append(events)
        states.append(eng.apply(states[-1], events))
    flat = [e for events in log for e in events]
    assert eng.replay(flat) == states[-1]
    for n in range(1, len(log)):  # undo = replay of the log without the last n actions
        prefix = [e for events in log[: len(log) - n] for e in events]
        assert eng.replay(prefix).to_json() == states[len(log) - 1 - n].to_json()
    reread = [Event.from_json(e.to_json()) for e in flat]
    assert eng.replay(reread) == states[-1]


def test_state_is_never_mutated_by_transitions(eng: Engine) -> None:
    s = new(eng)
    frozen = s.to_json()
    act(eng, s, "set", target="1", key="subsystems", value="bridge")
    act(eng, s, "adjust", target="Ann", key="ru", delta=-1)
    act(eng, act(eng, s, "next-step"), "fire", (12,), ship="1", weapon="w1", target="4")
    assert s.to_json() == frozen


def test_plugins_cannot_redefine_generic_actions() -> None:
    class Mine(Spend):
        spec = ActionSpec("set", "mine", ())

    class Bad(MiniPlugin):
        rule_actions = (*MiniPlugin.rule_actions, Mine)

    with pytest.raises(GameError, match="redefines the generic action 'set'"):
        Engine(Bad(RULESET))


def test_unknown_event_kind_cannot_be_replayed(eng: Engine) -> None:
    s = new(eng)
    with pytest.raises(GameError, match="no reducer for event 'warp'"):
        eng.reduce(s, Event("warp", {}, "warp"))
    with pytest.raises(GameError, match="must start with game-created"):
        eng.replay([Event("noted", {"text": "x"}, "x")])


def test_turn_structure_round_keeps_the_first_player_leading() -> None:
    class RoundPlugin(MiniPlugin):
        turn_structure = MiniPlugin.turn_structure.ROUND

    eng = Engine(RoundPlugin(RULESET))
    s = eng.replay([eng.created_event(eng.new_game("R", rosters(), {}))])
    s = act(eng, act(eng, s, "next-step"), "pass-to", player="Bob")
    for _ in range(6):
        s = act(eng, s, "next-step", force=True)
    assert (s.turn, s.active) == (2, 0)


def test_phase_applies_skips_a_phase() -> None:
    class SkipMove(MiniPlugin):
        def phase_applies(self, state: GameState, index: int) -> bool:
            return state.sequence[index].id != "move" or state.turn > 1

    eng = Engine(SkipMove(RULESET))
    s = eng.replay([eng.created_event(eng.new_game("S", rosters(), {}))])
    s = act(eng, act(eng, s, "next-step"), "next-step")
    s = act(eng, s, "next-step", force=True)
    assert s.current_phase.id == "attack"
