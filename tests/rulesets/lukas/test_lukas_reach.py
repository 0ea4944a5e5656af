"""No lukas attack without the measurement the rules need (issue 15 item 7). lukas §3.a: "2. Check range of
weapon, and range to target ... If the target is not in range ... the attack is cancelled"; the hit numbers
and the damage are the same at any range, so an attack needs the studs measured or an explicit "in range"
the log keeps as not measured. A Beam's range is infinite: it needs neither."""

from __future__ import annotations

from test_lukas_fixtures import decide, engine, new, own_turn, refused, to_turn


def test_an_attack_with_neither_a_distance_nor_in_range_is_refused_citing_the_book() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    assert refused(eng, s, "fire", (3, 1), ship="Bull", weapon="Heavy Turret", target="Ram") == (
        "distance needed: lukas §3.a (the weapon reaches 20 studs); type the distance measured on the table, or tick "
        "“in range” when it plainly is")


def test_in_range_attacks_and_the_log_says_it_was_not_measured() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), 1)
    # T-LWP-10: Heavy Turret vs a frigate needs 3; d12 3 hits; 1d12-1 on a 1 is raised to the minimum of 1
    events = decide(eng, s, "fire", (3, 1), ship="Bull", weapon="Heavy Turret", target="Ram", in_range=True)
    assert events[0].text.startswith("Bull (#2) fires Heavy Turret (w2) at Ram (#8) in range (not measured). ")
    assert events[0].data["damage"] == 1


def test_melee_reaches_one_stud_and_says_so_in_the_singular() -> None:
    eng = engine()
    s = to_turn(eng, new(eng), own_turn(1, 1))  # Bob's first turn: Ram carries the Melee
    assert "(the weapon reaches 1 stud)" in refused(eng, s, "fire", (12, 6, 6), ship="Ram", weapon="Melee",
                                                    target="Bull")
    assert "reaches 1 stud or less from the melee tip, Bull (#2) is 2 away" in refused(
        eng, s, "fire", (12, 6, 6), ship="Ram", weapon="Melee", target="Bull", distance=2)
    events = decide(eng, s, "fire", (12, 6, 6), ship="Ram", weapon="Melee", target="Bull", distance=1)
    assert " at Bull (#2) at 1 stud. " in events[0].text
