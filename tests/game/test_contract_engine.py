"""The contract's answers as the engine gives them: declared dice checked against the roll, obligations
enforced and overridden as table decisions, items the engine ticks, legal actions with their defaults,
readiness, and the one event style (Batch) every ruleset writes its changes in."""

from __future__ import annotations

from typing import Any

import pytest
from minirules import RULESET, Fire, MiniPlugin, Shot, rosters

from mstracker.dice import TypedFaces
from mstracker.game import Action, Engine, GameError, GameState, InvalidAction, auto_step
from mstracker.game.actions import StepRole
from mstracker.game.batch import Batch
from mstracker.rules.contract import DicePlan, DieNeed, Obligation, PlanBuilder, Readiness, total


class PlannedFire(Fire):
    """Mini's fire with its d12 declared (a plugin's `declared_sides` says how many sides, to make it wrong)."""

    plugin: Planned

    def dice(self, p: Shot) -> DicePlan:
        plan = PlanBuilder()
        plan.die(self.plugin.declared_sides, "to hit (7 or more)", ship=p.ship.id, table="Mini hit table")
        return plan.build()


class Planned(MiniPlugin):
    """Mini with declared dice for fire, an obligation and a tracked checklist item."""

    narrative = frozenset({"briefed"})
    step_actions = {"fire": ("fire",)}
    declared_sides = 12
    blocked_ship = ""

    rule_actions = (*MiniPlugin.rule_actions, PlannedFire)

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        if not self.blocked_ship:
            return ()
        return (Obligation(f"grounded:{self.blocked_ship}", f"Ship #{self.blocked_ship} is grounded", "mini §9",
                           resolve="spend", blocks=frozenset({"fire", "next-step"}), ships=(self.blocked_ship,)),)


def play(plugin: MiniPlugin | None = None) -> tuple[Engine, GameState]:
    eng = Engine(plugin or Planned(RULESET))
    state = eng.replay([eng.created_event(eng.new_game("Test", rosters(), {}))])
    return eng, state


def act(eng: Engine, state: GameState, kind: str, faces: tuple[int, ...] = (), **args: object) -> GameState:
    return eng.apply(state, eng.decide(state, Action(kind, args), TypedFaces(faces)))


def to_attack(eng: Engine, state: GameState) -> GameState:
    for _ in range(4):  # turn 1: reload, check, move, fire
        state = act(eng, state, "next-step")
    assert state.current_step.id == "fire"
    return state


# ---- dice plans ----------------------------------------------------------------------------------


def test_a_plan_walks_typed_faces_skipping_dice_whose_condition_fails() -> None:
    plan = PlanBuilder()
    hit = plan.die(6, "to hit (5+)")
    attack = plan.dice(2, 6, "attacker's damage", when=lambda f: (f[hit] or 0) >= 5, when_text="on a hit")
    plan.dice(2, 6, "defence", when=lambda f: total(f, attack) is not None)
    p = plan.build()
    assert p.walk([]).next.purpose == "to hit (5+)"
    miss = p.walk([3])
    assert miss.complete and miss.faces == (3, None, None, None, None)
    assert p.walk([5, 4]).next == p.needs[2] and p.walk([5, 4]).next_index == 2
    assert p.walk([6, 1, 2, 3, 4]).complete
    assert p.walk([6, 1, 2, 3, 4, 5]).problem == "1 face(s) left over: these dice need only 5"
    assert p.walk([7]).problem == "face 7 is not possible on a d6 (to hit (5+))"
    assert [(n.purpose, f) for n, f in p.rolled([5, 1, 2])] == [("to hit (5+)", 5), ("attacker's damage", 1), ("attacker's damage", 2)]


def test_the_declared_dice_are_the_dice_rolled() -> None:
    eng, state = play()
    state = to_attack(eng, state)
    fire = Action("fire", {"ship": "1", "weapon": "w1", "target": "4"})
    plan = eng.dice_plan(state, fire)
    assert [(n.sides, n.purpose, n.ship, n.table) for n in plan.needs] == [(12, "to hit (7 or more)", "1", "Mini hit table")]
    after = eng.apply(state, eng.decide(state, fire, TypedFaces([9])))
    assert after.ships["4"].record["armor"] == 50


def test_a_ruleset_whose_roll_disagrees_with_its_declared_dice_is_stopped() -> None:
    wrong = Planned(RULESET)
    wrong.declared_sides = 6
    eng, state = play(wrong)
    state = to_attack(eng, state)
    with pytest.raises(GameError, match="rolled a d12 where it declared a d6 \\(to hit"):
        eng.decide(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}), TypedFaces([5]))


