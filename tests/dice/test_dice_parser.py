"""Parser: the rulebooks' own forms, canonical text, syntax errors and limits."""

from fractions import Fraction

import pytest

from mstracker.dice import (
    DiceError, DiceLimitError, DiceSyntaxError, Distribution, Expression, parse,
)


def probabilities(text: str) -> dict[int, Fraction]:
    return dict(parse(text).distribution().items())


@pytest.mark.parametrize("text", ["1d12 -1 (minimum 1)", "1d12-1 min 1", "1D12 - 1 MIN. 1",
                                  "1d12-1 (min 1)", "d12 - 1 minimum 1", "1d12-1 min(1)"])
def test_d12_minus_one_minimum_one(text):
    dist = parse(text).distribution()
    assert dist[1] == Fraction(2, 12)
    assert dist.outcomes == tuple(range(1, 12))
    assert all(dist[v] == Fraction(1, 12) for v in range(2, 12))


@pytest.mark.parametrize("text", ["1d6-1 min. 1", "1d6 - 1 (min 1)"])
def test_d6_minus_one_minimum_one(text):
    assert probabilities(text) == {1: Fraction(2, 6), **{v: Fraction(1, 6) for v in range(2, 6)}}


@pytest.mark.parametrize("text,factor", [("25 x [roll of d6]", 25), ("25 x d6", 25),
                                         ("25×d6", 25), ("30 x d6", 30), ("25*[d6]", 25),
                                         ("25xd6", 25), ("30 X D6", 30)])
def test_multiplied_d6(text, factor):
    assert probabilities(text) == {factor * f: Fraction(1, 6) for f in range(1, 7)}


def test_two_d12_plus_two():
    expression = parse("2d12+2")
    dist = expression.distribution()
    assert (expression.min, expression.max) == (4, 26) == (dist.min, dist.max)
    assert dist == Distribution.dice(2, 12) + 2
    assert dist[14] == Fraction(11, 144)


def test_maximum_clamps_from_above_and_clamps_chain():
    assert probabilities("d6 (maximum 4)") == {1: Fraction(1, 6), 2: Fraction(1, 6),
                                                3: Fraction(1, 6), 4: Fraction(1, 2)}
    assert parse("2d6 max 10 min 4").distribution() == Distribution.dice(2, 6).clamp(4, 10)
    assert parse("d6 min -2").min == 1
    assert parse("-d6 max. -3").max == -3


def test_clamp_functions_take_the_smaller_or_larger_value():
    assert parse("min(d6, 3)").distribution() == Distribution.die(6).clamp(hi=3)
    assert parse("max(d6, 3)").distribution() == Distribution.die(6).clamp(lo=3)
    assert parse("max(d4, d4, d4)").distribution()[4] == 1 - Fraction(27, 64)


def test_precedence_unary_minus_and_parentheses():
    assert parse("2 + 3 * 4").distribution() == Distribution.constant(14)
    assert parse("(2 + 3) * 4").distribution() == Distribution.constant(20)
    assert parse("10 - 3 - 2").distribution() == Distribution.constant(5)
    assert parse("-3 * -2").distribution() == Distribution.constant(6)
    assert parse("--3").distribution() == Distribution.constant(3)
    assert parse("d6 - -1").distribution() == Distribution.die(6) + 1


def test_every_die_term_is_rolled_independently():
    assert parse("d6 * d6").distribution() == Distribution.die(6) * Distribution.die(6)
    assert parse("d6 - d6").distribution()[0] == Fraction(1, 6)


@pytest.mark.parametrize("text,canonical", [
    ("1d12 -1 (minimum 1)", "d12 - 1 min 1"),
    ("25 x [roll of d6]", "25 * d6"),
    ("2D12+2", "2d12 + 2"),
    ("(d6 min 2)+(3)", "(d6 min 2) + 3"),
    ("2-(3-d4)", "2 - (3 - d4)"),
    ("-(d6+2)*3", "-(d6 + 2) * 3"),
    ("MAX( d6 ,2d4 )", "max(d6, 2d4)"),
])
def test_canonical_text_round_trips(text, canonical):
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression
    assert expression.text == text
    assert Expression(text) == expression and hash(Expression(text)) == hash(expression)


