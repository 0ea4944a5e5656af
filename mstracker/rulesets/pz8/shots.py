"""pz8's shots as typed actions: fire (pz8 §4), fire-back (pz8 §4) and shoot-torpedo (pz8 §5).

Each shot is prepared once (`Shot`: who fires at what, from how far, the to-hit need with its modifiers,
the dice of the opposed roll), and that one value gives the refusals (`prepare`, the only place that
refuses), the dice declared before the roll (`dice`), the exact outcome (`outcome`: the target's damage
state reached, its damage steps, the chance to fire back) and the decision (`apply`). The fire planner
plans a ship still to be activated this turn with `plan`, which leaves the "not now" refusals out (pz8 §2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.state import GameState, ShipState
from ...game.typed_action import Incomplete, OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan
from ...rules.names import possessive
from .activation import open_activation
from .changes import close_if_lost, damage, fleet_gone, goto, lapse_fire_back, take_off
from .dice_plans import shot_plan
from .model import Ruleset, d6_count
from .odds import shot_notes
from .procedures import (ToHitNeed, fire_back_can_hit, gun_attack_joint, may_fire_back, no_fire_back_note,
                         resolve_gun_attack, to_hit_need)
from .view import TurnView, plural

if TYPE_CHECKING:
    from .plugin import Plugin

FIRE_DICE = (
    "Dice, in order: 1D6 to hit; on a hit at a Spaceship, the firer's 2D6 (1D6 if Damaged), then the "
    "target's 2D6 (1D6 if Damaged). At Torpedoes, only the 1D6 to hit."
)
DISTANCE = "hexes from the firer to the target, counted on the table (1 to 9)"
STATES = ("undamaged", "damaged", "destroyed")  # in the order damage takes a ship (pz8 §4)
FIRE_BACK_MARK = "target_may_fire_back"


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot as the rules see it before the roll (pz8 §4, §5)."""

    rules: Ruleset
    shooter: ShipState
    gun: str  # the gun's item id
    target: ShipState | None  # None when the shot is at a Torpedo salvo
    torpedo: Mapping[str, Any] | None
    distance: int
    fire_back: bool
    at_torpedo: bool
    need: ToHitNeed
    attack_dice: int  # the firer's dice in the damage roll (0 at Torpedoes)
    defence_dice: int  # the target's dice (0 at Torpedoes)
    target_damaged: bool = False

    @property
    def aim(self) -> str:
        """The id of what is shot at: the target ship, or the Torpedo salvo's counter."""
        return self.target.id if self.target is not None else str((self.torpedo or {}).get("id", ""))


