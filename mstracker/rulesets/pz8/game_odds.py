"""Exact odds before the pz8 rolls that are not shots, from the records and the form as filled so far: a
Torpedo attack (pz8 §5; the same figures as `mstracker odds pz8 --torpedo`), the initiative (pz8 §2) and an
asteroid collision (pz8 §6, no dice). A shot's odds are its typed action's outcome (shots.py)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...game.errors import InvalidAction
from ...game.state import GameState
from ...rules.outcome import AttackOdds
from .initiative import initiative_distribution
from .model import Ruleset
from .odds import attack_odds
from .view import TurnView

_TIE = Fraction(1, 6)  # both D6 show the same face: 6 of the 36 pairs


class GameOdds:
    """Odds of the rolls of one game, cached by the game's settings and the shot's figures."""

    def __init__(self) -> None:
        self._cache: dict[tuple[Any, ...], AttackOdds] = {}

    def odds(self, rules: Ruleset, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        """None while the form is incomplete or names what is not there."""
        try:
            if kind == "roll-initiative":
                return initiative_odds(rules, state)
            if kind == "asteroid-collision":
                return collision_odds(args)
            options = self.options(state, kind, args)
        except (InvalidAction, ValueError, KeyError, TypeError):
            return None
        if options is None:
            return None
        return self.for_options(rules, state, options)

    def for_options(self, rules: Ruleset, state: GameState, options: dict[str, Any]) -> AttackOdds | None:
        """The `mstracker odds pz8` figures of these options, cached; None when they cannot be (ValueError)."""
        key = (tuple(sorted(state.settings.items())), tuple(sorted(options.items())))
        found = self._cache.get(key)
        if found is None:
            try:
                found = attack_odds(rules, options)
            except ValueError:
                return None
            if len(self._cache) > 512:
                self._cache.clear()
            self._cache[key] = found
        return found

    @staticmethod
    def options(state: GameState, kind: str, args: dict[str, Any]) -> dict[str, Any] | None:
        """The `mstracker odds pz8` options of a Torpedo attack, from the records (Damaged flags) and the form."""
        if kind != "torpedo-attack" or not args.get("target"):
            return None
        return {"torpedo": True, "target_damaged": bool(state.find_ship(args["target"]).get("damaged"))}


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
