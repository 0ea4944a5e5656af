"""The dice spook actions declare before rolling, in rolling order, with what each decides and its table:
a shot (×d6, accuracy d12, flare d8s while damage is left, subsystem d8), mines, the roll-off."""

from __future__ import annotations

from test_spook_support import Play, roster, ship

from mstracker.dice import TypedFaces
from mstracker.game import Action, InvalidAction
from mstracker.rulesets.spook.plans import rolloff_plan
from mstracker.rulesets.spook.table_rolls import resolve_rolloff


def battle(**settings: object) -> Play:
    blue = roster(
        "Blue",
        ship("Maul", "Destroyer", ("Cluster Torpedo Launcher", "Gattling Mass Driver", "Ion Beam")),  # 1
        ship("Anvils", "Bomber", ("Plasma Bomb Launcher",)),  # 2
        ship("Sower", "Mine Layer Frigate", ("Mass Driver Turret",)),  # 3
    )
    red = roster(
        "Red",
        ship("Ox", "Transport", devices=("Flare Launcher", "Flare Launcher")),  # 4
        ship("Gnats", "Lancer", ("Particle Lance",)),  # 5
        ship("Bastion", "Carrier", ("Mass Driver Turret",), ("Defense Field",)),  # 6
    )
    g = Play([blue, red], **settings)
    g.start()
    return g


def plan(g: Play, kind: str, **args: object):  # noqa: ANN201
    return g.eng.dice_plan(g.s, Action(kind, args))


def test_a_cluster_torpedo_at_a_transport_with_two_flare_launchers() -> None:
    g = battle()
    p = plan(g, "fire", ship="Maul", weapon="w1", target="Ox", in_range=True)  # the reach said (§3 B2)
    # 25 x d6 (§5 D5), accuracy 5 < agility 6: d12, then one d8 per launcher while damage is left (§6 B1)
    assert [(n.sides, n.purpose, n.ship, n.table) for n in p.needs] == [
        (6, "damage: 25 × d6", "1", "Cluster Torpedo Launcher damage (spook §5)"),
        (12, "accuracy 5 against agility 6", "1", "Accuracy table (spook §5 Accuracy)"),
        (8, "flare launcher 1 of 2 against Cluster Torpedo Launcher", "4", "Flares table (spook §6 B1)"),
        (8, "flare launcher 2 of 2 against Cluster Torpedo Launcher", "4", "Flares table (spook §6 B1)"),
    ]
    assert [n.when_text for n in p.needs] == ["", "", "while damage is left", "while damage is left"]
    assert p.walk([3, 4]).complete  # d12 4 misses: no damage, the flares need no roll
    assert p.walk([3, 7, 2]).complete  # d12 7: 75 → 38; the first flare intercepts: the second needs no roll
    assert p.walk([3, 7, 5]).next.purpose == "flare launcher 2 of 2 against Cluster Torpedo Launcher"
    events = g.act("fire", 3, 7, 5, 6, ship="Maul", weapon="w1", target="Ox", in_range=True)  # 75 → 38 → 19 → 10
    assert g.rec("Ox", "armor") == 290
    rolled = next(e for e in events if e.kind == "dice-rolled").data["rolls"]
    assert [(r["purpose"], r["faces"], r["player"]) for r in rolled] == [
        ("damage: 25 × d6", [3], 0), ("accuracy 5 against agility 6", [7], 0),
        ("flare launcher 1 of 2 against Cluster Torpedo Launcher", [5], 1),
        ("flare launcher 2 of 2 against Cluster Torpedo Launcher", [6], 1)]
    # for dice luck each die says how its faces rank for the player it is credited to: the damage d6 is
    # higher-is-better (no rank); the accuracy d12 by its table (12 friendly fire < 1-5 miss < 6-10 half < 11
    # full); the flare d8s are the target's (player 1), for whom 1-3 (all missiles stopped) is the best
    assert [r.get("rank") for r in rolled] == [
        None, [0, 0, 0, 0, 0, 50, 50, 50, 50, 50, 100, -1],
        [0, 0, 0, -50, -50, -50, -50, -100], [0, 0, 0, -50, -50, -50, -50, -100]]


def test_a_bombers_subsystem_d8_is_declared_for_a_hit_only() -> None:
    g = battle()
    p = plan(g, "fire", ship="Anvils", weapon="w1", target="Bastion", subsystem="Defense Field", in_range=True)
    assert [(n.sides, n.purpose, n.table, n.when_text) for n in p.needs] == [
        (8, "subsystem targeting on Defense Field (d1)", "Subsystem table (spook §7 A11, house default)",
         "when the bombs deal damage")]  # accuracy 7 >= agility 2: no d12
    p = plan(g, "fire", ship="Anvils", weapon="w1", target="Gnats", subsystem="w1", in_range=True)  # accuracy 7 < 10
    assert [n.sides for n in p.needs] == [12, 8]
    assert p.walk([5]).complete and p.walk([12]).complete  # a miss, and a 12: no damage, no subsystem roll
    assert p.walk([6]).next.purpose == "subsystem targeting on Particle Lance (w1)"