def test_running_out_of_typed_faces_names_the_die_that_is_missing() -> None:
    eng, state = play()
    state = to_attack(eng, state)
    with pytest.raises(InvalidAction, match="needed a d12, but no faces were typed for to hit \\(7 or more\\)"):
        eng.decide(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}), TypedFaces([]))


# ---- obligations -----------------------------------------------------------------------------------


def test_the_legality_answer_gives_the_obligation_the_engine_would_refuse_with() -> None:
    plugin = Planned(RULESET)
    eng, state = play(plugin)
    state = to_attack(eng, state)
    plugin.blocked_ship = "1"
    grounded = eng.legal_action(state, "fire", prefer="1")  # the form would start on the grounded ship
    assert not grounded.allowed and grounded.reason == (
        "Ship #1 is grounded (mini §9); do it with spend. The table may set it aside as a logged decision: "
        "override “grounded:1”, giving the reason")
    with pytest.raises(InvalidAction) as info:
        eng.decide(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}), TypedFaces([9]))
    assert str(info.value) == grounded.reason
    other = eng.legal_action(state, "fire", prefer="2")
    assert other.allowed and other.actor == "2"
    assert eng.legal_action(state, "spend").allowed  # it settles the obligation: never stopped by it


def test_an_obligation_stops_the_ships_it_names_and_the_next_step_until_the_table_overrides_it() -> None:
    plugin = Planned(RULESET)
    eng, state = play(plugin)
    state = to_attack(eng, state)
    plugin.blocked_ship = "1"
    with pytest.raises(InvalidAction) as info:
        eng.decide(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}), TypedFaces([9]))
    assert str(info.value) == ("Ship #1 is grounded (mini §9); do it with spend. The table may set it aside as a "
                               "logged decision: override “grounded:1”, giving the reason")
    eng.decide(state, Action("fire", {"ship": "2", "weapon": "w1", "target": "4"}), TypedFaces([9]))  # not named
    assert "is grounded" in eng.legal_action(state, "next-step").reason
    with pytest.raises(InvalidAction, match="is grounded"):
        eng.decide(state, Action("next-step"), TypedFaces([]))
    with pytest.raises(InvalidAction, match="needs its reason"):
        eng.decide(state, Action("override", {"obligation": "grounded:1", "reason": " "}), TypedFaces([]))
    with pytest.raises(InvalidAction, match="no obligation 'grounded:2' stands now \\(grounded:1: Ship #1 is grounded\\)"):
        eng.decide(state, Action("override", {"obligation": "grounded:2", "reason": "x"}), TypedFaces([]))
    events = eng.decide(state, Action("override", {"obligation": "grounded:1", "reason": "it flew anyway"}), TypedFaces([]))
    assert events[0].text == ("Table decision: set aside for this turn — Ship #1 is grounded (mini §9); "
                              "because it flew anyway")
    state = eng.apply(state, events)
    assert eng.obligations(state) == ()
    state = act(eng, state, "fire", (9,), ship="1", weapon="w1", target="4")
    while state.turn == 1:
        state = act(eng, state, "next-step", force=True)
    assert [o.id for o in eng.obligations(state)] == ["grounded:1"]  # a new turn: it stands again


# ---- the checklist -----------------------------------------------------------------------------------


def test_the_engine_ticks_the_item_an_action_did_and_never_asks_about_it() -> None:
    eng, state = play()
    state = to_attack(eng, state)
    step = state.current_step
    assert eng.step_role(step) is StepRole.TRACKED
    assert eng.step_role(state.sequence[0].steps[0]) is StepRole.AUTO
    assert eng.step_role(state.sequence[0].steps[1]) is StepRole.MANUAL
    assert [s.id for _, s in eng.unticked(state)] == ["tally"]  # the players' own only
    events = eng.decide(state, Action("fire", {"ship": "1", "weapon": "w1", "target": "4"}), TypedFaces([3]))
    assert events[-2].kind == "dice-rolled" and events[-2].data == {"rolls": [
        {"purpose": "to hit (7 or more)", "table": "Mini hit table", "ship": "1", "player": 0, "sides": 12, "faces": [3]}]}
    assert events[-2].text == "Dice: to hit (7 or more): 1d12 = 3"
    assert events[-1].kind == "ticked" and events[-1].data == {"step_id": "fire", "by": "engine"}
    assert events[-1].text == "Ticked by fire: Fire each weapon"
    assert "fire" in eng.apply(state, events).ticked