class ShotAction(RuleAction[Shot]):
    """What the three shots share: preparing, the dice, the outcome and the decision."""

    plugin: Plugin

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        return self.shot(state, args, now=True)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> Shot:
        """The shot without the refusals of "not now" (being activated, fired already, hopeless): the odds
        and the planner's figures of a ship that fires in its activation still to come (pz8 §2)."""
        return self.shot(state, args, now=False)

    # ---- preparing -------------------------------------------------------------------------------
    def shot(self, state: GameState, args: Mapping[str, Any], now: bool) -> Shot:
        p, kind = self.plugin, self.kind
        view = TurnView(state)
        at_torpedo = kind == "shoot-torpedo" or bool(args.get("at_torpedo"))
        shooter = p.acting_ship(state, self.shooter_ref(view, args))
        fire_back = (kind == "fire-back" or bool(args.get("fire_back"))
                     or (now and not at_torpedo and self.only_answers(state, view, shooter, args.get("target"))))
        distance = args.get("distance")
        target: ShipState | None = None
        torpedo: Mapping[str, Any] | None = None
        if fire_back:
            target, distance = self.fire_back_target(view, shooter, args.get("target"), distance, at_torpedo)
        else:
            if now:
                self.may_fire(state, shooter)
            if at_torpedo:
                torpedo = self.aimed_torpedo(view, shooter, str(args.get("torpedo") or args.get("target") or ""))
            else:
                target = self.enemy_target(state, shooter, str(args.get("target") or ""))
            if distance is None:
                raise Incomplete("distance", f"distance needed: pz8 §4 (the to-hit number goes by the range); "
                                             f"{kind} takes the {DISTANCE}")
        rules = p.rules(state)
        try:
            need = to_hit_need(rules, int(distance), damaged=bool(shooter.get("damaged")), fire_back=fire_back,
                               at_torpedo=at_torpedo)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        if now and need.lowest_face is None:
            raise InvalidAction(self.hopeless(view, shooter, target, torpedo, need, fire_back))
        ship = rules.spaceship
        attack = defence = 0
        target_damaged = bool(target.get("damaged")) if target is not None else False
        if target is not None:
            attack = d6_count(ship.attack_damaged if shooter.get("damaged") else ship.attack)
            defence = d6_count(ship.defence_damaged if target_damaged else ship.defence)
        return Shot(rules, shooter, self.gun_of(shooter), target, torpedo, int(distance), fire_back, at_torpedo, need,
                    attack, defence, target_damaged)

    def shooter_ref(self, view: TurnView, args: Mapping[str, Any]) -> str:
        """The firing ship; blank: refused when no ship may fire now, else the form is not filled in yet."""
        ref = args.get("ship")
        if ref:
            return str(ref)
        if view.pending is None and view.active_ship is None:
            raise InvalidAction("no ship is being activated: activate one first (pz8 §2)")
        if view.pending is None and view.active_ship is not None:
            return view.active_ship.id  # the one ship that may fire: its refusals are the action's
        raise Incomplete("ship")

    @staticmethod
    def only_answers(state: GameState, view: TurnView, shooter: ShipState, target: Any) -> bool:
        """A ship not being activated that may fire back, firing at its attacker (or at nobody named yet),
        can only mean its fire-back (pz8 §4)."""
        pending = view.pending
        if pending is None or pending.ship != shooter.id or view.activation_ship == shooter.id:
            return False
        return not target or state.find_ship(str(target)).id == pending.at

    def gun_of(self, ship: ShipState) -> str:
        armament = self.plugin.book.armament
        return next((it.id for it in ship.items if it.name in armament and armament[it.name].kind == "gun"), "")

    def aimed_torpedo(self, view: TurnView, shooter: ShipState, ref: str) -> Mapping[str, Any]:
        """The Torpedo salvo a shot at Torpedoes names; `fire` with at_torpedo, whose form lists only ships,
        points to shoot-torpedo, whose form lists the enemy salvos (pz8 §4: "Spaceship or Torpedoes")."""
        enemy = view.enemy_torpedoes(shooter.owner)
        if not ref:
            if not enemy:
                raise InvalidAction("no enemy Torpedo salvo is on the table")
            raise Incomplete("torpedo")
        try:
            torpedo = view.counter("torpedoes", ref, offer=enemy)
        except InvalidAction as exc:
            if self.kind == "shoot-torpedo":
                raise
            ids = ", ".join(t["id"] for t in enemy) or "none is on the table"
            raise InvalidAction(f"{exc}. To shoot at a Torpedo salvo, use shoot-torpedo (pz8 §5): its form lists "
                                f"the enemy salvos ({ids})") from None
        if torpedo["owner"] == shooter.owner:
            raise InvalidAction(f"{torpedo['id']} is {possessive(view.state.players[shooter.owner].name)} own Torpedo salvo; "
                                "a ship shoots at enemy salvos")
        return torpedo

    @staticmethod
    def hopeless(view: TurnView, shooter: ShipState, target: ShipState | None, torpedo: Mapping[str, Any] | None,
                 need: ToHitNeed, fire_back: bool) -> str:
        """Why a shot no D6 face can hit is refused: the to-hit table cannot be reached (pz8 §4, §5)."""
        aim = target.label if target is not None else view.torpedo_label(dict(torpedo or {}))
        mods = ", ".join(f"{name} {value:+d}".replace("-", "−") for name, value in need.modifiers)
        where = "pz8 §4, §5" if torpedo is not None else "pz8 §4"
        then = ("let the fire-back go (any other action does)" if fire_back
                else "the gun is not spent: pick a nearer target, or go on without firing")
        return (f"{shooter.label} cannot hit {aim} at {plural(need.distance, 'hex', 'hexes')}: the {need.band} band "
                f"needs {need.number} on 1D6 and with {mods} no face reaches it ({where}); nothing is rolled: {then}")

    def may_fire(self, state: GameState, shooter: ShipState) -> None:
        """Refused unless the shooter is being activated and has neither fired nor (by the settings)
        launched in this activation (pz8 §4)."""
        p = self.plugin
        open_activation(state, shooter, "fire")
        if shooter.get("fired"):
            raise InvalidAction(f"{shooter.label} has already fired this turn (one shot per activation, pz8 §4)")
        if TurnView(state).launched_now(shooter) and not p.setting(state, "torpedo_with_gun"):
            raise InvalidAction(f"{shooter.label} launched its Torpedo salvo in this activation, so it may not fire "
                                f"as well: {p.setting_words(state, 'torpedo_with_gun')}")

    @staticmethod
    def fire_back_target(view: TurnView, shooter: ShipState, target_ref: Any, distance: Any,
                         at_torpedo: bool) -> tuple[ShipState, int]:
        state = view.state
        if at_torpedo:
            raise InvalidAction("a fire-back answers the ship that fired; it cannot be aimed at Torpedoes")
        pending = view.pending
        if pending is None or pending.ship != shooter.id:
            now = ""
            if pending is not None:
                now = f" (now {state.ships[pending.ship].label} may fire back at {state.ships[pending.at].label})"
            raise InvalidAction(f"{shooter.label} has no shot to answer: a fire-back comes right after a shot at "
                                f"it{now}")
        attacker = state.ships[pending.at]
        if target_ref and state.find_ship(str(target_ref)).id != attacker.id:
            raise InvalidAction(f"{shooter.label} may only fire back at {attacker.label}, the ship that fired at it (pz8 §4)")
        if not view.alive(attacker):
            raise InvalidAction(f"{attacker.label} is destroyed")
        return attacker, int(pending.distance if distance is None else distance)

    @staticmethod
    def enemy_target(state: GameState, shooter: ShipState, ref: str) -> ShipState:
        """The enemy Spaceship `ref` names, still in play; refused for the shooter itself or its own side."""
        if not ref:
            raise Incomplete("target")
        target = state.find_ship(ref)
        if target.id == shooter.id:
            raise InvalidAction(f"{shooter.label} cannot fire at itself")
        if not TurnView.alive(target):
            raise InvalidAction(f"{target.label} is already destroyed")
        if target.owner == shooter.owner:
            raise InvalidAction(f"{target.label} is on {possessive(state.players[shooter.owner].name)} own side")
        return target

    # ---- before the roll -----------------------------------------------------------------------------
    def dice(self, p: Shot) -> DicePlan:
        return shot_plan(p)

    def outcome(self, p: Shot) -> Distribution[Outcome]:
        joint = gun_attack_joint(p.rules, distance=p.distance, damaged=bool(p.shooter.get("damaged")),
                                 target_damaged=p.target_damaged, fire_back=p.fire_back, at_torpedo=p.at_torpedo)
        return joint.map(lambda hr: self.result(p, hr[0], hr[1]))

    def result(self, p: Shot, hit: bool, result: str) -> Outcome:
        """What a shot with this hit and result does (pz8 §4): the target's damage state and its steps taken
        (Undamaged → Damaged 1, → Destroyed 2: the book has no other measure of damage), whether it may fire
        back; at Torpedoes (pz8 §5), the salvo explodes."""
        aim = p.aim
        marks: frozenset[str] = frozenset()
        if may_fire_back(p.rules, hit=hit, result=result, fire_back=p.fire_back, at_torpedo=p.at_torpedo,
                         distance=p.distance, target_damaged=p.target_damaged):
            marks = frozenset({FIRE_BACK_MARK})
        dealt: tuple[tuple[str, int], ...] = ()
        if p.target is not None:
            before = STATES.index("damaged" if p.target_damaged else "undamaged")
            reached = max(before, STATES.index(result)) if result != "none" else before
            dealt = ((aim, reached - before),)
        return Outcome(dealt=dealt, states=((aim, result),) if result != "none" else (),
                       destroyed=frozenset({aim}) if result in ("destroyed", "exploded") else frozenset(),
                       spent=frozenset({f"{p.shooter.id}.{p.gun}"}), hit=hit, marks=marks)

    def odds_words(self, p: Shot) -> OddsWords:
        answerable = not p.at_torpedo and (not p.fire_back or bool(p.rules.setting("fireback_chain")))
        opts = {"damaged": bool(p.shooter.get("damaged")), "target_damaged": p.target_damaged,
                "at_torpedo": p.at_torpedo}
        notes = shot_notes(p.rules, p.need, opts)
        if answerable and not fire_back_can_hit(p.rules, p.distance, damaged=p.target_damaged):
            answerable, notes = False, (*notes, no_fire_back_note(p.distance))  # said, not a silent 0%
        return OddsWords(ship=p.aim, results=("none", "exploded") if p.at_torpedo else ("none", "damaged", "destroyed"),
                         marks=(FIRE_BACK_MARK,) if answerable else (), notes=notes,
                         damage_table=False)

    def after(self, p: Shot, earlier: Outcome) -> Shot | None:
        """The same shot at a target an earlier shot Damaged: it rolls its Damaged dice (pz8 §4)."""
        if p.target is None or earlier.state_of(p.aim) != "damaged" or p.target_damaged:
            return p
        ship = p.rules.spaceship
        return replace(p, target_damaged=True, defence_dice=d6_count(ship.defence_damaged))

    def observed(self, p: Shot, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        """What the records say one shot did (the conformance kit's reading): the target's flags, the chance
        to fire back left open, the salvo's counter gone, the hit as the shot's story tells it."""
        view = TurnView(after)
        if p.target is None:
            gone = all(t["id"] != p.aim for t in view.torpedoes())
            result = "exploded" if gone else "none"
        else:
            hit_ship = after.ships[p.aim]
            result = ("destroyed" if not TurnView.alive(hit_ship) else
                      "damaged" if hit_ship.get("damaged") and not p.target_damaged else "none")
        pending = view.pending
        answers = (pending is not None and pending.ship == p.aim and pending.at == p.shooter.id
                   and fire_back_can_hit(p.rules, p.distance, damaged=bool(after.ships[p.aim].get("damaged"))))
        hit = next(bool(e.data["hit"]) for e in events if e.kind == "shot")
        made = self.result(p, hit, result)
        return replace(made, marks=frozenset({FIRE_BACK_MARK}) if answers else frozenset())

    # ---- the decision ---------------------------------------------------------------------------------
    def apply(self, p: Shot, dice: DiceRecorder, batch: Batch) -> None:
        """The shot resolved by the procedures (pz8 §4, §5) and applied as changes."""
        plugin, state = self.plugin, batch.state
        try:
            res = resolve_gun_attack(p.rules, dice, distance=p.distance, damaged=bool(p.shooter.get("damaged")),
                                     target_damaged=p.target_damaged, fire_back=p.fire_back, at_torpedo=p.at_torpedo)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        out = res.outcome
        view = TurnView(state)
        shooter, target = p.shooter, p.target
        aim = target.label if target is not None else view.torpedo_label(dict(p.torpedo or {}))
        verb = "fires back at" if p.fire_back else "fires at"
        text = f"{shooter.label} {verb} {aim}, {plural(p.distance, 'hex', 'hexes')}. " + " ".join(s.text for s in res.steps)
        answer = bool(out["fire_back_allowed"]) and target is not None
        batch.story("shot", text, ship=shooter.id, target=p.aim or None, at_torpedo=p.at_torpedo, distance=p.distance,
                    fire_back=p.fire_back, hit=out["hit"], result=out["result"], answer=answer, outcome=out,
                    dice=dice_data(res.dice))
        self.answer(batch, p, answer, fire_back_can_hit(p.rules, p.distance,
                                                        damaged=p.target_damaged or out["result"] == "damaged"))
        if p.at_torpedo and out["result"] == "exploded" and p.torpedo is not None:
            take_off(batch, dict(p.torpedo), f"exploded, hit by {shooter.label} in turn {state.turn}",
                            f"{view.torpedo_label(dict(p.torpedo))} explodes: its counter is taken off the table (pz8 §5)")
        if p.fire_back:
            batch.set(shooter.id, "fire_backs", int(shooter.get("fire_backs", 0)) + 1, "fired back (pz8 §4)")
            if (plugin.setting(state, "fireback_uses_activation") and not shooter.get("activated")
                    and view.activation_ship != shooter.id):
                batch.set(shooter.id, "activated", True,
                          f"its fire-back used its activation ({plugin.setting_words(state, 'fireback_uses_activation')})")
        else:
            batch.set(shooter.id, "fired", True, "fired its gun (pz8 §4)")
        if target is not None:
            damage(batch, target, str(out["result"]), f"hit by {shooter.name}")
            fleet_gone(batch, target.owner)
        before = len(batch.events)
        close_if_lost(batch, dice)
        if len(batch.events) == before and not p.fire_back:
            goto(batch, "torpedo", dice)

    @staticmethod
    def answer(batch: Batch, p: Shot, answer: bool, can_hit: bool = True) -> None:
        """The chance to fire back this shot leaves (pz8 §4), replacing the one it used or let go."""
        old = TurnView(batch.state).pending
        if answer and p.target is not None:
            new = {"ship": p.target.id, "at": p.shooter.id, "distance": p.distance}
            if can_hit:
                words = f"{p.target.label} may fire back at {p.shooter.label} at once, at -1 to hit (pz8 §4)"
            else:
                words = (f"{p.target.label} may answer {p.shooter.label}, but "
                         f"{no_fire_back_note(p.distance).split(': ', 1)[1]}; the chance lapses with the next action")
            batch.extra("fire_back", new, words)
        elif old is not None:
            words = "the fire-back is made" if p.fire_back else "another shot came first"
            batch.extra("fire_back", None, f"No shot is left to answer: {words}")


class Fire(ShotAction):
    spec = ActionSpec(
        "fire",
        "Fire the ship's gun straight ahead, once in its activation, after moving (pz8 §4): 1D6 to hit "
        "(1-3 hexes 4+, 4-6 hexes 5+, 7-9 hexes 6; -1 if the firer is Damaged, -1 for a fire-back, -1 at "
        "Torpedoes), then the opposed damage roll: +1 or +2 Damages (a Damaged target is Destroyed), +3 or more "
        "Destroys. The target may then fire back (fire-back). " + FIRE_DICE,
        (
            ArgSpec("ship", ArgType.SHIP, "the firing ship (the one being activated, or with fire_back the one shot at)"),
            ArgSpec("target", ArgType.SHIP, "the enemy Spaceship straight ahead (with at_torpedo: an enemy Torpedo "
                    "salvo's counter id)"),
            ArgSpec("distance", ArgType.INT, DISTANCE, required=False),
            ArgSpec("fire_back", ArgType.BOOL, "this shot answers a shot at the firer, at -1 (as fire-back)",
                    required=False, default=False),
            ArgSpec("at_torpedo", ArgType.BOOL, "the target is an enemy Torpedo salvo's counter id, at -1 (pz8 §5); "
                    "in a form, use shoot-torpedo, which lists the enemy salvos", required=False, default=False),
        ),
        rolls=True,
    )


class FireBack(ShotAction):
    spec = ActionSpec(
        "fire-back",
        "The target of a shot, if not Destroyed, fires back at once at the attacker, at -1 to hit (pz8 §4). "
        "Any other pz8 action lets the chance go. " + FIRE_DICE,
        (
            ArgSpec("ship", ArgType.SHIP, "the ship that was shot at (default: the one that may fire back)",
                    required=False),
            ArgSpec("distance", ArgType.INT, "hexes to the attacker (default: the distance of the shot)", required=False),
        ),
        rolls=True,
    )

    def shooter_ref(self, view: TurnView, args: Mapping[str, Any]) -> str:
        ref = args.get("ship")
        if ref:
            return str(ref)
        if view.pending is None:
            raise InvalidAction("no ship may fire back now: a fire-back comes right after a shot at a ship (pz8 §4)")
        return view.pending.ship


class ShootTorpedo(ShotAction):
    spec = ActionSpec(
        "shoot-torpedo",
        "Fire the ship's gun at an enemy Torpedo salvo instead of a ship (pz8 §5): 1D6 to hit at -1 (and -1 if "
        "Damaged); a hit explodes the salvo (its counter is taken off, no damage roll). Dice: the 1D6 to hit.",
        (
            ArgSpec("ship", ArgType.SHIP, "the firing ship (the one being activated)"),
            ArgSpec("torpedo", ArgType.TOKEN, "an enemy Torpedo salvo straight ahead: its counter id", tokens=("torpedo",)),
            ArgSpec("distance", ArgType.INT, DISTANCE),
        ),
        rolls=True,
    )

    def shooter_ref(self, view: TurnView, args: Mapping[str, Any]) -> str:
        ref = args.get("ship")
        if ref:
            return str(ref)
        if view.active_ship is None:
            raise InvalidAction("no ship is being activated: activate one first (pz8 §2)")
        return view.active_ship.id


SHOT_ACTIONS = (Fire, FireBack, ShootTorpedo)
