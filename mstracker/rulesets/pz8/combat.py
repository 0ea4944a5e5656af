"""pz8 plugin: firing (pz8 §4), fire-back and shooting at Torpedo salvos (pz8 §5).

Each shot is prepared once (`prepare_shot`: who fires at what, from how far, with which modifiers and
dice), and that one preparation gives both the dice declared before the roll (dice_plans.py) and the
decision, so the plan and the refusals are the decider's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from ...game.state import GameState, ShipState
from .model import d6_count
from .procedures import ToHitNeed, resolve_gun_attack, to_hit_need
from .turn import TurnActions
from .view import TurnView, plural

FIRE_DICE = (
    "Dice, in order: 1D6 to hit; on a hit at a Spaceship, the firer's 2D6 (1D6 if Damaged), then the "
    "target's 2D6 (1D6 if Damaged). At Torpedoes, only the 1D6 to hit."
)
_DISTANCE = "hexes from the firer to the target, counted on the table (1 to 9)"


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot as the rules see it before the roll (pz8 §4, §5)."""

    shooter: ShipState
    target: ShipState | None  # None when the shot is at a Torpedo salvo
    torpedo: dict[str, Any] | None
    distance: int
    fire_back: bool
    at_torpedo: bool
    need: ToHitNeed
    attack_dice: int  # the firer's dice in the damage roll (0 at Torpedoes)
    defence_dice: int  # the target's dice (0 at Torpedoes)


