"""pz8: launching Torpedo salvos (pz8 §5) as a typed action. Each ship launches one salvo per game in its
firing phase; the attack of a salvo that reaches an enemy Spaceship is torpedo_attack.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipState
from ...game.typed_action import RuleAction
from .activation import activated_ship, open_activation
from .changes import goto, lapse_fire_back
from .view import TurnView

if TYPE_CHECKING:
    from .plugin import Plugin


@dataclass(frozen=True, slots=True)
class Launch:
    """The ship being activated launching its salvo, and the hex in front of it for the log (pz8 §5)."""

    ship: ShipState
    where: str


class LaunchTorpedo(RuleAction[Launch]):
    plugin: Plugin
    spec = ActionSpec(
        "launch-torpedo",
        "Launch the ship's one Torpedo salvo of the game in its firing phase (pz8 §5): a Torpedoes counter goes "
        "into the hex it faces. Besides its gun shot, unless the game's settings say a ship does one or the other.",
        (
            ArgSpec("ship", ArgType.SHIP, "the ship being activated"),
            ArgSpec("where", ArgType.TEXT, "the hex in front of it, for the log (e.g. D5)", required=False, default="",
                    rest=True),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Launch:
        plugin = self.plugin
        ship = activated_ship(plugin, state, args)
        open_activation(state, ship, "launch Torpedoes")
        if int(ship.get("torpedo", 0)) <= 0:
            per = plugin.book.spaceship.torpedo_salvos
            raise InvalidAction(f"{ship.label} has no Torpedo salvo left (each ship launches {per} per game, pz8 §5)")
        if ship.get("fired") and not plugin.setting(state, "torpedo_with_gun"):
            raise InvalidAction(f"{ship.label} has fired in this activation, so it may not launch Torpedoes as well: "
                                f"{plugin.setting_words(state, 'torpedo_with_gun')}")
        return Launch(ship, str(args.get("where") or "").strip())

    def apply(self, p: Launch, dice: DiceRecorder, batch: Batch) -> None:
        state, ship, where = batch.state, p.ship, p.where
        view = TurnView(state)
        counter = {"id": view.next_id("torpedoes"), "owner": ship.owner, "ship": ship.id, "turn": state.turn,
                   "where": where}
        text = (f"{ship.label} launches its Torpedo salvo: counter {counter['id']} placed in the hex in front"
                + (f" ({where})" if where else "") + "; it moves 6 MPs toward the nearest enemy at each end of turn "
                "(pz8 §5)")
        lapse_fire_back(batch)
        batch.extra("torpedoes", [*view.counters("torpedoes", all_=True), counter], text)
        batch.set(ship.id, "torpedo", int(ship.get("torpedo", 0)) - 1, "Torpedo salvo launched (pz8 §5)")
        goto(batch, "torpedo", dice)
