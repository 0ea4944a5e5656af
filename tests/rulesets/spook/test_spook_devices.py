"""spook devices through the engine: RU per use, timed effects and their ends, flare reloads, probes."""

from __future__ import annotations

import pytest
from test_spook_support import Play, roster, ship

from mstracker.dice import TypedFaces
from mstracker.game.events import Action
from mstracker.game.typed_action import Incomplete


def fleets(**settings: object) -> Play:
    blue = roster(
        "Blue",
        ship("Haven", "Carrier", ("Mass Driver Turret",), ("Hyperdrive", "Flare Launcher")),  # 1
        ship("Shield", "Frigate", ("Ion Beam", "Mass Driver Turret"), ("Defense Field",)),  # 2
        ship("Zap", "Frigate", ("Ion Beam",), ("EMP Generator",)),  # 3
        ship("Eye", "Probe", devices=("Sensor Jammer",)),  # 4
    )
    red = roster(
        "Red",
        ship("Throne", "Battlecruiser", ("Missile Launcher", "Ion Beam"), ("Gravity Well Generator", "Hyperdrive")),  # 5
        ship("Picket", "Frigate", ("Missile Launcher",), ("Flare Launcher",)),  # 6
        ship("Scout", "Probe", devices=("EMP Generator",)),  # 7
    )
    g = Play([blue, red], **settings)
    g.start()
    return g


def test_t_spk_17_hyperdrive_needs_5_ru() -> None:
    g = fleets()
    g.act("set", target="Blue", key="ru", value="4")
    assert "Blue has 4 RU; Hyperdrive of Haven (#1) costs 5" in g.refused("use-device", ship="Haven", device="Hyperdrive")
    g.act("refund", amount=1, reason="found a spare RU")
    g.act("use-device", ship="Haven", device="Hyperdrive")
    assert g.ru(0) == 0 and g.rec("Haven", "hold") == 1 and g.rec("Haven", "d1.used")
    assert "may not move, rotate or attack this turn" in g.refused("fire", ship="Haven", weapon="w1", target="Picket")
    assert "already been used this turn" in g.refused("use-device", ship="Haven", device="d1")
    g.end_turn()
    assert g.rec("Haven", "hold") == 0
    g.act("use-device", ship="Throne", device="Gravity Well Generator")
    g.act("use-device", ship="Throne", device="Hyperdrive")  # a second device on the same ship, same turn
    g.end_turn()
    g.act("refund", amount=10)
    events = g.act("use-device", ship="Haven", device="Hyperdrive")
    assert "not into 20 units of the enemy Gravity Well(s) of Throne (#5)" in events[0].text
    g.check_replay_and_undo()


def test_defense_field_covers_own_ships_until_the_users_next_turn() -> None:
    g = fleets()
    assert "acts on your own ships; Picket (#6) is not one" in g.refused(
        "use-device", ship="Shield", device="Defense Field", ships="Picket")
    g.act("use-device", ship="Shield", device="Defense Field", ships="Haven, Zap")
    assert g.ru(0) == g.states[-2].players[0].resources["ru"] - 5
    assert [g.rec(s, "shielded") for s in ("Shield", "Haven", "Zap", "Eye")] == [2, 2, 2, 0]
    g.end_turn()
    assert [g.rec(s, "shielded") for s in ("Shield", "Haven", "Zap")] == [1, 1, 1]
    assert "inside a Defense Field" in g.refused("fire", ship="Picket", weapon="w1", target="Haven")
    g.act("fire", 3, ship="Picket", weapon="w1", target="Eye", in_range=True)  # the probe is not covered; acc 8 < 10: d12 3 misses
    g.end_turn()
    assert [g.rec(s, "shielded") for s in ("Shield", "Haven", "Zap")] == [0, 0, 0]
    g.check_replay_and_undo()


