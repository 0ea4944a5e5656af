"""The pz8 ruleset plugin: a whole pz8 game through the engine (pz8 §2 to §6).

The shots and the Torpedo attack are typed actions (`shots`: fire, fire-back, shoot-torpedo;
`torpedo_attack`): each prepares its decision once and answers the refusals, the dice, the exact outcome
and the decision from it. The other actions live in
groups, one per module: `activation` (activate, move, end-activation), `turn` (the initiative, the turn's
automatic steps, its obligations), `torpedoes` (launching and Torpedo attacks), `counters` (asteroids, the
drift arrow, the end-of-turn prompts); `game_base` holds the changes they share. The contract's other
answers come from their own modules: `legal` (what may be done now, by whom, at what), `planning` (which
shot a weapon at a target is), `readiness`, `dice_plans`, `table`, `game_odds`; `legacy` reads older saves.

A turn: start (marks cleared) → roll-initiative → activations, each `activate` → `move` → `fire`
(→ the target's `fire-back`) → `launch-torpedo` → `end-activation`, alternating by quota → end of
turn: Torpedoes, asteroids (prompts; hits are `torpedo-attack` / `asteroid-collision`), Activated
chits cleared, victory check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...fleet import Roster, ShipEntry
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec
from ...game.records import RecordSpec
from ...game.state import GameState, ShipItem, ShipState
from ...rules.contract import ArgChoice, Capabilities, DicePlan, ItemReadiness, LegalAction, PlannedShot, TableItem
from ...rules.names import UnknownName, find_entry
from ...rules.outcome import AttackOdds
from .counters import CounterActions
from .dice_plans import initiative_plan
from .game_odds import game_odds
from .legal import LegalAnswers
from .planning import plan_shot
from .readiness import ship_readiness
from .record import record_spec
from .shots import SHOT_ACTIONS
from .torpedo_attack import TorpedoStrike
from .table import table_items


class Plugin(CounterActions):
    """pz8: initiative and quotas, one activation per ship per turn, damage states, one Torpedo salvo
    per ship per game, Torpedo and asteroid counters, fire-back, the end of turn."""

    #: What it offers beyond the required parts (mstracker.rules.contract.Capabilities).
    capabilities = Capabilities(exact_odds=True, planner=True, on_table=True)

    step_actions = {
        "roll": ("roll-initiative",),
        "quota": ("activate",),
        "choose": ("activate",),
        "move": ("move",),
        "fire": ("fire", "fire-back", "shoot-torpedo"),
        "torpedo": ("launch-torpedo",),  # not end-activation: the next activation's checklist starts clear
    }
    #: The players' own end-of-turn items (pz8 §5, §6): what they record there; next-step ticks the item.
    end_of_turn_actions = {
        "move-torpedoes": ("torpedo-attack", "remove-torpedo", "asteroid-collision"),
        "shift-asteroids": ("asteroid-collision", "set-drift"),
    }

    rule_actions = (*SHOT_ACTIONS, TorpedoStrike)

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._legal = LegalAnswers(self)

    # ---- declarations -----------------------------------------------------------------------
    def build_record_spec(self) -> RecordSpec:
        return record_spec(self.book.spaceship)

    # ---- set-up -----------------------------------------------------------------------------
    def initial_ship(
        self, ship_id: str, owner: int, entry: ShipEntry, roster: Roster | None, settings: Mapping[str, Any]
    ) -> ShipState:
        """Every Spaceship is the same: the class's armament whatever the roster lists."""
        try:
            name, cls = find_entry(self.book.classes, entry.ship_class, "ship class")
        except UnknownName as exc:
            raise InvalidAction(str(exc)) from None
        items = tuple(ShipItem(id=f"w{n}", kind="weapon", name=w) for n, w in enumerate(cls.armament, start=1))
        record = self.record_spec().fresh_record({"mps": cls.mps, "torpedo": cls.torpedo_salvos})
        return ShipState(id=ship_id, name=entry.name, tag=entry.tag, owner=owner, ship_class=name, record=record,
                         items=items)

    def initial_extra(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The table at set-up: the asteroids of the asteroids setting are on it from the start (pz8 §6)."""
        count = int(settings.get("asteroids", 0) or 0)
        return {
            "torpedoes": [],
            "asteroids": [{"id": f"a{n}", "where": ""} for n in range(1, count + 1)],
            "drift": str(settings.get("drift", "") or ""),
            "initiative": None,
            "step": None,
            "activation": None,
            "fire_back": None,
        }

    # ---- the contract -----------------------------------------------------------------------
    def available(self, state: GameState, kind: str) -> str | None:
        return self._legal.available(state, kind)

    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        return self._legal.actors(state, kind)

    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        return self._legal.targets(state, kind, actor)

    def plan_shot(self, state: GameState, ship: ShipState, weapon: str, target: ShipState,
                  distance: int | None) -> PlannedShot | None:
        return plan_shot(self, state, ship, weapon, target, distance)

    def token_choices(self, state: GameState, kind: str, arg: ArgSpec, actor: ShipState | None) -> list[TableItem]:
        return self._legal.token_choices(state, kind, arg, actor)

    def legal_action(self, state: GameState, spec: ActionSpec, prefer: str | None, marked: str | None,
                     expected: bool) -> LegalAction:
        return self._legal.refine(state, super().legal_action(state, spec, prefer, marked, expected), marked)

    def arg_choices(self, state: GameState, kind: str, args: Mapping[str, Any]) -> Mapping[str, tuple[ArgChoice, ...]]:
        return self._legal.arg_choices(state, kind, args)

    def expected_actions(self, state: GameState) -> frozenset[str]:
        """The current step's actions; a fire-back while one may be made (it comes at once, pz8 §4); an
        activation while ships wait at the last activation step (pz8 §2); at the end of the turn, what the
        players record as they move the Torpedo salvos and shift the asteroids (pz8 §5, §6)."""
        expected = set(super().expected_actions(state))
        view = self.view(state)
        if view.pending is not None:
            expected.add("fire-back")
        if view.step_id == "activated" and view.anyone_waiting():
            expected.add("activate")
        expected.update(self.end_of_turn_actions.get(view.step_id or "", ()))
        return frozenset(expected)

    def readiness(self, state: GameState, ship: ShipState) -> tuple[ItemReadiness, ...]:
        return ship_readiness(self.book, state, ship, gun_and_torpedo=bool(self.setting(state, "torpedo_with_gun")))

    def on_table(self, state: GameState) -> tuple[TableItem, ...]:
        return table_items(state)

    def action_dice(self, state: GameState, kind: str, args: dict[str, Any]) -> DicePlan | None:
        """The dice of the initiative, from the decider's own preparation (its refusals too); the shots' and
        the Torpedo attack's are their typed actions' (shots.py, torpedo_attack.py)."""
        if kind == "roll-initiative":
            return initiative_plan(list(self.prepare_initiative(state)))
        return None

    def damage_by(self, state: GameState, kind: str, args: dict[str, Any], ship: ShipState) -> int | None:
        """Who caused the damage, for the battle report: a Torpedo salvo's attack is its owner's (pz8 §5;
        the action names no firing ship, only the target); a fire-back is the firing-back ship's (the
        default: its ship argument, else the ship that may fire back). pz8 keeps no damage bar, so the
        report counts no damage figures for it today; the answer is right for when it does."""
        if kind == "torpedo-attack":
            return int(self.view(state).counter("torpedoes", str(args["torpedo"]))["owner"])
        return super().damage_by(state, kind, args, ship)

    def action_odds(self, state: GameState, kind: str, args: dict[str, Any]) -> AttackOdds | None:
        """Exact odds before the initiative or a collision (see game_odds.py; the shots' and the Torpedo
        attack's are their typed actions' outcome); None while the form is incomplete."""
        return game_odds(self.rules(state), state, kind, args)
