"""spook fleet actions: infiltration, retire / repair orders, builds, transports, the RU ledger, the roll-off.

Retire, repair and build follow the RULES.md A6 house defaults; their scopes (which classes a
host may retire, repair or build) come from the `scope` of each ability in the ruleset data.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from ...fleet import Roster, ShipEntry, validate_roster
from ...fleet.roster import Severity
from .procedures import resolve_rolloff
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from .game_base import STRIKE_CRAFT, Batch, SpookBase, story
from .record import new_ship
from ...game.state import GameState, ShipState

RETIRE = ("Retire A", "Retire B", "Retire C")
REPAIR = ("Repair A", "Repair B", "Repair C")
BUILD = ("Build A", "Build B")
LEDGER_ARGS = (
    ArgSpec("amount", ArgType.INT, "RU"),
    ArgSpec("reason", ArgType.TEXT, "what for, for the ledger", required=False, default="", rest=True),
    ArgSpec("player", ArgType.PLAYER, "whose RU (default: the active player)", required=False),
)


def _words(text: str | None) -> tuple[str, ...]:
    """'Ion Beam, Missile Launcher' -> ('Ion Beam', 'Missile Launcher')."""
    return tuple(w.strip() for w in (text or "").split(",") if w.strip())


class FleetActions(SpookBase):
    """infiltrate, retire, repair, undock, build, embark, disembark, spend, refund, roll-off."""

    # ---- infiltration --------------------------------------------------------------------------
    @action(
        "infiltrate",
        ArgSpec("ship", ArgType.SHIP, "your Infiltrator Frigate"),
        ArgSpec("target", ArgType.SHIP, "the enemy ship within infiltrate_range units"),
        ArgSpec("stop", ArgType.BOOL, "break the infiltration off (the infiltrator moved away)", required=False,
                default=False),
        help="start infiltrating an enemy ship (RULES.md A6): the count starts at the target's crew level and goes "
             "down by one at each of your ability steps while the infiltrator stays close; at 0 the ship changes "
             "owner at the next turn start. The infiltrator may not attack meanwhile; probes cannot be captured",
    )
    def infiltrate(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "infiltrate")
        if self.has_ability(ship, "Infiltrate") is None:
            raise InvalidAction(f"a {ship.ship_class} cannot infiltrate (Infiltrator Frigates can)")
        current = ship.record.get("infiltrating") or ""
        b = Batch(self, state)
        if args["stop"]:
            if not current:
                raise InvalidAction(f"{ship.label} is not infiltrating anything")
            b.add(story("infiltration", f"{ship.label} breaks off its infiltration of {current}", ship=ship.id,
                        target=self.ref_id(current), stopped=True))
            self.release(b, ship.id, "infiltration broken off")
            return b.events
        self.not_disabled(ship, "use its abilities")
        target = self.enemy_target(state, ship, args["target"])
        if current:
            same = self.ref_id(current) == target.id
            raise InvalidAction(f"{ship.label} is already infiltrating {current}" + (
                "; it counts down by itself at your ability step" if same else "; stop it first (stop=yes)"))
        crew = self.klass(target)[1].crew_level
        if crew is None:
            raise InvalidAction(f"a {target.ship_class} has no crew level and cannot be captured")
        link = f"#{target.id} {target.name}"
        b.add(story("infiltration", f"{ship.label} starts infiltrating {target.label} (crew level {crew}): captured "
                    f"after {crew} of its owner's ability steps", ship=ship.id, target=target.id, crew=crew))
        b.set(ship.id, "infiltrating", link, "infiltration started")
        b.set(ship.id, "capture_in", crew)
        b.set(target.id, "boarded", True, f"infiltrated by {ship.label}")
        return b.events

    # ---- retire / repair -----------------------------------------------------------------------
    def _host(self, state: GameState, ship: ShipState, ref: str, abilities: tuple[str, ...], what: str) -> ShipState:
        host = state.find_ship(ref)
        if host.id == ship.id or host.owner != ship.owner or self.lost(host):
            raise InvalidAction(f"{host.label} cannot {what} {ship.label}: the host must be another of your ships")
        found = [self.ruleset.abilities[it.name] for it in host.items if it.kind == "ability" and it.name in abilities]
        code = self.code(ship)
        if not found:
            raise InvalidAction(f"a {host.ship_class} cannot {what} ships")
        if not any(code in a.scope for a in found):
            raise InvalidAction(f"{host.label} cannot {what} a {ship.ship_class} (class {code})")
        return host

    def _dock(self, state: GameState, args: dict[str, Any], purpose: str) -> list[Event]:
        ship = self.own_ship(state, args["ship"], purpose)
        abilities = RETIRE if purpose == "retire" else REPAIR
        host = self._host(state, ship, args["host"], abilities, purpose)
        if purpose == "repair" and ship.record.get("armor") == ship.record.get("armor_max"):
            raise InvalidAction(f"{ship.label} has full armor; there is nothing to repair")
        rng = state.settings.get("dock_range", 1)
        b = Batch(self, state)
        when = "removed for RU" if purpose == "retire" else "restored to full armor"
        b.add(story("dock-ordered", f"{ship.label} ends its turn within {rng} unit(s) of {host.label} to {purpose}; "
                    f"it is {when} at the start of its next turn", ship=ship.id, host=host.id, purpose=purpose))
        b.set(ship.id, "dock", f"{purpose} at #{host.id} (turn {state.turn})", f"in position at {host.label}")
        return b.events

    @action(
        "retire",
        ArgSpec("ship", ArgType.SHIP, "your ship ending its turn next to the host"),
        ArgSpec("host", ArgType.SHIP, "your ship with Retire A/B/C that may retire it"),
        help="put a ship in position to retire (§7 A2): at the start of your next turn it leaves play and "
             "you gain retire_refund_pct % of its hull and weapons RU (devices too with retire_refund_devices), "
             "rounded up (free hulls: 0 for the hull)",
    )
    def retire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self._dock(state, args, "retire")

    @action(
        "repair",
        ArgSpec("ship", ArgType.SHIP, "your damaged ship ending its turn next to the host"),
        ArgSpec("host", ArgType.SHIP, "your ship with Repair A/B/C that may repair it"),
        help="put a ship in position to repair (RULES.md A6): at the start of your next turn its armor is full "
             "again (repair_cost_ru RU) and it may not move or attack that turn; flare ammo is not restored",
    )
    def repair(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self._dock(state, args, "repair")

    @action("undock", ArgSpec("ship", ArgType.SHIP, "your ship in position to retire or repair"),
            help="cancel a retire or repair order (the ship moved away)")
    def undock(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "undock")
        if not ship.record.get("dock"):
            raise InvalidAction(f"{ship.label} is not in position to retire or repair")
        b = Batch(self, state)
        b.set(ship.id, "dock", "", "order cancelled")
        return b.events

    # ---- build ---------------------------------------------------------------------------------
    @action(
        "build",
        ArgSpec("builder", ArgType.SHIP, "your ship with Build A or B"),
        ArgSpec("ship_class", ArgType.TEXT, "class name or code of the new ship"),
        ArgSpec("name", ArgType.TEXT, "its name (quote it if it has spaces)"),
        ArgSpec("weapons", ArgType.TEXT, "its weapons, comma-separated", required=False, default=""),
        ArgSpec("devices", ArgType.TEXT, "its devices, comma-separated", required=False, default=""),
        ArgSpec("tag", ArgType.TEXT, "label on the model", required=False, default=""),
        help="build a ship next to the builder (RULES.md A6): pay its full cost (hull, weapons, devices); it acts "
             "from your next turn. Build A: any buyable class; Build B: strike craft and frigates",
    )
    def build(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        builder = self.own_ship(state, args["builder"], "build")
        self.not_disabled(builder, "use its abilities")
        name, cls = self.klass(args["ship_class"].strip())
        scopes = [self.ruleset.abilities[it.name].scope for it in builder.items if it.kind == "ability"
                  and it.name in BUILD]
        if not scopes:
            raise InvalidAction(f"a {builder.ship_class} cannot build ships")
        if not any(cls.code in s for s in scopes):
            raise InvalidAction(f"{builder.label} cannot build a {name} (class {cls.code})")
        title = args["name"].strip()
        if any(s.name.casefold() == title.casefold() for s in state.ships.values()):
            raise InvalidAction(f"a ship named {title!r} is already in the game")
        try:
            entry = ShipEntry(name=title, tag=args["tag"] or "", weapons=_words(args["weapons"]),
                              devices=_words(args["devices"]), **{"class": name})
        except ValidationError as exc:
            problem = exc.errors()[0]
            raise InvalidAction(f"{'.'.join(str(x) for x in problem['loc'])}: {problem['msg']}") from None
        report = validate_roster(Roster(ruleset=self.ruleset.meta.id, name="build", ships=(entry,)), self.ruleset)
        errors = [f.message for f in report.findings if f.severity is Severity.ERROR]
        if errors:
            raise InvalidAction(errors[0])
        cost = int(report.cost or 0)
        ship_id = str(max((int(i) for i in state.ships if i.isdigit()), default=0) + 1)
        ship = new_ship(self, ship_id, builder.owner, entry, {"hold": 1})
        b = Batch(self, state)
        self.can_pay(state, builder.owner, cost, f"a {name} with this loadout")
        b.add(story("built", f"{builder.label} builds {title}, a {name}, for {cost} RU; it acts from the next turn",
                    builder=builder.id, ship=ship_id, cost=cost))
        self.pay(b, builder.owner, cost, f"build of {title} ({name})")
        b.add(Event("ship-added", {"ship": ship.model_dump(mode="json")},
                    f"{ship.label}, a {name}, joins {state.players[builder.owner].name}'s fleet"))
        return b.events

    # ---- transports ----------------------------------------------------------------------------
    @action(
        "embark",
        ArgSpec("craft", ArgType.SHIP, "your strike-craft squadron ending its move next to the transport"),
        ArgSpec("transport", ArgType.SHIP, "your Transport"),
        help="load a strike-craft squadron (RULES.md A6): carried craft are off the board and immune; "
             "up to transport_capacity squadrons per transport",
    )
    def embark(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        craft = self.own_ship(state, args["craft"], "embark")
        if self.code(craft) not in STRIKE_CRAFT:
            raise InvalidAction(f"only strike craft ride in transports; {craft.label} is a {craft.ship_class}")
        host = state.find_ship(args["transport"])
        if host.owner != craft.owner or self.lost(host) or self.has_ability(host, "Transport") is None:
            raise InvalidAction(f"{host.label} is not one of your transports in play")
        cargo = list(host.record.get("cargo") or [])
        room = int(state.settings.get("transport_capacity", 4))
        if len(cargo) >= room:
            raise InvalidAction(f"{host.label} is full ({room} squadrons)")
        b = Batch(self, state)
        b.add(story("embarked", f"{craft.label} boards {host.label}", craft=craft.id, transport=host.id))
        b.set(craft.id, "aboard", f"#{host.id} {host.name}", "boarded a transport")
        b.set(host.id, "cargo", [*cargo, f"#{craft.id} {craft.name}"])
        return b.events

    @action(
        "disembark",
        ArgSpec("craft", ArgType.SHIP, "your squadron aboard a transport"),
        help="unload a squadron next to its transport at the start of the move step; it may attack but not move "
             "this turn",
    )
    def disembark(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        craft = self.acting_ship(state, args["craft"], own=True)
        if not craft.record.get("aboard"):
            raise InvalidAction(f"{craft.label} is not aboard a transport")
        b = Batch(self, state)
        b.add(story("embarked", f"{craft.label} leaves {craft.record['aboard']}", craft=craft.id, left=True))
        self.release(b, craft.id, "unloaded")
        return b.events

    # ---- RU ledger and the first turn ----------------------------------------------------------
    def _ledger(self, state: GameState, args: dict[str, Any], sign: int) -> list[Event]:
        player = state.find_player(args["player"]) if args.get("player") else state.active
        amount = args["amount"]
        if amount <= 0:
            raise InvalidAction(f"the amount must be 1 RU or more, not {amount}")
        reason = (args.get("reason") or "").strip() or ("spent" if sign < 0 else "refund")
        b = Batch(self, state)
        if sign < 0:
            self.pay(b, player, amount, reason)
        else:
            b.resource(player, "ru", state.players[player].resources.get("ru", 0) + amount, reason)
        return b.events

    @action("spend", *LEDGER_ARGS, help="spend RU (a cost the app does not book by itself); refused beyond "
            "what the player has")
    def spend(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self._ledger(state, args, -1)

    @action("refund", *LEDGER_ARGS, help="give RU back (a correction, a refund the table agreed)")
    def refund(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self._ledger(state, args, +1)

    @action("roll-off", help="before turn 1: each player rolls a d6, highest goes first, ties roll again (one d6 "
            "per player still in, in player order)", rolls=True)
    def roll_off(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        if state.started:
            raise InvalidAction("the roll-off decides the first turn; the game has already started")
        if state.settings.get("first_player") != "d6_rolloff":
            raise InvalidAction("with first_player = players_choose, make the first player active with pass-to")
        names = [p.name for p in state.players]
        if len(names) < 2:
            raise InvalidAction("a roll-off needs two or more players")
        res = resolve_rolloff(names, dice)
        first = names.index(res.outcome["first"])
        text = " ".join(s.text for s in res.steps)
        events = [story("rolloff", text, dice=dice_data(dice.take()), first=first)]
        if first != state.active:
            events.append(Event("active-changed", {"player": first}, f"{names[first]} takes the first turn"))
        return events
