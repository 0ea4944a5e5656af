"""What cal's typed actions share: the acting ship checked in the engine's order (the turn order, then the
time, then the ship), and the decision's events with the end of the game they may bring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from ...game.batch import Batch
from ...game.events import Event
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, RuleAction
from ...game import turn_order
from .fire import _Seat, in_turn

if TYPE_CHECKING:
    from .plugin import Plugin

P = TypeVar("P")


class CalAction(RuleAction[P]):
    """A cal typed action (see game.typed_action)."""

    plugin: Plugin

    def acting(self, state: GameState, args: Mapping[str, Any], arg: str = "ship") -> ShipState:
        """The ship doing it, refused as the engine refuses: out of turn, out of time, a ship out of play."""
        in_turn(self.plugin, state, self.kind, args)
        self.plugin.check_time(state, self.kind)
        return self.ship_arg(state, args, arg)

    def token_turn(self, state: GameState, args: Mapping[str, Any]) -> None:
        """Refused out of turn for what a token does without a ship of its own, as the engine refuses it (the
        token's owner acts: an ordnance attack, a recall)."""
        owner = self.plugin.acting_player(state, self.kind, dict(args))
        if owner is not None and state.started:
            turn_order.refuse_out_of_turn(_Seat(self.plugin), state, self.kind, owner)  # type: ignore[arg-type]

    def ship_arg(self, state: GameState, args: Mapping[str, Any], arg: str = "ship") -> ShipState:
        if args.get(arg) in (None, ""):
            raise Incomplete(arg)
        return self.plugin.acting_ship(state, str(args[arg]))

    def need(self, args: Mapping[str, Any], *names: str) -> None:
        """Incomplete for the first of `names` still blank."""
        for name in names:
            if args.get(name) in (None, ""):
                raise Incomplete(name)

    def finish(self, batch: Batch, events: list[Event]) -> None:
        """The decision's events, then the end of the game they bring (a house default: the last side)."""
        before = batch.state
        batch.add(*events)
        batch.add(*self.plugin.game_over(before, events))
