"""cal's intercept as a typed action (cal §Craft): one `Intercept`, prepared once, answers the refusals
(`prepare`, the only place that refuses: the time, the two tokens, hostile to each other, the fighters'
ATA, C&C, the units free to intercept), the dice (the one unmodified d6 of the side with the higher ATA,
when it rolls), the exact outcome (which side stays, each token's units removed) and the decision.

The odds' headline, "Fighters stay", is the chance the intercepting token stays, read from that same outcome
by the generic odds (its `OddsWords`): "both removed" is not staying. The odds are shown in any phase
(`plan`: the time is the dialog's check).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.state import GameState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan, PlanBuilder, low_is_good
from . import cite
from .model import Ruleset
from .notation import plural
from .procedures import intercept_distribution, intercept_plan, resolve_intercept
from .tokens import TOKEN_KIND, find_token, intercepted_now, replace_token, token_label

if TYPE_CHECKING:
    from .plugin import Plugin

INTERCEPT_HELP = (
    "resolve an intercept (cal §Craft): total ATA against total ATA; the lower side is removed; the higher "
    "side stays only on an unmodified d6 under the difference (dice: that one d6, when it is needed); equal "
    "totals remove both. Against 0-ATA ordnance (torpedoes, bombers, assault craft) the book says the fighter both "
    "remains and rolls: by default it rolls (setting “A fighter that beats 0-ATA ordnance”). Each fighter unit intercepts at most one unit a round."
)
STAYS, REMOVED = "stays", "removed"  # a token's state word in the outcome


@dataclass(frozen=True)
class Intercept:
    """An intercept, checked: the fighters' token, the target token, the units on each side."""

    rules: Ruleset
    fighters: dict[str, Any]
    target: dict[str, Any]
    units: int
    target_units: int
    done: int  # fighter units of the token that intercepted earlier this round
    roll_under: int | None  # the d6 the winning side rolls under to stay, None: no roll
    high: str | None = None  # the side with the higher ATA, which rolls: "a" the fighters, "b" the target

    @property
    def roller(self) -> dict[str, Any]:
        """The token whose side makes the roll to stay (the higher ATA)."""
        return self.target if self.high == "b" else self.fighters

    @property
    def ids(self) -> tuple[str, str]:
        return str(self.fighters["id"]), str(self.target["id"])


