"""The typed action: one object per action kind that answers every question about one rule decision.

A ruleset's action kind is one `RuleAction[P]`, P a frozen dataclass of everything the decision needs
(the ships, the weapon, the distance, the modifiers):

* `spec`: its arguments, help and whether it rolls (the form, the command line, `help`);
* `prepare(state, args) -> P`: the ONLY place that refuses (InvalidAction with the reason; `Incomplete`
  when an argument the decision needs is still blank). Availability, actors, targets and the refusals of
  the legal-actions answer come from trying it (`RulesetPlugin.legal_action`);
* `dice(p) -> DicePlan | None`: the dice it will roll, declared before any roll, each with what it decides
  (the engine checks every roll against them; dice luck reads them);
* `outcome(p) -> Distribution[Outcome] | None`: the exact distribution of what it does (damage dealt per
  ship, capped at what the ship has; the states reached; who is destroyed; items spent), None when the
  action has no odds. The attack dialog's odds, the planner's row and focus fire are generic code over it
  (`game.outcomes`); the conformance kit checks it against every face combination of `dice(p)`;
* `apply(p, dice, batch)`: the decision, every change through the Batch.

Optional: `plan(state, args)` (the decision as the fire planner plans it, the refusals of "not now" left
out: a ship whose activation is still to come), `after(p, earlier)` (the same decision made after an
earlier outcome, for focus fire in the rules' order), `odds_words(p)` (the result words, marks and notes
its odds list).

The engine decides every action of a ruleset by prepare → dice → apply.

Pure: no I/O.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..dice import Distribution
from .errors import InvalidAction
from .events import ActionSpec, DiceRecorder, Event

if TYPE_CHECKING:
    from ..rules.contract import DicePlan
    from ..rules.outcome import AttackOdds
    from .batch import Batch
    from .plugin import RulesetPlugin
    from .state import GameState

__all__ = ["Incomplete", "OddsWords", "Outcome", "RuleAction"]

P = TypeVar("P")


class Incomplete(InvalidAction):
    """The decision cannot be prepared yet: an argument it needs is blank (not a refusal of the rules)."""

    def __init__(self, arg: str, message: str = "") -> None:
        super().__init__(message or f"give the {arg.replace('_', ' ')}")  # words, not the key (target weapon)
        self.arg = arg


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one decision did, as the odds count it: `dealt` damage per ship id (capped at what it had),
    `states` the state word each ship (or counter) reached ("damaged", "exploded"; absent: unchanged),
    `destroyed` ships or counters, `spent` item paths ("1.w1"), `hit` (None: not an attack) and `marks`,
    further named things that came about ("target_may_fire_back")."""

    dealt: tuple[tuple[str, int], ...] = ()
    states: tuple[tuple[str, str], ...] = ()
    destroyed: frozenset[str] = frozenset()
    spent: frozenset[str] = frozenset()
    hit: bool | None = None
    marks: frozenset[str] = frozenset()
    #: damage recorded on a ship now and taken later, outside this decision (cal: gunnery records it, the
    #: Damage phase takes it off the SS): what `RuleAction.settle` reads; it adds up like `dealt`.
    recorded: tuple[tuple[str, int], ...] = ()

    def damage_to(self, ship: str) -> int | None:
        """The damage dealt to `ship`; None when this outcome counts none for it."""
        return dict(self.dealt).get(ship)

    def state_of(self, ship: str) -> str | None:
        return dict(self.states).get(ship)

    def recorded_on(self, ship: str) -> int:
        """The damage recorded on `ship` to be taken later (0: none)."""
        return dict(self.recorded).get(ship, 0)

    def then(self, later: Outcome) -> Outcome:
        """This outcome followed by a later one (focus fire): damage adds up, the later state wins."""
        return Outcome(_added(self.dealt, later.dealt), tuple(sorted({**dict(self.states), **dict(later.states)}.items())),
                       self.destroyed | later.destroyed, self.spent | later.spent,
                       later.hit if later.hit is not None else self.hit, self.marks | later.marks,
                       _added(self.recorded, later.recorded))


