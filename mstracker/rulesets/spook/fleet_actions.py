"""spook fleet actions: infiltration (§7 A12), retire / repair orders (§7 A2-A4, A7-A9), builds (§7 A5-A6),
transports (§4 B2), the RU ledger (§2 D-E) and the first-turn roll-off.

Only Retire A's text survives in the book; retire B/C, repair, build, infiltrate and transport follow
house defaults, and their scopes (which classes a host may retire, repair or build) come from the
`scope` of each ability in the ruleset data, so house rules can change them.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from ...fleet import Roster, ShipEntry, validate_roster
from ...fleet.roster import Severity
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event
from ...game.plugin import action
from ...game.state import GameState, ShipState
from .game_base import STRIKE_CRAFT, SpookBase
from .record import new_ship

RETIRE = ("Retire A", "Retire B", "Retire C")
REPAIR = ("Repair A", "Repair B", "Repair C")
BUILD = ("Build A", "Build B")
LEDGER_ARGS = (
    ArgSpec("amount", ArgType.INT, "RU"),
    ArgSpec("reason", ArgType.TEXT, "what for, for the ledger", required=False, default="", rest=True),
    ArgSpec("player", ArgType.PLAYER, "whose RU (default: the active player)", required=False),
)


def _words(text: str | None) -> tuple[str, ...]:
    """'Ion Beam, "Missile Launcher"' -> ('Ion Beam', 'Missile Launcher'): names as meant, without quotes."""
    return tuple(unquoted(w) for w in (text or "").split(",") if unquoted(w))


class FleetActions(SpookBase):
    """infiltrate, retire, repair, undock, build, embark, disembark, spend, refund."""

    # ---- infiltration --------------------------------------------------------------------------
    @action(
        "infiltrate",
        ArgSpec("ship", ArgType.SHIP, "your Infiltrator Frigate"),
        ArgSpec("target", ArgType.SHIP, "the enemy ship next to it"),
        ArgSpec("stop", ArgType.BOOL, "break the infiltration off (the infiltrator moved away)", required=False,
                default=False),
        help="start infiltrating an enemy ship (spook §7 A12, whose text is lost: house default; §4 Crew Level "
             "'determines the number of turns it takes to capture a ship'): the count starts at the target's crew "
             "level and goes down by one at each of your ability steps while the infiltrator stays within "
             "{infiltrate_range} unit(s) of it (setting infiltrate_range); at 0 the ship changes owner at the next "
             "turn start. The infiltrator may "
             "not attack meanwhile; probes cannot be captured",
    )
    def infiltrate(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.own_ship(state, args["ship"], "infiltrate")
        if self.has_ability(ship, "Infiltrate") is None:
            raise InvalidAction(f"a {ship.ship_class} cannot infiltrate (Infiltrator Frigates can, spook §7 A12)")
        current = ship.record.get("infiltrating") or ""
        b = Batch(self, state)
        if args["stop"]:
            if not current:
                raise InvalidAction(f"{ship.label} is not infiltrating anything")
            b.story("infiltration", f"{ship.label} breaks off its infiltration of {current}", ship=ship.id,
                    target=self.ref_id(current), stopped=True)
            self.books.release(b, ship.id, "infiltration broken off")
            return b.events
        self.not_disabled(ship, "use its abilities")
        target = self.enemy_target(state, ship, args["target"])
        if current:
            same = self.ref_id(current) == target.id
            raise InvalidAction(f"{ship.label} is already infiltrating {current}" + (
                "; it counts down by itself at your ability step" if same else "; stop it first (stop=yes)"))
        crew = self.klass(target)[1].crew_level
        if crew is None:
            raise InvalidAction(f"a {target.ship_class} has no crew level and cannot be captured (spook §4)")
        link = f"#{target.id} {target.name}"
        b.story("infiltration", f"{ship.label} starts infiltrating {target.label} (crew level {crew}): captured "
                f"after {crew} of its owner's ability steps", ship=ship.id, target=target.id, crew=crew)
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
        rng = self.rules(state).setting("dock_range")
        b = Batch(self, state)
        when = "removed for RU" if purpose == "retire" else "restored to full armor"
        b.story("dock-ordered", f"{ship.label} ends its turn within {rng} unit(s) of {host.label} to {purpose}; "
                f"it is {when} at the start of its next turn", ship=ship.id, host=host.id, purpose=purpose)
        b.set(ship.id, "dock", f"{purpose} at #{host.id} (turn {state.turn})", f"in position at {host.label}")
        return b.events

    @action(
        "retire",
        ArgSpec("ship", ArgType.SHIP, "your ship ending its turn next to the host"),
        ArgSpec("host", ArgType.SHIP, "your ship with Retire A/B/C that may retire it"),
        help="put a ship in position to retire (spook §7 A2-A4, §2 E): at the start of your next turn it leaves "
             "play and you regain {retire_refund_pct}% of what the ship and its weapons cost (Retire A's text: all "
             "of it; setting retire_refund_pct), devices counted: {retire_refund_devices} (setting "
             "retire_refund_devices), rounded up; a free hull "
             "refunds nothing for the hull. Until then it may not act",
    )
    def retire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self._dock(state, args, "retire")

    @action(
        "repair",
        ArgSpec("ship", ArgType.SHIP, "your damaged ship ending its turn next to the host"),
        ArgSpec("host", ArgType.SHIP, "your ship with Repair A/B/C that may repair it"),
        help="put a ship in position to repair (spook §3 B, §7 A7-A9, whose text is lost: house default): at the "
             "start of your next turn its armor is full again for {repair_cost_ru} RU (setting repair_cost_ru) and "
             "it may not move or attack that turn; flare ammo is not restored. Until then it may "
             "not act",
    )
    def repair(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self._dock(state, args, "repair")

    @action("undock", ArgSpec("ship", ArgType.SHIP, "your ship in position to retire or repair"),
            help="cancel a retire or repair order (the ship moved away from its host)")
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
        ArgSpec("ship_class", ArgType.CHOICE, "the class of the new ship (its builder decides which it may build)"),
        ArgSpec("name", ArgType.TEXT, "its name, as it is to read (quotes around it are dropped)"),
        ArgSpec("weapons", ArgType.TEXT, "its weapons, comma-separated (the form lists what the class may mount)",
                required=False, default="", many=True),
        ArgSpec("devices", ArgType.TEXT, "its devices, comma-separated (the form lists what the class may mount)",
                required=False, default="", many=True),
        ArgSpec("tag", ArgType.TEXT, "label on the model", required=False, default=""),
        help="build a ship next to the builder in the build step (spook §3 B, §7 A5-A6, whose text is lost: "
             "house default): pay its full cost (hull, weapons, devices); it acts from your next turn. Build A: "
             "any buyable class; Build B: strike craft and frigates",
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
        title = unquoted(args["name"])
        if any(s.name.casefold() == title.casefold() for s in state.ships.values()):
            raise InvalidAction(f"a ship named {title!r} is already in the game")
        try:
            entry = ShipEntry(name=title, tag=unquoted(args["tag"] or ""), weapons=_words(args["weapons"]),
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
        self.books.can_pay(state, builder.owner, cost, f"a {name} with this loadout")
        b.story("built", f"{builder.label} builds {title}, a {name}, for {cost} RU; it acts from the next turn",
                builder=builder.id, ship=ship_id, cost=cost)
        self.books.pay(b, builder.owner, cost, f"build of {title} ({name})")
        b.add(Event("ship-added", {"ship": ship.model_dump(mode="json")},
                    f"{ship.label}, a {name}, joins {state.players[builder.owner].name}'s fleet"))
        return b.events

    # ---- transports ----------------------------------------------------------------------------
    @action(
        "embark",
        ArgSpec("craft", ArgType.SHIP, "your strike-craft squadron ending its move next to the transport"),
        ArgSpec("transport", ArgType.SHIP, "your Transport"),
        help="load a strike-craft squadron that ends its move next to your transport (spook §4 B2; how the "
             "Transport works is a house default): carried craft are off the board and immune; a transport "
             "carries up to {transport_capacity} squadrons (setting transport_capacity)",
    )
    def embark(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        craft = self.own_ship(state, args["craft"], "embark")
        if self.code(craft) not in STRIKE_CRAFT:
            raise InvalidAction(f"only strike craft ride in transports (spook §4 B2); {craft.label} is a "
                                f"{craft.ship_class}")
        host = state.find_ship(args["transport"])
        if host.owner != craft.owner or self.lost(host) or self.has_ability(host, "Transport") is None:
            raise InvalidAction(f"{host.label} is not one of your transports in play")
        cargo = list(host.record.get("cargo") or [])
        room = int(self.rules(state).setting("transport_capacity"))
        if len(cargo) >= room:
            raise InvalidAction(f"{host.label} is full ({room} squadrons)")
        b = Batch(self, state)
        b.story("embarked", f"{craft.label} boards {host.label}", craft=craft.id, transport=host.id)
        b.set(craft.id, "aboard", f"#{host.id} {host.name}", "boarded a transport")
        b.set(host.id, "cargo", [*cargo, f"#{craft.id} {craft.name}"])
        return b.events

    @action(
        "disembark",
        ArgSpec("craft", ArgType.SHIP, "your squadron aboard a transport"),
        help="unload a squadron next to its transport at the start of the move step (spook §4 B2, house "
             "default); it may attack but not move this turn",
    )
    def disembark(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        craft = self.acting_ship(state, args["craft"], own=True)
        if not craft.record.get("aboard"):
            raise InvalidAction(f"{craft.label} is not aboard a transport")
        b = Batch(self, state)
        b.story("embarked", f"{craft.label} leaves {craft.record['aboard']}", craft=craft.id, left=True)
        self.books.release(b, craft.id, "unloaded")
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
            self.books.pay(b, player, amount, reason)
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


def unquoted(text: str) -> str:
    """A name as the player means it: `"Red Wasp"` (quoted as a command line wants it) is Red Wasp."""
    text = text.strip()
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    return text