class InterceptAction(RuleAction[Intercept]):
    """intercept: fighters against hostile ordnance, ATA against ATA (cal §Craft)."""

    plugin: Plugin
    spec = ActionSpec(
        "intercept",
        INTERCEPT_HELP,
        (
            ArgSpec("token", ArgType.TOKEN, "the intercepting fighters' token (its id on the table)",
                    tokens=(TOKEN_KIND,)),
            ArgSpec("target", ArgType.TOKEN, "the hostile ordnance token it intercepts", tokens=(TOKEN_KIND,)),
            ArgSpec("units", ArgType.INT, "fighter units taking part (default all that have not intercepted this "
                    "round)", required=False),
            ArgSpec("target_units", ArgType.INT, "target units intercepted (default as many as fighters, at most its "
                    "units)", required=False),
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Intercept:
        """The intercept now: in the Ordnance phase, or in Gunnery before the launches."""
        self.plugin.check_time(state, self.kind)
        return self.plan(state, args)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> Intercept:
        """Every check of an intercept but its time, in the order the book gives them."""
        plugin = self.plugin
        for name in ("token", "target"):
            if args.get(name) in (None, ""):
                raise Incomplete(name)
        fighters, target = find_token(state, str(args["token"])), find_token(state, str(args["target"]))
        if fighters["owner"] == target["owner"]:
            raise InvalidAction(f"{fighters['id']} and {target['id']} are on the same side: fighters intercept hostile "
                                f"ordnance ({cite.CRAFT})")
        _, f_kind = plugin.ordnance(fighters["kind"])
        if not f_kind.ata:
            raise InvalidAction(f"{fighters['kind']} cannot intercept (ATA 0); only fighters and fighter/bombers do "
                                f"({cite.CRAFT})")
        plugin.refuse_over_cc(state, fighters["owner"], "intercept")
        done = intercepted_now(fighters, state.turn)
        free = int(fighters["units"]) - done
        units = free if args.get("units") in (None, "") else int(args["units"])
        if free <= 0:
            raise InvalidAction(f"every unit of {token_label(fighters)} has intercepted this round ({cite.CRAFT})")
        if not 1 <= units <= free:
            raise InvalidAction(f"{token_label(fighters)} has {plural(free, 'unit')} free to intercept, not {units} "
                                f"({cite.CRAFT})")
        most = min(units, int(target["units"]))
        t_units = most if args.get("target_units") in (None, "") else int(args["target_units"])
        if not 1 <= t_units <= most:
            raise InvalidAction(f"{units} fighter unit(s) intercept at most {most} unit(s) of {token_label(target)}, "
                                f"not {t_units}: each fighter unit intercepts one hostile unit a round ({cite.CRAFT})")
        rules = plugin.rules(state)
        try:
            _, _, high, under = intercept_plan(rules, [fighters["kind"]] * units, [target["kind"]] * t_units)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        return Intercept(rules, fighters, target, units, t_units, done, under, high)

    # ---- before the roll ---------------------------------------------------------------------------
    def dice(self, p: Intercept) -> DicePlan:
        """The one d6 of the side with the higher ATA, when it rolls (no die: equal ATA, or no roll by the setting)."""
        plan = PlanBuilder()
        if p.roll_under is None:
            return plan.build()
        winner = p.roller  # the side with the higher ATA rolls, and a low face is good for it
        plan.die(6, f"whether the winner of {p.fighters['id']} against {p.target['id']} stays: unmodified, under "
                    f"{p.roll_under}", ship=winner.get("ship"), player=winner["owner"],
                 table=f"Intercept roll ({cite.CRAFT})", rank=low_is_good(6))
        return plan.build()

    def outcome(self, p: Intercept) -> Distribution[Outcome]:
        """Which side stays ('a' the fighters, 'b' the target, 'none': both removed), as each token's fate."""
        survivors = intercept_distribution(p.rules, [p.fighters["kind"]] * p.units, [p.target["kind"]] * p.target_units)
        return survivors.map(lambda side: self.result(p, side))

    def result(self, p: Intercept, survivor: str) -> Outcome:
        """What an intercept with this survivor does: each side's state, a token with no unit left destroyed."""
        fighters, target = p.ids
        lost_a = survivor != "a"
        lost_b = survivor != "b"
        gone: set[str] = set()
        if lost_a and p.units >= int(p.fighters["units"]):
            gone.add(fighters)
        if lost_b and p.target_units >= int(p.target["units"]):
            gone.add(target)
        return Outcome(states=((fighters, REMOVED if lost_a else STAYS), (target, REMOVED if lost_b else STAYS)),
                       destroyed=frozenset(gone), hit=not lost_a)

    def word(self, p: Intercept, o: Outcome) -> str:
        """The result as the odds list it: 'o1 stays, o2 removed', 'o2 stays, o1 removed', 'both removed'."""
        fighters, target = p.ids
        if o.state_of(fighters) == STAYS:
            return f"{fighters} stays, {target} removed"
        if o.state_of(target) == STAYS:
            return f"{target} stays, {fighters} removed"
        return "both removed"

    def odds_words(self, p: Intercept) -> OddsWords:
        notes = ["The lower total ATA is removed; the higher stays only on an unmodified d6 under the difference "
                 "(cal §Craft)."]
        if p.roll_under is None and not p.rules.setting("intercept_zero_ata_roll"):
            notes.append("Against 0-ATA ordnance the fighter remains without a roll (house setting “A fighter "
                         "that beats 0-ATA ordnance”: off).")
        # the headline is the outcome's `hit`, the fighters staying ("both removed" is not); no chance to
        # destroy: the fighters' own token is no target
        return OddsWords(ship=p.ids[0], notes=tuple(notes), damage_table=False, destroys=False,
                         hit_label="Fighters stay", result=lambda o: self.word(p, o))

    def observed(self, p: Intercept, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        """What the records say: each side removed when its token lost the units that took part."""
        left = {str(t["id"]): int(t["units"]) for t in after.extra.get("ordnance", [])}
        fighters, target = p.ids
        lost_a = left.get(fighters, 0) < int(p.fighters["units"])
        lost_b = left.get(target, 0) < int(p.target["units"])
        survivor = "a" if not lost_a else "b" if not lost_b else "none"
        return self.result(p, survivor)

    # ---- the decision ------------------------------------------------------------------------------
    def apply(self, p: Intercept, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state = self.plugin, batch.state
        fighters, target, units, t_units = p.fighters, p.target, p.units, p.target_units
        res = resolve_intercept(p.rules, [fighters["kind"]] * units, [target["kind"]] * t_units, dice)
        out = res.outcome
        lost_a = units if out["removed_a"] else 0
        lost_b = t_units if out["removed_b"] else 0
        new_f = {**fighters, "units": int(fighters["units"]) - lost_a}
        if not out["removed_a"]:
            new_f.update(intercepted=p.done + units, intercepted_round=state.turn)
        new_t = {**target, "units": int(target["units"]) - lost_b}
        _, t_kind = plugin.ordnance(target["kind"])
        if not out["removed_b"] and t_kind.ata:
            new_t.update(intercepted=intercepted_now(target, state.turn) + t_units, intercepted_round=state.turn)
        after = replace_token(replace_token(state, new_f), new_t)
        text = (f"{token_label(fighters)} intercepts {token_label(target)}" + " (side a: the fighters, side b: the target). "
                + " ".join(s.text for s in res.steps) + f" {res.summary}.")
        data = {"token": fighters["id"], "target": target["id"], "units": units, "target_units": t_units,
                "removed_a": lost_a, "removed_b": lost_b, "dice": dice_data(dice.take())}
        events = plugin.emit("intercepted", state, after, text, "intercept", **data)
        batch.add(*events)
        batch.add(*plugin.game_over(state, events))

