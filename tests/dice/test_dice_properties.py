"""Property tests: random valid expressions against icepool, rolls in range, garbage refused cleanly."""

import random
from fractions import Fraction

import icepool
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mstracker.dice import DiceError, DiceLimitError, RngFaces, TypedFaces, parse

SETTINGS = settings(deadline=None, max_examples=150)

Case = tuple[str, icepool.Die]


def oracle(die: icepool.Die) -> dict[int, Fraction]:
    return {o: p for o, p in zip(die.outcomes(), die.probabilities(), strict=True) if p}


@st.composite
def dice_terms(draw: st.DrawFn) -> Case:
    count = draw(st.integers(1, 3))
    sides = draw(st.sampled_from([1, 2, 3, 4, 6, 8, 10, 12, 20]))
    letter = draw(st.sampled_from(["d", "D"]))
    text = f"{letter}{sides}" if count == 1 and draw(st.booleans()) else f"{count}{letter}{sides}"
    return text, count @ icepool.d(sides)


constants = st.integers(0, 12).map(lambda n: (str(n), icepool.Die([n])))
WRAPS = [("({})"), ("[{}]"), ("[roll of {}]"), ("( {} )")]


def wrapped(case: st.SearchStrategy[Case]) -> st.SearchStrategy[Case]:
    return st.tuples(case, st.sampled_from(WRAPS)).map(lambda c: (c[1].format(c[0][0]), c[0][1]))


def composite(children: st.SearchStrategy[Case]) -> st.SearchStrategy[Case]:
    part = wrapped(children)
    ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
           " x ": lambda a, b: a * b, "×": lambda a, b: a * b}
    binary = st.tuples(part, st.sampled_from(sorted(ops)), part).map(
        lambda t: (f"{t[0][0]}{t[1]}{t[2][0]}", ops[t[1]](t[0][1], t[2][1])))
    negated = part.map(lambda c: (f"-{c[0]}", -c[1]))
    calls = st.tuples(st.sampled_from(["min", "max"]), children, children).map(
        lambda t: (f"{t[0]}({t[1][0]}, {t[2][0]})",
                   icepool.map((lambda a, b: min(a, b)) if t[0] == "min" else (lambda a, b: max(a, b)),
                               t[1][1], t[2][1])))
    clamps = st.tuples(part, st.sampled_from([" min {}", " (minimum {})", " min. {}", " max {}",
                                              " (maximum {})", " max. {}"]),
                       st.integers(-5, 15)).map(_clamped)
    return st.one_of(binary, negated, calls, clamps)


def _clamped(t: tuple[Case, str, int]) -> Case:
    (text, die), form, bound = t
    if "min" in form:
        return text + form.format(bound), die.map(lambda x: max(x, bound))
    return text + form.format(bound), die.map(lambda x: min(x, bound))


expressions = st.recursive(st.one_of(constants, dice_terms()), composite, max_leaves=5)


def parse_or_reject(text: str):
    try:
        return parse(text)
    except DiceLimitError:
        assume(False)


@SETTINGS
@given(expressions)
def test_random_expressions_equal_icepool(case):
    text, die = case
    expression = parse_or_reject(text)
    dist = expression.distribution()
    assert sum(p for _, p in dist.items()) == 1
    assert dict(dist.items()) == oracle(die)
    assert (expression.min, expression.max) == (dist.min, dist.max)
    assert parse(str(expression)).distribution() == dist
    assert str(parse(str(expression))) == str(expression)


@SETTINGS
@given(expressions, st.integers(0, 2**32))
def test_rolls_lie_in_range_and_replay_from_typed_faces(case, seed):
    expression = parse_or_reject(case[0])
    dist = expression.distribution()
    for _ in range(5):
        rng_faces = RngFaces(random.Random(seed))
        seed += 1
        roll = expression.roll(rng_faces)
        assert expression.min <= roll.total <= expression.max
        assert dist[roll.total] > 0
        assert [die.sides for die in roll.dice] == expression.dice_needed()
        assert roll.detail.endswith(f" = {roll.total}")
        typed = TypedFaces(die.face for die in rng_faces.drawn)
        assert expression.roll(typed) == roll and typed.remaining == ()


DICE_ALPHABET = "0123456789dDxX×+-−*()[], .minaxumrolf%²"


@SETTINGS
@given(st.one_of(st.text(max_size=60), st.text(alphabet=DICE_ALPHABET, max_size=60)))
def test_garbage_raises_only_dice_errors(text):
    try:
        expression = parse(text)
    except DiceError:
        return
    dist = expression.distribution()
    roll = expression.roll(RngFaces(random.Random(0)))
    assert dist[roll.total] > 0


@SETTINGS
@given(st.text(alphabet=DICE_ALPHABET, min_size=201, max_size=400))
def test_long_inputs_are_refused(text):
    with pytest.raises(DiceLimitError):
        parse(text)


@SETTINGS
@given(st.integers(21, 100), st.sampled_from(["()", "[]"]))
def test_deep_nesting_is_refused(depth, pair):
    with pytest.raises(DiceLimitError):
        parse(pair[0] * depth + "d6" + pair[1] * depth)
