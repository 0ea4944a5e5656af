"""The pz8 ruleset plugin: a whole pz8 game through the engine (RULES.md PART C).

The actions live in mixins, one group per module: `turn` (initiative, activations, the turn's
automatic steps), `combat` (fire, fire-back, Torpedo salvos), `counters` (asteroids, the
drift arrow, the end-of-turn prompts); `game_base` holds what they share. Dice procedures, tables
and the movement check come from this package's rules modules; nothing is re-implemented here.

A turn: start (marks cleared) → roll-initiative → activations, each `activate` → `move` → `fire`
(→ the target's `fire-back`) → `launch-torpedo` → `end-activation`, alternating by quota →
end of turn: torpedoes, asteroids (prompts; hits are `torpedo-attack` / `asteroid-collision`),
Activated chits cleared, victory check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...fleet import Roster, ShipEntry
from ...rules.names import UnknownName, find_entry
from ...rules.outcome import AttackOdds
from .odds import attack_odds as pz8_attack_odds
from ...game.errors import InvalidAction
from .game_base import fresh_extra
from .counters import CounterActions
from ...game.records import FieldKind, FieldSpec, RecordSpec
from ...game.state import GameState, ShipItem, ShipState

ODDS_KINDS = frozenset({"fire", "fire-back", "shoot-torpedo", "torpedo-attack"})


class Plugin(CounterActions):
    """pz8: initiative and quotas, one activation per ship per turn, damage states, one Torpedo salvo
    per ship per game, Torpedo and asteroid counters, fire-back, the end of turn."""

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._odds_cache: dict[tuple[Any, ...], AttackOdds] = {}

    # ---- declarations -----------------------------------------------------------------------
    def build_record_spec(self) -> RecordSpec:
        ship = self.book.spaceship
        flag, counter = FieldKind.FLAG, FieldKind.COUNTER
        fields = (
            FieldSpec(key="mps", label="MPs", kind=counter, maximum=ship.mps, default=ship.mps,
                      help=f"movement points left this turn: {ship.mps}, or {ship.damaged_mps} once Damaged"),
            FieldSpec(key="damaged", label="Damaged", kind=flag, glyph="⚠",
                      help=f"{ship.damaged_mps} MPs and -1 to hit for good; a second Damaged result destroys it"),
            FieldSpec(key="torpedo", label="Torpedo", kind=counter, maximum=ship.torpedo_salvos,
                      default=ship.torpedo_salvos, help="Torpedo salvos left this game (launch-torpedo)"),
            FieldSpec(key="activated", label="Activated", kind=flag, glyph="✓",
                      help="the Activated chit: activated this turn (each ship once per turn)"),
            FieldSpec(key="active", label="Active", kind=flag, glyph="▶", help="being activated now"),
            FieldSpec(key="fired", label="Fired", kind=flag, help="fired its gun in its activation this turn"),
            FieldSpec(key="fire_backs", label="Fire-backs", kind=counter, help="fire-backs made this turn"),
            FieldSpec(key="destroyed", label="Destroyed", kind=flag, glyph="✗", help="out of the game"),
        )
        return RecordSpec(fields=fields, item_fields=(), player_fields=(), loss_flags=("destroyed",))

    # ---- set-up -----------------------------------------------------------------------------
    def initial_ship(
        self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None, settings: Mapping[str, Any]
    ) -> ShipState:
        """Every Spaceship is the same: the class's armament whatever the roster lists."""
        name, cls = self._ship_class(entry.ship_class)
        items = tuple(ShipItem(id=f"w{n}", kind="weapon", name=w) for n, w in enumerate(cls.armament, start=1))
        return ShipState(
            id=ship_id,
            name=entry.name,
            tag=entry.tag,
            owner=owner,
            ship_class=name,
            record=self.record_spec().fresh_record({"mps": cls.mps, "torpedo": cls.torpedo_salvos}),
            items=items,
        )

    def _ship_class(self, typed: str) -> tuple[str, Any]:
        try:
            return find_entry(self.book.classes, typed, "ship class")
        except UnknownName as exc:
            raise InvalidAction(str(exc)) from None

    def initial_extra(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return fresh_extra(dict(settings))

    # ---- odds -------------------------------------------------------------------------------
    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        """Exact odds of fire / fire-back / shoot-torpedo / torpedo-attack from the current records:
        the firer's and target's Damaged flags, the fire-back and torpedo modifiers, the game's
        settings. None while the ships or the distance are not given yet (or are not valid)."""
        if kind not in ODDS_KINDS:
            return None
        try:
            options = self._odds_options(state, kind, args)
        except (InvalidAction, ValueError, KeyError, TypeError):
            return None
        if options is None:
            return None
        key = (tuple(sorted(state.settings.items())), tuple(sorted(options.items())))
        found = self._odds_cache.get(key)
        if found is None:
            try:
                found = pz8_attack_odds(self.rules(state), options)
            except ValueError:
                return None
            if len(self._odds_cache) > 512:
                self._odds_cache.clear()
            self._odds_cache[key] = found
        return found

    def _odds_options(self, state: GameState, kind: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if kind == "torpedo-attack":
            if not args.get("target"):
                return None
            return {"torpedo": True, "target_damaged": bool(state.find_ship(args["target"]).get("damaged"))}
        pending = state.extra.get("fire_back") or {}
        fire_back = kind == "fire-back" or bool(args.get("fire_back"))
        at_torpedo = kind == "shoot-torpedo" or bool(args.get("at_torpedo"))
        ref = args.get("ship") or (pending.get("ship") if fire_back else None)
        if not ref:
            return None
        shooter = state.find_ship(ref)
        distance = args.get("distance")
        target_damaged = False
        if fire_back:
            if distance is None and pending.get("ship") == shooter.id:
                distance = pending.get("distance")
            if pending.get("ship") == shooter.id:
                target_damaged = bool(state.ships[pending["at"]].get("damaged"))
            elif args.get("target"):
                target_damaged = bool(state.find_ship(args["target"]).get("damaged"))
            else:
                return None
        elif not at_torpedo:
            if not args.get("target"):
                return None
            target_damaged = bool(state.find_ship(args["target"]).get("damaged"))
        if distance is None:
            return None
        return {
            "distance": int(distance),
            "damaged": bool(shooter.get("damaged")),
            "target_damaged": target_damaged,
            "fire_back": fire_back,
            "at_torpedo": at_torpedo,
        }
