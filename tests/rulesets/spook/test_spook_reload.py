"""spook X;Y reloads through the engine, counted in the owner's own turns (RULES.md A4.4, T-SPK-13/14)."""

from __future__ import annotations

import random

import pytest
from test_spook_support import Play, roster, ship

from mstracker.rulesets.spook.model import Reload
from mstracker.rulesets.spook.reload import ReloadCounter, ReloadState


def duel(**settings: object) -> Play:
    """Blue's Vigil against Red's Bulwark and Picket, at Blue's first turn with the upkeep done."""
    blue = roster("Blue", ship("Vigil", "Destroyer", ("Ion Beam", "Turreted Railgun", "Missile Launcher"),
                               ("Afterburner",)))
    red = roster("Red", ship("Bulwark", "Battlecruiser", ("Mass Driver Turret",), ("Gravity Well Generator",)),
                 ship("Picket", "Frigate", ("Mass Driver Turret",)))
    g = Play([blue, red], **settings)
    g.start()
    return g


def next_own_turn(g: Play) -> None:
    """Through the opponent's turn to the owner's next one."""
    g.end_turn()
    g.end_turn()


def test_t_spk_13_ion_beam_fired_on_own_turn_1_waits_turn_2_fires_turn_3() -> None:
    g = duel()
    g.act("fire", 11, ship="Vigil", weapon="Ion Beam", target="Picket", in_range=True)  # acc 4 < agility 5: d12 11 = full
    assert g.rec("Picket", "armor") == 100
    assert (g.rec("Vigil", "w1.uses"), g.rec("Vigil", "w1.reload"), g.rec("Vigil", "w1.used")) == (0, 2, True)
    assert "already been used this turn" in g.refused("fire", 11, ship="Vigil", weapon="w1", target="Picket")
    g.end_turn()  # Red's turn: the counter waits for Blue's own turn
    assert (g.s.turn, g.s.active, g.rec("Vigil", "w1.reload")) == (2, 1, 2)
    g.end_turn()  # Blue's own turn 2
    assert (g.s.turn, g.s.active) == (3, 0)
    assert (g.rec("Vigil", "w1.reload"), g.rec("Vigil", "w1.used")) == (1, False)
    assert "usable again in 1 own turn" in g.refused("fire", 6, ship="Vigil", weapon="Ion Beam", target="Picket")
    next_own_turn(g)  # own turn 3
    assert (g.rec("Vigil", "w1.reload"), g.rec("Vigil", "w1.uses")) == (0, 1)
    g.act("fire", 6, ship="Vigil", weapon="Ion Beam", target="Picket", in_range=True)  # 6: half damage, 50
    assert g.rec("Picket", "armor") == 50
    g.check_replay_and_undo()


def test_t_spk_14_afterburner_used_turn_1_is_back_on_turn_4() -> None:
    g = duel()
    g.act("use-device", ship="Vigil", device="Afterburner")
    assert (g.rec("Vigil", "speed"), g.rec("Vigil", "agility"), g.rec("Vigil", "afterburner")) == ("10 (+6)", 5, 2)
    assert g.rec("Vigil", "d1.reload") == 3
    g.end_turn()  # Red's turn: speed back, agility +2 holds through it
    assert (g.rec("Vigil", "speed"), g.rec("Vigil", "agility"), g.rec("Vigil", "afterburner")) == ("4", 5, 1)
    g.end_turn()  # Blue's own turn 2
    assert (g.rec("Vigil", "agility"), g.rec("Vigil", "afterburner"), g.rec("Vigil", "d1.reload")) == (3, 0, 2)
    assert "usable again in 2 own turns" in g.refused("use-device", ship="Vigil", device="d1")
    next_own_turn(g)  # own turn 3
    assert "usable again in 1 own turn" in g.refused("use-device", ship="Vigil", device="d1")
    next_own_turn(g)  # own turn 4
    assert g.rec("Vigil", "d1.reload") == 0
    g.act("use-device", ship="Vigil", device="d1")
    assert g.rec("Vigil", "agility") == 5
    g.check_replay_and_undo()


def test_turreted_railgun_2_1_fires_turns_1_and_2_skips_3_fires_4() -> None:
    g = duel()
    fired = []
    for own in range(1, 5):
        if own > 1:
            next_own_turn(g)
        try:
            g.act("fire", ship="Vigil", weapon="Turreted Railgun", target="Bulwark", in_range=True)  # acc 4 >= agility 2: no roll
            fired.append(own)
        except Exception as exc:  # noqa: BLE001
            assert "reloading (2;1)" in str(exc)
    assert fired == [1, 2, 4]
    assert g.rec("Bulwark", "armor") == 100


def test_gravity_well_lasts_through_the_opponents_turn_then_reloads_two_own_turns() -> None:
    g = duel()
    g.end_turn()  # Red's own turn 1
    g.act("use-device", ship="Bulwark", device="Gravity Well Generator")
    assert g.rec("Bulwark", "gravity_well") == 2
    g.end_turn()
    assert g.rec("Bulwark", "gravity_well") == 1
    g.act("use-device", ship="Vigil", device="Afterburner")  # not the hyperdrive; the well is noted for jumps
    g.end_turn()  # Red's own turn 2
    assert g.rec("Bulwark", "gravity_well") == 0
    assert "reloading (1;2)" in g.refused("use-device", ship="Bulwark", device="d1")
    next_own_turn(g)
    assert "reloading (1;2)" in g.refused("use-device", ship="Bulwark", device="d1")
    next_own_turn(g)  # own turn 4
    g.act("use-device", ship="Bulwark", device="d1")
    assert g.rec("Bulwark", "gravity_well") == 2  # active again, through the opponent's next turn


@pytest.mark.parametrize(("consecutive", "uses_on_turn_3"), [(False, 1), (True, 2)])
def test_setting_reload_uses_consecutive(consecutive: bool, uses_on_turn_3: int) -> None:
    g = duel(reload_uses_consecutive=str(consecutive))
    g.act("fire", ship="Vigil", weapon="Turreted Railgun", target="Bulwark", in_range=True)
    next_own_turn(g)  # own turn 2: not fired
    next_own_turn(g)  # own turn 3
    assert g.rec("Vigil", "w2.uses") == uses_on_turn_3


def test_missile_launcher_8_1_eight_shots_then_one_turn_off() -> None:
    g = duel()
    for own in range(1, 9):
        g.act("fire", ship="Vigil", weapon="Missile Launcher", target="Bulwark", in_range=True)  # acc 8 >= 2, no flares
        next_own_turn(g)
    assert "reloading (8;1)" in g.refused("fire", ship="Vigil", weapon="w3", target="Bulwark")
    next_own_turn(g)
    assert g.rec("Vigil", "w3.uses") == 8


def test_reload_counter_agrees_with_reload_state_turn_by_turn() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        cycle = Reload(rng.randint(1, 8), rng.randint(0, 3))
        consecutive = rng.random() < 0.5
        state, counter = ReloadState.fresh(cycle), ReloadCounter.fresh(cycle)
        for turn in range(1, 30):
            if turn > 1:
                counter = counter.next_own_turn(consecutive=consecutive)
            assert counter.available == state.available(turn, consecutive=consecutive), (cycle, turn)
            if counter.available and rng.random() < 0.6:
                state, counter = state.use(turn, consecutive=consecutive), counter.use()
                assert counter.refusal() == "has already been used this turn"
