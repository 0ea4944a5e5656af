"""pz8 plugin: Torpedo salvos (pz8 §5). Each ship launches one salvo per game in its firing phase; a
salvo that reaches an enemy Spaceship hits it automatically and attacks with 2D6 against the target's
dice, then leaves the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.generic import require_started
from ...game.plugin import action
from ...game.state import GameState, ShipState
from .model import d6_count
from .procedures import resolve_torpedo_attack
from .turn import TurnActions


@dataclass(frozen=True, slots=True)
class TorpedoAttack:
    """A Torpedo salvo reaching an enemy Spaceship, before the roll (pz8 §5)."""

    torpedo: dict[str, Any]
    target: ShipState
    attack_dice: int
    defence_dice: int


class TorpedoActions(TurnActions):
    """launch-torpedo and torpedo-attack."""

    @action(
        "launch-torpedo",
        ArgSpec("ship", ArgType.SHIP, "the ship being activated"),
        ArgSpec("where", ArgType.TEXT, "the hex in front of it, for the log (e.g. D5)", required=False, default="",
                rest=True),
        help="Launch the ship's one Torpedo salvo of the game in its firing phase (pz8 §5): a Torpedoes counter goes "
        "into the hex it faces. Besides its gun shot, unless the game's settings say a ship does one or the other.",
    )
    def launch_torpedo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.prepare_launch(state, args["ship"])
        view = self.view(state)
        where = str(args["where"] or "").strip()
        counter = {"id": view.next_id("torpedoes"), "owner": ship.owner, "ship": ship.id, "turn": state.turn,
                   "where": where}
        text = (f"{ship.label} launches its Torpedo salvo: counter {counter['id']} placed in the hex in front"
                + (f" ({where})" if where else "") + "; it moves 6 MPs toward the nearest enemy at each end of turn "
                "(pz8 §5)")
        batch = Batch(self, state)
        self.lapse_fire_back(batch)
        batch.extra("torpedoes", [*view.counters("torpedoes", all_=True), counter], text)
        batch.set(ship.id, "torpedo", int(ship.get("torpedo", 0)) - 1, "Torpedo salvo launched (pz8 §5)")
        self.goto(batch, "torpedo", dice)
        return batch.events

    def prepare_launch(self, state: GameState, ref: str) -> ShipState:
        ship = self.acting_ship(state, ref)
        self.open_activation(state, ship, "launch Torpedoes")
        if int(ship.get("torpedo", 0)) <= 0:
            per = self.book.spaceship.torpedo_salvos
            raise InvalidAction(f"{ship.label} has no Torpedo salvo left (each ship launches {per} per game, pz8 §5)")
        if ship.get("fired") and not self.setting(state, "torpedo_with_gun"):
            raise InvalidAction(f"{ship.label} has fired in this activation, so it may not launch Torpedoes as well: "
                                f"{self.setting_words(state, 'torpedo_with_gun')}")
        return ship

    @action(
        "torpedo-attack",
        ArgSpec("torpedo", ArgType.TOKEN, "the Torpedo salvo that reached an enemy ship: its counter id",
                tokens=("torpedo",)),
        ArgSpec("target", ArgType.SHIP, "the enemy Spaceship it reached"),
        help="A Torpedo salvo reaches an enemy Spaceship (it enters the ship's hex, or the ship moves into it; "
        "pz8 §5): an automatic hit, then the salvo's 2D6 against the target's 2D6 (1D6 if Damaged); the counter is "
        "taken off. Dice, in order: the salvo's 2D6, then the target's 2D6 (1D6 if Damaged).",
        rolls=True,
    )
    def torpedo_attack(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        attack = self.prepare_torpedo_attack(state, args)
        torpedo, target = attack.torpedo, attack.target
        try:
            res = resolve_torpedo_attack(self.rules(state), dice, target_damaged=bool(target.get("damaged")))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        view = self.view(state)
        result = str(res.outcome["result"])
        text = f"{view.torpedo_label(torpedo)} reaches {target.label}. " + " ".join(s.text for s in res.steps)
        batch = Batch(self, state)
        batch.story("torpedo-hit", text, torpedo=torpedo["id"], owner=torpedo["owner"], target=target.id,
                    result=result, outcome=res.outcome, dice=dice_data(res.dice))
        self.lapse_fire_back(batch)
        self.take_off(batch, torpedo, f"hit {target.label} in turn {state.turn}",
                      f"{torpedo['id']} has struck: its counter is taken off the table (pz8 §5)")
        self.damage(batch, target, result, f"hit by Torpedoes {torpedo['id']}")
        self.fleet_gone(batch, target.owner)
        self.close_if_lost(batch, dice)
        return batch.events

    def prepare_torpedo_attack(self, state: GameState, args: dict[str, Any]) -> TorpedoAttack:
        """The salvo and the ship it reached, or InvalidAction saying why it cannot attack it."""
        require_started(state, "attack with Torpedoes")
        view = self.view(state)
        torpedo = view.counter("torpedoes", str(args["torpedo"]))
        target = state.find_ship(str(args["target"]))
        if not view.alive(target):
            raise InvalidAction(f"{target.label} is already destroyed")
        if target.owner == torpedo["owner"]:
            raise InvalidAction(f"{torpedo['id']} is {state.players[torpedo['owner']].name}'s own salvo; it attacks "
                                "enemy Spaceships only (pz8 §5)")
        ship = self.rules(state).spaceship
        defence = ship.defence_damaged if target.get("damaged") else ship.defence
        return TorpedoAttack(torpedo, target, d6_count(ship.torpedo_attack), d6_count(defence))
