"""spook's damage without dice as typed actions: ram (§3 B1, §8 A1: text lost), scuttle (§7 A10: text lost) and
the settling of a friendly fire (§5 Accuracy).

Each is prepared once (`prepare`, the only place that refuses), rolls nothing, and its exact outcome is one
value (`outcome`): the armor each ship takes, capped at what it has (§4 Armor), destroyed at the threshold.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from .combat import FRIENDLY_FIRE_HELP
from .effects import is_destroyed, ram_damage, scuttle_damage
from .hazards import RAM_HELP, SCUTTLE_HELP
from .game_base import unquoted
from .legal import blank_actor
from .model import Ruleset
from .combat import ally_of, may_attack

if TYPE_CHECKING:
    from .plugin import Plugin


def taken(rules: Ruleset, hits: Mapping[str, tuple[int, int]], gone: frozenset[str] = frozenset()) -> Outcome:
    """The outcome of damage without dice: `hits` ship id -> (damage, armor now); each ship's damage capped at
    its armor (§4 Armor), destroyed at the threshold when hit; `gone`: ships out of play besides."""
    dealt = tuple(sorted((i, min(d, max(0, a))) for i, (d, a) in hits.items() if d > 0))
    destroyed = gone | {i for i, (d, a) in hits.items() if d > 0 and is_destroyed(rules, max(0, a - d))}
    return Outcome(dealt=dealt, destroyed=frozenset(destroyed))


def armor(ship: ShipState) -> int:
    return int(ship.record.get("armor") or 0)


@dataclass(frozen=True)
class Ramming:
    rules: Ruleset
    ship: ShipState
    target: ShipState
    to_target: int
    to_rammer: int


class Ram(RuleAction[Ramming]):
    """ram: an enemy ship during movement, no roll (house default)."""

    plugin: Plugin
    spec = ActionSpec("ram", RAM_HELP, (
        ArgSpec("ship", ArgType.SHIP, "the ramming ship (frigate, capital ship or mothership)"),
        ArgSpec("target", ArgType.SHIP, "the enemy ship rammed"),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Ramming:
        p = self.plugin
        if not args.get("ship"):
            raise blank_actor(p, state, self.kind)
        ship = p.own_ship(state, str(args["ship"]), "ram")
        if p.has_ability(ship, "Ramming") is None:
            raise InvalidAction(f"a {ship.ship_class} cannot ram (frigates, capital ships and motherships can, "
                                "spook §3 B2)")
        p.not_disabled(ship, "move")
        may_attack(p, ship)
        if any(it.record.get("used") for it in ship.items if it.kind == "weapon"):
            raise InvalidAction(f"{ship.label} has fired this turn; rams happen during movement, before attacks "
                                "(spook §3 B1)")
        if not args.get("target"):
            raise Incomplete("target")
        target = p.enemy_target(state, ship, str(args["target"]))
        if target.record.get("shielded"):
            raise InvalidAction(f"{target.label} is inside a Defense Field (spook §6 B2): rams fail until it ends")
        rules = p.rules(state)
        to_target, to_rammer = ram_damage(rules, int(ship.record["armor"]), int(target.record["armor"]))
        return Ramming(rules, ship, target, to_target, to_rammer)

    def outcome(self, p: Ramming) -> Distribution[Outcome]:
        hits = {p.target.id: (p.to_target, armor(p.target)), p.ship.id: (p.to_rammer, armor(p.ship))}
        return Distribution.constant(taken(p.rules, hits))

    def odds_words(self, p: Ramming) -> OddsWords:
        return OddsWords(ship=p.target.id)

    def apply(self, p: Ramming, dice: DiceRecorder, batch: Batch) -> None:
        plugin, ship, target = self.plugin, p.ship, p.target
        mine, theirs = int(ship.record["armor"]), int(target.record["armor"])
        pct = p.rules.setting("ram_pct")
        batch.story("rammed", f"{ship.label} rams {target.label}: {target.label} takes {pct}% of {mine} = "
                    f"{p.to_target}, {ship.label} takes {pct}% of {theirs} = {p.to_rammer}", ship=ship.id,
                    target=target.id, damage=[p.to_target, p.to_rammer])
        plugin.books.damage(batch, target.id, p.to_target, f"rammed by {ship.label}")
        plugin.books.damage(batch, ship.id, p.to_rammer, f"rammed {target.label}")
        if not plugin.lost(batch.ship(ship.id)):
            batch.set(ship.id, "no_fire", max(1, int(ship.record.get("no_fire") or 0)), "rammed: no attack this turn")


@dataclass(frozen=True)
class Scuttling:
    rules: Ruleset
    ship: ShipState
    victims: tuple[ShipState, ...]
    blast: int


class Scuttle(RuleAction[Scuttling]):
    """scuttle: the ship blows itself up, the ships named take the blast, no roll (house default)."""

    plugin: Plugin
    spec = ActionSpec("scuttle", SCUTTLE_HELP, (
        ArgSpec("ship", ArgType.SHIP, "the ship that blows itself up"),
        ArgSpec("victims", ArgType.TEXT, "ships within the scuttle radius, comma-separated", required=False,
                rest=True),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Scuttling:
        p = self.plugin
        if not args.get("ship"):
            raise blank_actor(p, state, self.kind)
        ship = p.own_ship(state, str(args["ship"]), "scuttle")
        if p.has_ability(ship, "Scuttle") is None:
            raise InvalidAction(f"a {ship.ship_class} has no Scuttle ability (spook §4)")
        p.not_disabled(ship, "use its abilities")
        victims = p.ship_list(state, args.get("victims"))
        for v in victims:
            if v.id == ship.id or p.lost(v) or v.record.get("aboard"):
                raise InvalidAction(f"{v.label} cannot be caught in the blast; name ships on the board near it")
        rules = p.rules(state)
        return Scuttling(rules, ship, tuple(victims), scuttle_damage(rules, int(ship.record["armor"])))

    def outcome(self, p: Scuttling) -> Distribution[Outcome]:
        hits = {v.id: (p.blast, armor(v)) for v in p.victims}
        return Distribution.constant(taken(p.rules, hits, frozenset({p.ship.id})))

    def apply(self, p: Scuttling, dice: DiceRecorder, batch: Batch) -> None:
        ship, victims = p.ship, p.victims
        radius = p.rules.setting("scuttle_radius")
        hit = ", ".join(v.label for v in victims) or "no ship"
        batch.story("scuttled", f"{ship.label} scuttles itself; ships within {radius} unit(s) take {p.blast}: {hit}",
                    ship=ship.id, victims=[v.id for v in victims], damage=p.blast)
        self.plugin.books.destroy(batch, ship.id, "scuttled")
        for v in victims:
            self.plugin.books.damage(batch, v.id, p.blast, f"caught in the scuttling of {ship.label}")


@dataclass(frozen=True)
class Settling:
    rules: Ruleset
    pending: tuple[tuple[str, Any], ...]  # the friendly fire waiting (state.extra's pending_ff), as items
    near: ShipState
    ally: ShipState | None  # None: no own ship in range

    @property
    def told(self) -> dict[str, Any]:
        return dict(self.pending)


class FriendlyFire(RuleAction[Settling]):
    """friendly-fire: settle a d12 of 12 (§5 Accuracy) on one of the attacker's other ships, or on none."""

    plugin: Plugin
    spec = ActionSpec("friendly-fire", FRIENDLY_FIRE_HELP, (
        ArgSpec("ally", ArgType.TEXT, "the attacker's own ship in the weapon's range, or 'none' if there is none"),
    ))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Settling:
        pending = state.extra.get("pending_ff")
        if not pending:
            raise InvalidAction("no friendly fire is waiting to be settled")
        if not args.get("ally"):
            raise Incomplete("ally")
        attacker = state.ships[pending["attacker"]]
        near = state.ships.get(str(pending.get("near", pending["attacker"])), attacker)
        word = unquoted(str(args["ally"]))
        ally = None if word.strip().casefold() == "none" else ally_of(self.plugin, state, attacker, word)
        return Settling(self.plugin.rules(state), tuple(pending.items()), near, ally)

    def outcome(self, p: Settling) -> Distribution[Outcome]:
        if p.ally is None:
            return Distribution.constant(Outcome())
        return Distribution.constant(taken(p.rules, {p.ally.id: (int(p.told["damage"]), armor(p.ally))}))

    def apply(self, p: Settling, dice: DiceRecorder, batch: Batch) -> None:
        pending = p.told
        if p.ally is None:
            batch.story("friendly-fire", f"Friendly fire from {pending['source']}: no own ship within "
                        f"{pending['range']} units of {p.near.label}, nobody is hit", **pending)
        else:
            ally = p.ally
            batch.story("friendly-fire", f"Friendly fire from {pending['source']}: {ally.label} takes "
                        f"{pending['damage']}", ally=ally.id, **pending)
            self.plugin.books.damage(batch, ally.id, int(pending["damage"]), f"friendly fire from {pending['source']}")
        batch.extra("pending_ff", None, "Friendly fire settled")
