"""What the spook rules require before the game goes on, for the engine to enforce (the table may override
one as a logged decision):

* who takes the first turn (house default: the book is silent) is decided before turn 1 is played;
* a d12 of 12 (§5 Accuracy) is settled before anything else: one of the attacker's ships in range takes
  the full damage, or none;
* a ship that ended its last turn in position to retire or be repaired (§3 B, §7 A2-A4, A7-A9) may not
  fire, use devices or do anything else before the start-of-turn step handles it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.state import GameState
from ...rules.contract import Obligation
from ...rules.names import possessive
from .first_turn import FIRST_PLAYER
from .first_turn import first_player_open

if TYPE_CHECKING:
    from .plugin import Plugin

EVERYTHING = frozenset({"*"})
#: Actions a ship waiting to retire or be repaired may still do: cancel the order (it moved away).
DOCK_MAY = frozenset({"undock"})


def standing(plugin: Plugin, state: GameState) -> tuple[Obligation, ...]:
    out: list[Obligation] = []
    if first_player_open(plugin, state):
        out.append(first_player())
    pending = state.extra.get("pending_ff")
    if pending:
        out.append(friendly_fire(state, pending))
    if state.started and not state.finished:
        out.extend(dock_waiting(plugin, state))
    return tuple(out)


def first_player() -> Obligation:
    return Obligation(
        FIRST_PLAYER,
        "Who takes the first turn is still to be decided: each player rolls a d6, the highest goes first, ties "
        "roll again",
        "spook §3 A, set-up; the book does not say who starts: house default, setting “Who takes the first turn”: a d6 roll-off",
        resolve="roll-off",
        blocks=EVERYTHING,
    )


def friendly_fire(state: GameState, pending: dict[str, Any]) -> Obligation:
    attacker = state.ships.get(str(pending.get("attacker")))
    near = state.ships.get(str(pending.get("near", pending.get("attacker"))))
    player = possessive(state.players[attacker.owner].name) if attacker is not None else "the attacker's"
    where = f" of {near.label}" if near is not None else ""
    return Obligation(
        f"friendly-fire:{pending.get('attacker')}",
        f"The d12 of 12 from {pending.get('source')} is not settled: one of {player} own ships "
        f"within {pending.get('range')} units{where} takes {pending.get('damage')} (name it), or none",
        "spook §5 Accuracy, 12",
        resolve="friendly-fire",
        blocks=EVERYTHING,
        player=attacker.owner if attacker is not None else None,
    )


def dock_waiting(plugin: Plugin, state: GameState) -> list[Obligation]:
    """One obligation per ship of the active player that ended its last turn in position to retire or be
    repaired, until the retire or repair step of this turn has handled it."""
    kinds = frozenset(s.kind for s in plugin.action_specs()) - DOCK_MAY
    out = []
    for ship in plugin.live(state, state.active):
        waiting = plugin.waiting_dock(state, ship)
        if waiting is None:
            continue
        purpose, host = waiting
        at = f" at {host.label}" if host is not None else ""
        cite = "spook §3 B, §7 A2-A4" if purpose == "retire" else "spook §3 B, §7 A7-A9 (house default)"
        out.append(Obligation(
            f"{purpose}-pending:{ship.id}",
            f"{ship.label} ended its last turn in position to {purpose}{at}: the start-of-turn {purpose} step "
            f"handles it, and it may not fire, use devices or act before (undock it if it moved away)",
            cite,
            resolve="next-step",
            blocks=kinds,
            ships=(ship.id,),
            player=ship.owner,
        ))
    return out
