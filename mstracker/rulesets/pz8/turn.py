"""pz8: the turn (pz8 §2). The initiative roll (`roll-initiative`, a typed action with its exact outcome),
the automatic steps at the start and end of a turn, and the obligations that keep the turn in order: the
initiative comes before any activation, and every Spaceship is activated before the activation steps are
left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...dice import Distribution
from ...game.batch import Batch
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, DiceRecorder, Event, dice_data
from ...game.generic import end_game, note, require_started
from ...game.state import GameState
from ...game.typed_action import OddsWords, Outcome, RuleAction
from ...rules.contract import DicePlan, Obligation
from .changes import after_activation, clear_marks, finish_activation, goto
from .dice_plans import initiative_plan
from .initiative import MAX_INITIATIVE_ROLLS, activation_steps, initiative_distribution, roll_initiative
from .model import Ruleset
from .view import ACTIVATION_PHASE, TurnView, ship_names

if TYPE_CHECKING:
    from .plugin import Plugin

INITIATIVE = "initiative"
ACTIVATIONS_LEFT = "activations-left"
MOVE_FIRST = "move-first"
#: What the activated ship does after its move (pz8 §3, §4), when the settings ask for the move first.
AFTER_MOVE = frozenset({"fire", "shoot-torpedo", "launch-torpedo", "end-activation", "next-step"})
#: What may not be done before the turn's initiative is rolled (pz8 §2). Not next-step: from the roll step it
#: rolls the initiative itself, as an automatic step (`quota`, `initiative_dice`).
BEFORE_INITIATIVE = frozenset({"activate", "move", "fire", "fire-back", "shoot-torpedo", "launch-torpedo",
                               "end-activation"})
#: The outcome's key for who has the initiative (no ship: the game's).
GAME = "game"
_TIE = Fraction(1, 6)  # both D6 show the same face: 6 of the 36 pairs


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """The initiative about to be rolled: each side's Spaceships in play, by player name (pz8 §2)."""

    rules: Ruleset
    counts: Mapping[str, int]

    @property
    def names(self) -> list[str]:
        return list(self.counts)


def has_it(name: str) -> str:
    return f"{name} has the initiative"


