"""The conformance kit: the ruleset contract's promises as one pytest suite that any ruleset package runs
on itself, the four built-in ones, the tests' duel ruleset and an outside one alike.

Use it from a ruleset's own tests::

    from mstracker.testing import RulesetConformance

    class TestMyRuleset(RulesetConformance):
        ruleset_id = "myrules"  # registered (entry point or registry.register) before the tests run

The game state it checks is generated from the package's `demo` (its two sample fleets played through
`to_attack` to the first attack). What it holds a ruleset to:

* **Exact odds are what the action does.** For every rolling action the state offers (each actor, each ready
  weapon, the targets it may aim at, the demo's measured values) whose odds the engine gives, every face
  combination of its declared `dice` (enumerated up to `MAX_COMBINATIONS`) is put through the engine: the
  distribution of what it did (as the action's `observed` reads the records) is exactly its `outcome`;
  for an action with no `observed`, the expected damage dealt (the one definition, `mstracker.game.damage`)
  and the chance to destroy are exactly its odds'. It rolls exactly the dice it declared.
* **The planner's row is the dialog's odds**, and one attack's focus fire is its row.
* **Refusals agree.** An action the legality answer refuses, the engine refuses too; an actor or a target
  the legality answer leaves out, the engine refuses.
* **No declared capability answers 0 by default**: the package and plugin meet the contract's required
  parts (rules.contract_check, game.plugin_check: class table, turn structure, record spec, start state,
  readiness, step actions, the dice of every rolling action); what `Capabilities` declares (exact odds,
  planner, on-table items) is answered by the ruleset itself, and what it answers is declared; bars
  start full; every rolling action offered declares its dice.

Not pure (it plays games from the store's sample fleets and imports pytest): for tests only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from .dice import RngFaces, TypedFaces
from .game import Action, Engine, GameState, InvalidAction, engine_for
from .dice import Distribution
from .game.events import ActionSpec, ArgType
from .game.typed_action import Outcome
from .game.typed_legal import refusal
from .game.planner import Distances, fire_plan
from .game.planner_focus import focus_fire
from .rules.contract import DicePlan
from .rules.registry import package

__all__ = ["MAX_COMBINATIONS", "Offered", "RulesetConformance", "Situation", "demo_situation", "face_combinations",
           "offered_attacks", "typed_outcomes"]

#: Face combinations enumerated at most: for the first action offered, and for each of the others (larger
#: plans are left to the ruleset's own tests).
MAX_COMBINATIONS = 4000
MAX_OTHER_COMBINATIONS = 1000
#: Actions tried per state at most (the first of each kind, then the others), to keep the suite quick.
MAX_ACTIONS = 10


@dataclass(frozen=True)
class Situation:
    """A generated game: its engine, the state at the demo's first attack, and what the demo measured."""

    ruleset_id: str
    engine: Engine
    state: GameState
    measured: dict[str, str]


@dataclass(frozen=True)
class Offered:
    """One rolling action the state offers, with its checked arguments."""

    action: Action
    spec: ActionSpec


def demo_situation(ruleset_id: str) -> Situation:
    """The package's demo battle played to its first attack, as the screenshot scene does."""
    from .store.catalog import book_ruleset
    from .store.fleets import load_roster, sample_fleets

    demo = package(ruleset_id).demo
    if demo is None:
        pytest.skip(f"{ruleset_id} declares no demo battle: the kit generates its game state from one")
    eng = engine_for(book_ruleset(ruleset_id))
    paths = {p.name: p for p in sample_fleets(ruleset_id)}
    rosters = [load_roster(paths[name]) for name in demo.fleets]
    state = eng.replay([eng.created_event(eng.new_game("Conformance", rosters, {}, allow_illegal=True))])
    for step in demo.to_attack:
        args: dict[str, Any] = {}
        if step.kind != "next-step":
            names = [a.name for a in eng.action_spec(step.kind).args]
            args = eng.legal_action(state, step.kind, step.ship or None, None).defaults(names)
        args.update(step.args)
        faces = TypedFaces(int(f) for f in step.faces.split())
        state = eng.apply(state, eng.decide(state, Action(step.kind, args), faces))
    return Situation(ruleset_id, eng, state, dict(demo.measured))


def offered_attacks(situation: Situation) -> list[Offered]:
    """The rolling actions the state offers against a ship, whose odds the engine gives: every actor the
    legality answer names, each of its ready weapons, each target it may aim at (first of each kind first)."""
    return offered_actions(situation, rolling=True)


