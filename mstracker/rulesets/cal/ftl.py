"""cal §FTL Jumps as typed actions: powering the drive up (the FTL counter on the square of the ship's Crew)
and down, and the jump out of play from the ready square. None rolls; `prepare` is the one place that
refuses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipState
from ...rules.names import possessive
from . import cite
from .action_base import CalAction
from .game_base import COURSE_SET, FTL_SHUT, out_of_play
from .notation import plural, signed
from .procedures import ready_delay, track_square

SHIP_ARG = ArgSpec("ship", ArgType.SHIP, "the ship")


@dataclass(frozen=True)
class Drive:
    """The ship whose FTL drive it is, checked."""

    ship: ShipState


class FtlPowerUp(CalAction[Drive]):
    """ftl-power-up: the FTL counter goes on the track."""

    spec = ActionSpec(
        "ftl-power-up",
        "power up the FTL drive (cal §FTL Jumps; after moving, before altering course): the FTL counter goes on the "
        "square of the ship's Crew (clamped to -2..+2) and moves one square a round in the Interphase; while powered "
        "the ship cannot change course.",
        (SHIP_ARG,),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Drive:
        ship = self.acting(state, args)
        if ship.record.get("ftl_destroyed"):
            raise InvalidAction(f"{possessive(ship.label)} FTL drive is destroyed ({cite.FTL})")
        if ship.record.get("ftl_powered"):
            raise InvalidAction(f"{possessive(ship.label)} FTL drive is already powered ({cite.FTL})")
        if FTL_SHUT in self.plugin.marks(ship):
            raise InvalidAction(f"{ship.label} powered its FTL drive down this round: it may power up from next round "
                                f"({cite.FTL})")
        if COURSE_SET in self.plugin.marks(ship):
            raise InvalidAction(f"{ship.label} has altered course this round: power up comes before altering course "
                                f"({cite.FTL})")
        return Drive(ship)

    def apply(self, p: Drive, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, ship = self.plugin, batch.state, p.ship
        rules = plugin.rules(state)
        crew = int(ship.record["crew"])
        square, delay = track_square(rules, crew), ready_delay(rules, "FTL", crew)
        after = state.with_ship(ship.with_values({"ftl_powered": True, "ftl": delay}))
        when = "ready at once" if delay <= 0 else f"ready after {plural(delay, 'Interphase')}"
        text = (f"{ship.label} powers up its FTL drive: counter on square {signed(square) if square else 0} "
                f"(Crew {signed(crew)}), {when}.")
        self.finish(batch, plugin.emit("ftl-powered-up", state, after, text, ship=ship.id, square=square, delay=delay))


class FtlPowerDown(CalAction[Drive]):
    """ftl-power-down: the counter leaves the track."""

    spec = ActionSpec(
        "ftl-power-down",
        "power down the FTL drive (cal §FTL Jumps; the counter leaves the track); it cannot power up again this round.",
        (SHIP_ARG,),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Drive:
        ship = self.acting(state, args)
        if not ship.record.get("ftl_powered"):
            raise InvalidAction(f"{possessive(ship.label)} FTL drive is not powered ({cite.FTL})")
        return Drive(ship)

    def apply(self, p: Drive, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, ship = self.plugin, batch.state, p.ship
        after = state.with_ship(plugin.with_mark(ship, FTL_SHUT).with_values({"ftl_powered": False, "ftl": 0}))
        text = f"{ship.label} powers down its FTL drive; it may power up again from next round."
        self.finish(batch, plugin.emit("ftl-powered-down", state, after, text, ship=ship.id))


class Jump(CalAction[Drive]):
    """jump: out of play from the ready square, an escape."""

    spec = ActionSpec(
        "jump",
        "FTL jump (cal §FTL Jumps): a ship whose FTL counter is on the ready square leaves play (an escape, not a loss).",
        (SHIP_ARG,),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Drive:
        ship = self.acting(state, args)
        if not ship.record.get("ftl_powered"):
            raise InvalidAction(f"{possessive(ship.label)} FTL drive is not powered: ftl-power-up first ({cite.FTL})")
        if int(ship.record.get("ftl", 0)) > 0:
            raise InvalidAction(f"{possessive(ship.label)} FTL counter is {plural(int(ship.record['ftl']), 'Interphase')} from ready "
                                f"({cite.FTL})")
        return Drive(ship)

    def apply(self, p: Drive, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state, ship = self.plugin, batch.state, p.ship
        after = state.with_ship(out_of_play(ship, jumped=True))
        text = (f"{ship.label} jumps out: it leaves play, an escape, not a loss (cal §FTL Jumps); its ordnance in "
                "play stays on the table.")
        self.finish(batch, plugin.emit("jumped", state, after, text, "jumped out", ship=ship.id))