class CombatActions(TurnActions):
    """fire, fire-back, shoot-torpedo."""

    @action(
        "fire",
        ArgSpec("ship", ArgType.SHIP, "the firing ship (the one being activated, or with fire_back the one shot at)"),
        ArgSpec("target", ArgType.SHIP, "the enemy Spaceship straight ahead (with at_torpedo: an enemy Torpedo "
                "salvo's counter id)"),
        ArgSpec("distance", ArgType.INT, _DISTANCE, required=False),
        ArgSpec("fire_back", ArgType.BOOL, "this shot answers a shot at the firer, at -1 (as fire-back)",
                required=False, default=False),
        ArgSpec("at_torpedo", ArgType.BOOL, "the target is an enemy Torpedo salvo's counter id, at -1 (pz8 §5); "
                "in a form, use shoot-torpedo, which lists the enemy salvos", required=False, default=False),
        help="Fire the ship's gun straight ahead, once in its activation, after moving (pz8 §4): 1D6 to hit "
        "(1-3 hexes 4+, 4-6 hexes 5+, 7-9 hexes 6; -1 if the firer is Damaged, -1 for a fire-back, -1 at "
        "Torpedoes), then the opposed damage roll: +1 or +2 Damages (a Damaged target is Destroyed), +3 or more "
        "Destroys. The target may then fire back (fire-back). " + FIRE_DICE,
        rolls=True,
    )
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self.shoot(state, dice, self.prepare_shot(state, "fire", args))

    @action(
        "fire-back",
        ArgSpec("ship", ArgType.SHIP, "the ship that was shot at (default: the one that may fire back)",
                required=False),
        ArgSpec("distance", ArgType.INT, "hexes to the attacker (default: the distance of the shot)", required=False),
        help="The target of a shot, if not Destroyed, fires back at once at the attacker, at -1 to hit (pz8 §4). "
        "Any other pz8 action lets the chance go. " + FIRE_DICE,
        rolls=True,
    )
    def fire_back(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self.shoot(state, dice, self.prepare_shot(state, "fire-back", args))

    @action(
        "shoot-torpedo",
        ArgSpec("ship", ArgType.SHIP, "the firing ship (the one being activated)"),
        ArgSpec("torpedo", ArgType.TOKEN, "an enemy Torpedo salvo straight ahead: its counter id", tokens=("torpedo",)),
        ArgSpec("distance", ArgType.INT, _DISTANCE),
        help="Fire the ship's gun at an enemy Torpedo salvo instead of a ship (pz8 §5): 1D6 to hit at -1 (and -1 if "
        "Damaged); a hit explodes the salvo (its counter is taken off, no damage roll). Dice: the 1D6 to hit.",
        rolls=True,
    )
    def shoot_torpedo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return self.shoot(state, dice, self.prepare_shot(state, "shoot-torpedo", args))

    # ---- preparing a shot ---------------------------------------------------------------------
    def prepare_shot(self, state: GameState, kind: str, args: dict[str, Any]) -> Shot:
        """The shot `kind` would make with these arguments, or InvalidAction saying why it may not."""
        view = self.view(state)
        fire_back = kind == "fire-back" or bool(args.get("fire_back"))
        at_torpedo = kind == "shoot-torpedo" or bool(args.get("at_torpedo"))
        ref = args.get("ship")
        if kind == "fire-back" and not ref:
            if view.pending is None:
                raise InvalidAction("no ship may fire back now: a fire-back comes right after a shot at a ship (pz8 §4)")
            ref = view.pending.ship
        shooter = self.acting_ship(state, str(ref))
        distance = args.get("distance")
        target: ShipState | None = None
        torpedo: dict[str, Any] | None = None
        if fire_back:
            target, distance = self._fire_back_target(view, shooter, args.get("target"), distance, at_torpedo)
        else:
            self.may_fire(state, shooter)
            if at_torpedo:
                torpedo = self._aimed_torpedo(view, shooter, kind, str(args.get("torpedo") or args.get("target") or ""))
                if torpedo["owner"] == shooter.owner:
                    raise InvalidAction(f"{torpedo['id']} is {state.players[shooter.owner].name}'s own Torpedo salvo; "
                                        "a ship shoots at enemy salvos")
            else:
                target = self.enemy_target(state, shooter, str(args.get("target") or ""))
            if distance is None:
                raise InvalidAction(f"distance needed: pz8 §4 (the to-hit number goes by the range); {kind} takes the "
                                    f"{_DISTANCE}")
        try:
            need = to_hit_need(self.rules(state), int(distance), damaged=bool(shooter.get("damaged")),
                               fire_back=fire_back, at_torpedo=at_torpedo)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        if need.lowest_face is None:
            raise InvalidAction(self._hopeless(view, shooter, target, torpedo, need, fire_back))
        ship = self.rules(state).spaceship
        attack = defence = 0
        if target is not None:
            attack = d6_count(ship.attack_damaged if shooter.get("damaged") else ship.attack)
            defence = d6_count(ship.defence_damaged if target.get("damaged") else ship.defence)
        return Shot(shooter, target, torpedo, int(distance), fire_back, at_torpedo, need, attack, defence)

    @staticmethod
    def _aimed_torpedo(view: TurnView, shooter: ShipState, kind: str, ref: str) -> dict[str, Any]:
        """The Torpedo salvo a shot at Torpedoes names; `fire` with at_torpedo, whose form lists only ships,
        points to shoot-torpedo, whose form lists the enemy salvos (pz8 §4: "Spaceship or Torpedoes")."""
        enemy = view.enemy_torpedoes(shooter.owner)
        try:
            return view.counter("torpedoes", ref, offer=enemy)
        except InvalidAction as exc:
            if kind == "shoot-torpedo":
                raise
            ids = ", ".join(t["id"] for t in enemy) or "none is on the table"
            raise InvalidAction(f"{exc}. To shoot at a Torpedo salvo, use shoot-torpedo (pz8 §5): its form lists "
                                f"the enemy salvos ({ids})") from None

    @staticmethod
    def _hopeless(view: TurnView, shooter: ShipState, target: ShipState | None, torpedo: dict[str, Any] | None,
                  need: ToHitNeed, fire_back: bool) -> str:
        """Why a shot no D6 face can hit is refused: the to-hit table cannot be reached (pz8 §4, §5)."""
        aim = target.label if target is not None else view.torpedo_label(torpedo or {})
        mods = ", ".join(f"{name} {value:+d}".replace("-", "−") for name, value in need.modifiers)
        where = "pz8 §4, §5" if torpedo is not None else "pz8 §4"
        then = ("let the fire-back go (any other action does)" if fire_back
                else "the gun is not spent: pick a nearer target, or go on without firing")
        return (f"{shooter.label} cannot hit {aim} at {plural(need.distance, 'hex', 'hexes')}: the {need.band} band "
                f"needs {need.number} on 1D6 and with {mods} no face reaches it ({where}); nothing is rolled: {then}")

    def may_fire(self, state: GameState, shooter: ShipState) -> None:
        """Refused unless the shooter is being activated and has neither fired nor (by the settings)
        launched in this activation (pz8 §4)."""
        self.open_activation(state, shooter, "fire")
        if shooter.get("fired"):
            raise InvalidAction(f"{shooter.label} has already fired this turn (one shot per activation, pz8 §4)")
        if self.view(state).launched_now(shooter) and not self.setting(state, "torpedo_with_gun"):
            raise InvalidAction(f"{shooter.label} launched its Torpedo salvo in this activation, so it may not fire "
                                f"as well: {self.setting_words(state, 'torpedo_with_gun')}")

    def _fire_back_target(self, view: TurnView, shooter: ShipState, target_ref: Any, distance: Any,
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

    def enemy_target(self, state: GameState, shooter: ShipState, ref: str) -> ShipState:
        """The enemy Spaceship `ref` names, still in play; refused for the shooter itself or its own side."""
        target = state.find_ship(ref)
        if target.id == shooter.id:
            raise InvalidAction(f"{shooter.label} cannot fire at itself")
        if not TurnView.alive(target):
            raise InvalidAction(f"{target.label} is already destroyed")
        if target.owner == shooter.owner:
            raise InvalidAction(f"{target.label} is on {state.players[shooter.owner].name}'s own side")
        return target

    # ---- one shot -----------------------------------------------------------------------------
    def shoot(self, state: GameState, dice: DiceRecorder, shot: Shot) -> list[Event]:
        """A shot (main, fire-back, or at Torpedoes) resolved by the procedures and applied as changes."""
        target_damaged = bool(shot.target.get("damaged")) if shot.target is not None else False
        try:
            res = resolve_gun_attack(
                self.rules(state), dice, distance=shot.distance, damaged=bool(shot.shooter.get("damaged")),
                target_damaged=target_damaged, fire_back=shot.fire_back, at_torpedo=shot.at_torpedo,
            )
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        out = res.outcome
        view = self.view(state)
        shooter, target = shot.shooter, shot.target
        aim = target.label if target is not None else view.torpedo_label(shot.torpedo or {})
        verb = "fires back at" if shot.fire_back else "fires at"
        text = f"{shooter.label} {verb} {aim}, {plural(shot.distance, 'hex', 'hexes')}. " + " ".join(
            s.text for s in res.steps)
        answer = bool(out["fire_back_allowed"]) and target is not None
        batch = Batch(self, state)
        batch.story("shot", text, ship=shooter.id, target=target.id if target else (shot.torpedo or {}).get("id"),
                    at_torpedo=shot.at_torpedo, distance=shot.distance, fire_back=shot.fire_back, hit=out["hit"],
                    result=out["result"], answer=answer, outcome=out, dice=dice_data(res.dice))
        self._answer(batch, shot, answer)
        if shot.at_torpedo and out["result"] == "exploded" and shot.torpedo is not None:
            self.take_off(batch, shot.torpedo, f"exploded, hit by {shooter.label} in turn {state.turn}",
                          f"{view.torpedo_label(shot.torpedo)} explodes: its counter is taken off the table (pz8 §5)")
        if shot.fire_back:
            batch.set(shooter.id, "fire_backs", int(shooter.get("fire_backs", 0)) + 1, "fired back (pz8 §4)")
            if (self.setting(state, "fireback_uses_activation") and not shooter.get("activated")
                    and view.activation_ship != shooter.id):
                batch.set(shooter.id, "activated", True,
                          f"its fire-back used its activation ({self.setting_words(state, 'fireback_uses_activation')})")
        else:
            batch.set(shooter.id, "fired", True, "fired its gun (pz8 §4)")
        if target is not None:
            self.damage(batch, target, str(out["result"]), f"hit by {shooter.name}")
            self.fleet_gone(batch, target.owner)
        before = len(batch.events)
        self.close_if_lost(batch, dice)
        if len(batch.events) == before and not shot.fire_back:
            self.goto(batch, "torpedo", dice)
        return batch.events

    def _answer(self, batch: Batch, shot: Shot, answer: bool) -> None:
        """The chance to fire back this shot leaves (pz8 §4), replacing the one it used or let go."""
        old = self.view(batch.state).pending
        if answer and shot.target is not None:
            new = {"ship": shot.target.id, "at": shot.shooter.id, "distance": shot.distance}
            batch.extra("fire_back", new, f"{shot.target.label} may fire back at {shot.shooter.label} at once, "
                                          "at -1 to hit (pz8 §4)")
        elif old is not None:
            words = "the fire-back is made" if shot.fire_back else "another shot came first"
            batch.extra("fire_back", None, f"No shot is left to answer: {words}")

    def take_off(self, batch: Batch, torpedo: dict[str, Any], gone: str, text: str) -> None:
        """A Torpedo salvo's counter leaves the table; its entry stays, marked gone, so its id is not reused."""
        salvos = [dict(t, gone=gone) if t["id"] == torpedo["id"] else t
                  for t in self.view(batch.state).counters("torpedoes", all_=True)]
        batch.extra("torpedoes", salvos, text)
