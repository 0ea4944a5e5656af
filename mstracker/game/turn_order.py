"""Phase by player: how next-step walks a PHASE_BY_PLAYER round (cal §Sequence of Play: "each player
performs each phase in order", or together where the phase involves no interaction and the table so
chooses).

Each phase is played as the plugin's `phase_play` says:
* IN_TURN: the acting player (`state.active`) walks the phase's steps; past its last step the next
  player in play order starts the phase again, fresh; after the last player the next phase begins with
  the first player;
* STEPS_IN_TURN: each step is done by each player in play order before the next step;
* TOGETHER: everyone acts; next-step is one player's pass of the step (a `passed` event) and only the
  last pass moves on. Automatic steps are nobody's to pass: next-step leaves them at once;
* ONCE: one pass for everybody (the older saves' way), next-step as in any round.

The state keeps who acts in `active` and who has passed the current shared step in `extra["passed"]`
(cleared by every step-entered event). Pure: no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.names import possessive
from .errors import InvalidAction
from .events import Event
from .plugin import PhasePlay, TurnStructure
from .state import GameState

if TYPE_CHECKING:
    from .engine import Engine


def by_player(engine: Engine, state: GameState) -> bool:
    return engine.plugin.turns() is TurnStructure.PHASE_BY_PLAYER and state.started and state.current_phase is not None


def play_of(engine: Engine, state: GameState) -> PhasePlay:
    return engine.plugin.phase_play(state, state.phase) if by_player(engine, state) else PhasePlay.ONCE


def shared_step(engine: Engine, state: GameState) -> bool:
    """Whether next-step now is one player's pass: a players' step of a phase played together."""
    step = state.current_step
    return play_of(engine, state) is PhasePlay.TOGETHER and step is not None and not engine.is_auto(step)


def passer(engine: Engine, state: GameState, args: dict[str, Any]) -> int:
    """Who passes with this next-step: the named player, else the first in play order yet to pass (the
    hot seat moves on with each pass)."""
    waiting = engine.plugin.acting(state).waiting()
    ref = args.get("player")
    if ref:
        who = state.find_player(str(ref))
        if who not in waiting:
            raise InvalidAction(f"{state.players[who].name} has passed this step already; waiting for "
                                f"{names(state, waiting)}")
        return who
    return waiting[0]


def pass_event(engine: Engine, state: GameState, args: dict[str, Any]) -> Event | None:
    """One player's pass of a shared step (None when this next-step is no pass: then a named player must
    be the one acting)."""
    if not shared_step(engine, state):
        ref = args.get("player")
        if ref and by_player(engine, state) and state.find_player(str(ref)) not in engine.plugin.acting(state).players:
            phase = state.current_phase
            raise InvalidAction(f"it is {possessive(names(state, engine.plugin.acting(state).players))} part of "
                                f"{phase.name if phase else 'this phase'}: only they move it on")
        return None
    who = passer(engine, state, args)
    passed = [*engine.plugin.acting(state).passed, who]
    left = [p for p in engine.plugin.acting(state).players if p not in passed]
    step = state.current_step
    assert step is not None
    wait = f"; waiting for {names(state, left)}" if left else "; every player has passed"
    text = f"{state.players[who].name} passes {step.text}{wait}"
    return Event("passed", {"player": who, "step_id": step.id, "passed": passed}, text)


def everyone_passed(engine: Engine, state: GameState) -> bool:
    return not engine.plugin.acting(state).waiting()


def next_in_phase(engine: Engine, state: GameState) -> tuple[int, int, bool] | None:
    """Where next-step goes for the next player within this phase: (step, player, whole phase again),
    or None when the phase (or its step) moves on as in any round."""
    play = play_of(engine, state)
    last = len(state.players) - 1
    phase = state.current_phase
    assert phase is not None or play is PhasePlay.ONCE
    if play is PhasePlay.STEPS_IN_TURN and state.active < last:
        step = state.current_step
        if step is not None and not engine.is_auto(step):
            return state.step, state.active + 1, False
    if play is PhasePlay.IN_TURN and state.active < last and phase is not None and state.step + 1 >= len(phase.steps):
        return 0, state.active + 1, True
    return None


def entering(engine: Engine, state: GameState, phase: int, step: int, active: int | None, again: bool) -> dict[str, Any]:
    """The extra data of a step-entered event in a PHASE_BY_PLAYER round: who acts, and the ticks kept.
    A new phase starts with the first player; a phase done again by the next player starts unticked;
    the same step again for the next player keeps the others' ticks."""
    if engine.plugin.turns() is not TurnStructure.PHASE_BY_PLAYER:
        return {}
    data: dict[str, Any] = {}
    if active is not None:
        data["active"] = active
    elif phase != state.phase or play_of(engine, state) is PhasePlay.STEPS_IN_TURN:
        data["active"] = 0  # a new phase, or a new step gone round the players: the first player leads
    if again:
        data["ticked"] = []
    elif active is not None and phase == state.phase and step == state.step:
        data["ticked"] = [t for t in state.ticked if t != state.sequence[phase].steps[step].id]
    return data


def refuse_out_of_turn(engine: Engine, state: GameState, kind: str, player: int | None) -> None:
    """InvalidAction when `player` does `kind` while another player does this phase (in turn)."""
    if player is None or not by_player(engine, state) or kind in engine.plugin.any_side:
        return
    acting = engine.plugin.acting(state)
    if player in acting.players:
        return
    phase = state.current_phase
    assert phase is not None
    now = names(state, acting.players)
    cite = f" ({engine.plugin.order_cite})" if engine.plugin.order_cite else ""
    raise InvalidAction(f"{kind}: it is {possessive(now)} part of {phase.name}; {state.players[player].name} does it in "
                        f"turn, after next-step{cite}")


def names(state: GameState, players: tuple[int, ...] | list[int]) -> str:
    return " and ".join(state.players[p].name for p in players) or "nobody"
