"""spook attacks through the engine: the RULES.md A7 cases, flares, friendly fire, subsystems, rams,
scuttles, mines, the odds of a shot, and refusals that change nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_spook_support import RULESET, Play, roster, ship

from mstracker.rulesets.spook.odds import attack_odds as book_odds


def battle(**settings: object) -> Play:
    blue = roster(
        "Blue",
        ship("Lance", "Frigate", ("Ion Beam", "Torpedo Launcher")),  # 1
        ship("Pike", "Frigate", ("Ion Beam", "Missile Launcher")),  # 2
        ship("Spear", "Frigate", ("Ion Beam", "Mass Driver Turret")),  # 3
        ship("Maul", "Destroyer", ("Gattling Mass Driver", "Cluster Torpedo Launcher", "Turreted Railgun"),
             ("Afterburner",)),  # 4
        ship("Wasps", "Fighter", ("Mass Driver",)),  # 5
        ship("Anvils", "Bomber", ("Bomb Launcher",)),  # 6
        ship("Sower", "Mine Layer Frigate", ("Mass Driver Turret",)),  # 7
    )
    red = roster(
        "Red",
        ship("Mule", "Transport", devices=("Flare Launcher", "Afterburner")),  # 8
        ship("Ox", "Transport", devices=("Flare Launcher", "Flare Launcher")),  # 9
        ship("Bastion", "Carrier", ("Mass Driver Turret",), ("Defense Field",)),  # 10
        ship("Gnats", "Fighter", ("Mass Driver",)),  # 11
        ship("Picket", "Frigate", ("Mass Driver Turret",), ("EMP Generator",)),  # 12
        ship("Hawk", "Destroyer", ("Heavy Railgun",), ("Sensor Jammer",)),  # 13
        ship("Seeder", "Mine Layer Frigate", ("Mass Driver Turret",)),  # 14
    )
    g = Play([blue, red], **settings)
    g.start()
    return g


def test_t_spk_6_mass_driver_against_a_fighter_needs_no_roll() -> None:
    g = battle()
    events = g.act("fire", ship="Wasps", weapon="Mass Driver", target="Gnats", in_range=True)
    assert g.rec("Gnats", "armor") == 60 and events[0].data["dice"] == []
    assert "no roll" in events[0].text


@pytest.mark.parametrize(("face", "armor"), [(3, 200), (7, 150), (11, 100)])
def test_t_spk_7_ion_beam_against_a_frigate(face: int, armor: int) -> None:
    g = battle()
    events = g.act("fire", face, ship="Lance", weapon="Ion Beam", target="Picket", in_range=True)
    assert g.rec("Picket", "armor") == armor
    assert events[0].data["dice"] == [[12, face]] and f"d12 shows {face}" in events[0].text


def test_t_spk_7_a_twelve_hits_the_chosen_ally_in_full() -> None:
    g = battle()
    g.act("fire", 12, ship="Lance", weapon="Ion Beam", target="Picket", ally="Pike", in_range=True)
    assert g.rec("Picket", "armor") == 200 and g.rec("Pike", "armor") == 100
    assert "friendly fire from Ion Beam of Lance (#1)" in g.texts()


def test_a_twelve_without_an_ally_waits_for_the_players_choice() -> None:
    g = battle()
    g.act("fire", 12, ship="Lance", weapon="Ion Beam", target="Picket", in_range=True)
    assert g.s.extra["pending_ff"]["damage"] == 100
    refusal = g.refused("fire", 11, ship="Pike", weapon="w1", target="Picket")
    assert refusal.startswith("The d12 of 12 from Ion Beam of Lance (#1) is not settled: one of Blue's own ships "
                              "within 20 units of Lance (#1) takes 100 (name it), or none (spook §5 Accuracy, 12); do it "
                              "with friendly-fire.")
    assert "is not settled" in g.refused("next-step")
    assert "other ships, not Picket" in g.refused("friendly-fire", ally="Picket")
    assert "other ships, not Lance" in g.refused("friendly-fire", ally="Lance")
    g.act("friendly-fire", ally="Spear")
    assert g.rec("Spear", "armor") == 100 and g.s.extra["pending_ff"] is None
    assert "no friendly fire is waiting" in g.refused("friendly-fire", ally="none")
    g.act("fire", 12, ship="Pike", weapon="Ion Beam", target="Picket", in_range=True)
    g.act("friendly-fire", ally="none")
    assert g.rec("Lance", "armor") == 200 and "nobody is hit" in g.texts()
    g.act("fire", 12, ship="Spear", weapon="Ion Beam", target="Picket", in_range=True)
    g.act("override", obligation="friendly-fire:3", reason="nobody can tell who was in range")
    g.end_turn()  # set aside by the table, the unsettled friendly fire lapses at the next turn start
    assert g.s.extra["pending_ff"] is None and "lapses" in g.texts(30)
    g.check_replay_and_undo()


def test_t_spk_8_torpedo_against_a_transport_with_afterburner_then_flares() -> None:
    g = battle()
    g.end_turn()
    g.act("use-device", ship="Mule", device="Afterburner")  # Red: agility 6 + 2 through Blue's turn
    g.end_turn()
    assert g.rec("Mule", "agility") == 8
    odds = g.eng.action_odds(g.s, _fire("Lance", "Torpedo Launcher", "Mule"))
    assert odds == book_odds(RULESET, {"weapon": "Torpedo Launcher", "target": "Transport", "afterburner": True,
                                       "flares": 1, "armor": 300})
    events = g.act("fire", 6, 4, ship="Lance", weapon="Torpedo Launcher", target="Mule", in_range=True)
    assert events[0].data["dice"] == [[12, 6], [8, 4]]
    assert "35 → 18" in events[0].text and "18 → 9" in events[0].text
    assert g.rec("Mule", "armor") == 291 and g.rec("Mule", "d1.ammo") == 7


def test_t_spk_9_and_t_spk_3_two_flare_launchers_each_roll_and_spend_one_ammo() -> None:
    g = battle()
    events = g.act("fire", 5, 6, ship="Pike", weapon="Missile Launcher", target="Ox", in_range=True)  # acc 8 >= 6: no d12
    assert events[0].data["dice"] == [[8, 5], [8, 6]]
    assert g.rec("Ox", "armor") == 293
    assert (g.rec("Ox", "d1.ammo"), g.rec("Ox", "d2.ammo")) == (7, 7)
    g.act("fire", 2, ship="Lance", weapon="Torpedo Launcher", target="Ox", in_range=True)  # acc 6 >= 6; flare 1: stopped
    assert g.rec("Ox", "armor") == 293 and (g.rec("Ox", "d1.ammo"), g.rec("Ox", "d2.ammo")) == (6, 6)
    assert "no roll needed, the damage is already 0" in g.texts()


def test_flares_do_not_answer_guns() -> None:
    g = battle()
    events = g.act("fire", 11, ship="Maul", weapon="Turreted Railgun", target="Ox", in_range=True)  # acc 4 < 6: a d12 only
    assert events[0].data["dice"] == [[12, 11]] and g.rec("Ox", "armor") == 200
    assert (g.rec("Ox", "d1.ammo"), g.rec("Ox", "d2.ammo")) == (8, 8)


def test_t_spk_10_and_11_times_d6_weapons() -> None:
    g = battle()
    events = g.act("fire", 4, ship="Maul", weapon="Cluster Torpedo Launcher", target="Bastion", in_range=True)
    assert events[0].data["dice"] == [[6, 4]] and g.rec("Bastion", "armor") == 350
    events = g.act("fire", 3, 10, ship="Maul", weapon="Gattling Mass Driver", target="Gnats", in_range=True)
    assert events[0].data["dice"] == [[6, 3], [12, 10]] and g.rec("Gnats", "armor") == 25
    assert "30 × 3 = 90" in events[0].text and "90 → 45" in events[0].text


def test_a_ship_at_zero_armor_is_destroyed_and_can_neither_act_nor_be_fired_at() -> None:
    g = battle()
    g.act("fire", 11, ship="Lance", weapon="Ion Beam", target="Gnats", in_range=True)  # 100 >= 70
    assert g.rec("Gnats", "armor") == 0 and g.rec("Gnats", "destroyed")
    assert "is destroyed" in g.refused("fire", ship="Wasps", weapon="w1", target="Gnats")
    g.end_turn()
    assert "destroyed and cannot act" in g.refused("fire", ship="Gnats", weapon="w1", target="Wasps")


def test_subsystem_targeting_by_a_bomber() -> None:
    g = battle()
    events = g.act("fire", 7, ship="Anvils", weapon="Bomb Launcher", target="Hawk", subsystem="Heavy Railgun", in_range=True)
    assert events[0].data["dice"] == [[8, 7]]  # acc 8 >= agility 3: no d12; then the subsystem d8
    assert g.rec("Hawk", "w1.destroyed") and g.rec("Hawk", "lost_systems") == ["Heavy Railgun (w1)"]
    assert g.rec("Hawk", "armor") == 350
    g.end_turn()
    assert "is destroyed" in g.refused("fire", ship="Hawk", weapon="w1", target="Lance")
    g.end_turn()
    g.act("fire", 4, ship="Anvils", weapon="Bomb Launcher", target="Hawk", subsystem="engines", in_range=True)
    assert g.rec("Hawk", "armor") == 335  # 3-5: full bomb damage to armor instead
    next_turns(g, 2)
    g.act("fire", 8, ship="Anvils", weapon="Bomb Launcher", target="Hawk", subsystem="engines", in_range=True)
    assert g.rec("Hawk", "lost_systems") == ["Heavy Railgun (w1)", "engines"] and g.rec("Hawk", "speed") == "2 (engines)"
    assert "only bombers" in g.refused("fire", 11, ship="Lance", weapon="w1", target="Hawk", subsystem="engines")
    g.check_replay_and_undo()


def next_turns(g: Play, n: int) -> None:
    for _ in range(n):
        g.end_turn()


def test_ram_hits_both_and_ends_the_rammers_attacks() -> None:
    g = battle()
    events = g.act("ram", ship="Lance", target="Hawk")
    assert events[0].data["damage"] == [50, 88]  # ceil(25% of 200), ceil(25% of 350)
    assert g.rec("Hawk", "armor") == 300 and g.rec("Lance", "armor") == 112 and g.rec("Lance", "no_fire") == 1
    assert "rammed this turn" in g.refused("fire", 11, ship="Lance", weapon="w1", target="Hawk")
    assert "cannot ram" in g.refused("ram", ship="Wasps", target="Hawk")
    g.act("fire", ship="Pike", weapon="Ion Beam", target="Hawk", in_range=True)  # acc 4 >= agility 3: no roll
    assert "rams happen during movement" in g.refused("ram", ship="Pike", target="Hawk")
    g.end_turn()
    assert g.rec("Lance", "no_fire") == 0


def test_scuttle_destroys_the_ship_and_hurts_the_ships_around_it() -> None:
    g = battle(scuttle_dmg_pct="50")
    g.act("fire", 11, ship="Lance", weapon="Ion Beam", target="Picket", in_range=True)  # Picket 100
    g.end_turn()
    g.act("scuttle", ship="Picket", victims="Lance, Pike, Seeder")
    assert g.rec("Picket", "destroyed")
    assert (g.rec("Lance", "armor"), g.rec("Pike", "armor"), g.rec("Seeder", "armor")) == (150, 150, 200)
    assert "no Scuttle ability" in g.refused("scuttle", ship="Gnats")


def test_t_spk_12_mines() -> None:
    g = battle()
    assert "1 to 6 mines, not 7" in g.refused("lay-mines", ship="Sower", count=7)
    assert "cannot lay mines" in g.refused("lay-mines", ship="Spear", count=1)
    g.act("lay-mines", ship="Sower", count=6)
    assert g.s.players[0].resources["mines"] == 6 and g.rec("Sower", "a1.reload") == 3
    g.end_turn()
    events = g.act("cross-mines", 2, 5, 8, ship="Hawk", count=3)
    assert events[0].data["dice"] == [[8, 2], [8, 5], [8, 8]]
    assert g.rec("Hawk", "armor") == 50 and g.s.players[0].resources["mines"] == 4  # 2 detonated, 1 stays
    assert "has 4 mines on the field, not 5" in g.refused("cross-mines", 1, 1, 1, 1, 1, ship="Picket", count=5)
    g.check_replay_and_undo()


def test_own_mines_are_harmless_by_default_and_settings_change_it() -> None:
    g = battle()
    g.act("lay-mines", ship="Sower", count=2)
    g.act("cross-mines", ship="Spear", count=2, owner="Blue")  # own mines: no roll
    assert g.rec("Spear", "armor") == 200 and g.s.players[0].resources["mines"] == 2
    h = battle(mines_hit_owner="true")
    h.act("lay-mines", ship="Sower", count=2)
    h.act("cross-mines", 8, 1, ship="Spear", count=2, owner="Blue")
    assert h.rec("Spear", "armor") == 0 and h.rec("Spear", "destroyed") and h.s.players[0].resources["mines"] == 1


def test_attack_odds_follow_the_state() -> None:
    g = battle()
    assert g.eng.action_odds(g.s, _fire("Lance", "", "")) is None
    assert g.eng.action_odds(g.s, _fire("Lance", "w1", "Nobody")) is None
    fire = g.eng.plugin.typed_action("fire")  # the typed fire's odds (fire.py), blank arguments given
    assert fire.odds(g.s, {"ship": "Lance", "weapon": "", "target": ""}) is None
    assert fire.odds(g.s, {"ship": "Lance", "weapon": "w1"}) is None
    odds = fire.odds(g.s, {"ship": "Lance", "weapon": "w1", "target": "Picket"})
    assert odds.p_hit == Fraction(6, 12) and odds.p_destroy == 0 and odds.extra["p_friendly_fire"] == Fraction(1, 12)
    g.act("fire", 11, ship="Pike", weapon="Ion Beam", target="Picket", in_range=True)  # Picket 100 left
    odds = fire.odds(g.s, {"ship": "Lance", "weapon": "w1", "target": "Picket"})
    assert odds.p_destroy == Fraction(1, 12)


def test_attack_refusals_name_the_reason_and_change_nothing() -> None:
    g = battle()
    assert "one of Blue's own ships" in g.refused("fire", ship="Lance", weapon="w1", target="Pike")
    assert "not a weapon" in g.refused("fire", ship="Lance", weapon="a1", target="Hawk")
    assert "reaches 20 units, the target is 25 away" in g.refused("fire", 11, ship="Lance", weapon="w1",
                                                                   target="Hawk", distance=25)
    assert "not the active player" in g.refused("fire", ship="Hawk", weapon="w1", target="Lance")
    assert "no item 'Laser'" in g.refused("fire", ship="Lance", weapon="Laser", target="Hawk")
    assert "no faces were typed" in g.refused("fire", ship="Lance", weapon="w1", target="Picket", in_range=True)
    assert "left over" in g.refused("fire", 11, 3, ship="Lance", weapon="w1", target="Picket", in_range=True)
    g.end_turn()
    g.act("use-device", ship="Bastion", device="Defense Field", ships="Hawk")
    g.act("use-device", ship="Hawk", device="Sensor Jammer", ships="Lance")
    g.act("use-device", ship="Picket", device="EMP Generator", ships="Pike")
    g.end_turn()
    assert "inside a Defense Field" in g.refused("fire", 11, ship="Spear", weapon="w1", target="Hawk")
    assert "inside a Defense Field" in g.refused("ram", ship="Spear", target="Bastion")
    assert "jammed by a Sensor Jammer" in g.refused("fire", 11, ship="Lance", weapon="w1", target="Picket")
    assert "disabled by an EMP" in g.refused("fire", 11, ship="Pike", weapon="w1", target="Picket")
    g.act("fire", 11, ship="Spear", weapon="w1", target="Picket", in_range=True)  # not covered: hit
    g.end_turn()
    assert "may not attack now: it used an EMP" in g.refused("fire", ship="Picket", weapon="w1", target="Lance")
    g.end_turn()
    g.act("fire", ship="Lance", weapon="w1", target="Hawk", in_range=True)  # the field and the jam are over
    g.check_replay_and_undo()


def _fire(ship: str, weapon: str, target: str):  # noqa: ANN202
    from mstracker.game import Action

    return Action("fire", {"ship": ship, "weapon": weapon, "target": target, "in_range": True})


def test_the_games_settings_reach_the_rules_procedures() -> None:
    g = battle(flares_vs="missiles_only", destroyed_at_armor="150", ram_pct="50", no_roll_damage_pct="50")
    events = g.act("fire", ship="Lance", weapon="Torpedo Launcher", target="Ox", in_range=True)  # torpedo: flares stay silent
    assert events[0].data["dice"] == [] and g.rec("Ox", "armor") == 282  # 50% of 35 without a roll = 18
    assert (g.rec("Ox", "d1.ammo"), g.rec("Ox", "d2.ammo")) == (8, 8)
    g.act("ram", ship="Spear", target="Picket")  # 50% of 200 each way: both at 100, below 150: destroyed
    assert g.rec("Picket", "destroyed") and g.rec("Spear", "destroyed")
    book = battle()  # the book's settings: both launchers answer the torpedo, 35 -> 18 -> 9
    book.act("fire", 5, 5, ship="Lance", weapon="Torpedo Launcher", target="Ox", in_range=True)
    assert book.rec("Ox", "armor") == 291
