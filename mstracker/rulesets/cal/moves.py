"""cal §4 Movement as typed actions: altering course (cal §Altering Course: the MPs, the hard turn's SS
taken at once), the starting course of set-up (cal §Moving Ships According To Course) and rams (each
ship deals its current SS to the other, resolved at once; survivors of a hostile ram gain Crew). Each
prepared once: `prepare` the one place that refuses, the immediate damage's dice declared before the
roll, its exact outcome (immediate.py) and the decision."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...rules.names import possessive
from .damage_record import hit
from ...dice import Distribution
from ...game.batch import Batch
from ...game.damage import with_expected_dealt
from ...game.errors import InvalidAction
from ...game.events import ActionSpec, ArgSpec, ArgType, DiceRecorder, dice_data
from ...game.state import GameState, ShipState
from ...game.typed_action import Outcome
from ...rules.contract import DicePlan, PlanBuilder
from ...rules.outcome import AttackOdds
from . import cite
from .action_base import CalAction
from .course import Course
from .dice_plans import immediate
from .game_base import COURSE_SET
from .immediate import hit_odds, hit_outcome
from .notation import course_text, parse_course, parse_spend, signed
from .procedures import alter_course, reduce_course
from .ram import ram_happens

COURSE_HELP = (
    "alter course once a round, after moving (cal §Altering Course): Escorts have 3 MPs, Capital Ships 2, Engines "
    "Damaged 1; each MP adds 1 to one course number (a direction or a rotation), then the course is reduced. Not "
    "while FTL is powered or Engines Offline. A Capital Ship spending every MP on rotation takes 1 SS at once "
    "(dice: 2d6 if that calls for a damage table)."
)
SET_COURSE_HELP = (
    "write a ship's starting course on its record during set-up (cal §Moving Ships According To Course) (reduced "
    "by the course rules); in play, courses change only with the course action."
)
RAM_HELP = (
    "resolve a ram (paths crossed while moving, cal §Moving Ships According To Course): each ship deals its current "
    "SS to the other, resolved at once with the thresholds; survivors of a hostile ram gain +2 Crew. The book says "
    "both that either player's wish and that both players' wishes make a ram: by default either (setting “Who must "
    "want a ram”). Dice: 2d6 per damage table, the first ship's first, then any die a Battery/Bay result needs."
)


@dataclass(frozen=True)
class CourseChange:
    state: GameState
    ship: ShipState
    spend: dict[int | str, int]
    old: Course
    new: Course
    hard_turn: int  # SS the hard turn costs at once (0: none)


@dataclass(frozen=True)
class Ram:
    state: GameState
    first: ShipState
    second: ShipState
    hostile: bool

    @property
    def hits(self) -> tuple[tuple[ShipState, int], tuple[ShipState, int]]:
        """Each ship and the SS it takes: the other's current SS, the first ship's first."""
        return (self.first, int(self.second.record["ss"])), (self.second, int(self.first.record["ss"]))


@dataclass(frozen=True)
class StartCourse:
    ship: ShipState
    course: Course


class CourseAction(CalAction[CourseChange]):
    """course: spend the round's MPs on the course record; a hard turn's SS at once."""

    spec = ActionSpec(
        "course",
        COURSE_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the ship altering course"),
            ArgSpec("spend", ArgType.TEXT, "one word per MP: a direction 1-6, cw or ccw ('2 2 3', 'cw cw', '3=2 ccw')",
                    rest=True),
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> CourseChange:
        plugin = self.plugin
        ship = self.acting(state, args)
        if COURSE_SET in plugin.marks(ship):
            raise InvalidAction(f"{ship.label} has already altered course this round ({cite.ALTERING})")
        self.need(args, "spend")
        spend = parse_spend(args["spend"])
        if not spend:
            raise InvalidAction(f"name the course numbers to spend MPs on, e.g. '2 2 3' or 'cw cw' ({cite.ALTERING})")
        old = parse_course(ship.record.get("course", ""))
        try:
            new, hard_turn = alter_course(
                plugin.rules(state), old, spend, plugin.stats(ship).type,
                engines_damaged=bool(ship.record.get("engines_damaged")),
                engines_offline=bool(ship.record.get("engines_offline")),
                ftl_powered=bool(ship.record.get("ftl_powered")),
            )
        except ValueError as exc:
            raise InvalidAction(f"{ship.label}: {exc}") from None
        return CourseChange(state, ship, spend, old, new, hard_turn)

    def dice(self, p: CourseChange) -> DicePlan:
        plan = PlanBuilder()
        if p.hard_turn:
            immediate(self.plugin, p.state, plan, p.ship, p.hard_turn, f"the hard turn ({p.hard_turn} SS)")
        return plan.build()

    def outcome(self, p: CourseChange) -> Distribution[Outcome]:
        return hit_outcome(self.plugin, p.state, [(p.ship, p.hard_turn)] if p.hard_turn else [])

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        """The hard turn's damage and its chance to destroy the ship; None without a hard turn."""
        try:
            p = self.prepare(state, args)
        except InvalidAction:
            return None
        if not p.hard_turn:
            return None
        return with_expected_dealt(self.plugin, state, self.kind, args, hit_odds(self.plugin, state, [(p.ship, p.hard_turn)]))

    def apply(self, p: CourseChange, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state = self.plugin, batch.state
        ship, spend, old, new, hard_turn = p.ship, p.spend, p.old, p.new, p.hard_turn
        spent = ", ".join(f"{n} on {'direction ' + str(k) if isinstance(k, int) else k}" for k, n in spend.items())
        after = state.with_ship(plugin.with_mark(ship, COURSE_SET).with_values({"course": course_text(new)}))
        text = f"{ship.label} spends {spent}: course {course_text(old)} → {course_text(new)} (reduced)."
        words: list[str] = []
        if hard_turn:
            after, words, _ = hit(plugin, after, ship.id, hard_turn, dice)
            words = [f"Hard turn: every MP went to rotation, so the Capital Ship takes {hard_turn} SS at once."] + words
        data = {"ship": ship.id, "spend": {str(k): n for k, n in spend.items()}, "old": course_text(old),
                "new": course_text(new), "hard_turn": hard_turn, "dice": dice_data(dice.take())}
        self.finish(batch, plugin.emit("course-altered", state, after, " ".join([text, *words]), "course", **data))


class SetCourseAction(CalAction[StartCourse]):
    """set-course: a ship's starting course, in set-up."""

    spec = ActionSpec(
        "set-course",
        SET_COURSE_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the ship"),
            ArgSpec("course", ArgType.TEXT, "hexes per round by direction and rotation: 'd3=2 d4=1 cw=1'", rest=True),
        ),
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> StartCourse:
        ship = self.acting(state, args)
        self.need(args, "course")
        course = reduce_course(parse_course(args["course"]), str(self.plugin.setting(state, "course_rule2")))
        if course_text(course) == ship.record.get("course"):
            raise InvalidAction(f"{possessive(ship.label)} course is already {course_text(course)} ({cite.COURSE})")
        return StartCourse(ship, course)

    def apply(self, p: StartCourse, dice: DiceRecorder, batch: Batch) -> None:
        state, ship, course = batch.state, p.ship, p.course
        after = state.with_ship(ship.with_values({"course": course_text(course)}))
        text = f"{ship.label} starts on course {course_text(course)} ({course})."
        self.finish(batch, self.plugin.emit("course-set", state, after, text, ship=ship.id, course=course_text(course)))


class RamAction(CalAction[Ram]):
    """ram: each ship deals its current SS to the other, resolved at once."""

    spec = ActionSpec(
        "ram",
        RAM_HELP,
        (
            ArgSpec("ship", ArgType.SHIP, "the first ship (its damage is resolved first)"),
            ArgSpec("other", ArgType.SHIP, "the ship whose path it crossed"),
            ArgSpec("wants", ArgType.CHOICE, "who wants the ram (whose wish makes a ram is a house default, either: "
                    "setting “Who must want a ram for it to happen”)", required=False, default="both", choices=("both", "first", "second", "neither")),
        ),
        rolls=True,
    )

    def prepare(self, state: GameState, args: Mapping[str, Any]) -> Ram:
        plugin = self.plugin
        first = self.acting(state, args)
        self.need(args, "other")
        second = plugin.target_ship(state, str(args["other"]), first)
        wants = args.get("wants") or "both"
        if not ram_happens(plugin.rules(state), wants in ("both", "first"), wants in ("both", "second")):
            consent = plugin.setting(state, "ram_consent")
            raise InvalidAction(f"no ram: who must want a ram is a house default, now {consent} (setting “Who must "
                                "want a ram for it to happen”), "
                                f"and wants = {wants} ({cite.step(cite.MOVEMENT_PHASE, 1)})")
        return Ram(state, first, second, first.owner != second.owner)

    def dice(self, p: Ram) -> DicePlan:
        plan = PlanBuilder()
        (first, first_takes), (second, second_takes) = p.hits
        immediate(self.plugin, p.state, plan, first, first_takes, f"the ram ({first_takes} from {second.label})")
        immediate(self.plugin, p.state, plan, second, second_takes, f"the ram ({second_takes} from {first.label})")
        return plan.build()

    def outcome(self, p: Ram) -> Distribution[Outcome]:
        return hit_outcome(self.plugin, p.state, p.hits)

    def odds(self, state: GameState, args: Mapping[str, Any]) -> AttackOdds | None:
        try:
            p = self.prepare(state, args)
        except InvalidAction:
            return None
        return with_expected_dealt(self.plugin, state, self.kind, args, hit_odds(self.plugin, state, p.hits))

    def apply(self, p: Ram, dice: DiceRecorder, batch: Batch) -> None:
        plugin, state = self.plugin, batch.state
        first, second, hostile = p.first, p.second, p.hostile
        ss_first, ss_second = int(first.record["ss"]), int(second.record["ss"])
        words = [f"Ram: {first.label} (SS {ss_first}) and {second.label} (SS {ss_second}) each deal their current "
                 f"SS to the other ({'hostile' if hostile else 'friendly'})."]
        after = state
        for ship, amount in ((first, ss_second), (second, ss_first)):
            after, said, _ = hit(plugin, after, ship.id, amount, dice)
            words += [f"{ship.label}: {w}" for w in said]
        bonus = int(plugin.ruleset.general.ram_crew_bonus) if hostile else 0
        for ship in (first, second):
            now = after.ships[ship.id]
            if bonus and not now.record.get("destroyed"):
                after = after.with_ship(now.with_values({"crew": int(now.record["crew"]) + bonus}))
                words.append(f"{ship.label} survives a hostile ram: Crew {signed(int(now.record['crew']))} → "
                             f"{signed(int(now.record['crew']) + bonus)} (may pass its starting Crew).")
        data = {"ship": first.id, "other": second.id, "hostile": hostile,
                "damage": {first.id: ss_second, second.id: ss_first}, "dice": dice_data(dice.take())}
        self.finish(batch, plugin.emit("rammed", state, after, " ".join(words), "ram", **data))
