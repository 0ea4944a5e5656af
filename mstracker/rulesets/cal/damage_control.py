"""cal's Damage Control and rally rolls as typed actions (cal §0 Interphase, step 6): each prepared once
(`Control`: the ship, what a success does, the target and the Crew) answers the refusals (`prepare`, the
only place that refuses: the time, the ship, one roll an Interphase, something to repair, and "record as
failed" only when no face can win), the one d6 (none when recorded as failed), the exact outcome (success
or failure) and the decision.

The book's text for both rolls was lost: d6 + Crew against a house-default target (damage_control_target,
rally_target). A roll that no face can win (Crew -4 against 4) has the certain outcome "failure", and its
odds say so: the table records it as failed without a roll (`failed`), logged as such.
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
from ...rules.contract import DicePlan, PlanBuilder
from ...rules.names import possessive
from ...rules.outcome import AttackOdds
from . import cite
from .common import p_success
from .fire import in_turn
from .game_base import DC_DONE, RALLIED
from .notation import signed
from .procedures import resolve_damage_control, resolve_rally
from .repairs import REPAIR_WORDS, Fix, controlled, rally_cap, repairable

if TYPE_CHECKING:
    from .plugin import Plugin

FAILED_ARG = ArgSpec("failed", ArgType.BOOL, "record the roll as failed without rolling: only when no face can succeed",
                     required=False, default=False)
FAILURE = "failure: nothing changes"
DC_HELP = ("cal §0 Interphase, step 6: the Damage Control roll, d6 + Crew against the Damage Control target (a "
           "house default, 4: setting “Damage Control roll”; the book's text was lost). Dice: one d6. A success repairs one "
           "damage effect, removes one Boarder or puts out one Fire (chosen before the roll). Instead of this, a ship "
           "may rally.")
RALLY_HELP = ("cal §0 Interphase, step 6, instead of damage control: rally the crew, d6 + Crew against the Rally "
              "target (a house default, 4: setting “Rally the crew”). Dice: one d6. A success gives Crew +1, up to the starting "
              "Crew less permanent losses (setting “Crew gained by rallying stops at the start value less "
              "permanent losses”).")


@dataclass(frozen=True)
class Control:
    """A Damage Control or rally roll, checked: the ship, what a success does, the roll's target and Crew."""

    ship: ShipState
    target: int  # the house-default target on d6 + Crew
    crew: int
    success: str  # what a success does, in the odds' words ("one Fire put out", "Crew +1")
    failed: bool = False  # recorded as failed without a roll
    choice: str = ""  # Damage Control: repair, boarder or fire
    system: str = ""
    fix: Fix | None = None

    @property
    def chance(self) -> Any:
        return p_success(self.target, self.crew)


