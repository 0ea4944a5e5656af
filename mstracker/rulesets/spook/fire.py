"""spook's fire as a typed action (spook §3 B2, §5, §6 B1, §7 A11): one weapon at one enemy ship.

A fire order is prepared once (`Shot`: the checked `FireSetup` of combat.py, how its reach was settled,
the target's armor and the ammo of each flare launcher that answers, the ally named for a d12 of 12), and
that one value gives the refusals (`prepare`, the only place that refuses: a blank ship, weapon or target
is `Incomplete`; no distance and no `in_range=yes` is refused, §3 B2), the dice declared before the roll
(`dice`: plans.fire_plan), the exact outcome (`outcome`: the armor taken, capped at the armor left, §4
Armor; destroyed at the threshold; the weapon and the flare ammo spent; a friendly fire left to settle)
and the decision (`apply`). The fire planner and the odds prepare it with `plan`, which leaves the reach
out: the distance only decides whether the weapon reaches (§3 B2), never the odds. Focus fire makes a
shot again after the ones before (`after`: the armor they took, the ammo they spent, §6 B1).

A bomber's shot at a subsystem (§7 A11, house default) rolls the d8 subsystem table after a hit: its
odds are the book's (`odds.attack_odds`), and it has no outcome to fold (the planner plans none).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.reach import in_range_arg, reach_words
from ...game.state import GameState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan
from ...rules.outcome import AttackOdds
from . import odds as book
from .combat import FIRE_HELP, FireSetup
from .effects import is_destroyed
from .legal import blank_actor
from .model import Ruleset
from .plans import fire_plan
from .procedures import AttackOutcome, attack_distribution, resolve_attack
from .table_rolls import resolve_subsystem
from .combat import bomber, friendly_fire_hits, knock_out, prepare_fire

if TYPE_CHECKING:
    from .plugin import Plugin

CITE = "spook §3 B2"
UNIT = "units"
FRIENDLY_FIRE = "friendly_fire"  # the mark of a d12 of 12 with no ally named: friendly-fire settles it
CACHE_LIMIT = 4096


@dataclass(frozen=True)
class Shot:
    """One fire order as the rules see it before the roll."""

    rules: Ruleset
    setup: FireSetup
    reach: str | None  # 'at 6 units' / 'in range (not measured)'; None: planned, the reach not said yet
    armor: int  # the target's armor now (after the shots before, in a focus fire)
    ammo: tuple[tuple[str, int], ...]  # (launcher id, ammo) of the target's flare launchers that answer
    ally_armor: int = 0

    @property
    def target(self) -> str:
        return self.setup.target.id


class Fire(RuleAction[Shot]):
    """fire: one weapon at one enemy ship (see the module docstring)."""

    plugin: Plugin
    spec = ActionSpec(
        "fire",
        FIRE_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the attacking ship (yours)"),
            ArgSpec("weapon", ArgType.ITEM, "its weapon: item id (w1) or name", items=("weapon",)),
            ArgSpec("target", ArgType.SHIP, "the enemy ship fired at"),
            ArgSpec("distance", ArgType.INT, "measured distance in units; refused beyond the weapon's range",
                    required=False),
            ArgSpec("ally", ArgType.SHIP, "if the d12 shows 12: your ship in range that takes the full damage",
                    required=False),
            ArgSpec("subsystem", ArgType.TEXT, "bombers: the weapon, device or engines of the target their bombs "
                    "aim at (needed for a bomber; from the list)", required=False),
            in_range_arg(UNIT),  # last: the words typed in order keep their places
        ),
        rolls=True,
    )

    def __init__(self, plugin: Plugin) -> None:
        super().__init__(plugin)
        self._shots: dict[tuple[Any, ...], Distribution[AttackOutcome]] = {}
        self._outcomes: dict[tuple[Any, ...], Distribution[Outcome]] = {}
        self._odds: dict[tuple[Any, ...], AttackOdds] = {}
        # states are immutable: the plans of the last state asked about are kept (the planner asks the odds
        # of many rows of one state, and again on every redraw)
        self._state: GameState | None = None
        self._plans: dict[tuple[Any, ...], Shot | InvalidAction] = {}

    # ---- preparing -------------------------------------------------------------------------------
    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        shot = self.plan(state, args)
        # the distance only sets the reach (§3 B2): measured, or said plainly in range, never assumed; until
        # one is said the form is not filled in (as pz8's blank distance), and the engine refuses the order
        try:
            reach = reach_words(args, self.plugin.ruleset.weapons[shot.setup.weapon.name].range, UNIT, CITE)
        except InvalidAction as exc:
            raise Incomplete("distance", str(exc)) from None
        setup = shot.setup
        if not args.get("subsystem") and bomber(self.plugin, setup.ship, setup.weapon):
            raise Incomplete("subsystem", f"{setup.ship.label} is a bomber: name the weapon, device or engines of "
                             f"{setup.target.label} its bombs aim at (spook §7 A11, house default)")
        return dataclasses.replace(shot, reach=reach)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        """The order checked as the decider checks it, the reach left to the players (the planner's rows
        and the dialog's odds do not depend on it); once per state and arguments."""
        if state is not self._state:
            self._state, self._plans = state, {}
        key = tuple(sorted((k, repr(v)) for k, v in args.items()))
        found = self._plans.get(key)
        if found is None:
            try:
                found = self._checked(state, args)
            except InvalidAction as exc:
                found = exc
            self._plans[key] = found
        if isinstance(found, InvalidAction):
            raise found.with_traceback(None)  # kept: raised afresh, its old traceback dropped
        return found

    def _checked(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        if not args.get("ship"):
            raise blank_actor(self.plugin, state, self.kind)
        for name in ("weapon", "target"):
            if not args.get(name):
                raise Incomplete(name)
        given = dict(args)
        if isinstance(given.get("distance"), str):  # a form's text as typed (the engine hands it coerced)
            given["distance"] = self.spec.coerce({"ship": "-", "weapon": "-", "target": "-",
                                                  "distance": given["distance"]})["distance"]
        fs = prepare_fire(self.plugin, state, given)
        target = fs.target
        ally_armor = int(fs.ally.record.get("armor") or 0) if fs.ally is not None else 0
        ammo = tuple((it.id, int(it.record.get("ammo") or 0)) for it in fs.flares)
        return Shot(self.plugin.rules(state), fs, None, int(target.record.get("armor") or 0), ammo, ally_armor)

    # ---- before the roll -------------------------------------------------------------------------
    def dice(self, p: Shot) -> DicePlan:
        return fire_plan(p.rules, p.setup)

    def distribution(self, p: Shot) -> Distribution[AttackOutcome]:
        """The shot's exact damage, friendly fire and flare ammo (§5, §6 B1), once per weapon, whether the
        d12 is rolled and how many launchers answer (the target's class matters only through those)."""
        s = p.setup.attack
        flares = len(p.ammo)
        key = (id(p.rules), s.weapon_name, p.setup.target.ship_class, bool(p.setup.target.record.get("afterburner")),
               flares)
        found = self._shots.get(key)
        if found is None:
            if len(self._shots) > CACHE_LIMIT:
                self._shots.clear()
            found = self._shots[key] = attack_distribution(p.rules, s.weapon_name, p.setup.target.ship_class,
                                                           afterburner=key[3], flares=flares)
        return found

    def outcome(self, p: Shot) -> Distribution[Outcome] | None:
        if p.setup.aim is not None:  # the subsystem d8 (§7 A11): the book's odds, no outcome to fold
            return None
        fs = p.setup
        key = (id(p.rules), fs.ship.id, fs.weapon.id, fs.weapon.name, p.target, fs.target.ship_class,
               bool(fs.target.record.get("afterburner")), p.armor, p.ammo, fs.ally.id if fs.ally else None,
               p.ally_armor)
        found = self._outcomes.get(key)
        if found is None:
            if len(self._outcomes) > CACHE_LIMIT:
                self._outcomes.clear()
            found = self._outcomes[key] = self.distribution(p).map(lambda o: self.result(p, o))
        return found

    def result(self, p: Shot, o: AttackOutcome) -> Outcome:
        """What a shot with these figures does: the armor taken, never past the armor left (§4 Armor),
        destroyed at the threshold; the weapon used; each answering launcher 1 ammo (§6 B1, named by the
        round it fired, so two shots' spending adds up); the ally's armor on a d12 of 12, or a friendly
        fire to settle (§5 Accuracy)."""
        fs, rules = p.setup, p.rules
        dealt = {p.target: min(o.damage, max(0, p.armor))}
        destroyed = {p.target} if o.damage > 0 and is_destroyed(rules, max(0, p.armor - o.damage)) else set()
        spent = {f"{fs.ship.id}.{fs.weapon.id}"}
        if o.flare_ammo:
            spent.update(f"{p.target}.{launcher}.ammo{ammo}" for launcher, ammo in p.ammo[: o.flare_ammo])
        marks: frozenset[str] = frozenset()
        if o.friendly_fire and fs.ally is not None:
            dealt[fs.ally.id] = min(o.friendly_fire, max(0, p.ally_armor))
            if is_destroyed(rules, max(0, p.ally_armor - o.friendly_fire)):
                destroyed.add(fs.ally.id)
        elif o.friendly_fire:
            marks = frozenset({FRIENDLY_FIRE})
        return Outcome(dealt=tuple(sorted(dealt.items())), destroyed=frozenset(destroyed), spent=frozenset(spent),
                       hit=o.damage > 0, marks=marks)

    def odds_words(self, p: Shot) -> OddsWords:
        return OddsWords(ship=p.target, marks=(FRIENDLY_FIRE,))

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """The dialog's odds: the book's for this weapon at this target as it stands (`mstracker odds spook`
        gives the same), whose damage table is the damage rolled and whose expected damage and chance to
        destroy are the outcome's (capped at the armor left; tests/rulesets/spook/test_spook_fire.py)."""
        try:
            p = self.plan(state, args)
        except InvalidAction:
            return None
        fs = p.setup
        armor = p.armor
        options: dict[str, Any] = {"weapon": fs.weapon.name, "target": fs.target.ship_class, "flares": len(p.ammo),
                                   "afterburner": bool(fs.target.record.get("afterburner")),
                                   "armor": armor if armor > 0 else None, "subsystem": fs.aim is not None}
        key = (id(p.rules), *sorted((k, v) for k, v in options.items() if v is not None))
        found = self._odds.get(key)
        if found is None:
            if len(self._odds) > CACHE_LIMIT:
                self._odds.clear()
            found = self._odds[key] = book.attack_odds(p.rules, options, self.distribution(p))
        return found

    def after(self, p: Shot, earlier: Outcome) -> Shot | None:
        """The same shot after earlier ones on its target: the armor they took, the ammo they spent (a
        launcher emptied no longer answers, §6 B1)."""
        taken = earlier.damage_to(p.target) or 0
        spent = [path for path in earlier.spent if path.startswith(f"{p.target}.")]
        if not taken and not spent:
            return p
        ammo = tuple((launcher, left) for launcher, left in
                     ((launcher, ammo - sum(1 for s in spent if s.startswith(f"{p.target}.{launcher}.ammo")))
                      for launcher, ammo in p.ammo) if left > 0)
        ally = p.setup.ally
        ally_armor = p.ally_armor - (earlier.damage_to(ally.id) or 0) if ally is not None else 0
        return dataclasses.replace(p, armor=p.armor - taken, ammo=ammo, ally_armor=ally_armor)

    def observed(self, p: Shot, state: GameState, events: Sequence[Event], after: GameState) -> Outcome | None:
        """What the records say the shot did: the armor each ship lost, who is out of play, the items used
        and the ammo spent, a friendly fire left to settle; hit as the shot's story tells it."""
        story = next((e for e in events if e.kind == "fired"), None)
        if story is None:
            return None
        told = story.data["outcome"]
        fs, plugin = p.setup, self.plugin
        hit_ids = [p.target] + ([fs.ally.id] if fs.ally is not None and told["friendly_fire"] else [])
        dealt = {i: int(state.ships[i].record.get("armor") or 0) - int(after.ships[i].record.get("armor") or 0)
                 for i in hit_ids}
        destroyed = frozenset(i for i in hit_ids if plugin.lost(after.ships[i]) and not plugin.lost(state.ships[i]))
        spent = {f"{fs.ship.id}.{fs.weapon.id}"} if after.ships[fs.ship.id] != state.ships[fs.ship.id] else set()
        for launcher, ammo in p.ammo:
            if int(after.ships[p.target].item(launcher).record.get("ammo") or 0) < ammo:
                spent.add(f"{p.target}.{launcher}.ammo{ammo}")
        marks = frozenset({FRIENDLY_FIRE}) if after.extra.get("pending_ff") else frozenset()
        return Outcome(dealt=tuple(sorted(dealt.items())), destroyed=destroyed, spent=frozenset(spent),
                       hit=int(told["damage"]) > 0, marks=marks)

    # ---- the decision ----------------------------------------------------------------------------
    def apply(self, p: Shot, dice: DiceRecorder, batch: Batch) -> None:
        """The shot rolled by the procedures (§5, §6 B1, §7 A11) and applied: the story with every face, the
        weapon used, the flare ammo, the armor taken (or the subsystem knocked out), the friendly fire."""
        plugin, fs, rules = self.plugin, p.setup, p.rules
        res = resolve_attack(rules, fs.weapon.name, fs.target.ship_class, dice,
                             afterburner=bool(fs.target.record.get("afterburner")), flares=len(fs.flares))
        out = res.outcome
        damage, ally_damage = int(out["damage"]), int(out["friendly_fire"])
        sub = resolve_subsystem(rules, damage, fs.aim_name(), dice) if fs.aim is not None and damage > 0 else None
        rolled = dice.take()

        steps = [s.text for s in res.steps] + ([s.text for s in sub.steps] if sub else [])
        ship, target = fs.ship, fs.target
        text = f"{ship.label} fires {fs.weapon.name} ({fs.weapon.id}) at {target.label}, {p.reach}: " + " ".join(steps)
        data = {"ship": ship.id, "item": fs.weapon.id, "target": target.id, "reach": p.reach,
                "dice": dice_data(rolled), "outcome": out}
        if sub is not None:
            data["subsystem"] = sub.outcome
        batch.story("fired", text, **data)
        plugin.use_item(batch, ship, fs.weapon)
        for launcher in fs.flares[: int(out["flare_ammo"])]:
            ammo = int(launcher.record.get("ammo") or 0)
            batch.set(target.id, f"{launcher.id}.ammo", ammo - 1, f"flares against {fs.source}")
        if sub is not None and sub.outcome["destroyed"]:
            knock_out(plugin, batch, target, fs.aim or "", fs.source)
        elif sub is not None:
            plugin.books.damage(batch, target.id, int(sub.outcome["armor_damage"]),
                                f"bombs of {ship.label} (subsystem roll)")
        else:
            plugin.books.damage(batch, target.id, damage, f"hit by {fs.source}")
        if ally_damage:
            friendly_fire_hits(plugin, batch, fs, ally_damage)

