"""cal §4 Movement: the course record and its MPs (cal §Altering Course), the hard turn, FTL power-up /
power-down / jump (cal §FTL Jumps), rams (cal §Moving Ships According To Course). The rolling actions
(course, for the hard turn; ram) have one `prepare_*` step shared with their declared dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import cite
from .ram import ram_happens
from .procedures import alter_course, ready_delay, reduce_course, track_square
from .game_base import COURSE_SET, FTL_SHUT, out_of_play
from .notation import course_text, parse_course, parse_spend, plural, signed
from .damage_record import CalDamage
from ...game.errors import InvalidAction
from ...game.events import ArgSpec, ArgType, DiceRecorder, Event, dice_data
from ...game.plugin import action
from ...game.state import GameState, ShipState
from .course import Course


@dataclass(frozen=True)
class CourseChange:
    ship: ShipState
    spend: dict[int | str, int]
    old: Course
    new: Course
    hard_turn: int  # SS the hard turn costs at once (0: none)


@dataclass(frozen=True)
class Ram:
    first: ShipState
    second: ShipState
    hostile: bool


class CalMovement(CalDamage):
    """course, set-course, ftl-power-up, ftl-power-down, jump, ram."""

    @action(
        "course",
        ArgSpec("ship", ArgType.SHIP, "the ship altering course"),
        ArgSpec("spend", ArgType.TEXT, "one word per MP: a direction 1-6, cw or ccw ('2 2 3', 'cw cw', '3=2 ccw')",
                rest=True),
        help="alter course once a round, after moving (cal §Altering Course): Escorts have 3 MPs, Capital Ships 2, Engines Damaged 1; "
        "each MP adds 1 to one course number (a direction or a rotation), then the course is reduced. Not while "
        "FTL is powered or Engines Offline. A Capital Ship spending every MP on rotation takes 1 SS at once "
        "(dice: 2d6 if that calls for a damage table).",
        rolls=True,
    )
    def course(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_course(state, args)
        ship, spend, old, new, hard_turn = p.ship, p.spend, p.old, p.new, p.hard_turn
        spent = ", ".join(f"{n} on {'direction ' + str(k) if isinstance(k, int) else k}" for k, n in spend.items())
        after = state.with_ship(self.with_mark(ship, COURSE_SET).with_values({"course": course_text(new)}))
        text = f"{ship.label} spends {spent}: course {course_text(old)} → {course_text(new)} (reduced)."
        words: list[str] = []
        if hard_turn:
            after, words, _ = self.hit(after, ship.id, hard_turn, dice)
            words = [f"Hard turn: every MP went to rotation, so the Capital Ship takes {hard_turn} SS at once."] + words
        data = {"ship": ship.id, "spend": {str(k): n for k, n in spend.items()}, "old": course_text(old),
                "new": course_text(new), "hard_turn": hard_turn, "dice": dice_data(dice.take())}
        return self.emit("course-altered", state, after, " ".join([text, *words]), "course", **data)

    def prepare_course(self, state: GameState, args: dict[str, Any]) -> CourseChange:
        self.check_time(state, "course")
        ship = self.acting_ship(state, args["ship"])
        if COURSE_SET in self.marks(ship):
            raise InvalidAction(f"{ship.label} has already altered course this round ({cite.ALTERING})")
        spend = parse_spend(args["spend"])
        if not spend:
            raise InvalidAction(f"name the course numbers to spend MPs on, e.g. '2 2 3' or 'cw cw' ({cite.ALTERING})")
        old = parse_course(ship.record.get("course", ""))
        try:
            new, hard_turn = alter_course(
                self.rules(state), old, spend, self.stats(ship).type,
                engines_damaged=bool(ship.record.get("engines_damaged")),
                engines_offline=bool(ship.record.get("engines_offline")),
                ftl_powered=bool(ship.record.get("ftl_powered")),
            )
        except ValueError as exc:
            raise InvalidAction(f"{ship.label}: {exc}") from None
        return CourseChange(ship, spend, old, new, hard_turn)

    @action(
        "set-course",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        ArgSpec("course", ArgType.TEXT, "hexes per round by direction and rotation: 'd3=2 d4=1 cw=1'", rest=True),
        help="write a ship's starting course on its record during set-up (cal §Moving Ships According To Course) (reduced by the course rules); "
        "in play, courses change only with the course action.",
    )
    def set_course(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "set-course")
        ship = self.acting_ship(state, args["ship"])
        course = reduce_course(parse_course(args["course"]), str(self.setting(state, "course_rule2")))
        if course_text(course) == ship.record.get("course"):
            raise InvalidAction(f"{ship.label}'s course is already {course_text(course)} ({cite.COURSE})")
        after = state.with_ship(ship.with_values({"course": course_text(course)}))
        text = f"{ship.label} starts on course {course_text(course)} ({course})."
        return self.emit("course-set", state, after, text, ship=ship.id, course=course_text(course))

    @action(
        "ftl-power-up",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        help="power up the FTL drive (cal §FTL Jumps; after moving, before altering course): the FTL counter goes on the "
        "square of the ship's Crew (clamped to -2..+2) and moves one square a round in the Interphase; "
        "while powered the ship cannot change course.",
    )
    def ftl_power_up(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "ftl-power-up")
        ship = self.acting_ship(state, args["ship"])
        if ship.record.get("ftl_destroyed"):
            raise InvalidAction(f"{ship.label}'s FTL drive is destroyed ({cite.FTL})")
        if ship.record.get("ftl_powered"):
            raise InvalidAction(f"{ship.label}'s FTL drive is already powered ({cite.FTL})")
        if FTL_SHUT in self.marks(ship):
            raise InvalidAction(f"{ship.label} powered its FTL drive down this round: it may power up from next round "
                                f"({cite.FTL})")
        if COURSE_SET in self.marks(ship):
            raise InvalidAction(f"{ship.label} has altered course this round: power up comes before altering course "
                                f"({cite.FTL})")
        rules = self.rules(state)
        crew = int(ship.record["crew"])
        square, delay = track_square(rules, crew), ready_delay(rules, "FTL", crew)
        after = state.with_ship(ship.with_values({"ftl_powered": True, "ftl": delay}))
        when = "ready at once" if delay <= 0 else f"ready after {plural(delay, 'Interphase')}"
        text = f"{ship.label} powers up its FTL drive: counter on square {signed(square) if square else 0} (Crew {signed(crew)}), {when}."
        return self.emit("ftl-powered-up", state, after, text, ship=ship.id, square=square, delay=delay)

    @action(
        "ftl-power-down",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        help="power down the FTL drive (cal §FTL Jumps; the counter leaves the track); it cannot power up again this round.",
    )
    def ftl_power_down(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "ftl-power-down")
        ship = self.acting_ship(state, args["ship"])
        if not ship.record.get("ftl_powered"):
            raise InvalidAction(f"{ship.label}'s FTL drive is not powered ({cite.FTL})")
        after = state.with_ship(self.with_mark(ship, FTL_SHUT).with_values({"ftl_powered": False, "ftl": 0}))
        text = f"{ship.label} powers down its FTL drive; it may power up again from next round."
        return self.emit("ftl-powered-down", state, after, text, ship=ship.id)

    @action(
        "jump",
        ArgSpec("ship", ArgType.SHIP, "the ship"),
        help="FTL jump (cal §FTL Jumps): a ship whose FTL counter is on the ready square leaves play (an escape, not a loss).",
    )
    def jump(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        self.check_time(state, "jump")
        ship = self.acting_ship(state, args["ship"])
        if not ship.record.get("ftl_powered"):
            raise InvalidAction(f"{ship.label}'s FTL drive is not powered: ftl-power-up first ({cite.FTL})")
        if int(ship.record.get("ftl", 0)) > 0:
            raise InvalidAction(f"{ship.label}'s FTL counter is {plural(int(ship.record['ftl']), 'Interphase')} from ready "
                                f"({cite.FTL})")
        after = state.with_ship(out_of_play(ship, jumped=True))
        text = (f"{ship.label} jumps out: it leaves play, an escape, not a loss (cal §FTL Jumps); its ordnance in "
                "play stays on the table.")
        return self.emit("jumped", state, after, text, "jumped out", ship=ship.id)

    @action(
        "ram",
        ArgSpec("ship", ArgType.SHIP, "the first ship (its damage is resolved first)"),
        ArgSpec("other", ArgType.SHIP, "the ship whose path it crossed"),
        ArgSpec("wants", ArgType.CHOICE, "who wants the ram (whose wish makes a ram is a house default, either: ram_consent)",
                required=False, default="both", choices=("both", "first", "second", "neither")),
        help="resolve a ram (paths crossed while moving, cal §Moving Ships According To Course): each ship deals "
        "its current SS to the other, resolved at once with the thresholds; survivors of a hostile ram gain +2 Crew. "
        "The book says both that either player's wish and that both players' wishes make a ram: the house default "
        "(ram_consent) is either. Dice: 2d6 per damage table, the first ship's first, then any die a Battery/Bay "
        "result needs.",
        rolls=True,
    )
    def ram(self, state: GameState, args: dict[str, Any], dice: DiceRecorder) -> list[Event]:
        p = self.prepare_ram(state, args)
        first, second, hostile = p.first, p.second, p.hostile
        ss_first, ss_second = int(first.record["ss"]), int(second.record["ss"])
        words = [f"Ram: {first.label} (SS {ss_first}) and {second.label} (SS {ss_second}) each deal their current "
                 f"SS to the other ({'hostile' if hostile else 'friendly'})."]
        after = state
        outcomes = {}
        for ship, amount in ((first, ss_second), (second, ss_first)):
            after, said, outcomes[ship.id] = self.hit(after, ship.id, amount, dice)
            words += [f"{ship.label}: {w}" for w in said]
        bonus = int(self.ruleset.general.ram_crew_bonus) if hostile else 0
        for ship in (first, second):
            now = after.ships[ship.id]
            if bonus and not now.record.get("destroyed"):
                after = after.with_ship(now.with_values({"crew": int(now.record["crew"]) + bonus}))
                words.append(f"{ship.label} survives a hostile ram: Crew {signed(int(now.record['crew']))} → "
                              f"{signed(int(now.record['crew']) + bonus)} (may pass its starting Crew).")
        data = {"ship": first.id, "other": second.id, "hostile": hostile, "damage": {first.id: ss_second, second.id: ss_first},
                "dice": dice_data(dice.take())}
        return self.emit("rammed", state, after, " ".join(words), "ram", **data)

    def prepare_ram(self, state: GameState, args: dict[str, Any]) -> Ram:
        self.check_time(state, "ram")
        first = self.acting_ship(state, args["ship"])
        second = self.target_ship(state, args["other"], first)
        wants = args.get("wants") or "both"
        if not ram_happens(self.rules(state), wants in ("both", "first"), wants in ("both", "second")):
            consent = self.setting(state, "ram_consent")
            raise InvalidAction(f"no ram: who must want a ram is a house default, now {consent} (ram_consent), "
                                f"and wants = {wants} ({cite.step(cite.MOVEMENT_PHASE, 1)})")
        return Ram(first, second, first.owner != second.owner)