def test_emp_disables_enemies_through_their_turn_and_locks_the_users_next_attacks() -> None:
    g = fleets()
    assert "acts on enemy ships; Shield (#2) is not one" in g.refused(
        "use-device", ship="Zap", device="EMP Generator", ships="Shield")
    before = g.ru(0)
    for blank in (None, "", " , "):  # an EMP on nobody is not prepared: its 10 RU stay (issue 16)
        with pytest.raises(Incomplete) as info:
            g.eng.decide(g.s, Action("use-device", {"ship": "Zap", "device": "EMP Generator", "ships": blank}),
                         TypedFaces(()))
        assert (info.value.arg, str(info.value)) == ("ships", "name the enemy ships within the EMP's 10 units (spook §6 B3)")
    assert g.ru(0) == before
    g.act("use-device", ship="Zap", device="EMP Generator", ships="Throne, Scout")
    assert g.ru(0) == before - 10
    assert ("Zap (#3) fires its EMP for 10 RU: Throne (#5), Scout (#7) are disabled on their next turn (no move, "
            "rotation, attack, devices or abilities); Zap (#3) may not attack on its next turn") in g.texts()
    assert (g.rec("Throne", "emp"), g.rec("Scout", "emp"), g.rec("Zap", "no_fire")) == (2, 2, 4)
    g.end_turn()
    assert "disabled by an EMP and cannot attack" in g.refused("fire", ship="Throne", weapon="w2", target="Zap")
    assert "cannot use devices" in g.refused("use-device", ship="Throne", device="Hyperdrive")
    assert "cannot move" in g.refused("probe-move", ship="Scout")
    g.end_turn()
    assert g.rec("Throne", "emp") == 0 and g.rec("Zap", "no_fire") == 2
    assert "used an EMP" in g.refused("fire", ship="Zap", weapon="w1", target="Throne")
    g.act("fire", ship="Shield", weapon="w1", target="Throne", in_range=True)  # acc 4 >= agility 2
    g.end_turn()
    g.act("probe-move", ship="Scout")
    g.end_turn()
    g.act("fire", ship="Zap", weapon="w1", target="Throne", in_range=True)
    g.check_replay_and_undo()


def test_sensor_jammer_disables_weapons_but_not_devices() -> None:
    g = fleets()
    g.act("use-device", ship="Eye", device="Sensor Jammer", ships="Throne, Picket")
    g.end_turn()
    assert g.rec("Throne", "jammed") == 1
    assert "jammed by a Sensor Jammer" in g.refused("fire", ship="Throne", weapon="w1", target="Shield")
    g.act("use-device", ship="Throne", device="Gravity Well Generator")
    g.end_turn()
    assert g.rec("Throne", "jammed") == 0


def test_flares_run_dry_are_paid_for_and_refill_at_the_next_own_turn() -> None:
    g = fleets(flare_reload_cost_ru="7")
    g.end_turn()
    g.act("set", target="Haven", key="d2.ammo", value="1")
    g.act("fire", 5, ship="Picket", weapon="Missile Launcher", target="Haven", in_range=True)  # acc 8 >= 2; flare d8 = 5
    assert g.rec("Haven", "d2.ammo") == 0 and g.rec("Haven", "armor") == 437
    g.end_turn()
    before = g.ru(0)
    g.act("reload-flares", ship="Haven")
    assert g.ru(0) == before - 7 and g.rec("Haven", "d2.refill") and g.rec("Haven", "d2.ammo") == 0
    assert "already paid for" in g.refused("reload-flares", ship="Haven", launcher="d2")
    g.end_turn()
    assert g.rec("Haven", "d2.ammo") == 0  # still empty through Red's turn
    g.act("fire", ship="Picket", weapon="w1", target="Haven", in_range=True)  # no flares answer now: full 25
    assert g.rec("Haven", "armor") == 412
    g.end_turn()
    assert (g.rec("Haven", "d2.ammo"), g.rec("Haven", "d2.refill")) == (8, False)
    assert "still has 8 ammo; flares are reloaded when empty" in g.refused("reload-flares", ship="Haven")
    assert "always on" in g.refused("use-device", ship="Haven", device="Flare Launcher")
    g.check_replay_and_undo()


def test_t_spk_5_a_probe_moves_once_per_game() -> None:
    g = fleets()
    g.act("probe-move", ship="Eye")
    assert g.rec("Eye", "speed") == "spent"
    assert "already made its one move" in g.refused("probe-move", ship="Eye")
    assert "not a probe" in g.refused("probe-move", ship="Zap")
    g.end_turn()
    g.end_turn()
    assert "already made its one move" in g.refused("probe-move", ship="Eye")


def test_a_device_ticks_its_own_step_and_not_the_other_devices() -> None:
    g = fleets()
    g.to_step("hyperdrive")
    events = g.act("use-device", ship="Haven", device="Hyperdrive")
    assert [e.data["step_id"] for e in events if e.kind == "ticked"] == ["hyperdrive"]  # not the Afterburner's
    g.to_step("activate")
    events = g.act("use-device", ship="Eye", device="Sensor Jammer")
    assert [e.data["step_id"] for e in events if e.kind == "ticked"] == ["activate"]
