"""One event style in pz8: every change is a generic event with a text a player reads (field labels, not
keys; the book's sections, not the project's notes); the stories are the declared narrative kinds; the
activation count says where the step is (issue 10 #17); an old save plays on with the new rules."""

from __future__ import annotations

from test_pz8_game import SCRIPT, rosters
from test_pz8_legacy import recorded
from test_pz8_support import Play, squadron

from mstracker.dice import TypedFaces
from mstracker.game import Action, Event
from mstracker.game.errors import InvalidAction
from mstracker.game.generic import GENERIC_REDUCERS
from mstracker.rulesets.pz8.view import TurnView


def whole_game() -> Play:
    play = Play(rosters(), asteroids="1")
    for kind, faces, args in SCRIPT:
        play.act(kind, *faces, **args)
    return play


def test_every_event_is_a_generic_change_or_a_declared_story() -> None:
    play = whole_game()
    kinds = play.kinds()
    assert kinds - set(GENERIC_REDUCERS) == {"initiative", "shot", "torpedo-hit"} == set(play.eng.plugin.narrative)
    assert {"value-set", "extra-set", "active-changed", "dice-rolled"} <= kinds


def test_the_log_names_fields_by_their_labels_and_cites_the_book() -> None:
    play = whole_game()
    texts = [e.text for batch in play.log for e in batch]
    assert "Toggle Bolt (#9) Fire-backs: 0 → 1 (+1), fired back (pz8 §4)" in texts
    assert not [t for t in texts if "fire_backs" in t or "fire_back:" in t or "RULES.md" in t]
    extra = [e.text for batch in play.log for e in batch if e.kind == "extra-set"]
    assert not [t for t in extra if t.split(":")[0] in ("activation", "step", "torpedoes", "asteroids", "initiative")]
    spec = play.eng.spec
    assert all("pz8 §" in f.help for f in spec.fields)
    helps = [s.help for s in play.eng.action_specs() if not s.generic]
    assert all("pz8 §" in h and "RULES.md" not in h for h in helps)


def test_activation_messages_count_through_the_step() -> None:
    # Bea 4 ships against Ann's 2: Bea activates 2 per step, Ann 1 (pz8 §2); Ann has the initiative
    play = Play([squadron("Anchor", "Ann", 2, "A"), squadron("Razor", "Bea", 4, "R")]).start(6, 1)
    said = []
    for ship in ("A1", "R2", "R3", "A2", "R4", "R1"):
        said.append(play.act("activate", ship=ship)[0].text)
        play.act("end-activation")
    assert said == [
        "Ann activates Anchor 1 (#1): 1 of 1 in this step",
        "Bea activates Razor 2 (#4): 1 of 2 in this step",
        "Bea activates Razor 3 (#5): 2 of 2 in this step",
        "Ann activates Anchor 2 (#2): 1 of 1 in this step",
        "Bea activates Razor 4 (#6): 1 of 2 in this step",
        "Bea activates Razor 1 (#3): 2 of 2 in this step",  # the old count said "1 of 1" here
    ]


def test_a_step_grows_when_the_other_side_loses_its_last_waiting_ship() -> None:
    # Ann 2 against Bea 3: 1 each per step. Bea's first ship destroys Ann's second before it is activated:
    # Ann has nobody left to activate, so Bea activates its other two in one step (pz8 §2)
    play = Play([squadron("Anchor", "Ann", 2, "A"), squadron("Razor", "Bea", 3, "R")]).start(6, 1)
    play.activation("A1")
    assert play.act("activate", ship="R1")[0].text == "Bea activates Razor 1 (#3): 1 of 1 in this step"
    play.act("fire", 6, 6, 6, 1, 1, ship="R1", target="A2", distance=2)
    events = play.act("end-activation")
    assert events[0].text == ("Razor 1 (#3)'s activation ends; next: Bea activates 2 ships (waiting: Razor 2 (#4), "
                              "Razor 3 (#5))")
    assert play.act("activate", ship="R2")[0].text == "Bea activates Razor 2 (#4): 1 of 2 in this step"
    play.act("end-activation")
    assert play.act("activate", ship="R3")[0].text == "Bea activates Razor 3 (#5): 2 of 2 in this step"


def test_an_old_save_plays_on_with_the_new_rules_to_the_same_end() -> None:
    data = recorded()
    play = Play(rosters())
    eng = play.eng
    start = 16  # after R3's shot at Dowel: Dowel may fire back (recorded by the old plugin)
    state = eng.replay([Event.from_json(data["created"])] + [
        Event.from_json(e) for a in data["actions"][:start] for e in a["events"]])
    assert state.extra["fire_back"] == {"ship": "8", "at": "3", "distance": 6}
    hopeless = []
    for action in data["actions"][start:]:
        act = Action(action["kind"], action["args"])
        if act.kind == "fire-back" and action["faces"] == [6] and not action["events"][0]["data"]["hit"]:
            try:  # a fire-back no face can hit: the new rules refuse it (pz8 §4) and the next action lets it go
                eng.decide(state, act, TypedFaces(action["faces"]))
            except InvalidAction as exc:
                hopeless.append(str(exc).split(":")[0])
                continue
        state = eng.apply(state, eng.decide(state, act, TypedFaces(action["faces"])))
    assert hopeless == ["Dowel (#8) cannot hit Razor Three (#3) at 6 hexes",
                        "Toggle Bolt (#9) cannot hit Razor Five (#5) at 8 hexes"]
    old = data["final_state"]
    assert state.to_json()["ships"] == old["ships"]
    assert (state.finished, state.winner, state.result, state.turn) == (True, "Red", old["result"], old["turn"])
    view = TurnView(state)
    assert view.torpedoes() == old["extra"]["torpedoes"] == []
    assert view.asteroids() == old["extra"]["asteroids"] == [{"id": "a2", "where": "H7"}, {"id": "a3", "where": "B2"}]
