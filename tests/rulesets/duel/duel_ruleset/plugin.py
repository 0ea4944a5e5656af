"""duel game rules (duel §2, §3): fire a weapon once a turn, wrecks struck off before the turn goes on.

Written only against the ruleset contract: a Batch for every change, declared dice, readiness,
legal actors and targets, one obligation, odds before the roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mstracker.api import (
    ArgSpec,
    ArgType,
    AttackOdds,
    Batch,
    DicePlan,
    DiceRecorder,
    Distribution,
    Event,
    FieldKind,
    FieldSpec,
    GameState,
    InvalidAction,
    ItemReadiness,
    Obligation,
    PlanBuilder,
    Readiness,
    RecordSpec,
    Roster,
    RulesetBase,
    RulesetPlugin,
    ShipEntry,
    ShipItem,
    ShipState,
    TurnStructure,
    action,
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


class Plugin(RulesetPlugin):
    ruleset: Ruleset
    turn_structure = TurnStructure.ALTERNATING
    narrative = frozenset({"fired", "struck"})
    step_actions = {"fire": ("fire",), "wrecks": ("strike",)}

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

    # ---- fire ------------------------------------------------------------------------------------
    def _fire_setup(self, state: GameState, args: dict[str, Any]) -> tuple[ShipState, ShipItem, ShipState]:
        phase = state.current_phase
        if phase is None or phase.id != "battle":
            raise InvalidAction("ships fire in the Battle phase (duel §3)")
        ship = self.acting_ship(state, args["ship"], own=True)
        weapon = ship.item(args["weapon"])
        if weapon.record.get("fired"):
            raise InvalidAction(f"{weapon.name} ({weapon.id}) of {ship.label} has fired this turn (duel §2)")
        target = state.find_ship(args["target"])
        if target.owner == ship.owner or SPEC.lost(target.record):
            raise InvalidAction(f"{target.label} is not an enemy ship on the table")
        return ship, weapon, target

    def action_dice(self, state: GameState, kind: str, args: dict[str, Any]) -> DicePlan | None:
        if kind != "fire":
            return None
        ship, _, _ = self._fire_setup(state, args)
        plan = PlanBuilder()
        plan.die(6, "to hit (3+, a 6 doubles)", ship=ship.id, table="Hit table (duel §2)")
        return plan.build()

    @action("fire", ArgSpec("ship", ArgType.SHIP, "the firing ship"), ArgSpec("weapon", ArgType.ITEM, "its weapon"),
            ArgSpec("target", ArgType.SHIP, "the enemy ship"), help="fire one weapon: a d6 on the hit table (duel §2)",
            rolls=True)
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship, weapon, target = self._fire_setup(state, args)
        face = dice.roll(6)
        row = self.ruleset.tables["hit"].lookup(face)
        value = row.value or 0  # a miss row carries no percentage
        percent = value if state.settings.get("crit_doubles", True) or value != 200 else 100
        damage = self.ruleset.weapons[weapon.name].damage * percent // 100
        batch = Batch(self, state)
        batch.story("fired", f"{ship.label} fires {weapon.name} at {target.label}: d6 shows {face}: {row.text}",
                    dice=dice_data(dice.take()))
        batch.set(ship.id, f"{weapon.id}.fired", True)
        armor = max(0, int(target.record["armor"]) - damage)
        batch.set(target.id, "armor", armor, f"{weapon.name} of {ship.label}")
        if armor == 0:
            batch.set(target.id, "wreck", True, "armor gone")
        return batch.events

    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        if kind != "fire" or not all(args.get(k) for k in ("ship", "weapon", "target")):
            return None
        _, weapon, target = self._fire_setup(state, args)
        return fire_odds(self.ruleset, weapon.name, int(target.record["armor"]))

    @action("strike", ArgSpec("ship", ArgType.SHIP, "the wreck"), help="strike a wreck off the table (duel §3)")
    def strike(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = state.find_ship(args["ship"])
        if not ship.record.get("wreck") or ship.record.get("struck"):
            raise InvalidAction(f"{ship.label} is not a wreck on the table")
        batch = Batch(self, state)
        batch.story("struck", f"{ship.label} is struck off the table")
        batch.set(ship.id, "struck", True)
        return batch.events

    @auto_step("ready")
    def _ready(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        batch = Batch(self, state)
        for ship in state.ships_of(state.active):
            for item in ship.items:
                batch.set(ship.id, f"{item.id}.fired", False, "ready again")
        return batch.events

    # ---- the contract ------------------------------------------------------------------------------
    def available(self, state: GameState, kind: str) -> str | None:
        phase = state.current_phase
        if kind == "fire" and (phase is None or phase.id != "battle"):
            return "ships fire in the Battle phase (duel §3)"
        if kind == "strike" and not self._wrecks(state):
            return "no wreck is on the table"
        return None

    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        if kind == "strike":
            return self._wrecks(state)
        return [s for s in super().actors(state, kind) if not s.record.get("wreck")]

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
                     for s in self._wrecks(state))

    @staticmethod
    def _wrecks(state: GameState) -> list[ShipState]:
        return [s for s in state.ships.values() if s.record.get("wreck") and not s.record.get("struck")]


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