def test_syntax_error_names_position_and_text():
    with pytest.raises(DiceSyntaxError, match='unexpected "\\+" at position 5 in "2d6 \\+\\+"') as info:
        parse("2d6 ++")
    assert info.value.position == 5 and info.value.text == "2d6 ++"


@pytest.mark.parametrize("text,fragment", [
    ("", "empty"),
    ("   ", "empty"),
    ("2d6 +", "unexpected end at position 5"),
    ("2d", 'unexpected end at position 2 in "2d" (expected the number of sides'),
    ("d%", 'unexpected "%" at position 1'),
    ("2d6 3", 'unexpected "3" at position 4'),
    ("fireball", 'unexpected "fireball" at position 0'),
    ("(2d6", "unexpected end"),
    ("2d6)", 'unexpected ")" at position 3'),
    ("[roll of d6", 'expected "]"'),
    ("min(3)", "needs two or more values"),
    ("2d6 min", 'expected a number after "min"'),
    ("2d6 min 1 + 2", 'unexpected "+"'),
    ("2d6d6", 'unexpected "d" at position 3'),
    ("d-6", 'unexpected "-" at position 1'),
    ("1.5d6", 'unexpected "." at position 1'),
    ("2²d6", 'unexpected "²" at position 1'),
])
def test_syntax_errors(text, fragment):
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    assert fragment in str(info.value)


@pytest.mark.parametrize("text,limit,fragment", [
    ("101d6", "dice per term", "the limit is 100 dice in one term"),
    ("1000d1000*1000d1000", "dice per term", "the limit is 100 dice in one term"),
    ("d100000", "sides", "a die has 1 to 1000 sides"),
    ("d1001", "sides", "a die has 1 to 1000 sides"),
    ("d0", "sides", "a die has 1 to 1000 sides"),
    ("0d6", "dice per term", "rolls no dice"),  # 0d6 is refused rather than read as 0
    ("100d1+" * 10 + "100d1", "dice in total", "the limit is 1000 dice in total"),
    ("1+" * 150, "length", "the limit is 200 characters"),
    ("x" * 300, "length", "300 characters long"),
    ("(" * 21 + "1" + ")" * 21, "nesting depth", "the limit is 20 levels of nesting"),
    ("[" * 30 + "d6" + "]" * 30, "nesting depth", "levels of nesting"),
    ("min(" * 25 + "1", "nesting depth", "levels of nesting"),
    ("10d100 * 10d100", "different results", "the limit is 100,000 different results"),
    ("d1000 * d1000", "different results", "different results"),
    ("40d100 + 40d100", "work", "too big to work out exactly"),
    ("min(100d100, 100d100)", "work", "too big to work out exactly"),
])
def test_limits_are_refused_before_computing(text, limit, fragment):
    with pytest.raises(DiceLimitError) as info:
        parse(text)
    assert info.value.limit == limit
    assert fragment in str(info.value)


def test_limits_at_the_edge_are_accepted():
    assert parse("100d6").max == 600
    assert parse("d1000").distribution()[1000] == Fraction(1, 1000)
    assert parse("(" * 20 + "1" + ")" * 20).max == 1
    assert parse("1+" * 99 + "1").max == 100
    assert parse("d1").distribution() == Distribution.constant(1)


def test_error_hierarchy():
    assert issubclass(DiceError, ValueError)
    for cls in (DiceSyntaxError, DiceLimitError):
        assert issubclass(cls, DiceError)
    with pytest.raises(TypeError):
        parse(None)  # type: ignore[arg-type]


def test_distribution_is_cached_and_bounds_are_exact():
    expression = parse("3 * d6 - 2d4 + min(d8, d10) * -1")
    assert expression.distribution() is expression.distribution()
    dist = expression.distribution()
    assert (expression.min, expression.max) == (dist.min, dist.max)
    assert sum(p for _, p in dist.items()) == 1
