"""cal ordnance tokens in play (cal §Ordnance, §Craft): what each is, who owns it, and finding it.

A token is one counter on the table standing for one or more units of one kind of ordnance, kept in
the game's extras (`ordnance`): id (o1, o2...), kind, owner, launching ship, units, launch round,
torpedo course, and how many units intercepted this round. Forms name tokens by id.
"""

from __future__ import annotations

from typing import Any

from ...game.errors import InvalidAction
from ...game.state import GameState
from . import cite
from .notation import plural

TOKEN_KIND = "ordnance"  # the TOKEN argument kind every cal token answers to


def tokens(state: GameState) -> list[dict[str, Any]]:
    return list(state.extra.get("ordnance", []))


def token_label(token: dict[str, Any]) -> str:
    units = token["units"]
    return f"{token['id']} {token['kind']}" + (f" ×{units}" if units > 1 else "")


def with_tokens(state: GameState, new: list[dict[str, Any]]) -> GameState:
    return state.with_extra({"ordnance": [t for t in new if t["units"] > 0]})


def find_token(state: GameState, ref: str) -> dict[str, Any]:
    text = str(ref).strip().casefold()
    key = text if text.startswith("o") else f"o{text}"
    for token in tokens(state):
        if token["id"] == key:
            return dict(token)
    listing = ", ".join(token_label(t) for t in tokens(state)) or "none"
    raise InvalidAction(f"no ordnance token {ref!r} in play; in play: {listing} ({cite.ORDNANCE})")


def replace_token(state: GameState, token: dict[str, Any]) -> GameState:
    return with_tokens(state, [token if t["id"] == token["id"] else t for t in tokens(state)])


def intercepted_now(token: dict[str, Any], turn: int) -> int:
    """Units of a token that have intercepted this round (each intercepts once a round)."""
    return int(token.get("intercepted", 0)) if token.get("intercepted_round") == turn else 0


def ordnance_words(state: GameState) -> str:
    """The ordnance in play in a line: 'o1 Fighter ×2 (Blue), o3 Torpedo (Red)', or 'none'."""
    return ", ".join(f"{token_label(t)} ({state.players[t['owner']].name})" for t in tokens(state)) or "none"


def units_words(token: dict[str, Any]) -> str:
    return plural(int(token["units"]), "unit")