class RollInitiative(RuleAction[InitiativeRoll]):
    plugin: Plugin
    spec = ActionSpec(
        "roll-initiative",
        "Each side rolls 1D6, the higher has the initiative; a tie is rolled again (pz8 §2). Dice, in order: "
        f"the first player's D6, then the second's, two more for each tie (up to {MAX_INITIATIVE_ROLLS} roll-offs). "
        "Sets each side's activations per step from the Spaceships left (1; 2 with twice the enemy's; 3 with three "
        "times...) and whose step is first.",
        (),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> InitiativeRoll:
        """Each side's Spaceships in play, when the initiative may be rolled now."""
        require_started(state, "roll the initiative")
        view = TurnView(state)
        if not view.two_sides:
            raise InvalidAction(f"pz8 initiative is rolled between two sides; this game has {len(state.players)}")
        done = view.initiative
        if done is not None:
            winner = state.players[done["winner"]].name
            raise InvalidAction(f"the initiative was already rolled this turn ({winner} has it); undo to roll again")
        if view.phase_id not in ("initiative", ACTIVATION_PHASE):
            raise InvalidAction("this turn's activations are over; the initiative is rolled at the start of the next turn")
        return self.plan(state, args)

    def plan(self, state: GameState, args: Mapping[str, Any]) -> InitiativeRoll:
        """The roll as its odds see it: each side's Spaceships in play, whether or not this turn's roll is
        made yet (the refusals of "not now" left out)."""
        view = TurnView(state)
        if not view.two_sides:
            raise InvalidAction(f"pz8 initiative is rolled between two sides; this game has {len(state.players)}")
        counts = {p.name: len(view.fleet(i)) for i, p in enumerate(state.players)}
        for name, count in counts.items():
            if not count:
                raise InvalidAction(f"{name} has no Spaceships left: the game is over (end-game, or the victory check)")
        return InitiativeRoll(self.plugin.rules(state), counts)

    def dice(self, p: InitiativeRoll) -> DicePlan:
        return initiative_plan(p.names)

    def outcome(self, p: InitiativeRoll) -> Distribution[Outcome]:
        """Each side's chance of the initiative: ties are rolled again, so even (pz8 §2)."""
        dist = initiative_distribution(p.rules, p.counts)
        return Distribution.from_weights({Outcome(states=((GAME, has_it(n)),)): dist[n] for n in p.names})

    def odds_words(self, p: InitiativeRoll) -> OddsWords:
        return OddsWords(ship=GAME, results=tuple(has_it(n) for n in p.names), damage_table=False, destroys=False,
                         extra={"p_first_roll_tied": _TIE},
                         notes=("each side rolls 1D6, the higher has the initiative; a tie is rolled again (pz8 §2)",))

    def observed(self, p: InitiativeRoll, state: GameState, events: Sequence[Event], after: GameState) -> Outcome:
        return Outcome(states=((GAME, has_it(after.players[after.extra["initiative"]["winner"]].name)),))

    def apply(self, p: InitiativeRoll, dice: DiceRecorder, batch: Batch) -> None:
        state, names = batch.state, p.names
        try:
            res = roll_initiative(p.rules, p.counts, dice)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        dice.take()
        winner = names.index(res.outcome["winner"])
        quota = [res.outcome["quota"][n] for n in names]
        plan = [[names.index(side), n] for side, n in res.outcome["steps"]]
        batch.story("initiative", " ".join(step.text for step in res.steps), turn=state.turn, winner=winner,
                    rolls=res.outcome["rolls"], quota=quota, order=plan, dice=dice_data(res.dice))
        initiative = {"turn": state.turn, "winner": winner, "rolls": res.outcome["rolls"], "quota": quota}
        shares = ", ".join(f"{names[n]} {quota[n]}" for n in range(2))
        batch.extra("initiative", initiative,
                    f"Turn {state.turn}: {names[winner]} has the initiative; activations per step: {shares} (pz8 §2)")
        step = {"side": winner, "left": quota[winner], "size": quota[winner]}
        batch.extra("step", step, f"{names[winner]} activates first: {quota[winner]} in this step (pz8 §2)")
        batch.active(winner, f"The active player is now {names[winner]}")
        if TurnView(batch.state).step_id == "roll":
            goto(batch, "quota", dice, phase_id="initiative")


# ---- obligations ------------------------------------------------------------------------------------
def obligations(plugin: Plugin, state: GameState) -> tuple[Obligation, ...]:
    """The initiative before any activation, and every Spaceship activated before the activation
    steps are left (pz8 §2); with the require_move setting, the activated ship's move before it fires
    (pz8 §3). Each may be set aside as a logged table decision."""
    view = TurnView(state)
    out = []
    if view.needs_initiative:
        out.append(Obligation(
            INITIATIVE, f"Turn {state.turn} has no initiative yet: each side rolls 1D6, the higher activates "
            "first (ties are rolled again), before any ship is activated", "pz8 §2",
            resolve="roll-initiative", blocks=BEFORE_INITIATIVE))
    busy = view.active_ship
    if (busy is not None and view.alive(busy) and not (view.activation or {}).get("moved")
            and state.settings.get("require_move", False)):  # a game older than the setting played without it
        out.append(Obligation(
            MOVE_FIRST, f"{busy.label} moves before it fires or its activation ends: at least 1 MP, the first "
            "one forward (the game's settings ask the app to hold the table to it)", "pz8 §3",
            resolve="move", blocks=AFTER_MOVE, player=busy.owner))  # the mover's side: end-activation names no ship
    waiting = view.anyone_waiting()
    if view.phase_id == ACTIVATION_PHASE and waiting and (view.step_id == "activated" or busy is None):
        out.append(Obligation(
            ACTIVATIONS_LEFT, f"Every Spaceship is activated each turn; not activated yet: {ship_names(waiting)}",
            "pz8 §2", resolve="activate", blocks=frozenset({"next-step"})))
    return tuple(out)


def standing(plugin: Plugin, state: GameState, obligation_id: str) -> Obligation | None:
    """An obligation that stands now and was not set aside by the table this turn."""
    return next((o for o in plugin.standing_obligations(state) if o.id == obligation_id), None)


# ---- automatic steps ----------------------------------------------------------------------------------
def start_of_turn(plugin: Plugin, state: GameState) -> list[Event]:
    batch = Batch(plugin, state)
    clear_marks(batch, f"start of turn {state.turn}")
    view = TurnView(batch.state)
    if view.two_sides:
        counts = ", ".join(f"{p.name} {len(view.fleet(i))}" for i, p in enumerate(state.players))
        batch.add(note(f"Turn {state.turn}, Spaceships: {counts}. Roll the initiative: roll-initiative "
                       "(each side 1D6, ties rolled again; pz8 §2)."))
    return batch.events


def initiative_due(plugin: Plugin, state: GameState) -> bool:
    """The turn's initiative is still to roll and the table has not set it aside (pz8 §2)."""
    view = TurnView(state)
    return (view.two_sides and all(view.fleet(p) for p in range(2)) and view.initiative is None
            and standing(plugin, state, INITIATIVE) is not None)


def initiative_dice(plugin: Plugin, state: GameState) -> DicePlan | None:
    """The dice next-step rolls on entering the quota step: the initiative's, when it is still due."""
    if not initiative_due(plugin, state):
        return None
    rule = plugin.rule_action("roll-initiative")
    return rule.dice(rule.prepare(state, {}))


def quota(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    """The activations per step; next-step from the roll step rolls the initiative first when it is still
    due (the app's dice, or the faces typed for it), as roll-initiative does (pz8 §2)."""
    view = TurnView(state)
    if not view.two_sides or not all(view.fleet(p) for p in range(2)):
        return []
    rolled: list[Event] = []
    if initiative_due(plugin, state):
        rule = plugin.rule_action("roll-initiative")
        batch = Batch(plugin, state)
        rule.apply(rule.prepare(state, {}), dice, batch)
        rolled, state = batch.events, batch.state
        view = TurnView(state)
    init = view.initiative
    if init is None:
        return [note("The initiative was set aside by the table this turn: any side may activate its ships.")]
    names = [p.name for p in state.players]
    counts = {names[p]: len(view.waiting(p)) for p in range(2)}
    plan = activation_steps(plugin.rules(state), counts, names[init["winner"]])
    quotas = ", ".join(f"{names[p]} {init['quota'][p]}" for p in range(2))
    order = " → ".join(f"{side} {n}" for side, n in plan)
    return [*rolled, note(f"Activations per step: {quotas}. Order this turn: {order}.")]


def activated(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    batch = Batch(plugin, state)
    if TurnView(state).active_ship is not None:
        finish_activation(batch)
        after_activation(batch, dice, at_last_step=True)
        return batch.events
    waiting = TurnView(state).anyone_waiting()
    if waiting:
        batch.add(note(f"Not activated yet: {ship_names(waiting)}. Activate them (activate), or end the activations "
                       f"as a table decision (override “{ACTIVATIONS_LEFT}”, giving the reason)."))
    return batch.events


def clear(plugin: Plugin, state: GameState) -> list[Event]:
    batch = Batch(plugin, state)
    clear_marks(batch, f"end of turn {state.turn}")
    return batch.events


def victory(plugin: Plugin, state: GameState) -> list[Event]:
    view = TurnView(state)
    sides = [p for p in range(len(state.players)) if view.fleet(p)]
    counts = ", ".join(f"{p.name} {len(view.fleet(i))}" for i, p in enumerate(state.players))
    if plugin.setting(state, "victory") != "last_side_with_ships":
        return [note(f"Spaceships left: {counts}. Check your agreed victory condition.")]
    if len(sides) >= 2:
        return [note(f"Victory check: Spaceships left: {counts}. The battle goes on.")]
    if len(sides) == 1:
        winner = sides[0]
        losers = " and ".join(p.name for i, p in enumerate(state.players) if i != winner)
        return [end_game(state, f"{state.players[winner].name} wins: {losers} has no Spaceships left", winner)]
    return [end_game(state, "Draw: no Spaceships left on either side")]
