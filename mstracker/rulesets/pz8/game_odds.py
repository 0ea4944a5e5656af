"""Exact odds before the pz8 decisions that are not typed actions: the initiative (pz8 §2) and an asteroid
collision (pz8 §6, no dice). A shot's and a Torpedo attack's odds are their typed action's outcome
(shots.py, torpedo_attack.py)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...game.state import GameState
from ...rules.outcome import AttackOdds
from .initiative import initiative_distribution
from .model import Ruleset
from .view import TurnView

_TIE = Fraction(1, 6)  # both D6 show the same face: 6 of the 36 pairs


def game_odds(rules: Ruleset, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
    """The odds of the initiative or a collision; None for another kind, or while the form is incomplete."""
    if kind == "roll-initiative":
        return initiative_odds(rules, state)
    if kind == "asteroid-collision":
        return collision_odds(args)
    return None


def initiative_odds(rules: Ruleset, state: GameState) -> AttackOdds | None:
    """Each side's chance of the initiative (ties are rolled again, so even), and of a first tie."""
    if len(state.players) != 2:
        return None
    names = [p.name for p in state.players]
    view = TurnView(state)
    counts = {name: len(view.fleet(i)) for i, name in enumerate(names)}
    dist = initiative_distribution(rules, counts)
    outcomes = {f"{name} has the initiative": dist[name] for name in names}
    return AttackOdds(
        p_hit=None,
        outcomes=outcomes,
        extra={"p_first_roll_tied": _TIE},
        notes=("each side rolls 1D6, the higher has the initiative; a tie is rolled again (pz8 §2)",),
    )


def collision_odds(args: dict[str, Any]) -> AttackOdds | None:
    """An asteroid destroys what it collides with: no dice (pz8 §6)."""
    if not args.get("asteroid") or not args.get("target"):
        return None
    return AttackOdds(
        p_hit=None,
        outcomes={"destroyed": Fraction(1)},
        p_destroy=Fraction(1),
        notes=("no dice: an asteroid destroys the Spaceship or Torpedo salvo it collides with (pz8 §6)",),
    )
