"""Face sources: a seeded rng and typed-in physical faces produce identical rolls."""

import random

import pytest

from mstracker.dice import DieRoll, FaceSource, FacesError, RngFaces, Roll, TypedFaces, parse


def test_typed_roll_detail_and_dice():
    roll = parse("2d6+2").roll(TypedFaces([3, 5]))
    assert roll == Roll(expression="2d6+2", total=10,
                        dice=(DieRoll(6, 3), DieRoll(6, 5)), detail="2d6[3,5] + 2 = 10")
    assert str(roll) == "2d6[3,5] + 2 = 10"


def test_rng_faces_record_every_draw():
    faces = RngFaces(random.Random(7))
    roll = parse("2d6 + d8").roll(faces)
    assert faces.drawn == list(roll.dice)
    assert [d.sides for d in roll.dice] == [6, 6, 8]
    # random.Random(7): randint(1, 6), randint(1, 6), randint(1, 8) draw 3, 2, 7 -> 3 + 2 + 7 = 12
    assert [d.face for d in roll.dice] == [3, 2, 7] and roll.total == 12
    assert isinstance(faces, FaceSource) and isinstance(TypedFaces([]), FaceSource)


@pytest.mark.parametrize("text", ["2d12+2", "1d12 -1 (minimum 1)", "25 x [roll of d6]",
                                  "min(2d6, d8) * 3 - d4", "(d20 max 15) + 2d10"])
def test_typed_replay_equals_rng_roll(text):
    expression = parse(text)
    for seed in range(20):
        rng_faces = RngFaces(random.Random(seed))
        rolled = expression.roll(rng_faces)
        typed = TypedFaces(die.face for die in rng_faces.drawn)
        assert expression.roll(typed) == rolled
        assert typed.remaining == () and typed.used == tuple(d.face for d in rolled.dice)
        assert typed.drawn == rng_faces.drawn


def test_dice_needed_is_the_order_a_roll_consumes():
    expression = parse("2d12 + d6 * min(d8, 3d4)")
    assert expression.dice_needed() == [12, 12, 6, 8, 4, 4, 4]
    assert [d.sides for d in expression.roll(RngFaces(random.Random(1))).dice] == \
        expression.dice_needed()
    assert parse("7").dice_needed() == []


def test_face_out_of_range_message():
    with pytest.raises(FacesError, match="face 9 is not possible on a d8"):
        parse("d8").roll(TypedFaces([9]))
    with pytest.raises(FacesError, match="face 0 is not possible on a d6"):
        parse("d6").roll(TypedFaces([0]))


def test_faces_ran_out_message():
    faces = TypedFaces([4, 5])
    with pytest.raises(FacesError, match="needed a d12 after 2 faces, but only 2 were typed"):
        parse("2d6 + d12").roll(faces)
    with pytest.raises(FacesError, match="needed a d6, but no faces were typed"):
        parse("d6").roll(TypedFaces([]))
    with pytest.raises(FacesError, match="after 1 face, but only 1 was typed"):
        parse("2d6").roll(TypedFaces([1]))


def test_bad_face_is_not_consumed_and_counters_move():
    faces = TypedFaces([2, 7, 3])
    assert (faces.used, faces.remaining) == ((), (2, 7, 3))
    assert faces.next_face(6) == 2
    with pytest.raises(FacesError):
        faces.next_face(6)
    assert (faces.used, faces.remaining) == ((2,), (7, 3))
    assert faces.next_face(8) == 7
    assert faces.drawn == [DieRoll(6, 2), DieRoll(8, 7)]


def test_typed_faces_must_be_whole_numbers():
    with pytest.raises(FacesError, match="not a whole number"):
        TypedFaces([3, "4"])  # type: ignore[list-item]


def test_a_misbehaving_source_is_caught():
    class Loaded:
        def next_face(self, sides: int) -> int:
            return sides + 1

    with pytest.raises(FacesError, match="face 7 is not possible on a d6"):
        parse("d6").roll(Loaded())
