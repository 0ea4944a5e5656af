"""The readiness of every spook weapon, device and ability, in the book's words: X;Y reloads (§5 Reload),
used this turn (§3 B2), flare ammo (§6 B1), subsystems destroyed (§7 A11), EMP and Sensor Jammer (§6 B3, B4),
a jump's hold (§6 A1), a probe's one move (§4 B1), the hull's abilities, ships out of play."""

from __future__ import annotations

from test_spook_support import Play, roster, ship

from mstracker.rules.contract import Readiness

R = Readiness


def fleets(**settings: object) -> Play:
    blue = roster(
        "Blue",
        ship("Fang", "Destroyer", ("Ion Beam", "Turreted Railgun", "Mass Driver Turret"), ("Afterburner",)),  # 1
        ship("Haven", "Carrier", ("Mass Driver Turret",), ("Hyperdrive", "Flare Launcher")),  # 2
        ship("Eye", "Probe", devices=("EMP Generator",)),  # 3
        ship("Sower", "Mine Layer Frigate", ("Missile Launcher",)),  # 4
        ship("Shade", "Infiltrator Frigate", ("Mass Driver Turret",)),  # 5
        ship("Wasps", "Fighter", ("Mass Driver",)),  # 6
    )
    red = roster(
        "Red",
        ship("Picket", "Frigate", ("Missile Launcher",), ("Sensor Jammer",)),  # 7
        ship("Anvils", "Bomber", ("Bomb Launcher",)),  # 8
        ship("Ox", "Transport", devices=("Flare Launcher", "Gravity Well Generator")),  # 9
    )
    g = Play([blue, red], **settings)
    g.start()
    return g


def rows(g: Play, ref: str) -> dict[str, tuple[Readiness, str, int | None, int | None]]:
    """item id -> (status, detail, turns left, uses left)."""
    s = g.ship(ref)
    return {r.item: (r.status, r.detail, r.turns_left, r.uses_left) for r in g.eng.plugin.readiness(g.s, s)}


def test_a_fresh_ship_shows_its_x_y_uses_and_its_hull_abilities() -> None:
    g = fleets()
    fang = rows(g, "Fang")
    # Ion Beam 1;1, Turreted Railgun 2;1, Mass Driver Turret no reload, Afterburner 1;2 (§5, §6 A2)
    assert fang["w1"] == (R.READY, "1 of 1 uses left before its 1 turn reload", None, 1)
    assert fang["w2"] == (R.READY, "2 of 2 uses left before its 1 turn reload", None, 2)
    assert fang["w3"] == (R.READY, "", None, None)
    assert fang["d1"] == (R.READY, "1 of 1 uses left before its 2 turns reload", None, 1)
    assert [(r.item, r.name, r.status) for r in g.eng.plugin.readiness(g.s, g.ship("Fang")) if r.kind == "ability"] == [
        ("a1", "Scuttle", R.READY), ("a2", "Ramming", R.READY)]
    haven = rows(g, "Haven")
    assert haven["d2"] == (R.PASSIVE, "always on against missiles: ammo 8 of 8 (spook §6 B1)", None, 8)
    assert haven["a1"][0] is R.PASSIVE and haven["a1"][1].startswith("retires Fighter, Bomber, Lancer, Frigate")
    assert rows(g, "Anvils")["a1"][:2] == (R.PASSIVE, "its bombs may name a weapon, device or the engines "
                                                       "(spook §7 A11, house default)")
    assert rows(g, "Ox")["a1"][:2] == (R.PASSIVE, "carries 0 of 4 strike-craft squadrons (spook §4 B2)")


def test_t_spk_13_ion_beam_reloads_over_two_own_turns_and_the_railgun_has_two_shots() -> None:
    g = fleets()
    g.act("fire", 3, ship="Fang", weapon="Ion Beam", target="Picket", in_range=True)
    g.act("fire", 3, ship="Fang", weapon="Turreted Railgun", target="Picket", in_range=True)
    fang = rows(g, "Fang")
    assert fang["w1"] == (R.RELOADING, "used this turn; reload 1;1 (spook §5 Reload): usable again in 2 own turns",
                          2, 0)
    assert fang["w2"] == (R.SPENT, "used this turn; 1 of 2 uses left before its 1 turn reload", None, 1)
    assert g.eng.plugin.first_ready(g.s, g.ship("Fang")) == "w3"
    g.end_turn()  # Red's turn: Blue's marks of its last turn do not show, the wait does
    fang = rows(g, "Fang")
    assert fang["w1"][:3] == (R.RELOADING, "reload 1;1 (spook §5 Reload): usable again in 2 own turns", 2)
    assert fang["w2"][0] is R.READY
    g.end_turn()  # Blue's turn 3: one own turn done
    assert rows(g, "Fang")["w1"][:3] == (R.RELOADING, "reload 1;1 (spook §5 Reload): usable again in 1 own turn", 1)
    g.end_turn()
    g.end_turn()  # Blue's turn 5: the Ion Beam fires again (T1, T3 of Blue's own turns)
    assert rows(g, "Fang")["w1"][0] is R.READY


