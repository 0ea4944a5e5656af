"""lukas's attacks as typed actions: fire (lukas §3.a, §3.b Bombs) and fire-beam (lukas §3.b Beam).

Each attack is prepared once (`Attack`: the checked `FireOrder` of fire_check, how its reach was settled,
the armor the target has), and that one value gives the refusals (`prepare`, the only place that refuses),
the dice declared before the roll (`dice`, fire_check.fire_dice), the exact outcome (`outcome`: the armor
taken, never past what the target has, lukas §2.b; destroyed at armor 0; the row of a bomb's d8 table; the
weapons fired), and the decision (`apply`, attack.write_fire). The odds, the fire planner, focus fire and
the report's expected-against-actual read the outcome: a Beam fired from its form counts like any attack.

`plan` is the attack as the odds see it: the hit numbers and the damage are the same at any range (lukas
§3.a step 2), so the odds do not wait for the distance that `prepare` asks for.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ...dice import Distribution, parse
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from ...game.reach import in_range_arg, reach_words
from ...game.state import GameState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan
from .acting import SHIP_ARG, ship_on_table
from .attack import write_fire
from .fire_check import SUBSYSTEM_CHOICES, FireOrder, fire_dice, prepare_beam, prepare_fire, radar_note
from .game_base import cite, max_range, weapon_data
from .legal import blank_ship
from .odds import attack_notes
from .procedures import AttackPlan, damage_distribution, hit_distribution

if TYPE_CHECKING:
    from .plugin import Plugin

MISS = "miss"  # the result word of an attack that changes nothing (a bomb's odds list it first)
SUBSYSTEM_MARK = "subsystem_destroyed"


FIRE_HELP = (
    "attack with one weapon (lukas §3.a): range and line of sight, d12 to hit (+1 for each allied Communication "
    "Radar within 10 studs, lukas §4.d; -2 bridge out), damage off the target's armor; armor 0 or less destroys it. "
    "Each weapon once a turn, not in a turn the ship uses an active ability (lukas §1.b); a Beam only at the target "
    "announced in the owner's previous turn. Dice, in order: the d12 to hit; then, for a bomb aimed at a subsystem "
    "that hits, the d8; then the weapon's damage dice (its Damage stat: 1d8 is one d8, 2d6 two d6) if the hull "
    "takes damage."
)
#: lukas §4.d: "all allied ships within a 10-stud radius get +1 on rolls for hit, and +1 damage"; the ship's own
#: radar counts by itself (setting cr_includes_self), so the form asks only for the other radars.
RADARS_HELP = ("allied ships with Communication Radar within 10 studs of the attacker, not itself "
               "(lukas §4.d: +1 to hit and +1 damage; its own radar counts by itself)")
RADARS_ARG = ArgSpec("comm_radar", ArgType.INT, RADARS_HELP, required=False, default=0, label="other radars")
FIRE_ARGS = (
    SHIP_ARG,
    ArgSpec("weapon", ArgType.ITEM, "its weapon: id (w2) or name; of several alike, the first not yet fired",
            items=("weapon",)),
    ArgSpec("target", ArgType.SHIP, "the enemy ship attacked"),
    ArgSpec("distance", ArgType.INT, "studs measured on the table (checked against the range)", required=False),
    RADARS_ARG,
    ArgSpec("subsystem", ArgType.CHOICE, "Bombs that hit a capital ship: hull (normal damage) or aim at engines, "
            "bridge or a weapon (rolls a d8)", required=False, choices=SUBSYSTEM_CHOICES),
    ArgSpec("target_weapon", ArgType.TEXT, "when the subsystem is a weapon: the target's weapon to knock out (id or name)",
            required=False),
    ArgSpec("los", ArgType.BOOL, "clear line of sight (no: weapons that need it cannot fire)", required=False,
            default=True),
    ArgSpec("inside_field", ArgType.BOOL, "the attacker is already inside the target's active Field Defense",
            required=False, default=False),
    in_range_arg("studs"),  # last: the words typed in order keep their places
)
BEAM_ARGS = (
    SHIP_ARG,
    ArgSpec("weapon", ArgType.ITEM, "the Beam (when the ship has several)", required=False, items=("weapon",)),
    RADARS_ARG,
    ArgSpec("inside_field", ArgType.BOOL, "inside the target's active Field Defense", required=False, default=False),
)
BEAM_HELP = ("fire a Beam announced in the owner's previous turn at its announced target (lukas §3.b Beam): fire with "
             "the target filled in. Dice: d12 to hit, then 2d6 damage. If the target went behind cover, announce-beam "
             "again instead.")


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack as the rules see it before the roll: the checked order, how its range was settled
    ('at 5 studs', 'in range (not measured)', '' for a Beam or as planned) and the target's armor."""

    order: FireOrder
    reach: str
    armor: int

    @property
    def target(self) -> str:
        return self.order.target.id


