"""cal's automatic steps (Interphase, Damage phase, C&C), and the player choices that go with them:
damage-control, rally and the Reactor Breach blast.

Each automatic step works through the ships in id order and draws its dice in that order; the
step text in data/rulesets/cal.toml says which dice it uses, so physical dice can be typed with
next-step --faces.
"""

from __future__ import annotations

from typing import Any

from .model import CAPITAL
from .procedures import (
    fire_damage_applies,
    resolve_boarders,
    resolve_damage,
    resolve_damage_control,
    resolve_fire_roll,
    resolve_rally,
)
from .game_base import BAY_ITEMS, DC_DONE, POINT_ITEM, RALLIED, WEAPON_ITEMS, ship_order
from .notation import counter_text, parse_counter, plural, sorted_track
from .tokens import find_token, token_label, tokens, with_tokens
from .damage_record import STATUS_FLAGS, CalDamage
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action, auto_step
from ...game.state import GameState, ShipState

REPAIR_WORDS = {"engines_damaged": "engines damaged", "sensors_offline": "sensors offline",
                "engines_offline": "engines offline", "weapons_offline": "weapons offline"}


class CalSteps(CalDamage):
    """The Interphase and Damage phase bookkeeping."""

    def alive(self, state: GameState) -> list[ShipState]:
        return [s for s in ship_order(state) if not self.lost(s)]

    # ---- Interphase ---------------------------------------------------------------------------
    @auto_step("ordnance_track")
    def _ordnance_track(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        events = []
        after = state
        for ship in state.ships.values():
            if ship.record.get("marks"):
                after = after.with_ship(ship.with_values({"marks": []}))
        for i, player in enumerate(state.players):
            if player.extra.get("recalled"):
                after = after.with_player(i, player.model_copy(update={"extra": {**player.extra, "recalled": 0}}))
        if after is not state:
            ev = self.emit("round-started", state, after, f"Round {state.turn}: last round's marks "
                            "(unready, recall, FTL shut-down, course, damage control, damage roll) are cleared.")
            events += ev
            state = self.fold(state, ev)
        after, moves = state, []
        for ship in self.alive(state):
            for item in ship.items:
                track = item.record.get("track") or []
                moved = sorted_track(counter_text(k, n - 1) for k, n in map(parse_counter, track))
                if moved != track:
                    after = after.with_ship(after.ships[ship.id].with_item_values(item.id, {"track": moved}))
                    moves.append(f"{ship.label} {item.name}: {', '.join(track)} → {', '.join(moved)}")
        if moves:
            events += (self.emit("tracks-moved", state, after, "Ordnance counters move one square: " + "; ".join(moves) + "."))
        return events

    @auto_step("ftl_track")
    def _ftl_track(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        after, moves = state, []
        for ship in self.alive(state):
            left = int(ship.record.get("ftl", 0))
            if ship.record.get("ftl_powered") and left > 0:
                after = after.with_ship(ship.with_values({"ftl": left - 1}))
                moves.append(f"{ship.label} {left} → {'ready (may jump in the Movement phase)' if left == 1 else left - 1}")
        if not moves:
            return []
        return self.emit("ftl-moved", state, after, "FTL counters move one square: " + "; ".join(moves) + ".")

    @auto_step("fire_damage")
    def _fire_damage(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        burning = [s for s in self.alive(state) if int(s.record.get("fire", 0)) > 0]
        if not burning:
            return []
        if not fire_damage_applies(self.rules(state), "interphase"):
            return []
        events = []
        for ship in burning:
            fire = int(ship.record["fire"])
            after, words, _ = self.hit(state, ship.id, fire, dice)
            text = f"{ship.label} burns: Fire {fire} deals {fire} damage at once. " + " ".join(words)
            ev = self.emit("fire-damage", state, after, text, ship=ship.id, damage=fire, dice=dice_data(dice.take()))
            events += ev
            state = self.fold(state, ev)
        return events

    @auto_step("fire_roll")
    def _fire_roll(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        events = []
        rules = self.rules(state)
        for ship in self.alive(state):
            fire = int(ship.record.get("fire", 0))
            if fire <= 0:
                continue
            res = resolve_fire_roll(rules, fire, dice, int(ship.record["crew"]))
            after = state.with_ship(ship.with_values({"fire": int(res.outcome["fire"])}))
            text = f"{ship.label}: " + " ".join(s.text for s in res.steps)
            ev = self.emit("fire-roll", state, after, text, ship=ship.id, success=res.outcome["success"],
                            dice=dice_data(dice.take()))
            events += ev
            state = self.fold(state, ev)
        return events

    @auto_step("boarders")
    def _boarders(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        events = []
        for ship in self.alive(state):
            boarders = int(ship.record.get("boarders", 0))
            if boarders <= 0:
                continue
            res = resolve_boarders(self.rules(state), boarders, int(ship.record["ss"]), dice,
                                   unit=self.stats(ship).type, crew=int(ship.record["crew"]))
            after, words = self.apply_outcome(state, ship.id, dict(res.outcome), dice)
            text = f"{ship.label}, {plural(boarders, 'Boarder')}: " + " ".join([*(s.text for s in res.steps), *words])
            ev = self.emit("boarders-rolled", state, after, text, ship=ship.id, boarders=boarders,
                            effects=res.outcome["effects"], dice=dice_data(dice.take()))
            events += ev
            state = self.fold(state, ev)
        return events

    @auto_step("command_control")
    def _command_control(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return self.cc_report(state, always=False)

    @action("cc-check", help="count each fleet's C&C and its fighters and bombers in play now (also done "
            "automatically in the Interphase and the Damage phase); any above C&C must go (remove-ordnance).")
    def cc_check(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        if not state.started:
            raise InvalidAction("the game is in set-up; C&C counts craft in play")
        return self.cc_report(state, always=True)

    def cc_report(self, state: GameState, *, always: bool) -> list[Event]:
        """A cc-checked event with each fleet's C&C and craft in play (refreshed); with always=False
        only when something changed or craft must go."""
        after = self.refresh(state)
        parts, excess = [], []
        for i, player in enumerate(after.players):
            cc, craft = int(player.resources.get("cc", 0)), int(player.resources.get("craft", 0))
            parts.append(f"{player.name} {cc} ({plural(craft, 'fighter or bomber', 'fighters and bombers')} in play)")
            if craft > cc:
                excess.append(f"{player.name} must remove {craft - cc} now (remove-ordnance TOKEN UNITS, their choice)")
        if not always and not excess and after is state:
            return []  # nothing changed and nothing to remove: no line in the log
        text = "C&C: " + "; ".join(parts) + "." + (" " + "; ".join(excess) + "." if excess else "")
        return self.emit("cc-checked", state, after, text, excess=bool(excess))

    # ---- Damage phase ---------------------------------------------------------------------------
    @auto_step("assault_craft")
    def _assault_craft(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        keep, gone = [], []
        for token in tokens(state):
            life = self.ruleset.ordnance[token["kind"]].lifetime
            (gone if life is not None and state.turn - int(token["round"]) >= life else keep).append(token)
        if not gone:
            return []
        text = "Leaving play one round after deployment: " + ", ".join(token_label(t) for t in gone) + "."
        return self.emit("ordnance-removed", state, with_tokens(state, keep), text, tokens=[t["id"] for t in gone])

    @auto_step("add_fire")
    def _add_fire(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        if not fire_damage_applies(self.rules(state), "damage"):
            return []
        after, parts = state, []
        for ship in self.alive(state):
            fire = int(ship.record.get("fire", 0))
            if fire > 0:
                total = int(ship.record["round_damage"]) + fire
                after = after.with_ship(ship.with_values({"round_damage": total}))
                parts.append(f"{ship.label} Fire {fire}: round total {total}")
        if not parts:
            return []
        return self.emit("fire-added", state, after, "Fire damage added: " + "; ".join(parts) + ".")

    @auto_step("resolve_damage")
    def _resolve_damage(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        events = []
        rules = self.rules(state)
        for ship in ship_order(state):
            total = int(ship.record.get("round_damage", 0))
            if self.lost(ship) or total <= 0:
                continue
            res = resolve_damage(rules, int(ship.record["ss"]), total, dice, unit=self.stats(ship).type)
            after, words = self.apply_outcome(state, ship.id, dict(res.outcome), dice)
            after = after.with_ship(after.ships[ship.id].with_values({"round_damage": 0}))
            text = f"{ship.label}: " + " ".join([*(s.text for s in res.steps), *words])
            ev = self.emit("damage-resolved", state, after, text, ship=ship.id, damage=total,
                            check=res.outcome["check"], effects=res.outcome["effects"], dice=dice_data(dice.take()))
            events += ev
            state = self.fold(state, ev)
        after = state.with_extra({"pd": {}}) if state.extra.get("pd") else state
        for ship in state.ships.values():
            for item in ship.items:
                if item.record.get("shots"):
                    after = after.with_ship(after.ships[ship.id].with_item_values(item.id, {"shots": 0}))
        if after is not state:
            events += (self.emit("shots-reset", state, after, "Shot and point defence counts are cleared for the next round."))
        return events

    # ---- the player's Interphase choice ---------------------------------------------------------
    def repairable(self, state: GameState, ship: ShipState) -> dict[str, tuple[str, str | None, str]]:
        """What damage control can repair now: {name: (effect code, item id or None, flag or '')}."""
        rules = self.rules(state)
        out: dict[str, tuple[str, str | None, str]] = {}
        for item in ship.items:
            if item.name == POINT_ITEM and item.record.get("damaged"):
                out[item.name.casefold()] = ("pd_damaged", item.id, "")
            elif item.name in WEAPON_ITEMS.values() and item.record.get("damaged"):
                out[item.name.casefold()] = ("battery_damaged", item.id, "")
            elif item.name in BAY_ITEMS.values() and int(item.record.get("bays", 0)) < int(item.record.get("bays_max", 0)):
                out[item.name.casefold()] = ("bay_damaged", item.id, "")
        for flag in STATUS_FLAGS:
            if ship.record.get(flag):
                out[REPAIR_WORDS[flag]] = (flag, None, flag)
        return {k: v for k, v in out.items() if rules.effect(v[0]).repairable}

    def _interphase_choice(self, state: GameState, ref: str, what: str) -> ShipState:
        self.require_phase(state, what, "interphase", ["damage_control"])
        ship = self.acting_ship(state, ref)
        marks = self.marks(ship)
        if DC_DONE in marks or RALLIED in marks:
            raise InvalidAction(f"{ship.label} has made its damage control or rally roll this Interphase")
        return ship

    @action(
        "damage-control",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        ArgSpec("choice", ArgType.CHOICE, "what a success does", choices=("repair", "boarder", "fire")),
        ArgSpec("system", ArgType.TEXT, "for repair: point, beam, projectile, a bay (torpedoes...), engines damaged, "
                "engines offline, sensors offline or weapons offline", required=False, default="", rest=True),
        help="Interphase step 6: Damage Control roll, d6 + Crew against the setting damage_control_target (4). "
        "Dice: one d6. A success repairs one damage effect, removes one Boarder or puts out one Fire (chosen "
        "before the roll). Instead of this, a ship may rally.",
        rolls=True,
    )
    def damage_control(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self._interphase_choice(state, args["ship"], "make a damage control roll")
        choice, system = args["choice"], " ".join(str(args.get("system") or "").replace("_", " ").replace("-", " ").split())
        fix: tuple[str, str | None, str] | None = None
        if choice == "repair":
            options = self.repairable(state, ship)
            if not options:
                raise InvalidAction(f"{ship.label} has no damage that can be repaired")
            key = system.casefold() or (next(iter(options)) if len(options) == 1 else "")
            key = {"pd": "point", "point defence": "point", "point defences": "point"}.get(key, key)
            if key not in options:
                raise InvalidAction(f"name what to repair on {ship.label}: {', '.join(options)}")
            fix = options[key]
        elif choice == "boarder" and int(ship.record["boarders"]) <= 0:
            raise InvalidAction(f"{ship.label} has no Boarders")
        elif choice == "fire" and int(ship.record["fire"]) <= 0:
            raise InvalidAction(f"{ship.label} has no Fire")
        res = resolve_damage_control(self.rules(state), dice, int(ship.record["crew"]))
        new = self.with_mark(ship, DC_DONE)
        words = [res.steps[0].text]
        if res.outcome["success"]:
            if fix is not None:
                code, item_id, flag = fix
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
                key = "boarders" if choice == "boarder" else "fire"
                new = new.with_values({key: int(ship.record[key]) - 1})
                words.append(f"{'Boarders' if key == 'boarders' else 'Fire'} {ship.record[key]} → {int(ship.record[key]) - 1}.")
        else:
            words.append("Nothing changes this round.")
        text = f"{ship.label} Damage Control ({choice}{' ' + system if system else ''}): " + " ".join(words)
        data = {"ship": ship.id, "choice": choice, "system": system, "success": res.outcome["success"],
                "dice": dice_data(dice.take())}
        return self.emit("damage-control", state, state.with_ship(new), text, **data)

    @action(
        "rally",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        help="Interphase step 6, instead of damage control: rally the crew, d6 + Crew against the setting "
        "rally_target (4). Dice: one d6. A success gives Crew +1, up to the starting Crew less permanent losses.",
        rolls=True,
    )
    def rally(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self._interphase_choice(state, args["ship"], "rally the crew")
        crew, permanent = int(ship.record["crew"]), int(ship.record.get("crew_permanent", 0))
        res = resolve_rally(self.rules(state), dice, crew, self.ruleset.general.crew_start, permanent)
        new = self.with_mark(ship, RALLIED).with_values({"crew": int(res.outcome["crew"])})
        text = f"{ship.label} rallies the crew: " + " ".join(s.text for s in res.steps)
        data = {"ship": ship.id, "success": res.outcome["success"], "dice": dice_data(dice.take())}
        return self.emit("rallied", state, state.with_ship(new), text, **data)

    # ---- Reactor Breach -------------------------------------------------------------------------
    @action(
        "blast",
        ArgSpec("ship", ArgType.SHIP, "the exploded ship (its record shows Blast due)"),
        ArgSpec("targets", ArgType.TEXT, "every ship in its hex and the next hexes (ids, names or tags, "
                "comma-separated), or none", rest=True),
        ArgSpec("clear", ArgType.TEXT, "capital ship only: ordnance tokens in the blast radius (o1,o2)",
                required=False, default=""),
        help="resolve a Reactor Breach blast: half the exploded ship's SS before the damage (rounded up) to each "
        "named ship, resolved at once with the thresholds (setting breach_blast). Dice: 2d6 per damage "
        "table, in the order the ships are named, then any die a Battery/Bay result needs.",
        rolls=True,
    )
    def blast(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        if not state.started:
            raise InvalidAction("nothing has exploded during set-up")
        ship = state.find_ship(args["ship"])
        amount = int(ship.record.get("blast", 0))
        if amount <= 0:
            raise InvalidAction(f"{ship.label} has no blast due")
        victims = self._blast_victims(state, ship, str(args["targets"]))
        cleared = [t.strip() for t in str(args.get("clear") or "").replace(" ", ",").split(",") if t.strip()]
        radius = int(self.setting(state, "capital_breach_clears_ordnance_radius"))
        if cleared and (self.stats(ship).type != CAPITAL or radius <= 0):
            raise InvalidAction("only a Capital Ship's breach clears ordnance (setting capital_breach_clears_ordnance_radius)")
        gone = [find_token(state, ref)["id"] for ref in cleared]
        after = state.with_ship(ship.with_values({"blast": 0}))
        words = [f"{ship.label}'s Reactor Breach blast: {amount} damage to "
                 + (", ".join(v.label for v in victims) or "no ship") + "."]
        for victim in victims:
            if self.setting(state, "breach_blast") == "round_total":
                total = int(after.ships[victim.id].record["round_damage"]) + amount
                after = after.with_ship(after.ships[victim.id].with_values({"round_damage": total}))
                words.append(f"{victim.label}: {amount} added to its round total ({total}).")
            else:
                after, said, _ = self.hit(after, victim.id, amount, dice)
                words += [f"{victim.label}: {w}" for w in said]
        if gone:
            after = with_tokens(after, [t for t in tokens(after) if t["id"] not in gone])
            words.append(f"Ordnance within {plural(radius, 'hex', 'hexes')} is removed: {', '.join(gone)}.")
        data = {"ship": ship.id, "amount": amount, "targets": [v.id for v in victims], "cleared": gone,
                "dice": dice_data(dice.take())}
        return self.emit("blast", state, after, " ".join(words), **data)

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
                raise InvalidAction(f"{victim.label} is named twice")
            victims.append(victim)
        return victims

