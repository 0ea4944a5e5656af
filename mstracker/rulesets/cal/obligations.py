"""What the cal rules require before the game goes on, and what is on the table besides the ships.

Obligations (the engine refuses what they block until they are settled, or the table overrides one):
* fighters and bombers above the fleet's C&C are removed at once, the player's choice of which (cal
  §Command & Control; §0 Interphase, step 7): next-step waits, and that player's fighters and bombers
  may not intercept or attack meanwhile;
* a Reactor Breach blast is due (cal §Damage, §Major Damage Table): the exploded ship's blast comes
  before anything else;
* Damage Control or a rally is due (cal §0 Interphase, step 6) for every ship that has something to
  repair, Boarders, Fire or a shaken Crew, before the Interphase goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.state import GameState
from ...rules.contract import Obligation, TableItem
from . import cite
from .notation import plural
from .repairs import control_needs, controlled
from .game_base import ship_order
from .tokens import TOKEN_KIND, intercepted_now, tokens

if TYPE_CHECKING:
    from .plugin import Plugin


def cc_id(player: int) -> str:
    return f"cc-over:{player + 1}"


def standing(plugin: Plugin, state: GameState) -> tuple[Obligation, ...]:
    if not state.started or state.finished:
        return ()
    out: list[Obligation] = []
    for ship in ship_order(state):
        amount = int(ship.record.get("blast", 0))
        if amount > 0:
            out.append(Obligation(
                f"blast:{ship.id}",
                f"{ship.label} exploded in a Reactor Breach: its blast of {amount} hits every ship in its hex and "
                "the adjacent hexes now; name them (or none) with blast",
                cite.DAMAGE, resolve="blast", blocks=frozenset({"next-step", "*"})))
    for index, player in enumerate(state.players):
        cc, craft = plugin.fleet_cc(state, index), plugin.craft_in_play(state, index)
        if craft > cc:
            out.append(Obligation(
                cc_id(index),
                f"{player.name} has {plural(craft, 'fighter or bomber', 'fighters and bombers')} in play with C&C "
                f"{cc}: remove {craft - cc} now, the tokens of their choice (remove-ordnance); until then their "
                "fighters and bombers may not intercept or attack",
                f"{cite.COMMAND}; {cite.step(cite.INTERPHASE, 7)}", resolve="remove-ordnance",
                blocks=frozenset({"next-step"}), player=index))
    step = state.current_step
    if step is not None and step.id == "damage_control" and state.current_phase and state.current_phase.id == "interphase":
        for ship in plugin.alive(state):
            needs = control_needs(plugin, state, ship)
            if needs and not controlled(plugin, ship):
                out.append(Obligation(
                    f"damage-control:{ship.id}",
                    f"{ship.label} must make its Damage Control roll or rally the crew ({', '.join(needs)})",
                    cite.step(cite.INTERPHASE, 6), resolve="damage-control", ships=(ship.id,), player=ship.owner))
    return tuple(out)


def on_table(plugin: Plugin, state: GameState) -> tuple[TableItem, ...]:
    """Every ordnance token in play, then the effects in force this round that are not on a ship."""
    items: list[TableItem] = []
    for token in tokens(state):
        launcher = state.ships.get(token["ship"])
        parts = [f"×{token['units']}", f"launched by {launcher.label if launcher else '#' + str(token['ship'])}"
                 f" in round {token['round']}"]
        if launcher is not None and plugin.lost(launcher):
            parts[-1] += " (" + ("jumped out" if launcher.record.get("jumped") else "destroyed") + ")"
        if token.get("course"):
            parts.append(f"course {token['course']}")
        kind = plugin.ruleset.ordnance[token["kind"]]
        if kind.lifetime is not None:
            parts.append(f"leaves play in the Damage phase of round {int(token['round']) + kind.lifetime}")
        if token["round"] == state.turn:
            parts.append("moves and attacks from next round")
        done = intercepted_now(token, state.turn)
        if done:
            parts.append(f"{plural(done, 'unit')} intercepted this round")
        items.append(TableItem(token["id"], token["kind"], token["owner"], " · ".join(parts), token["ship"], TOKEN_KIND))
    for index, player in enumerate(state.players):
        if player.extra.get("recalled") == state.turn and state.started:
            items.append(TableItem(f"recall:{index + 1}", "Recall", index,
                                   f"{player.name} recalled ordnance this round: no new counters on their ships"))
    return tuple(items)