class ControlRoll(RuleAction[Control]):
    """What Damage Control and rally share: the one d6, the outcome, the odds, "record as failed"."""

    plugin: Plugin
    what = ""  # "Damage Control", "Rally"
    key = ""  # the setting of the target
    setting_words = ""  # that setting as the settings screen names it (players never see its key)
    mark = ""  # the mark on the ship once it has rolled
    story = ""  # the narrative event

    def checked(self, state: GameState, args: Mapping[str, Any]) -> ShipState:
        """The time, the ship, and one roll an Interphase (cal §0 Interphase, step 6)."""
        plugin = self.plugin
        in_turn(plugin, state, self.kind, args)
        plugin.check_time(state, self.kind)
        if args.get("ship") in (None, ""):
            raise Incomplete("ship")
        ship = plugin.acting_ship(state, str(args["ship"]))
        if controlled(plugin, ship):
            raise InvalidAction(f"{ship.label} has made its damage control or rally roll this Interphase "
                                f"({cite.step(cite.INTERPHASE, 6)})")
        return ship

    def control(self, state: GameState, args: Mapping[str, Any], ship: ShipState, success: str, **more: Any) -> Control:
        """The roll checked; "record as failed" refused unless no face can win."""
        p = Control(ship, int(self.plugin.setting(state, self.key)), int(ship.record["crew"]), success,
                    bool(args.get("failed")), **more)
        if p.failed and p.chance != 0:
            raise InvalidAction(f"{possessive(ship.label)} {self.what} roll can succeed ({p.target}+ on d6 + Crew "
                                f"{signed(p.crew)}): roll it ({cite.step(cite.INTERPHASE, 6)})")
        return p

    # ---- before the roll ---------------------------------------------------------------------------
    def dice(self, p: Control) -> DicePlan | None:
        if p.failed:  # recorded as failed: no die
            return None
        plan = PlanBuilder()
        plan.die(6, f"{self.what} roll of {p.ship.label}: succeeds on {p.target}+ with Crew {signed(p.crew)}",
                 ship=p.ship.id, table=f"{self.what} roll ({cite.step(cite.INTERPHASE, 6)}; target a house default)")
        return plan.build()

    def outcome(self, p: Control) -> Distribution[Outcome]:
        win = Outcome(states=((p.ship.id, f"success: {p.success}"),), hit=True)
        lose = Outcome(states=((p.ship.id, FAILURE),), hit=False)
        chance = 0 if p.failed else p.chance
        if chance == 0:
            return Distribution.constant(lose)
        if chance == 1:
            return Distribution.constant(win)
        return Distribution({win: chance, lose: 1 - chance})

    def odds_words(self, p: Control) -> OddsWords:
        notes = [f"Succeeds on {p.target}+ on d6 + Crew {signed(p.crew)} (the target is a house default: setting "
                 f"“{self.setting_words}”; the book's was lost)."]
        if p.chance == 0:
            notes.append(f"No face can succeed: record the roll as failed without rolling (failed; "
                         f"{cite.step(cite.INTERPHASE, 6)}).")
        return OddsWords(ship=p.ship.id, results=(f"success: {p.success}", FAILURE), notes=tuple(notes),
                         damage_table=False)

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """Success and failure; the headline is the chance of success (0: no face can win)."""
        found = super().odds(state, args)
        if found is None:
            return None
        return replace(found, hit_label="Success", p_destroy=None)

    def observed(self, p: Control, state: GameState, events: Sequence[Event], after: GameState) -> Outcome | None:
        story = next((e for e in events if e.kind == self.story), None)
        if story is None:
            return None
        word = f"success: {p.success}" if story.data.get("success") else FAILURE
        return Outcome(states=((p.ship.id, word),), hit=bool(story.data.get("success")))

    # ---- the decision ------------------------------------------------------------------------------
    def record_failed(self, p: Control, batch: Batch) -> None:
        """A roll no face can win, recorded as failed without a roll (the table's time saved)."""
        plugin, state, ship = self.plugin, batch.state, p.ship
        text = (f"{ship.label} {self.what}: recorded as failed without a roll — no face reaches {p.target}+ on d6 + "
                f"Crew {signed(p.crew)} ({cite.step(cite.INTERPHASE, 6)}). Nothing changes this round.")
        data = {"ship": ship.id, "success": False, "recorded_failed": True}
        self.finish(batch, plugin.emit(self.story, state, state.with_ship(plugin.with_mark(ship, self.mark)), text,
                                       self.what.lower(), **data))

    def finish(self, batch: Batch, events: list[Event]) -> None:
        before = batch.state
        batch.add(*events)
        batch.add(*self.plugin.game_over(before, events))


