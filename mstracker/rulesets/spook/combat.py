"""spook attacks: fire (with flares, friendly fire and subsystem targeting), rams, scuttles, mines.

Every roll goes through the rules package (`resolve_attack`, `resolve_subsystem`, `resolve_mines`),
so what the app rolls, what `mstracker odds` shows and what a player reads in the book agree.
"""

from __future__ import annotations

from typing import Any

from ...rules.outcome import AttackOdds
from . import odds as spook_odds
from .effects import ram_damage, scuttle_damage
from .procedures import resolve_attack, resolve_mines, resolve_subsystem
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from .game_base import FLARES, Batch, SpookBase, plural, story
from ...game.state import GameState, ShipItem, ShipState

FIRE_HELP = (
    "fire one weapon at an enemy ship (RULES.md A4.1); damage, flare ammo, friendly fire and the weapon's "
    "reload go on the records. Dice, in this order: a d6 for 'N x d6' damage (Cluster Torpedo, Gattling Mass "
    "Driver); a d12 on the accuracy table when the weapon's accuracy is below the target's agility; a d8 on the "
    "flares table for each flare launcher with ammo on the target, against missiles and torpedoes, while damage "
    "is left; a d8 on the subsystem table when a bomber names a SUBSYSTEM and its bombs dealt damage"
)


