"""The lukas plugin (Micro Space Wars by Lukas W.P. v1.8): every bookkeeping step of a game as events.

Players alternate turns; in a turn each ship either attacks with every weapon or uses one active
ability (§1.b). The book's timelines count the owner's turns (RULES.md B4): a Beam is announced in
turn N and fires in N+1; a Field Defense is announced in N and is up from N+1 until N+2; a ship
that docks in N sits out N+1 and comes out fully repaired in N+2; a booster marker placed in N comes
off at the end of N+1. An infiltration declared in N holds both ships still through the opponent's
turn and captures at the start of N+1 unless halted (RULES.md B4.4).

Modules: `record` (ship record), `game_base` (the event shape, ship questions),
`abilities` (abilities and the hangar), `attack` (fire and its odds), `turn`
(automatic steps and objectives).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...fleet import Roster, ShipEntry
from .model import Ruleset
from ...rules.outcome import AttackOdds
from . import turn
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, Event
from .abilities import DISTANCE_ARG, SHIP_ARG, AbilityActions
from .attack import FIRE_HELP, SUBSYSTEM_CHOICES, check_beam, decide_fire, fire_odds
from .record import ABILITY, ABILITY_MODES, AIMED, ATTACK, READY, RECORD_SPEC, build_ship, initial_extra
from .game_base import EVENT_KINDS, apply_update, pick_weapon, update, weapons
from ...game.plugin import TurnStructure, action, auto_step
from ...game.records import RecordSpec
from ...game.state import GameState, PlayerState, ShipItem, ShipState


ACTION_ORDER = ("choose-mode", "fire", "fire-beam", "announce-beam", "announce-field-defense", "boost", "infiltrate",
                "halt-infiltration", "dock", "release", "cargo")


class Plugin(AbilityActions):
    """lukas: the record, set-up, turn hooks, attacks and Beam announcements, automatic steps
    (the abilities and the hangar come from AbilityActions)."""

    turn_structure = TurnStructure.ALTERNATING
    _kinds: ClassVar[frozenset[str]] = EVENT_KINDS

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.odds_cache: dict[tuple, AttackOdds | None] = {}

    # ---- declarations and set-up ---------------------------------------------------------------
    def action_specs(self) -> tuple[ActionSpec, ...]:
        """The attack first, then the Beam, the abilities and the hangar (as a turn goes)."""
        specs = super().action_specs()
        return tuple(sorted(specs, key=lambda s: ACTION_ORDER.index(s.kind) if s.kind in ACTION_ORDER else len(ACTION_ORDER)))

    def build_record_spec(self) -> RecordSpec:
        return RECORD_SPEC

    def initial_ship(self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None, settings: Any) -> ShipState:
        return build_ship(self.rules_with(settings), ship_id, owner, entry)

    def initial_player(self, index: int, roster: Roster, settings: Any) -> PlayerState:
        name = roster.player or roster.name or f"Player {index + 1}"
        return PlayerState(name=name, fleet=roster.name, resources={"kills": 0})

    def initial_extra(self, settings: Any) -> dict[str, Any]:
        return initial_extra(settings)

    def event_kinds(self) -> frozenset[str]:
        return self._kinds

    def reduce(self, state: GameState, event: Event) -> GameState | None:
        if event.kind in self._kinds:
            return apply_update(state, event.data)
        return None

    # ---- the turn ------------------------------------------------------------------------------
    def phase_applies(self, state: GameState, index: int) -> bool:
        """'Before the game' is walked once, in the first turn."""
        return state.sequence[index].id != "setup" or state.turn <= 1

    def next_turn(self, state: GameState) -> tuple[int, int]:
        """The next player in order who still has a ship in the game."""
        n = len(state.players)
        for step in range(1, n + 1):
            p = (state.active + step) % n
            if any(not s.get("destroyed") for s in state.ships_of(p)):
                return state.turn + 1, p
        return super().next_turn(state)

    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        if kind == "fire":
            return fire_odds(self, state, args)
        if kind == "fire-beam" and args.get("ship"):
            try:
                ship = state.find_ship(args["ship"])
                beam = self._beam(state, ship, args.get("weapon"))
            except InvalidAction:
                return None
            return fire_odds(self, state, {**args, "weapon": beam.id, "target": beam.record.get("aim") or None})
        return None

    # ---- helpers and actions -------------------------------------------------------------------
    def _beam(self, state: GameState, ship: ShipState, ref: str | None) -> ShipItem:
        """The named Beam, or the one ready to fire, or the only one."""
        ready = [it for it in weapons(ship) if it.record.get("beam") == READY]
        if ref is None and len(ready) == 1:
            return ready[0]
        return pick_weapon(ship, ref, beams_only=True, ruleset=self.rules(state))

    @action(
        "choose-mode", SHIP_ARG,
        ArgSpec("mode", ArgType.CHOICE, "attack (every weapon) or ability (an active ability)", choices=(ATTACK, ABILITY)),
        help="choose what a ship does this turn: attack with its weapons, or use an active ability "
             "(Field Defense, Infiltration, Boosters); never both (§1.b). Firing or using an ability chooses it too.",
    )
    def choose_mode(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        mode, now = args["mode"], ship.get("mode") or ""
        if now == mode:
            raise InvalidAction(f"{ship.label} is already in {mode} mode this turn")
        if mode == ABILITY:
            self._free_for_ability(ship, "an ability")
        elif now in ABILITY_MODES - {ABILITY}:
            raise InvalidAction(f"{ship.label} used {now} this turn, so it cannot attack (§1.b)")
        word = "attacks with its weapons" if mode == ATTACK else "uses an active ability"
        return [update("mode-chosen", f"{ship.label} {word} this turn.", [(ship.id, "mode", mode)], ship=ship.id)]

    @action(
        "fire", SHIP_ARG,
        ArgSpec("weapon", ArgType.ITEM, "its weapon: id (w2) or name; of several alike, the first not yet fired"),
        ArgSpec("target", ArgType.SHIP, "the ship attacked"),
        DISTANCE_ARG,
        ArgSpec("comm_radar", ArgType.INT, "allied Comm Radar ships within 10 studs of the attacker, not itself "
                "(its own radar counts by itself; +1 hit, +1 damage)", required=False, default=0),
        ArgSpec("subsystem", ArgType.CHOICE, "Bombs that hit a capital ship: hull (normal damage) or aim at engines, bridge "
                "or a weapon (rolls a d8)", required=False, choices=SUBSYSTEM_CHOICES),
        ArgSpec("target_weapon", ArgType.TEXT, "with subsystem=weapon: the target's weapon to knock out (id or name)",
                required=False),
        ArgSpec("los", ArgType.BOOL, "clear line of sight (no: weapons that need it cannot fire)", required=False,
                default=True),
        ArgSpec("inside_field", ArgType.BOOL, "the attacker is already inside the target's active Field Defense",
                required=False, default=False),
        help=FIRE_HELP,
        rolls=True,
    )
    def fire(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        return decide_fire(self, state, args, dice)

    @action(
        "fire-beam", SHIP_ARG,
        ArgSpec("weapon", ArgType.ITEM, "the Beam (when the ship has several)", required=False),
        ArgSpec("comm_radar", ArgType.INT, "allied Comm Radar ships within 10 studs (see fire)", required=False, default=0),
        ArgSpec("inside_field", ArgType.BOOL, "inside the target's active Field Defense", required=False, default=False),
        help="fire a Beam announced in the owner's previous turn at its announced target: fire with the target "
             "filled in. Dice: d12 to hit, then 2d6 damage. If the target went behind cover, announce-beam again instead.",
        rolls=True,
    )
    def fire_beam(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        beam = self._beam(state, ship, args["weapon"])
        if beam.record.get("beam") != READY:
            check_beam(state, ship, beam, ship)  # says why it cannot fire
        fire_args = {"ship": ship.id, "weapon": beam.id, "target": beam.record["aim"], "distance": None,
                     "comm_radar": args["comm_radar"], "subsystem": None, "target_weapon": None, "los": True,
                     "inside_field": args["inside_field"]}
        return decide_fire(self, state, fire_args, dice)

    @action(
        "announce-beam", SHIP_ARG,
        ArgSpec("target", ArgType.SHIP, "the ship it will fire at in the owner's next turn"),
        ArgSpec("weapon", ArgType.ITEM, "the Beam (when the ship has several)", required=False),
        help="announce a Beam attack and its target; it fires in the owner's next turn (§3.b Beam). Not in a turn "
             "the Beam fires, so it fires at most every other turn. In the turn it could fire, a new announcement "
             "replaces the old one (the target went behind cover).",
    )
    def announce_beam(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        ship = self.ship_on_table(state, args["ship"])
        rules = self.rules(state)
        beam = pick_weapon(ship, args["weapon"], beams_only=True, ruleset=rules)
        target = state.find_ship(args["target"])
        if beam.record.get("disabled"):
            raise InvalidAction(f"{beam.name} ({beam.id}) of {ship.label} was knocked out by a bomb")
        if beam.record.get("fired"):
            raise InvalidAction(f"{beam.name} ({beam.id}) of {ship.label} fired this turn; announce again next turn")
        if beam.record.get("beam") == AIMED:
            raise InvalidAction(f"{beam.name} ({beam.id}) of {ship.label} is already announced this turn (undo to change it)")
        if target.get("destroyed") or target.owner == ship.owner or target.get("docked"):
            raise InvalidAction(f"{target.label} is not an enemy ship on the table")
        if not rules.setting("beam_other_weapons_on_announce") and any(
            it.record.get("fired") for it in weapons(ship) if it.id != beam.id
        ):
            raise InvalidAction(f"{ship.label} fired other weapons this turn (setting beam_other_weapons_on_announce)")
        text = f"{ship.label} announces a {beam.name} ({beam.id}) attack on {target.label}: it may fire in the owner's next turn."
        old = beam.record.get("aim") or ""
        if beam.record.get("beam") == READY and old:
            text += f" The attack announced at {state.ships[old].label if old in state.ships else old} is cancelled."
        changes = [(ship.id, f"{beam.id}.beam", AIMED), (ship.id, f"{beam.id}.aim", target.id)]
        return [update("beam-announced", text, changes, ship=ship.id, item=beam.id, target=target.id)]

    # ---- automatic steps -----------------------------------------------------------------------
    @auto_step("release_docked")
    def _release_docked(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.release_docked(self, state)

    @auto_step("resolve_infiltration")
    def _resolve_infiltration(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.resolve_infiltration(self, state)

    @auto_step("fd_activate")
    def _fd_activate(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.fd_activate(self, state)

    @auto_step("fd_expire")
    def _fd_expire(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.fd_expire(self, state)

    @auto_step("beam_ready")
    def _beam_ready(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.beam_ready(self, state)

    @auto_step("booster_markers")
    def _booster_markers(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.booster_markers(self, state)

    @auto_step("clear_turn")
    def _clear_turn(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.clear_turn(self, state)

    @auto_step("objectives")
    def _objectives(self, state: GameState, dice: DiceRecorder) -> list[Event]:
        return turn.objectives(self, state)


__all__ = ["Plugin"]
