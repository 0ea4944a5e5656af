"""cal course bookkeeping: reduction rules (D5.1, X6, X7, X14, X15), MPs and hard turns (X12), torpedoes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mstracker.rulesets.cal.course import Course, alter_course, moving_backwards, opposite, reduce_course, torpedo_course
from mstracker.rulesets.cal.model import CAPITAL, ESCORT, Ruleset
from test_cal_helpers import with_setting


def test_x14_opposite_sides_cancel() -> None:
    assert reduce_course(Course.of({1: 2, 4: 3})).moves() == {4: 1}


def test_x15_sides_one_apart_vector_and_literal() -> None:
    course = Course.of({1: 1, 3: 2})
    assert reduce_course(course).moves() == {2: 1, 3: 1}
    assert reduce_course(course, "literal").moves() == {2: 1}  # one hex of movement lost


def test_x6_adjacent_directions_are_already_reduced() -> None:
    course = Course.of({3: 2, 4: 1})
    assert course.is_reduced() and reduce_course(course) == course
    assert str(course) == "2 in direction 3, 1 in direction 4"


def test_x7_facing_5_moving_2_is_backwards() -> None:
    assert moving_backwards(5, 2) and not moving_backwards(5, 5) and not moving_backwards(5, 3)
    assert [opposite(s) for s in range(1, 7)] == [4, 5, 6, 1, 2, 3]


def test_rule_3_rotations_and_wraparound() -> None:
    assert reduce_course(Course.of(cw=3, ccw=1)) == Course.of(cw=2)
    assert reduce_course(Course.of({5: 2, 1: 1})).moves() == {6: 1, 5: 1}  # 5 and 1 have 6 between them
    assert reduce_course(Course.of({1: 1, 3: 1, 5: 1})).moves() == {}  # three sides 120 degrees apart cancel


def test_x12_capital_spending_both_mps_on_rotation_takes_1_ss(cal: Ruleset) -> None:
    course, stress = alter_course(cal, Course.of({1: 2}), {"cw": 2}, CAPITAL)
    assert stress == 1 and course == Course.of({1: 2}, cw=2)
    assert alter_course(cal, Course.of({1: 2}), {"cw": 1, 2: 1}, CAPITAL)[1] == 0
    assert alter_course(cal, Course.of(), {"ccw": 3}, ESCORT)[1] == 0
    course, _ = alter_course(cal, Course.of({1: 2}, ccw=1), {4: 1, "cw": 1}, "capital")
    assert course == Course.of({1: 1})


def test_mp_limits_and_blocked_course_changes(cal: Ruleset) -> None:
    with pytest.raises(ValueError, match="a Capital Ship has 2 movement points, not 3"):
        alter_course(cal, Course.of(), {1: 3}, CAPITAL)
    with pytest.raises(ValueError, match="1 movement point \\(Engines Damaged\\)"):
        alter_course(cal, Course.of(), {1: 2}, ESCORT, engines_damaged=True)
    assert alter_course(cal, Course.of(), {"cw": 1}, CAPITAL, engines_damaged=True)[1] == 0
    with pytest.raises(ValueError, match="engines are offline"):
        alter_course(cal, Course.of(), {1: 1}, ESCORT, engines_offline=True)
    with pytest.raises(ValueError, match="FTL"):
        alter_course(cal, Course.of(), {1: 1}, ESCORT, ftl_powered=True)
    with pytest.raises(ValueError, match="direction 1 to 6"):
        alter_course(cal, Course.of(), {7: 1}, ESCORT)


def test_alter_course_uses_the_rule2_setting(cal: Ruleset) -> None:
    literal = with_setting(cal, "course_rule2", "literal")
    assert alter_course(cal, Course.of({1: 1}), {3: 2}, ESCORT)[0].moves() == {2: 1, 3: 1}
    assert alter_course(literal, Course.of({1: 1}), {3: 2}, ESCORT)[0].moves() == {2: 1}


def test_torpedo_course(cal: Ruleset) -> None:
    ship = Course.of({1: 2}, cw=1)
    assert torpedo_course(cal, ship, 1, {1: 2, 2: 1}) == Course.of({1: 4, 2: 1})
    assert torpedo_course(cal, ship, 1, {1: 1, 6: 1}).moves() == {1: 3, 6: 1}
    with pytest.raises(ValueError, match="at least half"):
        torpedo_course(cal, ship, 1, {1: 1, 2: 2})
    with pytest.raises(ValueError, match="at most 3"):
        torpedo_course(cal, ship, 1, {1: 4})
    with pytest.raises(ValueError, match="directions 1, 2, 6 only"):
        torpedo_course(cal, ship, 1, {4: 1})


# Axial hex vectors of the six sides in order around the hex: side s and side s+2 add up to side s+1.
VECTORS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def _vector(course: Course) -> tuple[int, int]:
    return (sum(v * d[0] for v, d in zip(course.sides, VECTORS)), sum(v * d[1] for v, d in zip(course.sides, VECTORS)))


courses = st.builds(
    lambda sides, cw, ccw: Course(sides=tuple(sides), cw=cw, ccw=ccw),
    st.lists(st.integers(0, 12), min_size=6, max_size=6), st.integers(0, 6), st.integers(0, 6),
)


@given(courses)
def test_vector_reduction_keeps_the_movement_and_reduces(course: Course) -> None:
    reduced = reduce_course(course)
    assert reduced.is_reduced()
    assert _vector(reduced) == _vector(course)
    assert reduced.cw - reduced.ccw == course.cw - course.ccw
    assert len(reduced.moves()) <= 2
    assert reduce_course(reduced) == reduced


@given(courses)
def test_literal_reduction_also_ends_reduced(course: Course) -> None:
    reduced = reduce_course(course, "literal")
    assert reduced.is_reduced() and sum(reduced.sides) <= sum(course.sides)