class CombatActions(SpookBase):
    """fire, friendly-fire, ram, scuttle, cross-mines, and the odds of a shot."""

    # ---- checks --------------------------------------------------------------------------------
    def may_attack(self, ship: ShipState) -> None:
        self.not_disabled(ship, "attack")
        self.not_held(ship, "attack")
        if ship.record.get("no_fire"):
            raise InvalidAction(f"{ship.label} may not attack now: it used an EMP (no attacks through its next "
                                "turn) or rammed this turn")
        if ship.record.get("infiltrating"):
            raise InvalidAction(f"{ship.label} is infiltrating {ship.record['infiltrating']} and may not attack")

    def live_flares(self, ship: ShipState) -> list[ShipItem]:
        """Flare launchers that answer an attack now: not destroyed, with ammo."""
        return [it for it in ship.items if it.name == FLARES and not it.record.get("destroyed")
                and int(it.record.get("ammo") or 0) > 0]

    def _subsystem(self, ship: ShipState, weapon: ShipItem, target: ShipState, ref: str) -> str:
        """The subsystem a bomber aims at: an item id of the target, or 'engines'."""
        if self.has_ability(ship, "Subsystem Targeting") is None or self.entry(weapon).group != "Bomb Launchers":
            raise InvalidAction(f"only bombers' bomb launchers can target subsystems; {ship.label} cannot")
        if ref.strip().casefold() == "engines":
            if "engines" in (target.record.get("lost_systems") or []):
                raise InvalidAction(f"the engines of {target.label} are already destroyed")
            return "engines"
        item = self.item(target, ref)
        if item.kind == "ability" or item.record.get("destroyed"):
            what = "is an ability, not a subsystem" if item.kind == "ability" else "is already destroyed"
            raise InvalidAction(f"{item.name} ({item.id}) of {target.label} {what}")
        return item.id

    def _ally(self, state: GameState, attacker: ShipState, ref: str) -> ShipState:
        ally = state.find_ship(ref)
        if ally.owner != attacker.owner or ally.id == attacker.id:
            raise InvalidAction(f"friendly fire hits one of {state.players[attacker.owner].name}'s other ships, "
                                f"not {ally.label}")
        if self.lost(ally) or ally.record.get("aboard"):
            raise InvalidAction(f"{ally.label} is not on the board")
        return ally

    # ---- fire ----------------------------------------------------------------------------------
    @action(
        "fire",
        ArgSpec("ship", ArgType.SHIP, "the attacking ship (yours)"),
        ArgSpec("weapon", ArgType.ITEM, "its weapon: item id (w1) or name"),
        ArgSpec("target", ArgType.SHIP, "the enemy ship fired at"),
        ArgSpec("distance", ArgType.INT, "measured distance in units; refused beyond the weapon's range", required=False),
        ArgSpec("ally", ArgType.SHIP, "if the d12 shows 12: your ship in range that takes the full damage", required=False),
        ArgSpec("subsystem", ArgType.TEXT, "bombers: a weapon or device of the target (id or name) or 'engines'",
                required=False),
        help=FIRE_HELP,
        rolls=True,
    )
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "fire")
        weapon = self.item(ship, args["weapon"])
        if weapon.kind != "weapon":
            raise InvalidAction(f"{weapon.name} ({weapon.id}) is a {weapon.kind}, not a weapon")
        pending = state.extra.get("pending_ff")
        if pending:
            raise InvalidAction(f"first settle the friendly fire of {pending['damage']} from {pending['source']}: "
                                "friendly-fire SHIP, or friendly-fire none")
        self.may_attack(ship)
        if ship.record.get("jammed"):
            raise InvalidAction(f"the weapons of {ship.label} are jammed by a Sensor Jammer")
        self.usable(ship, weapon)
        target = self.enemy_target(state, ship, args["target"])
        if target.record.get("shielded"):
            raise InvalidAction(f"{target.label} is inside a Defense Field: enemy attacks fail until it ends")
        w = self.ruleset.weapons[weapon.name]
        distance = args.get("distance")
        if distance is not None and not 0 <= distance <= w.range:
            raise InvalidAction(f"{weapon.name} reaches {w.range} units; the target is {distance} away")
        ally = self._ally(state, ship, args["ally"]) if args.get("ally") else None
        aim = self._subsystem(ship, weapon, target, args["subsystem"]) if args.get("subsystem") else None

        rules = self.rules(state)
        flares = self.live_flares(target)
        res = resolve_attack(rules, weapon.name, target.ship_class, dice,
                             afterburner=bool(target.record.get("afterburner")), flares=len(flares))
        out = res.outcome
        damage, ally_damage = int(out["damage"]), int(out["friendly_fire"])
        sub = None
        if aim is not None and damage > 0:
            aim_name = "engines" if aim == "engines" else f"{target.item(aim).name} ({aim})"
            sub = resolve_subsystem(rules, damage, aim_name, dice)
        rolled = dice.take()

        source = f"{weapon.name} of {ship.label}"
        steps = [s.text for s in res.steps] + ([s.text for s in sub.steps] if sub else [])
        text = f"{ship.label} fires {weapon.name} ({weapon.id}) at {target.label}: " + " ".join(steps)
        b = Batch(self, state)
        data = {"ship": ship.id, "item": weapon.id, "target": target.id, "dice": dice_data(rolled), "outcome": out}
        if sub is not None:
            data["subsystem"] = sub.outcome
        b.add(story("fired", text, **data))
        self.use_item(b, ship, weapon)
        for launcher in flares[: int(out["flare_ammo"])]:
            ammo = int(launcher.record.get("ammo") or 0)
            b.set(target.id, f"{launcher.id}.ammo", ammo - 1, f"flares against {source}")
        if sub is not None:
            if sub.outcome["destroyed"]:
                self._knock_out(b, target, aim or "", source)
            else:
                self.damage(b, target.id, int(sub.outcome["armor_damage"]), f"bombs of {ship.label} (subsystem roll)")
        else:
            self.damage(b, target.id, damage, f"hit by {source}")
        if ally_damage:
            if ally is not None:
                self.damage(b, ally.id, ally_damage, f"friendly fire from {source}")
            else:
                pend = {"attacker": ship.id, "damage": ally_damage, "range": w.range, "source": source}
                b.add(Event("ff-pending", {"pending": pend},
                            f"Friendly fire: name an own ship of {state.players[ship.owner].name} within {w.range} "
                            f"units of {ship.label} to take {ally_damage} (friendly-fire SHIP), or friendly-fire none"))
        return b.events

    def _knock_out(self, b: Batch, target: ShipState, aim: str, source: str) -> None:
        lost = list(b.ship(target.id).record.get("lost_systems") or [])
        if aim == "engines":
            b.set(target.id, "lost_systems", [*lost, "engines"], f"engines destroyed by {source}")
            self.refresh(b, target.id, "engines destroyed")
            return
        item = target.item(aim)
        b.set(target.id, f"{item.id}.destroyed", True, f"destroyed by {source}")
        b.set(target.id, "lost_systems", [*lost, f"{item.name} ({item.id})"])

    @action(
        "friendly-fire",
        ArgSpec("ally", ArgType.TEXT, "the attacker's own ship within the weapon's range, or 'none' if there is none"),
        help="settle a d12 of 12: the chosen own ship of the attacker takes the full damage (RULES.md A4.1), "
             "or none when no own ship is in range",
    )
    def friendly_fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        pending = state.extra.get("pending_ff")
        if not pending:
            raise InvalidAction("no friendly fire is waiting to be settled")
        attacker = state.ships[pending["attacker"]]
        b = Batch(self, state)
        if args["ally"].strip().casefold() == "none":
            b.add(story("friendly-fire", f"Friendly fire from {pending['source']}: no own ship within "
                        f"{pending['range']} units, nobody is hit", **pending))
        else:
            ally = self._ally(state, attacker, args["ally"])
            b.add(story("friendly-fire", f"Friendly fire from {pending['source']}: {ally.label} takes "
                        f"{pending['damage']}", ally=ally.id, **pending))
            self.damage(b, ally.id, int(pending["damage"]), f"friendly fire from {pending['source']}")
        b.add(Event("ff-pending", {"pending": None}, "Friendly fire settled"))
        return b.events

    # ---- odds ----------------------------------------------------------------------------------
    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        """Exact odds of a `fire` against the target as it stands now (agility, flares with ammo, armor)."""
        if kind != "fire" or not all(args.get(k) for k in ("ship", "weapon", "target")):
            return None
        try:
            ship = state.find_ship(args["ship"])
            weapon = self.item(ship, str(args["weapon"]))
            target = state.find_ship(args["target"])
        except InvalidAction:
            return None
        if weapon.kind != "weapon":
            return None
        armor = int(target.record.get("armor") or 0)
        options = {"weapon": weapon.name, "target": target.ship_class, "flares": len(self.live_flares(target)),
                   "afterburner": bool(target.record.get("afterburner")), "armor": armor if armor > 0 else None}
        key = (tuple(sorted(state.settings.items())), *sorted((k, v) for k, v in options.items() if v is not None))
        cache = self._odds_cache
        found = cache.get(key)
        if found is None:
            if len(cache) > 4096:
                cache.clear()
            found = cache[key] = spook_odds.attack_odds(self.rules(state), options)
        return found

    # ---- rams, scuttles, mines -----------------------------------------------------------------
    @action(
        "ram",
        ArgSpec("ship", ArgType.SHIP, "the ramming ship (frigate, capital ship or mothership)"),
        ArgSpec("target", ArgType.SHIP, "the enemy ship rammed"),
        help="ram during movement (RULES.md A6): no roll; each ship takes ram_pct % of the other's current armor, "
             "rounded up; the rammer's move ends and it may not attack this turn",
    )
    def ram(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "ram")
        if self.has_ability(ship, "Ramming") is None:
            raise InvalidAction(f"a {ship.ship_class} cannot ram (frigates, capital ships and motherships can)")
        self.not_disabled(ship, "move")
        self.may_attack(ship)
        if any(it.record.get("used") for it in ship.items if it.kind == "weapon"):
            raise InvalidAction(f"{ship.label} has fired this turn; rams happen during movement, before attacks")
        target = self.enemy_target(state, ship, args["target"])
        if target.record.get("shielded"):
            raise InvalidAction(f"{target.label} is inside a Defense Field: rams fail until it ends")
        mine, theirs = int(ship.record["armor"]), int(target.record["armor"])
        to_target, to_rammer = ram_damage(self.rules(state), mine, theirs)
        pct = state.settings.get("ram_pct", 25)
        b = Batch(self, state)
        b.add(story("rammed", f"{ship.label} rams {target.label}: {target.label} takes {pct}% of {mine} = "
                    f"{to_target}, {ship.label} takes {pct}% of {theirs} = {to_rammer}", ship=ship.id,
                    target=target.id, damage=[to_target, to_rammer]))
        self.damage(b, target.id, to_target, f"rammed by {ship.label}")
        self.damage(b, ship.id, to_rammer, f"rammed {target.label}")
        if not self.lost(b.ship(ship.id)):
            b.set(ship.id, "no_fire", max(1, int(ship.record.get("no_fire") or 0)), "rammed: no attack this turn")
        return b.events

    @action(
        "scuttle",
        ArgSpec("ship", ArgType.SHIP, "the ship that blows itself up"),
        ArgSpec("victims", ArgType.TEXT, "ships within the scuttle radius, comma-separated", required=False,
                rest=True),
        help="scuttle in the attack step (RULES.md A6): the ship is destroyed and every ship within scuttle_radius "
             "units takes scuttle_dmg_pct % of its current armor, rounded up, without a roll",
    )
    def scuttle(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "scuttle")
        if self.has_ability(ship, "Scuttle") is None:
            raise InvalidAction(f"a {ship.ship_class} has no Scuttle ability")
        self.not_disabled(ship, "use its abilities")
        victims = self.ship_list(state, args.get("victims"))
        for v in victims:
            if v.id == ship.id or self.lost(v) or v.record.get("aboard"):
                raise InvalidAction(f"{v.label} cannot be caught in the blast")
        blast = scuttle_damage(self.rules(state), int(ship.record["armor"]))
        radius = state.settings.get("scuttle_radius", 1)
        hit = ", ".join(v.label for v in victims) or "no ship"
        b = Batch(self, state)
        b.add(story("scuttled", f"{ship.label} scuttles itself; ships within {radius} unit(s) take {blast}: {hit}",
                    ship=ship.id, victims=[v.id for v in victims], damage=blast))
        self.destroy(b, ship.id, "scuttled")
        for v in victims:
            self.damage(b, v.id, blast, f"caught in the scuttling of {ship.label}")
        return b.events

    @action(
        "cross-mines",
        ArgSpec("ship", ArgType.SHIP, "your ship moving through mines"),
        ArgSpec("count", ArgType.INT, "mines it moves through"),
        ArgSpec("owner", ArgType.PLAYER, "whose mines (default: the other player)", required=False),
        help="a ship moves through mines (RULES.md A4.2): a d8 per mine on the mines table, in order; "
             "detonated mines leave the field",
        rolls=True,
    )
    def cross_mines(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "move")
        self.not_disabled(ship, "move")
        self.not_held(ship, "move")
        owner = self._mine_owner(state, ship, args.get("owner"))
        count, laid = args["count"], state.players[owner].resources.get("mines", 0)
        if not 1 <= count <= laid:
            raise InvalidAction(f"{state.players[owner].name} has {plural(laid, 'mine')} on the field, not {count}")
        own = owner == ship.owner
        b = Batch(self, state)
        if ship.record.get("shielded") and state.settings.get("defense_field_stops_mines") and not own:
            b.add(story("mines-crossed", f"{ship.label} crosses {plural(count, 'mine')} inside a Defense Field: "
                        "no damage (setting defense_field_stops_mines)", ship=ship.id, owner=owner, count=count))
            return b.events
        res = resolve_mines(self.rules(state), dice, count, own=own)
        rolled = dice.take()
        text = f"{ship.label} moves through {plural(count, 'mine')} of {state.players[owner].name}: " + " ".join(
            s.text for s in res.steps) + f" {res.summary}"
        b.add(story("mines-crossed", text, ship=ship.id, owner=owner, count=count, dice=dice_data(rolled),
                    outcome=res.outcome))
        self.damage(b, ship.id, int(res.outcome["damage"]), f"mines of {state.players[owner].name}")
        removed = int(res.outcome["removed"])
        if removed:
            b.resource(owner, "mines", laid - removed, f"{plural(removed, 'mine')} detonated")
        return b.events

    def _mine_owner(self, state: GameState, ship: ShipState, ref: str | None) -> int:
        if ref:
            return state.find_player(ref)
        others = [i for i in range(len(state.players)) if i != ship.owner]
        if len(others) != 1:
            raise InvalidAction("name whose mines these are (owner=PLAYER)")
        return others[0]
