"""No cal attack without the measurement the rules need (issue 15 item 7). Weapons fire (cal §Weapons): beyond
half its range a projectile needs 1 more to hit and a beam deals half, so the distance changes the result
and a fire without it is refused. Point defence (cal §Point Defenses) reaches 2 hexes and nothing else
depends on the distance, so it takes the hexes measured or an explicit "in range" the log keeps."""

from __future__ import annotations

from test_cal_actions import game, launched


def at_point_defence():  # noqa: ANN201
    g = game()
    token = launched(g, "CV-1", "Bomber ready, Bomber ready, Bomber ready", "bomber")  # o1, Blue's 3 bombers
    g.next_round()
    g.to("gunnery", "point_defence")
    return g, token


def test_a_fire_without_its_distance_is_refused_for_the_range_band_it_decides() -> None:
    g = game()
    g.to("gunnery", "weapons")
    assert g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1") == (
        "distance needed: cal §Weapons (beyond half its range a projectile needs 1 more to hit and a beam deals "
        "half); type the hexes to the target, measured on the table")


def test_point_defence_needs_the_hexes_or_in_range_and_the_log_says_which() -> None:
    g, token = at_point_defence()
    assert g.refused("point-defence", 6, ship="FFAA-1", token=token) == (
        "distance needed: cal §Point Defenses (the weapon reaches 2 hexes); type the distance measured on the "
        "table, or say in range (in_range=yes) when it plainly is")
    measured = g.text("point-defence", 6, ship="FFAA-1", token=token, distance=2)
    assert ", at 2 hexes. " in measured
    plain = g.text("point-defence", 6, ship="FFAA-1", token=token, in_range=True)
    assert ", in range (not measured). " in plain
    assert g.state.extra["ordnance"][0]["units"] == 1  # each 6 removed one bomber (cal §Point Defenses)