def test_flares_out_of_ammo_then_paid_for() -> None:
    g = fleets()
    g.act("set", target="Haven", key="d2.ammo", value="0")
    assert rows(g, "Haven")["d2"] == (R.OUT, "out of ammo: reload it with reload-flares in the device step "
                                             "(spook §6 B1)", None, 0)
    g.act("reload-flares", ship="Haven")
    assert rows(g, "Haven")["d2"] == (R.RELOADING, "reload paid: full again at the start of its owner's next turn "
                                                   "(spook §6 B1)", 1, 0)


def test_a_subsystem_destroyed_by_bombs_shows_destroyed() -> None:
    g = fleets()
    g.end_turn()
    g.act("fire", 7, ship="Anvils", weapon="Bomb Launcher", target="Fang", subsystem="Ion Beam", in_range=True)  # acc 8 >= 3; d8 7
    assert rows(g, "Fang")["w1"][:2] == (R.DESTROYED, "destroyed by a bomber's subsystem targeting (spook §7 A11)")


def test_emp_disables_everything_and_a_jammer_only_weapons() -> None:
    g = fleets()
    g.act("use-device", ship="Eye", device="EMP Generator", ships="Picket")
    g.end_turn()
    picket = rows(g, "Picket")
    assert picket["w1"][:2] == (R.DISABLED, "disabled by an EMP (spook §6 B3): 1 turn left")
    assert picket["d1"][:2] == (R.DISABLED, "disabled by an EMP (spook §6 B3): 1 turn left")
    assert g.eng.plugin.first_ready(g.s, g.ship("Picket")) is None
    assert rows(g, "Eye")["d1"][:2] == (R.READY, "")  # used on Blue's last turn: Blue's upkeep clears that mark
    g.act("use-device", ship="Ox", device="Gravity Well Generator")
    assert rows(g, "Ox")["d2"][:2] == (R.RELOADING, "used this turn; reload 1;2 (spook §5 Reload): usable again in "
                                                     "3 own turns")
    g.end_turn()
    g.end_turn()
    g.act("use-device", ship="Picket", device="Sensor Jammer", ships="Fang")
    g.end_turn()
    fang = rows(g, "Fang")
    assert fang["w3"][:2] == (R.DISABLED, "jammed by a Sensor Jammer (spook §6 B4): 1 turn left")
    assert fang["d1"][0] is R.READY  # devices work under a jam


def test_a_jump_holds_the_ships_weapons_and_a_device_short_of_ru_is_disabled() -> None:
    g = fleets()
    g.act("use-device", ship="Haven", device="Hyperdrive")
    haven = rows(g, "Haven")
    assert haven["w1"][:2] == (R.DISABLED, "may not attack this turn: it jumped (spook §6 A1), was repaired or "
                                           "was just built")
    assert haven["d1"][:2] == (R.SPENT, "used this turn (once per turn, spook §3 B2)")
    g.act("set", target="Blue", key="ru", value="9")
    assert rows(g, "Eye")["d1"][:2] == (R.DISABLED, "needs 10 RU per use; Blue has 9 (spook §6)")


def test_a_probes_one_move_and_an_infiltration_under_way() -> None:
    g = fleets()
    assert rows(g, "Eye")["move"][:2] == (R.READY, "moves once per game: straight, any distance (spook §4 B1)")
    g.act("probe-move", ship="Eye")
    assert rows(g, "Eye")["move"][:2] == (R.OUT, "made its one move of the game (spook §4 B1)")
    g.act("infiltrate", ship="Shade", target="Picket")
    shade = rows(g, "Shade")
    assert shade["a1"][:2] == (R.WAITING, "infiltrating #7 Picket: captured after 4 more ability steps "
                                          "(spook §7 A12, house default)")
    assert shade["w1"][:2] == (R.DISABLED, "infiltrating #7 Picket: no attacks meanwhile (spook §7 A12, house default)")


def test_ships_out_of_play_show_no_live_items() -> None:
    g = fleets()
    g.act("retire", ship="Wasps", host="Haven")
    g.end_turn()
    g.end_turn()  # Blue's turn 3 starts: the fighter retires
    assert g.rec("Wasps", "retired")
    assert rows(g, "Wasps")["w1"] == (R.DISABLED, "the ship has retired (spook §7 A2): out of play", None, None)
    g.act("set", target="Picket", key="armor", value="10")
    g.act("fire", ship="Fang", weapon="w3", target="Picket", in_range=True)  # acc 10 >= 5: 20 damage
    assert rows(g, "Picket") == {"w1": (R.DISABLED, "the ship is destroyed", None, None),
                                 "d1": (R.DISABLED, "the ship is destroyed", None, None),
                                 "a1": (R.DISABLED, "the ship is destroyed", None, None),
                                 "a2": (R.DISABLED, "the ship is destroyed", None, None)}


def test_a_ship_waiting_to_retire_shows_why_it_may_not_act() -> None:
    g = fleets()
    g.act("retire", ship="Sower", host="Haven")
    assert rows(g, "Sower")["w1"][0] is R.READY  # ordered this turn: it may still fire before it ends the turn
    g.end_turn(upkeep=False)
    assert rows(g, "Sower")["w1"][:2] == (R.DISABLED, "waiting to retire at Haven (#2): handled at the start of its "
                                                      "owner's turn, it may not act before (spook §3 B, §7 A2)")
