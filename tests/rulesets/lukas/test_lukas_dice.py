"""Declared dice: every rolling lukas action says which dice it will roll, in rolling order, what each
decides, for which ship and by which table of the book, before any roll; the engine holds the roll to it.
The plan refuses what the decider refuses, with the same words."""

from __future__ import annotations

import pytest
from test_lukas_fixtures import act, decide, engine, new, own_turn, to_turn

from mstracker.game import Action, InvalidAction

ANN_TURN = lambda k: own_turn(0, k)  # noqa: E731


def plan_of(eng, s, kind: str, **args):  # noqa: ANN001, ANN201
    return eng.dice_plan(s, Action(kind, args))


def test_an_attack_declares_the_d12_to_hit_then_the_damage_dice_on_a_hit() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    plan = plan_of(eng, s, "fire", ship="Radar", weapon="w1", target="Guard", in_range=True)  # the reach said (§3.a step 2)
    assert [(n.sides, n.purpose, n.ship, n.table, n.when_text) for n in plan.needs] == [
        (12, "to hit Guard (#12): 4+ on the d12, +1 Communication Radar", "6",
         "Heavy Missiles hit numbers vs a medium target (lukas §3.a)", ""),
        (8, "damage 1d8+1", "6", "Heavy Missiles damage (lukas §3.b)", "on a hit"),
    ]
    assert plan.walk([2]).complete  # 2 + 1 = 3 < 4: a miss rolls no damage
    assert plan.walk([3]).next.purpose == "damage 1d8+1"  # 3 + 1 = 4: a hit
    melee = plan_of(eng, to_turn(eng, s, own_turn(1, 1)), "fire", ship="Ram", weapon="Melee", target="Anvil", in_range=True)
    assert [(n.sides, n.purpose, n.group) for n in melee.needs] == [
        (12, "to hit Anvil (#1): 2+ on the d12", 1), (12, "damage 2d12+2", 2), (12, "damage 2d12+2", 2)]
    beam_ship = to_turn(eng, act(eng, s, "announce-beam", ship="Anvil", target="Titan"), ANN_TURN(2))
    beam = plan_of(eng, beam_ship, "fire-beam", ship="Anvil")
    assert [(n.sides, n.purpose, n.group) for n in beam.needs] == [
        (12, "to hit Titan (#7): 4+ on the d12", 1), (6, "damage 2d6+1", 2), (6, "damage 2d6+1", 2)]


def test_a_bomb_aimed_at_a_subsystem_declares_the_d8_and_the_hull_dice_it_may_need() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    plan = plan_of(eng, s, "fire", ship="Hornet", weapon="w1", target="Titan", subsystem="bridge", in_range=True)
    assert [(n.sides, n.when_text, n.table) for n in plan.needs] == [
        (12, "", "Bombs hit numbers vs a large target (lukas §3.a)"),
        (8, "on a hit", "Bombs: subsystem attack (lukas §3.b Bombs)"),
        (6, "when the bomb hits the hull", "Bombs damage (lukas §3.b)"),
        (6, "when the bomb hits the hull", "Bombs damage (lukas §3.b)"),
    ]
    assert plan.needs[1].purpose == ("bomb aimed at the Bridge/Sensors: 1-2 general hull, half damage rounded up; 3-5 "
                                     "general hull, full damage; 6-8 the chosen subsystem is destroyed (no hull damage)")
    assert plan.walk([3]).complete  # 3 < 4: a miss
    assert plan.walk([4, 7]).complete  # hit, d8 7: the bridge is destroyed, no hull damage
    assert plan.walk([4, 2]).next.purpose == "damage 2d6"  # d8 2: half damage to the hull
    events = decide(eng, s, "fire", (4, 2, 3, 4), ship="Hornet", weapon="w1", target="Titan", subsystem="bridge", in_range=True)
    rolled = next(e for e in events if e.kind == "dice-rolled")
    assert [(g["purpose"][:24], g["sides"], g["faces"], g["player"]) for g in rolled.data["rolls"]] == [
        ("to hit Titan (#7): 4+ on", 12, [4], 0), ("bomb aimed at the Bridge", 8, [2], 0), ("damage 2d6", 6, [3, 4], 0)]
    assert next(e for e in events if e.kind == "ship-attacked").data["damage"] == 4  # 3 + 4 = 7, half rounded up


def test_the_plan_refuses_what_the_attack_refuses_in_the_same_words() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    s = act(eng, s, "fire", (1,), ship="Bull", weapon="w1", target="Ram", in_range=True)
    cases = [
        {"ship": "Bull", "weapon": "w1", "target": "Ram"},  # fired already
        {"ship": "Anvil", "weapon": "w1", "target": "Titan"},  # a Beam not announced
        {"ship": "Bull", "weapon": "w2", "target": "Radar"},  # an own ship
        {"ship": "Bull", "weapon": "w2", "target": "Ram", "distance": 21},  # out of range
        {"ship": "Hornet", "weapon": "w1", "target": "Ram", "subsystem": "engines"},  # a frigate has no subsystems
    ]
    for args in cases:
        with pytest.raises(InvalidAction) as planned:
            eng.dice_plan(s, Action("fire", args))
        with pytest.raises(InvalidAction) as decided:
            decide(eng, s, "fire", (12, 12, 12), **args, in_range=True)
        assert str(planned.value) == str(decided.value), args


def test_no_automatic_step_rolls() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), ANN_TURN(1))
    for step in ("release_docked", "resolve_infiltration", "fd_activate", "fd_expire", "beam_ready", "booster_markers",
                 "clear_turn", "objectives"):
        assert eng.plugin.step_dice(s, step) is None
    assert eng.dice_plan(s, Action("next-step")) is None
    for kind, args in (("boost", {"ship": "Shield"}), ("announce-field-defense", {"ship": "Shield"}),
                       ("infiltrate", {"ship": "Sneak", "target": "Ram"}), ("dock", {"ship": "Bull", "host": "Anvil"})):
        assert eng.dice_plan(s, Action(kind, args)) is None and eng.action_odds(s, Action(kind, args)) is None
