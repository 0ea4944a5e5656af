"""The declared dice of a roll-off as the forms list them: before the faces, the first rolls; once the faces
are all in, the rolls they went to, and the tie-breaks that were not needed summed up in one line."""

from __future__ import annotations

from mstracker.rules.contract import DicePlan, DieNeed
from mstracker.tui.modals.action_dice import plan_content


def roll_off(rounds: int = 10) -> DicePlan:
    """Two players roll a d6 each; a tie rolls again, up to `rounds` rounds."""
    needs: list[DieNeed] = []
    for r in range(rounds):
        tie = None if r == 0 else (lambda faces, n=2 * r: faces[n - 2] is not None and faces[n - 2] == faces[n - 1])
        for who in ("Blue", "Red"):
            needs.append(DieNeed(6, f"{who}'s roll-off" + (f" (tie, round {r + 1})" if r else ""), when=tie,
                                 group=2 * r + (who == "Red")))
    return DicePlan(tuple(needs))


def test_before_the_faces_the_first_rolls_show() -> None:
    text = plan_content(roll_off(), None).plain.splitlines()
    assert text[0].startswith("1. d6 Blue's roll-off") and text[1].startswith("2. d6 Red's roll-off")
    assert text[-1] == "   … 20 rolls in all"


def test_once_the_faces_are_in_the_rolls_they_went_to_show_and_the_rest_are_not_needed() -> None:
    text = plan_content(roll_off(), None, (6, 2)).plain.splitlines()
    assert text == ["1. d6 Blue's roll-off  = 6", "2. d6 Red's roll-off  = 2", "   the other 18 rolls are not needed"]
    tied = plan_content(roll_off(), None, (3, 3, 5, 2)).plain.splitlines()
    assert tied[2] == "3. d6 Blue's roll-off (tie, round 2)  = 5" and tied[-1] == "   the other 16 rolls are not needed"