def offered_actions(situation: Situation, rolling: bool = False) -> list[Offered]:
    """The ruleset's actions the state offers as the legality answer fills them in: every actor it names,
    each ready weapon, each target it may aim at, the demo's measured values (first of each kind first);
    `rolling`: only the rolling ones whose odds the engine gives."""
    eng, state = situation.engine, situation.state
    found: list[list[Offered]] = []
    for spec in eng.action_specs():
        if spec.generic or (rolling and not spec.rolls):
            continue
        legal = eng.legal_action(state, spec.kind)
        if not legal.allowed:
            continue
        names = {a.name: a for a in spec.args}
        mine: list[Offered] = []
        for args in _argument_sets(eng, state, spec, legal.actors, names, situation.measured):
            action = Action(spec.kind, args)
            try:
                if rolling and eng.action_odds(state, action) is None:
                    continue
                eng.dice_plan(state, action)  # refused as filled in: not offered
            except InvalidAction:
                continue
            mine.append(Offered(action, spec))
        if mine:
            found.append(mine)
    ordered = [kind[0] for kind in found] + [o for kind in found for o in kind[1:]]
    return ordered[:MAX_ACTIONS]


def _argument_sets(eng: Engine, state: GameState, spec: ActionSpec, actors: tuple[str, ...],
                   names: dict[str, Any], measured: dict[str, str]) -> Iterator[dict[str, Any]]:
    extra = {k: v for k, v in measured.items() if k in names}
    for actor in actors or (None,):
        ship = state.ships.get(actor) if actor else None
        weapons: list[str | None] = [None]
        if ship is not None and "weapon" in names and names["weapon"].type is ArgType.ITEM:
            weapons = [r.item for r in eng.plugin.readiness(state, ship) if r.kind == "weapon" and r.usable] or [None]
        targets: list[str | None] = [None]
        if "target" in names and names["target"].type is ArgType.SHIP:
            targets = [t.id for t in eng.plugin.targets(state, spec.kind, ship)] or [None]
        for weapon in weapons:
            for target in targets:
                args = {"ship": actor, "weapon": weapon, "target": target, **extra}
                yield {k: v for k, v in args.items() if v is not None and k in names}


def face_combinations(plan: DicePlan, limit: int = MAX_COMBINATIONS) -> list[tuple[tuple[int, ...], Fraction]] | None:
    """Every way the declared dice can fall, as (typed faces, chance), following each die's `when`;
    None when there are more than `limit`."""
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def walk(index: int, faces: tuple[int | None, ...], typed: tuple[int, ...], chance: Fraction) -> bool:
        if len(out) > limit:
            return False
        if index == len(plan.needs):
            out.append((typed, chance))
            return True
        need = plan.needs[index]
        if need.when is not None and not need.when(faces):
            return walk(index + 1, (*faces, None), typed, chance)
        return all(walk(index + 1, (*faces, f), (*typed, f), chance / need.sides) for f in range(1, need.sides + 1))

    return out if walk(0, (), (), Fraction(1)) and len(out) <= limit else None


def enumerated_outcome(situation: Situation, offered: Offered, limit: int = MAX_COMBINATIONS
                       ) -> tuple[Fraction, Fraction] | None:
    """(expected damage dealt, chance to destroy) of one action, from deciding every face combination of its
    declared dice; None when the plan is too large to enumerate or the action attacks no ship."""
    eng, state = situation.engine, situation.state
    plugin = eng.plugin
    args = offered.spec.coerce(offered.action.args)
    # a rolling action that declares no dice is caught by the capability check; nothing to enumerate here
    target = plugin.attack_target(state, offered.action.kind, args)
    plan = eng.dice_plan(state, offered.action)
    combos = face_combinations(plan, limit) if plan is not None else None
    if target is None or combos is None:
        return None
    start = plugin.target_condition(state, target)
    bars = plugin.record_spec().bars()
    expected, destroyed = Fraction(0), Fraction(0)
    for faces, chance in combos:
        after = eng.apply(state, eng.decide(state, offered.action, TypedFaces(faces)))
        hit = after.ships[target.id]
        if start is not None:
            now = plugin.target_condition(after, hit)
            expected += chance * plugin.condition_damage(state, target, start, now)
            destroyed += chance * int(plugin.record_spec().lost(hit.record))
        elif bars:
            key = bars[0].key
            before_value, after_value = int(target.record.get(key) or 0), int(hit.record.get(key) or 0)
            expected += chance * (max(0, before_value) - max(0, after_value))
            # with no plan of fire, destroyed is the first bar emptied or the ship out of play
            destroyed += chance * int(after_value <= 0 or plugin.record_spec().lost(hit.record))
    return expected, destroyed


