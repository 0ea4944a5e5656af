"""The base of the spook plugin: the ruleset under the game's settings, ship and item look-ups, the
checks every action shares, and one item's use on its reload cycle; the record changes every action
shares are the `Bookkeeper`'s (`self.books`).

Durations of device effects are counted in turns of any player ("for one turn" of §6 B2-B4, read as
"through the opponent's next turn" = until the user's next turn starts = as many turns as there are
players; a house default); reloads "X;Y" are counted in the owner's own turns (§5 Reload).
"""

from __future__ import annotations

import re
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.generic import require_started
from ...game.plugin import RulesetPlugin, TurnStructure
from ...game.state import GameState, ShipItem, ShipState
from ...rules.names import UnknownName
from ...rules.names import possessive
from .bookkeeping import Bookkeeper
from .model import Ability, Device, Reload, Ruleset, ShipClass, Weapon
from .reload import ReloadCounter

LOSS_FLAGS = ("destroyed", "retired")
PROBE, STRIKE_CRAFT = "B1", ("C1", "C2", "C3")
FLARES = "Flare Launcher"
#: The plugin's narrative events: they tell the story (dice included) and change nothing; every
#: change follows as a generic event. The names are those older saves wrote too (legacy.py).
NARRATIVE = frozenset({
    "rolloff", "fired", "friendly-fire", "device-used", "flares-reloaded", "mines-laid", "mines-crossed",
    "infiltration", "captured", "dock-ordered", "retired", "repaired", "built", "scuttled", "rammed",
    "probe-moved", "embarked", "victory-checked",
})


_DOCK = re.compile(r"^\s*(retire|repair)\b.*?#(\w+)(?:.*?\bturn (\d+))?", re.IGNORECASE)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def unquoted(text: str) -> str:
    """A name as the player means it: `"Red Wasp"` (quoted as a command line wants it) is Red Wasp."""
    text = text.strip()
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    return text


def dock_order(text: str) -> tuple[str, str, int] | None:
    """('retire', host id, turn ordered) of a Dock value like 'retire at #4 (turn 3)'; typed by hand
    without a turn, it counts as ordered before this game's first turn."""
    m = _DOCK.match(text or "")
    if m is None:
        return None
    return m.group(1).casefold(), m.group(2), int(m.group(3) or 0)


