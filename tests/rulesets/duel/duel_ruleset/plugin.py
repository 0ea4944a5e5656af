"""duel game rules (duel §2, §3): fire a weapon once a turn, wrecks struck off before the turn goes on.

Written only against the ruleset contract (mstracker.api): every action is a typed action (fire: prepare
refuses, dice are declared, the outcome is exact, apply makes the changes through a Batch, the worked example
of the README; strike: no dice, one refusal); readiness, one obligation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mstracker.api import (
    ActionSpec,
    ArgSpec,
    ArgType,
    AttackOdds,
    Batch,
    Capabilities,
    DicePlan,
    DiceRecorder,
    Distribution,
    Event,
    FieldKind,
    FieldSpec,
    GameState,
    Incomplete,
    InvalidAction,
    ItemReadiness,
    Obligation,
    OddsWords,
    Outcome,
    PlanBuilder,
    Readiness,
    RecordSpec,
    Roster,
    RuleAction,
    RulesetBase,
    RulesetPlugin,
    ShipEntry,
    ShipItem,
    ShipState,
    TurnStructure,
    auto_step,
    capped_mean,
    dice_data,
)

from .model import Ruleset

SPEC = RecordSpec(
    fields=(
        FieldSpec(key="armor", label="Armor", kind=FieldKind.BAR, max_key="armor_max"),
        FieldSpec(key="wreck", label="Wreck", kind=FieldKind.FLAG, glyph="☒", help="armor 0: strike it off"),
        FieldSpec(key="struck", label="Struck off", kind=FieldKind.FLAG, glyph="✗", help="out of the game"),
    ),
    item_fields=(FieldSpec(key="fired", label="Fired", kind=FieldKind.FLAG, glyph="•", help="fired this turn"),),
    loss_flags=("struck",),
)


@dataclass(frozen=True)
class Shot:
    """Everything one shot needs, prepared before the roll (duel §2)."""

    ship: ShipState
    weapon: ShipItem
    target: ShipState
    damage: int  # the weapon's damage on a hit
    percents: tuple[int, ...]  # the hit table: damage percent by face, 1 to 6 (a miss is 0)
    table: tuple[str, ...]  # the row's words by face


class Fire(RuleAction[Shot]):
    """fire: one weapon once a turn, a d6 on the hit table: 1-2 miss, 3-5 the weapon's damage, 6 double
    (duel §2). The worked example of a typed action: prepare refuses, dice, outcome, apply."""

    plugin: Plugin
    spec = ActionSpec("fire", "fire one weapon: a d6 on the hit table (duel §2)",
                      (ArgSpec("ship", ArgType.SHIP, "the firing ship"), ArgSpec("weapon", ArgType.ITEM, "its weapon"),
                       ArgSpec("target", ArgType.SHIP, "the enemy ship")), rolls=True)

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        phase = state.current_phase
        if phase is None or phase.id != "battle":
            raise InvalidAction("ships fire in the Battle phase (duel §3)")
        if not args.get("ship"):
            raise Incomplete("ship")
        ship = self.plugin.acting_ship(state, str(args["ship"]), own=True)
        if ship.record.get("wreck"):
            raise InvalidAction(f"{ship.label} is a wreck and fires no more (duel §3)")
        if not args.get("weapon"):
            raise Incomplete("weapon")
        weapon = ship.item(str(args["weapon"]))
        if weapon.record.get("fired"):
            raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} has fired this turn (duel §2)")
        if not args.get("target"):
            raise Incomplete("target")
        target = state.find_ship(str(args["target"]))
        if target.owner == ship.owner or SPEC.lost(target.record):
            raise InvalidAction(f"{target.label} is not an enemy ship on the table")
        book = self.plugin.ruleset
        doubles = bool(state.settings.get("crit_doubles", True))
        rows = [book.tables["hit"].lookup(face) for face in range(1, 7)]
        percents = tuple(100 if r.value == 200 and not doubles else (r.value or 0) for r in rows)
        return Shot(ship, weapon, target, book.weapons[weapon.name].damage, percents, tuple(r.text for r in rows))

    def dice(self, p: Shot) -> DicePlan:
        plan = PlanBuilder()
        plan.die(6, "to hit (3+, a 6 doubles)", ship=p.ship.id, table="Hit table (duel §2)")
        return plan.build()

    def dealt(self, p: Shot, face: int) -> int:
        """The armor a face takes off: the weapon's damage by the row's percent, never past the armor left."""
        return min(int(p.target.record["armor"]), p.damage * p.percents[face - 1] // 100)

    def result(self, p: Shot, dealt: int) -> Outcome:
        wrecked = dealt >= int(p.target.record["armor"])
        return Outcome(dealt=((p.target.id, dealt),), states=((p.target.id, "wreck"),) if wrecked else (),
                       destroyed=frozenset({p.target.id}) if wrecked else frozenset(),
                       spent=frozenset({f"{p.ship.id}.{p.weapon.id}"}), hit=dealt > 0)

    def outcome(self, p: Shot) -> Distribution[Outcome]:
        return Distribution.die(6).map(lambda face: self.result(p, self.dealt(p, face)))

    def odds_words(self, p: Shot) -> OddsWords:
        return OddsWords(ship=p.target.id, notes=(f"{p.weapon.name}: {p.damage} damage a hit, double on a 6",))

    def observed(self, p: Shot, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        return self.result(p, int(p.target.record["armor"]) - int(after.ships[p.target.id].record["armor"]))

    def apply(self, p: Shot, dice: DiceRecorder, batch: Batch) -> None:
        face = dice.roll(6)
        dealt = self.dealt(p, face)
        batch.story("fired", f"{p.ship.label} fires {p.weapon.name} at {p.target.label}: d6 shows {face}: "
                             f"{p.table[face - 1]}", dice=dice_data(dice.take()))
        batch.set(p.ship.id, f"{p.weapon.id}.fired", True)
        armor = int(p.target.record["armor"]) - dealt
        batch.set(p.target.id, "armor", armor, f"{p.weapon.name} of {p.ship.label}")
        if armor == 0:
            batch.set(p.target.id, "wreck", True, "armor gone")


class Strike(RuleAction[ShipState]):
    """strike: a wreck is struck off the table, whoever's it is (duel §3)."""

    spec = ActionSpec("strike", "strike a wreck off the table (duel §3)", (ArgSpec("ship", ArgType.SHIP, "the wreck"),))

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> ShipState:
        if not wrecks(state):
            raise InvalidAction("no wreck is on the table")
        if not args.get("ship"):
            raise Incomplete("ship")
        ship = state.find_ship(str(args["ship"]))
        if ship not in wrecks(state):
            raise InvalidAction(f"{ship.label} is not a wreck on the table")
        return ship

    def apply(self, p: ShipState, dice: DiceRecorder, batch: Batch) -> None:
        batch.story("struck", f"{p.label} is struck off the table")
        batch.set(p.id, "struck", True)


