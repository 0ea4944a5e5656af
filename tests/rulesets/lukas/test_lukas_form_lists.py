"""The lukas dock form's host list: allied capital ships on the table whose Hangar Bay has room, never the
docking ship itself (lukas §4.b); the attack form calls comm_radar by what it counts (play-test round 3)."""

from __future__ import annotations

from test_lukas_fixtures import ANN, BOB, act, engine, new, own_turn, rosters, ship, to_turn


def test_a_ship_docks_only_in_an_allied_hangar_with_room_never_in_itself() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), own_turn(0, 1))
    dock = eng.legal_action(s, "dock")
    assert "1" not in dock.actors  # Anvil holds the Hangar Bay: it does not dock
    hosts = eng.plugin.arg_choices(s, "dock", {"ship": "2"})["host"]
    assert [(c.value, c.why_not) for c in hosts] == [("1", "")]
    s = act(eng, s, "dock", ship="Bull", host="Anvil")
    s = act(eng, s, "dock", ship="Shield", host="Anvil")  # the frigate places are full now
    assert [c.value for c in eng.plugin.arg_choices(s, "dock", {"ship": "5"})["host"]] == []


def test_the_attack_form_names_comm_radar_by_what_it_counts() -> None:
    spec = engine().action_spec("fire")
    radar = next(a for a in spec.args if a.name == "comm_radar")
    assert radar.title == "other radars" and "not itself" in radar.help


def test_both_attack_forms_name_the_other_radars_in_the_book_s_words() -> None:
    # lukas §4.d: "all allied ships within a 10-stud radius get +1 on rolls for hit, and +1 damage"; the
    # attacker's own radar counts by itself, so neither form shows a bare "comm radar 0" (issue 16)
    for kind in ("fire", "fire-beam"):
        radar = next(a for a in engine().action_spec(kind).args if a.name == "comm_radar")
        assert radar.title == "other radars", kind
        assert "lukas §4.d" in radar.help and "within 10 studs" in radar.help and "not itself" in radar.help


def test_the_odds_of_an_attack_show_the_attackers_own_radar_applied_with_other_radars_0() -> None:
    """lukas §4.d: Titan carries a Comm Radar; with 'other radars 0' its own +1 still applies (cr_includes_self),
    and the form's odds say so instead of leaving '0' to read as no bonus (issue 16)."""
    from mstracker.game import Action

    eng = engine()
    s = to_turn(eng, new(eng), 2)
    shot = {"ship": "Titan", "weapon": "Heavy Turret", "target": "Hornet", "in_range": True}
    odds = eng.action_odds(s, Action("fire", {**shot, "comm_radar": 0}))
    assert odds is not None
    assert "Communication Radar +1 to hit and +1 damage: Titan (#7)'s own radar (other radars 0) (lukas §4.d)" in odds.notes
    alone = to_turn(eng, new(eng, {"cr_includes_self": "false"}), 2)
    odds = eng.action_odds(alone, Action("fire", {**shot, "comm_radar": 0}))
    assert odds is not None and not any(n.startswith("Communication Radar +") for n in odds.notes)
    odds = eng.action_odds(s, Action("fire", {**shot, "ship": "Ram", "weapon": "Melee", "comm_radar": 1}))
    assert odds is not None and ("Communication Radar +1 to hit and +1 damage: 1 other radar (lukas §4.d)" in odds.notes)


def test_announce_beam_lists_only_the_ships_beams_greying_those_announced_fired_or_knocked_out() -> None:
    """lukas §3.b: only a Beam is announced; one already announced this turn, fired this turn or knocked
    out by a bomb is shown greyed with why, never offered (play-test: the form showed 'disabled')."""
    from mstracker.game.state import ShipItem
    from mstracker.rulesets.lukas.announce import beam_why_not

    twin = ship("Anvil", "A-C1", "Capital Ship", 45, 10, ("Beam", "Heavy Missiles", "Beam"))
    eng = engine()
    s = to_turn(eng, new(eng, fleets=rosters((twin, *ANN[1:]), BOB), allow_illegal=True), own_turn(0, 1))
    beams = eng.plugin.arg_choices(s, "announce-beam", {"ship": "1"})["weapon"]
    assert [(c.value, c.why_not) for c in beams] == [("w1", ""), ("w3", "")]  # w2 Heavy Missiles is not a Beam
    assert beams[0].label.startswith("w1 Beam · ")
    s = act(eng, s, "announce-beam", ship="Anvil", weapon="w1", target="Titan")
    beams = eng.plugin.arg_choices(s, "announce-beam", {"ship": "1"})["weapon"]
    assert {c.value: c.label for c in beams if c.why_not} == {"w1": "w1 Beam"}
    assert {c.value: c.why_not for c in beams} == {"w1": "is already announced this turn (undo to change it)", "w3": ""}
    assert eng.legal_action(s, "announce-beam").weapon == "w3"
    assert beam_why_not(ShipItem(id="w1", kind="weapon", name="Beam", record={"disabled": True})) == (
        "was knocked out by a bomb (lukas §3.b Bombs)")
    assert beam_why_not(ShipItem(id="w1", kind="weapon", name="Beam", record={"fired": True})) == (
        "fired this turn; announce again next turn (lukas §3.b Beam)")


def test_a_plural_player_name_takes_the_apostrophe_alone() -> None:
    """The lukas demo's players are 'Kassarians' and 'Rakanda': "Kassarians' next turn", not "Kassarians's"."""
    from mstracker.fleet import Roster

    fleets = [Roster(ruleset="lukas", name="K", player="Kassarians", ships=ANN),
              Roster(ruleset="lukas", name="R", player="Rakanda", ships=BOB)]
    eng = engine()
    s = act(eng, to_turn(eng, new(eng, fleets=fleets, first="Kassarians"), own_turn(0, 1)), "announce-beam",
            ship="Anvil", target="Titan")
    words = next(r.words() for r in eng.plugin.readiness(s, s.ships["1"]) if r.item == "w1")
    assert "fires in Kassarians' next turn" in words, words