def test_the_plan_refuses_what_the_action_refuses() -> None:
    g = battle()
    g.end_turn()
    g.act("use-device", ship="Bastion", device="Defense Field", ships="Ox")
    g.end_turn()
    for kind, args in [("fire", {"ship": "Maul", "weapon": "w1", "target": "Ox"}),
                       ("fire", {"ship": "Maul", "weapon": "w9", "target": "Gnats"})]:
        try:
            plan(g, kind, **args)
        except InvalidAction as exc:
            refusal = g.refused(kind, **args)
            assert str(exc) == refusal
        else:
            raise AssertionError(f"{kind} {args} should be refused")


def test_mines_one_d8_per_mine_or_one_for_the_crossing() -> None:
    g = battle()
    g.act("lay-mines", ship="Sower", count=3)
    g.end_turn()
    p = plan(g, "cross-mines", ship="Gnats", count=2)
    assert [(n.sides, n.purpose, n.ship, n.table) for n in p.needs] == [
        (8, "mine 1 of 2: avoided, half or full damage", "5", "Mines table (spook §7 A1)"),
        (8, "mine 2 of 2: avoided, half or full damage", "5", "Mines table (spook §7 A1)")]
    # rolled for the ship crossing: 1-3 avoided is its best face, 8 (a direct hit, 200) its worst
    assert {n.rank for n in p.needs} == {(0, 0, 0, -100, -100, -100, -100, -200)}
    h = battle(mine_rolls="per_crossing")
    h.act("lay-mines", ship="Sower", count=3)
    h.end_turn()
    assert [n.purpose for n in plan(h, "cross-mines", ship="Gnats", count=3).needs] == [
        "the crossing: avoided, half or full damage"]
    h.act("cross-mines", 5, ship="Gnats", count=3)  # one d8: 4-7 is half of 200
    assert h.rec("Gnats", "destroyed") and h.s.players[0].resources["mines"] == 2


def test_own_mines_declare_no_dice() -> None:
    g = battle()
    g.act("lay-mines", ship="Sower", count=2)
    assert plan(g, "cross-mines", ship="Maul", count=2, owner="Blue").needs == ()


def test_the_roll_off_declares_a_d6_each_and_more_only_for_a_tie() -> None:
    g = Play([roster("Blue", ship("A", "Frigate")), roster("Red", ship("B", "Frigate"))])
    p = plan(g, "roll-off")
    assert [(n.sides, n.purpose, n.player, n.table) for n in p.needs[:3]] == [
        (6, "Blue's roll-off", 0, "Roll-off for the first turn (house default: setting “Who takes the first turn”)"),
        (6, "Red's roll-off", 1, "Roll-off for the first turn (house default: setting “Who takes the first turn”)"),
        (6, "Blue's roll-off (tie, round 2)", 0, "Roll-off for the first turn (house default: setting “Who takes the first turn”)")]
    assert p.walk([6, 2]).complete
    assert p.walk([4, 4]).next.purpose == "Blue's roll-off (tie, round 2)"
    assert p.walk([4, 4, 2, 5]).complete
    g.act("roll-off", 4, 4, 2, 5)
    assert g.s.active == 1


def test_after_a_three_way_roll_off_tie_only_the_tied_roll_again() -> None:
    p = rolloff_plan(["Ann", "Bo", "Cy"])
    assert p.walk([6, 2, 1]).complete
    assert p.walk([6, 6, 1]).next.purpose == "Ann's roll-off (tie, round 2)"  # Ann and Bo tie at 6, Cy is out
    assert p.walk([6, 6, 1, 3]).next.purpose == "Bo's roll-off (tie, round 2)"
    assert p.walk([6, 6, 1, 3, 4]).complete
    assert resolve_rolloff(["Ann", "Bo", "Cy"], TypedFaces([6, 6, 1, 3, 4])).outcome == {"first": "Bo"}


def test_names_ending_in_s_take_the_possessive_english_writes() -> None:
    g = Play([roster("Jess", ship("Lance", "Frigate", ("Ion Beam",)), ship("Pike", "Frigate", ("Ion Beam",))),
              roster("Kassarians", ship("Brute", "Frigate", ("Ion Beam",)))])
    assert [n.purpose for n in plan(g, "roll-off").needs[:2]] == ["Jess's roll-off", "Kassarians' roll-off"]
    g.start()
    assert "one of Jess's own ships" in g.refused("fire", ship="Lance", weapon="w1", target="Pike")
