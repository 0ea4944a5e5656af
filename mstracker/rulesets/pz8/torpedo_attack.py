"""pz8's Torpedo attack as a typed action (pz8 §5): a salvo that reaches an enemy Spaceship hits it
automatically and attacks with its 2D6 against the target's dice (1D6 if Damaged), then leaves the table.

The salvo and the ship it reached are prepared once (`TorpedoAttack`): that value gives the refusals, the
dice declared before the roll, the exact outcome (the target's damage state and steps) and the decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.generic import require_started
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan
from ...rules.names import possessive
from .changes import close_if_lost, damage, fleet_gone, lapse_fire_back, take_off
from .dice_plans import torpedo_plan
from .model import Ruleset, d6_count
from .procedures import resolve_torpedo_attack, torpedo_attack_distribution
from .view import TurnView

if TYPE_CHECKING:
    from .plugin import Plugin

STATES = ("undamaged", "damaged", "destroyed")  # in the order damage takes a ship (pz8 §4)


@dataclass(frozen=True, slots=True)
class TorpedoAttack:
    """A Torpedo salvo reaching an enemy Spaceship, before the roll (pz8 §5)."""

    rules: Ruleset
    torpedo: Mapping[str, Any]
    target: ShipState
    attack_dice: int
    defence_dice: int


class TorpedoStrike(RuleAction[TorpedoAttack]):
    plugin: Plugin
    spec = ActionSpec(
        "torpedo-attack",
        "A Torpedo salvo reaches an enemy Spaceship (it enters the ship's hex, or the ship moves into it; "
        "pz8 §5): an automatic hit, then the salvo's 2D6 against the target's 2D6 (1D6 if Damaged); the counter is "
        "taken off. Dice, in order: the salvo's 2D6, then the target's 2D6 (1D6 if Damaged).",
        (
            ArgSpec("torpedo", ArgType.TOKEN, "the Torpedo salvo that reached an enemy ship: its counter id",
                    tokens=("torpedo",)),
            ArgSpec("target", ArgType.SHIP, "the enemy Spaceship it reached"),
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> TorpedoAttack:
        """The salvo and the ship it reached, or InvalidAction saying why it cannot attack it."""
        require_started(state, "attack with Torpedoes")
        view = TurnView(state)
        if not args.get("torpedo"):
            if not view.torpedoes():
                raise InvalidAction("no Torpedo salvo is on the table")
            raise Incomplete("torpedo")
        torpedo = view.counter("torpedoes", str(args["torpedo"]))
        if not args.get("target"):
            raise Incomplete("target")
        target = state.find_ship(str(args["target"]))
        if not view.alive(target):
            raise InvalidAction(f"{target.label} is already destroyed")
        if target.owner == torpedo["owner"]:
            raise InvalidAction(f"{torpedo['id']} is {possessive(state.players[torpedo['owner']].name)} own salvo; it attacks "
                                "enemy Spaceships only (pz8 §5)")
        rules = self.plugin.rules(state)
        ship = rules.spaceship
        defence = ship.defence_damaged if target.get("damaged") else ship.defence
        return TorpedoAttack(rules, torpedo, target, d6_count(ship.torpedo_attack), d6_count(defence))

    def dice(self, p: TorpedoAttack) -> DicePlan:
        return torpedo_plan(p)

    def result(self, p: TorpedoAttack, result: str) -> Outcome:
        """What a result does to the target (pz8 §4): its damage state reached and the steps taken."""
        before = STATES.index("damaged" if p.target.get("damaged") else "undamaged")
        reached = max(before, STATES.index(result)) if result != "none" else before
        return Outcome(dealt=((p.target.id, reached - before),), states=((p.target.id, result),) if result != "none" else (),
                       destroyed=frozenset({p.target.id}) if result == "destroyed" else frozenset(),
                       spent=frozenset({str(p.torpedo["id"])}), hit=True)

    def outcome(self, p: TorpedoAttack) -> Distribution[Outcome]:
        damaged = bool(p.target.get("damaged"))
        return torpedo_attack_distribution(p.rules, target_damaged=damaged).map(lambda r: self.result(p, r))

    def odds_words(self, p: TorpedoAttack) -> OddsWords:
        ship = p.rules.spaceship
        defence = ship.defence_damaged if p.target.get("damaged") else ship.defence
        return OddsWords(ship=p.target.id, results=("none", "damaged", "destroyed"), damage_table=False,
                         notes=(f"Torpedoes hit automatically (pz8 §5): {ship.torpedo_attack} against target {defence}",))

    def observed(self, p: TorpedoAttack, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        hit = after.ships[p.target.id]
        result = ("destroyed" if not TurnView.alive(hit) else
                  "damaged" if hit.get("damaged") and not p.target.get("damaged") else "none")
        return self.result(p, result)

    def apply(self, p: TorpedoAttack, dice: DiceRecorder, batch: Batch) -> None:
        state = batch.state
        torpedo, target = dict(p.torpedo), p.target
        try:
            res = resolve_torpedo_attack(p.rules, dice, target_damaged=bool(target.get("damaged")))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        result = str(res.outcome["result"])
        text = f"{TurnView(state).torpedo_label(torpedo)} reaches {target.label}. " + " ".join(s.text for s in res.steps)
        batch.story("torpedo-hit", text, torpedo=torpedo["id"], owner=torpedo["owner"], target=target.id,
                    result=result, outcome=res.outcome, dice=dice_data(res.dice))
        lapse_fire_back(batch)
        take_off(batch, torpedo, f"hit {target.label} in turn {state.turn}",
                        f"{torpedo['id']} has struck: its counter is taken off the table (pz8 §5)")
        damage(batch, target, result, f"hit by Torpedoes {torpedo['id']}")
        fleet_gone(batch, target.owner)
        close_if_lost(batch, dice)
