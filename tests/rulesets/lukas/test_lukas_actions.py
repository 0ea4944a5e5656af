"""lukas actions one by one: the attack and its odds, modes, refusals that change nothing, cargo,
settings read from the game, and the objectives checked at the end of each turn."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_lukas_fixtures import act, decide, engine, item, new, rec, refused, rosters, ship, to_turn

from mstracker.game import Action


def test_fire_resolves_with_the_rules_package_and_logs_every_step() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    events = decide(eng, s, "fire", (3, 1), ship="Bull", weapon="Heavy Turret", target="Ram", distance=12)  # T-LWP-10
    text = events[0].text
    assert text.startswith("Bull (#2) fires Heavy Turret (w2) at Ram (#8) at 12 studs.")
    assert "needs 3 or more on a d12" in text and "Hit roll: d12 shows 3; 3 ≥ 3: hit." in text
    assert "raised to the minimum of 1: 1 damage" in text and "Armor 27 - 1 = 26." in text
    assert events[0].data["dice"] == [[12, 3], [12, 1]] and events[0].data["damage"] == 1
    s = eng.apply(s, events)
    assert rec(s, "8")["armor"] == 26 and item(s, "2", "w2")["fired"] is True and rec(s, "2")["mode"] == "attack"


def test_comm_radar_counts_allies_on_the_table_and_the_ships_own() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    # T-LWP-11: Light Missiles vs a frigate with an allied radar: 5 + 1 = 6 hits, 1d6 + 1 + 1
    events = decide(eng, s, "fire", (5, 4), ship="Bull", weapon="Light Missiles", target="Ram", comm_radar=1, in_range=True)
    assert "5 +1 = 6; 6 ≥ 6: hit" in events[0].text and events[0].data["damage"] == 6
    assert "Radar (#6)" in refused(eng, s, "fire", (5, 4), ship="Bull", weapon="w1", target="Ram", comm_radar=2)
    assert "none" in refused(eng, s, "fire", (5, 4), ship="Radar", weapon="w1", target="Ram", comm_radar=1)
    own = decide(eng, s, "fire", (2,), ship="Radar", weapon="Heavy Missiles", target="Ram", in_range=True)  # 2 + 1 own = 3 < 4
    assert "2 +1 = 3; 3 < 4: miss" in own[0].text
    alone = to_turn(eng, new(eng, {"cr_includes_self": "false"}), 1)
    assert "2; 2 < 4: miss" in decide(eng, alone, "fire", (2,), ship="Radar", weapon="w1", target="Ram", in_range=True)[0].text


def test_t_lwp_12_melee_against_a_strike_craft_needs_the_radar() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 2)
    assert "12 < 13: miss" in decide(eng, s, "fire", (12,), ship="Ram", weapon="Melee", target="Hornet", in_range=True)[0].text
    hit = decide(eng, s, "fire", (12, 1), ship="Titan", weapon="Heavy Turret", target="Hornet", in_range=True)  # own radar: 13
    assert "hit" in hit[0].text
    odds = eng.action_odds(s, Action("fire", {"ship": "Ram", "weapon": "Melee", "target": "Hornet", "in_range": True}))
    assert odds.p_hit == 0


def test_range_line_of_sight_and_one_shot_per_weapon() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    assert "out of range: Heavy Turret reaches 20 studs, Ram (#8) is 21 away" in refused(
        eng, s, "fire", (12, 1), ship="Bull", weapon="w2", target="Ram", distance=21)
    assert "needs a clear line of sight" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="w2", target="Ram", los=False)
    s = act(eng, s, "fire", (1,), ship="Bull", weapon="w1", target="Ram", distance=25, los=False)  # missiles need no LoS
    assert "already fired this turn" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="Ram")
    s = to_turn(eng, s, 2)
    assert "1 stud or less" in refused(eng, s, "fire", (12, 1, 1), ship="Ram", weapon="Melee", target="Bull", distance=2)


def test_two_weapons_of_one_name_fire_in_turn_and_missile_sets_may_merge() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    s = act(eng, s, "fire", (1,), ship="Anvil", weapon="Heavy Missiles", target="Titan", in_range=True)
    s = act(eng, s, "fire", (1,), ship="Anvil", weapon="Heavy Missiles", target="Titan", in_range=True)
    assert item(s, "1", "w2")["fired"] and item(s, "1", "w3")["fired"]
    assert "already fired" in refused(eng, s, "fire", (1,), ship="Anvil", weapon="Heavy Missiles", target="Titan")
    merged = to_turn(eng, new(eng, {"missile_sets_merge_same_type": "true"}), 1)
    events = decide(eng, merged, "fire", (12, 8), ship="Anvil", weapon="w2", target="Titan", in_range=True)
    assert "2 × Heavy Missiles tubes as one attack" in events[0].text and events[0].data["items"] == ["w2", "w3"]
    assert events[0].data["damage"] == 9  # one hit roll, one damage roll


def test_settings_chosen_for_the_game_change_the_resolution() -> None:
    eng = engine()
    s = to_turn(eng, new(eng, {"min_damage_all": "2", "natural_rules": "natural_12_hits_1_misses"}), 2)
    events = decide(eng, s, "fire", (12, 1, 1), ship="Ram", weapon="Melee", target="Hornet", in_range=True)
    assert "natural 12 always hits" in events[0].text
    s = to_turn(eng, new(eng, {"min_damage_all": "3"}), 1)
    low = decide(eng, s, "fire", (12, 1), ship="Bull", weapon="Light Missiles", target="Ram", in_range=True)
    assert low[0].data["damage"] == 3
    odds = eng.action_odds(s, Action("fire", {"ship": "Bull", "weapon": "w1", "target": "Ram", "in_range": True}))
    assert min(d for d in odds.damage if d) == 3


def test_choose_mode_and_active_abilities_exclude_attacks() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    s = act(eng, s, "choose-mode", ship="Shield", mode="ability")
    assert refused(eng, s, "fire", (12, 6), ship="Shield", weapon="w1", target="Ram") == (
        "Shield (#3) chose to use an active ability this turn: a ship cannot attack and use an active ability in the "
        "same turn (lukas §1.b) (choose-mode attack to change)")
    s = act(eng, s, "choose-mode", ship="Shield", mode="attack")
    s = act(eng, s, "choose-mode", ship="Shield", mode="ability")  # nothing fired yet: a change of mind
    s = act(eng, s, "choose-mode", ship="Shield", mode="attack")
    s = act(eng, s, "fire", (1,), ship="Shield", weapon="w1", target="Ram", in_range=True)
    assert "attacked this turn" in refused(eng, s, "boost", ship="Shield")
    assert "attacked this turn" in refused(eng, s, "choose-mode", ship="Shield", mode="ability")
    assert "already in attack mode" in refused(eng, s, "choose-mode", ship="Shield", mode="attack")
    s = act(eng, s, "infiltrate", ship="Sneak", target="Ram")
    assert "used infiltrate this turn" in refused(eng, s, "choose-mode", ship="Sneak", mode="attack")


def test_illegal_actions_are_refused_with_their_reason_and_change_nothing() -> None:
    eng = engine()
    s0 = new(eng)
    assert "set-up" in refused(eng, s0, "fire", (12, 1), ship="Bull", weapon="w1", target="Ram")
    s = to_turn(eng, s0, 1)
    assert "belongs to Bob, not the active player" in refused(eng, s, "fire", (12, 1), ship="Ram", weapon="w1", target="Bull")
    assert "Ann's own ships" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="Anvil")
    assert "cannot attack itself" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="Bull")
    assert "has no weapon 'Laser'" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="Laser", target="Ram")
    assert "is an ability, not a weapon" in refused(eng, s, "fire", (12, 1), ship="Shield", weapon="a1", target="Ram")
    assert "no ship 'Zed'" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="Zed")
    assert "no faces were typed" in refused(eng, s, "fire", (), ship="Bull", weapon="w1", target="Ram", in_range=True)
    assert "left over" in refused(eng, s, "fire", (1, 1, 1), ship="Bull", weapon="w1", target="Ram", in_range=True)
    assert "has no Boosters" in refused(eng, s, "boost", ship="Bull")
    assert "has no Field Defense" in refused(eng, s, "announce-field-defense", ship="Bull")
    assert "has no Cargo Transport" in refused(eng, s, "cargo", ship="Bull", delta=1)
    assert "is not a Beam" not in refused(eng, s, "announce-beam", ship="Bull", target="Ram")
    s = act(eng, s, "set", target="Ram", key="destroyed", value="yes")
    assert "already destroyed" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="Ram")
    assert "not an enemy ship on the table" in refused(eng, s, "announce-beam", ship="Anvil", target="Ram")
    s = act(eng, s, "set", target="Bull", key="destroyed", value="yes")
    assert "is destroyed and cannot act" in refused(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="Titan")
    assert "mode: 'sideways' is not one of" in refused(eng, s, "choose-mode", ship="Shield", mode="sideways")


def test_cargo_is_loaded_and_unloaded() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 2)
    s = act(eng, s, "cargo", ship="Courier", delta=3)
    s = act(eng, s, "cargo", ship="Courier", delta=-1)
    assert item(s, "11", "a1")["cargo"] == 2
    assert "carries 2 container(s); cannot unload 3" in refused(eng, s, "cargo", ship="Courier", delta=-3)
    assert "changes nothing" in refused(eng, s, "cargo", ship="Courier", delta=0)


def test_odds_follow_the_state() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    assert eng.plugin.rule_action("fire").odds(s, {"ship": "Bull", "weapon": None, "target": None}) is None
    assert eng.plugin.rule_action("fire").odds(s, {"ship": "Bull", "weapon": "w1", "target": "Nobody"}) is None
    odds = eng.action_odds(s, Action("fire", {"ship": "Bull", "weapon": "w2", "target": "Wasp", "in_range": True}))
    assert odds.p_hit == Fraction(7, 12) and odds.p_destroy == Fraction(7, 12) * Fraction(3, 12)  # 9 to 11 on d12-1
    s = act(eng, s, "set", target="Wasp", key="armor", value="2")
    odds = eng.action_odds(s, Action("fire", {"ship": "Bull", "weapon": "w2", "target": "Wasp", "in_range": True}))
    assert odds.p_destroy == Fraction(7, 12) * Fraction(10, 12)
    bomb = eng.action_odds(s, Action("fire", {"ship": "Hornet", "weapon": "w1", "target": "Titan", "subsystem": "engines", "in_range": True}))
    assert bomb.extra["p_subsystem_destroyed"] == Fraction(9, 12) * Fraction(3, 8)
    beam = eng.plugin.rule_action("fire-beam").odds(s, {"ship": "Anvil"})
    assert beam is None  # nothing announced


def _finish_turn(eng, s):  # noqa: ANN001, ANN202
    turn = s.turn
    while s.turn == turn and not s.finished:
        s = act(eng, s, "next-step", force=True)
    return s


def test_last_man_standing_ignores_ships_without_weapons() -> None:
    eng = engine()
    bob = (ship("Lone", "L", "Frigate", 5, 12, ("Light Missiles",)), ship("Barge", "B", "Frigate", 20, 12, (), ("Cargo Transport",)))
    s = to_turn(eng, new(eng, fleets=rosters(bob=bob)), 1)
    s = act(eng, s, "fire", (12, 6), ship="Bull", weapon="w1", target="Lone", in_range=True)
    s = _finish_turn(eng, s)
    assert s.finished and s.winner == "Ann" and "last armed ships standing" in s.result
    assert s.players[0].resources["kills"] == 1


def test_first_to_destroy_n_ships() -> None:
    eng = engine()
    bob = (ship("A", "A", "Strike Craft", 1, 20, ("Autogun",)), ship("B", "B", "Strike Craft", 1, 20, ("Autogun",)),
           ship("C", "C", "Strike Craft", 1, 20, ("Autogun",)))
    s = to_turn(eng, new(eng, {"objective": "destroy_count", "objective_kills": "2"}, rosters(bob=bob)), 1)
    s = act(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="A", in_range=True)
    s = _finish_turn(eng, s)
    assert not s.finished
    s = to_turn(eng, s, 3)
    s = act(eng, s, "fire", (12, 1), ship="Bull", weapon="w1", target="B", in_range=True)
    s = _finish_turn(eng, s)
    assert s.finished and s.winner == "Ann" and "first to destroy 2" in s.result


def test_losing_a_named_ship_loses_the_game() -> None:
    eng = engine()
    s = to_turn(eng, new(eng, {"objective": "lose_named_ship", "objective_ships": "B-S2, A-C1"}), 2)
    s = act(eng, s, "set", target="Anvil", key="destroyed", value="yes")
    s = _finish_turn(eng, s)
    assert s.finished and s.winner == "Bob" and s.result == "Ann loses: Anvil (#1) was destroyed"
    bad = to_turn(eng, new(eng, {"objective": "lose_named_ship", "objective_ships": "Nobody"}), 1)
    s = to_turn(eng, bad, 1, "end_of_turn")
    texts = []
    while s.turn == 1:
        events = decide(eng, s, "next-step", force=True)
        texts += [e.text for e in events]
        s = eng.apply(s, events)
    assert any("the ships to protect (setting “For objective lose_named_ship: the ships”): no ship 'Nobody'" in t for t in texts) and not s.finished


def test_destroying_every_enemy_capital_wins() -> None:
    eng = engine()
    s = to_turn(eng, new(eng, {"objective": "destroy_capitals"}), 1)
    s = act(eng, s, "set", target="Titan", key="destroyed", value="yes")
    s = _finish_turn(eng, s)
    assert s.finished and s.winner == "Ann"


@pytest.mark.parametrize("kind", ["agreed"])
def test_an_agreed_objective_is_left_to_the_players(kind: str) -> None:
    eng = engine()
    s = to_turn(eng, new(eng, {"objective": kind}), 1)
    for sid in ("7", "8", "9", "10", "11", "12"):
        s = act(eng, s, "set", target=sid, key="destroyed", value="yes")
    s = _finish_turn(eng, s)
    assert not s.finished