class DamageControlAction(ControlRoll):
    """damage-control: repair one effect, remove one Boarder or put out one Fire on a success."""

    what, key, mark, story = "Damage Control", "damage_control_target", DC_DONE, "damage-control"
    setting_words = "Damage Control roll"
    spec = ActionSpec(
        "damage-control",
        DC_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the ship"),
            ArgSpec("choice", ArgType.CHOICE, "what a success does", choices=("repair", "boarder", "fire")),
            ArgSpec("system", ArgType.TEXT, "for repair: point, beam, projectile, a bay (torpedoes...), engines "
                    "damaged, engines offline, sensors offline or weapons offline", required=False, default="",
                    rest=True),
            FAILED_ARG,
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Control:
        plugin = self.plugin
        ship = self.checked(state, args)
        if args.get("choice") in (None, ""):
            raise Incomplete("choice")
        choice = str(args["choice"])
        system = " ".join(str(args.get("system") or "").replace("_", " ").replace("-", " ").split())
        fix: Fix | None = None
        if choice == "repair":
            options = repairable(plugin, state, ship)
            if not options:
                raise InvalidAction(f"{ship.label} has no damage that can be repaired ({cite.step(cite.INTERPHASE, 6)})")
            key = system.casefold() or (next(iter(options)) if len(options) == 1 else "")
            key = {"pd": "point", "point defence": "point", "point defences": "point"}.get(key, key)
            if key not in options:
                raise InvalidAction(f"name what to repair on {ship.label}: {', '.join(options)} "
                                    f"({cite.step(cite.INTERPHASE, 6)})")
            fix = options[key]
        elif choice == "boarder" and int(ship.record["boarders"]) <= 0:
            raise InvalidAction(f"{ship.label} has no Boarders ({cite.step(cite.INTERPHASE, 6)})")
        elif choice == "fire" and int(ship.record["fire"]) <= 0:
            raise InvalidAction(f"{ship.label} has no Fire ({cite.step(cite.INTERPHASE, 6)})")
        success = {"repair": f"repaired ({system or 'the one effect'})", "boarder": "one Boarder removed",
                   "fire": "one Fire put out"}.get(choice, choice)
        return self.control(state, args, ship, success, choice=choice, system=system, fix=fix)

    def apply(self, p: Control, dice: DiceRecorder, batch: Batch) -> None:
        if p.failed:
            self.record_failed(p, batch)
            return
        plugin, state, ship = self.plugin, batch.state, p.ship
        res = resolve_damage_control(plugin.rules(state), dice, p.crew)
        new = plugin.with_mark(ship, DC_DONE)
        words = [res.steps[0].text]
        if not res.outcome["success"]:
            words.append("Nothing changes this round.")
        elif p.fix is not None:
            code, item_id, flag = p.fix
            if flag:
                new = new.with_values({flag: False})
                words.append(f"Repaired: {REPAIR_WORDS[flag]}.")
            elif code == "bay_damaged":
                item = new.item(item_id or "")
                new = new.with_item_values(item.id, {"bays": int(item.record["bays"]) + 1})
                words.append(f"Repaired: {item.name} {int(item.record['bays']) + 1} of {item.record['bays_max']}.")
            else:
                new = new.with_item_values(item_id or "", {"damaged": False})
                words.append(f"Repaired: {new.item(item_id or '').name}.")
        else:
            key = "boarders" if p.choice == "boarder" else "fire"
            new = new.with_values({key: int(ship.record[key]) - 1})
            words.append(f"{'Boarders' if key == 'boarders' else 'Fire'} {ship.record[key]} → {int(ship.record[key]) - 1}.")
        text = f"{ship.label} Damage Control ({p.choice}{' ' + p.system if p.system else ''}): " + " ".join(words)
        data = {"ship": ship.id, "choice": p.choice, "system": p.system, "success": res.outcome["success"],
                "dice": dice_data(dice.take())}
        self.finish(batch, plugin.emit("damage-control", state, state.with_ship(new), text, "damage control", **data))


class RallyAction(ControlRoll):
    """rally: Crew +1 on a success, up to the starting Crew less permanent losses."""

    what, key, mark, story = "Rally", "rally_target", RALLIED, "rallied"
    setting_words = "Rally the crew"
    spec = ActionSpec("rally", RALLY_HELP, (ArgSpec("ship", ArgType.SHIP, "the ship"), FAILED_ARG), rolls=True)

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Control:
        ship = self.checked(state, args)
        cap = rally_cap(self.plugin, state, ship)
        success = "Crew +1" if cap is None or int(ship.record["crew"]) < cap else "no change: Crew is at its cap"
        return self.control(state, args, ship, success)

    def apply(self, p: Control, dice: DiceRecorder, batch: Batch) -> None:
        if p.failed:
            self.record_failed(p, batch)
            return
        plugin, state, ship = self.plugin, batch.state, p.ship
        permanent = int(ship.record.get("crew_permanent", 0))
        res = resolve_rally(plugin.rules(state), dice, p.crew, plugin.ruleset.general.crew_start, permanent)
        new = plugin.with_mark(ship, RALLIED).with_values({"crew": int(res.outcome["crew"])})
        text = f"{ship.label} rallies the crew: " + " ".join(s.text for s in res.steps)
        data = {"ship": ship.id, "success": res.outcome["success"], "dice": dice_data(dice.take())}
        self.finish(batch, plugin.emit("rallied", state, state.with_ship(new), text, "rally", **data))