def wrecks(state: GameState) -> list[ShipState]:
    """The wrecks still on the table (duel §3), in id order."""
    return [s for s in state.ships.values() if s.record.get("wreck") and not s.record.get("struck")]


class Plugin(RulesetPlugin):
    ruleset: Ruleset
    capabilities = Capabilities(exact_odds=True)  # no fire planner, nothing on the table besides ships
    turn_structure = TurnStructure.ALTERNATING
    narrative = frozenset({"fired", "struck"})
    step_actions = {"fire": ("fire",), "wrecks": ("strike",)}
    rule_actions = (Fire, Strike)

    def build_record_spec(self) -> RecordSpec:
        return SPEC

    def initial_ship(self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None,
                     settings: Mapping[str, Any]) -> ShipState:
        cls = self.ruleset.classes[entry.ship_class]
        armor = entry.armor if entry.armor is not None else cls.armor
        items = tuple(ShipItem(id=f"w{n}", kind="weapon", name=w, record={"fired": False})
                      for n, w in enumerate(entry.weapons, start=1))
        return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=entry.ship_class,
                         record=SPEC.fresh_record({"armor": armor, "armor_max": armor}), items=items)

    @auto_step("ready")
    def _ready(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        batch = Batch(self, state)
        for ship in state.ships_of(state.active):
            for item in ship.items:
                batch.set(ship.id, f"{item.id}.fired", False, "ready again")
        return batch.events

    # ---- the contract ------------------------------------------------------------------------------
    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        out = []
        for item in ship.items:
            if SPEC.lost(ship.record) or ship.record.get("wreck"):
                status, detail = Readiness.DISABLED, "the ship is a wreck"
            elif item.record.get("fired"):
                status, detail = Readiness.SPENT, "fired this turn"
            else:
                status, detail = Readiness.READY, ""
            out.append(ItemReadiness(item.id, item.name, item.kind, status, detail))
        return tuple(out)

    def obligations(self, state: GameState) -> tuple[Obligation, ...]:
        return tuple(Obligation(f"wreck:{s.id}", f"{s.label} is a wreck: strike it off the table", "duel §3",
                                resolve="strike", blocks=frozenset({"next-step"}), ships=(s.id,))
                     for s in wrecks(state))


def fire_odds(ruleset: RulesetBase, weapon: str, armor: int | None) -> AttackOdds:
    """One shot: 1-2 miss, 3-5 the weapon's damage, 6 double (duel §2); expected damage is damage dealt,
    capped at the armor left when it is known."""
    assert isinstance(ruleset, Ruleset)
    damage = ruleset.weapons[weapon].damage
    rows = ruleset.tables["hit"].rows
    dist = Distribution.from_weights({damage * (r.value or 0) // 100: len(r.faces) for r in rows})
    return AttackOdds(
        p_hit=dist.probability(lambda d: d > 0),
        damage=dict(dist.items()),
        expected_damage=dist.mean if armor is None else capped_mean(dict(dist.items()), armor),
        p_destroy=dist.probability(lambda d: d >= armor) if armor is not None else None,
        notes=(f"{weapon}: {damage} damage a hit, double on a 6",),
    )