# ---- legal actions and readiness -----------------------------------------------------------------------


def test_legal_actions_start_from_the_selected_ship_when_it_may_act_and_its_first_ready_weapon() -> None:
    eng, state = play()
    state = to_attack(eng, state)
    state = act(eng, state, "fire", (3,), ship="2", weapon="w1", target="4")
    fire = eng.legal_action(state, "fire", prefer="2", marked="5")
    assert (fire.allowed, fire.expected, fire.actor, fire.weapon, fire.target) == (True, True, "2", "w2", "5")
    assert fire.actors == ("1", "2", "3") and fire.targets == ("4", "5", "6")
    other = eng.legal_action(state, "fire", prefer="5")  # an enemy ship: not the active player's to move
    assert (other.actor, other.target) == ("1", None)
    readiness = eng.plugin.readiness(state, state.ships["2"])
    assert [(r.item, r.status, r.turns_left, r.glyph) for r in readiness] == [
        ("w1", Readiness.RELOADING, 1, "⟳1"), ("w2", Readiness.READY, None, "✓")]
    assert eng.legal_action(state, "spend").expected is False


# ---- one event style ------------------------------------------------------------------------------------


def test_a_batch_writes_every_change_as_an_exact_generic_event() -> None:
    eng, state = play()
    batch = Batch(eng.plugin, state)
    batch.story("briefed", "The admiral briefs the fleet.", ships=["1"])
    batch.set("1", "armor", 80, "a scrape")
    batch.set("1", "armor", 80)  # unchanged: no event
    batch.set("1", "w2.reload", 2)
    batch.resource(0, "ru", 15, "fuel")
    batch.extra("beacons", ["b1"], "Beacon b1 is placed")
    worked_out = batch.state.with_ship(batch.ship("4").with_values({"fire": 2})).with_extra({"beacons": []})
    batch.absorb(worked_out)
    assert [(e.kind, e.text) for e in batch.events] == [
        ("briefed", "The admiral briefs the fleet."),
        ("value-set", "Red Fleet 1 (#1) Armor: 100 → 80 (-20), a scrape"),
        ("value-set", "Red Fleet 1 (#1) Laser (w2) Reload: 0 → 2 (+2)"),
        ("resource-changed", "Ann RU: 20 → 15 (-5), fuel"),
        ("extra-set", "Beacon b1 is placed"),
        ("value-set", "Blue Fleet 1 (#4) Fire: 0 → 2 (+2)"),
        ("extra-set", "beacons: b1 → none"),
    ]
    assert eng.apply(state, batch.events) == batch.state
    with pytest.raises(GameError, match="does not declare the narrative event 'cheered'"):
        batch.story("cheered", "Hurray")


def test_the_registry_lists_the_installed_rulesets_in_their_order_and_takes_one_at_run_time() -> None:
    from mstracker.rules import registry

    assert registry.ruleset_ids()[:4] == ("spook", "lukas", "pz8", "cal")
    with pytest.raises(registry.UnknownRuleset, match="unknown ruleset 'nope'; choose one of: spook, lukas, pz8, cal"):
        registry.package("nope")
    assert DieNeed(6, "x").when is None


class Gated(Planned):
    """Mini whose tally step runs by itself and holds the game while it stands (and who goes first is
    to be settled before turn 1)."""

    first_settled = False

    @auto_step("tally")
    def _tally(self, state: GameState, dice: Any) -> list[Any]:
        return []

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        if not self.first_settled and not state.started:
            return (Obligation("first", "Who goes first is still to be settled", "mini §1", resolve="spend"),)
        step = state.current_step
        if step is not None and step.id == "tally":
            return (Obligation("tally", "The tally must be agreed", "mini §8"),)
        return ()


def test_an_obligation_holds_in_set_up_and_stops_advance_where_it_stands() -> None:
    plugin = Gated(RULESET)
    eng, state = play(plugin)
    with pytest.raises(InvalidAction, match="Who goes first is still to be settled \\(mini §1\\)"):
        eng.decide(state, Action("next-step"), TypedFaces([]))
    plugin.first_settled = True
    state = to_attack(eng, state)
    events = eng.decide(state, Action("advance"), TypedFaces([]))
    after = eng.apply(state, events)
    assert after.current_step.id == "tally"  # the automatic step ran, and the tally holds the game there
    assert "The tally must be agreed" in eng.legal_action(after, "advance").reason
