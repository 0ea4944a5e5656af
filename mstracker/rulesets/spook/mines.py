"""spook's crossing of mines as a typed action (spook §7 A1): a ship moves through an enemy's mines.

A crossing is prepared once (`Crossing`: the checked `MinesSetup` of hazards.py, the ship's armor, the mines
laid), and that one value gives the refusals (`prepare`; a blank ship or count is `Incomplete`), the d8s
declared before the roll (`dice`: plans.mines_plan, one per mine or one for the crossing, setting
mine_rolls), the exact outcome (`outcome`: the armor taken, capped at the armor left, §4 Armor; destroyed
at the threshold; the mines detonated, which leave the field) and the decision (`apply`). A crossing that
cannot harm the ship (its own mines, a Defense Field, by the settings) rolls nothing and deals nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.state import GameState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan
from ...rules.outcome import AttackOdds
from . import odds as book
from .effects import is_destroyed
from .game_base import plural
from .hazards import MINES_HELP, MinesSetup
from .legal import blank_actor
from .model import Ruleset
from .plans import mines_plan
from .table_rolls import resolve_mines
from .tables import table_odds
from .hazards import prepare_mines

if TYPE_CHECKING:
    from .plugin import Plugin


@dataclass(frozen=True)
class Crossing:
    """One crossing as the rules see it before the roll."""

    rules: Ruleset
    setup: MinesSetup
    armor: int  # the crossing ship's armor now
    laid: int  # the mines its owner has on the field

    @property
    def ship(self) -> str:
        return self.setup.ship.id


class CrossMines(RuleAction[Crossing]):
    """cross-mines (see the module docstring)."""

    plugin: Plugin
    spec = ActionSpec(
        "cross-mines",
        MINES_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "your ship moving through mines"),
            ArgSpec("count", ArgType.INT, "mines it moves through"),
            ArgSpec("owner", ArgType.PLAYER, "whose mines (default: the other player)", required=False),
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Crossing:
        if not args.get("ship"):
            raise blank_actor(self.plugin, state, self.kind)
        if args.get("count") in (None, ""):
            raise Incomplete("count")
        ms = prepare_mines(self.plugin, state, dict(args))
        return Crossing(self.plugin.rules(state), ms, int(ms.ship.record.get("armor") or 0),
                        int(state.players[ms.owner].resources.get("mines", 0)))

    def dice(self, p: Crossing) -> DicePlan:
        return mines_plan(p.setup, p.rules)

    def outcome(self, p: Crossing) -> Distribution[Outcome]:
        """Each d8 on the mines table (§7 A1): its damage, and whether the mine leaves the field (it does when
        it detonates, or always unless setting mine_persist_on_avoid)."""
        if p.setup.harmless:
            return Distribution.constant(self.result(p, 0, 0))
        table = p.rules.tables["mines"]
        persist = bool(p.rules.setting("mine_persist_on_avoid"))
        one = table_odds(table).map(lambda i: (table.rows[i].value or 0, int((table.rows[i].value or 0) > 0
                                                                            or not persist)))
        total = one
        for _ in range(p.setup.dice - 1):
            total = total.combine(one, lambda a, b: (a[0] + b[0], a[1] + b[1]))
        return total.map(lambda t: self.result(p, t[0], t[1]))

    def result(self, p: Crossing, damage: int, removed: int) -> Outcome:
        """The armor taken, never past the armor left; the mines detonated, named by the count they leave."""
        owner = p.setup.owner
        destroyed = frozenset({p.ship}) if damage > 0 and is_destroyed(p.rules, max(0, p.armor - damage)) else frozenset()
        return Outcome(dealt=((p.ship, min(damage, max(0, p.armor))),), destroyed=destroyed,
                       spent=frozenset(f"player{owner}.mine{p.laid - n}" for n in range(removed)),
                       hit=None if p.setup.harmless else damage > 0)

    def odds_words(self, p: Crossing) -> OddsWords:
        return OddsWords(ship=p.ship)

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """The book's odds of the crossing (`mstracker odds spook --mines N` gives the same), whose expected
        damage and chance to destroy are the outcome's (capped at the armor left)."""
        try:
            p = self.prepare(state, args)
        except InvalidAction:
            return None
        ms, armor = p.setup, p.armor or None
        if ms.harmless:
            return AttackOdds(p_hit=Fraction(0), damage={0: Fraction(1)}, expected_damage=Fraction(0),
                              p_destroy=Fraction(0) if armor else None, notes=(f"no roll: {ms.harmless}",))
        return book.mines_odds(p.rules, ms.count, armor=armor, per_mine=ms.dice == ms.count)

    def observed(self, p: Crossing, state: GameState, events: Sequence[Event], after: GameState) -> Outcome | None:
        """What the records say the crossing did: the armor lost, out of play, the mines gone from the field."""
        story = next((e for e in events if e.kind == "mines-crossed"), None)
        if story is None:
            return None
        before, now = state.ships[p.ship], after.ships[p.ship]
        dealt = int(before.record.get("armor") or 0) - int(now.record.get("armor") or 0)
        removed = p.laid - int(after.players[p.setup.owner].resources.get("mines", 0))
        destroyed = frozenset({p.ship}) if self.plugin.lost(now) and not self.plugin.lost(before) else frozenset()
        told = story.data.get("outcome")
        return Outcome(dealt=((p.ship, dealt),), destroyed=destroyed,
                       spent=frozenset(f"player{p.setup.owner}.mine{p.laid - n}" for n in range(removed)),
                       hit=None if told is None else int(told["damage"]) > 0)

    def apply(self, p: Crossing, dice: DiceRecorder, batch: Batch) -> None:
        """The d8s rolled on the mines table (§7 A1) and applied: the armor taken, the mines detonated."""
        plugin, ms, state = self.plugin, p.setup, batch.state
        ship, owner, count = ms.ship, ms.owner, ms.count
        whose = state.players[owner].name
        if ms.harmless:
            batch.story("mines-crossed", f"{ship.label} crosses {plural(count, 'mine')} of {whose}: no damage, "
                        f"{ms.harmless}", ship=ship.id, owner=owner, count=count)
            return
        res = resolve_mines(p.rules, dice, ms.dice)
        rolled = dice.take()
        once = "" if ms.dice == count else " (one d8 for the whole crossing: setting “Mines”: one for the whole crossing)"
        text = f"{ship.label} moves through {plural(count, 'mine')} of {whose}{once}: " + " ".join(
            s.text for s in res.steps) + f" {res.summary}"
        batch.story("mines-crossed", text, ship=ship.id, owner=owner, count=count, dice=dice_data(rolled),
                    outcome=res.outcome)
        plugin.books.damage(batch, ship.id, int(res.outcome["damage"]), f"mines of {whose}")
        removed = int(res.outcome["removed"])
        if removed:
            batch.resource(owner, "mines", p.laid - removed, f"{plural(removed, 'mine')} detonated")
