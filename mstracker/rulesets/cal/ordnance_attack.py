"""cal's ordnance attack as a typed action (cal §Torpedoes, §Craft): one `OrdnanceAttack`, prepared once,
answers the refusals (`prepare`, the only place that refuses: the time, the token's player's part of the
phase, the units, a hostile ship in play, launched before this round, something to attack with, C&C),
the exact outcome (no dice: the damage recorded for the Damage phase, or the Boarders added; the
attacking units leave play), what the Damage phase makes of the round's total (`settle`, as gunnery's)
and the decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.damage import with_expected_dealt
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder
from ...game.state import GameState, ShipState
from ...game.typed_action import OddsWords, Outcome
from ...rules.names import possessive
from ...rules.outcome import AttackOdds
from . import cite
from .fire import recorded
from .notation import plural
from .odds import damage_figures, destroy_note
from .action_base import CalAction
from .ready_track import TOKEN_ARG, token_units
from .tokens import replace_token, token_label

ORDNANCE_ATTACK_HELP = (
    "resolve an ordnance attack after point defence (cal §Torpedoes, §Craft): a torpedo deals 10 a unit, "
    "a bomber its ATG (6; fighter/bomber 3), an assault craft adds 1 Boarder; the damage is recorded for the "
    "Damage phase and the attacking units leave play. No dice: a torpedo next to a hostile ship always hits."
)


@dataclass(frozen=True)
class OrdnanceAttack:
    """An ordnance attack, checked: what it deals (damage recorded, or Boarders) to which ship."""

    token: dict[str, Any]
    units: int
    target: ShipState
    kind: str
    damage: int
    boarders: int


class OrdnanceAttackAction(CalAction[OrdnanceAttack]):
    """ordnance-attack: a token in play attacks the hostile ship it reached."""

    spec = ActionSpec(
        "ordnance-attack",
        ORDNANCE_ATTACK_HELP,
        (
            TOKEN_ARG,
            ArgSpec("target", ArgType.SHIP, "the hostile ship it attacks (adjacent on the table)"),
            ArgSpec("units", ArgType.INT, "how many units attack (default all)", required=False),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> OrdnanceAttack:
        """The attack now, in Gunnery's ordnance attacks, in the token's player's part of it."""
        self.token_turn(state, args)  # the token's owner acts, as the engine reads it
        self.plugin.check_time(state, self.kind)
        return self.plan(state, args)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> OrdnanceAttack:
        """Every check of an ordnance attack but its time and turn, in the order they always had."""
        plugin = self.plugin
        self.need(args, "token", "target")
        token, n = token_units(state, str(args["token"]), args.get("units"), cite.CRAFT)
        target = plugin.target_ship(state, str(args["target"]))
        if target.owner == token["owner"]:
            raise InvalidAction(f"{target.label} is on {possessive(token['id'])} own side: ordnance attacks hostile ships "
                                f"({cite.TORPEDOES}, {cite.CRAFT})")
        if token["round"] == state.turn:
            raise InvalidAction(f"{token['id']} was launched this round: it moves and attacks from the next round "
                                f"({cite.ORDNANCE})")
        name, kind = plugin.ordnance(token["kind"])
        damage = kind.damage if kind.damage is not None else (kind.atg or 0)
        if not damage and not kind.boarders:
            raise InvalidAction(f"{name} does not attack ships (no ATG, damage or boarders; {cite.CRAFT})")
        if kind.cc:
            plugin.refuse_over_cc(state, token["owner"], "attack")
        return OrdnanceAttack(token, n, target, name, damage * n, kind.boarders * n)

    # ---- what it does ------------------------------------------------------------------------------
    def outcome(self, p: OrdnanceAttack) -> Distribution[Outcome]:
        """Certain: the damage recorded on the target (or its Boarders added); the units that attack leave play."""
        token = str(p.token["id"])
        gone = frozenset({token}) if p.units >= int(p.token["units"]) else frozenset()
        states = ((p.target.id, "boarded"),) if not p.damage else ()
        return Distribution.constant(Outcome(states=states, destroyed=gone, hit=None,
                                             recorded=((p.target.id, p.damage),) if p.damage else ()))

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """The damage and its chance to destroy the target in the Damage phase, or the Boarders it adds."""
        try:
            p = self.plan(state, args)
        except InvalidAction:
            return None
        if not p.damage:
            return AttackOdds(p_hit=None, outcomes={f"{p.target.label} Boarders +{p.boarders}": Fraction(1)})
        rules = self.plugin.rules(state)
        already = recorded(self.plugin, state, p.target)
        figures = damage_figures(rules, int(p.target.record["ss"]), already, {p.damage: Fraction(1)})
        found = AttackOdds(p_hit=None, damage={p.damage: Fraction(1)}, expected_damage=Fraction(p.damage),
                          p_destroy=figures.pop("p_destroy"), extra=figures,
                          notes=("No roll: ordnance that reaches its target always hits (cal §Torpedoes, §Craft); the "
                                 "damage is applied in the Damage phase.", destroy_note(rules)))
        return with_expected_dealt(self.plugin, state, self.kind, args, found)  # capped at the SS it has

    def odds_words(self, p: OrdnanceAttack) -> OddsWords:
        return OddsWords(ship=p.target.id, damage_table=False)

    # ---- the decision ------------------------------------------------------------------------------
    def apply(self, p: OrdnanceAttack, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state = self.plugin, batch.state
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
        leave = "it leaves" if units == 1 else "they leave"
        text = f"{plural(units, 'unit')} of {token_label(token)} {verb} {target.label}: {result}; {leave} play."
        self.finish(batch, plugin.emit("ordnance-attacked", state, after, text, "ordnance attack", token=token["id"],
                                       target=target.id, units=units))
