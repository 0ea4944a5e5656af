"""The players' own rolls after damage: Damage Control or rallying the crew (cal §0 Interphase, step 6),
and the Reactor Breach blast (cal §Damage, §Major Damage Table).

The book's text for Damage Control and rallying was lost with its "Specific rolls" list: both are
1d6 + Crew against a house-default target (damage_control_target, rally_target). Which effects
Damage Control may repair follows the effects' `repairable` marks; a bay or tube lost to Ordnance
Bay Damaged — "destroyed" in the book's example — comes back only under the house setting
dc_restores_bay. Each action's checks are one `prepare_*` step, shared with its declared dice.
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
from .common import p_success
from .notation import plural, signed
from .procedures import crew_cap, resolve_damage_control, resolve_rally
from .tokens import find_token, tokens, with_tokens

REPAIR_WORDS = {"engines_damaged": "engines damaged", "sensors_offline": "sensors offline",
                "engines_offline": "engines offline", "weapons_offline": "weapons offline"}
Fix = tuple[str, str | None, str]  # (effect code, item id or None, record flag or "")


@dataclass(frozen=True)
class DamageControl:
    ship: ShipState
    choice: str  # repair, boarder or fire
    system: str
    fix: Fix | None


@dataclass(frozen=True)
class Blast:
    ship: ShipState
    amount: int
    victims: tuple[ShipState, ...]
    cleared: tuple[str, ...]  # token ids the blast removes
    radius: int
    immediate: bool  # resolved at once (house default) or added to the round totals


class CalRepairs(CalDamage):
    """damage-control, rally and blast."""

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

    # ---- Damage Control and rally -----------------------------------------------------------------
    def prepare_choice(self, state: GameState, ref: str, kind: str) -> ShipState:
        self.check_time(state, kind)
        ship = self.acting_ship(state, ref)
        if self.controlled(ship):
            raise InvalidAction(f"{ship.label} has made its damage control or rally roll this Interphase "
                                f"({cite.step(cite.INTERPHASE, 6)})")
        return ship

    def prepare_damage_control(self, state: GameState, args: dict[str, Any]) -> DamageControl:
        ship = self.prepare_choice(state, args["ship"], "damage-control")
        choice = args["choice"]
        system = " ".join(str(args.get("system") or "").replace("_", " ").replace("-", " ").split())
        fix: Fix | None = None
        if choice == "repair":
            options = self.repairable(state, ship)
            if not options:
                raise InvalidAction(f"{ship.label} has no damage that can be repaired ({cite.step(cite.INTERPHASE, 6)})")
            key = system.casefold() or (next(iter(options)) if len(options) == 1 else "")
            key = {"pd": "point", "point defence": "point", "point defences": "point"}.get(key, key)
            if key not in options:
                raise InvalidAction(f"name what to repair on {ship.label}: {', '.join(options)} "
                                    f"({cite.step(cite.INTERPHASE, 6)})")
            fix = options[key]
        elif choice == "boarder" and int(ship.record["boarders"]) <= 0:
            raise InvalidAction(f"{ship.label} has no Boarders ({cite.step(cite.INTERPHASE, 6)})")
        elif choice == "fire" and int(ship.record["fire"]) <= 0:
            raise InvalidAction(f"{ship.label} has no Fire ({cite.step(cite.INTERPHASE, 6)})")
        return DamageControl(ship, choice, system, fix)

    @action(
        "damage-control",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        ArgSpec("choice", ArgType.CHOICE, "what a success does", choices=("repair", "boarder", "fire")),
        ArgSpec("system", ArgType.TEXT, "for repair: point, beam, projectile, a bay (torpedoes...), engines damaged, "
                "engines offline, sensors offline or weapons offline", required=False, default="", rest=True),
        ArgSpec("failed", ArgType.BOOL, "record the roll as failed without rolling: only when no face can succeed",
                required=False, default=False),
        help="cal §0 Interphase, step 6: the Damage Control roll, d6 + Crew against the Damage Control target (a "
        "house default, 4: damage_control_target; the book's text was lost). Dice: one d6. A success repairs one "
        "damage effect, removes one Boarder or puts out one Fire (chosen before the roll). Instead of this, a ship "
        "may rally.",
        rolls=True,
    )
    def damage_control(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_damage_control(state, args)
        ship = p.ship
        if args.get("failed"):
            return self.record_failed(state, ship, "damage-control", DC_DONE)
        res = resolve_damage_control(self.rules(state), dice, int(ship.record["crew"]))
        new = self.with_mark(ship, DC_DONE)
        words = [res.steps[0].text]
        if not res.outcome["success"]:
            words.append("Nothing changes this round.")
        elif p.fix is not None:
            code, item_id, flag = p.fix
            if flag:
                new = new.with_values({flag: False})
                words.append(f"Repaired: {REPAIR_WORDS[flag]}.")
            elif code == "bay_damaged":
                item = new.item(item_id or "")
                new = new.with_item_values(item.id, {"bays": int(item.record["bays"]) + 1})
                words.append(f"Repaired: {item.name} {int(item.record['bays']) + 1} of {item.record['bays_max']}.")
            else:
                new = new.with_item_values(item_id or "", {"damaged": False})
                words.append(f"Repaired: {new.item(item_id or '').name}.")
        else:
            key = "boarders" if p.choice == "boarder" else "fire"
            new = new.with_values({key: int(ship.record[key]) - 1})
            words.append(f"{'Boarders' if key == 'boarders' else 'Fire'} {ship.record[key]} → {int(ship.record[key]) - 1}.")
        text = f"{ship.label} Damage Control ({p.choice}{' ' + p.system if p.system else ''}): " + " ".join(words)
        data = {"ship": ship.id, "choice": p.choice, "system": p.system, "success": res.outcome["success"],
                "dice": dice_data(dice.take())}
        return self.emit("damage-control", state, state.with_ship(new), text, "damage control", **data)

    @action(
        "rally",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        ArgSpec("failed", ArgType.BOOL, "record the roll as failed without rolling: only when no face can succeed",
                required=False, default=False),
        help="cal §0 Interphase, step 6, instead of damage control: rally the crew, d6 + Crew against the Rally "
        "target (a house default, 4: rally_target). Dice: one d6. A success gives Crew +1, up to the starting Crew "
        "less permanent losses (crew_recovery_cap).",
        rolls=True,
    )
    def rally(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.prepare_choice(state, args["ship"], "rally")
        if args.get("failed"):
            return self.record_failed(state, ship, "rally", RALLIED)
        crew, permanent = int(ship.record["crew"]), int(ship.record.get("crew_permanent", 0))
        res = resolve_rally(self.rules(state), dice, crew, self.ruleset.general.crew_start, permanent)
        new = self.with_mark(ship, RALLIED).with_values({"crew": int(res.outcome["crew"])})
        text = f"{ship.label} rallies the crew: " + " ".join(s.text for s in res.steps)
        data = {"ship": ship.id, "success": res.outcome["success"], "dice": dice_data(dice.take())}
        return self.emit("rallied", state, state.with_ship(new), text, "rally", **data)

    def cannot_succeed(self, state: GameState, ship: ShipState, kind: str) -> bool:
        """True when no face of the d6 reaches the Damage Control or Rally target with the ship's Crew."""
        key = "damage_control_target" if kind == "damage-control" else "rally_target"
        return p_success(int(self.setting(state, key)), int(ship.record["crew"])) == 0

    def record_failed(self, state: GameState, ship: ShipState, kind: str, mark: str) -> list[Event]:
        """A Damage Control or Rally roll no face can win, recorded as failed without a roll (the table's
        time saved: the d6 would change nothing)."""
        key = "damage_control_target" if kind == "damage-control" else "rally_target"
        target, crew = int(self.setting(state, key)), int(ship.record["crew"])
        what = "Damage Control" if kind == "damage-control" else "Rally"
        if not self.cannot_succeed(state, ship, kind):
            raise InvalidAction(f"{ship.label}'s {what} roll can succeed ({target}+ on d6 + Crew {signed(crew)}): "
                                f"roll it ({cite.step(cite.INTERPHASE, 6)})")
        text = (f"{ship.label} {what}: recorded as failed without a roll — no face reaches {target}+ on d6 + Crew "
                f"{signed(crew)} ({cite.step(cite.INTERPHASE, 6)}). Nothing changes this round.")
        story = "damage-control" if kind == "damage-control" else "rallied"
        data = {"ship": ship.id, "success": False, "recorded_failed": True}
        return self.emit(story, state, state.with_ship(self.with_mark(ship, mark)), text, what.lower(), **data)

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
