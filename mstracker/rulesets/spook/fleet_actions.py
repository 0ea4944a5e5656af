"""spook's fleet actions as typed actions: infiltration (§7 A12), retire / repair orders (§7 A2-A4, A7-A9) and
undock, builds (§7 A5-A6), transports (§4 B2) and the RU ledger (§2 D-E). None rolls; each is prepared once
(`prepare`, the only place that refuses) and applied from that value.

Only Retire A's text survives in the book; retire B/C, repair, build, infiltrate and transport follow
house defaults, and their scopes (which classes a host may retire, repair or build) come from the
`scope` of each ability in the ruleset data, so house rules can change them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ...fleet import Roster, ShipEntry, validate_roster
from ...fleet.roster import Severity
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, RuleAction
from ...rules.names import possessive
from .game_base import unquoted
from .legal import blank_actor
from .record import new_ship

if TYPE_CHECKING:
    from .plugin import Plugin

RETIRE = ("Retire A", "Retire B", "Retire C")
REPAIR = ("Repair A", "Repair B", "Repair C")
BUILD = ("Build A", "Build B")
LEDGER_ARGS = (
    ArgSpec("amount", ArgType.INT, "RU"),
    ArgSpec("reason", ArgType.TEXT, "what for, for the ledger", required=False, default="", rest=True),
    ArgSpec("player", ArgType.PLAYER, "whose RU (default: the active player)", required=False),
)
INFILTRATE_HELP = (
    "start infiltrating an enemy ship (spook §7 A12, whose text is lost: house default; §4 Crew Level "
    "'determines the number of turns it takes to capture a ship'): the count starts at the target's crew "
    "level and goes down by one at each of your ability steps while the infiltrator stays within "
    "{infiltrate_range} unit(s) of it (setting “Units from the target an infiltrator must stay within”); at 0 the ship changes owner at the next "
    "turn start. The infiltrator may "
    "not attack meanwhile; probes cannot be captured"
)
RETIRE_HELP = (
    "put a ship in position to retire (spook §7 A2-A4, §2 E): at the start of your next turn it leaves "
    "play and you regain {retire_refund_pct}% of what the ship and its weapons cost (Retire A's text: all "
    "of it; setting “Refund for a retired ship”), devices counted: {retire_refund_devices} (setting "
    "“Whether the retire refund also counts the ship's devices”), rounded up; a free hull "
    "refunds nothing for the hull. Until then it may not act"
)
REPAIR_HELP = (
    "put a ship in position to repair (spook §3 B, §7 A7-A9, whose text is lost: house default): at the "
    "start of your next turn its armor is full again for {repair_cost_ru} RU (setting “RU paid per repair”) and "
    "it may not move or attack that turn; flare ammo is not restored. Until then it may "
    "not act"
)
BUILD_HELP = (
    "build a ship next to the builder in the build step (spook §3 B, §7 A5-A6, whose text is lost: "
    "house default): pay its full cost (hull, weapons, devices); it acts from your next turn. Build A: "
    "any buyable class; Build B: strike craft and frigates"
)
EMBARK_HELP = (
    "load a strike-craft squadron that ends its move next to your transport (spook §4 B2; how the "
    "Transport works is a house default): carried craft are off the board and immune; a transport "
    "carries up to {transport_capacity} squadrons (setting “Strike-craft squadrons a Transport carries”)"
)


def _actor(plugin: Plugin, state: GameState, kind: str, args: Mapping[str, Any], arg: str, what: str) -> ShipState:
    """The active player's ship named by `arg` that does `what` (blank: Incomplete, or why nobody may)."""
    if not args.get(arg):
        blank = blank_actor(plugin, state, kind)
        raise Incomplete(arg) if isinstance(blank, Incomplete) else blank
    return plugin.own_ship(state, str(args[arg]), what)


# ---- infiltration ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Infiltration:
    ship: ShipState
    current: str  # the infiltration under way ('#7 Red Hammer'), '' for none
    target: ShipState | None = None  # None: break it off
    crew: int = 0