class Result(NamedTuple):
    """One way an attack can end: hit, hull damage rolled (before the armor caps it), the bomb's d8 row
    in words ('' when none is rolled), a subsystem destroyed."""

    hit: bool
    damage: int
    row: str = ""
    subsystem: bool = False


def row_name(plan: AttackPlan, result: str, text: str) -> str:
    """A d8 row as the odds name it: 'Engines destroyed', else the row's own words (lukas §3.b Bombs)."""
    return f"{plan.subsystem} destroyed" if result == "subsystem_destroyed" else text


def results(plan: AttackPlan) -> Distribution[Result]:
    """Every way the attack can end, exactly: the d12 to hit, the bomb's d8 row, the damage dice."""
    damage = damage_distribution(plan)
    table = plan.subsystem_table

    def after_hit(hit: bool) -> Distribution[Result]:
        if not hit:
            return Distribution.constant(Result(False, 0))
        if table is None:
            return damage.map(lambda d: Result(True, d))

        def by_row(face: int) -> Distribution[Result]:
            row = table.lookup(face)
            name, lost = row_name(plan, row.result, row.text), row.result == "subsystem_destroyed"
            if row.value == 0:
                return Distribution.constant(Result(True, 0, name, lost))
            return damage.map(lambda d: Result(True, plan.hull_share(d, row), name, lost))

        return parse(table.dice).distribution().bind(by_row)

    return hit_distribution(plan).bind(after_hit)


