"""cal's Reactor Breach blast as a typed action (cal §Damage, §Major Damage Table): half the exploded ship's
SS before the damage (rounded up) to each ship named, resolved at once with the thresholds (a house default;
breach_blast = round_total adds it to the round totals instead); a Capital Ship's breach also clears the
ordnance in a house-default radius. `prepare` is the one place that refuses; the dice are the damage tables
of each ship named, in order; the outcome is exact (immediate.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...rules.names import possessive
from .damage_record import hit
from ...dice import Distribution
from ...game.batch import Batch
from ...game.damage import with_expected_dealt
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, dice_data
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, Outcome
from ...rules.contract import DicePlan, PlanBuilder
from ...rules.outcome import AttackOdds
from . import cite
from .action_base import CalAction
from .dice_plans import immediate
from .immediate import hit_odds, hit_outcome
from .model import CAPITAL
from .notation import plural
from .tokens import find_token, tokens, with_tokens

BLAST_HELP = (
    "resolve a Reactor Breach blast (cal §Damage): half the exploded ship's SS before the damage (rounded up) to "
    "each named ship, resolved at once with the thresholds (a house default; the setting “Reactor Breach blast "
    "damage is resolved at once against each ship” off adds it to the round totals instead). Dice: 2d6 per damage "
    "table, in the order the ships are named, then any die a "
    "Battery/Bay result needs."
)


@dataclass(frozen=True)
class Blast:
    state: GameState
    ship: ShipState
    amount: int
    victims: tuple[ShipState, ...]
    cleared: tuple[str, ...]  # token ids the blast removes
    radius: int
    immediate: bool  # resolved at once (house default) or added to the round totals


class BlastAction(CalAction[Blast]):
    """blast: the exploded ship's Reactor Breach, at any time it is due."""

    spec = ActionSpec(
        "blast",
        BLAST_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the exploded ship (its record shows Blast due)"),
            ArgSpec("targets", ArgType.TEXT, "every ship in its hex and the next hexes (ids, names or tags, "
                    "comma-separated), or none", rest=True),
            ArgSpec("clear", ArgType.TEXT, "capital ship only: ordnance tokens in the blast radius (o1,o2)",
                    required=False, default=""),
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Blast:
        plugin = self.plugin
        if not state.started:
            raise InvalidAction(f"nothing has exploded during set-up (Reactor Breach, {cite.MAJOR_TABLE})")
        self.need(args, "ship")
        ship = state.find_ship(str(args["ship"]))
        amount = int(ship.record.get("blast", 0))
        if amount <= 0:
            due = [s.label for s in state.ships.values() if int(s.record.get("blast", 0)) > 0]
            raise InvalidAction(f"{ship.label} has no blast due" + (f" (due: {', '.join(due)})" if due else "")
                                + f" (Reactor Breach, {cite.MAJOR_TABLE})")
        if args.get("targets") is None:
            raise Incomplete("targets")
        victims = self.victims(state, ship, str(args["targets"]))
        cleared = [t.strip() for t in str(args.get("clear") or "").replace(" ", ",").split(",") if t.strip()]
        radius = int(plugin.setting(state, "capital_breach_clears_ordnance_radius"))
        if cleared and (plugin.stats(ship).type != CAPITAL or radius <= 0):
            raise InvalidAction("only a Capital Ship's breach clears ordnance (the radius it clears is a house "
                                f"default, now {radius} hexes: setting “A capital ship's Reactor Breach removes all ordnance within "
                                f"this many hexes”; {cite.DAMAGE})")
        gone = tuple(find_token(state, ref)["id"] for ref in cleared)
        at_once = plugin.setting(state, "breach_blast") != "round_total"
        return Blast(state, ship, amount, tuple(victims), gone, radius, at_once)

    def victims(self, state: GameState, ship: ShipState, text: str) -> list[ShipState]:
        """The ships named, each once (none: 'none')."""
        text = text.strip()
        if text.casefold() in ("", "none", "-", "no"):
            return []
        if "," in text:
            refs = [r.strip() for r in text.split(",") if r.strip()]
        else:
            try:
                refs = [state.find_ship(text).id]
            except InvalidAction:
                refs = text.split()
        victims: list[ShipState] = []
        for ref in refs:
            victim = self.plugin.target_ship(state, ref, ship)
            if victim.id in {v.id for v in victims}:
                raise InvalidAction(f"{victim.label} is named twice: a blast strikes each ship once (Reactor Breach, "
                                    f"{cite.MAJOR_TABLE})")
            victims.append(victim)
        return victims

    def dice(self, p: Blast) -> DicePlan:
        plan = PlanBuilder()
        if p.immediate:
            for victim in p.victims:
                immediate(self.plugin, p.state, plan, victim, p.amount, f"{possessive(p.ship.label)} blast ({p.amount})")
        return plan.build()

    def outcome(self, p: Blast) -> Distribution[Outcome]:
        """At once: each ship's SS taken and its destruction; else the blast recorded on each round total."""
        gone = frozenset(p.cleared)
        if not p.immediate:
            return Distribution.constant(Outcome(destroyed=gone, recorded=tuple((v.id, p.amount) for v in p.victims)))
        return hit_outcome(self.plugin, p.state, [(v, p.amount) for v in p.victims]).map(
            lambda o: Outcome(o.dealt, o.states, o.destroyed | gone))

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        try:
            p = self.prepare(state, args)
        except InvalidAction:
            return None
        if not p.immediate:
            found = AttackOdds(p_hit=None, damage={p.amount: Fraction(1)}, notes=(
                "The blast is added to each ship's round total (house setting “Reactor Breach blast damage is "
                "resolved at once against each ship”: off).",))
        else:
            found = hit_odds(self.plugin, state, [(v, p.amount) for v in p.victims])
        return with_expected_dealt(self.plugin, state, self.kind, args, found)

    def apply(self, p: Blast, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state = self.plugin, batch.state
        ship, amount = p.ship, p.amount
        after = state.with_ship(ship.with_values({"blast": 0}))
        words = [f"{possessive(ship.label)} Reactor Breach blast: {amount} damage to "
                 + (", ".join(v.label for v in p.victims) or "no ship") + "."]
        for victim in p.victims:
            if not p.immediate:
                total = int(after.ships[victim.id].record["round_damage"]) + amount
                after = after.with_ship(after.ships[victim.id].with_values({"round_damage": total}))
                words.append(f"{victim.label}: {amount} added to its round total ({total}).")
            else:
                after, said, _ = hit(plugin, after, victim.id, amount, dice)
                words += [f"{victim.label}: {w}" for w in said]
        if p.cleared:
            after = with_tokens(after, [t for t in tokens(after) if t["id"] not in p.cleared])
            words.append(f"Ordnance within {plural(p.radius, 'hex', 'hexes')} is removed: {', '.join(p.cleared)}.")
        data = {"ship": ship.id, "amount": amount, "targets": [v.id for v in p.victims], "cleared": list(p.cleared),
                "dice": dice_data(dice.take())}
        self.finish(batch, plugin.emit("blast", state, after, " ".join(words), "reactor breach blast", **data))
