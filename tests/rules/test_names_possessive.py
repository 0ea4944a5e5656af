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