class FireAction(RuleAction[Attack]):
    """What fire and fire-beam share: the dice, the outcome, the odds' words and the decision."""

    plugin: Plugin

    def __init__(self, plugin: Plugin) -> None:
        super().__init__(plugin)
        self._results: dict[tuple[Any, ...], Distribution[Result]] = {}
        self._outcomes: dict[tuple[Any, ...], Distribution[Outcome]] = {}

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Attack:
        return self.attack(state, args, now=True)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> Attack:
        """The attack as the odds, the planner and focus fire see it: a ship whose turn is still to come
        has the same odds (the phase and whose turn it is left out); the range is not needed (lukas §3.a
        step 2: it only says whether the weapon reaches)."""
        return self.attack(state, args, now=False)

    @abstractmethod
    def attack(self, state: GameState, args: Mapping[str, Any], now: bool) -> Attack:
        """The checked attack; `now` false: as planned for the ship's own turn (see `plan`)."""

    # ---- before the roll -----------------------------------------------------------------------------
    def dice(self, p: Attack) -> DicePlan:
        return fire_dice(p.order)

    def outcome(self, p: Attack) -> Distribution[Outcome]:
        order = p.order
        spent = frozenset(f"{order.ship.id}.{it.id}" for it in order.group)
        key = (self._key(order), p.target, p.armor, spent)
        found = self._outcomes.get(key)
        if found is None:
            if len(self._outcomes) > 4096:
                self._outcomes.clear()
            found = self._outcomes[key] = self.results(order).map(lambda r: self.result(p, r, spent))
        return found

    def results(self, order: FireOrder) -> Distribution[Result]:
        key = self._key(order)
        found = self._results.get(key)
        if found is None:
            if len(self._results) > 1024:
                self._results.clear()
            found = self._results[key] = results(order.plan)
        return found

    @staticmethod
    def _key(order: FireOrder) -> tuple[Any, ...]:
        """What the dice of an attack depend on (the plan is read from these alone)."""
        return (id(order.rules), order.weapon_name, order.target.ship_class, order.radars,
                bool(order.ship.get("bridge_out")), order.subsystem)

    @staticmethod
    def result(p: Attack, r: Result, spent: frozenset[str]) -> Outcome:
        """What one way of ending does: the armor taken, never past what it has (lukas §2.b); destroyed at 0."""
        target = p.target
        dealt = min(r.damage, max(0, p.armor))
        destroyed = r.hit and r.damage >= p.armor
        return Outcome(dealt=((target, dealt),), states=((target, r.row),) if r.row else (),
                       destroyed=frozenset({target}) if destroyed else frozenset(), spent=spent, hit=r.hit,
                       marks=frozenset({SUBSYSTEM_MARK}) if r.subsystem else frozenset())

    def odds_words(self, p: Attack) -> OddsWords:
        order = p.order
        plan = order.plan
        rows: tuple[str, ...] = ()
        if plan.subsystem_table is not None:
            names = [row_name(plan, row.result, row.text) for row in plan.subsystem_table.rows]
            rows = (MISS, *dict.fromkeys(names))
        radar = radar_note(order)
        return OddsWords(ship=p.target, results=rows, marks=(SUBSYSTEM_MARK,) if rows else (),
                         notes=attack_notes(order.rules, plan) + ((radar,) if radar else ()))

    def after(self, p: Attack, earlier: Outcome) -> Attack | None:
        """The same attack on a target an earlier one took armor off (focus fire): it has that much less."""
        taken = earlier.damage_to(p.target) or 0
        if not taken:
            return p
        return replace(p, armor=p.armor - taken) if p.armor > taken else None

    def observed(self, p: Attack, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        """What the records say the attack did: the armor taken off the target, destroyed or not, the
        weapons marked fired; the hit, the subsystem and the d8 row as its story tells them."""
        order = p.order
        hit_ship = after.ships[p.target]
        story = next(e for e in events if e.kind == "ship-attacked")
        hit = bool(story.data["hit"])
        row = ""
        table = order.plan.subsystem_table
        if table is not None and hit:
            count = _dice_count(table.dice)
            faces = [face for _, face in story.data["dice"][1:1 + count]]
            found = table.lookup(sum(faces))
            row = row_name(order.plan, found.result, found.text)
        fired = frozenset(f"{order.ship.id}.{it.id}" for it in after.ships[order.ship.id].items
                          if it.record.get("fired") and not state.ships[order.ship.id].item(it.id).record.get("fired"))
        return Outcome(dealt=((p.target, p.armor - max(0, int(hit_ship.get("armor") or 0))),),
                       states=((p.target, row),) if row else (),
                       destroyed=frozenset({p.target}) if hit_ship.get("destroyed") else frozenset(), spent=fired,
                       hit=hit, marks=frozenset({SUBSYSTEM_MARK}) if story.data.get("subsystem_destroyed") else frozenset())

    # ---- the decision ---------------------------------------------------------------------------------
    def apply(self, p: Attack, dice: DiceRecorder, batch: Batch) -> None:
        write_fire(self.plugin, batch, p.order, dice, p.reach)


def _dice_count(text: str) -> int:
    """'d8' -> 1, '2d6' -> 2."""
    count, _, _ = text.strip().lower().partition("d")
    return int(count or 1)


def _armor(order: FireOrder) -> int:
    return int(order.target.get("armor") or 0)


class Fire(FireAction):
    """fire: one weapon at an enemy ship (lukas §3.a); a Beam only at its announced target (§3.b Beam)."""

    spec = ActionSpec("fire", FIRE_HELP, FIRE_ARGS, rolls=True)

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Attack:
        p = self.attack(state, args, now=True)
        args = self.spec.coerce(args)
        # the distance only sets the reach (§3.a step 2): measured, or said plainly in range, never assumed
        reach = max_range(weapon_data(p.order.rules, p.order.weapon)[1])
        try:
            words = reach_words(args, reach, "studs", cite("§3.a"))
        except InvalidAction as exc:
            raise Incomplete("distance", str(exc)) from None
        return replace(p, reach=words)

    def attack(self, state: GameState, args: Mapping[str, Any], now: bool) -> Attack:
        if not args.get("ship"):
            raise blank_ship(self.plugin, state, self.kind)
        if not args.get("weapon") or not args.get("target"):
            if now:
                ship_on_table(self.plugin, state, str(args["ship"]))
            raise Incomplete("weapon" if not args.get("weapon") else "target")
        args = self.spec.coerce(args)  # a form's partial values as typed ("5"): read as the action takes them
        order = prepare_fire(self.plugin, state, args, now)
        return Attack(order, "", _armor(order))


class FireBeam(FireAction):
    """fire-beam: the Beam announced in the owner's previous turn, at its announced target (lukas §3.b Beam)."""

    spec = ActionSpec("fire-beam", BEAM_HELP, BEAM_ARGS, rolls=True)

    def attack(self, state: GameState, args: Mapping[str, Any], now: bool) -> Attack:
        if not args.get("ship"):
            raise blank_ship(self.plugin, state, self.kind)
        order = prepare_beam(self.plugin, state, self.spec.coerce(args), now)
        return Attack(order, "", _armor(order))


FIRE_ACTIONS = (Fire, FireBeam)