def typed_outcomes(situation: Situation, offered: Offered, limit: int = MAX_COMBINATIONS
                   ) -> tuple[Distribution[Outcome], Distribution[Outcome]] | None:
    """(the typed action's `outcome(prepare(...))`, the distribution of what deciding every face combination
    of its declared `dice` did, as its `observed` reads the records); None when the action is not typed, has
    no outcome or reading, or its plan is too large to enumerate."""
    eng, state = situation.engine, situation.state
    typed = eng.plugin.rule_action(offered.action.kind)
    args = offered.spec.coerce(offered.action.args)
    prepared = typed.prepare(state, args)
    promised = typed.outcome(prepared)
    plan = typed.dice(prepared)
    combos = face_combinations(plan, limit) if plan is not None else [((), Fraction(1))]
    if promised is None or combos is None:
        return None
    seen: dict[Outcome, Fraction] = {}
    for faces, chance in combos:
        events = eng.decide(state, offered.action, TypedFaces(faces))
        found = typed.observed(prepared, state, events, eng.apply(state, events))
        if found is None:
            return None
        seen[found] = seen.get(found, Fraction(0)) + chance
    return promised, Distribution.from_weights(seen)


class RulesetConformance:
    """The contract's promises for one ruleset; subclass it with `ruleset_id`, or override the `ruleset_id`
    fixture with params to run it for several."""

    ruleset_id: ClassVar[str] = ""

    @pytest.fixture(name="ruleset_id")
    def _ruleset_id(self) -> str:
        if not self.ruleset_id:
            pytest.fail("set ruleset_id on the RulesetConformance subclass (or override the ruleset_id fixture)")
        return self.ruleset_id

    @pytest.fixture
    def situation(self, ruleset_id: str) -> Situation:
        return demo_situation(ruleset_id)

    def test_exact_odds_are_what_the_action_does_with_every_face(self, situation: Situation) -> None:
        offered = offered_attacks(situation)
        checked = 0
        for n, one in enumerate(offered):
            limit = MAX_COMBINATIONS if n == 0 else MAX_OTHER_COMBINATIONS
            pair = typed_outcomes(situation, one, limit)
            if pair is not None:  # its whole outcome, ship by ship, is what every face does (as `observed` reads it)
                assert pair[0] == pair[1], (one.action, "outcome", pair[0], "decided", pair[1])
                checked += 1
                continue
            # no `observed` reading (or no outcome): its odds' figures against the target's records
            outcome = enumerated_outcome(situation, one, limit)
            if outcome is None:
                continue
            odds = situation.engine.action_odds(situation.state, one.action)
            assert odds is not None
            expected, destroyed = outcome
            assert odds.expected_damage == expected, (one.action, "expected damage", odds.expected_damage, expected)
            if odds.p_destroy is not None:
                assert odds.p_destroy == destroyed, (one.action, "chance to destroy", odds.p_destroy, destroyed)
            checked += 1
        if not checked:
            pytest.skip(f"{situation.ruleset_id}: no rolling attack with exact odds at the demo's first attack")

    def test_every_offered_outcome_is_what_the_action_does(self, situation: Situation) -> None:
        """Rolling or not, attack or not: each action the state offers that gives its `outcome` (and reads
        it back with `observed`) does exactly that distribution over every face combination of its dice."""
        checked = 0
        for one in offered_actions(situation):
            pair = typed_outcomes(situation, one, MAX_OTHER_COMBINATIONS)
            if pair is not None:
                assert pair[0] == pair[1], (one.action, "outcome", pair[0], "decided", pair[1])
                checked += 1
        if not checked:
            pytest.skip(f"{situation.ruleset_id}: no offered action reads its outcome back at the demo's first attack")

    def test_planner_rows_are_the_dialog_s_odds(self, situation: Situation) -> None:
        eng, state = situation.engine, situation.state
        distance = int(situation.measured.get("distance", "3"))
        measured = Distances()
        for ship in state.ships.values():
            measured = measured.with_target(ship.id, distance)
        rows = [r for r in fire_plan(eng, state, measured) if r.known]
        if not rows:
            pytest.skip(f"{situation.ruleset_id} plans no fire at the demo's first attack")
        for row in rows:
            odds = eng.action_odds(state, row.action())
            assert odds is not None, row
            assert (row.p_hit, row.expected_damage) == (odds.p_hit, odds.expected_damage), row
            if odds.p_destroy is not None:
                assert row.p_destroy == odds.p_destroy, row
        for row in rows[:3]:
            alone = focus_fire(eng, state, row.target, [(row.ship, row.weapon)], measured)
            assert alone.p_destroy == row.p_destroy, row
            planned = eng.plugin.target_condition(state, state.ships[row.target]) is not None
            if row.expected_damage is not None and (planned or eng.plugin.typed_action(row.shot.kind) is not None):
                assert alone.expected_damage == row.expected_damage, row

    def test_what_the_legality_answer_refuses_the_engine_refuses(self, situation: Situation) -> None:
        eng, state = situation.engine, situation.state
        for legal in eng.legal_actions(state):
            spec = eng.action_spec(legal.kind)
            if spec.generic:
                continue
            names = [a.name for a in spec.args]
            args = {**{k: v for k, v in situation.measured.items() if k in names}, **legal.defaults(names)}
            if not legal.allowed:
                _assert_refused(eng, state, Action(legal.kind, args), f"legal says: {legal.reason}")
                continue
            if "ship" in names and legal.actors:
                for other in (s for s in state.ships if s not in legal.actors):
                    _assert_refused(eng, state, Action(legal.kind, {**args, "ship": other}),
                                    f"#{other} is not among the actors {legal.actors}")
            target = next((a for a in spec.args if a.name == "target" and a.type is ArgType.SHIP), None)
            if target is None or not legal.targets or legal.actor is None:
                continue
            for other in (s for s in state.ships if s not in legal.targets):
                _assert_refused(eng, state, Action(legal.kind, {**args, "target": other}),
                                f"#{other} is not among the targets {legal.targets} of #{legal.actor}")

    def test_every_refusal_of_a_typed_action_is_its_prepare_s(self, situation: Situation) -> None:
        eng, state = situation.engine, situation.state
        standing = {o.message() for o in eng.obligations(state)}
        tried = 0
        for spec in eng.action_specs():
            typed = eng.plugin.typed_action(spec.kind)
            if typed is None:
                continue
            legal = eng.legal_action(state, spec.kind)
            names = [a.name for a in spec.args]
            if not legal.allowed and legal.reason not in standing and not eng.plugin.available(state, spec.kind):
                assert legal.reason == refusal(typed, state, {}), (spec.kind, legal.reason)
            for ship in (state.ships if "ship" in names else [None]):
                args = {**{k: v for k, v in situation.measured.items() if k in names}, **legal.defaults(names)}
                if ship is not None:
                    args["ship"] = ship
                    enemy = next((t for t in state.ships.values() if t.owner != state.ships[ship].owner), None)
                    if "target" in names and enemy is not None:
                        args.setdefault("target", enemy.id)
                try:
                    spec.coerce(args)
                except InvalidAction:
                    continue  # not filled in: the form asks for the argument, no rule refuses
                why = refusal(typed, state, args)
                if why is None:
                    continue
                tried += 1
                try:
                    eng.decide(state, Action(spec.kind, args), RngFaces(random.Random(7)))
                except InvalidAction as exc:
                    assert str(exc) == why or str(exc) in standing, (spec.kind, args, str(exc), why)
                else:
                    raise AssertionError(f"the engine did {spec.kind} {args} though prepare refuses: {why}")
        if not tried:
            pytest.skip(f"{situation.ruleset_id}: no typed action refused at the demo's first attack")

    def test_no_declared_capability_answers_zero_by_default(self, situation: Situation) -> None:
        from .game.plugin_check import plugin_problems
        from .rules.contract_check import package_problems

        plugin = situation.engine.plugin
        state = situation.state
        # the required parts and the declared capabilities (game.plugin_check, rules.contract_check): a
        # declared feature is answered for real, an answered one is declared, nothing is guessed
        assert package_problems(package(plugin.ruleset_id)) == []
        assert plugin_problems(plugin, plugin.capabilities) == []
        for ship in state.ships.values():
            for bar in plugin.record_spec().bars():
                top = ship.record.get(bar.max_key) if bar.max_key else None
                assert not (top == 0 and ship.record.get(bar.key) == 0), f"{ship.label} starts with {bar.label} 0/0"
        for one in offered_attacks(situation):
            plan = situation.engine.dice_plan(state, one.action)
            assert plan is not None, f"{one.action.kind} rolls but declares no dice: no luck record, no faces check"


def _assert_refused(eng: Engine, state: GameState, action: Action, why: str) -> None:
    try:
        eng.decide(state, action, RngFaces(random.Random(7)))
    except InvalidAction:
        return
    raise AssertionError(f"the engine did {action.kind} {dict(action.args)} though {why}")
