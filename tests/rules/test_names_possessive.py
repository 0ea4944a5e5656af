"""rules.names.possessive: a name's possessive as English writes it, used wherever generic code (and lukas)
says whose something is (play-test round 3: "Kassarians's next turn")."""

from __future__ import annotations

import pytest

from mstracker.rules.names import possessive


@pytest.mark.parametrize(("name", "said"), [
    ("Ann", "Ann's"), ("Cyd", "Cyd's"), ("Bob", "Bob's"),
    ("Kassarians", "Kassarians'"), ("Blue Pikes", "Blue Pikes'"),  # a plural name: the apostrophe alone
    ("Jess", "Jess's"), ("Marcus", "Marcus's"), ("Iris", "Iris's"),  # singular names ending in ss, us, is
    ("Red Bastion (#9)", "Red Bastion (#9)'s"), ("Ann and Bob", "Ann and Bob's"),
    ("Kassarians'", "Kassarians'"), ("", ""),
])
def test_possessive(name: str, said: str) -> None:
    assert possessive(name) == said



def test_a_blank_argument_is_named_in_words() -> None:
    """A typed action's Incomplete says the argument in words, not its key (issue 16: raw keys in hints)."""
    from mstracker.game.typed_action import Incomplete

    assert str(Incomplete("target_weapon")) == "give the target weapon"
    assert str(Incomplete("ship", "name the ship that fires")) == "name the ship that fires"
