"""pz8 plugin: launching Torpedo salvos (pz8 §5). Each ship launches one salvo per game in its firing
phase; the attack of a salvo that reaches an enemy Spaceship is a typed action (torpedo_attack.py).
"""

from __future__ import annotations

from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.plugin import action
from ...game.state import GameState, ShipState
from .turn import TurnActions


class TorpedoActions(TurnActions):
    """launch-torpedo (the Torpedo attack is a typed action: torpedo_attack.py)."""

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
