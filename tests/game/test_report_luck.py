"""Dice luck: each logged roll's mid-rank percentile under its exact distribution, checked against
hand-computed fractions for typed faces; the luckiest and unluckiest roll; expected against actual damage."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from minirules import RULESET, Fire, MiniPlugin, Shot, rosters
from report_games import (Step, cal_hostile_ram, cal_jump_and_battery_damaged, lukas_capture,
                          spook_build_and_retire, spook_friendly_fire_and_mines)

from mstracker.dice import Distribution, TypedFaces
from mstracker.game import Action, Engine, Event, OddsWords, Outcome, battle_report, report_markdown
from mstracker.game.report_luck import RollCollector, percentile
from mstracker.rules.contract import Capabilities, DicePlan, PlanBuilder, low_is_good
from mstracker.rulesets.spook.plans import accuracy_rank
from mstracker.store.catalog import book_ruleset


@pytest.mark.parametrize(
    ("count", "sides", "total", "expected"),
    [
        (1, 12, 9, Fraction(17, 24)),  # (8 below + 1/2) / 12
        (1, 6, 3, Fraction(5, 12)),  # (2 + 1/2) / 6
        (1, 12, 1, Fraction(1, 24)),  # (0 + 1/2) / 12
        (2, 6, 7, Fraction(1, 2)),  # 15/36 below, 6/36 at 7: 15/36 + 3/36
        (2, 6, 12, Fraction(71, 72)),  # 35/36 + 1/72
        (2, 6, 11, Fraction(17, 18)),  # 33/36 + 1/36
        (3, 6, 10, Fraction(7, 16)),  # 81/216 below (1+3+6+10+15+21+25), 27/216 at 10: (81 + 13.5) / 216
    ],
)
def test_mid_rank_percentiles_by_hand(count: int, sides: int, total: int, expected: Fraction) -> None:
    assert percentile(count, sides, total) == expected


@pytest.mark.parametrize(
    ("face", "expected"),
    [
        (12, Fraction(1, 24)),  # a miss and friendly fire: nothing worse, alone: (0 + 1/2) / 12
        (11, Fraction(23, 24)),  # full damage: the 11 others worse: (11 + 1/2) / 12
        (5, Fraction(7, 24)),  # a miss: only 12 worse (1/12), level with 1-5 (5/12): 1/12 + 5/24
        (1, Fraction(7, 24)),  # every miss of 1-5 is the same result
        (7, Fraction(17, 24)),  # half damage: 1-5 and 12 worse (6/12), level with 6-10 (5/12): 6/12 + 5/24
    ],
)
def test_spook_accuracy_d12_ranks_by_its_table(face: int, expected: Fraction) -> None:
    rank = accuracy_rank(book_ruleset("spook"))  # spook §5 Accuracy, from the book's table
    assert percentile(1, 12, face, rank) == expected
    assert percentile(1, 12, face) == Fraction(2 * face - 1, 24)  # unranked: higher is better


def test_any_ranking_of_fair_dice_averages_one_half() -> None:
    spook = accuracy_rank(book_ruleset("spook"))
    for count, sides, rank in ((1, 12, spook), (1, 6, low_is_good(6)), (2, 6, tuple(-abs(t - 7) for t in range(2, 13)))):
        mean = sum((percentile(count, sides, t, rank) * p for t, p in Distribution.dice(count, sides).items()),
                   start=Fraction(0))
        assert mean == Fraction(1, 2)


def test_an_impossible_total_is_refused() -> None:
    with pytest.raises(ValueError, match="13 cannot be rolled on 2d6"):
        percentile(2, 6, 13)


def test_a_declared_roll_stands_for_every_die_of_its_action_and_groups_its_dice() -> None:
    rolls = RollCollector()
    ships: dict[str, Any] = {}
    rolls.see(Event("shot", {"ship": "1", "dice": [[6, 3]]}, "an older shot"), 1, ships)
    rolls.close()  # the end of that action: its bare die is kept (a save from before declared dice)
    rolls.see(Event("hit", {"ship": "1", "dice": [[6, 6], [6, 5]]}, "damage"), 1, ships, in_action=True)
    rolls.see(Event("step-entered", {}, "the checklist moves inside the action"), 1, ships, in_action=True)
    declared = {"purpose": "damage", "table": "Hit table", "ship": "1", "player": 0, "sides": 6, "faces": [6, 5]}
    rolls.see(Event("dice-rolled", {"rolls": [declared]}, "Dice: damage: 2d6 = 6+5"), 1, ships, in_action=True)
    rolls.close()
    assert [(r.purpose, r.faces, r.declared) for r in rolls.rolls] == [("shot", (3,), False), ("damage", (6, 5), True)]
    assert rolls.rolls[1].percentile == Fraction(17, 18)  # 11 on 2d6: (30 + 1/2 x 2)/36


def test_a_logged_rank_is_read_and_a_roll_without_one_keeps_higher_is_better() -> None:
    rolls = RollCollector()
    ranked = {"purpose": "accuracy", "table": "", "ship": None, "player": 0, "sides": 12, "faces": [12],
              "rank": [0, 0, 0, 0, 0, 50, 50, 50, 50, 50, 100, -1]}
    older = {"purpose": "accuracy", "table": "", "ship": None, "player": 0, "sides": 12, "faces": [12]}
    broken = {**ranked, "rank": [1, 2, 3]}  # not one value per total: read as an older roll
    for roll in (ranked, older, broken):
        rolls.see(Event("dice-rolled", {"rolls": [roll]}, "Dice"), 1, {}, in_action=True)
        rolls.close()
    assert [r.percentile for r in rolls.rolls] == [Fraction(1, 24), Fraction(23, 24), Fraction(23, 24)]
    assert rolls.rolls[0].to_json(["Ann"], {})["rank"] == ranked["rank"]
    assert "rank" not in rolls.rolls[1].to_json(["Ann"], {})


class DeclaredFire(Fire):
    """Mini's fire with its d12 declared (dice-rolled) and its outcome: a hit (7+, 1/2) does 50, capped at
    the armor left."""

    def dice(self, p: Shot) -> DicePlan:
        plan = PlanBuilder()
        plan.die(12, "to hit (7 or more)", ship=p.ship.id, table="Mini hit table")
        return plan.build()

    def outcome(self, p: Shot) -> Distribution[Outcome]:
        dealt = min(50, int(p.target.get("armor")))
        return Distribution.from_weights({Outcome(dealt=((p.target.id, dealt),), hit=True): 1,
                                          Outcome(dealt=((p.target.id, 0),), hit=False): 1})

    def odds_words(self, p: Shot) -> OddsWords:
        return OddsWords(ship=p.target.id)


class Declared(MiniPlugin):
    """Mini with its fire declared and with odds."""

    capabilities = Capabilities(exact_odds=True)
    rule_actions = (*MiniPlugin.rule_actions, DeclaredFire)


def mini_game() -> tuple[Engine, list[Step]]:
    eng = Engine(Declared(RULESET))
    created = eng.created_event(eng.new_game("Luck", rosters(), {}))
    log = [Step(Action("new-game"), (created,))]
    state = eng.replay([created])
    script: list[tuple[str, tuple[int, ...], dict[str, Any]]] = [
        *[("next-step", (), {})] * 4,  # turn 1 (Ann): reload, check, move, fire
        ("fire", (11,), {"ship": "1", "weapon": "w1", "target": "4"}),  # hit: 100 -> 50
        ("fire", (2,), {"ship": "2", "weapon": "w1", "target": "4"}),  # miss
        ("set", (), {"target": "5", "key": "armor", "value": "30"}),  # by hand: 70 off Bob's #5
        ("fire", (12,), {"ship": "3", "weapon": "w1", "target": "5"}),  # hit: 30 -> 0, destroyed
        *[("next-step", (), {"force": True})] * 5,  # turn 2 (Bob), at fire
        ("fire", (7,), {"ship": "4", "weapon": "w1", "target": "1"}),  # hit: 100 -> 50
    ]
    for kind, faces, args in script:
        action = Action(kind, args)
        events = eng.decide(state, action, TypedFaces(faces))
        log.append(Step(action, tuple(events)))
        state = eng.apply(state, events)
    assert state.turn == 2 and state.ships["1"].record["armor"] == 50
    return eng, log


def test_luck_per_player_from_declared_rolls() -> None:
    eng, log = mini_game()
    report = battle_report(eng, log)
    assert report["dice_rolled"] == 4  # each d12 once, though the events also carry the bare faces
    ann, bob = report["luck"]["players"]
    assert (ann["rolls"], ann["dice"], ann["mean_exact"]) == (3, 3, "47/72")  # (21/24 + 3/24 + 23/24) / 3
    assert ann["luckiest"] | {"percentile": 0} == {
        "turn": 1, "player": "Ann", "purpose": "to hit (7 or more)", "table": "Mini hit table", "ship": "3",
        "ship_name": "Red Fleet 3 (#3)", "dice": "1d12", "faces": [12], "total": 12, "percentile": 0,
        "exact": "23/24", "declared": True}
    assert (ann["unluckiest"]["faces"], ann["unluckiest"]["exact"], ann["unluckiest"]["ship"]) == ([2], "1/8", "2")
    assert (bob["rolls"], bob["mean_exact"], bob["luckiest"]["turn"]) == (1, "13/24", 2)
    assert bob["luckiest"] == bob["unluckiest"]
    assert [r["exact"] for r in report["luck"]["rolls"]] == ["7/8", "1/8", "23/24", "13/24"]
    first = next(e for e in report["turns"][0]["events"] if e["kind"] == "dice-rolled")
    assert first["text"] == "Dice: to hit (7 or more): 1d12 = 11" and first["rolls"] == [
        {"purpose": "to hit (7 or more)", "dice": "1d12", "faces": [11], "percentile": 0.875}]


def test_expected_against_actual_damage_with_the_odds_before_each_roll() -> None:
    eng, log = mini_game()
    ann, bob = battle_report(eng, log)["luck"]["damage"]
    # Ann: 25 + 25 + min(50, 30)/2 = 65 expected; 50 + 0 + 30 actual. Bob: 25 expected, 50 actual.
    assert (ann["attacks_made"], ann["expected_dealt_exact"], ann["actual_dealt"]) == (3, "65/1", 80)
    assert (bob["attacks_suffered"], bob["expected_taken_exact"], bob["actual_taken"]) == (3, "65/1", 80)
    assert (bob["attacks_made"], bob["expected_dealt"], bob["actual_dealt"]) == (1, 25.0, 50)
    # from the records: the hand-set 70 counts as dealt by Bob's opponent (two players)
    assert (ann["dealt"], ann["taken"], bob["dealt"], bob["taken"]) == (150, 50, 50, 150)


def test_spook_luck_and_damage_from_a_real_game() -> None:
    t = spook_build_and_retire()
    report = battle_report(t.eng, t.log)
    blue, red = report["luck"]["players"]
    # the roll-off for the first turn: Blue's d6 6 -> (5 + 1/2)/6 = 11/12, Red's d6 1 -> (0 + 1/2)/6 = 1/12;
    # then Blue's attack: d6 3 -> (2 + 1/2)/6 = 5/12; the accuracy d12 7 is half damage (spook §5 Accuracy),
    # ranked above the misses 1-5 and the friendly fire of 12 (6/12 worse) and level with 6-10 (5/12):
    # 6/12 + 5/24 = 17/24; Blue's mean (22/24 + 10/24 + 17/24)/3 = 49/72
    assert (blue["rolls"], blue["mean_exact"]) == (3, "49/72")
    assert (blue["luckiest"]["faces"], blue["luckiest"]["exact"], blue["luckiest"]["turn"]) == ([6], "11/12", 0)
    assert (blue["unluckiest"]["faces"], blue["unluckiest"]["exact"]) == ([3], "5/12")
    assert (red["rolls"], red["mean_exact"], red["luckiest"]["purpose"]) == (1, "1/12", "Red's roll-off")
    blue_damage, red_damage = report["luck"]["damage"]
    # Gattling 30 x d6 at agility 5: d12 1-5 and 12 miss, 6-10 half (ceil(30k/2) = 15k), 11 full:
    # 5/12 x 15 x 7/2 + 1/12 x 30 x 7/2 = 175/8 + 35/4 = 245/8 expected; 45 actual.
    assert (blue_damage["expected_dealt_exact"], blue_damage["actual_dealt"]) == ("245/8", 45)
    assert (red_damage["expected_dealt_exact"], red_damage["actual_dealt"]) == ("10/1", 10)  # no roll: 10
    assert (blue_damage["dealt"], blue_damage["taken"], red_damage["dealt"], red_damage["taken"]) == (45, 10, 10, 45)
    md = report_markdown(report)
    assert ("| Blue | 3 | 3 | 68.1% | 1d6 6 (91.7%): Blue's roll-off, Roll-off for the first turn (house default: "
            "setting “Who takes the first turn”), turn 0 | 1d6 3 (41.7%): damage: 30 × d6, Gattling Mass Driver damage (spook §5), "
            "Blue Fang (#2), turn 1 |") in md
    assert "| Blue | 45 | 10 | 0 | 1 | 30.62 | 45 | 1 | 10.00 | 10 |" in md


def test_lukas_expected_damage_follows_the_owner_at_the_time() -> None:
    t = lukas_capture()
    kass, rak = battle_report(t.eng, t.log)["luck"]["damage"]
    # Heavy Turret on a Frigate: hit on 3+ (10/12), 1d12 - 1 min 1 averages (1 + 1 + 2 + ... + 11)/12 = 67/12
    assert (kass["expected_dealt_exact"], kass["actual_dealt"]) == ("335/72", 11)
    # the captured Picket fires for Rakanda: Light Turret hits on 4+ (9/12), 1d8 averages 9/2
    assert (rak["expected_dealt_exact"], rak["actual_dealt"], kass["actual_taken"]) == ("27/8", 4, 4)


def test_cal_damage_recorded_for_the_damage_phase_is_compared_as_recorded() -> None:
    t = cal_jump_and_battery_damaged()
    red, green = battle_report(t.eng, t.log)["luck"]["damage"]
    # Beam 4/6 at 2 hexes: 4+ on 1d6 (1/2) for 4: 2 expected a shot, two shots, both hit (6, 6)
    assert (red["attacks_made"], red["expected_dealt_exact"], red["actual_dealt"]) == (2, "4/1", 8)
    assert (red["dealt"], green["taken"], red["bar"]) == (8, 8, "SS")  # the Damage phase took SS 20 -> 12


def test_spook_damage_is_credited_to_whoever_caused_it() -> None:
    t = spook_friendly_fire_and_mines()
    report = battle_report(t.eng, t.log)
    blue, red = report["luck"]["damage"]
    # Blue's d12 12 put its own Blue Shield down 75 (friendly fire, spook §5 Accuracy): self-inflicted, not
    # Red's; Red Hammer crossing Blue's mines (spook §7 A1) took 200 + 100, dealt by Blue, the mines' layer
    assert (blue["taken"], blue["dealt"], blue["self_inflicted"]) == (75, 300, 75)
    assert (red["taken"], red["dealt"], red["self_inflicted"]) == (300, 0, 0)
    # the shot itself missed: 0 of its expected damage reached Red Whisper
    assert (blue["attacks_made"], blue["actual_dealt"], red["attacks_suffered"]) == (1, 0, 1)
    lucky = {r["purpose"]: (r["player"], r["exact"]) for r in report["luck"]["rolls"]}
    assert lucky["accuracy 5 against agility 7"] == ("Blue", "1/24")  # the worst face: (0 + 1/2)/12
    # the mine d8s are Red's, for the ship crossing: 8 (full damage) is the worst, (0 + 1/2)/8 = 1/16;
    # 4 (half) beats only 8: 1/8 + (4/8)/2 = 3/8
    assert lucky["mine 1 of 2: avoided, half or full damage"] == ("Red", "1/16")
    assert lucky["mine 2 of 2: avoided, half or full damage"] == ("Red", "3/8")
    blue_luck, red_luck = report["luck"]["players"]
    assert blue_luck["unluckiest"]["faces"] == [12] and blue_luck["luckiest"]["purpose"] == "Blue's roll-off"
    assert red_luck["mean_exact"] == "25/144"  # (1/12 + 1/16 + 3/8) / 3


def test_cal_damage_table_dice_rank_for_the_damaged_ship() -> None:
    t = cal_jump_and_battery_damaged()
    rolls = {r["purpose"].split(":")[0]: r for r in battle_report(t.eng, t.log)["luck"]["rolls"]}
    minor = rolls["Minor Damage Table"]
    # Gadfly's owner rolls 4 + 6 = 10, Battery Damaged: the book's rows run from the mildest (7) to the worst
    # (2, 12); worse: 2, 3, 11, 12 (6/36), as bad: 4, 10 (6/36): 6/36 + 3/36 = 1/4 (higher is better: 7/8)
    assert (minor["player"], minor["faces"], minor["exact"]) == ("Green", [4, 6], "1/4")
    pick = rolls["Battery Damaged"]
    assert (pick["faces"], pick["exact"]) == ([2], "1/2")  # which battery is hit: neither lucky nor unlucky


def test_cal_ram_damage_is_dealt_by_the_other_ship() -> None:
    t = cal_hostile_ram()
    report = battle_report(t.eng, t.log)
    red, green = report["luck"]["damage"]
    # each ship deals its SS to the other (cal §Moving Ships According To Course): Lance's 20 lost is Green's
    # doing, not Red's self-inflicted damage, though Red named the ram
    assert (red["taken"], red["dealt"], red["self_inflicted"]) == (20, 20, 0)
    assert (green["taken"], green["dealt"], green["self_inflicted"]) == (20, 20, 0)
    # each Major 7 (Engines Damaged, the table's mildest row) is its ship's owner's: 30/36 worse + 3/36 = 11/12
    assert [(r["player"], r["exact"]) for r in report["luck"]["rolls"]] == [("Red", "11/12"), ("Green", "11/12")]


def test_the_damage_rule_names_the_rulesets_own_bar_and_no_other_ruleset() -> None:
    """The generic text names no specific ruleset: the bar is the one this ruleset declares first."""
    from mstracker.game.report_luck import NO_DAMAGE_BAR, luck_rules

    eng, log = mini_game()
    rule = battle_report(eng, log)["luck"]["damage_rule"]
    bar = next(iter(eng.spec.bars())).label
    assert rule.startswith(f"Damage is the drop of the first bar of the record (here {bar}). Taken:")
    assert "SS" not in rule.split(". Taken")[0]
    assert luck_rules("", "")[1].startswith("Damage is the drop of the first bar of the record. Taken:")
    assert "armor" not in NO_DAMAGE_BAR and "SS" not in NO_DAMAGE_BAR
