"""What a spook player may do now, and where each form starts: whether an action is allowed (and why not),
the ships that may do it (the active player's, never an enemy's: §3 B "each player ... on your turn"),
its first ready weapon or device, and the targets the rules allow (enemy ships on the board outside a
Defense Field, §6 B2; ships with a crew to capture, §4).

Every test here asks the same checks the deciders use, through the readiness of items, so a form never
starts from something the action would refuse.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ...game.errors import InvalidAction
from ...game.events import ActionSpec
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete
from ...game.typed_legal import refusal
from ...rules.contract import ArgChoice, LegalAction, Readiness
from .combat import subsystem_choices
from .game_base import FLARES, PROBE, STRIKE_CRAFT
from .readiness import PROBE_MOVE
from .first_turn import first_player_open, prepare_rolloff

if TYPE_CHECKING:
    from .plugin import Plugin

_A = TypeVar("_A")  # what a cached answer is

#: Actions whose form never starts from a ship of its own: a ram or a scuttle (the ship blows itself up) is
#: picked by the player, never one Enter away.
NEVER_PRESET = frozenset({"ram", "scuttle"})
#: The argument that names the acting ship, by action.
ACTOR_ARGS = ("ship", "builder", "craft")
#: Actions that need no ship of the active player's turn (the ledger, settling a roll).
NO_SHIP = frozenset({"spend", "refund", "friendly-fire", "roll-off"})
#: Why nobody may do an action, when no ship of the active player can.
NOBODY = {
    "fire": "has a weapon ready and may attack",
    "use-device": "has a device ready to use (flare launchers are always on)",
    "lay-mines": "is a mine layer with its Mine Layer ready (spook §7 A1)",
    "ram": "may ram now (frigates, capital ships and motherships that have not fired, spook §3 B2)",
    "scuttle": "has a Scuttle ability it may use",
    "probe-move": "is a probe that has not made its one move (spook §4 B1)",
    "infiltrate": "is an Infiltrator Frigate free to infiltrate (spook §7 A12)",
    "build": "has a Build ability it may use (spook §7 A5-A6)",
    "reload-flares": "has an empty flare launcher to reload (spook §6 B1)",
    "retire": "has a host of yours that may retire it (spook §7 A2-A4)",
    "repair": "is damaged and has a host of yours that may repair it (spook §7 A7-A9)",
    "undock": "is in position to retire or repair",
    "embark": "is a strike-craft squadron with a transport of yours that has room (spook §4 B2)",
    "disembark": "is aboard a transport",
    "cross-mines": "may move through mines: none are on the field, or the ships are held (spook §7 A1)",
}


class Legality:
    """Answers `available`, `actors`, `targets` and each action's defaults for the plugin (one job: reading)."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin
        self._state: GameState | None = None
        self._memo: dict[tuple[Any, ...], object] = {}

    def _cached(self, state: GameState, key: tuple[Any, ...], work: Callable[[], _A]) -> _A:
        """`work()` once per immutable state (the legal actions ask the same questions many times)."""
        if state is not self._state:
            self._state, self._memo = state, {}
        if key not in self._memo:
            self._memo[key] = work()
        return cast(_A, self._memo[key])  # stored by this key's own `work`

    # ---- allowed now? ----------------------------------------------------------------------------
    def available(self, state: GameState, kind: str) -> str | None:
        p = self.plugin
        if kind == "roll-off":
            return _why(lambda: prepare_rolloff(p, state))
        if not state.started:
            first = "roll off for the first turn, then " if first_player_open(p, state) else ""
            return f"the game is in set-up (spook §3 A: placing the fleets is not a turn); {first}next-step starts turn 1"
        if kind == "friendly-fire":
            return None if state.extra.get("pending_ff") else "no friendly fire is waiting to be settled"
        standing = self._cached(state, ("obligations",), lambda: p.standing_obligations(state))
        for obligation in standing:
            if not obligation.ships and obligation.refuses(kind, None, state.active):
                return obligation.message()
        phase = state.current_phase
        if kind not in NO_SHIP and phase is not None and phase.id == "upkeep" and state.step < len(phase.steps) - 1:
            return (f"the upkeep of this turn is still running (step {state.step + 1} of {len(phase.steps)}); "
                    "next-step to finish it")
        return None

    # ---- who acts --------------------------------------------------------------------------------
    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        """The active player's ships that may do `kind` now, in id order: those the action's own test lets
        through (its item ready, its host in reach) and, while the action is available, its `prepare` does
        not refuse for that ship."""
        return list(self._cached(state, ("actors", kind), lambda: tuple(self._actors(state, kind))))

    def _actors(self, state: GameState, kind: str) -> list[ShipState]:
        p = self.plugin
        ships = sorted((s for s in state.ships.values() if s.owner == state.active and not p.lost(s)),
                       key=lambda s: (len(s.id), s.id))
        test = self._actor_tests().get(kind)
        if test is None:
            found = [s for s in ships if not s.record.get("aboard")]
        else:
            found = [s for s in ships if test(state, s)]
        action = p.typed_action(kind)
        arg = next((a.name for a in action.spec.args if a.name in ACTOR_ARGS), None) if action is not None else None
        if action is None or arg is None or not found or self.available(state, kind) is not None:
            return found  # not now at all (set-up, the upkeep running): who could, once it is
        return [s for s in found if refusal(action, state, {arg: s.id}) is None]

    def _actor_tests(self) -> dict[str, Callable[[GameState, ShipState], bool]]:
        p = self.plugin
        ready = self._has_ready
        return {
            "fire": lambda st, s: ready(st, s, "weapon"),
            "use-device": lambda st, s: ready(st, s, "device"),
            "lay-mines": lambda st, s: ready(st, s, "ability", "Mine Layer"),
            "ram": lambda st, s: ready(st, s, "ability", "Ramming"),
            "scuttle": lambda st, s: ready(st, s, "ability", "Scuttle"),
            "probe-move": lambda st, s: p.code(s) == PROBE and ready(st, s, "ability", item=PROBE_MOVE),
            "infiltrate": lambda st, s: any(r.name == "Infiltrate" and r.status in (Readiness.READY, Readiness.WAITING)
                                            for r in p.readiness(st, s)),
            "build": lambda st, s: ready(st, s, "ability", "Build A", "Build B"),
            "reload-flares": lambda st, s: bool(self.empty_launchers(st, s)),
            "retire": lambda st, s: not s.record.get("aboard") and bool(self.hosts(st, s, "retire")),
            "repair": lambda st, s: (not s.record.get("aboard") and s.record.get("armor") != s.record.get("armor_max")
                                     and bool(self.hosts(st, s, "repair"))),
            "undock": lambda st, s: bool(s.record.get("dock")),
            "embark": lambda st, s: (p.code(s) in STRIKE_CRAFT and not s.record.get("aboard")
                                     and bool(self.transports(st, s))),
            "disembark": lambda st, s: bool(s.record.get("aboard")),
            "cross-mines": lambda st, s: (not s.record.get("aboard") and not s.record.get("emp") and not s.record.get("hold")
                                          and any(pl.resources.get("mines", 0) for pl in st.players)),
        }

    def _has_ready(self, state: GameState, ship: ShipState, kind: str, *names: str, item: str = "") -> bool:
        return any(r.kind == kind and r.usable and (not names or r.name in names) and (not item or r.item == item)
                   for r in self.plugin.readiness(state, ship))

    def first_ready(self, state: GameState, ship: ShipState | None, kind: str) -> str | None:
        if ship is None:
            return None
        return next((r.item for r in self.plugin.readiness(state, ship)
                     if r.kind == kind and r.usable and r.item != PROBE_MOVE), None)

    def step_device(self, state: GameState, ship: ShipState) -> str | None:
        """The device a use-device form starts from: in the Hyperdrive or the Afterburner step that device of
        the ship (none when it has none ready), in the activation step its first ready other device, else
        its first ready device; never a passive one (flare launchers are always on, spook §6 B1)."""
        step = state.current_step
        wanted = self.plugin.DEVICE_STEPS.get(step.id) if step is not None else None
        ready = [r for r in self.plugin.readiness(state, ship) if r.kind == "device" and r.usable
                 and r.name != FLARES]
        if wanted is not None:
            return next((r.item for r in ready if r.name == wanted), None)
        if step is not None and step.id == "activate":
            steps = set(self.plugin.DEVICE_STEPS.values())
            return next((r.item for r in ready if r.name not in steps), None)
        return ready[0].item if ready else None

    def device_choices(self, state: GameState, ship: ShipState) -> tuple[ArgChoice, ...]:
        """The ship's devices for use-device: those it may use now, then the others greyed with the reason
        its prepare gives (a flare launcher is always on, a device reloading, the RU lacking)."""
        action = self.plugin.typed_action("use-device")
        if self.available(state, "use-device") is not None:
            action = None  # not now at all (the upkeep running): the form says why; the list stays the ship's
        out = []
        for r in self.plugin.readiness(state, ship):
            if r.kind != "device":
                continue
            why = refusal(action, state, {"ship": ship.id, "device": r.item}) if action is not None else None
            label = f"{r.item} {r.name} · {r.glyph} {r.words()}" if why is None else f"{r.item} {r.name}"
            out.append(ArgChoice(r.item, label, why or ""))
        return tuple(out)

    def build_classes(self, state: GameState, builder: ShipState) -> tuple[ArgChoice, ...]:
        """Every buyable class for the build form: those the builder's Build ability covers (§7 A5-A6), then
        the others greyed with the reason the build's prepare gives."""
        p = self.plugin
        action = p.typed_action("build") if self.available(state, "build") is None else None
        spec = next(s for s in p.action_specs() if s.kind == "build")
        names = next(a.choices for a in spec.args if a.name == "ship_class")
        out = []
        for name in names:
            why = refusal(action, state, {"builder": builder.id, "ship_class": name}) if action is not None else None
            out.append(ArgChoice(name, "", why or ""))
        return tuple(out)

    def empty_launchers(self, state: GameState, ship: ShipState) -> list[str]:
        if ship.record.get("emp") or self.plugin.waiting_dock(state, ship):
            return []
        return [it.id for it in ship.items if it.name == FLARES and not it.record.get("destroyed")
                and not it.record.get("ammo") and not it.record.get("refill")]

    def hosts(self, state: GameState, ship: ShipState, purpose: str) -> list[ShipState]:
        """The other ships of its side that may retire (or repair) this ship, in id order."""
        code = self.plugin.code(ship)
        return [host for host, scope in self._hosts(state, purpose)
                if host.id != ship.id and host.owner == ship.owner and code in scope]

    def _hosts(self, state: GameState, purpose: str) -> list[tuple[ShipState, frozenset[str]]]:
        def work() -> list[tuple[ShipState, frozenset[str]]]:
            abilities = ("Retire A", "Retire B", "Retire C") if purpose == "retire" else ("Repair A", "Repair B",
                                                                                         "Repair C")
            out = []
            for host in sorted(state.ships.values(), key=lambda s: (len(s.id), s.id)):
                scope = frozenset(code for it in host.items if it.kind == "ability" and it.name in abilities
                                  for code in self.plugin.ruleset.abilities[it.name].scope)
                if scope and not self.plugin.lost(host):
                    out.append((host, scope))
            return out

        return self._cached(state, ("hosts", purpose), work)

    def transports(self, state: GameState, craft: ShipState) -> list[ShipState]:
        room = int(self.plugin.rules(state).setting("transport_capacity"))
        return [s for s in self.actors(state, "*") if self.plugin.has_ability(s, "Transport") is not None
                and len(s.record.get("cargo") or []) < room and s.id != craft.id]

    # ---- at whom ----------------------------------------------------------------------------------
    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        p = self.plugin
        side = actor.owner if actor is not None else state.active
        enemies = sorted((s for s in state.ships.values() if s.owner != side and not p.lost(s)
                          and not s.record.get("aboard")), key=lambda s: (len(s.id), s.id))
        if kind in ("fire", "ram"):
            return [s for s in enemies if not s.record.get("shielded")]
        if kind == "infiltrate":
            current = p.ref_id(actor.record.get("infiltrating", "")) if actor is not None else None
            able = [s for s in enemies if p.klass(s)[1].crew_level is not None]
            return sorted(able, key=lambda s: s.id != current)
        return []

    # ---- the whole answer -----------------------------------------------------------------------------
    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        names = {a.name for a in spec.args}
        reason = self.available(state, spec.kind)
        arg = next((n for n in ACTOR_ARGS if n in names), None)
        actor_ids: tuple[str, ...] = ()
        actor = None
        if arg is not None:
            actor_ids = tuple(s.id for s in self.actors(state, spec.kind))
            actor = prefer if prefer in actor_ids else (actor_ids[0] if actor_ids else None)
            if spec.kind in NEVER_PRESET:
                actor = None
            if reason is None and not actor_ids:
                why = NOBODY.get(spec.kind, f"may {spec.kind} now")
                reason = f"no ship of {state.players[state.active].name} {why}"
        acting = state.ships.get(actor) if actor else None
        prefill: dict[str, str] = {}
        if arg not in (None, "ship") and actor is not None:
            prefill[arg] = actor
        weapon = self.first_ready(state, acting, "weapon") if "weapon" in names else None
        if "device" in names and acting is not None:
            found = self.step_device(state, acting)
            if found:
                prefill["device"] = found
        target_ids = tuple(s.id for s in self.targets(state, spec.kind, acting)) if "target" in names else ()
        target = marked if marked in target_ids else (target_ids[0] if len(target_ids) == 1 else None)
        if spec.kind in NEVER_PRESET and target != marked:
            target = None
        self._more(state, spec.kind, acting, prefill)
        if spec.kind == "friendly-fire":
            target_ids = self._allies(state)
            if len(target_ids) == 1:
                prefill["ally"] = target_ids[0]
        return LegalAction(spec.kind, allowed=reason is None, reason=reason or "", expected=expected, actor=actor,
                           weapon=weapon, target=target, actors=actor_ids, targets=target_ids, prefill=prefill)

    def _more(self, state: GameState, kind: str, acting: ShipState | None, prefill: dict[str, str]) -> None:
        """The other arguments worth starting with: a host, a transport, an empty launcher."""
        if acting is None:
            return
        if kind in ("retire", "repair"):
            hosts = self.hosts(state, acting, kind)
            if hosts:
                prefill["host"] = hosts[0].id
        elif kind == "embark":
            transports = self.transports(state, acting)
            if transports:
                prefill["transport"] = transports[0].id
        elif kind == "reload-flares":
            empty = self.empty_launchers(state, acting)
            if len(empty) == 1:
                prefill["launcher"] = empty[0]

    # ---- the lists a form offers --------------------------------------------------------------------
    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> dict[str, tuple[ArgChoice, ...]]:
        """The lists that follow the acting ship: the attacker's other ships on the board for friendly
        fire (spook §5 Accuracy: "one of your own ships"), its hosts for a retire or repair (§7 A2-A9),
        the transports with room (§4 B2), the classes a builder may build (§7 A5-A6, the others greyed with
        why), the devices a ship may use now (the others greyed with why)."""
        p = self.plugin
        ship = state.ships.get(str(args.get(next((n for n in ACTOR_ARGS if n in args), "ship"), "")))
        if kind == "friendly-fire":
            return {"ally": tuple(ArgChoice(s) for s in self._allies(state)) + (ArgChoice("none", "none: no own ship in range"),)}
        if ship is None:
            return {}
        if kind == "fire":
            weapon = next((it for it in ship.items if it.id == str(args.get("weapon") or "")), None)
            target = state.ships.get(str(args.get("target") or ""))
            return {"ally": tuple(ArgChoice(s) for s in self.own_others(state, ship)),
                    "subsystem": subsystem_choices(p, ship, weapon, target)}
        if kind in ("retire", "repair"):
            return {"host": tuple(ArgChoice(h.id) for h in self.hosts(state, ship, kind))}
        if kind == "embark":
            return {"transport": tuple(ArgChoice(t.id) for t in self.transports(state, ship))}
        if kind == "build":
            return {"ship_class": self.build_classes(state, ship), **self.loadout(str(args.get("ship_class") or ""))}
        if kind == "use-device":
            return {"device": self.device_choices(state, ship)}
        return {}

    def loadout(self, class_name: str) -> dict[str, tuple[ArgChoice, ...]]:
        """What a new ship of this class may mount, by designation (spook §5, §6), with each one's RU; a
        class without weapon or device slots gets an empty list (nothing to add)."""
        rs = self.plugin.ruleset
        if not class_name.strip():
            return {}
        try:
            _, cls = self.plugin.klass(class_name)
        except InvalidAction:  # no class picked yet: the lists follow the class
            return {}

        def offers(entries: Mapping[str, Any], slots: int) -> tuple[ArgChoice, ...]:
            return tuple(ArgChoice(name, f"{name} · {e.rus} RU") for name, e in entries.items()
                         if slots and cls.code in e.designation)

        return {"weapons": offers(rs.weapons, cls.weapon_slots), "devices": offers(rs.devices, cls.device_slots)}

    def own_others(self, state: GameState, ship: ShipState) -> tuple[str, ...]:
        """The other ships of `ship`'s side on the board, in id order (who friendly fire may hit)."""
        return tuple(s.id for s in sorted(state.ships.values(), key=lambda s: (len(s.id), s.id))
                     if s.owner == ship.owner and s.id != ship.id and not self.plugin.lost(s)
                     and not s.record.get("aboard"))

    def _allies(self, state: GameState) -> tuple[str, ...]:
        pending = state.extra.get("pending_ff") or {}
        attacker = state.ships.get(str(pending.get("attacker")))
        if attacker is None:
            return ()
        return self.own_others(state, attacker)


def blank_actor(plugin: Plugin, state: GameState, kind: str) -> InvalidAction:
    """What a typed action's blank ship means: refused when no ship may do `kind` now, in the legal-actions
    answer's words, else only not filled in yet (`Incomplete`)."""
    if plugin.actors(state, kind):
        return Incomplete("ship")
    return InvalidAction(f"no ship of {state.players[state.active].name} {NOBODY.get(kind, f'may {kind} now')}")


def _why(check: Callable[[], object]) -> str | None:
    try:
        check()
    except InvalidAction as exc:
        return str(exc)
    return None
