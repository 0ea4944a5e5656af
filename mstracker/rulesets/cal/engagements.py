"""cal engagements of ordnance in play: intercepts (cal §Craft) and ordnance attacks on ships (cal §Torpedoes,
§Craft), each checked by one `prepare_*` step shared with its declared dice and its odds. Fighters and
bombers above their fleet's C&C may do neither until the excess is removed (cal §Command & Control)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from ...game.state import GameState, ShipState
from . import cite
from .notation import plural
from .procedures import intercept_plan, resolve_intercept
from .ready_track import CalReadyTrack, TOKEN_ARG
from .tokens import TOKEN_KIND, find_token, intercepted_now, replace_token, token_label


@dataclass(frozen=True)
class Intercept:
    """An intercept, checked: the fighters' token, the target token, the units on each side."""

    fighters: dict[str, Any]
    target: dict[str, Any]
    units: int
    target_units: int
    done: int  # fighter units of the token that intercepted earlier this round
    roll_under: int | None  # the d6 the winning side rolls under to stay, None: no roll
    high: str | None = None  # the side with the higher ATA, which rolls: "a" the fighters, "b" the target

    @property
    def roller(self) -> dict[str, Any]:
        """The token whose side makes the roll to stay (the higher ATA)."""
        return self.target if self.high == "b" else self.fighters


@dataclass(frozen=True)
class OrdnanceAttack:
    """An ordnance attack, checked: what it deals (damage recorded, or Boarders) to which ship."""

    token: dict[str, Any]
    units: int
    target: ShipState
    kind: str
    damage: int
    boarders: int


