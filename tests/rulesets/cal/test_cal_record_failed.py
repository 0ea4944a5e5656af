"""A Damage Control or Rally roll no face can win (cal §0 Interphase, step 6, at Crew -4 against the house
target 4) is recorded as failed without a roll, and only then."""

from __future__ import annotations

from test_cal_actions import game

from mstracker.game import Action


def at_damage_control(crew: int):  # noqa: ANN201
    g = game()
    g.act("set", target="K-1", key="fire", value="1")
    g.act("set", target="K-1", key="crew", value=str(crew))
    g.next_round()
    g.next_round()
    g.to("interphase", "damage_control", faces=(1,))  # the Fire roll: 1 - 4 fails, the Fire stays
    return g


def test_a_roll_no_face_can_win_is_recorded_as_failed_and_settles_the_obligation() -> None:
    g = at_damage_control(-4)
    [held] = [o for o in g.eng.obligations(g.state) if o.id == "damage-control:5"]
    odds = g.eng.action_odds(g.state, Action("damage-control", {"ship": "K-1", "choice": "fire"}))
    assert odds.p_hit == 0  # 6 - 4 = 2 < 4
    events = g.act("damage-control", ship="K-1", choice="fire", failed=True)
    assert "recorded as failed without a roll — no face reaches 4+ on d6 + Crew -4" in events[0].text
    assert events[0].data["recorded_failed"] is True and "dice-rolled" not in [e.kind for e in events]
    assert g.rec("K-1")["fire"] == 1 and "damage control" in g.rec("K-1")["marks"]
    assert held.id not in {o.id for o in g.eng.obligations(g.state)}
    g.check_replay()


def test_a_roll_that_can_succeed_must_be_rolled() -> None:
    g = at_damage_control(-2)  # a 6 still reaches 4 with Crew -2 (1 in 6)
    assert "can succeed (4+ on d6 + Crew -2): roll it" in g.refused("rally", ship="K-1", failed=True)
    assert "can succeed" in g.refused("damage-control", ship="K-1", choice="fire", failed=True)
