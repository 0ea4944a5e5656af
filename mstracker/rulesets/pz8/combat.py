"""pz8 plugin: firing, fire-back, Torpedo salvos (launch, attack, shooting them) (RULES.md C4.2-C4.4)."""

from __future__ import annotations

from typing import Any

from .procedures import resolve_gun_attack, resolve_torpedo_attack
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.generic import note, set_value
from ...game.plugin import action, reducer
from .game_base import plural
from .turn import TurnActions
from ...game.state import GameState, ShipState

FIRE_DICE = (
    "Dice, in order: 1D6 to hit; on a hit at a Spaceship, the firer's 2D6 (1D6 if Damaged), then the "
    "target's 2D6 (1D6 if Damaged). At Torpedoes, only the 1D6 to hit."
)
_DISTANCE = "hexes from the firer to the target, counted on the table (1 to 9)"


class CombatActions(TurnActions):
    """Gunfire and torpedoes."""

    @action(
        "fire",
        ArgSpec("ship", ArgType.SHIP, "the firing ship (the one being activated)"),
        ArgSpec("target", ArgType.SHIP, "the Spaceship straight ahead (with at_torpedo: a Torpedo counter, t1)"),
        ArgSpec("distance", ArgType.INT, _DISTANCE, required=False),
        ArgSpec("fire_back", ArgType.BOOL, "this shot answers a shot at the firer, at -1 (as fire-back)",
                required=False, default=False),
        ArgSpec("at_torpedo", ArgType.BOOL, "shoot at a Torpedo counter, at -1; a hit explodes it (as shoot-torpedo)",
                required=False, default=False),
        help="Fire the ship's gun straight ahead, once in its activation, after moving: 1D6 to hit (1-3 hexes 4+, "
        "4-6 hexes 5+, 7-9 hexes 6; -1 if the firer is Damaged, -1 for a fire-back, -1 at Torpedoes), then the "
        "opposed damage roll: +1 or +2 Damages (a Damaged target is Destroyed), +3 or more Destroys. The target "
        "may then fire back (fire-back). " + FIRE_DICE,
        rolls=True,
    )
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        shooter = self.acting_ship(state, args["ship"])
        return self.shoot(state, dice, shooter, target_ref=args["target"], distance=args["distance"],
                          fire_back=bool(args["fire_back"]), at_torpedo=bool(args["at_torpedo"]))

    @action(
        "fire-back",
        ArgSpec("ship", ArgType.SHIP, "the ship that was shot at (default: the one that may fire back)",
                required=False),
        ArgSpec("distance", ArgType.INT, "hexes to the attacker (default: the distance of the shot)", required=False),
        help="The target of a shot, if not Destroyed, fires back at once at the attacker, at -1 to hit (also after a "
        "miss with setting fireback_on_miss; a fire-back is not answered unless fireback_chain). Any other pz8 "
        "action lets the chance go. " + FIRE_DICE,
        rolls=True,
    )
    def fire_back(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        pending = state.extra.get("fire_back")
        if not args["ship"] and not pending:
            raise InvalidAction("no ship may fire back now: a fire-back comes right after a shot at a ship")
        shooter = self.acting_ship(state, args["ship"] or pending["ship"])
        return self.shoot(state, dice, shooter, target_ref=None, distance=args["distance"], fire_back=True,
                          at_torpedo=False)

    @action(
        "shoot-torpedo",
        ArgSpec("ship", ArgType.SHIP, "the firing ship (the one being activated)"),
        ArgSpec("torpedo", ArgType.TEXT, "the enemy Torpedo counter straight ahead (t1)"),
        ArgSpec("distance", ArgType.INT, _DISTANCE),
        help="Fire the ship's gun at a Torpedo salvo instead of a ship: 1D6 to hit at -1 (and -1 if Damaged); a hit "
        "explodes the salvo (its counter is removed, no damage roll). Dice: the 1D6 to hit.",
        rolls=True,
    )
    def shoot_torpedo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        shooter = self.acting_ship(state, args["ship"])
        return self.shoot(state, dice, shooter, target_ref=args["torpedo"], distance=args["distance"],
                          fire_back=False, at_torpedo=True)

    # ---- one shot ---------------------------------------------------------------------------
    def shoot(
        self,
        state: GameState,
        dice: DiceRecorder,
        shooter: ShipState,
        *,
        target_ref: str | None,
        distance: int | None,
        fire_back: bool,
        at_torpedo: bool,
    ) -> list[Event]:
        """A shot (main, fire-back, or at Torpedoes) resolved by rules/pz8 and applied as events."""
        target: ShipState | None = None
        torpedo: dict[str, Any] | None = None
        if fire_back:
            target, distance = self._fire_back_target(state, shooter, target_ref, distance, at_torpedo)
        else:
            current = self.open_activation(state, shooter, "fire")
            if shooter.get("fired"):
                raise InvalidAction(f"{shooter.label} has already fired this turn (one shot per activation)")
            if current["launched"] and not self.setting(state, "torpedo_with_gun", True):
                raise InvalidAction(f"{shooter.label} launched its Torpedoes in this activation; with setting "
                                    "torpedo_with_gun off it may not fire as well")
            if at_torpedo:
                torpedo = self.torpedo(state, str(target_ref))
                if torpedo["owner"] == shooter.owner:
                    raise InvalidAction(f"{torpedo['id']} is {state.players[shooter.owner].name}'s own Torpedo salvo")
            else:
                target = self._enemy(state, shooter, str(target_ref))
            if distance is None:
                raise InvalidAction(f"fire needs distance: the {_DISTANCE}")
        target_damaged = bool(target.get("damaged")) if target is not None else False
        try:
            res = resolve_gun_attack(
                self.rules(state), dice, distance=distance, damaged=bool(shooter.get("damaged")),
                target_damaged=target_damaged, fire_back=fire_back, at_torpedo=at_torpedo,
            )
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        out = res.outcome
        aim = target.label if target is not None else self.torpedo_label(state, torpedo or {})
        verb = "fires back at" if fire_back else "fires at"
        steps = " ".join(s.text for s in res.steps)
        text = f"{shooter.label} {verb} {aim}, {plural(distance, 'hex', 'hexes')}. {steps}"
        data = {
            "ship": shooter.id,
            "target": target.id if target is not None else (torpedo or {}).get("id"),
            "at_torpedo": at_torpedo,
            "distance": distance,
            "fire_back": fire_back,
            "hit": out["hit"],
            "result": out["result"],
            "fire_back_allowed": bool(out["fire_back_allowed"]) and target is not None,
            "outcome": out,
            "dice": dice_data(res.dice),
        }
        events = [Event("shot-fired", data, text)]
        if fire_back:
            backs = int(shooter.get("fire_backs", 0)) + 1
            events.append(set_value(state, shooter.id, "fire_backs", backs, "fire-back"))
            busy = (self.activation(state) or {}).get("ship")
            if (self.setting(state, "fireback_uses_activation", False) and not shooter.get("activated")
                    and busy != shooter.id):
                events.append(set_value(state, shooter.id, "activated", True,
                                        "its fire-back used its activation (setting fireback_uses_activation)"))
        else:
            events.append(set_value(state, shooter.id, "fired", True, "fired its gun"))
        if target is not None:
            events += self.damage_events(state, target, str(out["result"]), f"hit by {shooter.name}")
            events += self.fleet_gone(self.apply(state, events), target.owner)
        after = self.apply(state, events)
        closing = self.close_if_lost(after, dice)
        if closing:
            return events + closing
        return events + ([] if fire_back else self.goto(after, "torpedo", dice))

    def _fire_back_target(
        self, state: GameState, shooter: ShipState, target_ref: str | None, distance: int | None, at_torpedo: bool
    ) -> tuple[ShipState, int]:
        pending = state.extra.get("fire_back")
        if at_torpedo:
            raise InvalidAction("a fire-back answers the ship that fired; it cannot be aimed at Torpedoes")
        if not pending or pending["ship"] != shooter.id:
            now = ""
            if pending:
                now = f" (now {state.ships[pending['ship']].label} may fire back at {state.ships[pending['at']].label})"
            raise InvalidAction(
                f"{shooter.label} has no shot to answer: a fire-back comes right after a shot at it{now}"
            )
        attacker = state.ships[pending["at"]]
        if target_ref is not None and state.find_ship(target_ref).id != attacker.id:
            raise InvalidAction(f"{shooter.label} may only fire back at {attacker.label}, the ship that fired at it")
        if not self.alive(attacker):
            raise InvalidAction(f"{attacker.label} is destroyed")
        return attacker, int(pending["distance"] if distance is None else distance)

    def _enemy(self, state: GameState, shooter: ShipState, ref: str) -> ShipState:
        target = state.find_ship(ref)
        if target.id == shooter.id:
            raise InvalidAction(f"{shooter.label} cannot fire at itself")
        if not self.alive(target):
            raise InvalidAction(f"{target.label} is already destroyed")
        if target.owner == shooter.owner:
            raise InvalidAction(f"{target.label} is on {state.players[shooter.owner].name}'s own side")
        return target

    def fleet_gone(self, state: GameState, player: int) -> list[Event]:
        """A note when a side has just lost its last Spaceship."""
        if self.fleet(state, player):
            return []
        return [note(f"{state.players[player].name} has no Spaceships left: the victory check at the end of the "
                     "turn ends the game")]

    @reducer("shot-fired")
    def _shot_fired(self, state: GameState, event: Event) -> GameState:
        d = event.data
        values: dict[str, Any] = {"fire_back": None}
        if d["fire_back_allowed"]:
            values["fire_back"] = {"ship": d["target"], "at": d["ship"], "distance": d["distance"]}
        if d["at_torpedo"] and d["result"] == "exploded":
            values["torpedoes"] = [t for t in state.extra.get("torpedoes", []) if t["id"] != d["target"]]
        return state.with_extra(values)

    # ---- torpedoes --------------------------------------------------------------------------
    @action(
        "launch-torpedo",
        ArgSpec("ship", ArgType.SHIP, "the ship being activated"),
        ArgSpec("where", ArgType.TEXT, "the hex in front of it, for the log (e.g. D5)", required=False, default="",
                rest=True),
        help="Launch the ship's one Torpedo salvo of the game in its firing phase: a Torpedoes counter goes into "
        "the hex it faces. Besides its gun shot unless setting torpedo_with_gun is off.",
    )
    def launch_torpedo(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.acting_ship(state, args["ship"])
        self.open_activation(state, ship, "launch Torpedoes")
        left = int(ship.get("torpedo", 0))
        if left <= 0:
            per = self.book.spaceship.torpedo_salvos
            raise InvalidAction(f"{ship.label} has no Torpedo salvo left (each ship launches {per} per game)")
        if ship.get("fired") and not self.setting(state, "torpedo_with_gun", True):
            raise InvalidAction(f"{ship.label} has fired in this activation; with setting torpedo_with_gun off it "
                                "may not launch Torpedoes as well")
        number = int((state.extra.get("seq") or {}).get("t", 0)) + 1
        where = str(args["where"] or "").strip()
        counter = {"id": f"t{number}", "owner": ship.owner, "ship": ship.id, "turn": state.turn, "where": where}
        text = (f"{ship.label} launches its Torpedo salvo: counter {counter['id']} placed in the hex in front"
                + (f" ({where})" if where else "") + "; it moves 6 MPs toward the nearest enemy at each end of turn")
        events = [
            Event("torpedo-launched", {"ship": ship.id, "torpedo": counter}, text),
            set_value(state, ship.id, "torpedo", left - 1, "Torpedo salvo launched"),
        ]
        return events + self.goto(self.apply(state, events), "torpedo", dice)

    @reducer("torpedo-launched")
    def _torpedo_launched(self, state: GameState, event: Event) -> GameState:
        counter = dict(event.data["torpedo"])
        seq = {**(state.extra.get("seq") or {}), "t": int(counter["id"][1:])}
        current = dict(state.extra.get("activation") or {})
        if current.get("ship") == event.data["ship"]:
            current["launched"] = True
        return state.with_extra({
            "torpedoes": [*state.extra.get("torpedoes", []), counter],
            "seq": seq,
            "activation": current or None,
            "fire_back": None,
        })

    @action(
        "torpedo-attack",
        ArgSpec("torpedo", ArgType.TEXT, "the Torpedo counter (t1)"),
        ArgSpec("target", ArgType.SHIP, "the enemy Spaceship it reached"),
        help="A Torpedo salvo reaches an enemy Spaceship (it enters the ship's hex, or the ship moves into it): an "
        "automatic hit, then the salvo's 2D6 against the target's 2D6 (1D6 if Damaged); the counter is removed. "
        "Dice, in order: the salvo's 2D6, then the target's 2D6 (1D6 if Damaged).",
        rolls=True,
    )
    def torpedo_attack(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        require_turn(state)
        torpedo = self.torpedo(state, args["torpedo"])
        target = state.find_ship(args["target"])
        if not self.alive(target):
            raise InvalidAction(f"{target.label} is already destroyed")
        if target.owner == torpedo["owner"]:
            raise InvalidAction(f"{torpedo['id']} is {state.players[torpedo['owner']].name}'s own salvo; it attacks "
                                "enemy Spaceships only")
        try:
            res = resolve_torpedo_attack(self.rules(state), dice, target_damaged=bool(target.get("damaged")))
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        text = f"{self.torpedo_label(state, torpedo)} reaches {target.label}. " + " ".join(s.text for s in res.steps)
        data = {"torpedo": torpedo["id"], "owner": torpedo["owner"], "target": target.id,
                "result": res.outcome["result"], "outcome": res.outcome, "dice": dice_data(res.dice)}
        events = [Event("torpedo-attacked", data, text)]
        events += self.damage_events(state, target, str(res.outcome["result"]), f"hit by Torpedoes {torpedo['id']}")
        events += self.fleet_gone(self.apply(state, events), target.owner)
        return events + self.close_if_lost(self.apply(state, events), dice)

    @reducer("torpedo-attacked")
    def _torpedo_attacked(self, state: GameState, event: Event) -> GameState:
        left = [t for t in state.extra.get("torpedoes", []) if t["id"] != event.data["torpedo"]]
        return state.with_extra({"torpedoes": left, "fire_back": None})


def require_turn(state: GameState) -> None:
    if not state.started:
        raise InvalidAction("the game is in set-up; use next-step to start turn 1 first")
