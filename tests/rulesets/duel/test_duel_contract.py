"""The contract as a plugin sees it, with the duel ruleset: the plugin holds no reference to an engine;
what its deciders needed from one (standing obligations, folding events, who caused damage) it has
itself (issue 15 item 5: the engine back-reference removed). And the required parts, checked once as a
ruleset is registered or its plugin first built, with the optional features declared (issue 15 item 2)."""

from __future__ import annotations

import pytest
from duel_ruleset import HERE, DuelPackage
from duel_ruleset.plugin import Plugin

from mstracker.dice import TypedFaces
from mstracker.game import Action, Engine, GameState
from mstracker.game.plugin import plugin_for
from mstracker.game.plugin_check import check_plugin, plugin_problems
from mstracker.rules import registry
from mstracker.rules.contract import Capabilities
from mstracker.rules.contract_check import ContractError
from mstracker.rules.registry import package, packages
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster


def play(engine: Engine, state: GameState, kind: str, faces: tuple[int, ...] = (), **args: str) -> GameState:
    return engine.apply(state, engine.decide(state, Action(kind, args), TypedFaces(faces)))


def wrecked_game() -> tuple[Engine, GameState, GameState]:
    """Red's Brick (1) fires its Cannon at Blue Cutter (4, armor 20) and rolls a 3: 20 damage (duel §2), a wreck."""
    engine = Engine(plugin_for(book_ruleset("duel")))
    rosters = [load_roster(HERE / "fleets" / name) for name in ("red.toml", "blue.toml")]
    state = engine.new_game("contract", rosters)
    for _ in range(3):  # turn 1 (ready runs by itself), the plan item, on into Battle
        state = play(engine, state, "next-step")
    before = state
    return engine, before, play(engine, state, "fire", (3,), ship="1", weapon="w1", target="4")


def test_the_plugin_knows_no_engine() -> None:
    engine, _, _ = wrecked_game()
    assert not hasattr(engine.plugin, "engine")


def test_standing_obligations_leave_out_what_the_table_set_aside_this_turn() -> None:
    engine, _, wrecked = wrecked_game()
    plugin = engine.plugin
    assert [o.id for o in plugin.standing_obligations(wrecked)] == ["wreck:4"]  # duel §3: strike it off
    set_aside = play(engine, wrecked, "override", obligation="wreck:4", reason="we strike it at the end")
    assert plugin.obligations(set_aside)[0].id == "wreck:4"  # the rule still says so
    assert plugin.standing_obligations(set_aside) == () == engine.obligations(set_aside)


def test_a_decider_folds_events_without_an_engine() -> None:
    engine, before, wrecked = wrecked_game()
    events = engine.decide(before, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}), TypedFaces((3,)))
    assert engine.plugin.apply(before, events) == wrecked
    assert wrecked.ships["4"].record["armor"] == 0 and wrecked.ships["4"].record["wreck"] is True


def test_who_may_act_and_at_whom_is_found_by_trying_prepare() -> None:
    # duel overrides none of available, actors and targets: its typed actions' prepare answers them all.
    for name in ("available", "actors", "targets"):
        assert name not in vars(Plugin), name
    engine, before, wrecked = wrecked_game()
    red = sorted(s.id for s in before.ships.values() if s.owner == 0)
    blue = sorted(s.id for s in before.ships.values() if s.owner == 1)
    fire = engine.legal_action(before, "fire")
    assert fire.allowed and sorted(fire.actors) == red and sorted(fire.targets) == blue  # duel §2: own ships fire at enemies
    strike = engine.legal_action(before, "strike")
    assert (strike.allowed, strike.reason) == (False, "no wreck is on the table")
    # Blue's Cutter (4) is a wreck on Red's turn: whoever's it is, it is the one ship that may be struck off (duel §3)
    strike = engine.legal_action(wrecked, "strike")
    assert strike.allowed and strike.actors == ("4",) and strike.actor == "4"


def test_damage_by_names_the_acting_ships_owner_and_no_one_for_a_generic_action() -> None:
    engine, before, _ = wrecked_game()
    plugin, target = engine.plugin, before.ships["4"]
    assert plugin.damage_by(before, "fire", {"ship": "1", "weapon": "w1", "target": "4"}, target) == 0  # red, player 0
    assert plugin.damage_by(before, "set", {"ship": "4", "field": "armor", "value": "0"}, target) is None


# ---- the required parts, checked once as a ruleset is registered or its plugin first built ---------------


def test_a_package_whose_model_has_no_declared_class_table_is_refused_naming_it() -> None:
    class Misnamed(DuelPackage):
        id = "misnamed"
        class_table = "hulls"  # duel's model calls its table `classes`

    with pytest.raises(ContractError) as refused:
        registry.register(Misnamed())
    assert str(refused.value) == ("ruleset 'misnamed' (test_duel_contract) does not meet the contract: its data model "
                                  "Ruleset has no ship-class table 'hulls' (name the model's field in `class_table`)")
    assert not registry.is_installed("misnamed")


def test_a_plugin_lacking_parts_is_refused_with_every_part_named() -> None:
    class Sloppy(Plugin):
        turn_structure = None  # type: ignore[assignment]
        step_actions = {}
        capabilities = Capabilities(planner=True)  # declares a planner, answers no plan_shot, hides its odds

    with pytest.raises(ContractError) as refused:
        check_plugin(package("duel"), Sloppy(book_ruleset("duel")))
    words = str(refused.value)
    assert words.startswith("ruleset 'duel' (test_duel_contract.")
    assert "no turn_structure" in words and "no step_actions" in words
    assert "Capabilities(planner=True) is declared but plan_shot with typed outcomes" in words
    assert "it answers exact odds but does not declare it: Capabilities(exact_odds=True)" in words


def test_the_four_rulesets_and_duel_meet_the_contract_and_declare_what_they_offer() -> None:
    found = {}
    for pkg in packages():
        plugin = plugin_for(book_ruleset(pkg.id))
        assert plugin_problems(plugin, plugin.capabilities) == [], pkg.id
        found[pkg.id] = plugin.capabilities
    every = Capabilities(exact_odds=True, planner=True, on_table=True)
    assert found == {"spook": every, "lukas": every, "pz8": every, "cal": every, "duel": Capabilities(exact_odds=True)}
