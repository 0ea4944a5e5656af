"""No spook attack without the measurement the rules need (issue 15 item 7). spook §3 B2: "An enemy ship
must be within that range in order for you to attack with the given weapon"; the range decides nothing
else (the accuracy table of §5 is the same at any distance), so a fire needs the distance measured or an
explicit "in range" that the log keeps as not measured, never a blank."""

from __future__ import annotations

from fractions import Fraction

from test_spook_support import Play, roster, ship

from mstracker.game import Action


def battle() -> Play:
    blue = roster("Blue", ship("Lance", "Frigate", ("Ion Beam", "Torpedo Launcher")))  # 1
    red = roster("Red", ship("Picket", "Frigate", ("Mass Driver Turret",)))  # 2: 200 armor, agility 5
    g = Play([blue, red])
    g.start()
    return g


def test_a_fire_with_neither_a_distance_nor_in_range_is_refused_citing_the_book() -> None:
    g = battle()
    reason = g.refused("fire", 11, ship="Lance", weapon="Ion Beam", target="Picket")  # refused() checks nothing changed
    assert reason == ("distance needed: spook §3 B2 (the weapon reaches 20 units); type the distance measured on "
                      "the table, or tick “in range” when it plainly is")
    assert "RULES.md" not in reason


def test_in_range_fires_and_the_log_says_it_was_not_measured() -> None:
    g = battle()
    # Ion Beam (§5 E3): 100 damage, accuracy 4 < agility 5, so a d12; 11 is full damage: 200 → 100
    events = g.act("fire", 11, ship="Lance", weapon="Ion Beam", target="Picket", in_range=True)
    assert events[0].text.startswith("Lance (#1) fires Ion Beam (w1) at Picket (#2), in range (not measured): ")
    assert events[0].data["reach"] == "in range (not measured)"
    assert g.rec("Picket", "armor") == 100


def test_a_measured_distance_is_logged_and_one_beyond_the_range_refused() -> None:
    g = battle()
    assert "out of range: Torpedo Launcher reaches 12 units, the target is 13 away" in g.refused("fire", 6, ship="Lance", weapon="Torpedo Launcher",
                                                                   target="Picket", distance=13)
    # Torpedo Launcher (§5 D2): 35 damage, accuracy 6 >= agility 5: no roll, 35 for sure: 200 → 165
    events = g.act("fire", ship="Lance", weapon="Torpedo Launcher", target="Picket", distance=12)
    assert "fires Torpedo Launcher (w2) at Picket (#2), at 12 units: " in events[0].text
    assert g.rec("Picket", "armor") == 165


def test_the_odds_need_no_distance_the_fire_does() -> None:
    """The distance changes no figure (§5), so the dialog shows the odds before anything is measured."""
    g = battle()
    blank = g.eng.action_odds(g.s, Action("fire", {"ship": "1", "weapon": "w1", "target": "2"}))
    measured = g.eng.action_odds(g.s, Action("fire", {"ship": "1", "weapon": "w1", "target": "2", "distance": 20}))
    assert blank is not None and blank == measured
    # the d12 (§5 Accuracy): 6-10 half (5/12 x 50), 11 full (1/12 x 100), the rest nothing: 350/12
    assert blank.expected_damage == Fraction(350, 12)
