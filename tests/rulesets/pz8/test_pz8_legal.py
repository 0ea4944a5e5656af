"""Legal pz8 actions and where their forms start (pz8 §2 to §6): the activated ship moves, fires and
launches; the ship shot at fires back at its attacker from the shot's distance; the side whose step
it is activates; only enemy ships and enemy Torpedo salvos are offered; tokens named are on the table."""

from __future__ import annotations

from test_pz8_support import Play

from mstracker.rules.contract import LegalAction

ACTIONS = ("activate", "move", "fire", "fire-back", "shoot-torpedo", "launch-torpedo", "end-activation",
           "torpedo-attack", "roll-initiative")


def legal(play: Play, prefer: str | None = None, marked: str | None = None) -> dict[str, LegalAction]:
    return {a.kind: a for a in play.eng.legal_actions(play.state, prefer, marked)}


def test_set_up_offers_only_the_table_s_set_up() -> None:
    play = Play.sides(2, 2, asteroids="1")
    found = legal(play)
    assert [k for k in ACTIONS if found[k].allowed] == []
    assert found["fire"].reason == "the game is in set-up; next-step starts turn 1"
    assert found["add-asteroid"].allowed and found["set-drift"].allowed
    assert found["remove-asteroid"].allowed and found["remove-asteroid"].prefill == {"asteroid": "a1"}


def test_the_side_whose_step_it_is_activates_and_the_activated_ship_acts() -> None:
    play = Play.sides(2, 2).start(1, 6)  # B has the initiative
    found = legal(play, prefer="1")
    act = found["activate"]
    assert act.allowed and act.expected and act.actors == ("3", "4") and act.actor == "3"  # not the preferred A1
    assert legal(play, prefer="4")["activate"].actor == "4"
    play.act("activate", ship="B2")
    found = legal(play, prefer="1", marked="2")
    for kind in ("move", "fire", "launch-torpedo", "end-activation"):
        assert (found[kind].allowed, found[kind].actor, found[kind].actors) == (True, "4", ("4",)), kind
    assert found["move"].expected and not found["fire"].expected
    fire = found["fire"]
    assert fire.targets == ("1", "2") and fire.target == "2" and fire.weapon == "w1"  # enemies only; the marked one
    assert fire.defaults(["ship", "target", "distance"]) == {"ship": "4", "target": "2"}
    assert found["launch-torpedo"].weapon == "w2"
    assert found["activate"].reason == "Bravo 2 (#4) is still being activated: end-activation first"
    assert found["shoot-torpedo"].reason == "no enemy Torpedo salvo is on the table"
    assert found["fire-back"].reason == ("no ship may fire back now: a fire-back comes right after a shot at a ship "
                                         "(pz8 §4)")


def test_the_ship_shot_at_is_the_one_that_may_fire_back_from_the_shot_s_distance() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.act("activate", ship="A1")
    play.act("fire", 2, ship="A1", target="B2", distance=4)  # a miss: B2 may fire back (house default)
    found = legal(play, prefer="1")
    back = found["fire-back"]
    assert (back.allowed, back.expected, back.actor, back.target) == (True, True, "4", "1")
    assert back.defaults(["ship", "distance"]) == {"ship": "4", "distance": 4}  # "(default: the one that may fire back)"
    fire = found["fire"]  # the attack form opens on the fire-back too: A1 has fired
    assert fire.actors == ("4",) and fire.defaults(["ship", "target", "distance", "fire_back"]) == {
        "ship": "4", "target": "1", "distance": 4, "fire_back": True}
    assert found["move"].reason == "Alpha 1 (#1) has already fired: movement comes before firing (pz8 §4)"
    play.act("fire-back", 1)
    assert not legal(play)["fire-back"].allowed


def test_only_enemy_torpedo_salvos_are_offered_and_named() -> None:
    play = Play.sides(2, 2).start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1", "where": "C3"}))
    play.act("activate", ship="B1")
    play.act("launch-torpedo", ship="B1")
    spec = next(s for s in play.eng.action_specs() if s.kind == "shoot-torpedo")
    arg = next(a for a in spec.args if a.name == "torpedo")
    assert "(t1)" not in arg.help and arg.tokens == ("torpedo",)  # the hint names no particular counter
    choices = play.eng.plugin.token_choices(play.state, "shoot-torpedo", arg, play.ship("B1"))
    assert [(t.id, t.owner) for t in choices] == [("t1", 0)]  # B's own t2 is not offered
    assert legal(play)["shoot-torpedo"].prefill == {"torpedo": "t1"}
    attack = legal(play, marked="t2")["torpedo-attack"]
    assert attack.prefill == {"torpedo": "t2"} and attack.targets == ("1", "2")  # t2 is B's: it attacks A
    assert play.refused("shoot-torpedo", 6, ship="B1", torpedo="t2", distance=2) == (
        "t2 is B's own Torpedo salvo; a ship shoots at enemy salvos")
    assert play.refused("shoot-torpedo", 6, ship="B1", torpedo="t7", distance=2) == (
        "no Torpedo salvo 't7'; on the table: t1 at C3")  # the enemy's only, not B's own t2


def test_refusals_name_what_comes_first() -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.activation("A1", ("launch-torpedo", (), {"ship": "A1"}))
    play.act("activate", ship="B1")
    play.act("fire", 1, ship="B1", target="A1", distance=2)
    found = legal(play)
    assert found["roll-initiative"].reason == "the initiative was already rolled this turn (A has it); undo to roll again"
    assert found["fire"].actor == "1"  # only the fire-back is left: B1 has fired
    play.act("end-activation")
    found = legal(play)
    assert found["activate"].reason == "every Spaceship has been activated this turn (pz8 §2)"
    assert found["move"].reason == "no ship is being activated: activate one first (pz8 §2)"
    assert found["torpedo-attack"].allowed and found["torpedo-attack"].prefill == {"torpedo": "t1"}


def test_the_engine_ticks_the_items_actions_did_and_asks_about_none() -> None:
    play = Play.sides(1, 1).start(5, 2)
    play.act("next-step")  # into the activation steps
    events = play.act("activate", ship="A1")
    assert events[-1].text.startswith("Ticked by activate: ")
    play.act("move", ship="A1", mps="F")
    play.act("fire", 1, ship="A1", target="B1", distance=3)
    assert set(play.state.ticked) >= {"choose", "move", "fire"}
    events = play.act("end-activation")  # B1 waits: its activation starts with a clear checklist (pz8 §2)
    assert [e.text for e in events if e.kind == "unticked"] == [
        "Checklist item 1 cleared for the next activation", "Checklist item 2 cleared for the next activation",
        "Checklist item 3 cleared for the next activation"]
    assert play.state.current_step.id == "choose" and play.state.ticked == ()
    assert play.eng.unticked(play.state) == []
