"""cal's point defence as a typed action (cal §Point Defenses): one `PointDefence`, prepared once, answers the
refusals (`prepare`: the time, the ship and its point defences, the hostile token, the shots allowed, and the
reach: the hexes measured or an explicit "in range", game.reach), the dice (one d6 per shot), the exact
outcome (the units removed, never more than the token has) and the decision. The odds are shown before the
reach is said (`plan`: the distance only sets the reach, 2 hexes; the dice never depend on it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.reach import in_range_arg, reach_words
from ...game.state import GameState, ShipItem, ShipState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan, PlanBuilder
from ...rules.names import possessive
from ...rules.outcome import AttackOdds
from . import cite
from .common import p_success
from .fire import in_turn
from .game_base import POINT_ITEM
from .model import Ruleset
from .notation import plural, signed
from .procedures import point_defence_distribution, resolve_point_defence
from .tokens import TOKEN_KIND, find_token, replace_token, token_label

if TYPE_CHECKING:
    from .plugin import Plugin

PD_HELP = (
    "fire point defence at one hostile ordnance token within 2 hexes (cal §Point Defenses). Dice: one d6 per "
    "shot, in order; each needs the Point Defence target on d6 + Crew (a house default, 4: setting “Point Defence roll”) and "
    "removes one unit at once. A ship fires at most its Point shots a round, and at one token at most as often "
    "as it had units before point defence began."
)


@dataclass(frozen=True)
class PointDefence:
    """Point defence shots at one token, checked."""

    rules: Ruleset
    ship: ShipState
    item: ShipItem
    token: dict[str, Any]
    shots: int
    cap: int  # units the token had when point defence began this round
    fired: dict[str, int]  # this ship's shots at each token this round
    crew: int
    target: int  # the Point Defence target on d6 + Crew (pd_target)
    reach: str = ""  # how the reach was settled, for the log ("at 2 hexes", "in range (not measured)")


def pd_range(plugin: Plugin, state: GameState, ship: ShipState) -> int:
    """The point defence range in hexes (1 with Sensors Offline, by the setting sensors_offline_pd)."""
    reach = int(plugin.ruleset.general.pd_range)
    if ship.record.get("sensors_offline") and plugin.setting(state, "sensors_offline_pd"):
        reach = min(reach, int(plugin.ruleset.general.sensors_offline_range))
    return reach


def pd_allowance(state: GameState, ship: ShipState, token: Mapping[str, Any]) -> tuple[int, int]:
    """(units when point defence began, shots this ship may still fire at the token this round)."""
    cap = int(token["pd_cap"]) if token.get("pd_round") == state.turn else int(token["units"])
    fired = int(state.extra.get("pd", {}).get(ship.id, {}).get(token["id"], 0))
    return cap, cap - fired


class PointDefenceAction(RuleAction[PointDefence]):
    """point-defence: shots at one hostile ordnance token, each removing one unit at once."""

    plugin: Plugin
    spec = ActionSpec(
        "point-defence",
        PD_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the ship firing point defence"),
            ArgSpec("token", ArgType.TOKEN, "the hostile ordnance token in play (its id on the table)",
                    tokens=(TOKEN_KIND,)),
            ArgSpec("shots", ArgType.INT, "shots at this token (left out: every shot ready that the token may "
                    "still take)", required=False),
            ArgSpec("distance", ArgType.INT, "hexes to the token, checked against the point defence range",
                    required=False),
            in_range_arg("hexes"),
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> PointDefence:
        """The shots now, in the point defence step, with the reach said: measured or plainly in range."""
        in_turn(self.plugin, state, self.kind, args)
        self.plugin.check_time(state, self.kind)
        p = self.plan(state, args)
        # the distance only sets the reach (2 hexes): measured, or said plainly in range, never assumed
        try:
            reach = reach_words(args, pd_range(self.plugin, state, p.ship), "hexes", cite.POINT_DEFENSE)
        except InvalidAction as exc:
            raise Incomplete("distance", str(exc)) from None
        return dataclasses.replace(p, reach=reach)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> PointDefence:
        """The shots as their odds see them: any phase, the reach not yet said."""
        plugin = self.plugin
        for name in ("ship", "token"):
            if args.get(name) in (None, ""):
                raise Incomplete(name)
        ship = plugin.acting_ship(state, str(args["ship"]))
        points = plugin.items_named(ship, POINT_ITEM)
        if not points:
            raise InvalidAction(f"{ship.label} has no point defence ({cite.POINT_DEFENSE})")
        pd = points[0]
        if ship.record.get("weapons_offline"):
            raise InvalidAction(f"{ship.label} has Weapons/Ordnance Offline: no point defence until repaired "
                                "(cal §Major Damage Table)")
        if pd.record.get("damaged"):
            raise InvalidAction(f"{possessive(ship.label)} point defences are damaged: they cannot fire until repaired "
                                "(cal §Minor Damage Table)")
        token = find_token(state, str(args["token"]))
        if token["owner"] == ship.owner:
            raise InvalidAction(f"{token['id']} is {possessive(state.players[ship.owner].name)} own ordnance: point defence "
                                f"fires at hostile ordnance ({cite.POINT_DEFENSE})")
        reach = pd_range(plugin, state, ship)
        distance = args.get("distance")
        if distance is not None and int(distance) > reach:
            raise InvalidAction(f"out of range: point defence reaches {plural(reach, 'hex', 'hexes')}, {token['id']} is "
                                f"{int(distance)} away ({cite.POINT_DEFENSE})")
        left = int(pd.record["rate"]) - int(pd.record["shots"])
        cap, allowed = pd_allowance(state, ship, token)
        # none said: every shot ready that the token may still take, the one default of the form and a command
        shots = max(1, min(left, allowed)) if args.get("shots") in (None, "") else int(args["shots"])
        if shots < 1:
            raise InvalidAction(f"shots must be 1 or more ({cite.POINT_DEFENSE})")
        if shots > left:
            raise InvalidAction(f"{ship.label} has {plural(left, 'point defence shot')} left this round, not {shots} "
                                f"({cite.POINT_DEFENSE})")
        if shots > allowed:
            raise InvalidAction(f"{ship.label} may shoot {token['id']} ({plural(cap, 'unit')} when point defence "
                                f"began) {plural(allowed, 'more time')} this round, not {shots} ({cite.POINT_DEFENSE})")
        fired = dict(state.extra.get("pd", {}).get(ship.id, {}))
        return PointDefence(plugin.rules(state), ship, pd, token, shots, cap, fired, int(ship.record["crew"]),
                            int(plugin.setting(state, "pd_target")))

    # ---- before the roll ---------------------------------------------------------------------------
    def dice(self, p: PointDefence) -> DicePlan:
        plan = PlanBuilder()
        for n in range(1, p.shots + 1):
            plan.die(6, f"point defence shot {n} of {p.shots} of {p.ship.label} at {p.token['id']}: removes one "
                        f"unit on {p.target}+ with Crew {signed(p.crew)}",
                     ship=p.ship.id, table=f"Point Defence roll ({cite.POINT_DEFENSE}; target a house default)")
        return plan.build()

    def outcome(self, p: PointDefence) -> Distribution[Outcome]:
        units = int(p.token["units"])
        removed = point_defence_distribution(p.rules, p.crew, p.shots)
        return removed.map(lambda n: self.result(p, min(n, units)))

    def result(self, p: PointDefence, removed: int) -> Outcome:
        """What removing `removed` units does: the token's result word, gone when no unit is left."""
        token = str(p.token["id"])
        gone = removed >= int(p.token["units"])
        return Outcome(states=((token, self.word(p, removed)),), destroyed=frozenset({token}) if gone else frozenset(),
                       spent=frozenset({f"{p.ship.id}.{p.item.id}"}), hit=removed > 0)

    @staticmethod
    def word(p: PointDefence, removed: int) -> str:
        if removed >= int(p.token["units"]):
            return f"every unit of {p.token['id']} removed"
        return f"{plural(removed, 'unit')} removed"

    def odds_words(self, p: PointDefence) -> OddsWords:
        units = int(p.token["units"])
        possible = range(min(p.shots, units) + 1)  # the odds leave out a count no face combination gives
        return OddsWords(ship=str(p.token["id"]), results=tuple(self.word(p, n) for n in possible),
                         notes=(f"Each point defence shot removes one unit on {p.target}+ with Crew {signed(p.crew)} "
                                "(the Point Defence target is a house default: setting “Point Defence roll”; the book's was lost).",),
                         damage_table=False)

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """The outcome's chance of each count of units removed; the headline is one shot's chance to hit."""
        found = super().odds(state, args)
        if found is None or found.outcomes is None:
            return found
        p = self.plan(state, args)
        outcomes = {word: chance for word, chance in found.outcomes.items() if chance}
        return dataclasses.replace(found, p_hit=p_success(p.target, p.crew), outcomes=outcomes, p_destroy=None,
                                   hit_label="Each shot hits")

    def observed(self, p: PointDefence, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        """What the records say: the token's units left (gone when none), the point defence's shots spent."""
        left = next((int(t["units"]) for t in after.extra.get("ordnance", []) if t["id"] == p.token["id"]), 0)
        removed = int(p.token["units"]) - left
        outcome = self.result(p, removed)
        used = int(after.ships[p.ship.id].item(p.item.id).record["shots"]) > int(p.item.record["shots"])
        return outcome if used else dataclasses.replace(outcome, spent=frozenset())

    # ---- the decision ------------------------------------------------------------------------------
    def apply(self, p: PointDefence, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state = self.plugin, batch.state
        res = resolve_point_defence(p.rules, dice, p.crew, p.shots)
        token = p.token
        removed = min(int(res.outcome["removed"]), int(token["units"]))
        units = int(token["units"]) - removed
        after = state.with_ship(p.ship.with_item_values(p.item.id, {"shots": int(p.item.record["shots"]) + p.shots}))
        fired = {**p.fired, token["id"]: int(p.fired.get(token["id"], 0)) + p.shots}
        after = after.with_extra({"pd": {**state.extra.get("pd", {}), p.ship.id: fired}})
        after = replace_token(after, {**token, "units": units, "pd_cap": p.cap, "pd_round": state.turn})
        left_words = f"{token['id']} has {plural(units, 'unit')} left" if units else f"{token['id']} is gone"
        text = (f"{p.ship.label} fires point defence at {token_label(token)}, {p.reach}. "
                + " ".join(s.text for s in res.steps) + f" {res.summary}; {left_words}.")
        data = {"ship": p.ship.id, "token": token["id"], "shots": p.shots, "removed": removed,
                "dice": dice_data(dice.take())}
        events = plugin.emit("pd-fired", state, after, text, "point defence", **data)
        batch.add(*events)
        batch.add(*plugin.game_over(state, events))