class Infiltrate(RuleAction[Infiltration]):
    """infiltrate: start (or break off) the capture of an enemy ship (§7 A12, house default)."""

    plugin: Plugin
    spec = ActionSpec("infiltrate", INFILTRATE_HELP, (
        ArgSpec("ship", ArgType.SHIP, "your Infiltrator Frigate"),
        ArgSpec("target", ArgType.SHIP, "the enemy ship next to it"),
        ArgSpec("stop", ArgType.BOOL, "break the infiltration off (the infiltrator moved away)", required=False,
                default=False),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Infiltration:
        p = self.plugin
        ship = _actor(p, state, self.kind, args, "ship", "infiltrate")
        if p.has_ability(ship, "Infiltrate") is None:
            raise InvalidAction(f"a {ship.ship_class} cannot infiltrate (Infiltrator Frigates can, spook §7 A12)")
        current = ship.record.get("infiltrating") or ""
        if args.get("stop"):
            if not current:
                raise InvalidAction(f"{ship.label} is not infiltrating anything")
            return Infiltration(ship, current)
        p.not_disabled(ship, "use its abilities")
        if not args.get("target"):
            raise Incomplete("target")
        target = p.enemy_target(state, ship, str(args["target"]))
        if current:
            same = p.ref_id(current) == target.id
            raise InvalidAction(f"{ship.label} is already infiltrating {current}" + (
                "; it counts down by itself at your ability step" if same else "; break it off first (tick “stop”)"))
        crew = p.klass(target)[1].crew_level
        if crew is None:
            raise InvalidAction(f"a {target.ship_class} has no crew level and cannot be captured (spook §4)")
        return Infiltration(ship, current, target, crew)

    def apply(self, p: Infiltration, dice: DiceRecorder, batch: Batch) -> None:
        plugin, ship, target = self.plugin, p.ship, p.target
        if target is None:
            batch.story("infiltration", f"{ship.label} breaks off its infiltration of {p.current}", ship=ship.id,
                        target=plugin.ref_id(p.current), stopped=True)
            plugin.books.release(batch, ship.id, "infiltration broken off")
            return
        crew = p.crew
        link = f"#{target.id} {target.name}"
        batch.story("infiltration", f"{ship.label} starts infiltrating {target.label} (crew level {crew}): captured "
                    f"after {crew} of its owner's ability steps", ship=ship.id, target=target.id, crew=crew)
        batch.set(ship.id, "infiltrating", link, "infiltration started")
        batch.set(ship.id, "capture_in", crew)
        batch.set(target.id, "boarded", True, f"infiltrated by {ship.label}")


# ---- retire / repair -----------------------------------------------------------------------------
@dataclass(frozen=True)
class DockOrder:
    ship: ShipState
    host: ShipState
    purpose: str  # retire or repair
    range: Any  # the dock_range setting
    turn: int


class _Dock(RuleAction[DockOrder]):
    """A ship ends its turn next to a host of its side to retire or to be repaired."""

    plugin: Plugin
    purpose: str
    abilities: tuple[str, ...]

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> DockOrder:
        p, purpose = self.plugin, self.purpose
        ship = _actor(p, state, self.kind, args, "ship", purpose)
        if not args.get("host"):
            raise Incomplete("host")
        host = host_for(p, state, ship, str(args["host"]), self.abilities, purpose)
        if purpose == "repair" and ship.record.get("armor") == ship.record.get("armor_max"):
            raise InvalidAction(f"{ship.label} has full armor; there is nothing to repair")
        return DockOrder(ship, host, purpose, p.rules(state).setting("dock_range"), state.turn)

    def apply(self, p: DockOrder, dice: DiceRecorder, batch: Batch) -> None:
        ship, host, purpose = p.ship, p.host, p.purpose
        when = "removed for RU" if purpose == "retire" else "restored to full armor"
        batch.story("dock-ordered", f"{ship.label} ends its turn within {p.range} unit(s) of {host.label} to "
                    f"{purpose}; it is {when} at the start of its next turn", ship=ship.id, host=host.id,
                    purpose=purpose)
        batch.set(ship.id, "dock", f"{purpose} at #{host.id} (turn {p.turn})", f"in position at {host.label}")


class Retire(_Dock):
    purpose, abilities = "retire", RETIRE
    spec = ActionSpec("retire", RETIRE_HELP, (
        ArgSpec("ship", ArgType.SHIP, "your ship ending its turn next to the host"),
        ArgSpec("host", ArgType.SHIP, "your ship with Retire A/B/C that may retire it"),
    ))


class Repair(_Dock):
    purpose, abilities = "repair", REPAIR
    spec = ActionSpec("repair", REPAIR_HELP, (
        ArgSpec("ship", ArgType.SHIP, "your damaged ship ending its turn next to the host"),
        ArgSpec("host", ArgType.SHIP, "your ship with Repair A/B/C that may repair it"),
    ))


class Undock(RuleAction[ShipState]):
    """undock: cancel a retire or repair order."""

    plugin: Plugin
    spec = ActionSpec("undock", "cancel a retire or repair order (the ship moved away from its host)",
                      (ArgSpec("ship", ArgType.SHIP, "your ship in position to retire or repair"),))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> ShipState:
        ship = _actor(self.plugin, state, self.kind, args, "ship", "undock")
        if not ship.record.get("dock"):
            raise InvalidAction(f"{ship.label} is not in position to retire or repair")
        return ship

    def apply(self, p: ShipState, dice: DiceRecorder, batch: Batch) -> None:
        batch.set(p.id, "dock", "", "order cancelled")


# ---- build ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Building:
    builder: ShipState
    class_name: str
    title: str
    ship: ShipState  # the new ship as it joins the fleet
    cost: int


class Build(RuleAction[Building]):
    """build: a new ship next to the builder, paid in full (§7 A5-A6, house default)."""

    plugin: Plugin
    spec = ActionSpec("build", BUILD_HELP, (
        ArgSpec("builder", ArgType.SHIP, "your ship with Build A or B"),
        ArgSpec("ship_class", ArgType.CHOICE, "the class of the new ship (its builder decides which it may build)"),
        ArgSpec("name", ArgType.TEXT, "its name, as it is to read (quotes around it are dropped)"),
        ArgSpec("weapons", ArgType.TEXT, "its weapons, comma-separated (the form lists what the class may mount)",
                required=False, default="", many=True),
        ArgSpec("devices", ArgType.TEXT, "its devices, comma-separated (the form lists what the class may mount)",
                required=False, default="", many=True),
        ArgSpec("tag", ArgType.TEXT, "label on the model", required=False, default=""),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Building:
        p = self.plugin
        builder = _actor(p, state, self.kind, args, "builder", "build")
        p.not_disabled(builder, "use its abilities")
        if not str(args.get("ship_class") or "").strip():
            raise Incomplete("ship_class")
        name, cls = p.klass(str(args["ship_class"]).strip())
        scopes = [p.ruleset.abilities[it.name].scope for it in builder.items if it.kind == "ability"
                  and it.name in BUILD]
        if not scopes:
            raise InvalidAction(f"a {builder.ship_class} cannot build ships")
        if not any(cls.code in s for s in scopes):
            builds = ", ".join(sorted({code for sc in scopes for code in sc}))
            raise InvalidAction(f"{builder.label} cannot build a {name} (class {cls.code}): its build ability "
                                f"covers {builds} (spook §7 A5-A6)")
        if not unquoted(str(args.get("name") or "")):
            raise Incomplete("name")
        title = unquoted(str(args["name"]))
        if any(s.name.casefold() == title.casefold() for s in state.ships.values()):
            raise InvalidAction(f"a ship named {title!r} is already in the game")
        try:
            entry = ShipEntry(name=title, tag=unquoted(args.get("tag") or ""), weapons=words(args.get("weapons")),
                              devices=words(args.get("devices")), **{"class": name})
        except ValidationError as exc:
            problem = exc.errors()[0]
            raise InvalidAction(f"{'.'.join(str(x) for x in problem['loc'])}: {problem['msg']}") from None
        report = validate_roster(Roster(ruleset=p.ruleset.meta.id, name="build", ships=(entry,)), p.ruleset)
        errors = [f.message for f in report.findings if f.severity is Severity.ERROR]
        if errors:
            raise InvalidAction(errors[0])
        cost = int(report.cost or 0)
        ship_id = str(max((int(i) for i in state.ships if i.isdigit()), default=0) + 1)
        ship = new_ship(p, ship_id, builder.owner, entry, {"hold": 1})
        p.books.can_pay(state, builder.owner, cost, f"a {name} with this loadout")
        return Building(builder, name, title, ship, cost)

    def apply(self, p: Building, dice: DiceRecorder, batch: Batch) -> None:
        builder, name, title, ship = p.builder, p.class_name, p.title, p.ship
        batch.story("built", f"{builder.label} builds {title}, a {name}, for {p.cost} RU; it acts from the next turn",
                    builder=builder.id, ship=ship.id, cost=p.cost)
        self.plugin.books.pay(batch, builder.owner, p.cost, f"build of {title} ({name})")
        batch.add(Event("ship-added", {"ship": ship.model_dump(mode="json")},
                        f"{ship.label}, a {name}, joins {possessive(batch.state.players[builder.owner].name)} fleet"))


# ---- transports -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Boarding:
    craft: ShipState
    host: ShipState
    cargo: tuple[str, ...]


class Embark(RuleAction[Boarding]):
    """embark: a strike-craft squadron into a transport of its side with room (§4 B2)."""

    plugin: Plugin
    spec = ActionSpec("embark", EMBARK_HELP, (
        ArgSpec("craft", ArgType.SHIP, "your strike-craft squadron ending its move next to the transport"),
        ArgSpec("transport", ArgType.SHIP, "your Transport"),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Boarding:
        from .game_base import STRIKE_CRAFT

        p = self.plugin
        craft = _actor(p, state, self.kind, args, "craft", "embark")
        if p.code(craft) not in STRIKE_CRAFT:
            raise InvalidAction(f"only strike craft ride in transports (spook §4 B2); {craft.label} is a "
                                f"{craft.ship_class}")
        if not args.get("transport"):
            raise Incomplete("transport")
        host = state.find_ship(str(args["transport"]))
        if host.owner != craft.owner or p.lost(host) or p.has_ability(host, "Transport") is None:
            raise InvalidAction(f"{host.label} is not one of your transports in play")
        cargo = tuple(host.record.get("cargo") or [])
        room = int(p.rules(state).setting("transport_capacity"))
        if len(cargo) >= room:
            raise InvalidAction(f"{host.label} is full ({room} squadrons)")
        return Boarding(craft, host, cargo)

    def apply(self, p: Boarding, dice: DiceRecorder, batch: Batch) -> None:
        craft, host = p.craft, p.host
        batch.story("embarked", f"{craft.label} boards {host.label}", craft=craft.id, transport=host.id)
        batch.set(craft.id, "aboard", f"#{host.id} {host.name}", "boarded a transport")
        batch.set(host.id, "cargo", [*p.cargo, f"#{craft.id} {craft.name}"])


class Disembark(RuleAction[ShipState]):
    """disembark: a squadron out of its transport (§4 B2, house default)."""

    plugin: Plugin
    spec = ActionSpec("disembark", "unload a squadron next to its transport at the start of the move step (spook "
                      "§4 B2, house default); it may attack but not move this turn",
                      (ArgSpec("craft", ArgType.SHIP, "your squadron aboard a transport"),))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> ShipState:
        if not args.get("craft"):
            blank = blank_actor(self.plugin, state, self.kind)
            raise Incomplete("craft") if isinstance(blank, Incomplete) else blank
        craft = self.plugin.acting_ship(state, str(args["craft"]), own=True)
        if not craft.record.get("aboard"):
            raise InvalidAction(f"{craft.label} is not aboard a transport")
        return craft

    def apply(self, p: ShipState, dice: DiceRecorder, batch: Batch) -> None:
        batch.story("embarked", f"{p.label} leaves {p.record['aboard']}", craft=p.id, left=True)
        self.plugin.books.release(batch, p.id, "unloaded")


# ---- the RU ledger -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    player: int
    amount: int
    reason: str


class _Ledger(RuleAction[Entry]):
    plugin: Plugin
    sign: int

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Entry:
        if args.get("amount") in (None, ""):
            raise Incomplete("amount")
        player = state.find_player(str(args["player"])) if args.get("player") else state.active
        amount = int(args["amount"])
        if amount <= 0:
            raise InvalidAction(f"the amount must be 1 RU or more, not {amount}")
        reason = str(args.get("reason") or "").strip() or ("spent" if self.sign < 0 else "refund")
        if self.sign < 0:
            self.plugin.books.can_pay(state, player, amount, reason)
        return Entry(player, amount, reason)

    def apply(self, p: Entry, dice: DiceRecorder, batch: Batch) -> None:
        if self.sign < 0:
            self.plugin.books.pay(batch, p.player, p.amount, p.reason)
        else:
            have = batch.state.players[p.player].resources.get("ru", 0)
            batch.resource(p.player, "ru", have + p.amount, p.reason)


class Spend(_Ledger):
    sign = -1
    spec = ActionSpec("spend", "spend RU (a cost the app does not book by itself); refused beyond what the player "
                      "has", LEDGER_ARGS)


class Refund(_Ledger):
    sign = +1
    spec = ActionSpec("refund", "give RU back (a correction, a refund the table agreed)", LEDGER_ARGS)


def words(text: str | None) -> tuple[str, ...]:
    """'Ion Beam, "Missile Launcher"' -> ('Ion Beam', 'Missile Launcher'): names as meant, without quotes."""
    return tuple(unquoted(w) for w in (text or "").split(",") if unquoted(w))


def host_for(plugin: Plugin, state: GameState, ship: ShipState, ref: str, abilities: tuple[str, ...],
             what: str) -> ShipState:
    """The host named for a retire or repair, checked: another ship of its side whose ability covers its class."""
    host = state.find_ship(ref)
    if host.id == ship.id or host.owner != ship.owner or plugin.lost(host):
        raise InvalidAction(f"{host.label} cannot {what} {ship.label}: the host must be another of your ships")
    found = [plugin.ruleset.abilities[it.name] for it in host.items if it.kind == "ability" and it.name in abilities]
    code = plugin.code(ship)
    if not found:
        raise InvalidAction(f"a {host.ship_class} cannot {what} ships")
    if not any(code in a.scope for a in found):
        raise InvalidAction(f"{host.label} cannot {what} a {ship.ship_class} (class {code})")
    return host