class SpookBase(RulesetPlugin):
    """Look-ups and bookkeeping shared by the spook actions, the turn steps and the checks (module functions taking the plugin)."""

    turn_structure = TurnStructure.ALTERNATING
    ruleset: Ruleset

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.books = Bookkeeper(self)
        self._rules_cache: dict[tuple[Any, ...], Ruleset] = {}
        self._class_cache: dict[str, tuple[str, ShipClass]] = {}
        self._odds_cache: dict[tuple[Any, ...], Any] = {}
        self._last_rules: tuple[Any, Ruleset] | None = None

    # ---- the ruleset as this game plays it -----------------------------------------------------
    def rules(self, state: GameState) -> Ruleset:
        """The ruleset with this game's settings in force (the procedures read `ruleset.setting`)."""
        last = self._last_rules
        if last is not None and last[0] is state.settings:  # states of one game share their settings
            return last[1]
        key = tuple(sorted(state.settings.items()))
        found = self._rules_cache.get(key)
        if found is None:
            base = self.ruleset
            settings = {
                k: s.model_copy(update={"value": state.settings[k]}) if k in state.settings else s
                for k, s in base.settings.items()
            }
            found = self._rules_cache[key] = base.model_copy(update={"settings": settings})
        self._last_rules = (state.settings, found)
        return found

    def klass(self, ship: ShipState | str) -> tuple[str, ShipClass]:
        name = ship if isinstance(ship, str) else ship.ship_class
        found = self._class_cache.get(name)
        if found is None:
            try:
                found = self._class_cache[name] = self.ruleset.ship_class(name)
            except UnknownName as exc:
                raise InvalidAction(str(exc)) from None
        return found

    def code(self, ship: ShipState) -> str:
        return self.klass(ship)[1].code

    @staticmethod
    def players(state: GameState) -> int:
        """Turns an effect "through the opponent's next turn" lasts: one round of every player."""
        return max(1, len(state.players))

    # ---- ships ---------------------------------------------------------------------------------
    @staticmethod
    def lost(ship: ShipState) -> bool:
        return any(ship.record.get(flag) for flag in LOSS_FLAGS)

    def live(self, state: GameState, owner: int | None = None) -> list[ShipState]:
        return [s for s in state.ships.values() if not self.lost(s) and (owner is None or s.owner == owner)]

    def own_ship(self, state: GameState, ref: str, what: str) -> ShipState:
        """The active player's ship that does `what`: started game, not lost, not aboard a transport."""
        require_started(state, what)
        phase = state.current_phase
        if phase is not None and phase.id == "upkeep" and state.step < len(phase.steps) - 1:
            # the upkeep's reload and timer steps would count this turn's use as last turn's
            raise InvalidAction(f"the upkeep of this turn is still running (step {state.step + 1} of "
                                f"{len(phase.steps)}); next-step to finish it before you {what}")
        ship = self.acting_ship(state, ref, own=True)
        if ship.record.get("aboard"):
            raise InvalidAction(f"{ship.label} is aboard {ship.record['aboard']}; disembark it first")
        return ship

    def waiting_dock(self, state: GameState, ship: ShipState) -> tuple[str, ShipState | None] | None:
        """(retire or repair, host) of a ship that ended an earlier turn in position to retire or be
        repaired: it is handled at the start of its owner's turn and may not act before (§3 B, §7 A2)."""
        order = dock_order(ship.record.get("dock") or "")
        if order is None or order[2] >= state.turn or self.lost(ship):
            return None
        return order[0], state.ships.get(order[1])

    def not_disabled(self, ship: ShipState, what: str) -> None:
        """Refuse when an EMP disables the ship (no move, rotation, attack, devices or abilities)."""
        if ship.record.get("emp"):
            raise InvalidAction(f"{ship.label} is disabled by an EMP and cannot {what} until it ends (spook §6 B3)")

    def not_held(self, ship: ShipState, what: str) -> None:
        """Refuse when the ship may not move or attack this turn (hyperdrive jump, repair, just built)."""
        if ship.record.get("hold"):
            raise InvalidAction(
                f"{ship.label} may not move, rotate or attack this turn (it jumped, spook §6 A1, was repaired or "
                f"was just built) and cannot {what}; it may again next turn"
            )

    def enemy_target(self, state: GameState, attacker: ShipState, ref: str) -> ShipState:
        target = state.find_ship(ref)
        if target.id == attacker.id:
            raise InvalidAction(f"{attacker.label} cannot target itself")
        if self.lost(target):
            raise InvalidAction(f"{target.label} is {'destroyed' if target.record.get('destroyed') else 'retired'}")
        if target.owner == attacker.owner:
            raise InvalidAction(f"{target.label} is one of {possessive(state.players[attacker.owner].name)} own ships")
        if target.record.get("aboard"):
            raise InvalidAction(f"{target.label} is aboard {target.record['aboard']}, off the board and immune")
        return target

    def ship_list(self, state: GameState, text: str | None) -> list[ShipState]:
        """Ships named in a comma-separated list (ids, names or tags, quoted or not), each once."""
        out: list[ShipState] = []
        for word in (text or "").replace(";", ",").split(","):
            if unquoted(word):
                ship = state.find_ship(unquoted(word))
                if ship.id not in {s.id for s in out}:
                    out.append(ship)
        return out

    @staticmethod
    def ref_id(text: str) -> str | None:
        """The ship id of a record link like '#12 Red Hammer' (None when empty)."""
        word = (text or "").split(" ", 1)[0]
        return word[1:] if word.startswith("#") else None

    # ---- items ---------------------------------------------------------------------------------
    @staticmethod
    def item(ship: ShipState, ref: str) -> ShipItem:
        """An item by id or name, else by a part of its name when only one item matches ('EMP', 'railgun')."""
        try:
            return ship.item(ref)
        except InvalidAction:
            folded = ref.strip().casefold()
            for test in (str.startswith, str.__contains__):
                found = [it for it in ship.items if folded and test(it.name.casefold(), folded)]
                if len(found) == 1:
                    return found[0]
            raise

    def entry(self, item: ShipItem) -> Weapon | Device | Ability:
        """The data entry of an item (weapon, device or ability)."""
        if item.kind == "weapon":
            return self.ruleset.weapons[item.name]
        if item.kind == "device":
            return self.ruleset.devices[item.name]
        return self.ruleset.abilities[item.name]

    def cycle(self, item: ShipItem) -> Reload | None:
        """The item's X;Y reload cycle; None without one (flares count ammo instead)."""
        if item.name == FLARES:
            return None
        return self.entry(item).reload_cycle

    def counter(self, item: ShipItem) -> ReloadCounter | None:
        cycle = self.cycle(item)
        if cycle is None:
            return None
        r = item.record
        return ReloadCounter(cycle, int(r.get("uses") or 0), int(r.get("reload") or 0), bool(r.get("used")))

    def usable(self, ship: ShipState, item: ShipItem) -> None:
        """Refuse when the item is destroyed, used this turn or reloading."""
        if item.record.get("destroyed"):
            raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} is destroyed")
        counter = self.counter(item)
        if counter is not None:
            if not counter.available:
                raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} {counter.refusal()}")
        elif item.record.get("used"):
            raise InvalidAction(f"{item.name} ({item.id}) of {ship.label} has already been used this turn")

    def use_item(self, batch: Batch, ship: ShipState, item: ShipItem) -> None:
        """Mark one use: used this turn, and the reload cycle moves on."""
        counter = self.counter(item)
        batch.set(ship.id, f"{item.id}.used", True)
        if counter is None:
            return
        after = counter.use()
        batch.set(ship.id, f"{item.id}.uses", after.uses)
        if after.wait:
            why = f"reload {after.cycle}: usable again in {plural(after.wait, 'own turn')}"
            batch.set(ship.id, f"{item.id}.reload", after.wait, why)

    def items_named(self, ship: ShipState, name: str) -> list[ShipItem]:
        return [it for it in ship.items if it.name == name and not it.record.get("destroyed")]

    def has_ability(self, ship: ShipState, *names: str) -> ShipItem | None:
        for it in ship.items:
            if it.kind == "ability" and it.name in names:
                return it
        return None