class CalEngagements(CalReadyTrack):
    """intercept and ordnance-attack."""

    def prepare_intercept(self, state: GameState, args: dict[str, Any], *, timed: bool = True) -> Intercept:
        """Every check of an intercept, in the decider's order; InvalidAction says what is wrong."""
        if timed:
            self.check_time(state, "intercept")
        fighters, target = find_token(state, args["token"]), find_token(state, args["target"])
        if fighters["owner"] == target["owner"]:
            raise InvalidAction(f"{fighters['id']} and {target['id']} are on the same side: fighters intercept hostile "
                                f"ordnance ({cite.CRAFT})")
        _, f_kind = self.ordnance(fighters["kind"])
        if not f_kind.ata:
            raise InvalidAction(f"{fighters['kind']} cannot intercept (ATA 0); only fighters and fighter/bombers do "
                                f"({cite.CRAFT})")
        self.refuse_over_cc(state, fighters["owner"], "intercept")
        done = intercepted_now(fighters, state.turn)
        free = int(fighters["units"]) - done
        units = free if args.get("units") is None else int(args["units"])
        if free <= 0:
            raise InvalidAction(f"every unit of {token_label(fighters)} has intercepted this round ({cite.CRAFT})")
        if not 1 <= units <= free:
            raise InvalidAction(f"{token_label(fighters)} has {plural(free, 'unit')} free to intercept, not {units} "
                                f"({cite.CRAFT})")
        t_units = min(units, int(target["units"])) if args.get("target_units") is None else int(args["target_units"])
        if not 1 <= t_units <= min(units, int(target["units"])):
            raise InvalidAction(f"{units} fighter unit(s) intercept at most {min(units, int(target['units']))} "
                                f"unit(s) of {token_label(target)}, not {t_units}: each fighter unit intercepts one "
                                f"hostile unit a round ({cite.CRAFT})")
        try:
            plan = intercept_plan(self.rules(state), [fighters["kind"]] * units, [target["kind"]] * t_units)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        return Intercept(fighters, target, units, t_units, done, plan[3], plan[2])

    @action(
        "intercept",
        ArgSpec("token", ArgType.TOKEN, "the intercepting fighters' token (its id on the table)", tokens=(TOKEN_KIND,)),
        ArgSpec("target", ArgType.TOKEN, "the hostile ordnance token it intercepts", tokens=(TOKEN_KIND,)),
        ArgSpec("units", ArgType.INT, "fighter units taking part (default all that have not intercepted this round)",
                required=False),
        ArgSpec("target_units", ArgType.INT, "target units intercepted (default as many as fighters, at most its units)",
                required=False),
        help="resolve an intercept (cal §Craft): total ATA against total ATA; the lower side is removed; the higher "
        "side stays only on an unmodified d6 under the difference (dice: that one d6, when it is needed); equal "
        "totals remove both. Against 0-ATA ordnance (torpedoes, bombers, assault craft) the book says both that the "
        "fighter remains and that it rolls: the house default rolls (intercept_zero_ata_roll). Each fighter unit "
        "intercepts at most one unit a round.",
        rolls=True,
    )
    def intercept(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_intercept(state, args)
        fighters, target, units, t_units = p.fighters, p.target, p.units, p.target_units
        res = resolve_intercept(self.rules(state), [fighters["kind"]] * units, [target["kind"]] * t_units, dice)
        out = res.outcome
        lost_a = units if out["removed_a"] else 0
        lost_b = t_units if out["removed_b"] else 0
        new_f = {**fighters, "units": int(fighters["units"]) - lost_a}
        if not out["removed_a"]:
            new_f.update(intercepted=p.done + units, intercepted_round=state.turn)
        new_t = {**target, "units": int(target["units"]) - lost_b}
        _, t_kind = self.ordnance(target["kind"])
        if not out["removed_b"] and t_kind.ata:
            new_t.update(intercepted=intercepted_now(target, state.turn) + t_units, intercepted_round=state.turn)
        after = replace_token(replace_token(state, new_f), new_t)
        text = (f"{token_label(fighters)} intercepts {token_label(target)}" + " (side a: the fighters, side b: the target). "
                + " ".join(s.text for s in res.steps) + f" {res.summary}.")
        data = {"token": fighters["id"], "target": target["id"], "units": units, "target_units": t_units,
                "removed_a": lost_a, "removed_b": lost_b, "dice": dice_data(dice.take())}
        return self.emit("intercepted", state, after, text, "intercept", **data)

    def prepare_ordnance_attack(self, state: GameState, args: dict[str, Any], *, timed: bool = True) -> OrdnanceAttack:
        """Every check of an ordnance attack, in the decider's order."""
        if timed:
            self.check_time(state, "ordnance-attack")
        token, units = self._token_units(state, args["token"], args.get("units"), cite.CRAFT)
        target = self.target_ship(state, args["target"])
        if target.owner == token["owner"]:
            raise InvalidAction(f"{target.label} is on {token['id']}'s own side: ordnance attacks hostile ships "
                                f"({cite.TORPEDOES}, {cite.CRAFT})")
        if token["round"] == state.turn:
            raise InvalidAction(f"{token['id']} was launched this round: it moves and attacks from the next round "
                                f"({cite.ORDNANCE})")
        name, kind = self.ordnance(token["kind"])
        damage = kind.damage if kind.damage is not None else (kind.atg or 0)
        if not damage and not kind.boarders:
            raise InvalidAction(f"{name} does not attack ships (no ATG, damage or boarders; {cite.CRAFT})")
        if kind.cc:
            self.refuse_over_cc(state, token["owner"], "attack")
        return OrdnanceAttack(token, units, target, name, damage * units, kind.boarders * units)

    @action(
        "ordnance-attack",
        TOKEN_ARG,
        ArgSpec("target", ArgType.SHIP, "the hostile ship it attacks (adjacent on the table)"),
        ArgSpec("units", ArgType.INT, "how many units attack (default all)", required=False),
        help="resolve an ordnance attack after point defence (cal §Torpedoes, §Craft): a torpedo deals 10 a unit, "
        "a bomber its ATG (6; fighter/bomber 3), an assault craft adds 1 Boarder; the damage is recorded for the "
        "Damage phase and the attacking units leave play. No dice: a torpedo next to a hostile ship always hits.",
    )
    def ordnance_attack(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_ordnance_attack(state, args)
        token, units, target = p.token, p.units, p.target
        after = replace_token(state, {**token, "units": token["units"] - units})
        if p.damage:
            total = int(target.record["round_damage"]) + p.damage
            after = after.with_ship(target.with_values({"round_damage": total}))
            result = f"{p.damage} damage recorded on {target.label} (round total {total})"
        else:
            boarders = int(target.record["boarders"]) + p.boarders
            after = after.with_ship(target.with_values({"boarders": boarders}))
            result = f"{target.label} Boarders {target.record['boarders']} → {boarders}"
        verb = "attacks" if units == 1 else "attack"
        text = f"{plural(units, 'unit')} of {token_label(token)} {verb} {target.label}: {result}; {'it leaves' if units == 1 else 'they leave'} play."
        return self.emit("ordnance-attacked", state, after, text, "ordnance attack", token=token["id"], target=target.id,
                         units=units)
