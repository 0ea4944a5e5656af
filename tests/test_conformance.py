"""The conformance kit (mstracker.testing) run for every registered ruleset: the four built-in ones and
the tests' duel ruleset, registered here the way a host registers one at run time."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from fractions import Fraction as F
from pathlib import Path

import pytest

from mstracker.rules import registry
from mstracker.testing import RulesetConformance

sys.path.insert(0, str(Path(__file__).resolve().parent / "rulesets" / "duel"))

from duel_ruleset import RULESET as DUEL  # noqa: E402

BUILT_IN = registry.ruleset_ids()


@pytest.fixture(autouse=True)
def duel_registered() -> Iterator[None]:
    from mstracker.store.catalog import book_ruleset

    registry.register(DUEL)
    book_ruleset.cache_clear()
    yield
    registry.unregister(DUEL.id)
    book_ruleset.cache_clear()


class TestEveryRuleset(RulesetConformance):
    @pytest.fixture(params=[*BUILT_IN, DUEL.id], name="ruleset_id")
    def _ruleset_id(self, request: pytest.FixtureRequest) -> str:
        return str(request.param)


def test_the_kit_catches_odds_that_are_not_the_decider_s() -> None:
    # duel §2 at 15 armor: the Laser deals 10 (faces 3-5) or its doubled 20, capped at 15 (face 6): 15/2 expected.
    # A ruleset that promised the uncapped 25/3 would be told so by the enumeration.
    from mstracker.testing import demo_situation, enumerated_outcome, offered_attacks

    registry.register(DUEL)
    situation = demo_situation("duel")
    first = offered_attacks(situation)[0]
    expected, destroyed = enumerated_outcome(situation, first)
    target = situation.state.ships[first.action.args["target"]]
    armor = target.record["armor"]
    weapon = next(i for i in situation.state.ships[first.action.args["ship"]].items if i.id == first.action.args["weapon"])
    damage = {"Laser": 10, "Cannon": 20}[weapon.name]
    assert expected == sum((F(n, 6) * min(d, armor) for d, n in ((damage, 3), (2 * damage, 1))), F(0))
    assert destroyed == F(int(damage >= armor) * 3 + int(2 * damage >= armor), 6)
    uncapped = F(3, 6) * damage + F(1, 6) * 2 * damage
    assert (uncapped == expected) is (2 * damage <= armor)


def test_the_kit_catches_a_target_the_forms_leave_out_but_the_engine_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    # A duel whose forms offer only ship #3 as a target while its fire (duel §2) takes any enemy ship: the
    # legality answer and the engine disagree, and the kit says which ship.
    from duel_ruleset.plugin import Plugin

    from mstracker.testing import demo_situation

    situation = demo_situation("duel")
    RulesetConformance().test_what_the_legality_answer_refuses_the_engine_refuses(situation)  # as shipped: agrees
    monkeypatch.setattr(Plugin, "targets", lambda self, state, kind, actor: [state.ships["3"]])
    with pytest.raises(AssertionError, match=r"the engine did fire .* though #4 is not among the targets \('3',\)"):
        RulesetConformance().test_what_the_legality_answer_refuses_the_engine_refuses(situation)
