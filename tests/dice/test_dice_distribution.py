"""Distribution: exact arithmetic, constructors, reading and binding."""

from fractions import Fraction

import pytest

from mstracker.dice import DiceError, Distribution

d6 = Distribution.die(6)


def test_die_is_uniform_and_sums_to_one():
    assert d6.items() == [(face, Fraction(1, 6)) for face in range(1, 7)]
    assert sum(p for _, p in Distribution.die(7).items()) == 1


def test_two_d6_by_addition_equals_dice_constructor():
    assert d6 + d6 == Distribution.dice(2, 6)
    assert Distribution.dice(2, 6)[7] == Fraction(1, 6)
    assert Distribution.dice(2, 6).mean == 7


def test_dice_constructor_matches_repeated_convolution():
    total = Distribution.constant(0)
    for n in range(1, 6):
        total = total + Distribution.die(4)
        assert Distribution.dice(n, 4) == total
    assert Distribution.dice(0, 6) == Distribution.constant(0)
    assert Distribution.dice(3, 1) == Distribution.constant(3)


def test_shift_scale_negate_and_reflected_operators():
    assert (d6 + 2).outcomes == (3, 4, 5, 6, 7, 8)
    assert (2 + d6) == (d6 + 2)
    assert (d6 - 1).min == 0
    assert (10 - d6).outcomes == (4, 5, 6, 7, 8, 9)
    assert (d6 * 25).outcomes == (25, 50, 75, 100, 125, 150)
    assert (25 * d6) == (d6 * 25)
    assert (-d6).max == -1
    assert sum([d6, d6, d6]) == Distribution.dice(3, 6)


def test_product_of_two_dice_is_independent_joint():
    product = d6 * d6
    assert product[36] == Fraction(1, 36)
    assert product[6] == Fraction(4, 36)
    assert product[7] == 0


def test_from_weights_normalises_ints_and_fractions():
    dist = Distribution.from_weights({"hit": 3, "miss": 1})
    assert dist["hit"] == Fraction(3, 4)
    assert Distribution.from_weights({1: Fraction(1, 3), 2: Fraction(1, 6)})[1] == Fraction(2, 3)
    assert Distribution({1: 2, 2: 2}) == Distribution.from_weights({1: 1, 2: 1})
    assert len(Distribution.from_weights({1: 1, 2: 0})) == 1


@pytest.mark.parametrize("weights", [{}, {1: 0}, {1: -1, 2: 2}])
def test_from_weights_refuses_bad_weights(weights):
    with pytest.raises(DiceError):
        Distribution.from_weights(weights)


@pytest.mark.parametrize("sides", [0, -3])
def test_die_refuses_no_sides(sides):
    with pytest.raises(DiceError, match="at least 1 side"):
        Distribution.die(sides)


def test_reading_helpers():
    assert d6[9] == 0
    assert 3 in d6 and 9 not in d6
    assert list(d6) == [1, 2, 3, 4, 5, 6] and len(d6) == 6
    assert d6.probability(lambda face: face >= 5) == Fraction(1, 3)
    assert d6.to_float_dict()[1] == pytest.approx(1 / 6)
    assert (d6.min, d6.max, d6.mean) == (1, 6, Fraction(7, 2))
    assert isinstance(d6.mean, Fraction)
    assert "Distribution(" in repr(d6)


def test_map_clamp_and_combine():
    assert d6.map(lambda f: f >= 4) == Distribution.from_weights({True: 1, False: 1})
    clamped = (Distribution.die(12) - 1).clamp(lo=1)
    assert clamped[1] == Fraction(2, 12) and clamped.outcomes == tuple(range(1, 12))
    assert d6.clamp(hi=3)[3] == Fraction(4, 6)
    assert d6.combine(d6, max)[6] == Fraction(11, 36)
    with pytest.raises(DiceError):
        d6.clamp(lo=5, hi=2)


def test_bind_explodes_a_six_once():
    exploding = d6.bind(lambda f: f + Distribution.die(6) if f == 6 else f)
    assert exploding[5] == Fraction(1, 6)
    assert exploding[6] == 0
    assert exploding[7] == exploding[12] == Fraction(1, 36)
    assert sum(p for _, p in exploding.items()) == 1


def test_bind_multi_step_attack_matches_enumeration():
    hits = Distribution.die(12).map(lambda roll: 0 if roll <= 4 else (2 if roll == 12 else 1))
    damage = hits.bind(lambda n: Distribution.dice(n, 6) if n else 0)
    expected: dict[int, int] = {}
    for roll in range(1, 13):
        for a in range(1, 7):
            for b in range(1, 7):
                n = 0 if roll <= 4 else (2 if roll == 12 else 1)
                value = (0, a, a + b)[n]
                expected[value] = expected.get(value, 0) + 1
    assert damage == Distribution.from_weights(expected)


def test_non_numeric_and_unsortable_outcomes():
    names = Distribution.from_weights({"b": 1, "a": 1})
    assert names.outcomes == ("a", "b")
    mixed = Distribution.from_weights({"x": 1, 2: 1, (1, 2): 2})
    assert mixed[(1, 2)] == Fraction(1, 2)
    assert mixed == Distribution.from_weights({(1, 2): 1, 2: Fraction(1, 2), "x": Fraction(1, 2)})
    assert hash(mixed) == hash(Distribution.from_weights({(1, 2): 2, 2: 1, "x": 1}))


def test_equality_is_exact():
    assert Distribution.from_weights({1: 1, 2: 1}) != Distribution.from_weights({1: 1, 2: 1000001})
    assert (d6 == "d6") is False