def _added(first: tuple[tuple[str, int], ...], later: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """Two per-ship tallies added up, ship by ship."""
    if not later:
        return first
    total = dict(first)
    for ship, amount in later:
        total[ship] = total.get(ship, 0) + amount
    return tuple(sorted(total.items()))


@dataclass(frozen=True, slots=True)
class OddsWords:
    """What the odds of an outcome list besides the generic figures: the target (`ship` whose results
    count), the result words shown even at 0 (`results`, "none" first), the marks whose chance is shown
    (`marks`: extra "p_<mark>"), the notes, whether the dealt damage is a table worth showing, and whether
    the decision can destroy anything at all (`destroys`: an initiative roll cannot, so it shows no chance to
    destroy rather than a silent 0%). `hit_label` names the headline chance (an outcome's `hit`: "Fighters
    stay"); `result` words an outcome when its result is more than the target's state (cal's intercept:
    which of two tokens stays), and the odds list the chance of each word it gives instead of `results`."""

    ship: str | None
    results: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    damage_table: bool = True
    destroys: bool = True
    extra: Mapping[str, Any] = field(default_factory=dict)
    hit_label: str = "Hit chance"
    result: Callable[[Outcome], str] | None = None


class RuleAction(ABC, Generic[P]):
    """One action kind of a ruleset (see the module docstring). Built once per plugin: `plugin` is the
    ruleset's plugin, for its helpers and settings."""

    spec: ClassVar[ActionSpec]

    def __init__(self, plugin: RulesetPlugin) -> None:
        self.plugin = plugin

    @property
    def kind(self) -> str:
        return self.spec.kind

    @abstractmethod
    def prepare(self, state: GameState, args: Mapping[str, Any]) -> P:
        """Everything the decision needs, or InvalidAction with the reason (Incomplete: an argument is blank)."""

    def plan(self, state: GameState, args: Mapping[str, Any]) -> P:
        """The decision as the fire planner and the odds see it; default: `prepare`."""
        return self.prepare(state, args)

    def dice(self, p: P) -> DicePlan | None:
        """The dice it will roll, declared before any roll; None: it rolls none."""
        return None

    def outcome(self, p: P) -> Distribution[Outcome] | None:
        """The exact distribution of what it does; None: it has no odds."""
        return None

    def odds_words(self, p: P) -> OddsWords | None:
        """What its odds list besides the figures (the target, result words, marks, notes); None: no target."""
        return None

    def after(self, p: P, earlier: Outcome) -> P | None:
        """The same decision made after `earlier` (focus fire: a target Damaged by the shot before); None
        when nothing is left to decide. Default: unchanged."""
        return p

    def settle(self, p: P, outcome: Outcome) -> Distribution[Outcome]:
        """What becomes of `outcome` later, by dice outside this decision, as its odds count it (cal: the Damage
        phase's tables for the round total recorded, which may destroy the target). The attack dialog's
        chance to destroy and focus fire read the settled outcome (focus fire settles once, after the last
        attack, with the first one's `p`). Default: nothing more happens."""
        return Distribution.constant(outcome)

    def observed(self, p: P, state: GameState, events: Sequence[Event], after: GameState) -> Outcome | None:
        """What the records say the decision did, from `state` to `after` by `events` (the conformance kit
        checks `outcome` against it for every face combination of `dice`); None: it cannot say."""
        return None

    @abstractmethod
    def apply(self, p: P, dice: DiceRecorder, batch: Batch) -> None:
        """The decision: every change through `batch`, the dice through `dice`."""

    # ---- what the engine calls ------------------------------------------------------------------------
    def events(self, state: GameState, p: P, dice: DiceRecorder) -> list[Event]:
        from .batch import Batch

        batch = Batch(self.plugin, state)
        self.apply(p, dice, batch)
        return batch.events

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """Exact odds before the roll (game.outcomes turns the outcome into them); None while the form is
        incomplete or the rules refuse it."""
        from .outcomes import odds_of

        try:
            p = self.plan(state, args)
        except InvalidAction:
            return None
        found = self.outcome(p)
        words = self.odds_words(p)
        if found is None or words is None:
            return None
        return odds_of(found.bind(lambda o: self.settle(p, o)), words)
