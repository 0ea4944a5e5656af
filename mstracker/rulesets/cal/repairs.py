"""The players' own rolls after damage: Damage Control or rallying the crew (cal §0 Interphase, step 6),
and the Reactor Breach blast (cal §Damage, §Major Damage Table).

The book's text for Damage Control and rallying was lost with its "Specific rolls" list: both are
1d6 + Crew against a house-default target (damage_control_target, rally_target). Which effects
Damage Control may repair follows the effects' `repairable` marks; a bay or tube lost to Ordnance
Bay Damaged — "destroyed" in the book's example — comes back only under the house setting
dc_restores_bay. Damage Control and rally are typed actions (damage_control.py); blast's checks are one
`prepare_blast` step, shared with its declared dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from ...game.state import GameState, ShipState
from . import cite
from .damage_record import STATUS_FLAGS, CalDamage
from .game_base import BAY_ITEMS, DC_DONE, POINT_ITEM, RALLIED, WEAPON_ITEMS
from .model import CAPITAL
from .notation import plural
from .procedures import crew_cap
from .tokens import find_token, tokens, with_tokens

REPAIR_WORDS = {"engines_damaged": "engines damaged", "sensors_offline": "sensors offline",
                "engines_offline": "engines offline", "weapons_offline": "weapons offline"}
Fix = tuple[str, str | None, str]  # (effect code, item id or None, record flag or "")


@dataclass(frozen=True)
class Blast:
    ship: ShipState
    amount: int
    victims: tuple[ShipState, ...]
    cleared: tuple[str, ...]  # token ids the blast removes
    radius: int
    immediate: bool  # resolved at once (house default) or added to the round totals


class CalRepairs(CalDamage):
    """What Damage Control and a rally may do (their typed actions: damage_control.py), and blast."""

    # ---- what needs doing -----------------------------------------------------------------------
    def repairable(self, state: GameState, ship: ShipState) -> dict[str, Fix]:
        """What damage control can repair now: {name: (effect code, item id or None, flag or '')}."""
        rules = self.rules(state)
        out: dict[str, Fix] = {}
        for item in ship.items:
            if item.name == POINT_ITEM and item.record.get("damaged"):
                out[item.name.casefold()] = ("pd_damaged", item.id, "")
            elif item.name in WEAPON_ITEMS.values() and item.record.get("damaged"):
                out[item.name.casefold()] = ("battery_damaged", item.id, "")
            elif (item.name in BAY_ITEMS.values() and self.setting(state, "dc_restores_bay")
                  and int(item.record.get("bays", 0)) < int(item.record.get("bays_max", 0))):
                out[item.name.casefold()] = ("bay_damaged", item.id, "")
        for flag in STATUS_FLAGS:
            if ship.record.get(flag):
                out[REPAIR_WORDS[flag]] = (flag, None, flag)
        return {k: v for k, v in out.items() if rules.effect(v[0]).repairable}

    def rally_cap(self, state: GameState, ship: ShipState) -> int | None:
        return crew_cap(self.rules(state), self.ruleset.general.crew_start, int(ship.record.get("crew_permanent", 0)))

    def control_needs(self, state: GameState, ship: ShipState) -> list[str]:
        """What a Damage Control roll or a rally could do for the ship now (empty: nothing to do)."""
        needs = list(self.repairable(state, ship))
        for key, word in (("boarders", "Boarders"), ("fire", "Fire")):
            if int(ship.record.get(key, 0)) > 0:
                needs.append(f"{word} {ship.record[key]}")
        ceiling = self.crew_ceiling(state, ship)
        if int(ship.record["crew"]) < ceiling:
            needs.append(f"Crew {int(ship.record['crew']):+d} below {ceiling:+d}")
        return needs

    def crew_ceiling(self, state: GameState, ship: ShipState) -> int:
        """The Crew a rally may bring the ship back to (its starting Crew, less Crew lost for good)."""
        cap = self.rally_cap(state, ship)
        return self.ruleset.general.crew_start if cap is None else cap

    def may_rally(self, state: GameState, ship: ShipState) -> bool:
        """A rally could raise the ship's Crew: it is below the ceiling and the ship has not rolled yet."""
        return not self.controlled(ship) and int(ship.record["crew"]) < self.crew_ceiling(state, ship)

    def controlled(self, ship: ShipState) -> bool:
        marks = self.marks(ship)
        return DC_DONE in marks or RALLIED in marks

    # ---- Reactor Breach -------------------------------------------------------------------------
    def prepare_blast(self, state: GameState, args: dict[str, Any]) -> Blast:
        if not state.started:
            raise InvalidAction(f"nothing has exploded during set-up (Reactor Breach, {cite.MAJOR_TABLE})")
        ship = state.find_ship(args["ship"])
        amount = int(ship.record.get("blast", 0))
        if amount <= 0:
            due = [s.label for s in state.ships.values() if int(s.record.get("blast", 0)) > 0]
            raise InvalidAction(f"{ship.label} has no blast due" + (f" (due: {', '.join(due)})" if due else "")
                                + f" (Reactor Breach, {cite.MAJOR_TABLE})")
        victims = self._blast_victims(state, ship, str(args["targets"]))
        cleared = [t.strip() for t in str(args.get("clear") or "").replace(" ", ",").split(",") if t.strip()]
        radius = int(self.setting(state, "capital_breach_clears_ordnance_radius"))
        if cleared and (self.stats(ship).type != CAPITAL or radius <= 0):
            raise InvalidAction("only a Capital Ship's breach clears ordnance (the radius it clears is a house "
                                f"default, now {radius} hexes: capital_breach_clears_ordnance_radius; {cite.DAMAGE})")
        gone = tuple(find_token(state, ref)["id"] for ref in cleared)
        immediate = self.setting(state, "breach_blast") != "round_total"
        return Blast(ship, amount, tuple(victims), gone, radius, immediate)

    @action(
        "blast",
        ArgSpec("ship", ArgType.SHIP, "the exploded ship (its record shows Blast due)"),
        ArgSpec("targets", ArgType.TEXT, "every ship in its hex and the next hexes (ids, names or tags, "
                "comma-separated), or none", rest=True),
        ArgSpec("clear", ArgType.TEXT, "capital ship only: ordnance tokens in the blast radius (o1,o2)",
                required=False, default=""),
        help="resolve a Reactor Breach blast (cal §Damage): half the exploded ship's SS before the damage (rounded "
        "up) to each named ship, resolved at once with the thresholds (a house default; breach_blast = round_total "
        "adds it to the round totals instead). Dice: 2d6 per "
        "damage table, in the order the ships are named, then any die a Battery/Bay result needs.",
        rolls=True,
    )
    def blast(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_blast(state, args)
        ship, amount = p.ship, p.amount
        after = state.with_ship(ship.with_values({"blast": 0}))
        words = [f"{ship.label}'s Reactor Breach blast: {amount} damage to "
                 + (", ".join(v.label for v in p.victims) or "no ship") + "."]
        for victim in p.victims:
            if not p.immediate:
                total = int(after.ships[victim.id].record["round_damage"]) + amount
                after = after.with_ship(after.ships[victim.id].with_values({"round_damage": total}))
                words.append(f"{victim.label}: {amount} added to its round total ({total}).")
            else:
                after, said, _ = self.hit(after, victim.id, amount, dice)
                words += [f"{victim.label}: {w}" for w in said]
        if p.cleared:
            after = with_tokens(after, [t for t in tokens(after) if t["id"] not in p.cleared])
            words.append(f"Ordnance within {plural(p.radius, 'hex', 'hexes')} is removed: {', '.join(p.cleared)}.")
        data = {"ship": ship.id, "amount": amount, "targets": [v.id for v in p.victims], "cleared": list(p.cleared),
                "dice": dice_data(dice.take())}
        return self.emit("blast", state, after, " ".join(words), "reactor breach blast", **data)

    def _blast_victims(self, state: GameState, ship: ShipState, text: str) -> list[ShipState]:
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
            victim = self.target_ship(state, ref, ship)
            if victim.id in {v.id for v in victims}:
                raise InvalidAction(f"{victim.label} is named twice: a blast strikes each ship once (Reactor Breach, "
                                    f"{cite.MAJOR_TABLE})")
            victims.append(victim)
        return victims
