"""The report's fleets from real games of the sample fleets with typed faces: a ship built mid-game
starts at its state when built, a captured ship at its own start state, retired and jumped-out ships
are not losses, and every effect on a record (item flags included) is listed."""

from __future__ import annotations

from report_games import cal_jump_and_battery_damaged, lukas_capture, spook_build_and_retire

from mstracker.game import battle_report, report_markdown


def test_spook_a_built_ship_starts_when_built_and_a_retired_ship_is_not_lost() -> None:
    t = spook_build_and_retire()
    report = battle_report(t.eng, t.log)
    blue = report["players"][0]
    wasps = next(s for s in blue["ships"] if s["name"] == "Blue Wasps")
    assert wasps["id"] == "19" and wasps["joined"] == {"turn": 1, "how": "Blue Wasps (#19), a Fighter, joins Blue's fleet"}
    assert wasps["start"]["shown"] == {"Armor": "70/70", "Agi": "9", "Speed": "10", "Hold": "1"}  # as built, not as the game began
    assert wasps["end"]["bars"] == ["Armor 60/70"] and wasps["status"] == "in play"
    jays = next(s for s in blue["ships"] if s["name"] == "Blue Jays")
    assert (jays["status"], jays["status_turn"]) == ("retired", 3)
    assert report["losses"] == []
    assert [(x["name"], x["out"], x["turn"]) for x in report["left_play"]] == [("Blue Jays", "Retired", 3)]
    assert blue["counts"] == {"ships": 9, "in_play": 8, "lost": 0, "built": 1, "captured": 0, "taken": 0,
                              "out": {"retired": 1}}
    md = report_markdown(report)
    assert "9 ships: 8 in play, 1 retired, 1 built during the game" in md
    assert ("| 19 | Blue Wasps | Fighter | Armor 70/70; Agi 9; Speed 10; Hold 1 | Armor 60/70 "
            "| in play; joined in turn 1: Blue Wasps (#19), a Fighter, joins Blue's fleet |") in md
    assert "| 6 | Blue Jays | Fighter | Armor 70/70; Agi 9; Speed 10 | Armor 70/70 | retired (turn 3) |" in md
    assert "No ships lost." in md and "| Blue Jays (#6) | Fighter | Blue | 3 | Retired |" in md
    fang = next(s for s in blue["ships"] if s["name"] == "Blue Fang")
    assert fang["end"]["effects"] == ["Gattling Mass Driver (w1): uses 1"]  # an item's state, listed


def test_lukas_a_captured_ship_keeps_its_own_start_under_both_owners() -> None:
    t = lukas_capture()
    report = battle_report(t.eng, t.log)
    kass, rak = report["players"]
    lost = next(s for s in kass["ships"] if s["name"] == "Kassarian Picket")
    assert (lost["status"], lost["status_turn"], lost["captured_by"]) == ("captured by Rakanda", 4, "Rakanda")
    assert lost["end"]["effects"] == ["⚑ Captured"]
    taken = next(s for s in rak["ships"] if s["name"] == "Kassarian Picket")
    assert taken["start"]["shown"] == {"Armor": "25/25", "Speed": "12/12"}  # its own start, not 'Captured'
    assert (taken["captured_from"], taken["captured_turn"], taken["status"]) == ("Kassarians", 4, "in play")
    assert kass["counts"]["captured"] == 1 and kass["counts"]["in_play"] == 2
    assert rak["counts"]["taken"] == 1 and rak["counts"]["ships"] == 4 and report["losses"] == []
    md = report_markdown(report)
    assert "| 2 | Kassarian Picket | Frigate | Armor 25/25; Speed 12/12 | Armor 25/25; Speed 12/12; ⚑ Captured " \
           "| captured by Rakanda (turn 4) |" in md
    assert "| in play; captured from Kassarians (turn 4) |" in md
    assert "3 ships: 2 in play, 1 captured by the enemy" in md and "4 ships: 4 in play, 1 captured from the enemy" in md


def test_cal_a_jump_is_no_loss_and_battery_damaged_is_listed() -> None:
    t = cal_jump_and_battery_damaged()
    report = battle_report(t.eng, t.log)
    red, green = report["players"]
    gadfly = next(s for s in green["ships"] if s["name"] == "Gadfly")
    assert gadfly["end"]["bars"] == ["SS 12/20"] and "Beam (w1): damaged" in gadfly["end"]["effects"]
    wasp = next(s for s in red["ships"] if s["name"] == "Wasp")
    assert (wasp["status"], wasp["status_turn"]) == ("jumped", 4)
    assert report["losses"] == [] and [(x["name"], x["out"]) for x in report["left_play"]] == [("Wasp", "Jumped")]
    assert red["counts"]["out"] == {"jumped": 1} and red["counts"]["lost"] == 0
    md = report_markdown(report)
    assert "6 ships: 5 in play, 1 jumped" in md and "| jumped (round 4) |" in md
    assert "| 10 | Gadfly | Corvette | SS 20/20; Course stationary | SS 12/20; Beam (w1): damaged | in play |" in md


def test_at_end_says_an_item_s_state_in_words_once_without_values_at_rest() -> None:
    """Playtest round 3: 'Ion Beam (w2) • Used; Ion Beam (w2) Uses 0; Ion Beam (w2) Reload 2', '⏸ Hold 0'
    and 'Lost sys: Flare Launcher (d2); Flare Launcher (d2) ✗ Lost'."""
    from mstracker.game import engine_for
    from mstracker.game.report_fleets import effects
    from mstracker.store.catalog import book_ruleset
    from mstracker.store.fleets import load_roster, sample_fleets

    eng = engine_for(book_ruleset("spook"))
    state = eng.new_game("Test", [load_roster(p) for p in sample_fleets("spook")[:2]], {})
    ship = next(s for s in state.ships.values() if any(i.name == "Flare Launcher" for i in s.items))
    flare = next(i for i in ship.items if i.name == "Flare Launcher")
    start = ship.model_copy(update={"record": {**ship.record, "hold": 1}})
    items = []
    for item in ship.items:
        if item is flare:
            item = item.model_copy(update={"record": {**item.record, "destroyed": True}})
        elif item.kind == "weapon" and not items:
            item = item.model_copy(update={"record": {**item.record, "used": True, "uses": 0, "reload": 2}})
        items.append(item)
    end = ship.model_copy(update={"record": {**ship.record, "hold": 0, "lost_systems": [f"Flare Launcher ({flare.id})"]},
                                  "items": tuple(items)})
    weapon = next(i for i in ship.items if i.kind == "weapon")
    assert effects(eng.spec, start, end) == [f"Lost sys: Flare Launcher ({flare.id})",
                                             f"{weapon.name} ({weapon.id}): used, reload 2"]
