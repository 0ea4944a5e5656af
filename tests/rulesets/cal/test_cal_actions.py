"""Every cal action and automatic step: what it writes on the records, and what it refuses."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_cal_helpers import Game, engine, roster, texts

from mstracker.game import Action, FieldKind, InvalidAction
from mstracker.store.fleets import load_roster, sample_fleets

RED = roster("Red Fleet", "Red", ("Lance", "DD-1", "Destroyer"), ("Resolute", "CA-1", "Heavy Cruiser"),
             ("Aegis", "FFAA-1", "Point Defense Frigate"))
BLUE = roster("Blue Fleet", "Blue", ("Sovereign", "CV-1", "Carrier"), ("Wasp", "K-1", "Corvette"),
              ("Boarding Party", "FFA-1", "Assault Frigate"))


def game(**settings: object) -> Game:
    return Game(RED, BLUE, **settings)


# ---- set-up ------------------------------------------------------------------------------------


def test_record_spec_covers_the_ship_record() -> None:
    spec = engine().spec
    keys = {f.key: f for f in spec.fields}
    for key in ("ss", "round_damage", "crew", "crew_permanent", "fire", "boarders", "course", "ftl_powered", "ftl",
                "engines_damaged", "engines_offline", "sensors_offline", "weapons_offline", "cc", "in_play", "marks",
                "blast", "destroyed", "jumped"):
        assert key in keys and keys[key].label and keys[key].help, key
    assert keys["ss"].kind is FieldKind.BAR and keys["fire"].glyph == "🔥" and keys["destroyed"].glyph == "✗"
    assert {f.key for f in spec.item_fields} == {"stat", "shots", "damaged", "bays", "track"}
    assert {f.key for f in spec.player_fields} == {"cc", "craft"} and spec.loss_flags == ("destroyed", "jumped")
    assert {f.kind for f in (*spec.fields, *spec.item_fields)} >= {
        FieldKind.BAR, FieldKind.COUNTER, FieldKind.FLAG, FieldKind.TIMER, FieldKind.TEXT, FieldKind.LIST}


def test_initial_ships_items_players_and_a_custom_design() -> None:
    samples = {p.stem: load_roster(p) for p in sample_fleets("cal")}
    strike, convoy = samples["strike-group"], samples["convoy"]
    g = Game(strike, convoy)
    tempest = g.ship("Tempest")
    assert tempest.ship_class == "Strike Cruiser" and tempest.record["ss"] == tempest.record["ss_max"] == 55
    assert [(i.id, i.name, i.record.get("stat")) for i in tempest.items] == [
        ("w1", "Beam", "6/8"), ("w2", "Projectile", "4/10"), ("w3", "Point", "2 a round"),
        ("d1", "Torpedoes", None), ("d2", "Bomber Bay", None)]
    assert tempest.item("beam").record == {"stat": "6/8", "shots": 0, "rate": 2, "damaged": False}
    assert tempest.item("d2").record == {"bays": 1, "bays_max": 1, "track": []}
    assert (tempest.record["crew"], tempest.record["crew_permanent"], tempest.record["cc"]) == (0, 0, 2)
    assert g.ship("Gadfly").item("Beam").record["rate"] == 1  # an escort fires each weapon once
    assert g.state.players[0].resources == {"cc": 2, "craft": 0} and g.state.players[1].name == "Yellow"
    assert g.state.extra == {"ordnance": [], "next_token": 1, "pd": {}}
    g.act("add-ship", player="Green", ship_class="DD", name="Late")
    assert g.ship("Late").ship_class == "Destroyer" and g.ship("Late").item("d1").record["bays"] == 4


def test_interphase_is_skipped_in_round_one_only() -> None:
    g = game()
    g.act("next-step")
    assert (g.state.turn, g.state.current_phase.id) == (1, "ordnance")
    g.next_round()
    assert (g.state.turn, g.state.current_phase.id) == (2, "interphase")


# ---- gunnery -------------------------------------------------------------------------------------


def test_fire_refusals_name_the_reason() -> None:
    g = game()
    assert "set-up" in g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    g.to("ordnance")
    assert "belongs to phase 2. Gunnery" in g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    g.to("gunnery", "weapons")
    assert "distance needed: cal §Weapons" in g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1")
    assert "point-defence" in g.refused("fire", 6, ship="K-1", weapon="point", target="DD-1", distance=3)
    assert "launches ordnance" in g.refused("fire", 6, ship="K-1", weapon="d1", target="DD-1", distance=3)
    assert "no item 'torpedo'" in g.refused("fire", 6, ship="DD-1", weapon="torpedo", target="K-1", distance=3)
    assert "cannot target itself" in g.refused("fire", 6, ship="K-1", weapon="beam", target="K-1", distance=0)
    # cal §Weapons: a battery fires at a hostile ship; Wasp (K-1) and Sovereign (CV-1) are both Blue's
    assert g.refused("fire", 6, ship="K-1", weapon="beam", target="CV-1", distance=3) == (
        "Sovereign (#4) is one of Blue's own ships: batteries fire at hostile ships (cal §Weapons)")
    assert g.eng.legal_action(g.state, "fire", "5").targets == ("1", "2", "3")  # Wasp (#5) aims at Red's ships only
    assert "1 shot left this round, not 2" in g.refused("fire", 6, 6, ship="K-1", weapon="beam", target="DD-1", distance=3, shots=2)
    assert "no faces were typed" in g.refused("fire", ship="K-1", weapon="beam", target="DD-1", distance=3)
    assert "left over" in g.refused("fire", 6, 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    g.act("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    assert "has fired its 1 shot this round" in g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    g.act("fire", 1, ship="CA-1", weapon="beam", target="K-1", distance=2, shots=1)
    g.act("fire", 6, ship="CA-1", weapon="beam", target="FFA-1", distance=2)  # the second shot at another target
    assert g.item("CA-1", "w1")["shots"] == 2 and g.rec("FFA-1")["round_damage"] == 8
    g.act("set", target="FFAA-1", key="weapons_offline", value="yes")
    assert "Weapons/Ordnance Offline" in g.refused("fire", 6, ship="FFAA-1", weapon="beam", target="K-1", distance=1)
    g.act("set", target="DD-1", key="w1.damaged", value="yes")
    assert "battery is damaged" in g.refused("fire", 6, ship="DD-1", weapon="beam", target="K-1", distance=1)
    g.act("set", target="K-1", key="destroyed", value="yes")
    assert "is destroyed and cannot act" in g.refused("fire", 6, ship="K-1", weapon="projectile", target="DD-1", distance=1)
    assert "is destroyed: it cannot be targeted" in g.refused("fire", 6, ship="CA-1", weapon="beam", target="K-1", distance=1)
    g.to("gunnery", "point_defence")
    assert "done at 1. Each ship declares" in g.refused("fire", 6, ship="FFA-1", weapon="beam", target="DD-1", distance=1)


def test_sensors_offline_cuts_weapon_range_to_one() -> None:
    g = game()
    g.act("set", target="CA-1", key="sensors_offline", value="yes")
    g.to("gunnery", "weapons")
    assert "maximum range is 1 (Sensors Offline)" in g.refused("fire", 6, ship="CA-1", weapon="beam", target="K-1", distance=2)
    text = g.text("fire", 6, 6, ship="CA-1", weapon="beam", target="K-1", distance=1)
    assert "Beam 8/1 at Wasp (#5), 1 hex: long range (more than half of 1)" in text and "4 damage a hit" in text


def test_gunnery_order_per_player_lifts_the_step_order() -> None:
    g = game(gunnery_order="per player")
    g.to("gunnery", "launch")
    g.act("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    assert g.rec("DD-1")["round_damage"] == 4


def test_attack_odds_follow_the_state() -> None:
    g = game()
    g.to("gunnery", "weapons")
    eng, state = g.eng, g.state

    def odds(**args: object):
        return eng.action_odds(g.state, Action("fire", args))

    assert odds(ship="CA-1", weapon="beam", target="K-1") is None  # no distance yet
    plain = odds(ship="CA-1", weapon="beam", target="K-1", distance=4)
    assert plain.p_hit == Fraction(1, 2) and plain.damage == {0: Fraction(1, 4), 8: Fraction(1, 2), 16: Fraction(1, 4)}
    # SS 20: minor from 5, major from 10. Destroyed only by a Reactor Breach: Major (1/4) * 2/36 + Minor (1/2) *
    # 2/36 (Chain Reaction) * 2/36 = 1/72 + 1/648 = 10/648 = 5/324. Reaching SS 0 (16 < 20) is impossible.
    assert (plain.extra["p_major"], plain.extra["p_minor"], plain.extra["p_SS_reaches_0"]) == (Fraction(1, 4), Fraction(1, 2), 0)
    assert plain.p_destroy == Fraction(5, 324)
    g.act("set", target="K-1", key="round_damage", value="12")
    g.act("set", target="CA-1", key="crew", value="1")
    after = odds(ship="CA-1", weapon="beam", target="K-1", distance=4, shots=1)
    assert after.p_hit == Fraction(2, 3) and after.damage == {0: Fraction(1, 3), 8: Fraction(2, 3)}
    # 12 recorded already calls for the Major table (>= 10), hit or miss: destroyed 2/36 = 1/18 either way;
    # a hit (2/3) takes SS 20 to 0 (12 + 8 = 20), which is no destruction.
    assert after.extra["p_major"] == 1 and after.extra["p_SS_reaches_0"] == Fraction(2, 3)
    assert after.p_destroy == Fraction(2, 36)
    assert any("Already recorded" in n for n in after.notes)
    # refused as filled in: no odds (a typed action's odds are None then); the dialog shows the refusal of its dice
    assert odds(ship="K-1", weapon="beam", target="CA-1", distance=7) is None
    with pytest.raises(InvalidAction, match="maximum range is 6"):
        eng.dice_plan(g.state, Action("fire", {"ship": "K-1", "weapon": "beam", "target": "CA-1", "distance": 7}))


# ---- ordnance ------------------------------------------------------------------------------------


def launched(g: Game, ship: str, track: str, kind: str, count: int | None = None) -> str:
    """Put counters on a track by hand, go to the launch step and launch them; returns the token id."""
    g.act("set", target=ship, key="d1.track", value=track)
    g.to("gunnery", "launch")
    g.act("launch", ship=ship, ordnance=kind, count=count)
    return g.state.extra["ordnance"][-1]["id"]


def test_x10_point_defence_at_most_once_per_unit_and_each_hit_removes_one() -> None:
    g = game()
    token = launched(g, "CV-1", "Bomber ready, Bomber ready, Bomber ready", "bomber")
    assert g.state.extra["ordnance"][0]["units"] == 3 and g.rec("CV-1")["in_play"] == ["o1 Bomber ×3"]
    g.next_round()
    g.to("gunnery", "point_defence")
    assert "own ordnance" in g.refused("point-defence", 6, ship="CV-1", token=token)
    assert "no point defence" in g.refused("point-defence", 6, ship="CA-1", token=token)
    assert "out of range: point defence reaches 2 hexes, o1 is 3 away (cal §Point Defenses)" == g.refused("point-defence", 6, ship="FFAA-1", token=token, distance=3)
    assert "may shoot o1 (3 units when point defence began) 3 more times this round, not 4" in g.refused(
        "point-defence", 6, 6, 6, 6, ship="FFAA-1", token=token, shots=4)
    text = g.text("point-defence", 4, 1, 5, ship="FFAA-1", token="1", shots=3, in_range=True)
    assert "2 units removed; o1 has 1 unit left" in text
    assert g.state.extra["ordnance"][0]["units"] == 1 and g.item("FFAA-1", "Point")["shots"] == 3
    assert "0 more times" in g.refused("point-defence", 6, ship="FFAA-1", token=token)  # its 4th shot cannot go there
    g.act("point-defence", 6, ship="DD-1", token=token, shots=1, in_range=True)  # another ship may still shoot
    assert g.state.extra["ordnance"] == [] and g.rec("CV-1")["in_play"] == []
    assert "no ordnance token 'o1'" in g.refused("point-defence", 6, ship="DD-1", token=token)
    g.act("set", target="DD-1", key="w2.damaged", value="yes")
    token = launched(g, "CV-1", "Bomber ready", "bomber")
    g.next_round()
    g.to("gunnery", "point_defence")
    assert "point defences are damaged" in g.refused("point-defence", 6, ship="DD-1", token=token)
    g.to("damage", "command_control")
    assert g.item("FFAA-1", "Point")["shots"] == 0 and g.state.extra["pd"] == {}


def test_pd_target_is_a_game_setting() -> None:
    g = game(pd_target=6)
    token = launched(g, "CV-1", "Bomber ready", "bomber")
    g.next_round()
    g.to("gunnery", "point_defence")
    assert "each needs 6" in g.text("point-defence", 5, ship="FFAA-1", token=token, shots=1, in_range=True)
    assert g.state.extra["ordnance"][0]["units"] == 1


def test_x8_x9_intercepts() -> None:
    g = game()
    g.act("set", target="CV-1", key="d1.track", value="Fighter ready, Fighter ready, Fighter/Bomber ready")
    g.act("set", target="CA-1", key="d2.track", value="Assault Craft ready")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-1", ordnance="fighter", count=1)  # o1
    g.act("launch", ship="CV-1", ordnance="fighter", count=1)  # o2
    g.act("launch", ship="CV-1", ordnance="fb")  # o3
    g.act("launch", ship="CA-1", ordnance="assault")  # o4
    g.act("launch", ship="DD-1", ordnance="torpedo")  # o5
    assert g.state.players[1].resources["craft"] == 3
    g.next_round()
    g.to("ordnance")
    assert "same side" in g.refused("intercept", 1, token="o1", target="o2")
    assert "cannot intercept (ATA 0)" in g.refused("intercept", 1, token="o4", target="o1")
    # X9: a fighter against an assault craft (ATA 0): removed; the fighter stays on d6 < 4
    text = g.text("intercept", 3, token="o1", target="o4")
    assert "rolled 3, it stays" in text and [t["id"] for t in g.state.extra["ordnance"]] == ["o1", "o2", "o3", "o5"]
    assert "has intercepted this round" in g.refused("intercept", 1, token="o1", target="o5")
    # the fighter loses the roll against the torpedo
    assert "rolled 5, it is removed too" in g.text("intercept", 5, token="o2", target="o5")
    assert [t["id"] for t in g.state.extra["ordnance"]] == ["o1", "o3"]
    assert g.state.extra["ordnance"][0]["intercepted_round"] == 2
    g.check_replay()


def test_x8_equal_ata_fighters_eliminate_each_other() -> None:
    carriers = roster("Red Fleet", "Red", ("Harrier", "CVE-1", "Escort Carrier"))
    g = Game(carriers, BLUE)
    g.act("set", target="CVE-1", key="d1.track", value="Fighter ready")
    launched(g, "CV-1", "Fighter ready", "fighter")
    g.act("launch", ship="CVE-1", ordnance="fighter")
    g.next_round()
    g.to("ordnance")
    text = g.text("intercept", token="o1", target="o2")
    assert "Equal ATA: both sides are removed" in text and g.state.extra["ordnance"] == []
    assert g.state.players[0].resources["craft"] == g.state.players[1].resources["craft"] == 0


def test_zero_ata_setting_lets_the_fighter_stay_without_a_roll() -> None:
    g = game(intercept_zero_ata_roll=False)
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    launched(g, "CV-1", "Fighter ready", "fighter")
    g.act("launch", ship="DD-1", ordnance="torpedo")
    g.next_round()
    g.to("ordnance")
    assert "remains without a roll (the house setting “A fighter that beats 0-ATA ordnance” is off)" in g.text("intercept", token="o1", target="o2")


def test_ordnance_attacks_and_assault_craft_leave_after_one_round() -> None:
    g = game()
    g.act("set", target="FFA-1", key="d1.track", value="Assault Craft ready, Assault Craft ready")
    g.act("set", target="CV-1", key="d1.track", value="Fighter ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="FFA-1", ordnance="assault craft", count=1)  # o1
    g.act("launch", ship="CV-1", ordnance="fighter")  # o2
    g.act("launch", ship="FFA-1", ordnance="assault")  # o3
    g.to("gunnery", "launch")
    g.next_round()
    g.to("gunnery", "ordnance_attacks")
    assert "does not attack ships" in g.refused("ordnance-attack", token="o2", target="CA-1")
    assert "own side" in g.refused("ordnance-attack", token="o1", target="K-1")
    # the report credits what an ordnance attack does to the token's owner (Blue), not the target's
    target = g.state.find_ship("CA-1")
    assert g.eng.damage_by(g.state, Action("ordnance-attack", {"token": "o1", "target": "CA-1"}), target) == 1
    assert "Boarders 0 → 1" in g.text("ordnance-attack", token="o1", target="CA-1")
    assert g.rec("CA-1")["boarders"] == 1
    g.to("gunnery", "launch")
    g.act("set", target="FFA-1", key="d1.track", value="Assault Craft ready")
    g.act("launch", ship="FFA-1", ordnance="assault")  # o4, launched this round
    done = texts(g.to("damage", "add_fire"))
    assert "Leaving play one round after deployment: o3 Assault Craft." in done
    assert [t["id"] for t in g.state.extra["ordnance"]] == ["o2", "o4"]
    g.next_round()
    done = texts(g.to("interphase", "damage_control", faces=(1,)))  # the boarder on the cruiser: Skirmish
    assert "Resolute (#2), 1 Boarder: Boarder 1: Boarder Table: rolled 1: Skirmish (Crew -1)." in done
    assert (g.rec("CA-1")["crew"], g.rec("CA-1")["boarders"]) == (-1, 1)  # boarders stay aboard


def test_recall_blocks_readying_on_every_ship_of_that_player() -> None:
    g = game()
    launched(g, "CV-1", "Fighter ready, Fighter ready", "fighter")
    g.next_round()
    g.to("ordnance", "recall")
    assert "Blue recalls 1 unit of o1 Fighter ×2" in g.text("recall", token="o1", units=1)
    assert g.state.extra["ordnance"][0]["units"] == 1 and g.state.players[1].resources["craft"] == 1
    assert "Blue recalled ordnance this round" in g.refused("ready-ordnance", ship="FFA-1", ordnance="assault")
    g.act("ready-ordnance", ship="DD-1", ordnance="torpedo")  # the other player still may
    assert "not 3" in g.refused("recall", token="o1", units=3)
    g.next_round()
    g.to("ordnance", "ready")
    g.act("ready-ordnance", ship="FFA-1", ordnance="assault")  # the recall no longer blocks Blue
    # D4.8: Crew 0 -> square "T/A 0", 3 Interphases until ready (cnl.ready_delay)
    assert g.item("FFA-1", "d1")["track"] == ["Assault Craft 3"]


def test_launch_refusals_and_torpedo_courses() -> None:
    g = game()
    g.act("set-course", ship="DD-1", course="d2=2 cw=1")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready, Torpedo ready, Torpedo 2")
    g.to("gunnery", "launch")
    assert "no Fighter counter on the ready square" in g.refused("launch", ship="CV-1", ordnance="fighter")
    assert "has 2 ready Torpedo counters, not 3" in g.refused("launch", ship="DD-1", ordnance="torpedo", count=3)
    assert "needs the ship's facing" in g.refused("launch", ship="DD-1", ordnance="torpedo", count=1, course="2 2")
    assert "at least half" in g.refused("launch", ship="DD-1", ordnance="torpedo", count=1, facing=2, course="1 3")
    assert "on course d2=4" in g.text("launch", ship="DD-1", ordnance="torpedo", count=1, facing=2, course="2 2")
    assert "on course d2=2," in g.text("launch", ship="DD-1", ordnance="torpedo")  # no rotation
    assert g.item("DD-1", "d1")["track"] == ["Torpedo 2"]
    g.act("set", target="CV-1", key="d1.track", value="Fighter ready")
    assert "only torpedoes" in g.refused("launch", ship="CV-1", ordnance="fighter", facing=1)
    g.act("set", target="CV-1", key="weapons_offline", value="yes")
    assert "cannot launch until repaired" in g.refused("launch", ship="CV-1", ordnance="fighter")
    assert "belongs to phase 1. Ordnance" in g.refused("ready-ordnance", ship="DD-1", ordnance="torpedo")


def test_losing_cc_calls_for_removing_craft() -> None:
    # cal §Command & Control: "if this reduction brings C&C total below the number of fighters and bombers in
    # play, the player must immediately remove fighter or bomber units as necessary" (their choice of which).
    g = game()
    launched(g, "CV-1", "Fighter ready, Fighter ready, Fighter ready", "fighter")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.act("launch", ship="DD-1", ordnance="torpedo")  # o2: torpedoes need no C&C
    g.next_round()
    g.to("gunnery", "weapons")
    g.act("set", target="CV-1", key="round_damage", value="40")
    done = texts(g.to("damage", "resolve_damage", faces=(3, 3)))  # Major 6: Sensors Offline, C&C 0
    assert "Sensors Offline" in done and g.rec("CV-1")["cc"] == 0
    assert g.state.players[1].resources == {"cc": 0, "craft": 3}
    [obligation] = g.eng.obligations(g.state)
    assert (obligation.id, obligation.player, obligation.resolve) == ("cc-over:2", 1, "remove-ordnance")
    assert obligation.text.startswith("Blue has 3 fighters and bombers in play with C&C 0: remove 3 now, the tokens of their choice (remove-ordnance)")
    assert "cal §Command & Control" in obligation.cite
    assert "override “cc-over:2”" in g.refused("next-step", force=True)
    remove = g.eng.legal_action(g.state, "remove-ordnance")
    assert remove.defaults(["token", "units", "reason"]) == {"token": "o1", "units": 3, "reason": "above C&C"}
    g.act("remove-ordnance", token="o1", units=2, reason="C&C")  # one still too many
    assert "remove 1 now" in g.refused("next-step", force=True)
    g.act("remove-ordnance", token="o1", units=1, reason="C&C")
    assert g.state.players[1].resources == {"cc": 0, "craft": 0} and g.rec("CV-1")["in_play"] == []
    assert g.eng.obligations(g.state) == ()
    assert [t.id for t in g.eng.plugin.on_table(g.state)] == ["o2"]
    g.act("next-step")


def test_craft_above_cc_may_not_intercept_or_attack_until_removed() -> None:
    g = game()
    g.act("set", target="CV-1", key="d1.track", value="Fighter ready, Bomber ready")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-1", ordnance="fighter")  # o1
    g.act("launch", ship="CV-1", ordnance="bomber")  # o2
    g.act("launch", ship="DD-1", ordnance="torpedo")  # o3, Red's
    g.next_round()
    g.to("gunnery", "ordnance_attacks")
    g.act("set", target="CV-1", key="sensors_offline", value="yes")  # C&C 0 with 2 craft in play
    assert "Blue's fighters and bombers may not attack now: Blue has 2 fighters and bombers" in g.refused(
        "ordnance-attack", token="o2", target="DD-1")
    assert "may not intercept now" in g.refused("intercept", 3, token="o1", target="o3")
    intercept = g.eng.legal_action(g.state, "intercept")
    assert not intercept.allowed and intercept.reason.startswith("Blue has 2 fighters and bombers in play with C&C 0")
    g.act("override", obligation="cc-over:2", reason="the carrier's sensors came back before the fighters moved")
    assert "rolled 3, it stays" in g.text("intercept", 3, token="o1", target="o3")  # the table's decision stands
    g.act("ordnance-attack", token="o2", target="DD-1")
    g.next_round()  # a new round: the obligation stands again
    assert [o.id for o in g.eng.obligations(g.state)] == ["cc-over:2"]
    g.act("remove-ordnance", token="o1", reason="C&C")
    assert g.eng.obligations(g.state) == ()


def test_c_and_c_obligation_when_a_ram_destroys_a_craft_bay() -> None:
    g = game()
    launched(g, "CV-1", ", ".join(["Fighter ready"] * 6), "fighter")
    g.next_round()
    g.act("set", target="CV-1", key="d1.track", value=", ".join(["Fighter ready"] * 5))
    g.to("gunnery", "launch")
    g.act("launch", ship="CV-1", ordnance="fighter")
    assert g.state.players[1].resources == {"cc": 12, "craft": 11}
    g.to("movement", "move")
    # the frigate takes 80 (Major 3 + 3: Sensors Offline), the carrier 30 (Minor 2 + 1: Ordnance Bay Damaged)
    events = g.act("ram", 3, 3, 2, 1, ship="FFAA-1", other="CV-1")
    assert "Ordnance Bay Damaged hits: Fighter/Bomber Bay (the only one): one lost, 5 of 6 left" in events[0].text
    assert g.item("CV-1", "d1")["bays"] == 5 and g.state.players[1].resources == {"cc": 10, "craft": 11}
    assert [o.id for o in g.eng.obligations(g.state)] == ["cc-over:2"]
    assert "remove 1 now" in g.eng.obligations(g.state)[0].text
    assert (g.rec("FFAA-1")["sensors_offline"], g.rec("FFAA-1")["crew"], g.rec("CV-1")["crew"]) == (True, 2, 2)


# ---- damage, the Interphase, damage control ---------------------------------------------------


def test_boarders_demolition_charges_destroy_a_tube_and_trim_the_track() -> None:
    g = game()
    g.act("set", target="DD-1", key="boarders", value="2")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready, Torpedo 1, Torpedo 2, Torpedo 3")
    g.next_round()
    g.next_round()
    # boarder 1: 2 Skirmish; boarder 2: 6 Demolition Charges -> Minor 5 + 6 = 11 Ordnance Bay Damaged
    done = texts(g.to("interphase", "damage_control", faces=(2, 6, 5, 6)))
    assert "Boarder 2: Boarder Table: rolled 6: Demolition Charges" in done and "rolled 5 + 6 = 11" in done
    assert "one lost, 3 of 4 left; 1 counter above the bays leaves the track (Torpedo)" in done
    rec, tubes = g.rec("DD-1"), g.item("DD-1", "Torpedoes")
    assert (rec["crew"], rec["boarders"], tubes["bays"]) == (-1, 2, 3)
    assert tubes["track"] == ["Torpedo ready", "Torpedo ready", "Torpedo 1"]  # moved, then the least advanced left


def test_battery_damaged_picks_a_battery_with_a_die_and_blocks_it() -> None:
    g = game()
    g.to("gunnery", "weapons")
    g.act("fire", 6, ship="DD-1", weapon="beam", target="K-1", distance=2)  # 4 + the cruiser's...
    g.act("fire", 6, ship="FFAA-1", weapon="beam", target="K-1", distance=2)  # 2: round total 6, Minor from 5
    # Minor 4 + 6 = 10 Battery Damaged; 1d6 5 -> the second of Beam / Projectile
    done = texts(g.to("damage", "command_control", faces=(4, 6, 5)))
    assert "Battery Damaged hits: 1d6 (1-3 Beam, 4-6 Projectile) rolled 5 → Projectile: it cannot fire until repaired" in done
    assert g.item("K-1", "Projectile")["damaged"] and not g.item("K-1", "Beam")["damaged"]
    g.next_round()
    g.to("gunnery", "weapons")
    assert "battery is damaged" in g.refused("fire", 6, ship="K-1", weapon="projectile", target="DD-1", distance=2)


def test_chain_reaction_rolls_the_major_table_and_life_support_is_permanent() -> None:
    g = game()
    g.act("set", target="CA-1", key="round_damage", value="20")
    done = texts(g.to("damage", "command_control", faces=(1, 1, 5, 6)))  # Minor 2 Chain Reaction -> Major 11
    assert "Chain Reaction" in done and "Life Support Failure" in done
    rec = g.rec("CA-1")
    assert (rec["ss"], rec["crew"], rec["crew_permanent"], rec["fire"]) == (40, -2, -2, 1)
    g.next_round()
    g.to("interphase", "damage_control", faces=(6,))  # the fire roll: 6 - 2 = 4, out
    assert "Crew -2 → -2 (already at its cap -2)" in g.text("rally", 6, ship="CA-1")  # never above start - 2
    g.act("set", target="CA-1", key="crew", value="-3")
    g.next_round()
    g.to("interphase", "damage_control")
    assert "Crew -3 → 3 against 4: failure. Crew -3 → -3." in g.text("rally", 6, ship="CA-1")


def test_damage_control_choices_and_limits() -> None:
    g = game()
    for key, value in (("engines_offline", "yes"), ("fire", "2"), ("boarders", "1"), ("w2.damaged", "yes")):
        g.act("set", target="DD-1", key=key, value=value)
    g.act("set", target="K-1", key="d1.bays", value="0")
    assert "set-up" in g.refused("damage-control", 6, ship="DD-1", choice="fire")
    g.next_round()
    g.to("interphase", "damage_control", faces=(1, 1))  # fire roll fails; boarder Skirmish
    assert "name what to repair on Lance (#1): point, engines offline" in g.refused("damage-control", 6, ship="DD-1", choice="repair")
    assert "no damage that can be repaired" in g.refused("damage-control", 6, ship="CA-1", choice="repair")
    assert "no Boarders" in g.refused("damage-control", 6, ship="CA-1", choice="boarder")
    text = g.text("damage-control", 5, ship="DD-1", choice="repair", system="engines-offline")
    assert "rolled 5, Crew -1 → 4 against 4: success" in text and "Repaired: engines offline" in text
    assert not g.rec("DD-1")["engines_offline"]
    assert "made its damage control or rally roll" in g.refused("rally", 6, ship="DD-1")
    assert "Repaired: Assault Bay 1 of 1." in g.text("damage-control", 4, ship="K-1", choice="repair")
    g.act("set", target="FFAA-1", key="fire", value="1")
    assert "failure. Nothing changes this round." in g.text("damage-control", 3, ship="FFAA-1", choice="fire")
    g.act("set", target="CA-1", key="fire", value="1")
    assert "Fire 1 → 0" in g.text("damage-control", 4, ship="CA-1", choice="fire")
    g.act("rally", 4, ship="CV-1")
    assert g.rec("CV-1")["crew"] == 0  # already at the start value
    g.act("set", target="FFA-1", key="crew", value="-1")
    assert "Crew -1 → +0." in g.text("rally", 5, ship="FFA-1")


def test_damage_control_target_is_a_game_setting() -> None:
    g = game(damage_control_target=6)
    g.act("set", target="DD-1", key="boarders", value="1")
    g.next_round()
    g.to("interphase", "damage_control", faces=(3,))  # the boarder sets a fire
    assert "against 6: failure" in g.text("damage-control", 5, ship="DD-1", choice="boarder")
    assert g.rec("DD-1")["boarders"] == 1


# ---- movement ------------------------------------------------------------------------------------


def test_course_reduction_x14_x15_and_the_rule2_setting() -> None:
    g = game()
    g.act("set-course", ship="DD-1", course="d1=2 d4=3")
    assert g.rec("DD-1")["course"] == "d4=1"
    g.act("set-course", ship="CA-1", course="1=1 3=2")
    assert g.rec("CA-1")["course"] == "d2=1 d3=1"
    literal = Game(RED, BLUE, course_rule2="literal")
    literal.act("set-course", ship="CA-1", course="d1=1 d3=2")
    assert literal.rec("CA-1")["course"] == "d2=1"
    assert "no direction 1 to 6" in g.refused("set-course", ship="DD-1", course="d7=1")
    g.act("next-step")
    assert "only with the course action" in g.refused("set-course", ship="DD-1", course="d1=1")


def test_course_movement_points_and_what_stops_a_course_change() -> None:
    g = game()
    g.act("set-course", ship="DD-1", course="d1=2")
    g.act("set", target="K-1", key="engines_damaged", value="yes")
    g.act("set", target="FFA-1", key="engines_offline", value="yes")
    g.to("movement", "alter_course")
    assert "course d1=2 → d2=1 d3=1" in g.text("course", ship="DD-1", spend="3 3 4")  # d1 2, d3 2, d4 1 reduced
    assert "has 1 movement point (Engines Damaged), not 2" in g.refused("course", ship="K-1", spend="1 1")
    assert "engines are offline" in g.refused("course", ship="FFA-1", spend="1")
    g.act("ftl-power-up", ship="CV-1")
    assert "FTL drive is powered up" in g.refused("course", ship="CV-1", spend="1")
    assert "power up comes before altering course" in g.refused("ftl-power-up", ship="DD-1")
    assert "spend MPs on" in g.refused("course", ship="CA-1", spend=" ")


def test_ftl_track_jump_and_the_last_side_wins() -> None:
    red = roster("Red Fleet", "Red", ("Lance", "DD-1", "Destroyer"))
    blue = roster("Blue Fleet", "Blue", ("Wasp", "K-1", "Corvette"), ("Hauler", "NCF-1", "Bulk Freighter"))
    g = Game(red, blue)
    g.act("set", target="K-1", key="crew", value="2")
    g.to("movement", "ftl")
    g.act("ftl-power-up", ship="K-1")
    g.act("ftl-power-up", ship="NCF-1")
    assert "not powered" in g.refused("jump", ship="DD-1")
    assert "3 Interphases from ready" in g.refused("jump", ship="NCF-1")
    done = texts(g.next_round())
    g.to("interphase", "fire_damage")
    assert g.rec("K-1")["ftl"] == 0 and g.rec("NCF-1")["ftl"] == 2
    g.to("movement", "ftl")
    assert "jumps out" in g.text("jump", ship="K-1")
    assert "has jumped out and cannot act" in g.refused("course", ship="K-1", spend="1")
    assert not g.state.finished
    g.next_round()
    g.next_round()
    g.to("movement", "ftl")
    events = g.act("jump", ship="NCF-1")
    assert "game-ended" in [e.kind for e in events] and g.state.winner == "Red"
    assert "has ended" in g.refused("next-step")
    assert done  # the round's log
    g.check_replay()


def test_ram_consent_and_friendly_rams() -> None:
    both = Game(RED, BLUE, ram_consent="both")
    both.to("movement", "move")
    assert ("no ram: who must want a ram is a house default, now both (setting “Who must want a ram for it to "
            "happen”), and wants = first (cal §4 Movement, step 1)" == both.refused("ram", ship="DD-1", other="K-1", wants="first"))
    g = game()
    g.to("movement", "move")
    assert "cannot target itself" in g.refused("ram", ship="DD-1", other="DD-1")
    text = g.text("ram", 3, 4, 2, 5, ship="DD-1", other="FFAA-1", wants="first")  # both Major 7: Engines Damaged
    assert "(friendly)" in text and g.rec("DD-1")["crew"] == g.rec("FFAA-1")["crew"] == 0  # no Crew bonus
    assert g.rec("DD-1")["engines_damaged"] and g.rec("FFAA-1")["ss"] == 0
    mandatory = Game(RED, BLUE, ram_consent="mandatory")
    mandatory.to("movement", "move")
    mandatory.act("ram", 6, 6, 3, 4, ship="K-1", other="CV-1", wants="neither")  # happens though neither wants it
    # D4.7/D4.4, both Blue (friendly: no +2 Crew). K-1 takes CV-1's 80 against S 20: 80 >= ceil(20/2) -> Major,
    # 6 + 6 = 12 Reactor Breach: destroyed, blast ceil(20/2) = 10 due. CV-1 takes K-1's 20 against S 80:
    # ceil(80/4) = 20 <= 20 < 40 -> Minor, 3 + 4 = 7 Sparks and Smoke: Crew -1; SS 80 -> 60.
    assert (mandatory.rec("K-1")["ss"], mandatory.rec("K-1")["destroyed"], mandatory.rec("K-1")["blast"]) == (0, True, 10)
    assert (mandatory.rec("CV-1")["ss"], mandatory.rec("CV-1")["crew"], mandatory.rec("CV-1")["destroyed"]) == (60, -1, False)


def test_breach_blast_cascades_and_a_capital_breach_clears_ordnance() -> None:
    g = game()
    launched(g, "CV-1", "Fighter ready", "fighter")
    g.act("set", target="CA-1", key="round_damage", value="60")
    g.act("set", target="DD-1", key="ss", value="10")
    done = texts(g.to("damage", "resolve_damage", faces=(6, 6)))  # Major 12: Reactor Breach
    assert "30 damage (SS 60 halved, rounded up)" in done and "removes all ordnance within 1 hex" in done
    assert (g.rec("CA-1")["destroyed"], g.rec("CA-1")["blast"]) == (True, 30)
    assert "no ship 'nobody'" in g.refused("blast", ship="CA-1", targets="nobody")
    # the destroyer takes 30 at SS 10: Major, 1 + 1 = 2: its own breach; the corvette: Major 3 + 4 Engines Damaged
    text = g.text("blast", 1, 1, 3, 4, ship="CA-1", targets="DD-1, K-1", clear="o1")
    assert "Lance (#1): Immediate damage 30 against SS 10" in text and "Ordnance within 1 hex is removed: o1" in text
    assert g.rec("DD-1")["blast"] == 5 and g.rec("CA-1")["blast"] == 0 and g.state.extra["ordnance"] == []
    assert (g.rec("K-1")["ss"], g.rec("K-1")["engines_damaged"], g.rec("K-1")["destroyed"]) == (0, True, False)
    assert "has no blast due" in g.refused("blast", ship="CA-1", targets="none")
    assert "only a Capital Ship's breach" in g.refused("blast", ship="DD-1", targets="none", clear="o9")
    g.act("blast", ship="DD-1", targets="none")
    assert g.rec("DD-1")["blast"] == 0


def test_an_automatic_step_short_of_typed_faces_says_which_dice_it_needs() -> None:
    g = game()
    g.act("set", target="DD-1", key="fire", value="1")
    g.act("set", target="K-1", key="fire", value="2")
    g.next_round()
    g.to("interphase", "fire_damage")
    plan = g.eng.dice_plan(g.state, Action("next-step", {"force": True}))
    assert [(n.sides, n.ship, n.table) for n in plan.needs] == [
        (6, "1", "Fire roll (cal §0 Interphase, step 4; target a house default)"),
        (6, "5", "Fire roll (cal §0 Interphase, step 4; target a house default)")]
    assert plan.needs[1].purpose == "Fire roll of Wasp (#5) (Fire 2): puts out one Fire on 4+ with Crew +0"
    message = g.refused("next-step", force=True)
    assert message == "needed a d6, but no faces were typed for Fire roll of Lance (#1) (Fire 1): puts out one Fire on 4+ with Crew +0"
    g.act("next-step", 6, 2, force=True)
    assert (g.rec("DD-1")["fire"], g.rec("K-1")["fire"]) == (0, 2)
    g.act("set", target="K-1", key="round_damage", value="12")
    g.to("damage", "add_fire")
    # 12 + Fire 2 (burning in the Damage phase) = 14 against SS 20: Major from 10, one 2d6 roll
    plan = g.eng.dice_plan(g.state, Action("next-step", {"force": True}))
    assert [(n.ship, n.purpose, n.table) for n in plan.needs] == [
        ("5", "Major Damage Table: 14 damage this round on Wasp (#5)", "Major Damage Table (cal §Major Damage Table)")] * 2
    assert "needed a d6, but no faces were typed for Major Damage Table: 14 damage" in g.refused("next-step", force=True)


def test_every_house_setting_of_the_plugin_comes_from_the_game() -> None:
    g = Game(RED, BLUE, fire_roll_target=2, rally_target=5, crew_recovery_cap="none", ss_zero_destroys=True,
             breach_blast="round_total", immediate_damage_own_roll=False)
    g.act("set", target="DD-1", key="fire", value="1")
    g.act("set", target="DD-1", key="crew", value="-1")
    g.next_round()
    assert "against 2: success" in texts(g.to("interphase", "damage_control", faces=(3,)))
    assert "against 5: success. Crew -1 → +0" in g.text("rally", 6, ship="DD-1")
    assert "Crew +0 → +1" in g.text("rally", 6, ship="CA-1")  # no cap
    g.act("set", target="K-1", key="round_damage", value="30")
    g.act("set", target="FFA-1", key="round_damage", value="10")
    done = texts(g.to("damage", "command_control", faces=(3, 4)))  # the frigate's Minor 7 (K-1 needs no dice)
    assert ("SS 0 destroys the ship: the house rule 'SS 0 destroys' is on (setting “Whether SS 0 alone destroys a "
            "ship”: on)") in done
    assert g.rec("K-1")["destroyed"]
    assert g.rec("K-1")["blast"] == 0  # no breach, no blast
    g.to("movement", "move")
    events = g.act("ram", 3, 4, ship="FFA-1", other="DD-1")  # the frigate already rolled: no table for it
    assert ("already rolled a damage table this round and immediate damage gets no table of its own (a house setting, "
            "“Immediate damage (ram, fire in the Interphase, hard turn, blast) gets its own damage-table check”: "
            "off)") in events[0].text
    assert g.rec("DD-1")["engines_damaged"] and g.rec("FFA-1")["ss"] == 0


def test_breach_blast_into_the_round_totals() -> None:
    g = game(breach_blast="round_total")
    g.act("set", target="CA-1", key="round_damage", value="60")
    g.to("damage", "resolve_damage", faces=(6, 6))
    text = g.text("blast", ship="CA-1", targets="Lance, Wasp")
    assert "Resolute (#2)'s Reactor Breach blast: 30 damage to Lance (#1), Wasp (#5)." in text
    assert "Wasp (#5): 30 added to its round total (30)." in text
    assert g.rec("DD-1")["round_damage"] == g.rec("K-1")["round_damage"] == 30


def test_names_ending_in_s_take_the_possessive_english_writes() -> None:
    g = Game(roster("Red Fleet", "Jess", ("Lance", "DD-1", "Destroyer")),
             roster("Blue Fleet", "Kassarians", ("Sovereign", "CV-1", "Carrier"),
                    ("Aegis", "FFAA-1", "Point Defense Frigate")))
    token = launched(g, "CV-1", "Bomber ready", "bomber")
    g.next_round()
    g.to("gunnery", "point_defence")
    assert f"{token} is Kassarians' own ordnance" in g.refused("point-defence", 6, ship="FFAA-1", token=token)
    g.to("gunnery", "ordnance_attacks")
    g.act("set", target="CV-1", key="sensors_offline", value="yes")  # C&C 0 with a bomber in play
    assert "Kassarians' fighters and bombers may not attack now" in g.refused(
        "ordnance-attack", token=token, target="DD-1")
